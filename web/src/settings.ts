// The reader's preferences, kept in localStorage, and the settings dialog.
import { h, modal } from "./dom.js";
import { language, t } from "./i18n.js";
import { onAccountPreferences, savePreferences } from "./preferences.js";
import { play } from "./sound.js";

/** The piece sets: one kanji (as diagrams write it), the two carved on a real piece, one
 *  kanji with its moves marked (for beginners), or the Western letters of move text. */
export type PieceStyle = "kanji" | "kanji2" | "beginner" | "international";
/** The page's colours: the system's choice, light or dark. */
export type Theme = "system" | "light" | "dark";
/** The board's wood: kaya (the default), a pale wood, a dark wood, or green cloth. */
export type BoardSet = "kaya" | "pale" | "dark" | "green";
export type Coords = "japanese" | "western";
export type Notation = "japanese" | "western" | "german";
/** The pieces set up one by one before a game (setting-up.ts): not, or in the order of 大橋流 or 伊藤流. */
export type SetupOrder = "off" | "ohashi" | "ito";

export interface Settings {
  pieceStyle: PieceStyle;
  theme: Theme;
  board: BoardSet;
  coords: Coords;
  notation: Notation;
  /** Whether a move may be chosen while the opponent thinks (a premove). */
  premoves: boolean;
  /** The game's sounds on or off, their volume (0-100), and the byoyomi counted aloud. */
  sound: boolean;
  volume: number;
  countByoyomi: boolean;
  setupOrder: SetupOrder;
}

const KEY = "koma.settings";
const listeners = new Set<() => void>();
/** What each setting may be: the account's preferences are taken only where they fit. */
const CHOICES: { [K in Exclude<keyof Settings, "volume">]: Settings[K][] } = {
  pieceStyle: ["kanji", "kanji2", "beginner", "international"],
  theme: ["system", "light", "dark"],
  board: ["kaya", "pale", "dark", "green"],
  coords: ["japanese", "western"],
  notation: ["japanese", "western", "german"],
  premoves: [true, false],
  sound: [true, false],
  countByoyomi: [true, false],
  setupOrder: ["off", "ohashi", "ito"],
};

/** The defaults in the page's language: its players' move notation (Japanese, German, Western). */
function defaults(): Settings {
  const lang = language();
  const notation: Notation = lang === "ja" ? "japanese" : lang === "de" ? "german" : "western";
  return { pieceStyle: "kanji", theme: "system", board: "kaya", coords: "japanese", notation, premoves: true, sound: true, volume: 70, countByoyomi: true, setupOrder: "off" };
}

/** Only the settings of `saved` that are one of their choices. */
function valid(saved: Record<string, unknown>): Partial<Settings> {
  const out: Record<string, unknown> = {};
  for (const [key, choices] of Object.entries(CHOICES)) {
    if ((choices as unknown[]).includes(saved[key])) out[key] = saved[key];
  }
  // The volume: a whole number from 0 to 100.
  if (typeof saved.volume === "number" && Number.isInteger(saved.volume) && saved.volume >= 0 && saved.volume <= 100) out.volume = saved.volume;
  return out as Partial<Settings>;
}

function load(): Settings {
  try {
    return { ...defaults(), ...valid(JSON.parse(localStorage.getItem(KEY) ?? "{}") as Record<string, unknown>) };
  } catch {
    return defaults();
  }
}

/** Read when first asked, once the page's language is known. */
let current: Settings | null = null;

export function settings(): Settings {
  current ??= load();
  return current;
}

function keep(change: Partial<Settings>): void {
  current = { ...settings(), ...change };
  try {
    localStorage.setItem(KEY, JSON.stringify(current));
  } catch {
    // storage full or forbidden: keep the change for this page only
  }
  for (const f of listeners) f();
}

/** Changes settings here and in the account of a logged-in player. */
export function updateSettings(change: Partial<Settings>): void {
  keep(change);
  void savePreferences(change).catch(() => undefined);
}

// The account's settings, chosen on another device, replace this browser's.
onAccountPreferences((prefs) => {
  const change = valid(prefs);
  if (Object.entries(change).some(([k, v]) => settings()[k as keyof Settings] !== v)) keep(change);
});

/** Puts the theme and board chosen on the page (`<html data-theme data-board>`, read by the
 *  style sheet), now and after every change. */
