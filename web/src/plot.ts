// The page's small SVG plots (the review's winning chances, a player's rating history): one
// frame, its scales and its labels, drawn the same way everywhere.
import { s } from "./dom.js";

export const W = 320;
export const H = 130;
export const L = 30;
export const R = 6;
export const T = 6;
export const B = 16;

/** An empty plot of the page's size and style. */
export function plotSvg(id: string, label: string): SVGSVGElement {
  return s("svg", { id, class: "plot", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": label });
}

/** The x of `f` (0: the left of the frame, 1: its right). */
export function plotX(f: number): number {
  return L + f * (W - L - R);
}

/** The y of `f` (0: the bottom of the frame, 1: its top). */
export function plotY(f: number): number {
  return T + (1 - f) * (H - T - B);
}

/** A label left of the frame at height `y`: a value of the scale (data, not translated). */
export function yLabel(plot: SVGSVGElement, y: number, text: string): void {
  plot.append(s("text", { x: L - 4, y, class: "plot-label", "text-anchor": "end", "dominant-baseline": "central", translate: "no" }, text));
}

/** A label under the frame at `x`: a value of the scale (data, not translated). */
export function xLabel(plot: SVGSVGElement, x: number, text: string): void {
  plot.append(s("text", { x, y: H - 6, class: "plot-label", "text-anchor": "middle", translate: "no" }, text));
}
