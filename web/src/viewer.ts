// A board with both hands and player bars, showing one ply of a line of moves; moving pieces
// when the host allows it (the live position of one's own game).
import type { HistoryEntry } from "./api.js";
import { BoardSvg, type Arrow } from "./board.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { drawHand } from "./hands.js";
import { playerLink } from "./players.js";
import { MoveInput } from "./input.js";
import { BoardKeys } from "./keyboard.js";
import { colorMark, pieceName } from "./pieces.js";
import type { Color, Position, Variant } from "./sfen.js";
import { variantInfo } from "./variants.js";
import { kingSquare, other, parseSfen, parseUsi } from "./sfen.js";
import { premoveNow } from "./premove.js";
import { onSettings, settings } from "./settings.js";

export interface Line {
  variant: Variant;
  startSfen: string;
  history: HistoryEntry[];
}

export interface LiveInfo {
  /** The live position (the last ply). */
  sfen: string;
  inCheck: boolean;
  /** Legal moves of the reader, when he may move now. */
  legal: string[];
  mover: Color | null;
  /** The reader's side while the opponent is to move (he may premove), else null. */
  premover?: Color | null;
}

export interface Bar {
  el: HTMLElement;
  name: HTMLElement;
  clock: HTMLElement;
  hand: HTMLElement;
}

export class Viewer {
  readonly el: HTMLElement;
  readonly board = new BoardSvg(t("game-board-label"));
  readonly bars: Record<Color, Bar>;
  line: Line = { variant: "shogi", startSfen: variantInfo("shogi").start_sfen, history: [] };
  live: LiveInfo | null = null;
  /** The ply shown; `following` keeps it on the last one as moves come. */
  ply = 0;
  following = true;
  bottom: Color = "sente";
  /** On an analysis board: the moves the position at `ply` allows, for either side (a move
   *  played there makes a variation); null elsewhere. */
  explore: { ply: number; legal: string[]; mover: Color } | null = null;
  /** Moves drawn on the board as arrows (the engine's best move), until set again. */
  arrows: readonly Arrow[] = [];
  /** The marks drawn on the position shown (a room's arrows and circles). */
  marks: readonly Arrow[] = [];
  /** While the pieces are being set up before a game (setting-up.ts): the squares whose
   *  piece is drawn so far; null otherwise. */
  placed: Set<string> | null = null;
  private readonly input: MoveInput;
  private readonly keys: BoardKeys;
  private readonly plyListeners: ((ply: number) => void)[] = [];
  private readonly top: HTMLElement;
  private readonly bottomSide: HTMLElement;
  private readonly unsubscribe: () => void;

  constructor(private readonly play: (usi: string) => void) {
    const bar = (color: Color): Bar => {
      const name = h("span", { class: "player-name" }, t("game-player-side", { mark: colorMark(color), side: color }));
      const clock = h("span", { class: "clock", "data-clock": color, hidden: true });
      const hand = h("div", { class: "hand", "data-hand-of": color });
      return { el: h("div", { class: `bar bar-${color}` }, name, clock), name, clock, hand };
    };
    this.bars = { sente: bar("sente"), gote: bar("gote") };
    this.top = h("div", { class: "side top" });
    this.bottomSide = h("div", { class: "side bottom" });
    this.el = h("div", { class: "viewer" }, this.top, h("div", { class: "board-wrap" }, this.board.el), this.bottomSide);
    this.input = new MoveInput(this.el, this.board, () => this.inputContext(), play, () => this.draw());
    this.keys = new BoardKeys(this.board, {
      size: () => {
        const pos = this.position(this.ply);
        return [pos.files, pos.ranks];
      },
      bottom: () => this.bottom,
      activate: (square) => this.input.activate(square),
      cancel: () => this.input.cancel(),
      redraw: () => this.draw(),
      describe: (square) => {
        const pos = this.position(this.ply);
        const piece = pos.board.get(square);
        return piece ? { color: piece.color, name: pieceName(pos.variant, piece.kind) } : null;
      },
    });
    this.unsubscribe = onSettings(() => {
      if (!settings().premoves) this.input.premove = null;
      this.draw();
    });
  }

  /** Writes in `color`'s bar who plays it: `☗ Sente · Alice`, or the side alone. `who` is
   *  data (a name, a rating) shown as it is, or with `words` a text of the page's own ("You"). */
  setPlayer(color: Color, who: string | null, account: string | null = null, words = false): void {
    const bar = this.bars[color].name;
    const args = { mark: colorMark(color), side: color };
    if (!who) {
      bar.textContent = t("game-player-side", args);
      return;
    }
    // An account's name links to its profile (a deleted one's does not).
    const linked = !words && account && who.startsWith(account);
    const shown = words
      ? h("span", {}, who)
      : h("span", { translate: "no" }, ...(linked ? [playerLink(account), who.slice(account.length)] : [who]));
    bar.replaceChildren(t("game-player-side-of", args), shown);
  }

  /** Draws `usi` (the engine's best move, in the review or the engine's lines) as the
   *  board's arrow; none with null. */
  showBest(usi: string | null): void {
    const move = usi ? parseUsi(usi) : null;
    const arrows: Arrow[] = move ? [{ from: move.from, to: move.to, kind: "best" }] : [];
    if (JSON.stringify(arrows) === JSON.stringify(this.arrows)) return;
    this.arrows = arrows;
    this.draw();
  }

