// The boxes shown while a game waits: the invitation link to send, and the furigoma toss.
import { h, toast } from "./dom.js";
import { t } from "./i18n.js";
import { roleName } from "./pieces.js";
import type { Color } from "./sfen.js";
import { pieceIcon } from "./wedge.js";

export function inviteBox(link: string): HTMLElement {
  const url = new URL(link, location.href).href;
  const code = h("code", { id: "invite-link", translate: "no" }, url);
  const copy = h(
    "button",
    {
      type: "button",
      id: "copy-invite",
      class: "small",
      onclick: () => {
        navigator.clipboard?.writeText(url).then(
          () => toast(t("game-invite-copied"), "info"),
          () => {
            getSelection()?.selectAllChildren(code);
            toast(t("game-invite-copy-by-hand"), "info");
          },
        );
      },
    },
    t("game-invite-copy"),
  );
  return h(
    "div",
    { class: "invite notice" },
    h("p", {}, t("game-invite-send")),
    h("div", { class: "row" }, code, copy),
  );
}

/**
 * The five pawns of the toss (`歩 と 歩 歩 と: 3 歩 to 2 と, ...`) and who got which side;
 * `first` is the side that moves first from the game's start (gote in a position set up so).
 */
export function furigomaBox(text: string, seat: Color, first: Color): HTMLElement {
  const faces = (text.split(":")[0] ?? "").trim().split(/\s+/);
  const pieces = faces.map((face) =>
    h("span", { class: "toss-piece", title: roleName(face === "と" ? "tokin" : "pawn") }, pieceIcon("shogi", { color: "sente", kind: face === "と" ? "+P" : "P" }, "kanji")),
  );
  return h(
    "div",
    { class: "furigoma notice" },
    h("p", {}, t("game-furigoma")),
    h("div", { class: "toss" }, ...pieces),
    // The server's words for the toss, as it wrote them.
    h("p", { class: "hint", translate: "no" }, text),
    h("p", {}, h("strong", {}, t(seat === first ? "game-furigoma-first" : "game-furigoma-second", { seat }))),
  );
}
