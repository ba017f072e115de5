// Chu shogi in the browser: hosted games between people and against the engine, and the
// 12x12 board of the Chu screen (#chu), by clicks.
//
//   KOMA_URL=http://127.0.0.1:8099 node chu.mjs     (KOMA_ARTIFACTS, KOMA_E2E_ONLY as play.mjs)
//
// 1. On a laptop (1280x900) and a phone (390x844) the page draws 144 squares in 12 columns
//    and 12 rows, the pieces of the start SFEN of GET /api/variants (read here, not by the
//    page's code) on their squares, and a piece's name on its square's hover text.
// 2. From the start: the pawn 7i7h, the engine's reply, then the lion's double move 7j7i6h
//    entered by clicking 7j, its middle square 7i, then 6h; the server's line holds it.
// 3. From a position where the lion stands next to a guarded gold: igui (6f6e6f: click the
//    lion, the gold's square, the lion's own square) takes the gold without moving; the
//    engine replies; then another double move of the lion's by three clicks; the page then
//    keeps playing against the engine by clicks to 16 plies or the game's end. After every
//    move the page's board equals the server's position.
// 4. A hosted game between two people: one signs up on a laptop and posts a rated Chu seek
//    with a clock in the lobby, the other accepts it on a phone; both pages go to the game,
//    its clocks shown. Each side makes its lion's double move by three taps (the phone's
//    player too), a guest watches from the lobby's live games, the phone's player resigns;
//    the engine reviews the game; the players and the guest go over it in the kansōsen
//    room, where the phone's player taps another lion double move and the engine's lines
//    reach every page; the analysis board shows it, takes a variation by clicks
//    and exports the KIF of its main line; the game's KIF link gives the record, which the
//    server's reader reads back to the same moves and ending, and makes a study on the
//    studies page; the winner's profile shows
//    his rating in Chu's own pool.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { ARTIFACTS, BASE, drawnBoard, log, newPlayer, runTests, signUp, squareBox, waitPly, waitText } from "./harness.mjs";
import { expect, fail } from "./http.mjs";

const LAPTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

const chu = async () => (await expect([200], "GET", "/api/variants")).variants.find((v) => v.key === "chushogi");

/** The pieces of an SFEN's board, read here: square -> "sente N" / "gote +H" (runs of digits are one number). */
function sfenPieces(sfen) {
  const out = new Map();
  sfen.split(" ")[0].split("/").forEach((row, r) => {
    let file = 12;
    let plus = "";
    for (const token of row.match(/\d+|./g)) {
      if (token === "+") plus = "+";
      else if (/^\d+$/.test(token)) file -= Number(token);
      else {
        out.set(`${file}${"abcdefghijkl"[r]}`, `${token === token.toUpperCase() ? "sente" : "gote"} ${plus}${token.toUpperCase()}`);
        plus = "";
        file -= 1;
      }
    }
  });
  return out;
}

async function drawn(page) {
  const d = await drawnBoard(page);
  return { ...d, sfen: d.data.sfen, plies: Number(d.data.plies) };
}

async function expectBoard(page, sfen, what) {
  const want = sfenPieces(sfen);
  const got = (await drawn(page)).pieces;
  const wrong = [];
  for (const [sq, p] of want) if (got[sq] !== p) wrong.push(`${sq}: ${got[sq] ?? "empty"} (want ${p})`);
  for (const sq of Object.keys(got)) if (!want.has(sq)) wrong.push(`${sq}: ${got[sq]} (want empty)`);
  if (wrong.length) fail(`${what}: the board differs from ${sfen}: ${wrong.join(", ")}`);
}

/** Waits until the page's line has `plies` moves and it is the player's move, or the game is over. */
async function settle(page, plies) {
  await page.waitForFunction(
    (n) => {
      const status = document.querySelector("#chu-status")?.textContent ?? "";
      return /Game over/.test(status) || (Number(document.querySelector("svg.board")?.dataset.plies) >= n && /Your move/.test(status));
    },
    plies,
    { timeout: 30_000 },
  );
  return drawn(page);
}

