// The record panel: the moves in the chosen notation, stepping through them, export.
import type { HistoryEntry, RecordExported } from "./api.js";
import { download, h, toast } from "./dom.js";
import { variantInfo } from "./variants.js";
import { t } from "./i18n.js";
import { onSettings, settings, updateSettings, type Notation } from "./settings.js";
import type { Viewer } from "./viewer.js";

/** The KIF endings of a record tree, by their Japanese word: each one's message. */
const ENDINGS: Record<string, string> = {
  投了: "resign",
  中断: "interrupt",
  千日手: "sennichite",
  持将棋: "jishogi",
  詰み: "mate",
  不詰: "no-mate",
  切れ負け: "time-up",
  反則勝ち: "illegal-win",
  反則負け: "illegal-loss",
  入玉勝ち: "declaration",
  不戦勝: "default-win",
  不戦敗: "default-loss",
  トライ: "try",
  封じ手: "sealed",
};

/** A record's ending (its KIF word, as a record tree names it) in the page's language. */
export function endingName(word: string | null): string | null {
  if (word === null) return null;
  const key = ENDINGS[word];
  return key ? t(`game-end-${key}`) : t("game-end-other", { word });
}

export const FORMATS = ["kif", "ki2", "csa", "sfen"] as const;

export interface RecordOptions {
  /** A link to download the record in `format` (the game's record from the server; null:
   *  none now)... */
  link?: (format: string) => string | null;
  /** ...or a function that writes and offers it (an imported line, a changed tree). */
  write?: (format: string) => Promise<void>;
  /** Whether a "back to live" control is shown (a game going on). */
  live: boolean;
  /** What the move at `ply` (0: the start) carries beyond itself: a comment, variations. */
  marks?: (ply: number) => { comment: boolean; variations: boolean };
}

/** The marks KIF itself uses: `*` before a comment, `+` after a move with variations. */
function markSpans(marks: { comment: boolean; variations: boolean } | undefined): HTMLElement[] {
  const spans: HTMLElement[] = [];
  if (marks?.comment) spans.push(h("span", { class: "mark-comment", title: t("game-record-comment") }, "*"));
  if (marks?.variations) spans.push(h("span", { class: "mark-variations", title: t("game-record-variations") }, "+"));
  return spans;
}

/** Saves a tree written as a record (a room's, a study's chapter) as the file `name`,
 *  saying what its format could not keep. */
export function saveExport(name: string, format: string, out: RecordExported): void {
  download(name, out.text);
  if (out.warnings.length) toast(t("game-export-warnings", { format: format.toUpperCase(), warnings: out.warnings.map((w) => w.message).join("; ") }), "info");
}

export function moveText(entry: HistoryEntry, notation: Notation): string {
  return notation === "japanese" ? entry.japanese : notation === "german" ? entry.german : entry.western;
}

export class RecordPanel {
  readonly el: HTMLElement;
  private readonly list: HTMLOListElement;
  private readonly liveButton: HTMLButtonElement;
  private readonly footer: HTMLElement;
  private readonly notationButtons: Map<Notation, HTMLButtonElement>;
  private result: string | null = null;
  private readonly unsubscribe: () => void;

