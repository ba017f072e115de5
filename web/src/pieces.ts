// How the page writes and draws a piece, from the rules' piece table (variants.ts): its
// characters, names, size, promotion and moves.
import { t } from "./i18n.js";
import type { Color, Piece } from "./sfen.js";
import { pieceOf, type PieceInfo, type PieceLook, type Variant, variantInfo } from "./variants.js";

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

/** How a piece is drawn, as the rules' piece table says (an unknown piece: a wedge). */
export function look(variant: Variant, kind: string): PieceLook {
  return info(variant, kind)?.look ?? "wedge";
}

/**
 * The main character of a piece: an animal tile writes its whole name; a marked wedge
 * (Tori's quails) the second character of its kanji, the first being its mark (see
 * `subMark`); a wedge its diagram glyph, but a royal piece of gote its first other kanji
 * (王 for 玉).
 */
export function kanji(variant: Variant, piece: Piece): string {
  const p = info(variant, piece.kind);
  if (!p) return piece.kind;
  switch (p.look) {
    case "animal_tile":
      return p.kanji;
    case "marked_wedge":
      return [...p.kanji][1] ?? p.glyph;
    case "wedge":
      if (p.role === "king" && piece.color === "gote" && p.kanji_aliases.length > 0) return p.kanji_aliases[0]!;
      return p.glyph;
  }
}

/** The two characters carved on the real piece (gote's king: 王将), or null for a piece of one. */
export function carvedName(variant: Variant, piece: Piece): string | null {
  const carved = info(variant, piece.kind)?.carved ?? [];
  return (piece.color === "gote" ? carved[1] : undefined) ?? carved[0] ?? null;
}

/** The piece's letters in Western move text, without the promotion's "+" (the colour shows it). */
export function westernLetters(variant: Variant, piece: Piece): string {
  const p = info(variant, piece.kind);
  return (p?.western ?? piece.kind).replace(/^\+/, "");
}

/** The small mark written above the main character of a marked wedge: 左 or 右 for Tori's
 *  quails. */
export function subMark(variant: Variant, kind: string): string | null {
  const p = info(variant, kind);
  return p?.look === "marked_wedge" ? ([...p.kanji][0] ?? null) : null;
}

/** The pieces of standard shogi, by their role's id: the glossary has a word for each. */
const GLOSSARY_ROLES = new Set([
  "king",
  "rook",
  "dragon",
  "bishop",
  "horse",
  "gold",
  "silver",
  "promoted_silver",
  "knight",
  "promoted_knight",
  "lance",
  "promoted_lance",
  "pawn",
  "tokin",
]);

/**
 * A piece's name in the page's language: the glossary's word for a piece of standard shogi
 * (a role of the glossary whose face is the standard one: not Dōbutsu's lion, whose role is
 * the king's), the rules' English name for the others (Chu's, Tori's...), its letters for an
 * unknown one.
 */
export function pieceName(variant: Variant, kind: string): string {
  const p = info(variant, kind);
  if (!p) return t("game-piece", { role: "other", name: kind });
  const standard = GLOSSARY_ROLES.has(p.role) && p.names.en === p.role.replace(/_/g, " ");
  return t("game-piece", { role: standard ? p.role.replace(/_/g, "-") : "other", name: p.names.en });
}

/** The glossary's name of a piece of standard shogi by its role (`tokin`, `promoted-silver`). */
export function roleName(role: string): string {
  return t("game-piece", { role, name: role });
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

/** The side's name (`Sente`, `Gote`), as the glossary has it. */
export function colorName(color: Color): string {
  return t(`game-color-${color}`);
}