/** The server's view of the line the page shows. */
async function serverState(sfen, moves) {
  return expect([200], "POST", "/api/chu/state", { json: sfen ? { sfen, moves } : { moves } });
}

/** The moves the page lists. */
const pageMoves = (page) => page.locator("#chu-moves li").evaluateAll((ls) => ls.map((l) => l.dataset.usi));

const click = (page, sq) => page.click(`svg.board [data-square="${sq}"]`);

async function drawsTheStart(browser) {
  const v = await chu();
  if (!v || !v.hosted || !v.double_moves || v.files !== 12) fail(`GET /api/variants describes Chu as ${JSON.stringify(v)?.slice(0, 200)}`);
  for (const [name, viewport] of [["laptop", LAPTOP], ["phone", PHONE]]) {
    const page = await newPlayer(browser, `chu-${name}`, viewport);
    await page.goto(`${BASE}/#chu`);
    await waitText(page, "#chu-status", "Your move");
    const d = await drawn(page);
    if (d.count !== 144 || d.columns !== 12 || d.rows !== 12) fail(`${name}: ${d.count} squares in ${d.columns} columns, ${d.rows} rows`);
    await expectBoard(page, v.start_sfen, `${name} start`);
    const title = await page.locator('svg.board [data-square="7j"] title').textContent();
    if (!/lion/.test(title)) fail(`${name}: the lion's square says '${title}' on hover`);
    const box = await page.locator("svg.board").boundingBox();
    if (box.width > viewport.width + 1) fail(`${name}: the board is ${box.width} px wide in a ${viewport.width} px window`);
    log(`${name}: 144 squares drawn ${box.width.toFixed(0)}x${box.height.toFixed(0)} px, the start pieces in place, hover '${title}'`);
    await page.screenshot({ path: path.join(ARTIFACTS, `chu-start-${name}.png`) });
    await page.context().close();
  }
}

async function doubleMoveFromTheStart(browser) {
  const page = await newPlayer(browser, "chu-start", LAPTOP);
  await page.goto(`${BASE}/#chu&movetime=200`);
  await waitText(page, "#chu-status", "Your move");
  await click(page, "7i");
  await click(page, "7h");
  let d = await settle(page, 2);
  const line = await pageMoves(page);
  let state = await serverState(null, line);
  if (line[0] !== "7i7h") fail(`the first move is ${line[0]}`);
  await expectBoard(page, state.sfen, "after the engine's reply");
  if (!state.legal.includes("7j7i6h")) fail(`7j7i6h is not legal after ${line}: the test needs it`);
  await click(page, "7j");
  await click(page, "7i");
  // The middle square taken, the page shows where the lion goes on.
  const marks = await page.locator("svg.board circle.dest").count();
  if (marks < 2) fail(`after the middle square only ${marks} destinations are shown`);
  await click(page, "6h");
  d = await settle(page, 4);
  const after = await pageMoves(page);
  if (after[2] !== "7j7i6h") fail(`the lion's move was recorded as ${after[2]}`);
  state = await serverState(null, after);
  await expectBoard(page, state.sfen, "after the double move");
  const shown = await page.locator("#chu-moves li").nth(2).textContent();
  if (shown !== "７九・６八獅") fail(`the lion's move is listed as '${shown}'`);
  log(`from the start: ${after.join(" ")}; the lion went 7j-7i-6h in one move, listed '${shown}'`);
  await page.screenshot({ path: path.join(ARTIFACTS, "chu-double-move.png") });
  await page.context().close();
}

