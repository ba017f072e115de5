// The traditional setting-up of the pieces before a game (駒の並べ方), shown one piece at a
// time on an empty board when the reader chose an order in the settings: 大橋流 or 伊藤流.
import { h } from "./dom.js";
import { t } from "./i18n.js";
import type { SetupOrder } from "./settings.js";
import { squareName } from "./sfen.js";
import { variantInfo } from "./variants.js";
import type { Viewer } from "./viewer.js";

/*
 * Sente's squares in the order each school places them; gote places the same piece on the
 * square turned about the board's centre (file 10 − f, rank 10 − r). "Left" is the player's
 * own left: sente's left is the 9 file. Sources: 趣味将棋事始「将棋の駒の並べ方」
 * (http://www.watv.ne.jp/anne/shogi/moral/sort.html), whose numbered diagrams match those of
 * http://www.nakajim.net/masg/将棋の駒の並べ方.html and http://www1.odn.ne.jp/haru/shogi/koma_jun.html;
 * the Japan Shogi Association's column (https://www.shogi.or.jp/column/2017/05/post_126.html)
 * and its 竜王戦 blog (https://kifulog.shogi.or.jp/ryuou/2022/06/post-b49a.html) say the same
 * in words: both begin 玉, 左金, 右金, 左銀, 右銀, 左桂, 右桂.
 *
 * 大橋流: 玉 5九, 金 6九, 金 4九, 銀 7九, 銀 3九, 桂 8九, 桂 2九, 香 9九, 香 1九, 角 8八, 飛 2八,
 *         then the pawns from the centre, left before right: 5七, 6七, 4七, 7七, 3七, 8七,
 *         2七, 9七, 1七.
 * 伊藤流: 玉 5九, 金 6九, 金 4九, 銀 7九, 銀 3九, 桂 8九, 桂 2九, then the pawns from the left
 *         edge to the right: 9七, 8七 … 1七; then 香 9九, 香 1九, 角 8八, 飛 2八 (the lances,
 *         bishop and rook last, so that none points at the opponent's camp uncovered).
 */
const KING_TO_KNIGHTS = ["5i", "6i", "4i", "7i", "3i", "8i", "2i"];
const LANCES_BISHOP_ROOK = ["9i", "1i", "8h", "2h"];
export const ORDERS: Record<Exclude<SetupOrder, "off">, readonly string[]> = {
  ohashi: [...KING_TO_KNIGHTS, ...LANCES_BISHOP_ROOK, ...[5, 6, 4, 7, 3, 8, 2, 9, 1].map((f) => `${f}g`)],
  ito: [...KING_TO_KNIGHTS, ...[9, 8, 7, 6, 5, 4, 3, 2, 1].map((f) => `${f}g`), ...LANCES_BISHOP_ROOK],
};

/** The time between two pieces, in milliseconds. */
const PACE = 120;

/** Gote's square for sente's `square`: turned about the centre. */
function turned(square: string): string {
  return squareName(10 - Number(square[0]), 10 - (square.charCodeAt(1) - 96));
}

/** Whether a game (its variant, start and moves) begins with the pieces set up: standard
 *  shogi from the even start, no move played yet, not over. */
export function setsUp(variant: string, startSfen: string, moves: number, over: boolean): boolean {
  const board = (sfen: string) => sfen.split(" ").slice(0, 3).join(" ");
  return variant === "shogi" && moves === 0 && !over && board(startSfen) === board(variantInfo("shogi").start_sfen);
}

/** The setting-up on `viewer`'s board: an empty board, then each piece (sente's, then gote's
 *  same piece) every `PACE` ms, with a line above the board naming the order. A click or a
 *  key on the board, or `finish()` (a move), shows the whole board at once. */
export class SettingUp {
  private readonly squares: string[];
  private readonly caption: HTMLElement;
  private readonly abort = new AbortController();
  private timer: number | undefined;
  private done = false;

  constructor(
    private readonly viewer: Viewer,
    order: Exclude<SetupOrder, "off">,
  ) {
    this.squares = ORDERS[order].flatMap((sq) => [sq, turned(sq)]);
    viewer.placed = new Set();
    this.caption = h("p", { class: "setup-caption", id: "setting-up", "data-order": order }, t(`game-setup-${order}`));
    const wrap = viewer.board.el.parentElement;
    wrap?.classList.add("setting-up");
    wrap?.prepend(this.caption);
    // The skip: in the capture phase, so that the click does not also choose a piece.
    const skip = (e: Event) => {
      e.stopPropagation();
      this.finish();
    };
    const board = viewer.board.el;
    board.addEventListener("pointerdown", skip, { capture: true, signal: this.abort.signal });
    board.addEventListener("keydown", skip, { capture: true, signal: this.abort.signal });
    this.timer = window.setTimeout(() => this.step(), PACE);
  }

  private step(): void {
    const placed = this.viewer.placed;
    const next = this.squares[placed?.size ?? 0];
    if (!placed || !next) return this.finish();
    placed.add(next);
    this.viewer.draw();
    this.timer = window.setTimeout(() => this.step(), placed.size < this.squares.length ? PACE : PACE * 2);
  }

  /** Ends the setting-up: the whole board, no line above it. */
  finish(): void {
    if (this.done) return;
    this.done = true;
    window.clearTimeout(this.timer);
    this.abort.abort();
    this.caption.parentElement?.classList.remove("setting-up");
    this.caption.remove();
    this.viewer.placed = null;
    this.viewer.draw();
  }
}
