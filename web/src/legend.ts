// A variant's pieces, each drawn with its moves (the beginner style's marks), its kanji and
// its names, read from the rules' piece table (GET /api/variants): for a game whose pieces a
// player does not all know yet, as Chu shogi's 21 kinds.
import { h, s } from "./dom.js";
import { t } from "./i18n.js";
import { pieceName } from "./pieces.js";
import type { Variant } from "./sfen.js";
import { variantInfo } from "./variants.js";
import { pieceGraphic, SQ_H, SQ_W } from "./wedge.js";

/** Puts the legend of a game's pieces in `panel` before `before`, once, when the game is
 *  known: for every game but standard shogi, whose pieces its players know. Answers the
 *  function to call with the game each time a state comes. */
export function legendOnce(panel: HTMLElement, before: Node): (variant: Variant) => void {
  let shown = false;
  return (variant) => {
    if (shown || variant === "shogi") return;
    shown = true;
    panel.insertBefore(pieceLegend(variant), before);
  };
}

/** The legend of `variant`'s pieces, folded (`<details id="piece-legend">`). */
export function pieceLegend(variant: Variant): HTMLElement {
  const pieces = variantInfo(variant).pieces;
  const items = pieces.map((p) => {
    const svg = s("svg", { class: "legend-piece", viewBox: `${-SQ_W / 2} ${-SQ_H / 2} ${SQ_W} ${SQ_H}`, "aria-hidden": "true" });
    svg.append(pieceGraphic(variant, { color: "sente", kind: p.sfen }, "beginner", true));
    const promoted = p.promotes_to ? pieces.find((q) => q.role === p.promotes_to) ?? null : null;
    return h(
      "li",
      { "data-legend": p.sfen },
      svg,
      h("span", { class: "legend-kanji", translate: "no" }, p.kanji),
      h(
        "span",
        { class: "legend-name" },
        t("game-legend-name", { piece: pieceName(variant, p.sfen), reading: p.names.ja }),
        promoted ? " " : null,
        promoted ? h("small", {}, t("game-legend-promotes", { kanji: promoted.kanji, piece: pieceName(variant, promoted.sfen) })) : null,
      ),
    );
  });
  return h("details", { id: "piece-legend", class: "piece-legend" }, h("summary", {}, t("game-legend")), h("ul", {}, ...items));
}
