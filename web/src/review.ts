// The review (kansōsen): the server analyses every position; the page plots sente's winning
// chances over the plies, lists the marked moves and steps the board to them.
import { api, errorText, type Review, type ReviewEntry, type Score } from "./api.js";
import { h, s, toast } from "./dom.js";
import { t } from "./i18n.js";
import { B, H, L, R, T, W, plotSvg, plotX, plotY, xLabel, yLabel } from "./plot.js";
import type { Variant } from "./sfen.js";
import type { Viewer } from "./viewer.js";

export interface ReviewSource {
  variant: Variant;
  start_sfen: string;
  moves: string[];
}

const PV_SHOWN = 10;
/** A mark's words (`review-mark-dubious`, `-mistake`, `-blunder`). */
const markText = (mark: string) => t(`review-mark-${mark}`);

export function scoreText(score: Score): string {
  if ("mate" in score) return score.mate > 0 ? t("review-score-mate-sente", { moves: score.mate }) : t("review-score-mate-gote", { moves: -score.mate });
  return score.cp > 0 ? `+${score.cp}` : score.cp < 0 ? `−${-score.cp}` : "0";
}

function line(moves: string[]): string {
  return moves.slice(0, PV_SHOWN).join(" ") + (moves.length > PV_SHOWN ? " …" : "");
}

export class ReviewPanel {
  readonly el: HTMLElement;
  private review: Review | null = null;
  private timer: number | undefined;
  private readonly plot: SVGSVGElement;
  private readonly progress: HTMLElement;
  private readonly info: HTMLElement;
  private readonly list: HTMLOListElement;
  private readonly startButton: HTMLButtonElement;
  private readonly movetime: HTMLSelectElement;
  private stopped = false;
  /** Counts the analyses started: a poll of an older one (before a reset) stops. */
  private generation = 0;
  /** The line last shown (see `lineShown`). */
  private shown = "";

  constructor(private readonly viewer: Viewer, private readonly source: () => ReviewSource) {
    this.plot = plotSvg("winrate-plot", t("review-plot-label"));
    this.plot.addEventListener("click", (e) => this.clickPlot(e));
    this.progress = h("p", { class: "progress", "aria-live": "polite" });
    this.info = h("div", { class: "review-info", "aria-live": "polite" });
    this.list = h("ol", { id: "mistakes", class: "mistakes" });
    this.list.addEventListener("click", (e) => {
      const item = (e.target as Element).closest<HTMLElement>("[data-review-ply]");
      if (item) viewer.goTo(Number(item.dataset["reviewPly"]));
    });
    this.movetime = h(
      "select",
      { id: "review-time", "aria-label": t("review-time-label") },
      h("option", { value: "100" }, t("review-time-option", { seconds: 0.1 })),
      h("option", { value: "300", selected: true }, t("review-time-option", { seconds: 0.3 })),
      h("option", { value: "1000" }, t("review-time-option", { seconds: 1 })),
      h("option", { value: "3000" }, t("review-time-option", { seconds: 3 })),
    );
    this.startButton = h("button", { type: "button", id: "analyse", class: "primary", onclick: () => void this.start() }, t("review-analyse"));
    this.el = h(
      "section",
      { class: "panel review-panel", "aria-label": t("review-panel-label") },
      h("div", { class: "panel-head" }, h("h2", {}, t("review-heading")), h("div", { class: "row" }, this.movetime, this.startButton)),
      this.progress,
      this.plot,
      h(
        "div",
        { class: "nav" },
        h("button", { type: "button", id: "prev-mistake", class: "small", onclick: () => this.step(-1) }, t("review-prev-mistake")),
        h("button", { type: "button", id: "next-mistake", class: "small", onclick: () => this.step(1) }, t("review-next-mistake")),
      ),
      this.info,
      this.list,
    );
    viewer.onPly(() => this.draw());
    this.draw();
  }

