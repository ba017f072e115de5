// The reader's preferences, kept in localStorage, and the settings dialog.
import { h, modal } from "./dom.js";
import { language, t } from "./i18n.js";
import { onAccountPreferences, savePreferences } from "./preferences.js";

export type PieceStyle = "kanji" | "beginner";
export type Coords = "japanese" | "western";
export type Notation = "japanese" | "western" | "german";

export interface Settings {
  pieceStyle: PieceStyle;
  coords: Coords;
  notation: Notation;
}

const KEY = "koma.settings";
const listeners = new Set<() => void>();
/** What each setting may be: the account's preferences are taken only where they fit. */
const CHOICES: { [K in keyof Settings]: Settings[K][] } = {
  pieceStyle: ["kanji", "beginner"],
  coords: ["japanese", "western"],
  notation: ["japanese", "western", "german"],
};

/** The defaults in the page's language: its players' move notation (Japanese, German, Western). */
function defaults(): Settings {
  const lang = language();
  const notation: Notation = lang === "ja" ? "japanese" : lang === "de" ? "german" : "western";
  return { pieceStyle: "kanji", coords: "japanese", notation };
}

/** Only the settings of `saved` that are one of their choices. */
function valid(saved: Record<string, unknown>): Partial<Settings> {
  const out: Record<string, unknown> = {};
  for (const [key, choices] of Object.entries(CHOICES)) {
    if ((choices as unknown[]).includes(saved[key])) out[key] = saved[key];
  }
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
      choice(t("settings-pieces"), "set-pieces", s.pieceStyle, [["kanji", t("settings-pieces-kanji")], ["beginner", t("settings-pieces-beginner")]], (v) =>
        updateSettings({ pieceStyle: v }),
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
      h("div", { class: "buttons" }, h("button", { type: "button", onclick: close }, t("settings-close"))),
    ),
    close,
  );
  overlay.querySelector("select")?.focus();
}
