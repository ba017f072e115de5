// Moving by click or drag: choose a piece (on the board or in hand), then its destination;
// the promotion dialog when both a promotion and none are legal. A piece that moves twice in
// a turn (Chu's lion) is clicked, then the square it passes, then where it goes on (its own
// square again: igui or a pass); the middle square chosen again stops there. While the
// opponent thinks, the same gestures choose a premove (premove.ts), kept until his move
// comes.
import type { BoardSvg } from "./board.js";
import { h, modal } from "./dom.js";
import { t } from "./i18n.js";
import { pieceName, promotedKind } from "./pieces.js";
import type { Color, Piece, Position, Variant } from "./sfen.js";
import { parseUsi, type UsiMove } from "./sfen.js";
import { premoveNow, pseudoMoves } from "./premove.js";
import type { PieceStyle } from "./settings.js";
import { pieceOf } from "./variants.js";
import { pieceIcon } from "./wedge.js";

export interface InputContext {
  pos: Position;
  /** The legal moves (USI) when the reader may move now, else empty. */
  legal: string[];
  /** The side the reader moves for, or null (no input). */
  mover: Color | null;
  /** The side the reader may premove for while the opponent is to move, or null. */
  premover?: Color | null;
  style: PieceStyle;
}

type Choice = { square: string; drop?: undefined } | { drop: string; square?: undefined };

interface Press {
  choice: Choice;
  x: number;
  y: number;
  wasSelected: boolean;
  id: number;
}

/** Places an open dialog beside `at` (the destination square on the screen): below it if it fits, else above, inside the window. */
function placeBeside(overlay: HTMLElement, at: DOMRect): void {
  const dialog = overlay.firstElementChild as HTMLElement | null;
  if (!dialog) return;
  overlay.classList.add("anchored");
  const box = dialog.getBoundingClientRect();
  const margin = 6;
  const left = Math.min(Math.max(margin, at.left + at.width / 2 - box.width / 2), window.innerWidth - box.width - margin);
  const below = at.bottom + margin;
  const above = at.top - box.height - margin;
  const top = below + box.height <= window.innerHeight - margin ? below : Math.max(margin, above);
  dialog.style.left = `${Math.max(margin, left)}px`;
  dialog.style.top = `${top}px`;
}

/** Asks whether to promote; resolves true, false, or null when cancelled. The dialog opens beside `at` (the destination square) when given. */
export function choosePromotion(variant: Variant, piece: Piece, style: PieceStyle, at?: DOMRect): Promise<boolean | null> {
  const promoted = promotedKind(variant, piece.kind) ?? piece.kind;
  return new Promise((resolve) => {
    const done = (answer: boolean | null) => {
      overlay.remove();
      resolve(answer);
    };
    const option = (yes: boolean, kind: string) =>
      h(
        "button",
        {
          type: "button",
          class: "promote-choice",
          "data-promote": yes ? "yes" : "no",
          onclick: () => done(yes),
          "aria-label": t(yes ? "game-promote-yes-label" : "game-promote-no-label", { piece: pieceName(variant, kind) }),
        },
        pieceIcon(variant, { color: piece.color, kind }, style),
        h("span", {}, t(yes ? "game-promote-yes" : "game-promote-no")),
      );
    const yes = option(true, promoted);
    const overlay = modal(
      t("game-promote-dialog"),
      h(
        "div",
        { class: "dialog promotion" },
        h("p", {}, t("game-promote-question")),
        h("div", { class: "buttons" }, yes, option(false, piece.kind)),
      ),
      () => done(null),
    );
    if (at) placeBeside(overlay, at);
    yes.focus();
  });
}

