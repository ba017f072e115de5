// Playing by keyboard: the board takes the focus (Tab), the arrow keys move a cursor over
// the squares as they are drawn (so "up" is up the screen whichever side is at the bottom),
// Enter or Space acts on the cursor's square as a click would (choose the piece, then its
// destination), Escape drops the choice. Pieces in hand are buttons: Tab to them, Enter.
import type { BoardSvg } from "./board.js";
import { t } from "./i18n.js";
import type { Color } from "./sfen.js";
import { parseSquare, squareName } from "./sfen.js";

export interface KeyTarget {
  /** The board's files and ranks ([9, 9] for shogi, [3, 4] for Dōbutsu). */
  size(): [number, number];
  /** The side drawn at the bottom. */
  bottom(): Color;
  /** Acts on a square as a click does. */
  activate(square: string): void;
  /** Drops the chosen piece. */
  cancel(): void;
  /** Draws the board again (with the cursor). */
  redraw(): void;
  /** What stands on a square, for the board's label: its side and its name in the page's
   *  language, or null when the square is empty. */
  describe(square: string): { color: Color; name: string } | null;
}

export class BoardKeys {
  /** The square under the keyboard cursor, while the board has the focus. */
  cursor: string | null = null;
  private readonly abort = new AbortController();

  constructor(
    private readonly board: BoardSvg,
    private readonly target: KeyTarget,
  ) {
    const el = board.el;
    el.setAttribute("tabindex", "0");
    const signal = this.abort.signal;
    el.addEventListener("focus", () => this.show(this.cursor ?? this.centre()), { signal });
    el.addEventListener("blur", () => this.show(null), { signal });
    el.addEventListener("keydown", (e) => this.key(e), { signal });
  }

  destroy(): void {
    this.abort.abort();
  }

  private centre(): string {
    const [files, ranks] = this.target.size();
    return squareName(Math.ceil(files / 2), Math.ceil(ranks / 2));
  }

  private show(square: string | null): void {
    this.cursor = square;
    const base = this.board.el.getAttribute("data-label") ?? this.board.el.getAttribute("aria-label") ?? t("game-board-default-label");
    this.board.el.setAttribute("data-label", base);
    const piece = square ? this.target.describe(square) : null;
    const label = !square
      ? base
      : piece
        ? t("game-board-cursor-piece", { board: base, square, color: piece.color, piece: piece.name })
        : t("game-board-cursor-empty", { board: base, square });
    this.board.el.setAttribute("aria-label", label);
    this.target.redraw();
  }

  private key(e: KeyboardEvent): void {
    const at = parseSquare(this.cursor ?? this.centre());
    if (!at) return;
    // Screen directions in files and ranks: sente at the bottom has file 1 on the right.
    const flip = this.target.bottom() === "sente" ? 1 : -1;
    const step: Record<string, [number, number]> = {
      ArrowLeft: [flip, 0],
      ArrowRight: [-flip, 0],
      ArrowUp: [0, -flip],
      ArrowDown: [0, flip],
    };
    const [files, ranks] = this.target.size();
    const d = step[e.key];
    const handled = d || ["Enter", " ", "Escape"].includes(e.key);
    // The record's arrow keys step through the moves: not while the board has the focus.
    if (handled) e.stopPropagation();
    if (d) {
      e.preventDefault();
      const file = Math.min(files, Math.max(1, at.file + d[0]));
      const rank = Math.min(ranks, Math.max(1, at.rank + d[1]));
      this.show(squareName(file, rank));
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      this.target.activate(squareName(at.file, at.rank));
    } else if (e.key === "Escape") {
      this.target.cancel();
    }
  }
}