async function iguiAndOn(browser) {
  const sfen = "k5r5/p11/12/6s5/6g5/6N5/12/12/12/12/12/11K b - 1";
  const page = await newPlayer(browser, "chu-igui", PHONE);
  await page.goto(`${BASE}/#chu&movetime=100&sfen=${encodeURIComponent(sfen)}`);
  await waitText(page, "#chu-status", "Your move");
  await expectBoard(page, sfen, "the igui position");
  await click(page, "6f");
  await click(page, "6e");
  await click(page, "6f");
  await settle(page, 2);
  let line = await pageMoves(page);
  if (line[0] !== "6f6e6f") fail(`igui was recorded as ${line[0]}`);
  let state = await serverState(sfen, line);
  await expectBoard(page, state.sfen, "after igui");
  if ((await drawn(page)).pieces["6f"] !== "sente N") fail("the lion left its square in igui");
  const iguiText = await page.locator("#chu-moves li").first().textContent();
  if (iguiText !== "６五居喰い") fail(`igui is listed as '${iguiText}'`);
  log(`igui: 6f6e6f (${iguiText}) took the gold, the lion stayed on 6f; the engine replied ${line[1]}`);
  // Another double move: the first one the rules allow (the page enters it by its clicks).
  const double = state.legal.find((m) => /^(\d+[a-l]){3}$/.test(m));
  if (!double) fail(`no double move is legal after ${line}`);
  const [from, mid, to] = double.match(/\d+[a-l]/g);
  await click(page, from);
  await click(page, mid);
  await click(page, to);
  await settle(page, 4);
  line = await pageMoves(page);
  if (line[2] !== double) fail(`the double move ${double} was recorded as ${line[2]}`);
  // On by clicks: captures first, else the first legal single move, to 16 plies or the end.
  while (line.length < 16) {
    state = await serverState(sfen, line);
    await expectBoard(page, state.sfen, `at ply ${line.length}`);
    if (state.outcome) break;
    const single = state.legal.filter((m) => !/^(\d+[a-l]){3}$/.test(m) && !m.endsWith("+"));
    const m = single.find((x) => state.sfen && sfenPieces(state.sfen).has(x.match(/\d+[a-l]/g)[1])) ?? single[0];
    const [a, b] = m.match(/\d+[a-l]/g);
    await click(page, a);
    await click(page, b);
    const promote = page.locator("button.promote-choice[data-promote=no]");
    if (await promote.count()) await promote.click();
    const before = line.length;
    await page.waitForFunction((n) => Number(document.querySelector("svg.board")?.dataset.plies) > n, before, { timeout: 30_000 });
    await settle(page, before + 2);
    line = await pageMoves(page);
    if (line[before] !== m) fail(`played ${m} by clicks, the line has ${line[before]}`);
    if (/Game over/.test(await page.locator("#chu-status").textContent())) break;
  }
  state = await serverState(sfen, line);
  await expectBoard(page, state.sfen, "at the end");
  const status = (await page.locator("#chu-status").textContent()).trim();
  log(`then ${double} and on to ${line.length} plies; the page says '${status}'`);
  await page.screenshot({ path: path.join(ARTIFACTS, "chu-igui-phone.png") });
  await page.context().close();
}