/** Asks which face a piece is dropped with (Kyoto: either); resolves its letters, or null. */
export function chooseFace(variant: Variant, color: Color, faces: string[], style: PieceStyle): Promise<string | null> {
  return new Promise((resolve) => {
    const done = (answer: string | null) => {
      overlay.remove();
      resolve(answer);
    };
    const buttons = faces.map((kind) =>
      h(
        "button",
        { type: "button", class: "promote-choice", "data-face": kind, onclick: () => done(kind), "aria-label": t("game-face-label", { piece: pieceName(variant, kind) }) },
        pieceIcon(variant, { color, kind }, style),
        h("span", {}, pieceName(variant, kind)),
      ),
    );
    const overlay = modal(
      t("game-face-dialog"),
      h("div", { class: "dialog promotion" }, h("p", {}, t("game-face-question")), h("div", { class: "buttons" }, ...buttons)),
      () => done(null),
    );
    buttons[0]?.focus();
  });
}

/** The hand letter a drop's piece comes from (Kyoto drops a held piece by either face). */
function heldAs(pos: Position, letters: string): string {
  return pieceOf(pos.variant, letters)?.hand ?? letters;
}

export class MoveInput {
  selected: Choice | null = null;
  /** The middle square of a double move, chosen after its piece: the next square chosen is
   *  where the piece goes on. */
  mid: string | null = null;
  dragging: Choice | null = null;
  /** The premove chosen (USI), played or dropped by the host when the opponent's move comes. */
  premove: string | null = null;
  private press: Press | null = null;
  private pendingDest: string | null = null;
  private ghost: HTMLElement | null = null;
  private readonly abort = new AbortController();

  constructor(
    root: HTMLElement,
    private readonly board: BoardSvg,
    private readonly context: () => InputContext,
    private readonly play: (usi: string) => void,
    private readonly redraw: () => void,
  ) {
    root.addEventListener("pointerdown", (e) => this.down(e));
    // Keyboard users: Enter on a hand piece chooses it.
    root.addEventListener("click", (e) => {
      if (e.detail !== 0) return;
      const hand = (e.target as Element).closest<HTMLElement>("[data-hand]");
      if (hand) this.chooseHand(hand.dataset["hand"]!);
    });
    // A right-click drops the premove (and a premove's choice); a finger held down (a touch
    // drag) is not a right-click.
    root.addEventListener("contextmenu", (e) => {
      if (this.press || !(this.premove || (this.selected && !this.context().mover))) return;
      e.preventDefault();
      this.dropPremove();
    });
    const signal = this.abort.signal;
    window.addEventListener("pointermove", (e) => this.move(e), { signal });
    window.addEventListener("pointerup", (e) => this.up(e), { signal });
    window.addEventListener("pointercancel", () => this.cancelDrag(), { signal });
  }

  destroy(): void {
    this.abort.abort();
    this.ghost?.remove();
  }

  /** The side whose pieces the reader chooses now: his move's, or his premove's. */
  private side(ctx: InputContext): Color | null {
    return ctx.mover ?? ctx.premover ?? null;
  }

  private moves(): UsiMove[] {
    const ctx = this.context();
    const moves = ctx.mover ? ctx.legal : ctx.premover ? pseudoMoves(ctx.pos, ctx.premover) : [];
    return moves.map(parseUsi).filter((m): m is UsiMove => m !== null);
  }

  /** The square shown chosen: the middle square of a double move once it is chosen, else
   *  the chosen piece's. */
  chosenSquare(): string | null {
    return this.mid ?? this.selected?.square ?? null;
  }

  /** Forgets the premove and the choice of one. */
  dropPremove(): void {
    if (!this.context().mover) this.choose(null);
    this.premove = null;
    this.redraw();
  }

  private movesOf(choice: Choice): UsiMove[] {
    const pos = this.context().pos;
    return this.moves().filter((m) => (choice.square ? m.from === choice.square : m.drop !== null && heldAs(pos, m.drop) === choice.drop));
  }

