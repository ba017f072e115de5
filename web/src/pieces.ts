// The characters and names of the pieces, as koma itself writes them.
import type { Color, Piece, Variant } from "./sfen.js";

const SHOGI: Record<string, string> = {
  K: "玉", R: "飛", "+R": "龍", B: "角", "+B": "馬", G: "金", S: "銀", "+S": "全",
  N: "桂", "+N": "圭", L: "香", "+L": "杏", P: "歩", "+P": "と",
};

// Tori Shogi: koma shows the quails as 左 and 右 alone; the page writes 鶉 with a small 左 or 右.
const TORI: Record<string, string> = {
  K: "鵬", F: "鷹", "+F": "鵰", C: "鶴", P: "雉", L: "鶉", R: "鶉", S: "燕", "+S": "鴈",
};

const SHOGI_NAMES: Record<string, string> = {
  K: "king", R: "rook", "+R": "dragon", B: "bishop", "+B": "horse", G: "gold", S: "silver",
  "+S": "promoted silver", N: "knight", "+N": "promoted knight", L: "lance",
  "+L": "promoted lance", P: "pawn", "+P": "tokin",
};

const TORI_NAMES: Record<string, string> = {
  K: "phoenix", F: "falcon", "+F": "eagle", C: "crane", P: "pheasant", L: "left quail",
  R: "right quail", S: "swallow", "+S": "goose",
};

/** The main character of a piece (the king is 玉 for sente, 王 for gote). */
export function kanji(variant: Variant, piece: Piece): string {
  if (variant === "shogi" && piece.kind === "K") return piece.color === "sente" ? "玉" : "王";
  const table = variant === "tori" ? TORI : SHOGI;
  return table[piece.kind] ?? piece.kind;
}

/** The small mark written above the main character: 左 or 右 for Tori's quails. */
export function subMark(variant: Variant, kind: string): string | null {
  if (variant !== "tori") return null;
  return kind === "L" ? "左" : kind === "R" ? "右" : null;
}

export function pieceName(variant: Variant, kind: string): string {
  return (variant === "tori" ? TORI_NAMES : SHOGI_NAMES)[kind] ?? kind;
}

export function isPromoted(kind: string): boolean {
  return kind.startsWith("+");
}

/** The kind a piece promotes to, if it can (`P` -> `+P`). */
export function promotedKind(variant: Variant, kind: string): string | null {
  if (isPromoted(kind)) return null;
  const can = variant === "tori" ? ["S", "F"] : ["P", "L", "N", "S", "B", "R"];
  return can.includes(kind) ? "+" + kind : null;
}

/** Size of a piece relative to the king's, as real sets are cut. */
export function pieceScale(variant: Variant, kind: string): number {
  const base = kind.replace("+", "");
  const shogi: Record<string, number> = { K: 1, R: 0.97, B: 0.97, G: 0.94, S: 0.94, N: 0.91, L: 0.88, P: 0.85 };
  const tori: Record<string, number> = { K: 1, F: 0.97, C: 0.94, P: 0.94, L: 0.92, R: 0.92, S: 0.85 };
  return (variant === "tori" ? tori : shogi)[base] ?? 0.9;
}

export function colorMark(color: Color): string {
  return color === "sente" ? "☗" : "☖";
}

export function colorName(color: Color): string {
  return color === "sente" ? "Sente" : "Gote";
}
