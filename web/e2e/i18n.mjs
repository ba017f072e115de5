// The page in its languages.
//
//   KOMA_URL=http://127.0.0.1:8099 node i18n.mjs     (KOMA_ARTIFACTS, KOMA_E2E_ONLY as play.mjs)
//
// 1. Every screen in the pseudo-language (`?lang=qps`: each piece of a catalog's text accented
//    in ⟦ ⟧, its data in Unicode isolates): home, settings, lobby, review, studies and a study,
//    sign-up, log-in, account, profile, a game against the engine and the same game over, its
//    kansōsen room, the tournaments and a tournament, a Minishogi game, Chu. On each, no visible
//    text, placeholder, title or aria-label outside `translate="no"` holds a letter that came
//    from no catalog; the page's own error log stays empty (a missing message logs one).
// 2. A browser set to Japanese gets the Japanese page on its first visit (the served ja
//    catalog's words in the top bar, <html lang="ja">).
// 3. A player who picks Deutsch on one device (a laptop in English) gets German on another
//    (a phone set to Finnish) once he logs in there.
import path from "node:path";
import { ARTIFACTS, BASE, PASSWORD, log, newPlayer, runTests, waitText } from "./harness.mjs";
import { fail } from "./http.mjs";

const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function shot(page, name) {
  await page.screenshot({ path: path.join(ARTIFACTS, `i18n-${name}.png`), fullPage: true });
}