  async start(): Promise<void> {
    const src = this.source();
    this.startButton.disabled = true;
    this.progress.textContent = t("review-starting");
    try {
      const generation = ++this.generation;
      const { id } = await api.startReview(src.variant, src.start_sfen, src.moves, Number(this.movetime.value));
      if (generation !== this.generation) return;
      this.review = { id, done: false, total: src.moves.length + 1, error: null, entries: [] };
      this.poll(id, generation);
    } catch (e) {
      this.startButton.disabled = false;
      this.progress.textContent = "";
      toast(t("review-start-failed", { error: errorText(e) }));
    }
  }

  private poll(id: string, generation: number): void {
    if (this.stopped || generation !== this.generation) return;
    api
      .review(id)
      .then((r) => {
        if (generation !== this.generation) return;
        this.review = r;
        this.draw();
        if (!r.done && !r.error) this.timer = window.setTimeout(() => this.poll(id, generation), 500);
        else this.startButton.disabled = false;
      })
      .catch((e: unknown) => {
        if (generation !== this.generation) return;
        this.progress.textContent = t("review-poll-failed", { error: errorText(e) });
        this.timer = window.setTimeout(() => this.poll(id, generation), 2000);
      });
  }

  /** The line shown may have changed (a shared board's push, another chapter): the
   *  analysis of another line is forgotten, that of the same line kept. */
  lineShown(): void {
    const { variant, start_sfen, moves } = this.source();
    const key = `${variant} ${start_sfen} ${moves.join(" ")}`;
    if (key === this.shown) return;
    this.shown = key;
    this.reset();
  }

  /** Forgets the analysis: the line reviewed changed (another variation shown). */
  reset(): void {
    this.generation += 1;
    window.clearTimeout(this.timer);
    this.review = null;
    this.startButton.disabled = false;
    this.draw();
  }

  private marked(): ReviewEntry[] {
    return (this.review?.entries ?? []).filter((e) => e.mark);
  }

  /** Goes to the next (or previous) marked move, wrapping around past the last (first). */
  private step(direction: 1 | -1): void {
    const ply = this.viewer.ply;
    const marks = this.marked();
    const target =
      direction > 0
        ? marks.find((e) => e.ply > ply) ?? marks[0]
        : [...marks].reverse().find((e) => e.ply < ply) ?? marks[marks.length - 1];
    if (target) this.viewer.goTo(target.ply);
  }

  private plies(): number {
    return Math.max(1, this.viewer.line.history.length);
  }

  private x(ply: number): number {
    return plotX(ply / this.plies());
  }

  private y(winrate: number): number {
    return plotY(winrate);
  }

  private clickPlot(e: MouseEvent): void {
    const box = this.plot.getBoundingClientRect();
    const x = ((e.clientX - box.left) / box.width) * W;
    const ply = Math.round(((x - L) / (W - L - R)) * this.plies());
    this.viewer.goTo(ply);
  }

  private draw(): void {
    const r = this.review;
    if (!r) {
      this.progress.textContent = t("review-idle");
    } else if (r.error) {
      this.progress.textContent = t("review-failed", { error: r.error });
    } else {
      this.progress.textContent = r.done ? t("review-done", { count: r.entries.length }) : t("review-progress", { done: r.entries.length, total: r.total });
    }
    this.drawPlot(r?.entries ?? []);
    this.drawInfo(r?.entries ?? []);
    this.drawArrows(r?.entries ?? []);
    this.list.replaceChildren(
      ...this.marked().map((e) =>
        h(
          "li",
          { class: `mark-${e.mark}` },
          h(
            "button",
            { type: "button", "data-review-ply": e.ply, class: this.viewer.ply === e.ply ? "current" : null },
            h("span", { class: "num" }, String(e.ply)),
            " ",
            h("span", { translate: "no" }, e.played_text ?? e.played ?? ""),
            " ",
            h("span", { class: "mark" }, markText(e.mark!)),
            e.better_text ? h("span", { class: "better", translate: "no" }, ` → ${e.better_text}`) : null,
          ),
        ),
      ),
    );
  }

