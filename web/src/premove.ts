// Premoves: a move chosen while the opponent thinks, played at once when his move arrives if
// it is legal then. The moves offered for it are pseudo-legal, computed here from the rules'
// piece table (variants.ts): every square each piece's legs reach on the board shown (a slide
// stopping at the first piece, own pieces not taken), and every empty square for a piece in
// hand; checks, pins and drop rules are left to the position the move is finally played in.
import type { Color, Position, Variant } from "./sfen.js";
import { parseSquare, parseUsi, squareName } from "./sfen.js";
import { pieceOf, variantInfo } from "./variants.js";

/** Whether `kind` of `color` could still move from (`file`, `rank`): some leg's first step
 *  stays on the board (a pawn on the last rank cannot). */
function canMoveFrom(pos: Position, color: Color, kind: string, file: number, rank: number): boolean {
  const sign = color === "sente" ? 1 : -1;
  return (pieceOf(pos.variant, kind)?.legs ?? []).some(([df, dr]) => {
    const [f, r] = [file + sign * df, rank + sign * dr];
    return f >= 1 && f <= pos.files && r >= 1 && r <= pos.ranks;
  });
}

/** The USI moves `color` could make on `pos` if it were his turn, ignoring checks. */
export function pseudoMoves(pos: Position, color: Color): string[] {
  const info = variantInfo(pos.variant);
  const zone = new Set(info.zone[color]);
  const sign = color === "sente" ? 1 : -1;
  const out: string[] = [];
  for (const [from, piece] of pos.board) {
    if (piece.color !== color) continue;
    const at = parseSquare(from);
    const p = pieceOf(pos.variant, piece.kind);
    if (!at || !p) continue;
    for (const [df, dr, range] of p.legs) {
      const steps = range === 0 ? Math.max(pos.files, pos.ranks) : range;
      for (let n = 1; n <= steps; n++) {
        const [file, rank] = [at.file + sign * df * n, at.rank + sign * dr * n];
        if (file < 1 || file > pos.files || rank < 1 || rank > pos.ranks) break;
        const to = squareName(file, rank);
        const there = pos.board.get(to);
        if (there?.color === color) break;
        const promotable = p.promotes_to !== null && (info.promotion === "flip" || zone.has(at.rank) || zone.has(rank));
        const must = promotable && (info.promotion !== "optional" || !canMoveFrom(pos, color, piece.kind, file, rank));
        if (!must) out.push(`${from}${to}`);
        if (promotable) out.push(`${from}${to}+`);
        if (there) break;
      }
    }
  }
  for (const [letter, count] of pos.hands[color]) {
    if (count <= 0) continue;
    for (let file = 1; file <= pos.files; file++) {
      for (let rank = 1; rank <= pos.ranks; rank++) {
        const to = squareName(file, rank);
        if (!pos.board.has(to)) out.push(`${letter}*${to}`);
      }
    }
  }
  // A move listed twice (two legs reaching one square) is offered once.
  return [...new Set(out)];
}

/** The legal move that plays premove `usi` now, if any: the same move, or the one move of
 *  the same piece to the same square the rules allow (a promotion the position forces, a
 *  drop by another face). */
export function premoveNow(variant: Variant, usi: string, legal: string[]): string | null {
  if (legal.includes(usi)) return usi;
  const pre = parseUsi(usi);
  if (!pre) return null;
  const held = (letters: string | null) => (letters ? (pieceOf(variant, letters)?.hand ?? letters) : null);
  const same = legal.filter((m) => {
    const move = parseUsi(m);
    return move !== null && move.to === pre.to && move.from === pre.from && held(move.drop) === held(pre.drop);
  });
  return same.length === 1 ? same[0]! : null;
}
