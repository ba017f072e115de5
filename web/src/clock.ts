// Both players' clocks, ticking locally from the server's last reading.
import type { ClockView, TimeView } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import type { Color } from "./sfen.js";

/** Milliseconds of a duration as the time controls write it (`10m`, `30s`, `1h30m`, `90`). */
function duration(text: string): number | null {
  let total = 0;
  let found = false;
  for (const m of text.matchAll(/(\d+(?:\.\d+)?)([hms]?)/g)) {
    found = true;
    const unit = m[2] === "h" ? 3600e3 : m[2] === "m" ? 60e3 : 1e3;
    total += Number(m[1]) * unit;
  }
  return found ? total : null;
}

/** The length of one byoyomi period of `control` (`10m+30s`, `byoyomi:10m+30sx3`), if any. */
export function periodLength(control: string | null): number | null {
  if (!control || /^(fischer|sudden):/i.test(control)) return null;
  const m = /\+([^x]+)/.exec(control.replace(/^byoyomi:/i, ""));
  return m ? duration(m[1]!) : null;
}

/** The Fischer increment of `control` (`fischer:5m+10s`), if it has one. */
export function incrementLength(control: string | null): number | null {
  const m = control ? /^fischer:[^+]*\+(.+)$/i.exec(control) : null;
  return m ? duration(m[1]!) : null;
}

/** A duration as the clock writes an addition: `10s`, `1m30s`, `0.5s`. */
function shortDuration(ms: number): string {
  const s = ms / 1000;
  if (s < 60 || s % 1 !== 0) return t("game-clock-seconds", { seconds: Math.round(s * 10) / 10 });
  if (s % 86400 === 0) return t("game-clock-days", { days: s / 86400 });
  const minutes = Math.floor(s / 60);
  return s % 60 ? t("game-clock-minutes-seconds", { minutes, seconds: s % 60 }) : t("game-clock-minutes", { minutes });
}

/** `time` after `elapsed` ms more of its owner's thinking. */
export function tick(time: TimeView, elapsed: number, period: number | null): TimeView {
  if (elapsed <= time.main_ms) return { ...time, main_ms: time.main_ms - elapsed };
  let over = elapsed - time.main_ms;
  let { periods, period_ms } = time;
  if (periods === 0) return { main_ms: 0, periods: 0, period_ms: 0 };
  while (over >= period_ms && periods > 1) {
    over -= period_ms;
    periods -= 1;
    period_ms = period ?? period_ms;
  }
  return { main_ms: 0, periods, period_ms: Math.max(0, period_ms - over) };
}

/** `m:ss` or `h:mm:ss`, whole seconds rounded up; past a day, days and hours (`2d 23h`). */
export function clockText(ms: number): string {
  const total = Math.ceil(ms / 1000);
  // A correspondence clock: days and hours (`2d 23h`), as a clock card has room for.
  if (total >= 86400) return t("game-clock-days-hours", { days: Math.floor(total / 86400), hours: Math.floor((total % 86400) / 3600) });
  const [hours, minutes, seconds] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  const ss = String(seconds).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${ss}` : `${minutes}:${ss}`;
}

/**
 * What a clock shows: main time, then what comes after it: the byoyomi (秒読み) period with
 * the periods left, or the Fischer `increment` added after each move.
 */
export function formatTime(time: TimeView, increment: number | null = null): { main: string; extra: string; low: boolean } {
  if (time.main_ms > 0 || time.periods === 0) {
    const period = () => shortDuration(time.period_ms);
    const extra =
      time.periods > 1
        ? t("game-clock-periods", { period: period(), periods: time.periods })
        : time.periods === 1
          ? t("game-clock-period", { period: period() })
          : increment
            ? t("game-clock-increment", { increment: shortDuration(increment) })
            : "";
    return { main: clockText(time.main_ms), extra, low: time.periods === 0 && time.main_ms < 30_000 };
  }
  const extra = time.periods > 1 ? t("game-clock-byoyomi-periods", { periods: time.periods }) : t("game-clock-byoyomi");
  return { main: clockText(time.period_ms), extra, low: time.period_ms < 10_000 };
}

export class Clocks {
  private view: ClockView | null = null;
  private received = 0;
  private period: number | null = null;
  private increment: number | null = null;
  private timer: number;
  /** What each clock shows now (whether it runs, and its text), so that the DOM is touched
   *  only when that changes (once a second while a clock runs), not at every tick: the page
   *  laid out and painted ten times a second for nothing. */
  private shown: Record<Color, string> = { sente: "", gote: "" };

  /** `watch` reads each clock at every tick: its time (null without a clock), whether it
   *  runs, and the length (ms) of one byoyomi period of the control, if it has byoyomi. */
  constructor(
    private readonly els: Record<Color, HTMLElement>,
    private readonly watch?: (color: Color, time: TimeView | null, running: boolean, period: number | null) => void,
  ) {
    this.timer = window.setInterval(() => this.render(), 100);
  }

  update(clock: ClockView | null, control: string | null): void {
    this.view = clock;
    this.received = performance.now();
    this.period = periodLength(control);
    this.increment = incrementLength(control);
    this.render();
  }

  private render(): void {
    for (const color of ["sente", "gote"] as const) {
      const el = this.els[color];
      const v = this.view;
      const running = v?.running === color;
      const time = v ? (running ? tick(v[color], performance.now() - this.received, this.period) : v[color]) : null;
      this.watch?.(color, time, running, this.period);
      const shown = time ? formatTime(time, this.increment) : null;
      const key = JSON.stringify([running, shown]);
      if (key === this.shown[color]) continue;
      this.shown[color] = key;
      el.hidden = !shown;
      if (!shown) continue;
      el.classList.toggle("running", running);
      el.classList.toggle("low", shown.low);
      // The time itself: digits, the same in every language.
      el.replaceChildren(h("span", { translate: "no" }, shown.main));
      if (shown.extra) {
        const small = document.createElement("small");
        small.textContent = shown.extra;
        el.append(" ", small);
      }
    }
  }

  stop(): void {
    window.clearInterval(this.timer);
  }
}