/** Take back (待った), the time used, the piece legend and resigning. */
async function takeBackAndResign(browser) {
  const page = await newPlayer(browser, "chu-controls", LAPTOP);
  await page.goto(`${BASE}/#chu&movetime=200`);
  await waitText(page, "#chu-status", "Your move");
  if (!(await page.locator("#chu-takeback").isDisabled())) fail("take back is offered before any move");
  await click(page, "7i");
  await click(page, "7h");
  await settle(page, 2);
  await waitText(page, "#chu-times", "☗ 0:0");
  await page.click("#chu-takeback");
  // The take back is a request: wait for the line to shrink, not for a state that already holds.
  await page.waitForFunction(() => document.querySelector("svg.board")?.dataset.plies === "0", null, { timeout: 30_000 });
  await settle(page, 0);
  if ((await pageMoves(page)).length !== 0) fail("take back left moves on the board");
  await expectBoard(page, (await serverState(null, [])).sfen, "after the take back");
  // Every piece of the rules' table is in the legend, with its moves drawn.
  await page.click("#piece-legend summary");
  const shown = await page.locator("#piece-legend li").count();
  const variants = await (await fetch(`${BASE}/api/variants`)).json();
  const chu = (variants.variants ?? variants).find((v) => v.key === "chushogi");
  if (shown !== chu.pieces.length) fail(`the legend shows ${shown} pieces, the rules have ${chu.pieces.length}`);
  await page.locator('#piece-legend li[data-legend="N"]').scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(ARTIFACTS, "chu-legend.png"), fullPage: true });
  await click(page, "7i");
  await click(page, "7h");
  await settle(page, 2);
  await page.click("#chu-resign");
  await page.click('[data-confirm="yes"]');
  await waitText(page, "#chu-status", "Gote ☖ wins by resignation");
  if (!(await page.locator("#chu-resign").isDisabled())) fail("resign is still offered after resigning");
  log(`take back emptied the board; the legend lists ${shown} pieces; resigned after 2 plies`);
  await page.context().close();
}

/** The game's state as the server gives it. */
const gameState = (id) => expect([200], "GET", `/api/games/${id}`);