/** The texts of the page that came from no catalog (run in the page). */
function untranslated() {
  const fromCatalogs = (text) => {
    let rest = text;
    for (let before = ""; before !== rest; ) {
      before = rest;
      rest = rest.replace(/\u2068[^\u2068\u2069]*\u2069/g, "");
    }
    rest = rest.replace(/⟦[^⟧]*⟧/g, "");
    return !/\p{L}/u.test(rest);
  };
  const skipped = (el) => el.closest('[translate="no"], script, style, noscript, svg.defs');
  const found = [];
  const name = (el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${el.className && typeof el.className === "string" ? `.${el.className.split(" ")[0]}` : ""}`;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || skipped(el) || node.data.trim() === "") continue;
    const visible = el.tagName === "OPTION" ? el.closest("select")?.checkVisibility() : el.checkVisibility();
    if (visible && !fromCatalogs(node.data)) found.push(`${name(el)}: ${node.data.trim()}`);
  }
  for (const el of document.querySelectorAll("[placeholder], [title], [aria-label]")) {
    if (skipped(el)) continue;
    for (const attribute of ["placeholder", "title", "aria-label"]) {
      const value = el.getAttribute(attribute);
      if (value && !fromCatalogs(value)) found.push(`${name(el)}[${attribute}]: ${value}`);
    }
  }
  if (!fromCatalogs(document.title)) found.push(`title: ${document.title}`);
  return found;
}

/** Fails if the screen shows a text from no catalog; `what` names the screen. */
async function allFromCatalogs(page, what, problems) {
  await page.waitForTimeout(300);
  const found = await page.evaluate(untranslated);
  for (const text of found) problems.push(`${what}: ${text}`);
  log(`${what}: ${found.length ? `${found.length} texts from no catalog` : "every text from a catalog"}`);
}

/** `path` (with its `#hash`) in the pseudo-language. */
const pseudo = (path) => {
  const [before, hash] = path.split("#");
  const url = new URL(`${BASE}${before}`);
  url.searchParams.set("lang", "qps");
  return `${url}${hash !== undefined ? `#${hash}` : ""}`;
};

async function everyScreenFromCatalogs(browser) {
  const problems = [];
  const page = await newPlayer(browser, "reader", LAPTOP);
  await page.goto(pseudo("/#"));
  await page.locator("#create").waitFor();
  await allFromCatalogs(page, "home", problems);
  await page.goto(pseudo("/#lobby"));
  await page.waitForTimeout(500);
  await allFromCatalogs(page, "lobby (guest)", problems);
  await page.goto(pseudo("/#review"));
  await allFromCatalogs(page, "review", problems);
  await page.goto(pseudo("/#login"));
  await allFromCatalogs(page, "log-in", problems);
  await page.goto(pseudo("/#signup"));
  await allFromCatalogs(page, "sign-up", problems);
  const name = `qps${Date.now() % 100000}`;
  await page.fill("#signup-username", name);
  await page.fill("#signup-password", PASSWORD);
  await page.fill("#signup-password2", PASSWORD);
  await page.click("#signup-submit");
  await waitText(page, "#account-link", name);
  await page.goto(pseudo("/#account"));
  await page.waitForTimeout(500);
  await allFromCatalogs(page, "account", problems);
  await page.goto(pseudo("/#lobby"));
  await page.waitForTimeout(500);
  await allFromCatalogs(page, "lobby", problems);
  await page.goto(pseudo("/#studies"));
  await page.locator("#create-study").waitFor();
  await allFromCatalogs(page, "studies", problems);
  await page.fill("#study-name", "Q");
  await page.click("#create-study");
  await page.waitForURL(/#study=/);
  await page.waitForTimeout(800);
  await allFromCatalogs(page, "study", problems);

  // A game against the engine made on the home page, then over, then its room.
  await page.goto(pseudo("/#"));
  await page.selectOption("#opponent", "engine");
  await page.selectOption("#level", "depth:1");
  await page.fill("#time-control", "none");
  await page.click("#create");
  await page.waitForURL(/token=/);
  await page.locator("svg.board").waitFor();
  await page.waitForTimeout(800);
  await allFromCatalogs(page, "game", problems);
  await page.click("#settings-button");
  await allFromCatalogs(page, "settings", problems);
  await page.keyboard.press("Escape");
  await page.click("#resign");
  await allFromCatalogs(page, "resign question", problems);
  await page.click('[data-confirm="yes"]');
  await page.locator("#room-link").waitFor();
  await allFromCatalogs(page, "game over", problems);
  await shot(page, "pseudo-game-over");
  await page.click("#room-link");
  await page.waitForURL(/#room=/);
  await page.waitForTimeout(800);
  await allFromCatalogs(page, "kansōsen room", problems);
  await page.goto(pseudo(`/#@/${name}`));
  await page.waitForTimeout(800);
  await allFromCatalogs(page, "profile", problems);

  // The variants: a Minishogi game, and Chu.
  await page.goto(pseudo("/#"));
  await page.selectOption("#opponent", "engine");
  await page.selectOption("#variant", "minishogi");
  await page.selectOption("#level", "depth:1");
  await page.fill("#time-control", "none");
  await page.click("#create");
  await page.waitForURL(/token=/);
  await page.locator("svg.board").waitFor();
  await page.waitForTimeout(500);
  await allFromCatalogs(page, "minishogi game", problems);
  await page.goto(pseudo("/#chu"));
  await page.locator("svg.board").waitFor();
  await page.waitForTimeout(800);
  await allFromCatalogs(page, "chu", problems);

  // The tournaments: the list with its form, then a tournament made there.
  await page.goto(pseudo("/tournaments"));
  await page.locator("#t-create").waitFor();
  await allFromCatalogs(page, "tournaments", problems);
  await page.fill("#t-name", "Q cup");
  await page.click("#t-create");
  await page.waitForURL(/\/tournaments\/[^/?#]+/);
  await page.waitForTimeout(800);
  await allFromCatalogs(page, "tournament", problems);
  await shot(page, "pseudo-tournament");
  if (problems.length) fail(`texts from no catalog:\n  ${problems.join("\n  ")}`);
}

/** The value of message `id` in the served catalog of `lang` (a plain one-line message). */
async function served(lang, id) {
  const text = await (await fetch(`${BASE}/assets/i18n-${lang}.ftl`)).text();
  const line = text.split("\n").find((l) => l.startsWith(`${id} =`));
  if (!line) fail(`the ${lang} catalog has no plain message ${id}`);
  return line.slice(id.length + 2).trim();
}

async function japaneseBrowserFirstVisit(browser) {
  const page = await newPlayer(browser, "japanese", LAPTOP, { locale: "ja-JP" });
  await page.goto(`${BASE}/`);
  await page.locator("#create").waitFor();
  const lobby = await served("ja", "nav-lobby");
  await waitText(page, "#lobby-link", lobby);
  const lang = await page.evaluate(() => document.documentElement.lang);
  if (lang !== "ja") fail(`<html lang="${lang}">, not ja`);
  await shot(page, "ja-first-visit");
}

async function choiceFollowsThePlayer(browser) {
  const laptop = await newPlayer(browser, "laptop", LAPTOP, { locale: "en-US" });
  const name = `lang${Date.now() % 100000}`;
  await laptop.goto(`${BASE}/#signup`);
  await laptop.fill("#signup-username", name);
  await laptop.fill("#signup-password", PASSWORD);
  await laptop.fill("#signup-password2", PASSWORD);
  await laptop.click("#signup-submit");
  await waitText(laptop, "#account-link", name);
  await waitText(laptop, "#lobby-link", await served("en", "nav-lobby"));
  await laptop.selectOption("#language", "de");
  await waitText(laptop, "#lobby-link", await served("de", "nav-lobby"));
  const phone = await newPlayer(browser, "phone", PHONE, { locale: "fi-FI", isMobile: true, hasTouch: true });
  await phone.goto(`${BASE}/`);
  await waitText(phone, "#lobby-link", await served("fi", "nav-lobby"));
  await phone.goto(`${BASE}/#login`);
  await phone.fill("#login-username", name);
  await phone.fill("#login-password", PASSWORD);
  await phone.click("#login-submit");
  await waitText(phone, "#lobby-link", await served("de", "nav-lobby"));
  const lang = await phone.evaluate(() => document.documentElement.lang);
  if (lang !== "de") fail(`the phone's page is in ${lang}, not de`);
  await shot(phone, "de-on-the-phone");
}

await runTests([
  ["every screen's text comes from a catalog", everyScreenFromCatalogs],
  ["a Japanese browser gets the Japanese page", japaneseBrowserFirstVisit],
  ["a player's language follows him to another device", choiceFollowsThePlayer],
], "i18n-");
