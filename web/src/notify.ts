// Telling a player that the opponent moved: a short sound, and the tab's title while the
// page is hidden ("● Your move").
import { t } from "./i18n.js";

let context: AudioContext | null = null;
let plainTitle: string | null = null;

/** A short wooden click, made with the Web Audio API (no sound file to load). */
function click(): void {
  try {
    context ??= new AudioContext();
    const now = context.currentTime;
    const osc = context.createOscillator();
    const gain = context.createGain();
    osc.type = "triangle";
    osc.frequency.setValueAtTime(520, now);
    osc.frequency.exponentialRampToValueAtTime(180, now + 0.08);
    gain.gain.setValueAtTime(0.25, now);
    gain.gain.exponentialRampToValueAtTime(0.001, now + 0.12);
    osc.connect(gain).connect(context.destination);
    osc.start(now);
    osc.stop(now + 0.13);
  } catch {
    // No audio here (or not allowed yet): the title notice still tells.
  }
}

document.addEventListener("visibilitychange", () => {
  if (!document.hidden && plainTitle !== null) {
    document.title = plainTitle;
    plainTitle = null;
  }
});

/** The opponent just moved: sound, and the title notice if the page is not in view. */
export function opponentMoved(): void {
  click();
  if (document.hidden) {
    plainTitle ??= document.title;
    document.title = t("game-title-your-move", { title: plainTitle });
  }
}