  /** The squares the chosen piece may go to: a click's (a double move's middle square, or
   *  once that is chosen where the piece goes on from it), or a drag's (single moves). */
  dests(): Set<string> {
    const choice = this.dragging ?? this.selected;
    if (!choice) return new Set();
    const moves = this.movesOf(choice);
    const mid = this.mid;
    if (this.dragging) return new Set(moves.filter((m) => !m.mid).map((m) => m.to));
    if (!mid) return new Set(moves.map((m) => m.mid ?? m.to));
    const on = moves.filter((m) => m.mid === mid).map((m) => m.to);
    if (moves.some((m) => !m.mid && m.to === mid)) on.push(mid);
    return new Set(on);
  }

  /** Chooses `choice` (null: nothing), forgetting a middle square chosen. */
  private choose(choice: Choice | null): void {
    this.selected = choice;
    this.mid = null;
  }

  /** Letters of the mover's hand that have a legal drop. */
  droppable(): Set<string> {
    const pos = this.context().pos;
    return new Set(this.moves().flatMap((m) => (m.drop ? [heldAs(pos, m.drop)] : [])));
  }

  /** Forgets the choice when the position changed under it. */
  reset(): void {
    this.choose(null);
    this.cancelDrag();
  }

  private chooseHand(data: string): void {
    const [color, letter] = data.split("-");
    const ctx = this.context();
    if (color !== this.side(ctx) || !letter) return;
    this.choose(this.selected?.drop === letter ? null : { drop: letter });
    this.redraw();
  }

  private down(e: PointerEvent): void {
    if (e.button !== 0) return;
    const ctx = this.context();
    const target = (e.target as Element).closest<HTMLElement | SVGElement>("[data-square],[data-hand]");
    this.press = null;
    this.pendingDest = null;
    const side = this.side(ctx);
    if (!side) return;
    // In a premove, a press on nothing to choose drops it.
    if (!target) {
      if (!ctx.mover && (this.premove || this.selected)) this.dropPremove();
      return;
    }
    const square = target.getAttribute("data-square");
    const hand = target.getAttribute("data-hand");
    if (square && this.dests().has(square)) {
      this.pendingDest = square;
      e.preventDefault();
      return;
    }
    let choice: Choice | null = null;
    if (square && ctx.pos.board.get(square)?.color === side) choice = { square };
    if (hand) {
      const [color, letter] = hand.split("-");
      if (color === side && letter) choice = { drop: letter };
    }
    // The premoved piece pressed again drops the premove.
    const pre = !ctx.mover && this.premove ? parseUsi(this.premove) : null;
    if (pre && choice && !this.selected && (choice.square ? pre.from === choice.square : pre.drop !== null && choice.drop === heldAs(ctx.pos, pre.drop))) {
      e.preventDefault();
      this.dropPremove();
      return;
    }
    if (!choice) {
      if (!ctx.mover && this.premove) this.dropPremove();
      else if (this.selected) {
        this.choose(null);
        this.redraw();
      }
      return;
    }
    e.preventDefault();
    const wasSelected = this.selected?.square === choice.square && this.selected?.drop === choice.drop;
    this.choose(choice);
    this.press = { choice, x: e.clientX, y: e.clientY, wasSelected, id: e.pointerId };
    this.redraw();
  }

  private move(e: PointerEvent): void {
    const p = this.press;
    if (!p || p.id !== e.pointerId) return;
    if (!this.dragging) {
      if (Math.hypot(e.clientX - p.x, e.clientY - p.y) < 6) return;
      this.startDrag(p.choice);
    }
    if (this.ghost) {
      this.ghost.style.left = `${e.clientX}px`;
      this.ghost.style.top = `${e.clientY}px`;
    }
  }

  private startDrag(choice: Choice): void {
    const ctx = this.context();
    const piece: Piece | undefined = choice.square ? ctx.pos.board.get(choice.square) : { color: this.side(ctx)!, kind: choice.drop! };
    if (!piece) return;
    this.dragging = choice;
    const size = this.board.squarePixels();
    this.ghost = h("div", { class: "drag-ghost" }, pieceIcon(ctx.pos.variant, piece, ctx.style));
    // Sizes through the DOM, not a style attribute, which the Content-Security-Policy refuses.
    this.ghost.style.width = `${size}px`;
    this.ghost.style.height = `${(size * 64) / 60}px`;
    document.body.append(this.ghost);
    this.redraw();
  }

