// The page's looks: its colours, the board and the piece sets, chosen in the settings and kept
// with the account.
//
//   KOMA_URL=http://127.0.0.1:8099 node looks.mjs     (KOMA_ARTIFACTS, KOMA_E2E_ONLY as play.mjs)
//
// A player signs up on a laptop and starts a game against the engine; in the settings he picks
// the dark colours (the page's background turns dark), the green board (the board's wood is
// drawn green), then each piece set: two carved kanji (sente's pawn 歩 over 兵, sente's king
// 玉将, gote's 王将), the international letters (P, K) and one kanji (歩). He logs in on a
// phone, which shows the page light at first: after the login it is dark, with the green
// board and the letters. Back to light on the phone, the background is light again.
import path from "node:path";
import { ARTIFACTS, BASE, PASSWORD, log, newPlayer, runTests, signUp, startEngineGame, waitText } from "./harness.mjs";
import { fail } from "./http.mjs";

const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function shot(page, name) {
  await page.screenshot({ path: path.join(ARTIFACTS, `looks-${name}.png`) });
}

/** The page's background, as the luminance (0 black, 1 white) of the body's colour. */
async function background(page) {
  return page.evaluate(() => {
    const [r, g, b] = getComputedStyle(document.body).backgroundColor.match(/\d+/g).map(Number);
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
  });
}

/** The board's wood colour as drawn: [r, g, b]. */
async function wood(page) {
  return page.evaluate(() => getComputedStyle(document.querySelector("svg.board .board-wood")).fill.match(/\d+/g).map(Number));
}

/** The texts drawn on the piece at `square`. */
async function pieceTexts(page, square) {
  return page.evaluate((sq) => [...document.querySelectorAll(`svg.board [data-at="${sq}"] text`)].map((t) => t.textContent), square);
}

/** Picks `value` in the settings dialog's `select` and closes the dialog. */
async function setting(page, select, value) {
  await page.click("#settings-button");
  await page.selectOption(select, value);
  await page.keyboard.press("Escape");
}

async function looksFollowThePlayer(browser) {
  const laptop = await newPlayer(browser, "laptop", LAPTOP);
  const name = `looks${Date.now() % 100000}`;
  await signUp(laptop, name);
  await startEngineGame(laptop, { side: "sente" });
  await laptop.locator("svg.board .board-wood").waitFor();
  if ((await background(laptop)) < 0.5) fail("laptop: the page starts dark");
  await setting(laptop, "#set-theme", "dark");
  if ((await background(laptop)) > 0.2) fail("laptop: the dark colours leave the background light");
  await setting(laptop, "#set-board", "green");
  const [r, g, b] = await wood(laptop);
  if (!(g > r && g > b)) fail(`laptop: the green board's wood is drawn rgb(${r}, ${g}, ${b})`);
  await setting(laptop, "#set-pieces", "kanji2");
  const pawn = await pieceTexts(laptop, "7g");
  const king = await pieceTexts(laptop, "5i");
  const gote = await pieceTexts(laptop, "5a");
  if (pawn.join("") !== "歩兵" || king.join("") !== "玉将" || gote.join("") !== "王将") fail(`laptop: two-kanji pieces read ${pawn} / ${king} / ${gote}`);
  await shot(laptop, "dark-green-kanji2");
  await setting(laptop, "#set-pieces", "international");
  if ((await pieceTexts(laptop, "7g")).join("") !== "P" || (await pieceTexts(laptop, "5i")).join("") !== "K") fail("laptop: the international set does not letter the pawn P and the king K");
  await shot(laptop, "dark-green-international");
  log("laptop: dark colours, green board, two-kanji and letter pieces drawn");

  const phone = await newPlayer(browser, "phone", PHONE, { isMobile: true, hasTouch: true });
  await phone.goto(`${BASE}/#login`);
  if ((await background(phone)) < 0.5) fail("phone: a first visit is dark");
  await phone.fill("#login-username", name);
  await phone.fill("#login-password", PASSWORD);
  await phone.click("#login-submit");
  await waitText(phone, "#account-link", name);
  await phone.waitForFunction(() => document.documentElement.dataset.theme === "dark");
  await startEngineGame(phone, { side: "sente" });
  await phone.locator("svg.board .board-wood").waitFor();
  if ((await background(phone)) > 0.2) fail("phone: the account's dark colours did not follow");
  const [r2, g2, b2] = await wood(phone);
  if (!(g2 > r2 && g2 > b2)) fail("phone: the account's green board did not follow");
  if ((await pieceTexts(phone, "7g")).join("") !== "P") fail("phone: the account's letter pieces did not follow");
  await shot(phone, "phone-followed");
  await setting(phone, "#set-theme", "light");
  if ((await background(phone)) < 0.5) fail("phone: the light colours leave the background dark");
  log("phone: the account's looks followed the player; light again when chosen");
}

await runTests([["the page's colours, board and pieces follow the player", looksFollowThePlayer]], "looks-");