  constructor(private readonly viewer: Viewer, private readonly options: RecordOptions) {
    this.list = h("ol", { id: "record", class: "record-list", "aria-label": t("game-record-moves") });
    this.list.addEventListener("click", (e) => {
      const item = (e.target as Element).closest<HTMLElement>("[data-ply],[data-start]");
      if (item) viewer.goTo(item.hasAttribute("data-start") ? 0 : Number(item.dataset["ply"]));
    });
    const notations: Notation[] = ["japanese", "western", "german"];
    this.notationButtons = new Map(
      notations.map((n) => [
        n,
        // game-notation-japanese, game-notation-western, game-notation-german
        h("button", { type: "button", class: "small", "aria-pressed": "false", onclick: () => updateSettings({ notation: n }) }, t(`game-notation-${n}`)),
      ]),
    );
    const step = (label: string, title: string, f: () => void) => h("button", { type: "button", class: "small", title, "aria-label": title, onclick: f }, label);
    this.liveButton = h("button", { type: "button", id: "live", class: "small primary", hidden: true, onclick: () => viewer.goTo(viewer.line.history.length) }, t("game-record-live"));
    this.footer = h("div", { class: "exports" });
    this.el = h(
      "section",
      { class: "panel record-panel", "aria-label": t("game-record-label") },
      h(
        "div",
        { class: "panel-head" },
        h("h2", {}, t("game-record-title")),
        h("div", { class: "toggle", role: "group", "aria-label": t("game-record-notation") }, ...this.notationButtons.values()),
      ),
      this.list,
      h(
        "div",
        { class: "nav" },
        step("«", t("game-record-first"), () => viewer.goTo(0)),
        step("‹", t("game-record-previous"), () => viewer.goTo(viewer.ply - 1)),
        step("›", t("game-record-next"), () => viewer.goTo(viewer.ply + 1)),
        step("»", t("game-record-last"), () => viewer.goTo(viewer.line.history.length)),
        this.liveButton,
      ),
      this.footer,
    );
    this.renderExports();
    viewer.onPly(() => this.mark());
    // Arrow keys step through the moves (not while typing in a field).
    const keys = (e: KeyboardEvent) => {
      if ((e.target as Element).closest("input, textarea, select") || document.querySelector(".overlay")) return;
      const to = { ArrowLeft: viewer.ply - 1, ArrowRight: viewer.ply + 1, Home: 0, End: viewer.line.history.length }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      viewer.goTo(to);
    };
    document.addEventListener("keydown", keys);
    const stopSettings = onSettings(() => this.render());
    this.unsubscribe = () => {
      stopSettings();
      document.removeEventListener("keydown", keys);
    };
    this.render();
  }

  setResult(text: string | null): void {
    this.result = text;
    // The exports too: a stored game's links give way to writing the tree once it changed.
    this.renderExports();
    this.render();
  }

  private renderExports(): void {
    // The formats the game's variant is written in (a Chu game has no KI2 or CSA).
    const written = variantInfo(this.viewer.line.variant).formats;
    const items = FORMATS.filter((format) => written.includes(format)).map((format) => {
      // The format's name (KIF, CSA...), the same in every language.
      const label = format.toUpperCase();
      const href = this.options.link?.(format);
      if (href) {
        return h("a", { class: "button small", href, download: `koma.${format}`, "data-format": format, translate: "no" }, label);
      }
      const write = this.options.write;
      return h("button", { type: "button", class: "small", "data-format": format, translate: "no", onclick: () => void write?.(format) }, label);
    });
    this.footer.replaceChildren(h("span", {}, t("game-record-export")), ...items);
  }

  render(): void {
    const notation = settings().notation;
    for (const [n, b] of this.notationButtons) b.setAttribute("aria-pressed", String(n === notation));
    const marks = this.options.marks;
    const items = [h("li", { class: "start" }, h("button", { type: "button", "data-start": "" }, t("game-record-start"), ...markSpans(marks?.(0))))];
    this.viewer.line.history.forEach((entry, i) => {
      items.push(
        h(
          "li",
          {},
          h(
            "button",
            { type: "button", "data-ply": i + 1, "data-usi": entry.usi },
            h("span", { class: "num", translate: "no" }, String(i + 1)),
            " ",
            h("span", { class: "text", translate: "no" }, moveText(entry, notation)),
            ...markSpans(marks?.(i + 1)),
          ),
        ),
      );
    });
    if (this.result) items.push(h("li", { class: "result" }, this.result));
    this.list.replaceChildren(...items);
    this.mark();
  }

  /** Marks the move shown and scrolls to it; shows "back to live" when away from it. */
  private mark(): void {
    const ply = this.viewer.ply;
    if (this.list.children.length !== this.viewer.line.history.length + 1 + (this.result ? 1 : 0)) {
      this.render();
      return;
    }
    this.list.querySelectorAll<HTMLElement>("[data-ply],[data-start]").forEach((el, i) => {
      el.classList.toggle("current", i === ply);
      el.toggleAttribute("aria-current", i === ply);
      if (i === ply) this.scrollTo(el);
    });
    this.liveButton.hidden = !this.options.live || this.viewer.isLive();
  }

  /** Scrolls the list (only the list, not the page) so that `el` is seen. */
  private scrollTo(el: HTMLElement): void {
    const list = this.list;
    const top = el.offsetTop;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + el.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top + el.offsetHeight - list.clientHeight;
  }

  destroy(): void {
    this.unsubscribe();
  }
}