  /** The SFEN of the position at `ply` (0: the start). */
  sfenAt(ply: number): string {
    const entry = this.line.history[ply - 1];
    const last = ply === this.line.history.length;
    return ply === 0 ? this.line.startSfen : last && this.live ? this.live.sfen : entry?.sfen || this.line.startSfen;
  }

  /** The position at `ply` (0: the start). */
  position(ply: number): Position {
    return parseSfen(this.sfenAt(ply), this.line.variant);
  }

  isLive(): boolean {
    return this.ply === this.line.history.length;
  }

  private inputContext() {
    const live = this.live;
    const ok = live !== null && this.isLive() && live.mover !== null;
    const explore = this.explore?.ply === this.ply ? this.explore : null;
    return {
      pos: this.position(this.ply),
      legal: ok ? live.legal : (explore?.legal ?? []),
      mover: ok ? live.mover : (explore?.mover ?? null),
      premover: this.premover(),
      style: settings().pieceStyle,
    };
  }

  /** The side the reader may premove for now (on the live position, the setting on). */
  private premover(): Color | null {
    const live = this.live;
    return live && this.isLive() && !live.mover && settings().premoves ? (live.premover ?? null) : null;
  }

  /** The side that may move on the board now (the live player, or either on an analysis
   *  board). */
  private mover(): Color | null {
    if (this.isLive() && this.live) return this.live.mover ?? this.premover();
    return this.explore?.ply === this.ply ? this.explore.mover : null;
  }

  setLine(line: Line, live: LiveInfo | null = null): void {
    const moved = line.history.length !== this.line.history.length || line.startSfen !== this.line.startSfen;
    this.line = line;
    this.live = live;
    if (this.following || this.ply > line.history.length) this.ply = line.history.length;
    if (moved) this.input.reset();
    // A premove waits for a new position: played at once if legal there, else dropped.
    const premove = this.input.premove;
    const usi = premove && live?.mover ? premoveNow(line.variant, premove, live.legal) : null;
    if (premove && (moved || usi || !live?.premover || !settings().premoves)) this.input.premove = null;
    this.draw();
    this.notify();
    if (usi) this.play(usi);
  }

  goTo(ply: number): void {
    const n = this.line.history.length;
    this.ply = Math.max(0, Math.min(n, ply));
    this.following = this.ply === n;
    this.input.reset();
    this.draw();
    this.notify();
  }

  onPly(f: (ply: number) => void): void {
    this.plyListeners.push(f);
  }

  private notify(): void {
    for (const f of this.plyListeners) f(this.ply);
  }

  flip(): void {
    this.bottom = other(this.bottom);
    this.draw();
  }

  draw(): void {
    const whole = this.position(this.ply);
    const placed = this.placed;
    const pos = placed ? { ...whole, board: new Map([...whole.board].filter(([sq]) => placed.has(sq))) } : whole;
    const set = settings();
    const lastUsi = this.line.history[this.ply - 1]?.usi;
    const last = lastUsi ? parseUsi(lastUsi) : null;
    const live = this.isLive() ? this.live : null;
    const dragging = this.input.dragging;
    this.board.draw({
      pos,
      bottom: this.bottom,
      style: set.pieceStyle,
      coords: set.coords,
      selected: this.input.chosenSquare(),
      premove: live && this.input.premove ? parseUsi(this.input.premove) : null,
      dests: this.input.dests(),
      last: last ? { from: last.from, to: last.to } : null,
      check: (live ? live.inCheck : this.line.history[this.ply - 1]?.check) ? kingSquare(pos, pos.side) : null,
      dragging: dragging?.square ?? null,
      cursor: this.keys.cursor,
      arrows: [...this.marks, ...this.arrows],
    });
    // While the opponent thinks, the marks of a premove's choice are drawn in its colour.
    this.board.el.classList.toggle("premoving", this.premover() !== null);
    const droppable = this.input.droppable();
    const mover = this.mover();
    // A game without drops (Chu) has no hands to show.
    const drops = variantInfo(pos.variant).hand.length > 0;
    for (const color of ["sente", "gote"] as const) {
      this.bars[color].hand.hidden = !drops;
      drawHand(this.bars[color].hand, {
        pos,
        color,
        upright: color === this.bottom,
        style: set.pieceStyle,
        selected: color === mover ? this.input.selected?.drop ?? null : null,
        droppable: color === mover ? droppable : new Set(),
        dragging: color === mover ? dragging?.drop ?? null : null,
      });
    }
    const up = other(this.bottom);
    const [topBar, bottomBar] = [this.bars[up], this.bars[this.bottom]];
    if (this.top.firstChild !== topBar.el) this.top.replaceChildren(topBar.el, topBar.hand);
    if (this.bottomSide.firstChild !== bottomBar.hand) this.bottomSide.replaceChildren(bottomBar.hand, bottomBar.el);
    this.el.dataset["variant"] = pos.variant;
    // Whether a piece may be moved on the position shown of an analysis board (tests wait on it).
    if (this.explore?.ply === this.ply) this.el.dataset["movable"] = String(this.ply);
    else delete this.el.dataset["movable"];
  }

  destroy(): void {
    this.unsubscribe();
    this.input.destroy();
    this.keys.destroy();
  }
}
