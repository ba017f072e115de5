// The review screen's imports in the system Chromium (playwright-core drives it).
//
//   KOMA_URL=http://127.0.0.1:8099 node records.mjs     (KOMA_ARTIFACTS: where screenshots go;
//   KOMA_E2E_ONLY: only the tests whose name contains it)
//
// 1. A KIF with comments (on the start, on moves) and variations (one nested in another):
//    the comments beside the moves as each is shown, the moves that carry them marked in the
//    list, a variation followed by a click and another by ↓, arrows stepping along the line
//    shown, back to the main line; exported as KIF, the text keeps comments and variations
//    and reads back to the same marks; exported as CSA, the page says what CSA dropped.
// 2. A Western move list (`1. P-7f P-3d 2. P-2f`) read as one, not as an empty game.
// 3. Text in no format, and a KIF with a bad line: refused with the reason and the line.
// 4. The analysis board: a move played by clicks on a position of the record becomes a
//    variation, a comment is written on it, an arrow and a circle drawn (by drag with the
//    switch on, and with the right button), the reply continues it; exported as KIF with the
//    variation and the comment; made the main line, then its last move deleted; moved back
//    down among the moves of its place.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ARTIFACTS, BASE, log, newPlayer, pageErrors, runTests, squareBox, waitText } from "./harness.mjs";

const RICH_KIF = await readFile(path.join(path.dirname(fileURLToPath(import.meta.url)), "../../crates/koma-notation/tests/data/rich.kif"), "utf8");

