// One piece drawn in SVG: the five-sided wedge with its kanji, in either piece style.
import { s } from "./dom.js";
import { carvedName, isPromoted, kanji, look, movement, type Pattern, pieceScale, subMark, westernLetters } from "./pieces.js";
import type { Piece, Variant } from "./sfen.js";
import type { PieceStyle } from "./settings.js";

/** A square's width and height in the board's SVG units; pieces are drawn for this size. */
export const SQ_W = 60;
export const SQ_H = 64;

const INK = "#1a1a1a";
const RED = "#c8102e";
const FONT = "'Noto Serif CJK JP', 'Hiragino Mincho ProN', 'Yu Mincho', 'IPAMincho', 'Noto Sans CJK JP', serif";

function text(x: number, y: number, size: number, fill: string, content: string, weight = "600"): SVGTextElement {
  return s(
    "text",
    { x, y, "font-size": size.toFixed(1), "font-family": FONT, "font-weight": weight, fill, "text-anchor": "middle", "dominant-baseline": "central" },
    content,
  );
}

/** The marks of one move pattern: a dot (step), a ring (jump), a line with an arrow (slide). */
function patternMarks(p: Pattern, w: number, hgt: number, cy: number, ink: string): SVGElement[] {
  const len = Math.hypot(p.dx, p.dy);
  if (!p.slide) {
    const jump = Math.abs(p.dx) > 1 || Math.abs(p.dy) > 1;
    if (!jump) {
      return [s("circle", { cx: p.dx * 0.29 * w, cy: cy + p.dy * 0.29 * hgt, r: 0.05 * w, fill: ink })];
    }
    return [s("circle", { cx: p.dx * 0.145 * w, cy: cy + p.dy * 0.175 * hgt, r: 0.045 * w, fill: "none", stroke: ink, "stroke-width": 1.6 })];
  }
  const ux = p.dx / len;
  const uy = p.dy / len;
  const diag = p.dx !== 0 && p.dy !== 0;
  const reach = diag ? 0.44 : 0.4;
  const [x0, y0] = [ux * 0.22 * w, cy + uy * 0.22 * hgt];
  const [x1, y1] = [ux * reach * w, cy + uy * reach * hgt];
  const line = s("line", { x1: x0, y1: y0, x2: x1, y2: y1, stroke: ink, "stroke-width": 2, "stroke-linecap": "round" });
  if (p.range) {
    // A slide of limited range: a bar across its end.
    const [nx, ny] = [-uy * 0.06 * w, ux * 0.06 * w];
    return [line, s("line", { x1: x1 + nx, y1: y1 + ny, x2: x1 - nx, y2: y1 - ny, stroke: ink, "stroke-width": 2 })];
  }
  const a = 0.09 * w;
  const [bx, by] = [x1 - ux * a, y1 - uy * a];
  const [nx, ny] = [-uy * a * 0.6, ux * a * 0.6];
  const head = s("polygon", { points: `${x1},${y1} ${bx + nx},${by + ny} ${bx - nx},${by - ny}`, fill: ink });
  return [line, head];
}

/** The marks of one move pattern, grouped and labelled with the leg they draw as the rules
 *  write it (`data-leg="df,dr,range"`, sente's view), so that a test can read them back. */
function legMarks(p: Pattern, marks: SVGElement[]): SVGGElement {
  const g = s("g", { class: "leg", "data-leg": `${-p.dx},${p.dy},${p.slide ? (p.range ?? 0) : 1}` });
  g.append(...marks);
  return g;
}

/** Owner colours of the animal tiles: sente's green, gote's pink. */
const TILE: Record<Piece["color"], string> = { sente: "#cfe8b4", gote: "#f4c9d4" };

/**
 * An animal of Dōbutsu shogi, as its real pieces look: a square tile in its owner's colour,
 * the animal's name across it and a dot towards every square it may step to.
 */
