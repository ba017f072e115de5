// Drawing marks on the board (the analysis board's, a kansōsen room's): an arrow dragged from one square to another, a circle where
// the pointer comes back up on the square it went down on. With the right button always (as
// on other shogi sites), with the left one (or a finger) while drawing is switched on; the
// board's moves wait meanwhile.
import type { BoardSvg } from "./board.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import type { RecordTree } from "./tree.js";
import type { Viewer } from "./viewer.js";

function squareAt(x: number, y: number): string | null {
  return document.elementFromPoint(x, y)?.closest("[data-square]")?.getAttribute("data-square") ?? null;
}

export class MarkInput {
  private from: { square: string; id: number } | null = null;
  private readonly abort = new AbortController();

  /** `draw(from, to)` hears of each mark drawn; `drawing()` says whether the left button
   *  draws now; `allowed()` whether the reader may draw at all. */
  constructor(
    board: BoardSvg,
    private readonly draw: (from: string, to: string) => void,
    private readonly drawing: () => boolean,
    private readonly allowed: () => boolean,
  ) {
    const signal = this.abort.signal;
    // Captured before the board's move input hears of it.
    board.el.addEventListener("pointerdown", (e) => this.down(e), { capture: true, signal });
    board.el.addEventListener("contextmenu", (e) => this.allowed() && e.preventDefault(), { signal });
    window.addEventListener("pointerup", (e) => this.up(e), { signal });
  }

  private down(e: PointerEvent): void {
    if (!this.allowed() || !(e.button === 2 || (e.button === 0 && this.drawing()))) return;
    const square = (e.target as Element).closest("[data-square]")?.getAttribute("data-square");
    if (!square) return;
    e.stopPropagation();
    e.preventDefault();
    this.from = { square, id: e.pointerId };
  }

  private up(e: PointerEvent): void {
    const from = this.from;
    if (!from || from.id !== e.pointerId) return;
    this.from = null;
    const to = squareAt(e.clientX, e.clientY);
    if (to) this.draw(from.square, to);
  }

  destroy(): void {
    this.abort.abort();
  }
}

/** The switch that makes the left button (a finger) draw marks: its button and its state. */
export function drawSwitch(): { button: HTMLButtonElement; on: () => boolean } {
  let drawing = false;
  const button = h("button", { type: "button", id: "draw-marks", "aria-pressed": "false", title: t("game-draw-marks-title") }, t("game-draw-marks"));
  button.addEventListener("click", () => {
    drawing = !drawing;
    button.setAttribute("aria-pressed", String(drawing));
    button.classList.toggle("primary", drawing);
  });
  return { button, on: () => drawing };
}

/** Draws the marks of the node shown on `viewer`'s board (those of `tree`'s node at its ply). */
export function showMarks(viewer: Viewer, tree: RecordTree): void {
  const node = tree.nodes[tree.at(viewer.ply)];
  viewer.marks = (node?.shapes ?? []).map((s) => ({ from: s.from, to: s.to, kind: "mark" as const }));
  viewer.draw();
}
