// The reader's preferences, kept in localStorage, and the settings dialog.
import { h, modal } from "./dom.js";

export type PieceStyle = "kanji" | "beginner";
export type Coords = "japanese" | "western";
export type Notation = "japanese" | "western" | "german";

export interface Settings {
  pieceStyle: PieceStyle;
  coords: Coords;
  notation: Notation;
}

const KEY = "koma.settings";
const DEFAULTS: Settings = { pieceStyle: "kanji", coords: "japanese", notation: "japanese" };
const listeners = new Set<() => void>();

function load(): Settings {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? "{}") as Partial<Settings>;
    return { ...DEFAULTS, ...saved };
  } catch {
    return { ...DEFAULTS };
  }
}

let current = load();

export function settings(): Settings {
  return current;
}

export function updateSettings(change: Partial<Settings>): void {
  current = { ...current, ...change };
  try {
    localStorage.setItem(KEY, JSON.stringify(current));
  } catch {
    // storage full or forbidden: keep the change for this page only
  }
  for (const f of listeners) f();
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

/** Opens the settings dialog. */
export function openSettings(): void {
  const s = current;
  const close = () => overlay.remove();
  const overlay = modal(
    "Settings",
    h(
      "div",
      { class: "dialog" },
      h("h2", {}, "Settings"),
      choice("Pieces", "set-pieces", s.pieceStyle, [["kanji", "Kanji (traditional)"], ["beginner", "Beginner: kanji with the moves shown"]], (v) =>
        updateSettings({ pieceStyle: v }),
      ),
      choice("Coordinates", "set-coords", s.coords, [["japanese", "Japanese (１-９, 一-九)"], ["western", "Western (1-9, a-i)"]], (v) =>
        updateSettings({ coords: v }),
      ),
      choice("Move notation", "set-notation", s.notation, [["japanese", "Japanese (☗７六歩)"], ["western", "Western (P-7f)"], ["german", "German"]], (v) =>
        updateSettings({ notation: v }),
      ),
      h("div", { class: "buttons" }, h("button", { type: "button", onclick: close }, "Close")),
    ),
    close,
  );
  overlay.querySelector("select")?.focus();
}
