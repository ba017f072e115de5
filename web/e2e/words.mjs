// What the language tests share (i18n.mjs, i18n-tournament.mjs): the served catalogs' plain
// messages, and the elements of a page wider than its window.
import { BASE } from "./harness.mjs";
import { fail } from "./http.mjs";

/** The served catalogs by language (fetched once). */
const catalogs = new Map();

/** The value of message (or term) `id` in the served catalog of `lang`, a one-line message:
 *  its variables filled from `args`, the one-line terms it uses (`{ -round }`) put in. */
export async function served(lang, id, args = {}) {
  if (!catalogs.has(lang)) catalogs.set(lang, (await (await fetch(`${BASE}/assets/i18n-${lang}.ftl`)).text()).split("\n"));
  const line = catalogs.get(lang).find((l) => l.startsWith(`${id} =`));
  if (!line) fail(`the ${lang} catalog has no plain message ${id}`);
  let text = line.slice(id.length + 2).trim();
  for (const [, term] of text.matchAll(/\{ (-[a-z-]+) \}/g)) text = text.replace(`{ ${term} }`, await served(lang, term));
  for (const [, name] of text.matchAll(/\{ \$([a-z]+) \}/g)) {
    if (!(name in args)) fail(`${lang} ${id}: no value for $${name}`);
    text = text.replace(`{ $${name} }`, String(args[name]));
  }
  if (text.includes("{")) fail(`${lang} ${id}: '${text}' is no plain message`);
  return text;
}

/** The elements wider than the page's window, outside boxes that scroll sideways (run in the page). */
export function overflowing() {
  const width = document.documentElement.clientWidth;
  const found = [];
  const scrolls = (el) => {
    for (let a = el.parentElement; a; a = a.parentElement) {
      const x = getComputedStyle(a).overflowX;
      if (x === "auto" || x === "scroll" || x === "hidden") return a !== document.body && a !== document.documentElement;
    }
    return false;
  };
  for (const el of document.body.querySelectorAll("*")) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.right <= width + 1 || !el.checkVisibility()) continue;
    if (scrolls(el)) continue;
    // Report the outermost: skip an element whose parent overflows too.
    const parent = el.parentElement?.getBoundingClientRect();
    if (parent && parent.right > width + 1 && !scrolls(el.parentElement)) continue;
    found.push(`${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${typeof el.className === "string" && el.className ? `.${el.className.split(" ")[0]}` : ""} ends at ${Math.round(box.right)} px: ${(el.textContent ?? "").trim().slice(0, 40)}`);
  }
  if (document.documentElement.scrollWidth > width + 1) found.push(`the page is ${document.documentElement.scrollWidth} px wide`);
  return found;
}
