// A tournament round in Japanese and German, on a laptop and a phone.
//
//   KOMA_URL=http://127.0.0.1:8099 node i18n-tournament.mjs   (KOMA_ARTIFACTS as play.mjs)
//
// A director on a laptop reads the page in German (`?lang=de` on his first page: the tab keeps
// it) and creates a one-round online Swiss on /tournaments. Two players sign up and join it
// from its page: one on a laptop in Japanese (`?lang=ja`), one on a phone (390×844, taps) in
// German. The director starts round 1; each player reaches his game by the pairings' link
// ("対局する", "Ihre Partie spielen"); they greet each other (each reads the other's
// greeting in his own words), play three moves, the Japanese player resigns with 負けました,
// and they thank each other. Back on the tournament page each reader sees the finished event,
// the result and the standings in his language, as the served catalogs word them; the
// Japanese player opens the round's printable pairings from his page, whose title, heading
// and columns are Japanese. On every page visited nothing is wider than the window.
// Screenshots (i18n-tournament-*.png): the tournament page and the game of both players at
// their own size and at the other's, the print page at both.
import path from "node:path";
import { ARTIFACTS, BASE, log, newPlayer, runTests, signUp, waitText } from "./harness.mjs";
import { fail } from "./http.mjs";
import { createTournament, startFromPage, until, view } from "./tournament-page.mjs";
import { overflowing, served } from "./words.mjs";

const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const EVENT = "Herbst-Swiss 秋季大会";

async function shot(page, name) {
  await page.screenshot({ path: path.join(ARTIFACTS, `i18n-tournament-${name}.png`), fullPage: true });
}

/** Fails if anything on `p`'s page is wider than its window; `what` names the screen. */
async function fits(p, what) {
  const wide = await p.page.evaluate(overflowing);
  if (wide.length) fail(`${p.page.koma} ${what}: wider than the window (${p.page.viewportSize().width} px): ${wide.join("; ")}`);
}

/** Fails if a table of `p`'s tournament page is cut at its box's edge (it would scroll sideways). */
async function tablesFit(p, what) {
  const cut = await p.page.evaluate(() => [...document.querySelectorAll(".table-wrap")].filter((w) => w.scrollWidth > w.clientWidth + 1).map((w) => `${w.querySelector("table").id} (${w.scrollWidth} px in ${w.clientWidth})`));
  if (cut.length) fail(`${p.page.koma} ${what}: tables cut off at ${p.page.viewportSize().width} px: ${cut.join(", ")}`);
}

/** Waits until `selector`'s text is exactly `text`. */
async function exactText(page, selector, text) {
  try {
    await page.waitForFunction(([sel, t]) => document.querySelector(sel)?.textContent?.trim() === t, [selector, text]);
  } catch {
    const now = await page.locator(selector).first().textContent({ timeout: 1000 }).catch(() => "(missing)");
    fail(`${page.koma}: ${selector} should say '${text}' but says '${now?.trim()}'`);
  }
}

/** A reader: his page, his language, whether he taps (a phone), his account's name. */
async function reader(browser, label, lang, size, name) {
  const phone = size === PHONE;
  const page = await newPlayer(browser, label, size, phone ? { isMobile: true, hasTouch: true } : {});
  const p = { page, lang, phone, name, press: (sel) => (phone ? page.tap(sel) : page.click(sel)) };
  await page.goto(`${BASE}/?lang=${lang}#`);
  await signUp(page, name);
  if ((await page.evaluate(() => document.documentElement.lang)) !== lang) fail(`${label}: the page is not in ${lang} after signing up`);
  await fits(p, "home");
  return p;
}

/** Waits until `p`'s chat shows the greeting line `text`. */
async function greetingSeen(p, text) {
  try {
    await p.page.waitForFunction((w) => [...document.querySelectorAll("#chat li.greeting")].some((li) => li.textContent.trim() === w), text);
  } catch {
    const lines = await p.page.locator("#chat li.greeting").allTextContents();
    fail(`${p.page.koma}: the chat should show the greeting '${text}', it shows ${JSON.stringify(lines)}`);
  }
}