  private cancelDrag(): void {
    this.ghost?.remove();
    this.ghost = null;
    if (this.dragging) {
      this.dragging = null;
      this.redraw();
    }
    this.press = null;
  }

  private up(e: PointerEvent): void {
    const under = document.elementFromPoint(e.clientX, e.clientY)?.closest("[data-square]")?.getAttribute("data-square") ?? null;
    const press = this.press;
    const pending = this.pendingDest;
    this.pendingDest = null;
    if (this.dragging) {
      const choice = this.dragging;
      const dests = this.dests();
      this.cancelDrag();
      if (under && dests.has(under)) void this.attempt(choice, under, false);
      else if (!(choice.square && under === choice.square)) {
        this.choose(null);
        this.redraw();
      }
      return;
    }
    this.press = null;
    if (pending && this.selected) {
      if (under === pending) void this.attempt(this.selected, pending, true);
      return;
    }
    if (press?.wasSelected && (press.choice.drop || under === press.choice.square)) {
      this.choose(null);
      this.redraw();
    }
  }

  /** A square chosen by keyboard: the chosen piece's destination, or a piece to choose. */
  activate(square: string): void {
    const ctx = this.context();
    const side = this.side(ctx);
    if (!side) return;
    if (this.selected && this.dests().has(square)) {
      void this.attempt(this.selected, square, true);
      return;
    }
    const own = ctx.pos.board.get(square)?.color === side;
    this.choose(own && this.selected?.square !== square ? { square } : null);
    this.redraw();
  }

  /** Drops the choice (Escape), and the premove with it. */
  cancel(): void {
    this.choose(null);
    this.premove = null;
    this.redraw();
  }

  /** Moves the chosen piece to `to`. A click (`step`) on a square the piece may pass
   *  through in a double move chooses that square as the middle one instead. */
  private async attempt(choice: Choice, to: string, step: boolean): Promise<void> {
    const ctx = this.context();
    const moves = this.movesOf(choice);
    const mid = this.mid;
    if (step && !mid && moves.some((m) => m.mid === to)) {
      this.mid = to;
      this.redraw();
      return;
    }
    const candidates = mid && to !== mid ? moves.filter((m) => m.mid === mid && m.to === to) : moves.filter((m) => !m.mid && m.to === to);
    this.choose(null);
    this.redraw();
    if (candidates.length === 0) return;
    let chosen = candidates[0]!;
    if (candidates.length > 1 && choice.drop) {
      const face = await chooseFace(ctx.pos.variant, this.side(ctx)!, candidates.map((m) => m.drop!), ctx.style);
      if (face === null) return;
      chosen = candidates.find((m) => m.drop === face) ?? chosen;
    } else if (candidates.length > 1 && choice.square) {
      const piece = ctx.pos.board.get(choice.square)!;
      const square = this.board.el.querySelector(`[data-square="${to}"]`)?.getBoundingClientRect();
      const promote = await choosePromotion(ctx.pos.variant, piece, ctx.style, square);
      if (promote === null) return;
      chosen = candidates.find((m) => m.promote === promote) ?? chosen;
    }
    if (ctx.mover) {
      this.play(chosen.usi);
      return;
    }
    // A premove (its promotion asked now and kept); should the opponent have moved while the
    // dialog was open, it is played at once if it is legal.
    const now = this.context();
    const usi = now.mover ? premoveNow(now.pos.variant, chosen.usi, now.legal) : null;
    if (usi) this.play(usi);
    else if (now.premover) {
      this.premove = chosen.usi;
      this.redraw();
    }
  }
}
