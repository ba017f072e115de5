// The chat of a game: the lines of the reader's room (players or spectators) and a line to
// write. The server sends the room's lines on connecting and each new one after.
import type { ChatLine, Greeting } from "./api.js";
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
  /** The greeting buttons of a player: before the game, after it. */
  private readonly greetings: HTMLElement;
  private readonly greetStart: HTMLButtonElement;
  private readonly greetEnd: HTMLButtonElement;
  private over = false;
  /** The reader's name as his lines are signed, and the greetings each writer made. */
  private me: string | null = null;
  private readonly greeted = new Map<string, Set<Greeting>>();

  /** `greet` sends a player's greeting (none: the room has no greetings). */
  constructor(room: ChatRoom, send: (text: string) => Promise<void>, greet?: (greeting: Greeting) => Promise<void>) {
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
    const greetButton = (greeting: Greeting) => {
      const b = h("button", { type: "button", id: `greet-${greeting}`, class: "greet" }, t(`game-greet-${greeting}`));
      b.addEventListener("click", () => {
        b.disabled = true;
        void greet?.(greeting).catch(() => {
          b.disabled = false;
        });
      });
      return b;
    };
    this.greetStart = greetButton("start");
    this.greetEnd = greetButton("end");
    this.greetings = h("div", { class: "greetings row", hidden: true }, this.greetStart, this.greetEnd);
    this.greetable = greet !== undefined;
    this.el = h("section", { class: "chat", id: "chat" }, this.title, this.list, this.greetings, form);
    this.setRoom(room);
  }

  private readonly greetable: boolean;

  /** Shows the greeting the moment calls for: before the game is over, after it. */
  setOver(over: boolean): void {
    this.over = over;
    this.greetStart.hidden = over;
    this.greetEnd.hidden = !over;
  }

  /** The reader's name as the chat signs his lines: a greeting he made is not offered again. */
  setMe(name: string | null): void {
    this.me = name;
    this.spendGreetings();
  }

  private spendGreetings(): void {
    const mine = (this.me && this.greeted.get(this.me)) || new Set<Greeting>();
    if (mine.has("start")) this.greetStart.disabled = true;
    if (mine.has("end")) this.greetEnd.disabled = true;
  }

  /** Names the room the reader writes in (a player's seat may become known after the start). */
  setRoom(room: ChatRoom): void {
    // game-chat-placeholder-player, -spectator, -review; game-chat-title-player, ...
    this.input.placeholder = t(`game-chat-placeholder-${room}`);
    this.title.textContent = t(`game-chat-title-${room}`);
    this.greetings.hidden = !(this.greetable && room === "player");
    this.setOver(this.over);
  }

  /** Adds lines not shown yet (a reconnection sends the room's lines again). */
  add(lines: ChatLine[]): void {
    for (const line of lines) {
      const key = `${line.at}|${line.username}|${line.text}`;
      if (this.seen.has(key)) continue;
      this.seen.add(key);
      if (line.greeting) {
        // A greeting, said in the reader's language; the greeter's button is spent.
        this.list.append(h("li", { class: "greeting" }, t(`game-greeting-line-${line.greeting}`, { name: line.username })));
        const kinds = this.greeted.get(line.username) ?? new Set<Greeting>();
        this.greeted.set(line.username, kinds.add(line.greeting));
        this.spendGreetings();
        continue;
      }
      // A line as its writer wrote it, signed with his name: data, not the page's words.
      this.list.append(h("li", { translate: "no" }, h("b", {}, `${line.username}: `), line.text));
    }
    this.list.scrollTop = this.list.scrollHeight;
  }
}
