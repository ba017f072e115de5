// The pieces set up one by one before a game, in the traditional orders (駒の並べ方).
//
//   KOMA_URL=http://127.0.0.1:8099 node setup-order.mjs     (KOMA_ARTIFACTS, KOMA_E2E_ONLY as play.mjs)
//
// A player starts a game against the engine with the setting off: the whole board at once
// (he resigns each game before the next: a client holds only a few against the engine).
// In the game's settings he chooses 大橋流 and starts another game from the home page: the
// board starts empty and each piece appears alone, at about 120 ms a piece, in the Ōhashi
// order (sente's piece, then gote's same piece), under a line naming the order; then the same
// with 伊藤流; then a click on the board during the setting-up shows the whole board at once.
// A watcher installed before the page loads records each square's first piece as drawn.
import path from "node:path";
import { ARTIFACTS, log, newPlayer, runTests, squareBox, startEngineGame, waitText } from "./harness.mjs";
import { fail } from "./http.mjs";

/*
 * Sente's pieces in each order; gote places the same piece on the square turned about the
 * centre. From 趣味将棋事始「将棋の駒の並べ方」(http://www.watv.ne.jp/anne/shogi/moral/sort.html),
 * the same as http://www.nakajim.net/masg/将棋の駒の並べ方.html: the numbers of its diagrams.
 * 大橋流: 玉 金 金 銀 銀 桂 桂 香 香 角 飛, then the pawns from the centre, left before right.
 * 伊藤流: 玉 金 金 銀 銀 桂 桂, the pawns from sente's left (the 9 file) to the right, then 香 香 角 飛.
 */
const OHASHI = [
  ["5i", "K"], ["6i", "G"], ["4i", "G"], ["7i", "S"], ["3i", "S"], ["8i", "N"], ["2i", "N"], ["9i", "L"], ["1i", "L"], ["8h", "B"], ["2h", "R"],
  ["5g", "P"], ["6g", "P"], ["4g", "P"], ["7g", "P"], ["3g", "P"], ["8g", "P"], ["2g", "P"], ["9g", "P"], ["1g", "P"],
];
const ITO = [
  ["5i", "K"], ["6i", "G"], ["4i", "G"], ["7i", "S"], ["3i", "S"], ["8i", "N"], ["2i", "N"],
  ["9g", "P"], ["8g", "P"], ["7g", "P"], ["6g", "P"], ["5g", "P"], ["4g", "P"], ["3g", "P"], ["2g", "P"], ["1g", "P"],
  ["9i", "L"], ["1i", "L"], ["8h", "B"], ["2h", "R"],
];

/** Both sides' pieces in order: sente's `5i sente K`, then gote's on the turned square. */
function bothSides(order) {
  const turned = (sq) => `${10 - Number(sq[0])}${"abcdefghi"[8 - "abcdefghi".indexOf(sq[1])]}`;
  return order.flatMap(([sq, kind]) => [`${sq} sente ${kind}`, `${turned(sq)} gote ${kind}`]);
}

async function shot(page, name) {
  await page.screenshot({ path: path.join(ARTIFACTS, `setup-order-${name}.png`) });
}

/** Picks `value` in the settings dialog's `select` and closes the dialog. */
async function setting(page, select, value) {
  await page.click("#settings-button");
  await page.selectOption(select, value);
  await page.keyboard.press("Escape");
}

/** The watcher: on every change of the page, the game board's pieces; each square's first
 *  piece in `komaAppeared` (with the time), the pieces drawn at each change in `komaCounts`. */
function watchTheBoard() {
  const seen = new Set();
  window.komaAppeared = [];
  window.komaCounts = [];
  new MutationObserver(() => {
    const pieces = [...document.querySelectorAll(".game-screen svg.board [data-at]")];
    if (!pieces.length) return;
    window.komaCounts.push(pieces.length);
    for (const p of pieces) {
      const sq = p.getAttribute("data-at");
      if (seen.has(sq)) continue;
      seen.add(sq);
      window.komaAppeared.push({ piece: `${sq} ${p.getAttribute("data-piece")}`, at: performance.now() });
    }
  }).observe(document, { childList: true, subtree: true });
}