function animalTile(variant: Variant, piece: Piece, upright: boolean): SVGGElement {
  const size = Math.min(SQ_W, SQ_H) * 0.9;
  // The piece's characters are data, as printed on it: no translator's business.
  const g = s("g", { class: "piece animal", transform: upright ? null : "rotate(180)", translate: "no" });
  g.append(s("rect", { x: -size / 2, y: -size / 2, width: size, height: size, rx: size * 0.12, class: "tile", fill: TILE[piece.color], stroke: "#5a4a32", "stroke-width": 1.2 }));
  const ink = isPromoted(variant, piece.kind) ? RED : INK;
  for (const p of movement(variant, piece.kind)) {
    g.append(legMarks(p, [s("circle", { cx: p.dx * 0.36 * size, cy: p.dy * 0.36 * size, r: 0.055 * size, fill: ink })]));
  }
  const name = kanji(variant, piece);
  const fontSize = Math.min(0.34 * size, (0.78 * size) / [...name].length);
  g.append(text(0, 0, fontSize, ink, name, "700"));
  return g;
}

/**
 * A piece centred on (0, 0), drawn for a square of SQ_W x SQ_H; `upright` for the player at
 * the bottom, turned 180 degrees otherwise.
 */
export function pieceGraphic(variant: Variant, piece: Piece, style: PieceStyle, upright: boolean): SVGGElement {
  if (look(variant, piece.kind) === "animal_tile") return animalTile(variant, piece, upright);
  const k = pieceScale(variant, piece.kind);
  const w = SQ_W * 0.86 * k;
  const hgt = SQ_H * 0.88 * k;
  const top = -hgt / 2;
  const bottom = hgt / 2;
  const points = [
    [0, top],
    [0.39 * w, top + 0.2 * hgt],
    [0.5 * w, bottom],
    [-0.5 * w, bottom],
    [-0.39 * w, top + 0.2 * hgt],
  ]
    .map(([x, y]) => `${x!.toFixed(1)},${y!.toFixed(1)}`)
    .join(" ");
  const g = s("g", { class: "piece", transform: upright ? null : "rotate(180)", translate: "no" });
  g.append(s("polygon", { points, class: "wedge", fill: "url(#koma-wood-piece)", stroke: "#6e4a1e", "stroke-width": 1.2, "stroke-linejoin": "round" }));
  const ink = isPromoted(variant, piece.kind) ? RED : INK;
  const main = kanji(variant, piece);
  const mark = subMark(variant, piece.kind);
  const carved = style === "kanji2" ? carvedName(variant, piece) : null;
  if (carved && [...carved].length === 2) {
    // Two characters one above the other, as carved on a real piece.
    const [first, second] = [...carved];
    g.append(text(0, -0.13 * hgt, 0.4 * w, ink, first!));
    g.append(text(0, 0.27 * hgt, 0.4 * w, ink, second!));
  } else if (style === "international") {
    const letters = westernLetters(variant, piece);
    g.append(text(0, 0.1 * hgt, (letters.length > 1 ? 0.4 : 0.56) * w, ink, letters, "700"));
  } else if (style === "beginner") {
    const cy = 0.06 * hgt;
    for (const p of movement(variant, piece.kind)) g.append(legMarks(p, patternMarks(p, w, hgt, cy, ink)));
    g.append(text(0, cy, 0.36 * w, ink, main));
    if (mark) g.append(text(0, cy + 0.3 * hgt, 0.2 * w, ink, mark));
  } else if (mark) {
    g.append(text(0, top + 0.3 * hgt, 0.26 * w, ink, mark));
    g.append(text(0, 0.2 * hgt, 0.46 * w, ink, main));
  } else {
    g.append(text(0, 0.08 * hgt, 0.62 * w, ink, main));
  }
  return g;
}

/** A small stand-alone SVG of one piece (hands, dialogs, the furigoma toss). */
export function pieceIcon(variant: Variant, piece: Piece, style: PieceStyle, upright = true): SVGSVGElement {
  const svg = s("svg", { viewBox: `${-SQ_W / 2} ${-SQ_H / 2} ${SQ_W} ${SQ_H}`, class: "piece-icon", "aria-hidden": "true" });
  svg.append(pieceGraphic(variant, piece, style, upright));
  return svg;
}
