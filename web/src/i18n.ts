// The page's words: one message catalog per language, in Project Fluent's format
// (web/locales/LANG/*.ftl, joined by the build into /assets/i18n-LANG.ftl), formatted by
// Mozilla's @fluent/bundle with the browser's own plural rules. See web/locales/README.md.
// The library's modules are served at /assets/fluent/ (the build copies them from npm).
import { FluentBundle, FluentResource, type FluentVariable } from "./fluent/index.js";

/** The page's languages, each named in its own words, in the order the picker shows them. */
export const LANGUAGES = [
  ["ja", "日本語"],
  ["en", "English"],
  ["de", "Deutsch"],
  ["nl", "Nederlands"],
  ["fi", "Suomi"],
  ["fr", "Français"],
] as const;

/** A language of the page. */
export type Lang = (typeof LANGUAGES)[number][0];

/**
 * The pseudo-language of the tests (`?lang=qps`): English with every letter accented and every
 * piece of a message's text in ⟦ ⟧, and data in Unicode isolates, so that a text on the page
 * that shows none of these came from no catalog.
 */
export const PSEUDO = "qps";

const KEY = "koma.lang";
/** The language a `?lang=` gave this tab (kept while it goes from page to page). */
const TAB_KEY = "koma.tab-lang";

function session(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function remember(key: string, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // storage forbidden: the pseudo-language lasts for this page
  }
}
let bundle: FluentBundle | null = null;
let current: Lang = "en";
let pseudo = false;

/** A message's arguments: numbers and strings (data, never words of the page). */
export type Args = Record<string, FluentVariable>;

function isLang(code: string | null | undefined): code is Lang {
  return LANGUAGES.some(([c]) => c === code);
}

/** The language the reader chose on this browser, if any. */
function chosen(): Lang | null {
  try {
    const saved = localStorage.getItem(KEY);
    return isLang(saved) ? saved : null;
  } catch {
    return null;
  }
}

/** The first of the browser's languages the page speaks (`de-AT` is `de`), else English. */
export function browserLanguage(): Lang {
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag.toLowerCase().split("-")[0];
    if (isLang(base)) return base;
  }
  return "en";
}

/** The language the page speaks now. */
export function language(): Lang {
  return current;
}

const ACCENTED: Record<string, string> = Object.fromEntries(
  [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"].map((c, i) => [c, [..."áƀçďéƒĝĥíĵķĺɱñóþʠŕšţúṽŵẋýžÁƁÇĎÉƑĜĤÍĴĶĹṀÑÓÞǪŔŠŢÚṼŴẊÝŽ"][i]!]),
);

function accent(text: string): string {
  return text.trim() === "" ? text : `⟦${text.replace(/[A-Za-z]/g, (c) => ACCENTED[c]!)}⟧`;
}

/** Loads the catalog of the page's language: `?lang=` (tests), the reader's choice, the browser's. */
export async function loadCatalog(): Promise<void> {
  // `?lang=` (a link's, a test's) holds for the tab while it goes from page to page.
  const given = new URLSearchParams(location.search).get("lang");
  if (given === PSEUDO || isLang(given)) remember(TAB_KEY, given);
  const asked = given ?? session(TAB_KEY);
  pseudo = asked === PSEUDO;
  current = isLang(asked) ? asked : (chosen() ?? browserLanguage());
  if (pseudo) current = "en";
  const response = await fetch(`/assets/i18n-${current}.ftl`);
  if (!response.ok) throw new Error(`the catalog of '${current}' is missing (${response.status})`);
  const resource = new FluentResource(await response.text());
  bundle = pseudo
    ? new FluentBundle("en", { transform: accent, useIsolating: true })
    : new FluentBundle(current, { useIsolating: false });
  const errors = bundle.addResource(resource);
  for (const e of errors) console.error(`catalog ${current}: ${e.message}`);
  document.documentElement.lang = pseudo ? "en" : current;
  localize(document);
}

/** The message `id` of the catalog, formatted with `args`; a missing one shows its id. */
export function t(id: string, args?: Args): string {
  const message = bundle?.getMessage(id);
  if (!message?.value) {
    console.error(`no message '${id}' in the catalog of '${current}'`);
    return id;
  }
  const errors: Error[] = [];
  const text = bundle!.formatPattern(message.value, args ?? null, errors);
  for (const e of errors) console.error(`message '${id}': ${e.message}`);
  return text;
}

/** Whether the catalog has the message `id` (a server's error code may be new to it). */
export function hasMessage(id: string): boolean {
  return bundle?.hasMessage(id) ?? false;
}

/** Fills the elements of `root` that name a message: `data-l10n="id"` sets their text. */
export function localize(root: ParentNode): void {
  if (root === document) document.title = t("page-title");
  for (const el of root.querySelectorAll<HTMLElement>("[data-l10n]")) el.textContent = t(el.dataset.l10n!);
}

/** Keeps `lang` as the reader's language on this browser and shows the page in it. */
export function chooseLanguage(lang: Lang): void {
  try {
    localStorage.setItem(KEY, lang);
  } catch {
    // storage forbidden: the choice lasts for this page
  }
  remember(TAB_KEY, null);
  if (lang === current && !pseudo) return;
  const url = new URL(location.href);
  url.searchParams.delete("lang");
  history.replaceState(history.state, "", url.toString());
  location.reload();
}

/** Whether the page runs in the pseudo-language of the tests. */
export function isPseudo(): boolean {
  return pseudo;
}
