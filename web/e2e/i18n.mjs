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
//    catalog's words in the top bar, <html lang="ja">); a first visit's move notation is the
//    language's (Japanese, German, else Western).
// 3. The longest language (the most characters in its catalog) and Japanese at 360 px (a small
//    phone): on each screen of 1., nothing is wider than the screen, unless it sits in a box
//    that scrolls sideways (a wide table).
// 4. A game between a Japanese reader on a laptop and a German one on a phone, made and joined
//    on the page: each greets the other before the game (よろしくお願いします) and each reads
//    the other's greeting in his own language; they play by clicks and taps; the Japanese
//    player resigns with 負けました; after the game they thank each other the same way.
//    Screenshots of both, each also at the other's size.
// 5. A player who picks Deutsch on one device (a laptop in English) gets German on another
//    (a phone set to Finnish) once he logs in there.
import path from "node:path";
import { ARTIFACTS, BASE, PASSWORD, log, newPlayer, runTests, signUp, startEngineGame, waitText } from "./harness.mjs";
import { fail } from "./http.mjs";
import { overflowing, served } from "./words.mjs";

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
  // Text a style sheet puts before or after an element (`content: "..."`).
  for (const el of document.body.querySelectorAll("*")) {
    if (skipped(el) || !el.checkVisibility()) continue;
    for (const part of ["::before", "::after"]) {
      const content = getComputedStyle(el, part).content;
      for (const m of content.matchAll(/"((?:[^"\\]|\\.)*)"/g)) {
        if (!fromCatalogs(m[1])) found.push(`${name(el)}${part}: ${m[1]}`);
      }
    }
  }
  for (const el of document.querySelectorAll("[placeholder], [title], [aria-label], [data-empty]")) {
    if (skipped(el)) continue;
    for (const attribute of ["placeholder", "title", "aria-label", "data-empty"]) {
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
  // The tab keeps the pseudo-language from page to page.
  const name = `qps${Date.now() % 100000}`;
  await signUp(page, name);
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

  // A game against the engine made on the home page (the tab keeps the pseudo-language),
  // then over, then its room.
  await startEngineGame(page);
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
  await startEngineGame(page, { variant: "minishogi" });
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

/** The language of the Latin alphabet whose served catalog's messages are the longest. */
async function longestLanguage() {
  let longest = ["", 0];
  for (const lang of ["en", "de", "nl", "fi", "fr"]) {
    const text = await (await fetch(`${BASE}/assets/i18n-${lang}.ftl`)).text();
    const chars = text.split("\n").filter((l) => !l.startsWith("#") && !l.startsWith("-")).join("").length;
    log(`${lang}: ${chars} characters of messages`);
    if (chars > longest[1]) longest = [lang, chars];
  }
  return longest[0];
}

/** The screens of the longest language and Japanese at 360 px, each without anything wider
 *  than the screen. */
async function everyLanguageFitsASmallPhone(browser) {
  const problems = [];
  for (const lang of [await longestLanguage(), "ja"]) {
    const page = await newPlayer(browser, `phone-${lang}`, { width: 360, height: 740 }, { isMobile: true, hasTouch: true });
    const at = (p) => {
      const [before, hash] = p.split("#");
      const url = new URL(`${BASE}${before}`);
      url.searchParams.set("lang", lang);
      return `${url}${hash !== undefined ? `#${hash}` : ""}`;
    };
    const check = async (what) => {
      await page.waitForTimeout(300);
      for (const p of await page.evaluate(overflowing)) problems.push(`${lang} ${what}: ${p}`);
    };
    const name = `fit${lang}${Date.now() % 100000}`;
    await page.goto(at("/#"));
    await signUp(page, name);
    for (const [what, p] of [["home", "/#"], ["lobby", "/#lobby"], ["review", "/#review"], ["studies", "/#studies"], ["account", "/#account"], ["profile", `/#@/${name}`], ["tournaments", "/tournaments"], ["chu", "/#chu"]]) {
      await page.goto(at(p));
      await page.waitForTimeout(500);
      await check(what);
    }
    await page.goto(at("/#"));
    await page.selectOption("#opponent", "engine");
    await page.selectOption("#level", "depth:1");
    await page.fill("#time-control", "10m+30s");
    await page.click("#create");
    await page.waitForURL(/token=/);
    await page.locator("svg.board").waitFor();
    await check("game");
    await page.click("#resign");
    await page.click('[data-confirm="yes"]');
    await page.locator("#room-link").waitFor();
    await check("game over");
    await shot(page, `360-${lang}-game-over`);
    await page.click("#room-link");
    await page.waitForURL(/#room=/);
    await check("kansōsen room");
    await page.goto(at("/tournaments"));
    await page.locator("#t-create").waitFor();
    await page.fill("#t-name", `Cup ${lang}`);
    await page.click("#t-create");
    await page.waitForURL(/\/tournaments\/[^/?#]+/);
    await check("tournament");
    await shot(page, `360-${lang}-tournament`);
    await page.context().close();
  }
  if (problems.length) fail(`wider than a 360 px screen:\n  ${problems.join("\n  ")}`);
}

/** Plays `from`-`to` by two clicks (taps on a phone) and waits until the board shows a piece there. */
async function play(page, from, to, phone) {
  const press = phone ? (sel) => page.tap(sel) : (sel) => page.click(sel);
  await press(`[data-square="${from}"]`);
  await press(`[data-square="${to}"]`);
  await page.waitForFunction((sq) => document.querySelector(`svg.board [data-at="${sq}"]`) !== null, to);
}

/** Waits until `page`'s chat shows a greeting line holding `words`. */
async function greetingSeen(page, words) {
  await page.waitForFunction((w) => [...document.querySelectorAll("#chat li.greeting")].some((li) => li.textContent.includes(w)), words);
}

async function aGameInJapaneseAndGerman(browser) {
  const ja = await newPlayer(browser, "ja-laptop", LAPTOP);
  const de = await newPlayer(browser, "de-phone", PHONE, { isMobile: true, hasTouch: true });
  await ja.goto(`${BASE}/?lang=ja#`);
  await ja.selectOption("#opponent", "person");
  await ja.selectOption("#side", "sente");
  await ja.fill("#time-control", "10m+30s");
  await ja.click("#create");
  const link = (await ja.locator("#invite-link").textContent())?.trim();
  if (!link?.includes("invite=")) fail(`ja: no invitation (${link})`);
  await de.goto(`${BASE}/?lang=de#`);
  await de.goto(link);
  await de.waitForURL(/token=/);
  await ja.locator("#greet-start").waitFor();
  const [jaStart, deStart] = [await served("ja", "-greeting-start"), await served("de", "-greeting-start")];
  if ((await ja.textContent("#greet-start")).trim() !== "よろしくお願いします") fail("ja: the greeting button does not say よろしくお願いします");
  await ja.click("#greet-start");
  await greetingSeen(de, deStart);
  await greetingSeen(ja, "よろしくお願いします");
  await de.tap("#greet-start");
  await greetingSeen(ja, "よろしくお願いします");
  log(`greetings before the game: ja reads よろしくお願いします, de reads ${deStart} (the ja glossary's own: ${jaStart})`);
  await play(ja, "7g", "7f", false);
  await play(de, "3c", "3d", true);
  await play(ja, "2g", "2f", false);
  await shot(ja, "ja-laptop-game");
  await shot(de, "de-phone-game");
  await ja.click("#resign");
  const yes = (await ja.textContent('[data-confirm="yes"]')).trim();
  if (yes !== "負けました") fail(`ja: resigning is confirmed with '${yes}', not 負けました`);
  await ja.click('[data-confirm="yes"]');
  await de.locator("#greet-end").waitFor();
  const deEnd = await served("de", "-greeting-end");
  await de.tap("#greet-end");
  await greetingSeen(ja, "ありがとうございました");
  await ja.click("#greet-end");
  await greetingSeen(de, deEnd);
  // A greeting made is not offered again, also after a reload.
  await ja.reload();
  await greetingSeen(ja, "ありがとうございました");
  if (!(await ja.isDisabled("#greet-end"))) fail("ja: after a reload the thanks he gave are offered again");
  await shot(ja, "ja-laptop-over");
  await shot(de, "de-phone-over");
  await ja.setViewportSize(PHONE);
  await de.setViewportSize(LAPTOP);
  await shot(ja, "ja-phone-over");
  await shot(de, "de-laptop-over");
  for (const [page, what] of [[ja, "ja"], [de, "de"]]) {
    const wide = await page.evaluate(overflowing);
    if (wide.length) fail(`${what}: wider than the screen: ${wide.join("; ")}`);
  }
  log("the game in ja and de: played, resigned with 負けました, thanked in each reader's words");
}

/** The move notation the settings show in a game begun on a first visit in `lang`. */
async function defaultNotation(browser, lang) {
  const page = await newPlayer(browser, `notation-${lang}`, LAPTOP, { defaultNotation: true });
  await page.goto(`${BASE}/?lang=${lang}#`);
  await page.selectOption("#opponent", "engine");
  await page.click("#create");
  await page.waitForURL(/token=/);
  await page.click("#settings-button");
  const notation = await page.locator("#set-notation").inputValue();
  await page.context().close();
  return notation;
}

async function japaneseBrowserFirstVisit(browser) {
  for (const [lang, want] of [["ja", "japanese"], ["de", "german"], ["en", "western"], ["fi", "western"]]) {
    const notation = await defaultNotation(browser, lang);
    if (notation !== want) fail(`a first visit in ${lang} shows moves in ${notation} notation, not ${want}`);
  }
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
  await signUp(laptop, name);
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
  ["the longest language fits a 360 px screen", everyLanguageFitsASmallPhone],
  ["a Japanese browser gets the Japanese page", japaneseBrowserFirstVisit],
  ["a player's language follows him to another device", choiceFollowsThePlayer],
  ["a game in Japanese and German, with the greetings", aGameInJapaneseAndGerman],
], "i18n-");
