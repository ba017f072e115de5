// The pieces in hand beside the board: one button per kind (`data-hand="sente-P"`) with its count.
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { pieceName } from "./pieces.js";
import type { Color, Position } from "./sfen.js";
import { handOrder } from "./sfen.js";
import type { PieceStyle } from "./settings.js";
import { pieceIcon } from "./wedge.js";

export interface HandView {
  pos: Position;
  color: Color;
  /** Whether this hand's pieces stand upright (its owner is at the bottom). */
  upright: boolean;
  style: PieceStyle;
  /** The letter chosen to drop, if it is this hand's. */
  selected: string | null;
  /** Letters that may be dropped now. */
  droppable: Set<string>;
  /** The letter being dragged from this hand. */
  dragging: string | null;
}

export function drawHand(el: HTMLElement, v: HandView): void {
  const hand = v.pos.hands[v.color];
  const pieces: HTMLElement[] = [];
  for (const letter of handOrder(v.pos.variant)) {
    const count = hand.get(letter) ?? 0;
    if (count === 0) continue;
    const name = pieceName(v.pos.variant, letter);
    const classes = ["hand-piece"];
    if (v.selected === letter) classes.push("selected");
    if (v.droppable.has(letter)) classes.push("droppable");
    if (v.dragging === letter) classes.push("dragged");
    pieces.push(
      h(
        "button",
        { type: "button", class: classes.join(" "), "data-hand": `${v.color}-${letter}`, "aria-label": t("game-hand-piece", { color: v.color, piece: name, count }) },
        pieceIcon(v.pos.variant, { color: v.color, kind: letter }, v.style, v.upright),
        count > 1 ? h("span", { class: "count", translate: "no" }, String(count)) : null,
      ),
    );
  }
  if (pieces.length === 0) pieces.push(h("span", { class: "hand-empty" }, t("game-hand-empty")));
  el.replaceChildren(...pieces);
}