async function shot(page, name) {
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** The text of the move the record list shows as current. */
async function shownMove(page) {
  return (await page.locator("#record [aria-current] .text").textContent({ timeout: 2000 }).catch(() => null))?.trim() ?? null;
}

async function expectShown(page, ply, text) {
  await page.waitForFunction(
    ([p, t]) => {
      const el = document.querySelector("#record [aria-current]");
      return el?.getAttribute("data-ply") === String(p) && el.querySelector(".text")?.textContent?.trim() === t;
    },
    [ply, text],
    { timeout: 5000 },
  ).catch(async () => {
    throw new Error(`${page.koma}: move ${ply} ${text} should be shown, not ${await shownMove(page)}`);
  });
}

async function importText(page, text) {
  if (!page.url().endsWith("#review")) await page.goto(`${BASE}/#review`);
  // After an import the box is folded: open it again. The screen is drawn after the page
  // loads, so wait for the box before asking whether it is open (a click on a box not yet
  // asked about would fold the open one).
  const box = page.locator("details.import");
  await box.waitFor();
  if (!(await box.evaluate((d) => d.open))) await page.click("details.import > summary");
  await page.locator("#record-text").waitFor();
  await page.fill("#record-text", text);
  await page.click("#read-record");
}

/** Clicks the export button of `format` and returns the text downloaded. */
async function exported(page, format) {
  const [download] = await Promise.all([page.waitForEvent("download"), page.click(`.exports [data-format="${format}"]`)]);
  return readFile(await download.path(), "utf8");
}

async function commentsAndVariations(browser) {
  const page = await newPlayer(browser, "records", { width: 1280, height: 900 });
  await importText(page, RICH_KIF);
  await page.locator('#record [data-ply="4"]').waitFor();
  // The start's comment, and the moves with comments or variations marked as KIF marks them.
  await waitText(page, "#comment", "序盤の研究");
  await waitText(page, "#comment", "二行目のコメント");
  await page.locator("#record [data-start] .mark-comment").waitFor();
  await page.locator('#record [data-ply="1"] .mark-comment').waitFor();
  await page.locator('#record [data-ply="2"] .mark-variations').waitFor();
  await page.locator('#record [data-ply="3"] .mark-variations').waitFor();
  // The header's other entries, folded.
  await waitText(page, ".record-header", "対局ID");
  // The arrows step along the main line; each move's comment comes with it.
  await page.keyboard.press("ArrowRight");
  await expectShown(page, 1, "☗７六歩");
  await waitText(page, "#comment", "角道を開ける");
  await waitText(page, ".notes-here", "(0:10)");
  await page.keyboard.press("ArrowRight");
  await expectShown(page, 2, "☖３四歩");
  await waitText(page, "#comment", "No comment on this move.");
  await waitText(page, "#variations", "変化 Move 2:");
  await waitText(page, "#variations", "変化 Move 3:");
  await shot(page, "records-1-branches-listed");
  // Into the variation at move 3 by a click: its comment, the main line a click away.
  await page.locator("#variations button", { hasText: "６六歩" }).click();
  await expectShown(page, 3, "☗６六歩");
  await waitText(page, "#comment", "振り飛車含み");
  await page.locator("#main-line:visible").waitFor();
  await page.keyboard.press("ArrowRight");
  await expectShown(page, 4, "☖８四歩");
  // ↓ switches to the variation nested at move 4.
  await page.keyboard.press("ArrowDown");
  await expectShown(page, 4, "☖６二銀");
  await waitText(page, "#comment", "変化の中の変化");
  await waitText(page, "#variations", "６二銀");
  await shot(page, "records-2-nested-variation-comment");
  await page.keyboard.press("ArrowLeft");
  await expectShown(page, 3, "☗６六歩");
  // Back to the main line, at its start.
  await page.click("#main-line");
  await expectShown(page, 1, "☗７六歩");
  await page.locator("#main-line").waitFor({ state: "hidden" });
  await page.click('#record [data-ply="4"]');
  await waitText(page, "#comment", "居飛車");
  await waitText(page, "#record .result", "Gote wins");
  log("comments shown with their moves, variations followed and left");

  // KIF export: comments and variations in the text, and it reads back the same.
  const kif = await exported(page, "kif");
  for (const part of ["*序盤の研究", "*角道を開ける", "*振り飛車含み", "*変化の中の変化", "変化：3手", "変化：4手", "変化：2手", "&読み込み時表示", "対局ID：12345"]) {
    if (!kif.includes(part)) throw new Error(`the KIF export lacks '${part}':\n${kif}`);
  }
  // CSA export: said what it dropped, in the list and with a code.
  const csa = await exported(page, "csa");
  if (!csa.includes("'角道を開ける")) throw new Error(`the CSA export lacks the comment:\n${csa}`);
  await waitText(page, "#record-warnings", "CSA export: 3 variations dropped: CSA has no variations");
  await waitText(page, '#record-warnings [data-code="header_dropped"]', "対局ID");
  await shot(page, "records-3-csa-export-warnings");
  log("exports: KIF keeps comments and variations, CSA says what it dropped");
  await importText(page, kif);
  await page.locator('#record [data-ply="2"] .mark-variations').waitFor();
  await waitText(page, "#comment", "序盤の研究");
  await page.click('#record [data-ply="3"]');
  await page.locator("#variations button", { hasText: "６六歩" }).click();
  await waitText(page, "#comment", "振り飛車含み");
  log("the KIF exported reads back with its comments and variations");
  await page.context().close();
}

async function westernMoveList(browser) {
  const page = await newPlayer(browser, "move list", { width: 1024, height: 768 });
  await importText(page, "1. P-7f P-3d 2. P-2f {a plan} P-8d");
  await page.locator('#record [data-ply="4"]').waitFor();
  await page.click('#record [data-ply="3"]');
  await expectShown(page, 3, "☗２六歩");
  await waitText(page, "#comment", "a plan");
  log("a Western move list reads as its moves");
  await page.context().close();
}

async function refusals(browser) {
  const page = await newPlayer(browser, "refusals", { width: 1024, height: 768 });
  await importText(page, "Dear friend, here is my game.");
  await waitText(page, "#read-error", "no record format");
  await page.fill("#record-text", "手合割：平手\n1 ７六歩(77)\nこれは何\n");
  await page.click("#read-record");
  await waitText(page, "#read-error", "KIF line 3: cannot read 'これは何'");
  await page.fill("#record-text", "1. P-7f P-3d\n2. P-2f Q-9z");
  await page.click("#read-record");
  await waitText(page, "#read-error", "line 2, column 9");
  await shot(page, "records-4-refused");
  // The browser logs each refused request (400) as a console error: those three are meant.
  const refused = pageErrors.filter((e) => e.startsWith("refusals console:") && e.includes("400"));
  if (refused.length !== 3) throw new Error(`expected 3 refused requests in the console, found: ${pageErrors.join("; ")}`);
  for (const e of refused) pageErrors.splice(pageErrors.indexOf(e), 1);
  log("unreadable text refused with the line and the reason");
  await page.context().close();
}

/** Where the analysis board's KIF exports go, each with `<name>.json` (its main line in USI)
 *  beside it, for the Python tests to read with cshogi (`KOMA_E2E_EXPORTS/../analysis`).
 *  Only records that end: cshogi's KIF reader stops at the result line (まで…) and reads
 *  the moves of variations after an unfinished main line as if they continued it. */
const BOARDS = path.join(ARTIFACTS, "analysis");

function keepBoard(name, kif, main) {
  writeFileSync(path.join(BOARDS, `${name}.kif`), kif);
  writeFileSync(path.join(BOARDS, `${name}.json`), `${JSON.stringify({ moves: main })}\n`);
}

/** Drags on the board from `from` to `to` with `button`. */
async function dragOnBoard(page, from, to, button = "left") {
  const a = await squareBox(page, from);
  const b = await squareBox(page, to);
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down({ button });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 3 });
  await page.mouse.up({ button });
}

