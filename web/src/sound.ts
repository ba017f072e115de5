// The game's sounds, made with the Web Audio API (no sound file to load): a move's wooden
// click, a capture's heavier one, a check's tone, the warning of low time and the game's end;
// and the byoyomi count (秒読み) of the player's own clock, spoken in the page's language
// by the browser's speech synthesis, or as tones where it has no voice for that language.
// What the reader chose in the settings (sound on or off, its volume, the count) holds.
import type { GameState, TimeView } from "./api.js";
import { language, t } from "./i18n.js";
import { settings } from "./settings.js";
import { parseSfen, parseUsi } from "./sfen.js";

/** The sounds of the page. Each starts with an oscillator of its own frequency (a browser
 *  test tells them apart by it: move 900 Hz, capture 300, check 880, low time 440, end 784,
 *  a count's tone 1000 and its last 1500). */
export type Cue = "move" | "capture" | "check" | "low" | "end" | "tick" | "last";

let context: AudioContext | null = null;
let noise: AudioBuffer | null = null;

/** The volume chosen (0 to 1), or 0 when the sounds are off. */
function volume(): number {
  const s = settings();
  return s.sound ? Math.max(0, Math.min(100, s.volume)) / 100 : 0;
}

/** The page's audio, started on the first use (or a press, where the browser asks for one). */
function audio(): AudioContext | null {
  try {
    context ??= new AudioContext();
  } catch {
    return null; // no Web Audio here
  }
  if (context.state === "suspended") void context.resume().catch(() => undefined);
  return context;
}

// A browser that starts audio only after a press of the reader's: the first one starts it,
// so that the opponent's next move is heard.
for (const type of ["pointerdown", "keydown"]) {
  document.addEventListener(type, () => void (volume() > 0 && audio()), { capture: true, passive: true });
}

/** A tone of `frequency` Hz from `at` s for `length` s, falling to silence, into `out`. */
function tone(ctx: AudioContext, out: AudioNode, at: number, frequency: number, length: number, type: OscillatorType = "sine", level = 0.3): void {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = type;
  osc.frequency.value = frequency;
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(level, at + 0.008);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(gain).connect(out);
  osc.start(at);
  osc.stop(at + length + 0.02);
}

/** A knock: a falling tone of wood (`high` to `low` Hz) with a burst of filtered noise. */
function knock(ctx: AudioContext, out: AudioNode, at: number, high: number, low: number, length: number, level: number, filter: BiquadFilterType, cutoff: number): void {
  const osc = ctx.createOscillator();
  const body = ctx.createGain();
  osc.type = high > 600 ? "triangle" : "sine";
  osc.frequency.value = high;
  osc.frequency.setValueAtTime(high, at);
  osc.frequency.exponentialRampToValueAtTime(low, at + length);
  body.gain.setValueAtTime(level, at);
  body.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(body).connect(out);
  osc.start(at);
  osc.stop(at + length + 0.02);
  if (!noise) {
    noise = ctx.createBuffer(1, Math.ceil(ctx.sampleRate * 0.08), ctx.sampleRate);
    const data = noise.getChannelData(0);
    for (let i = 0; i < data.length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length) ** 3;
  }
  const burst = ctx.createBufferSource();
  burst.buffer = noise;
  const shape = ctx.createBiquadFilter();
  shape.type = filter;
  shape.frequency.value = cutoff;
  const gain = ctx.createGain();
  gain.gain.value = level * 0.8;
  burst.connect(shape).connect(gain).connect(out);
  burst.start(at);
}

/** Plays `cue` at the chosen volume (nothing when the sounds are off or the volume is 0). */
export function play(cue: Cue, delay = 0): void {
  const level = volume();
  if (level === 0) return;
  const ctx = audio();
  if (!ctx) return;
  try {
    const out = ctx.createGain();
    out.gain.value = level;
    out.connect(ctx.destination);
    const at = ctx.currentTime + 0.01 + delay;
    switch (cue) {
      case "move":
        // A piece set down on the board: a short, bright knock of wood.
        knock(ctx, out, at, 900, 520, 0.06, 0.5, "bandpass", 2400);
        break;
      case "capture":
        // Heavier: lower, longer, and the taken piece's click just after.
        knock(ctx, out, at, 300, 140, 0.14, 0.8, "lowpass", 1400);
        knock(ctx, out, at + 0.05, 700, 420, 0.05, 0.35, "bandpass", 2000);
        break;
      case "check":
        tone(ctx, out, at, 880, 0.14, "sine", 0.35);
        tone(ctx, out, at + 0.13, 1320, 0.22, "sine", 0.3);
        break;
      case "low":
        tone(ctx, out, at, 440, 0.12, "square", 0.12);
        tone(ctx, out, at + 0.18, 392, 0.12, "square", 0.12);
        break;
      case "end":
        tone(ctx, out, at, 784, 0.3, "sine", 0.3);
        tone(ctx, out, at + 0.2, 659, 0.3, "sine", 0.3);
        tone(ctx, out, at + 0.4, 523, 0.6, "sine", 0.3);
        break;
      case "tick":
        tone(ctx, out, at, 1000, 0.08, "sine", 0.3);
        break;
      case "last":
        tone(ctx, out, at, 1500, 0.3, "sine", 0.35);
        break;
    }
  } catch {
    // The audio refused (closed, or not allowed yet): the game goes on without sound.
  }
}

