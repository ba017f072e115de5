// SFEN positions of every variant (its size from variants.ts), and USI square and move names.
import { type Variant, variantInfo } from "./variants.js";

export type { Variant } from "./variants.js";
export type Color = "sente" | "gote";

/** A piece: its owner and its SFEN letter in upper case, `+` first when promoted (`+P`). */
export interface Piece {
  color: Color;
  kind: string;
}

/** A position as an SFEN describes it. */
export interface Position {
  variant: Variant;
  /** Number of files (9 for shogi, 3 for Dōbutsu). */
  files: number;
  /** Number of ranks (9 for shogi, 4 for Dōbutsu). */
  ranks: number;
  /** Pieces by USI square name (`7g`). */
  board: Map<string, Piece>;
  side: Color;
  /** Pieces in hand by upper-case letter, with their counts. */
  hands: Record<Color, Map<string, number>>;
  ply: number;
}

const RANKS = "abcdefghijkl";

export function other(color: Color): Color {
  return color === "sente" ? "gote" : "sente";
}

/** The USI name of the square at `file` and `rank` (both from 1): `squareName(7, 7)` is `7g`. */
export function squareName(file: number, rank: number): string {
  return `${file}${RANKS[rank - 1]}`;
}

/** File and rank of a USI square name, or null. */
export function parseSquare(name: string): { file: number; rank: number } | null {
  const m = /^(1[0-2]|[1-9])([a-l])$/.exec(name);
  if (!m) return null;
  return { file: Number(m[1]), rank: RANKS.indexOf(m[2]!) + 1 };
}

/** The letters a hand shows, in display order. */
export function handOrder(variant: Variant): string[] {
  return variantInfo(variant).hand;
}

export class SfenError extends Error {}

/** Parses `board side hands [ply]` (a leading `sfen ` or `position sfen ` is allowed). */
export function parseSfen(text: string, variant: Variant): Position {
  const fields = text.trim().replace(/^(position\s+)?sfen\s+/, "").split(/\s+/);
  if (fields.length < 3) throw new SfenError(`SFEN needs board, side and hands: '${text}'`);
  const { files, ranks } = variantInfo(variant);
  const board = new Map<string, Piece>();
  const rows = fields[0]!.split("/");
  if (rows.length !== ranks) throw new SfenError(`SFEN has ${rows.length} ranks, ${variant} has ${ranks}`);
  rows.forEach((row, r) => {
    let file = files;
    let promoted = false;
    // A run of digits is one number (Chu's `12`).
    for (const token of row.match(/\d+|./g) ?? []) {
      const ch = token;
      if (ch === "+") {
        promoted = true;
      } else if (/^\d+$/.test(ch)) {
        file -= Number(ch);
      } else if (/[a-zA-Z]/.test(ch)) {
        if (file < 1) throw new SfenError(`SFEN rank ${r + 1} is too long`);
        const color: Color = ch === ch.toUpperCase() ? "sente" : "gote";
        board.set(squareName(file, r + 1), { color, kind: (promoted ? "+" : "") + ch.toUpperCase() });
        promoted = false;
        file -= 1;
      } else {
        throw new SfenError(`unexpected '${ch}' in the SFEN board`);
      }
    }
    if (file !== 0) throw new SfenError(`SFEN rank ${r + 1} does not have ${files} files`);
  });
  const side: Color = fields[1] === "w" ? "gote" : "sente";
  const hands: Record<Color, Map<string, number>> = { sente: new Map(), gote: new Map() };
  // A variant without hands (Chu) has another third field: the lion-capture square.
  if (fields[2] !== "-" && variantInfo(variant).hand.length > 0) {
    for (const m of fields[2]!.matchAll(/(\d*)([a-zA-Z])/g)) {
      const letter = m[2]!;
      const color: Color = letter === letter.toUpperCase() ? "sente" : "gote";
      const key = letter.toUpperCase();
      hands[color].set(key, (hands[color].get(key) ?? 0) + (m[1] ? Number(m[1]) : 1));
    }
  }
  const ply = fields[3] ? Number(fields[3]) : 1;
  return { variant, files, ranks, board, side, hands, ply };
}

/** A USI move taken apart: a board move (`from`) or a drop (`drop`: the letter); a double
 *  move (Chu's lion) passes through `mid`. */
export interface UsiMove {
  usi: string;
  from: string | null;
  drop: string | null;
  to: string;
  promote: boolean;
  mid?: string | null;
}

const SQ = "(1[0-2]|[1-9])([a-l])";

export function parseUsi(usi: string): UsiMove | null {
  const drop = /^([A-Z])\*([1-9][a-i])$/.exec(usi);
  if (drop) return { usi, from: null, drop: drop[1]!, to: drop[2]!, promote: false };
  const double = new RegExp(`^(${SQ})(${SQ})(${SQ})$`).exec(usi);
  if (double) return { usi, from: double[1]!, drop: null, to: double[7]!, promote: false, mid: double[4]! };
  const m = new RegExp(`^(${SQ})(${SQ})(\\+?)$`).exec(usi);
  if (!m) return null;
  return { usi, from: m[1]!, drop: null, to: m[4]!, promote: m[7] === "+" };
}

/** The square of `color`'s royal piece (the variant's first piece: king, phoenix, lion), if on the board. */
export function kingSquare(pos: Position, color: Color): string | null {
  const royal = variantInfo(pos.variant).pieces[0]?.sfen;
  for (const [sq, p] of pos.board) if (p.color === color && p.kind === royal) return sq;
  return null;
}