/** Plays `from`-`to` by clicks on the position shown once the board takes moves there. */
async function playOnBoard(page, ply, from, to) {
  await page.locator(`.viewer[data-movable="${ply}"]`).waitFor({ timeout: 5000 });
  await page.click(`[data-square="${from}"]`);
  await page.click(`[data-square="${to}"]`);
}

async function analysisBoard(browser) {
  const page = await newPlayer(browser, "analysis", { width: 1280, height: 900 });
  const finished = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)\n   4 ８四歩(83)\n   5 投了\n";
  await importText(page, finished);
  await page.locator('#record [data-ply="4"]').waitFor();
  await page.click('#record [data-ply="2"]');
  await playOnBoard(page, 2, "6g", "6f");
  await expectShown(page, 3, "☗６六歩");
  await waitText(page, "#variations", "変化 Move 3:");
  await waitText(page, "#variations", "２六歩");
  await page.locator("#main-line:visible").waitFor();
  // A comment on the new move.
  await page.click(".comment-editor > summary");
  await page.fill("#comment-edit", "a quieter plan");
  await page.locator("#comment-edit").blur();
  await waitText(page, "#comment", "a quieter plan");
  await page.locator('#record [data-ply="3"] .mark-comment').waitFor();
  // An arrow drawn with "Draw arrows" on, a circle with the right button; drawn again,
  // the arrow goes.
  await page.click("#draw-marks");
  await dragOnBoard(page, "2g", "2f");
  await page.locator('.arrows [data-arrow="mark 2g2f"]').waitFor();
  await page.click("#draw-marks");
  await dragOnBoard(page, "5e", "5e", "right");
  await page.locator('.arrows [data-arrow="mark 5e5e"]').waitFor();
  await page.click("#draw-marks");
  await dragOnBoard(page, "2g", "2f");
  await page.locator('.arrows [data-arrow="mark 2g2f"]').waitFor({ state: "detached" });
  await page.click("#draw-marks");
  await playOnBoard(page, 3, "4c", "4d");
  await expectShown(page, 4, "☖４四歩");
  await shot(page, "records-5-analysis-variation");
  const kif = await exported(page, "kif");
  for (const part of ["変化：3手", "６六歩(67)", "４四歩(43)", "*a quieter plan", "２六歩(27)", "８四歩(83)", "投了", "まで4手で後手の勝ち"]) {
    if (!kif.includes(part)) throw new Error(`the analysis board's KIF lacks '${part}':\n${kif}`);
  }
  rmSync(BOARDS, { recursive: true, force: true });
  mkdirSync(BOARDS, { recursive: true });
  keepBoard("variation", kif, ["7g7f", "3c3d", "2g2f", "8c8d"]);
  log("a move played on the board became a variation, with its comment, exported as KIF");
  // The variation made the main line; its last move deleted.
  await page.click("#promote-line");
  await page.locator("#main-line").waitFor({ state: "hidden" });
  await expectShown(page, 4, "☖４四歩");
  await page.click("#delete-move");
  await expectShown(page, 3, "☗６六歩");
  const after = await exported(page, "kif");
  if (after.includes("４四歩") || !after.includes("変化：3手") || !after.includes("２六歩(27)")) {
    throw new Error(`after promoting and deleting, the KIF is:\n${after}`);
  }
  const main = after.slice(0, after.indexOf("変化："));
  if (!main.includes("６六歩(67)") || main.includes("２六歩(27)")) throw new Error(`6g6f is not the main line:\n${after}`);
  if (!after.includes("投了")) throw new Error(`the ending went with the promotion:\n${after}`);
  log("the variation made the main line, its last move deleted");
  // Moved one place down, 6g6f is a variation again: 2g2f leads the main line.
  await page.click("#variation-down");
  await expectShown(page, 3, "☗６六歩");
  await page.locator("#main-line:visible").waitFor();
  const reordered = await exported(page, "kif");
  const head = reordered.slice(0, reordered.indexOf("変化："));
  if (!head.includes("２六歩(27)") || head.includes("６六歩(67)")) throw new Error(`2g2f is not the main line again:\n${reordered}`);
  log("a variation moved down among the moves of its place");
  await page.context().close();
}

await runTests([
  ["comments and variations of an imported KIF", commentsAndVariations],
  ["a Western move list", westernMoveList],
  ["unreadable text refused", refusals],
  ["the analysis board's variations", analysisBoard],
]);