/** The sound of the last move of `s` (its click, heavier on a capture, and the check's tone). */
export function moveSound(s: GameState): void {
  const entry = s.history.at(-1);
  if (!entry) return;
  let capture = false;
  try {
    // A capture leaves fewer pieces on the board than before the move (a drop never takes).
    const before = parseSfen(s.history.at(-2)?.sfen ?? s.start_sfen, s.variant).board.size;
    const after = parseSfen(entry.sfen, s.variant).board.size;
    capture = parseUsi(entry.usi)?.drop === null && after < before;
  } catch {
    // a position the page cannot read: a plain click
  }
  play(capture ? "capture" : "move");
  if (entry.check ?? s.in_check) play("check", capture ? 0.12 : 0.06);
}

/** Whether the browser has a voice for the page's language (`ja` for `ja-JP`). */
function hasVoice(): boolean {
  try {
    const lang = language();
    return speechSynthesis.getVoices().some((v) => v.lang.toLowerCase().replace("_", "-").split("-")[0] === lang);
  } catch {
    return false;
  }
}

// Some browsers load their voices only when first asked.
try {
  speechSynthesis.getVoices();
} catch {
  // no speech synthesis here
}

/** Says `text` in the page's language; false where there is no voice for it. */
function say(text: string): boolean {
  const level = volume();
  if (level === 0 || !hasVoice()) return false;
  try {
    // A word still waiting is late: the new one replaces it.
    speechSynthesis.cancel();
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = language();
    utterance.volume = level;
    utterance.rate = 1.15;
    speechSynthesis.speak(utterance);
    return true;
  } catch {
    return false;
  }
}

/**
 * What the timekeeper says `elapsed` whole seconds into a byoyomi period of `period` seconds:
 * a period of 30 s or more has its tens called from 30 s before its end ("10 seconds",
 * "20 seconds"; "30秒、40秒、50秒" in one of 60 s), then its last ten seconds counted 1 to 9;
 * a shorter one only its last five (5 to 9). `last` on the count's last second.
 */
export function byoyomiCall(period: number, elapsed: number): { seconds?: number; count?: number; last: boolean } | null {
  if (elapsed < 1 || elapsed >= period) return null;
  const last = elapsed === period - 1;
  if (period >= 30 && elapsed % 10 === 0 && elapsed >= period - 30 && elapsed <= period - 10) return { seconds: elapsed, last };
  const count = elapsed - (period - 10);
  const from = period >= 30 ? 1 : 5;
  return count >= from && count <= 9 ? { count, last } : null;
}

/**
 * The player's own clock as a timekeeper watches it: a warning once when its main time falls
 * under 10 s, and once when the last byoyomi period (one longer than 10 s) comes to its last
 * 10 s; and, in byoyomi, the count of each period's seconds.
 */
export class Timekeeper {
  /** The last reading of the running clock (null while it stands). */
  private last: { main: number; periods: number; period: number; elapsed: number } | null = null;
  private warnedLastPeriod = false;

  /** Takes a reading of the player's clock: `time` left, whether it `running`, and the
   *  length of one byoyomi period (ms) of the game's control, if it has byoyomi. */
  watch(time: TimeView | null, running: boolean, period: number | null): void {
    if (!time || !running) {
      this.last = null;
      return;
    }
    const before = this.last;
    const inByoyomi = time.main_ms === 0 && time.periods > 0 && period !== null && period > 0;
    const elapsed = inByoyomi ? Math.floor((period - time.period_ms) / 1000) : -1;
    this.last = { main: time.main_ms, periods: time.periods, period: time.period_ms, elapsed };
    if (!before) return;
    if (time.main_ms > 0 && time.main_ms < 10_000 && before.main >= 10_000) play("low");
    if (!inByoyomi) return;
    const lastPeriod = time.periods === 1 && period > 10_000;
    if (lastPeriod && !this.warnedLastPeriod && time.period_ms < 10_000 && before.period >= 10_000 && before.main === 0) {
      this.warnedLastPeriod = true;
      play("low");
    }
    // A new second of the same period (the first reading of a period says nothing).
    if (before.main !== 0 || before.periods !== time.periods || elapsed <= before.elapsed) return;
    if (!settings().countByoyomi) return;
    const call = byoyomiCall(Math.round(period / 1000), elapsed);
    if (!call) return;
    const words = call.seconds !== undefined ? t("game-byoyomi-seconds", { seconds: call.seconds }) : t("game-byoyomi-count", { count: call.count! });
    if (!say(words)) play(call.last ? "last" : "tick");
  }
}