export function applyLooks(): void {
  const show = () => {
    const root = document.documentElement;
    const s = settings();
    root.dataset.board = s.board;
    const dark = s.theme === "dark" || (s.theme === "system" && matchMedia("(prefers-color-scheme: dark)").matches);
    root.dataset.theme = dark ? "dark" : "light";
  };
  show();
  listeners.add(show);
  matchMedia("(prefers-color-scheme: dark)").addEventListener("change", show);
}

/** Calls `f` after every change; returns the function that stops it. */
export function onSettings(f: () => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}

function choice<T extends string>(label: string, id: string, value: T, options: [T, string][], set: (v: T) => void): HTMLElement {
  const select = h("select", { id }, ...options.map(([v, text]) => h("option", { value: v }, text))) as HTMLSelectElement;
  select.value = value;
  select.addEventListener("change", () => set(select.value as T));
  return h("label", { class: "field" }, h("span", {}, label), select);
}

function toggle(label: string, hint: string, id: string, value: boolean, set: (v: boolean) => void): HTMLElement {
  const box = h("input", { type: "checkbox", id, checked: value });
  box.addEventListener("change", () => set(box.checked));
  return h("label", { class: "field" }, h("span", {}, label), box, h("small", { class: "hint" }, hint));
}

/** The game's sounds: on or off, the volume (a slider; let go, it is kept and a move's
 *  click heard at it), and the byoyomi counted aloud. */
function soundFields(s: Settings): HTMLElement[] {
  const volume = h("input", { type: "range", id: "set-volume", min: 0, max: 100, step: 5, value: s.volume, disabled: !s.sound }) as HTMLInputElement;
  volume.addEventListener("change", () => {
    updateSettings({ volume: Number(volume.value) });
    play("move");
  });
  const sound = toggle(t("settings-sound"), t("settings-sound-hint"), "set-sound", s.sound, (v) => {
    updateSettings({ sound: v });
    volume.disabled = count.querySelector("input")!.disabled = !v;
  });
  const count = toggle(t("settings-byoyomi-count"), t("settings-byoyomi-count-hint"), "set-byoyomi-count", s.countByoyomi, (v) => updateSettings({ countByoyomi: v }));
  count.querySelector("input")!.disabled = !s.sound;
  return [sound, h("label", { class: "field" }, h("span", {}, t("settings-volume")), volume), count];
}

/** Opens the settings dialog. */
export function openSettings(): void {
  const s = settings();
  const close = () => overlay.remove();
  const overlay = modal(
    t("settings-title"),
    h(
      "div",
      { class: "dialog" },
      h("h2", {}, t("settings-title")),
      choice(
        t("settings-pieces"),
        "set-pieces",
        s.pieceStyle,
        [["kanji", t("settings-pieces-kanji")], ["kanji2", t("settings-pieces-kanji2")], ["beginner", t("settings-pieces-beginner")], ["international", t("settings-pieces-international")]],
        (v) => updateSettings({ pieceStyle: v }),
      ),
      choice(t("settings-theme"), "set-theme", s.theme, [["system", t("settings-theme-system")], ["light", t("settings-theme-light")], ["dark", t("settings-theme-dark")]], (v) =>
        updateSettings({ theme: v }),
      ),
      choice(t("settings-board"), "set-board", s.board, [["kaya", t("settings-board-kaya")], ["pale", t("settings-board-pale")], ["dark", t("settings-board-dark")], ["green", t("settings-board-green")]], (v) =>
        updateSettings({ board: v }),
      ),
      choice(t("settings-coords"), "set-coords", s.coords, [["japanese", t("settings-coords-japanese")], ["western", t("settings-coords-western")]], (v) =>
        updateSettings({ coords: v }),
      ),
      choice(
        t("settings-notation"),
        "set-notation",
        s.notation,
        [["japanese", t("settings-notation-japanese")], ["western", t("settings-notation-western")], ["german", t("settings-notation-german")]],
        (v) => updateSettings({ notation: v }),
      ),
      choice(t("settings-setup"), "set-setup", s.setupOrder, [["off", t("settings-setup-off")], ["ohashi", t("settings-setup-ohashi")], ["ito", t("settings-setup-ito")]], (v) =>
        updateSettings({ setupOrder: v }),
      ),
      toggle(t("settings-premoves"), t("settings-premoves-hint"), "set-premoves", s.premoves, (v) => updateSettings({ premoves: v })),
      ...soundFields(s),
      h("div", { class: "buttons" }, h("button", { type: "button", onclick: close }, t("settings-close"))),
    ),
    close,
  );
  overlay.querySelector("select")?.focus();
}
