// How each piece moves, seen from its owner (dy < 0 is forward, dx > 0 to his right):
// drawn on the pieces of the beginner style.
import type { Variant } from "./sfen.js";

/** One move pattern: a step or jump to (dx, dy), or a slide that way (`range` squares at most). */
export interface Pattern {
  dx: number;
  dy: number;
  slide: boolean;
  range?: number;
}

type Dir = [number, number];

const ORTHO: Dir[] = [[0, -1], [0, 1], [-1, 0], [1, 0]];
const DIAG: Dir[] = [[-1, -1], [1, -1], [-1, 1], [1, 1]];
const GOLD: Dir[] = [[0, -1], [-1, -1], [1, -1], [-1, 0], [1, 0], [0, 1]];
const SILVER: Dir[] = [[0, -1], [-1, -1], [1, -1], [-1, 1], [1, 1]];

const steps = (dirs: Dir[]): Pattern[] => dirs.map(([dx, dy]) => ({ dx, dy, slide: false }));
const slides = (dirs: Dir[], range?: number): Pattern[] =>
  dirs.map(([dx, dy]) => (range ? { dx, dy, slide: true, range } : { dx, dy, slide: true }));

const SHOGI: Record<string, Pattern[]> = {
  K: steps([...ORTHO, ...DIAG]),
  R: slides(ORTHO),
  "+R": [...slides(ORTHO), ...steps(DIAG)],
  B: slides(DIAG),
  "+B": [...slides(DIAG), ...steps(ORTHO)],
  G: steps(GOLD),
  S: steps(SILVER),
  N: steps([[-1, -2], [1, -2]]),
  L: slides([[0, -1]]),
  P: steps([[0, -1]]),
};
for (const k of ["+S", "+N", "+L", "+P"]) SHOGI[k] = SHOGI["G"]!;

// koma-rules' tables, with files turned into the owner's left and right.
const TORI: Record<string, Pattern[]> = {
  K: steps([...ORTHO, ...DIAG]),
  F: steps([[0, -1], [-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]]),
  C: steps([[0, -1], [0, 1], ...DIAG]),
  P: steps([[0, -2], [-1, 1], [1, 1]]),
  S: steps([[0, -1]]),
  "+S": steps([[-2, -2], [2, -2], [0, 2]]),
  "+F": [...steps([[0, -1], [-1, 0], [1, 0]]), ...slides([[-1, -1], [1, -1], [0, 1]]), ...slides([[-1, 1], [1, 1]], 2)],
  // Left quail: forward and back-right any distance, one step back-left. Right quail: mirrored.
  L: [...slides([[0, -1], [1, 1]]), ...steps([[-1, 1]])],
  R: [...slides([[0, -1], [-1, 1]]), ...steps([[1, 1]])],
};

export function movement(variant: Variant, kind: string): Pattern[] {
  return (variant === "tori" ? TORI : SHOGI)[kind] ?? [];
}