  private drawPlot(entries: ReviewEntry[]): void {
    const plot = this.plot;
    plot.style.display = entries.length ? "" : "none";
    plot.replaceChildren(s("title", {}, t("review-plot-title")));
    plot.append(s("rect", { x: L, y: T, width: W - L - R, height: H - T - B, class: "plot-gote" }));
    if (entries.length > 0) {
      const pts = entries.map((e) => `${this.x(e.ply).toFixed(1)},${this.y(e.winrate).toFixed(1)}`);
      const lastX = this.x(entries[entries.length - 1]!.ply).toFixed(1);
      const floor = this.y(0).toFixed(1);
      plot.append(s("polygon", { points: `${this.x(0)},${floor} ${pts.join(" ")} ${lastX},${floor}`, class: "plot-sente" }));
      plot.append(s("polyline", { points: pts.join(" "), class: "plot-line" }));
    }
    plot.append(s("line", { x1: L, x2: W - R, y1: this.y(0.5), y2: this.y(0.5), class: "plot-half" }));
    for (const [w, label] of [[1, "100%"], [0.5, "50%"], [0, "0%"]] as const) {
      yLabel(plot, this.y(w), label);
    }
    const n = this.plies();
    const every = n > 100 ? 20 : n > 40 ? 10 : 5;
    for (let p = 0; p <= n; p += every) {
      xLabel(plot, this.x(p), String(p));
    }
    for (const e of entries) {
      if (e.mark) plot.append(s("circle", { cx: this.x(e.ply), cy: this.y(e.winrate), r: 4.5, class: `plot-dot ${e.mark}` }, s("title", {}, t("review-plot-dot", { ply: String(e.ply), move: e.played_text ?? "", mark: e.mark }))));
    }
    plot.append(s("line", { x1: this.x(this.viewer.ply), x2: this.x(this.viewer.ply), y1: T, y2: H - B, class: "plot-cursor" }));
  }

  /** The engine's best move in the position shown, as an arrow on the board. */
  private drawArrows(entries: ReviewEntry[]): void {
    this.viewer.showBest(entries.find((x) => x.ply === this.viewer.ply)?.best ?? null);
  }

  private drawInfo(entries: ReviewEntry[]): void {
    const e = entries.find((x) => x.ply === this.viewer.ply);
    if (!e) {
      this.info.replaceChildren();
      return;
    }
    const parts: (HTMLElement | string)[] = [
      h("p", {}, h("strong", {}, t("review-info-move", { ply: String(e.ply) })), "  ", t("review-info-chances", { percent: Math.round(e.winrate * 100), score: scoreText(e.score) })),
    ];
    if (e.mark && e.played_text) {
      const mark = { move: e.played_text, mark: e.mark };
      const said = e.loss !== undefined ? t("review-info-mark-loss", { ...mark, loss: Math.round(e.loss * 100) }) : t("review-info-mark", mark);
      parts.push(h("p", { class: `mark-${e.mark}` }, said));
      if (e.better_text) {
        parts.push(h("p", { class: "better" }, t("review-better", { move: e.better_text }), e.better_pv_text?.length ? h("span", { class: "pv" }, "  ", t("review-pv", { moves: line(e.better_pv_text) })) : ""));
      }
    }
    if (e.best_text) parts.push(h("p", { class: "best" }, t("review-best-now", { move: e.best_text }), e.pv_text.length ? h("span", { class: "pv" }, "  ", t("review-pv", { moves: line(e.pv_text) })) : ""));
    this.info.replaceChildren(...parts);
  }

  destroy(): void {
    this.stopped = true;
    this.viewer.arrows = [];
    window.clearTimeout(this.timer);
  }
}