async function hostedGame(browser) {
  const p1 = await newPlayer(browser, "chu poster", LAPTOP);
  const p2 = await newPlayer(browser, "chu taker", PHONE, { hasTouch: true, isMobile: true });
  const p3 = await newPlayer(browser, "chu guest", LAPTOP);
  await signUp(p1, "Chu_Poster");
  await signUp(p2, "Chu_Taker");
  await p1.goto(`${BASE}/#lobby`);
  await p1.selectOption("#seek-variant", "chushogi");
  await p1.fill("#seek-time-control", "30m+60s");
  await p1.check("#seek-rated");
  await p1.selectOption("#seek-side", "sente");
  await p1.click("#seek-submit");
  await waitText(p1, "#seek-list", "Chu_Poster 1500?");
  await p2.goto(`${BASE}/#lobby`);
  await waitText(p2, "#seek-list", "Chu_Poster 1500?");
  await p2.click("#seek-list .accept-seek");
  for (const page of [p1, p2]) {
    await page.waitForURL(/token=/).catch(() => fail(`${page.koma}: the accepted seek did not lead to the game (${page.url()})`));
    await waitText(page, ".bar-gote .player-name", "Chu_Taker 1500?");
  }
  const id = new URLSearchParams(p1.url().split("#")[1]).get("game") ?? p1.url().match(/game=([0-9a-f]+)/)?.[1];
  if (!id) fail(`no game id in ${p1.url()}`);
  let state = await gameState(id);
  if (state.variant !== "chushogi" || !state.rated || !state.clock) fail(`the game is ${JSON.stringify(state).slice(0, 200)}`);
  const d = await drawnBoard(p2);
  if (d.count !== 144) fail(`the phone draws ${d.count} squares`);
  const box = await p2.locator("svg.board").boundingBox();
  if (box.width > PHONE.width + 1) fail(`the phone's board is ${box.width} px wide`);
  if (await p1.locator(".bar-sente .clock").isHidden()) fail("sente's clock is not shown");
  if (await p2.locator(".hand").first().isVisible()) fail("the phone shows hands: Chu has no drops");
  const placeholder = await p1.locator("#move-text").getAttribute("placeholder");
  if (!placeholder?.includes("7j7i6h")) fail(`the move box suggests '${placeholder}' for a Chu move`);
  log(`lobby: a rated Chu seek (30m+60s) accepted on the phone; game ${id}, 144 squares, clocks shown; the move box suggests '${placeholder}'`);

  await click(p1, "7i");
  await click(p1, "7h");
  await waitPly(p2, 1);
  await click(p2, "6d");
  await click(p2, "6e");
  await waitPly(p1, 2);
  // Sente's lion 7j-7i-6h on the laptop, gote's 6c-6d-5e on the phone: three taps each.
  for (const [page, squares, ply] of [[p1, ["7j", "7i", "6h"], 3], [p2, ["6c", "6d", "5e"], 4]]) {
    state = await gameState(id);
    const usi = squares.join("");
    if (!state.legal_moves.includes(usi)) fail(`${usi} is not legal at ply ${ply}: the test needs it`);
    for (const sq of squares) await click(page, sq);
    await waitPly(p1, ply);
    await waitPly(p2, ply);
    state = await gameState(id);
    if (state.moves[ply - 1] !== usi) fail(`the double move ${usi} was recorded as ${state.moves[ply - 1]}`);
    await expectBoard(page, state.sfen, `after ${usi}`);
  }
  log(`both lions moved twice in one turn by taps: ${state.moves.join(" ")}`);
  // The game screen has the pieces' legend, folded: every piece of the rules' table.
  await p2.click("#piece-legend summary");
  const legendItems = await p2.locator("#piece-legend li").count();
  const pieceKinds = (await chu()).pieces.length;
  if (legendItems !== pieceKinds) fail(`the game screen's legend shows ${legendItems} pieces, the rules have ${pieceKinds}`);

  // A guest: the lobby's live games, then the game.
  await p3.goto(`${BASE}/#lobby`);
  await waitText(p3, "#live-games", "Chu_Poster");
  await p3.locator("#live-games tr", { hasText: "Chu_Poster" }).locator("a.watch").click();
  await waitPly(p3, 4);
  await expectBoard(p3, state.sfen, "the guest's board");
  await p2.screenshot({ path: path.join(ARTIFACTS, "chu-hosted-phone.png") });
  await p2.click("#resign");
  await p2.click('[data-confirm="yes"]');
  for (const page of [p1, p2, p3]) await waitText(page, "#status", "resign");
  log("a guest watched from the live games to the phone player's resignation");
  // The engine's review of the game, from the page: each position analysed, the best move
  // drawn on the board.
  await p1.click("#review-button");
  await waitText(p1, ".review-panel", "Analysed 5 positions");
  await p1.locator("#winrate-plot polyline").waitFor();
  const best = await p1.locator('svg.board [data-arrow^="best "]').getAttribute("data-arrow", { timeout: 15_000 });
  log(`the engine reviewed the Chu game's 5 positions on the page; best move drawn: ${best}`);
  await goOverTogether([p1, p2, p3], state.moves);
  // The analysis board, from the game page: the game's moves, a move of one's own at the
  // start made a variation by clicks, and the KIF export of the edited tree: the main line
  // read back to the game's moves, the variation said to be left out.
  const gamePage = p1.url();
  await p1.click("#analysis-link");
  await p1.locator(`#record [data-ply="${state.moves.length}"]`).waitFor();
  await p1.click(`#record [data-ply="${state.moves.length}"]`);
  await expectBoard(p1, state.sfen, "the analysis board at the game's end");
  await p1.click("#record [data-start]");
  // The board takes moves once the server has said which the position allows.
  await p1.locator('.viewer[data-movable="0"]').waitFor({ timeout: 5000 });
  await click(p1, "12i");
  await click(p1, "12h");
  await p1.locator("#main-line:visible").waitFor();
  const varied = await drawn(p1);
  if (varied.pieces["12h"] !== "sente P" || varied.pieces["12i"]) fail(`the board after the variation 12i12h: 12h ${varied.pieces["12h"]}, 12i ${varied.pieces["12i"]}`);
  const [download] = await Promise.all([p1.waitForEvent("download"), p1.click('.exports [data-format="kif"]')]);
  const exported = await readFile(await download.path(), "utf8");
  const line = await expect([200], "POST", "/api/records/convert", { json: { text: exported, to: "usi" } });
  if (!line.text.trim().endsWith(`moves ${state.moves.join(" ")}`)) fail(`the exported KIF reads back as ${line.text}`);
  await waitText(p1, '#record-warnings [data-code="variations_dropped"]', "1 variation dropped");
  log("the analysis board took the Chu game: its moves, a variation by clicks, the KIF export of its main line");
  await p1.goto(gamePage);
  await waitText(p1, "#status", "resign");

  // The record: the page's KIF link, read back by the server's reader. Only the formats a
  // Chu game is written in are offered.
  const offered = await p1.locator(".exports [data-format]").evaluateAll((es) => es.map((e) => e.dataset.format));
  if (offered.join() !== "kif,sfen") fail(`the page offers the record as ${offered}`);
  const href = await p1.locator('.exports a[data-format="kif"]').getAttribute("href");
  const kif = await (await fetch(new URL(href, BASE))).text();
  const read = await expect([200], "POST", "/api/records/convert", { json: { text: kif, to: "usi" } });
  if (!read.text.trim().endsWith(`moves ${state.moves.join(" ")}`)) fail(`the KIF reads back as ${read.text}`);
  if (!kif.includes("投了")) fail(`the KIF does not say gote resigned:\n${kif}`);
  log(`the KIF link's record reads back to the same ${state.moves.length} moves, resignation included`);
  // A study of the game, from that KIF pasted on the studies page: the 12x12 board, the
  // game's moves, the lion on 6h after its double move.
  await p1.click(`nav a[href="/#studies"]`);
  await p1.fill("#study-name", "Chu lions");
  await p1.fill("#study-record", kif);
  await p1.click("#create-study");
  await p1.waitForURL(/#study=/);
  await waitPly(p1, state.moves.length);
  await p1.click('#record [data-ply="3"]');
  const studied = await drawn(p1);
  if (studied.count !== 144 || studied.pieces["6h"] !== "sente N") fail(`the study's board at move 3: ${studied.count} squares, 6h ${studied.pieces["6h"]}`);
  await waitText(p1, "#record", "７九・６八獅");
  // A second chapter from Chu's start, the game chosen on the page.
  await p1.selectOption("#chapter-variant", "chushogi");
  await p1.fill("#chapter-name", "Chu start");
  await p1.click("#add-chapter");
  await waitText(p1, "#chapters", "Chu start");
  await p1.click('#chapters button:has-text("Chu start")');
  await expectBoard(p1, (await chu()).start_sfen, "the study's Chu start chapter");
  log("a study made from the game's KIF shows the 12x12 board and the lion's double move; a chapter from Chu's start added on the page");
  await p1.goto(gamePage);
  await waitText(p1, "#status", "resign");
  // The winner's rating moved in Chu's own pool, shown on his profile under Chu's name.
  await p1.click(".bar-sente .player-name a");
  await waitText(p1, "#profile-name", "Chu_Poster");
  await waitText(p1, ".perf[data-pool='chushogi-classical'] .rating", "1662?");
  await waitText(p1, ".perf[data-pool='chushogi-classical'] h3", "Chu shogi classical");
  log("the winner's profile shows his rating in the pool 'Chu shogi classical', 1662?");
  // A new Chu game against the engine from the home page: a hosted game like any other,
  // the engine answering by the clock.
  await p3.goto(`${BASE}/`);
  await p3.selectOption("#opponent", "engine");
  await p3.selectOption("#variant", "chushogi");
  await p3.selectOption("#side", "sente");
  if (await p3.locator("#handicap").isVisible()) fail("the home form offers handicaps for Chu");
  await p3.click("#create");
  await p3.waitForURL(/token=/).catch(() => fail(`the home form did not lead to the game (${p3.url()})`));
  await click(p3, "7i");
  await click(p3, "7h");
  await waitPly(p3, 2);
  const engineGame = new URLSearchParams(p3.url().split("#")[1]).get("game");
  const played = await gameState(engineGame);
  if (played.variant !== "chushogi" || played.moves[0] !== "7i7h") fail(`the engine's game is ${JSON.stringify(played).slice(0, 200)}`);
  await expectBoard(p3, played.sfen, "after the engine's reply");
  log(`the home page's Chu game against the engine: 7i7h by clicks, the engine replied ${played.moves[1]}`);
  for (const page of [p1, p2, p3]) await page.context().close();
}

/** The kansōsen room of the finished Chu game `moves`, from each page's "Review together"
 *  link: the phone's player tries another double move of his lion by three taps at move 4,
 *  the laptop's circles a corner of the 12x12 board with the right button, and the
 *  players' and the guest's pages show both; a player turns the engine on, and every page
 *  shows the same lines, of the variation's position. */
async function goOverTogether([laptop, phone, guest], moves) {
  for (const page of [laptop, phone, guest]) {
    await page.locator("#room-link").waitFor().catch(() => fail(`${page.koma}: no room link for the finished Chu game`));
    await page.click("#room-link");
    await waitText(page, "#status", "感想戦");
    await waitPly(page, moves.length);
  }
  await waitText(laptop, "#room-people", "3 in the room");
  const tried = "6c6d7e";
  const line = await expect([200], "POST", "/api/line", { json: { variant: "chushogi", moves: [...moves.slice(0, 3), tried] } }).catch(() => fail(`${tried} is not legal after ${moves.slice(0, 3)}: the test needs it`));
  const said = line.history[3].japanese;
  await phone.tap('#record [data-ply="3"]');
  await phone.locator('.viewer[data-movable="3"]').waitFor().catch(() => fail("room phone: the board takes no move at ply 3"));
  for (const sq of tried.match(/\d+[a-l]/g)) await phone.tap(`svg.board [data-square="${sq}"]`);
  for (const page of [laptop, phone, guest]) await waitText(page, "#record", said);
  await expectBoard(guest, line.sfen, "the guest's board after the phone's variation");
  const corner = await squareBox(laptop, "12a");
  await laptop.mouse.move(corner.x + corner.width / 2, corner.y + corner.height / 2);
  await laptop.mouse.down({ button: "right" });
  await laptop.mouse.up({ button: "right" });
  for (const page of [phone, guest]) {
    await page.locator('.arrows [data-arrow="mark 12a12a"]').first().waitFor().catch(() => fail(`${page.koma}: the circle on 12a is not drawn`));
  }
  log(`the room: the phone's player tapped the lion's ${tried} (${said}) as a variation, the laptop circled 12a; the guest saw both`);
  await laptop.click("#engine-toggle");
  for (const page of [laptop, phone, guest]) await waitText(page, ".engine-status", "Depth");
  const lines = (page) => page.locator(".engine-line").evaluateAll((ls) => ls.map((l) => l.dataset.pv));
  const shown = await lines(guest);
  if (shown.length === 0) fail("room guest: no engine line");
  for (const page of [laptop, phone]) {
    if (JSON.stringify(await lines(page)) !== JSON.stringify(shown)) fail(`${page.koma}: other lines than the guest's`);
  }
  const legal = (await expect([200], "POST", "/api/line", { json: { variant: "chushogi", start_sfen: line.sfen } })).legal;
  if (!legal.includes(shown[0].split(" ")[0])) fail(`the engine's first line ${shown[0]} does not start with a move of the variation's position`);
  await guest.screenshot({ path: path.join(ARTIFACTS, "chu-room-guest.png") });
  log(`a player turned the engine on: ${shown.length} lines on every page, the first ${shown[0].split(" ").slice(0, 3).join(" ")}`);
  await laptop.click("#back-to-game");
  await waitText(laptop, "#status", "resign");
}

runTests(
  [
    ["a hosted game between two people, one on a phone", hostedGame],
    ["the board is drawn as the rules say", drawsTheStart],
    ["take back, the legend and resigning", takeBackAndResign],
    ["a lion's double move from the start", doubleMoveFromTheStart],
    ["igui, a double move and play on, on a phone", iguiAndOn],
  ],
  "chu-",
);
