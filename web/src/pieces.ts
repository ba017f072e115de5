// How the page writes and draws a piece, from the rules' piece table (variants.ts): its
// characters, names, size, promotion and moves.
import type { Color, Piece } from "./sfen.js";
import { pieceOf, type PieceInfo, type Variant, variantInfo } from "./variants.js";

/** One move pattern, seen from the piece's owner (dy < 0 is forward, dx > 0 to his right):
 *  a step or jump to (dx, dy), or a slide that way (`range` squares at most). */
export interface Pattern {
  dx: number;
  dy: number;
  slide: boolean;
  range?: number;
}

function info(variant: Variant, kind: string): PieceInfo | null {
  return pieceOf(variant, kind);
}

/** Whether a piece's name is written in kana alone (Dōbutsu's animals): drawn whole on a tile. */
export function isAnimal(variant: Variant, kind: string): boolean {
  const p = info(variant, kind);
  return p !== null && /^[\u3040-\u30ff]+$/.test(p.kanji);
}

/**
 * The main character of a piece: its diagram glyph; a royal piece of gote writes its first
 * other kanji (王 for 玉); a two-kanji name whose glyph is its first kanji (Tori's 左鶉)
 * writes the second, the first being its mark (see `subMark`); kana names are written whole.
 */
export function kanji(variant: Variant, piece: Piece): string {
  const p = info(variant, piece.kind);
  if (!p) return piece.kind;
  if (isAnimal(variant, piece.kind)) return p.kanji;
  if (p.role === "king" && piece.color === "gote" && p.kanji_aliases.length > 0) return p.kanji_aliases[0]!;
  return subMark(variant, piece.kind) ? [...p.kanji][1]! : p.glyph;
}

/** The small mark written above the main character: 左 or 右 for Tori's quails. */
export function subMark(variant: Variant, kind: string): string | null {
  const p = info(variant, kind);
  if (!p || isAnimal(variant, kind)) return null;
  const chars = [...p.kanji];
  return chars.length === 2 && chars[0] === p.glyph ? p.glyph : null;
}

export function pieceName(variant: Variant, kind: string): string {
  return info(variant, kind)?.names.en ?? kind;
}

/** Whether the piece shows its back (promoted, or Kyoto's turned-over face): drawn in red. */
export function isPromoted(variant: Variant, kind: string): boolean {
  const p = info(variant, kind);
  return p ? !p.front : kind.startsWith("+");
}

/** The letters of the piece `kind` turns into when it promotes (`P` -> `+P`), if it can. */
export function promotedKind(variant: Variant, kind: string): string | null {
  const p = info(variant, kind);
  const to = p?.promotes_to ? pieceOfRole(variant, p.promotes_to) : null;
  return to?.sfen ?? null;
}

function pieceOfRole(variant: Variant, role: string): PieceInfo | null {
  return variantInfo(variant).pieces.find((p) => p.role === role) ?? null;
}

/** Size of a piece relative to the royal piece's, as real sets are cut: the stronger the
 *  piece held in hand (its front face), the larger. */
export function pieceScale(variant: Variant, kind: string): number {
  const p = info(variant, kind);
  if (!p) return 0.9;
  if (p.role === "king") return 1;
  const front = p.hand ? info(variant, p.hand) ?? p : p;
  return 0.85 + 0.15 * Math.min(1, front.value / 1000);
}

/** How the piece moves, seen from its owner. */
export function movement(variant: Variant, kind: string): Pattern[] {
  return (info(variant, kind)?.legs ?? []).map(([df, dr, range]) => {
    const p: Pattern = { dx: -df, dy: dr, slide: range !== 1 };
    if (range > 1) p.range = range;
    return p;
  });
}

export function colorMark(color: Color): string {
  return color === "sente" ? "☗" : "☖";
}

export function colorName(color: Color): string {
  return color === "sente" ? "Sente" : "Gote";
}
