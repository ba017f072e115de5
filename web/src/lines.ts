// The engine's lines on the position shown, on demand: off until the reader turns it on (the
// custom of the kansōsen is to talk first); then each position shown is searched by the
// server (MultiPV 1-5, to a depth), the lines listed with their scores, the best move drawn
// as an arrow, sente's chances as a bar. Showing another position abandons the search of the
// last one, which the server then stops. In a kansōsen room the room's server searches for
// everyone: a player switches it, and the panel shows what the room sends.
import { api, ApiError, errorText, type Analysis, type RoomLines } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { scoreText } from "./review.js";
import type { Viewer } from "./viewer.js";

const PV_SHOWN = 12;
const DEPTHS = [8, 10, 12, 14, 16, 18];

export class EnginePanel {
  readonly el: HTMLElement;
  private on = false;
  private asking: AbortController | null = null;
  private readonly toggle: HTMLButtonElement;
  private readonly multipv: HTMLSelectElement;
  private readonly depth: HTMLSelectElement;
  private readonly status: HTMLElement;
  private readonly bar: HTMLElement;
  private readonly list: HTMLOListElement;

  /** With `remote`, the switch is the room's (its server searches, see `showRemote`). */
  constructor(private readonly viewer: Viewer, private readonly remote: { turn(on: boolean): void } | null = null) {
    this.toggle = h("button", { type: "button", id: "engine-toggle", "aria-pressed": "false", onclick: () => (remote ? remote.turn(!this.on) : this.turn(!this.on)) }, t("review-engine-off"));
    this.multipv = h("select", { id: "engine-multipv", "aria-label": t("review-engine-lines-label") }, ...[1, 2, 3, 4, 5].map((n) => h("option", { value: String(n), selected: n === 3 }, t("review-engine-lines-option", { count: n }))));
    this.depth = h("select", { id: "engine-depth", "aria-label": t("review-engine-depth-label") }, ...DEPTHS.map((d) => h("option", { value: String(d), selected: d === 12 }, t("review-engine-depth-option", { depth: d }))));
    for (const select of [this.multipv, this.depth]) {
      select.addEventListener("change", () => this.ask());
      select.hidden = remote !== null;
    }
    this.status = h("p", { class: "engine-status", "aria-live": "polite" });
    this.bar = h("div", { class: "eval-bar", role: "meter", "aria-label": t("review-engine-chances"), "aria-valuemin": "0", "aria-valuemax": "100", hidden: true }, h("span", { class: "eval-sente" }));
    this.list = h("ol", { id: "engine-lines", class: "engine-lines" });
    this.list.addEventListener("click", (e) => {
      const item = (e.target as Element).closest<HTMLElement>("[data-line]");
      if (item) this.viewer.showBest(item.dataset["line"] ?? null);
    });
    this.el = h(
      "section",
      { class: "panel engine-panel", "aria-label": t("review-engine-label") },
      h("div", { class: "panel-head" }, h("h2", {}, t("review-engine-heading")), h("div", { class: "row" }, this.multipv, this.depth, this.toggle)),
      this.bar,
      this.status,
      this.list,
    );
    viewer.onPly(() => this.ask());
  }

  /** Turns the engine on (searching the position shown) or off. */
  turn(on: boolean): void {
    this.switched(on);
    if (on) this.ask();
    else this.abandon();
  }

  /** Shows the switch as `on`; off, the lines go. */
  private switched(on: boolean): void {
    this.on = on;
    this.toggle.textContent = on ? t("review-engine-on") : t("review-engine-off");
    this.toggle.setAttribute("aria-pressed", String(on));
    this.toggle.classList.toggle("primary", on);
    if (!on) {
      this.status.textContent = "";
      this.bar.hidden = true;
      this.list.replaceChildren();
      this.viewer.showBest(null);
    }
  }

  /** In a room: its switch (`mayTurn`: the reader may turn it), and its engine's message. */
  showRemote(on: boolean, lines: RoomLines | null, mayTurn: boolean): void {
    this.toggle.disabled = !mayTurn;
    this.toggle.title = mayTurn ? "" : t("review-engine-players-turn");
    if (on !== this.on) this.switched(on);
    if (!on || !lines || lines.status === "off") return;
    if (lines.status === "done" && lines.analysis) return this.show(lines.analysis);
    this.list.setAttribute("aria-busy", "true");
    const error = lines.error ?? "";
    this.status.textContent =
      lines.status === "busy" ? t("review-engine-busy-waiting", { error }) : lines.status === "failed" ? t("review-engine-failed", { error }) : t("review-engine-searching");
  }

  private abandon(): void {
    this.asking?.abort();
    this.asking = null;
  }

  /** Asks for the lines of the position shown (when on), abandoning the last question. */
  private ask(): void {
    if (!this.on || this.remote) return;
    this.abandon();
    const asking = new AbortController();
    this.asking = asking;
    const ply = this.viewer.ply;
    this.status.textContent = t("review-engine-searching");
    this.list.setAttribute("aria-busy", "true");
    api
      .analyse(this.viewer.line.variant, this.viewer.sfenAt(ply), Number(this.multipv.value), Number(this.depth.value), asking.signal)
      .then(
        (a) => {
          if (this.asking === asking) this.show(a);
        },
        (e: unknown) => {
          if (asking.signal.aborted || this.asking !== asking) return;
          const busy = e instanceof ApiError && (e.status === 429 || e.status === 503);
          const error = errorText(e);
          this.status.textContent = busy ? t("review-engine-busy", { error }) : t("review-engine-failed", { error });
          this.list.removeAttribute("aria-busy");
        },
      );
  }

  private show(a: Analysis): void {
    this.asking = null;
    this.list.removeAttribute("aria-busy");
    this.status.textContent = a.lines.length === 0 ? t("review-engine-mated") : t(a.cached ? "review-engine-depth-kept" : "review-engine-depth", { depth: a.depth });
    this.list.replaceChildren(
      ...a.lines.map((l) =>
        h(
          "li",
          { class: "engine-line", "data-line": l.pv[0] ?? "", "data-score": JSON.stringify(l.score), "data-pv": l.pv.join(" ") },
          h("span", { class: "score" }, scoreText(l.sente)),
          " ",
          h("span", { class: "pv", translate: "no" }, l.pv_text.slice(0, PV_SHOWN).join(" ") + (l.pv_text.length > PV_SHOWN ? " …" : "")),
        ),
      ),
    );
    const best = a.lines[0];
    this.bar.hidden = !best;
    if (best) {
      const percent = Math.round(best.winrate * 100);
      this.bar.setAttribute("aria-valuenow", String(percent));
      this.bar.title = t("review-engine-bar", { percent });
      (this.bar.firstElementChild as HTMLElement).style.width = `${percent}%`;
    }
    this.viewer.showBest(best?.pv[0] ?? null);
  }

  destroy(): void {
    this.on = false;
    this.abandon();
  }
}
