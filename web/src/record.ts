// The record panel: the moves in the chosen notation, stepping through them, export.
import type { HistoryEntry, RecordExported } from "./api.js";
import { download, h, toast } from "./dom.js";
import { onSettings, settings, updateSettings, type Notation } from "./settings.js";
import type { Viewer } from "./viewer.js";

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
  if (marks?.comment) spans.push(h("span", { class: "mark-comment", title: "A comment" }, "*"));
  if (marks?.variations) spans.push(h("span", { class: "mark-variations", title: "Variations" }, "+"));
  return spans;
}

/** Saves a tree written as a record (a room's, a study's chapter) as the file `name`,
 *  saying what its format could not keep. */
export function saveExport(name: string, format: string, out: RecordExported): void {
  download(name, out.text);
  if (out.warnings.length) toast(`${format.toUpperCase()} export: ${out.warnings.map((w) => w.message).join("; ")}`, "info");
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
    this.list = h("ol", { id: "record", class: "record-list", "aria-label": "Moves" });
    this.list.addEventListener("click", (e) => {
      const item = (e.target as Element).closest<HTMLElement>("[data-ply],[data-start]");
      if (item) viewer.goTo(item.hasAttribute("data-start") ? 0 : Number(item.dataset["ply"]));
    });
    const notations: [Notation, string][] = [["japanese", "日本"], ["western", "Western"], ["german", "Deutsch"]];
    this.notationButtons = new Map(
      notations.map(([n, label]) => [n, h("button", { type: "button", class: "small", "aria-pressed": "false", onclick: () => updateSettings({ notation: n }) }, label)]),
    );
    const step = (label: string, title: string, f: () => void) => h("button", { type: "button", class: "small", title, "aria-label": title, onclick: f }, label);
    this.liveButton = h("button", { type: "button", id: "live", class: "small primary", hidden: true, onclick: () => viewer.goTo(viewer.line.history.length) }, "Back to live ▶▶");
    this.footer = h("div", { class: "exports" });
    this.el = h(
      "section",
      { class: "panel record-panel", "aria-label": "Record" },
      h("div", { class: "panel-head" }, h("h2", {}, "棋譜 Record"), h("div", { class: "toggle", role: "group", "aria-label": "Notation" }, ...this.notationButtons.values())),
      this.list,
      h(
        "div",
        { class: "nav" },
        step("«", "Start", () => viewer.goTo(0)),
        step("‹", "Previous move", () => viewer.goTo(viewer.ply - 1)),
        step("›", "Next move", () => viewer.goTo(viewer.ply + 1)),
        step("»", "Last move", () => viewer.goTo(viewer.line.history.length)),
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
    const items = FORMATS.map((format) => {
      const label = format.toUpperCase();
      const href = this.options.link?.(format);
      if (href) {
        return h("a", { class: "button small", href, download: `koma.${format}`, "data-format": format }, label);
      }
      const write = this.options.write;
      return h("button", { type: "button", class: "small", "data-format": format, onclick: () => void write?.(format) }, label);
    });
    this.footer.replaceChildren(h("span", {}, "Export:"), ...items);
  }

  render(): void {
    const notation = settings().notation;
    for (const [n, b] of this.notationButtons) b.setAttribute("aria-pressed", String(n === notation));
    const marks = this.options.marks;
    const items = [h("li", { class: "start" }, h("button", { type: "button", "data-start": "" }, "開始局面 Start", ...markSpans(marks?.(0))))];
    this.viewer.line.history.forEach((entry, i) => {
      items.push(
        h(
          "li",
          {},
          h(
            "button",
            { type: "button", "data-ply": i + 1, "data-usi": entry.usi },
            h("span", { class: "num" }, String(i + 1)),
            " ",
            h("span", { class: "text" }, moveText(entry, notation)),
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
