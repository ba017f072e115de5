// The time controls players choose from (the rulebooks' tournament controls among them),
// as a menu beside the free-text field that still takes any control the server reads.
import { h } from "./dom.js";
import { t } from "./i18n.js";

/** A control in the server's words and the key of its name for players (home.ftl). */
export const TIME_PRESETS: readonly [string, string][] = [
  ["none", "home-preset-untimed"],
  ["fischer:3m+2s", "home-preset-fischer-3-2"],
  ["5m+10s", "home-preset-byoyomi-5-10"],
  ["10m+30s", "home-preset-byoyomi-10-30"],
  ["10m+30sx3", "home-preset-byoyomi-10-30x3"],
  ["30m+60s", "home-preset-byoyomi-30-60"],
  ["45m+30s", "home-preset-byoyomi-45-30"],
  ["fischer:15m+10s", "home-preset-fischer-15-10"],
  ["sudden:15m", "home-preset-sudden-15"],
  ["0+1d", "home-preset-days-1"],
  ["0+3d", "home-preset-days-3"],
];

/** The name of `control` among the presets, if it is one. */
export function presetName(control: string): string | null {
  const key = TIME_PRESETS.find(([v]) => v === control.trim())?.[1];
  return key ? t(key) : null;
}

/**
 * A menu of the presets that writes its choice into `input`; typing another control in the
 * field shows "Custom" in the menu.
 */
export function presetMenu(id: string, input: HTMLInputElement): HTMLSelectElement {
  const menu = h(
    "select",
    { id, "aria-label": t("home-presets") },
    ...TIME_PRESETS.map(([value, key]) => h("option", { value }, t(key))),
    h("option", { value: "" }, t("home-preset-custom")),
  );
  const sync = () => (menu.value = TIME_PRESETS.some(([v]) => v === input.value.trim()) ? input.value.trim() : "");
  menu.addEventListener("change", () => {
    if (menu.value) input.value = menu.value;
    else input.focus();
  });
  input.addEventListener("input", sync);
  sync();
  return menu;
}