/** Each of `players` greets with `#greet-<which>` in turn; each reads the other's greeting in his own words. */
async function greet(players, which) {
  for (const p of players) {
    await p.page.locator(`#greet-${which}`).waitFor();
    await exactText(p.page, `#greet-${which}`, await served(p.lang, `game-greet-${which}`));
    await p.press(`#greet-${which}`);
  }
  for (const p of players) {
    for (const q of players) await greetingSeen(p, await served(p.lang, `game-greeting-line-${which}`, { name: q.name }));
  }
}

/** What the finished round shows on `p`'s tournament page, worded by his catalog: the status,
 *  the standings (the winner first with 1 point) and the board's result. */
async function checkTournamentPage(p, winner, result) {
  const page = p.page;
  await exactText(page, "#t-status", await served(p.lang, "tournament-status-finished"));
  await exactText(page, "#standings h2", await served(p.lang, "tournament-standings-title"));
  await exactText(page, "#standings-table thead th:nth-child(3)", await served(p.lang, "tournament-col-score"));
  await exactText(page, "#standings-table tbody tr:first-child td.name", winner.name);
  await exactText(page, "#standings-table tbody tr:first-child td.score", "1");
  await exactText(page, "#rounds details[data-round='1'] summary", `${await served(p.lang, "tournament-round-title", { number: 1 })} ${await served(p.lang, "tournament-round-progress", { done: 1, total: 1 })}`);
  await exactText(page, "#round-1 td.result", await served(p.lang, `tournament-result-${result}`));
  await exactText(page, "#round-1 td.links a", await served(p.lang, "tournament-replay"));
  await fits(p, "tournament after the round");
  await tablesFit(p, "tournament after the round");
}

