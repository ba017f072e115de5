// The time controls players choose from (the rulebooks' tournament controls among them),
// as a menu beside the free-text field that still takes any control the server reads.
import { h } from "./dom.js";

/** A control in the server's words and its name for players. */
export const TIME_PRESETS: readonly [string, string][] = [
  ["none", "Untimed"],
  ["fischer:3m+2s", "3 min + 2 s Fischer (blitz)"],
  ["5m+10s", "5 min + 10 s byoyomi"],
  ["10m+30s", "10 min + 30 s byoyomi"],
  ["10m+30sx3", "10 min + 3 × 30 s byoyomi"],
  ["30m+60s", "30 min + 60 s byoyomi"],
  ["45m+30s", "45 min + 30 s byoyomi (tournament)"],
  ["fischer:15m+10s", "15 min + 10 s Fischer"],
  ["sudden:15m", "15 min sudden death"],
];

/** The name of `control` among the presets, if it is one. */
export function presetName(control: string): string | null {
  return TIME_PRESETS.find(([v]) => v === control.trim())?.[1] ?? null;
}

/**
 * A menu of the presets that writes its choice into `input`; typing another control in the
 * field shows "Custom" in the menu.
 */
export function presetMenu(id: string, input: HTMLInputElement): HTMLSelectElement {
  const menu = h(
    "select",
    { id, "aria-label": "Time control presets" },
    ...TIME_PRESETS.map(([value, label]) => h("option", { value }, label)),
    h("option", { value: "" }, "Custom…"),
  );
  const sync = () => (menu.value = presetName(input.value) ? input.value.trim() : "");
  menu.addEventListener("change", () => {
    if (menu.value) input.value = menu.value;
    else input.focus();
  });
  input.addEventListener("input", sync);
  sync();
  return menu;
}
