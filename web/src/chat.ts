// The chat of a game: the lines of the reader's room (players or spectators) and a line to
// write. The server sends the room's lines on connecting and each new one after.
import type { ChatLine } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

/** The most characters a line may have (the server's limit). */
const MAX_CHARS = 140;

/** Who reads the lines written here: the players, the spectators, or (after the game, in
 *  the kansōsen) everyone together. */
export type ChatRoom = "player" | "spectator" | "review";


export class ChatPanel {
  readonly el: HTMLElement;
  private readonly list: HTMLElement;
  private readonly seen = new Set<string>();
  private readonly input: HTMLInputElement;
  private readonly title: HTMLElement;

  constructor(room: ChatRoom, send: (text: string) => Promise<void>) {
    this.list = h("ol", { class: "chat-lines", "aria-live": "polite", "aria-label": t("game-chat-lines"), "data-empty": t("game-chat-empty") });
    const input = h("input", {
      type: "text",
      id: "chat-text",
      maxlength: String(MAX_CHARS),
      "aria-label": t("game-chat-message"),
      autocomplete: "off",
    });
    this.input = input;
    const form = h("form", { class: "chat-form" }, input, h("button", { type: "submit" }, t("game-chat-send")));
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      void send(text).then(() => {
        input.value = "";
      });
    });
    this.title = h("h3", {});
    this.el = h("section", { class: "chat", id: "chat" }, this.title, this.list, form);
    this.setRoom(room);
  }

  /** Names the room the reader writes in (a player's seat may become known after the start). */
  setRoom(room: ChatRoom): void {
    // game-chat-placeholder-player, -spectator, -review; game-chat-title-player, ...
    this.input.placeholder = t(`game-chat-placeholder-${room}`);
    this.title.textContent = t(`game-chat-title-${room}`);
  }

  /** Adds lines not shown yet (a reconnection sends the room's lines again). */
  add(lines: ChatLine[]): void {
    for (const line of lines) {
      const key = `${line.at}|${line.username}|${line.text}`;
      if (this.seen.has(key)) continue;
      this.seen.add(key);
      // A line as its writer wrote it, signed with his name: data, not the page's words.
      this.list.append(h("li", { translate: "no" }, h("b", {}, `${line.username}: `), line.text));
    }
    this.list.scrollTop = this.list.scrollHeight;
  }
}