/** Resigns the game (a client holds only a few undecided games against the engine). */
async function resign(page) {
  await page.click("#resign");
  await page.click('[data-confirm="yes"]');
  await waitText(page, "#status", "resign");
}

const watched = (page) => page.evaluate(() => ({ appeared: window.komaAppeared, counts: window.komaCounts }));

/** Starts a game with the setting on and checks the pieces come one by one in `order`. */
async function watchOrder(page, name, order, caption) {
  await startEngineGame(page, { side: "sente" });
  await waitText(page, "#setting-up", caption);
  await page.waitForFunction(() => window.komaAppeared.length >= 21);
  await shot(page, name);
  await page.waitForFunction(() => window.komaAppeared.length === 40 && !document.querySelector("#setting-up"), null, { timeout: 15_000 });
  const { appeared, counts } = await watched(page);
  const want = bothSides(order);
  const got = appeared.map((a) => a.piece);
  if (JSON.stringify(got) !== JSON.stringify(want)) fail(`${name}: the pieces came in the order\n  ${got.join(", ")}\nnot\n  ${want.join(", ")}`);
  // One piece at a time: each drawing adds at most one piece, from an empty board.
  const jumps = counts.filter((n, i) => n - (i ? counts[i - 1] : 0) > 1);
  if (jumps.length) fail(`${name}: several pieces appeared at once (pieces drawn: ${counts.join(" ")})`);
  // At the normal pace: about 120 ms between two pieces.
  const gaps = appeared.slice(1).map((a, i) => a.at - appeared[i].at).sort((x, y) => x - y);
  const median = gaps[gaps.length >> 1];
  if (median < 90 || median > 1000) fail(`${name}: ${median.toFixed(0)} ms between two pieces, not about 120`);
  log(`${name}: 40 pieces one by one in the order of the sources, ${median.toFixed(0)} ms apart; the line "${caption}" gone after`);
}

async function settingUpOrders(browser) {
  const page = await newPlayer(browser, "player", { width: 1024, height: 768 });
  await page.context().addInitScript(watchTheBoard);

  // The setting off (the default): the whole board at its first drawing.
  await startEngineGame(page, { side: "sente" });
  await page.waitForFunction(() => window.komaCounts.length > 0);
  const off = await watched(page);
  if (off.counts[0] !== 40) fail(`with the setting off the board first drew ${off.counts[0]} pieces, not 40`);
  if (await page.locator("#setting-up").count()) fail("with the setting off a line names an order");
  log("setting off: the whole board at once");
  await resign(page);

  await setting(page, "#set-setup", "ohashi");
  await watchOrder(page, "ohashi", OHASHI, "Ōhashi order (大橋流)");
  await resign(page);

  await setting(page, "#set-setup", "ito");
  await watchOrder(page, "ito", ITO, "Itō order (伊藤流)");
  await resign(page);

  // A click on the board skips to the whole board (and chooses no piece).
  await startEngineGame(page, { side: "sente" });
  await page.waitForFunction(() => window.komaAppeared.length >= 5);
  const box = await squareBox(page, "7g");
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  const now = await page.evaluate(() => ({
    pieces: document.querySelectorAll(".game-screen svg.board [data-at]").length,
    line: document.querySelector("#setting-up") !== null,
    selected: document.querySelectorAll(".game-screen .square.selected").length,
  }));
  if (now.pieces !== 40 || now.line) fail(`after a click during the setting-up the board shows ${now.pieces} pieces${now.line ? " and the order's line" : ""}`);
  if (now.selected) fail("the click that skipped the setting-up also chose a piece");
  await shot(page, "skipped");
  log("a click on the board: the whole board at once");
}

await runTests([["the setting-up orders", settingUpOrders]], "setup-order-");