async function aRoundInJapaneseAndGerman(browser) {
  // The director makes the event while the players sign up.
  const [boss, ja, de] = await Promise.all([
    // Names of the same width on every run (each run has a server of its own): the tables'
    // fit at 390 px is then the words' doing, not a random suffix's.
    reader(browser, "de-director", "de", LAPTOP, "Leitung_1"),
    reader(browser, "ja-laptop", "ja", LAPTOP, "Tanaka_Ken"),
    reader(browser, "de-phone", "de", PHONE, "Mueller_Jan"),
  ]);
  const director = boss.page;
  const id = await createTournament(director, { name: EVENT, format: "swiss", rounds: 1 });
  const url = `${BASE}/tournaments/${encodeURIComponent(id)}`;
  await exactText(director, "#t-status", await served("de", "tournament-status-entries"));
  await fits(boss, "tournament");
  for (const p of [ja, de]) {
    await p.page.goto(url);
    await exactText(p.page, "#join", await served(p.lang, "tournament-join"));
    await fits(p, "tournament before joining");
    await p.press("#join");
    await exactText(p.page, "#withdraw-self", await served(p.lang, "tournament-withdraw"));
  }
  log("a director in German, players in Japanese (laptop) and German (phone) joined on the page");

  const v = await startFromPage(director, id, 2);
  const b = v.rounds[0].boards[0];
  const nameOf = (n) => v.players[n - 1].username.toLowerCase();
  const sente = nameOf(b.sente) === ja.name.toLowerCase() ? ja : de;
  const gote = sente === ja ? de : ja;
  if (nameOf(b.gote) !== gote.name.toLowerCase()) fail(`round 1 pairs ${nameOf(b.sente)} – ${nameOf(b.gote)}`);

  // Each reaches his game by the pairings' link, as it says in his language.
  for (const p of [ja, de]) {
    await exactText(p.page, "#round-1 a.play", await served(p.lang, "tournament-play-your-game"));
    await p.press("#round-1 a.play");
    await p.page.waitForURL((u) => u.hash.includes(`game=${encodeURIComponent(b.game)}`));
    await p.page.locator("#resign").waitFor();
    await fits(p, "game");
  }
  await greet([ja, de], "start");
  log(`${sente.page.koma} plays sente; greeted before the game, each in his own words`);

  for (const [i, [from, to]] of [["7g", "7f"], ["3c", "3d"], ["2g", "2f"]].entries()) {
    const mover = i % 2 === 0 ? sente : gote;
    await mover.press(`[data-square="${from}"]`);
    await mover.press(`[data-square="${to}"]`);
    for (const p of [ja, de]) await p.page.waitForSelector(`#record [data-ply="${i + 1}"][data-usi="${from}${to}"]`);
  }
  await ja.press("#resign");
  await exactText(ja.page, '[data-confirm="yes"]', "負けました");
  await exactText(ja.page, '[data-confirm="yes"]', await served("ja", "game-resign-yes"));
  await ja.press('[data-confirm="yes"]');
  for (const p of [ja, de]) await p.page.locator("#resign").waitFor({ state: "hidden" });
  await greet([de, ja], "end");
  for (const p of [ja, de]) {
    await fits(p, "game over");
    await shot(p.page, `${p.lang}-${p.phone ? "phone" : "laptop"}-game`);
  }
  log("three moves by clicks and taps, resigned with 負けました, thanked each other");

  // Back to the tournament's page: the finished event in each reader's words.
  const result = de === sente ? "sente" : "gote";
  await until(id, "the Swiss finished", (now) => now.status === "finished");
  for (const p of [ja, de]) {
    await p.page.goBack();
    await p.page.waitForURL(url);
    await checkTournamentPage(p, de, result);
    await shot(p.page, `${p.lang}-${p.phone ? "phone" : "laptop"}-tournament`);
  }
  await exactText(director, "#t-status", await served("de", "tournament-status-finished"));
  await exactText(director, "#standings h2", await served("de", "tournament-standings-title"));
  await fits(boss, "tournament after the round");
  log("the tournament page shows the finished round and the standings in Japanese and German");

  // The Japanese player's printable pairings, opened from his page.
  const [print] = await Promise.all([ja.page.context().waitForEvent("page"), ja.press(".print-link")]);
  print.koma = "ja-print";
  await print.waitForSelector("#print-table");
  const pr = { page: print, lang: "ja" };
  if ((await print.evaluate(() => document.documentElement.lang)) !== "ja") fail("the print page opened from the Japanese page is not in Japanese");
  const title = await served("ja", "tournament-print-page-title", { name: EVENT, number: 1 });
  await print.waitForFunction((t) => document.title === t, title).catch(async () => fail(`print: the title is '${await print.title()}', not '${title}'`));
  await exactText(print, ".print h2", await served("ja", "tournament-round-title", { number: 1 }));
  await exactText(print, "#print-table th:nth-child(1)", await served("ja", "tournament-col-board"));
  await exactText(print, "#print-table th:nth-child(4)", await served("ja", "tournament-col-result"));
  await fits(pr, "print");
  await shot(print, "ja-laptop-print");

  // Each page at the other's size.
  await ja.page.setViewportSize(PHONE);
  await de.page.setViewportSize(LAPTOP);
  await print.setViewportSize(PHONE);
  for (const p of [ja, de]) {
    await fits(p, "tournament at the other size");
    await tablesFit(p, "tournament at the other size");
    await shot(p.page, `${p.lang}-${p.phone ? "laptop" : "phone"}-tournament`);
  }
  await fits(pr, "print at phone size");
  await shot(print, "ja-phone-print");
  for (const p of [ja, de]) {
    await p.page.goForward();
    await p.page.locator("#chat li.greeting").first().waitFor();
    await fits(p, "game at the other size");
    await shot(p.page, `${p.lang}-${p.phone ? "laptop" : "phone"}-game`);
  }
  log("the tournament, the game and the print page fit at both sizes");
  for (const page of [director, ja.page, de.page]) await page.context().close();
}

await runTests([["a tournament round in Japanese and German", aRoundInJapaneseAndGerman]], "i18n-tournament-");
