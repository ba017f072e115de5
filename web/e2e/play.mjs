// End-to-end test of koma serve's page in the system Chromium (playwright-core drives it).
//
//   KOMA_URL=http://127.0.0.1:8099 node play.mjs     (KOMA_ARTIFACTS: where screenshots go;
//   KOMA_E2E_ONLY: only the tests whose name contains it)
//
// 1. Two players (two browser contexts, one at 1024x768, one at a phone's width): the first
//    creates a game against a person as sente, the second opens the invitation; they play
//    7g7f 3c3d (by drag) 8h2b+ (capture, promotion dialog: promote) 3a2b (capture) B*4e (drop),
//    checking the record in Japanese, the hands and the status line; then gote resigns and
//    both pages show the ending; player 1 offers a rematch, player 2 declines it (player 1 is
//    told), player 1 offers again and withdraws it, then offers once more: player 2 accepts
//    and both pages go to the new game.
// 2. One game against the engine at depth 1: a move, the engine's reply in the record; the
//    player resigns and reviews the game (the plot and every position analysed), then opens
//    it on the analysis board and plays a variation of its first move, kept in its KIF.
// 3. Sennichite between two players (rooks to and fro, the start position a fourth time), in
//    the beginner piece style: a draw, and the rematch offered first.
// 3b. Keyboard play (arrows and Enter), a move typed in the move box, a chat line, a draw
//     offer declined, a takeback granted.
// 4. A record pasted on the review screen (USI, with the bishop blunder 8h3c+??): read,
//    analysed, the blunder listed with a better move; the engine turned on shows 3 lines of
//    the position shown, the server's, and new ones for another position.
// 5. A phone (touch, 390x844) plays a Fischer game by taps against a desktop player: the
//    clock shows the increment, 8h2b+ is promoted through the dialog by tapping; sente
//    resigns and the home list, the replay and the record all say "Gote wins by resignation",
//    the list fitting the phone's width.
// 6. A handicap game (no furigoma offered; the creator gives it and moves first as gote); the
//    creator opens his own invitation link: he sees his seat, the other stays free.
// 7. The furigoma box says who moves first, also from a position with gote to move.
// 8. A KIF with player names imported on a phone: the names in the player bars, the review
//    panel's buttons inside the panel.
// 9. Accounts: sign up on #signup (logged in at once), an API token created and shown once,
//    log out, log in again from the top bar.
// 10. A rated game: one person signs up and creates a rated game with clocks (the Rated box
//     shows only when logged in); the other opens the invitation as a guest, is told to log in,
//     signs up from there and lands in the game; they play, gote resigns, and both player
//     bars show the new ratings with the change (1662? +162 and 1337? −163). The winner's
//     name in the bar leads to the profile: the rating with its rank, a point on the plot,
//     the game listed as a win (+162); the opponent's link there, to the loser's profile.
// 11. The lobby: two people sign up, one posts a rated seek with a clock, the other accepts it
//     with one click; both pages go to the game; a guest sees it featured on the home page and
//     in the lobby's live games, and watches it live; the players chat, a draw is offered and
//     declined, gote resigns, and each sees his new rating and rank on his profile; then both
//     take quick pairing at 3+2 and meet in a new game.
// 12. A seat on a slow network: a player opens his game on a second device from "Your games",
//     the game's first fetch answering late and the socket's first state later still; the
//     page shows it first as to a spectator, then gives him his seat (Resign, the move box).
// Every wait times out after 15 s; any failure exits 1 with a message and screenshots.
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { ARTIFACTS, BASE, clickMove, knowsGame, log, newPlayer, pageErrors, PASSWORD, runTests, signUp, startEngineGame, WAIT, waitPly, waitText } from "./harness.mjs";
import { fail } from "./http.mjs";

async function shot(page, name) {
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
}


/** A player on a phone: touch events, not a mouse. */
const PHONE = { width: 390, height: 844 };
const newPhone = (browser, name) => newPlayer(browser, name, PHONE, { hasTouch: true, isMobile: true });

async function tapMove(page, from, to) {
  await page.tap(`[data-square="${from}"]`);
  await page.tap(`[data-square="${to}"]`);
}

/** Fails unless every element of `selector` lies inside `box`'s width (no sideways overflow). */
async function fitsWidth(page, selector, box) {
  const over = await page.evaluate(
    ([sel, boxSel]) => {
      const outer = document.querySelector(boxSel);
      if (!outer) return `${boxSel} is missing`;
      const right = outer.getBoundingClientRect().right + 0.5;
      const left = outer.getBoundingClientRect().left - 0.5;
      if (outer.scrollWidth > outer.clientWidth) return `${boxSel} scrolls sideways (${outer.scrollWidth} > ${outer.clientWidth})`;
      for (const el of document.querySelectorAll(sel)) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) continue; // not shown
        if (r.right > right || r.left < left) return `'${el.textContent.trim().slice(0, 40)}' spans ${r.left.toFixed(0)}-${r.right.toFixed(0)}, outside ${left.toFixed(0)}-${right.toFixed(0)}`;
      }
      return null;
    },
    [selector, box],
  );
  if (over) throw new Error(`${page.koma}: ${over}`);
}

async function dragMove(page, from, to) {
  const a = await page.locator(`[data-square="${from}"]`).boundingBox();
  const b = await page.locator(`[data-square="${to}"]`).boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2 + a.width / 2, (a.y + b.y) / 2 + a.height / 2, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 4 });
  await page.mouse.up();
}

/** Fails unless the open dialog lies beside the square `square` (touching it within 12 px, above or below, across its column), inside the window. */
async function dialogBeside(page, square) {
  const got = await page.evaluate((sq) => {
    const d = document.querySelector(".overlay .dialog").getBoundingClientRect();
    const s = document.querySelector(`[data-square="${sq}"]`).getBoundingClientRect();
    return { d: [d.left, d.top, d.right, d.bottom], s: [s.left, s.top, s.right, s.bottom], w: innerWidth, h: innerHeight };
  }, square);
  const [dl, dt, dr, db] = got.d;
  const [sl, st, sr, sb] = got.s;
  const across = dl <= sr && dr >= sl;
  const touching = Math.abs(dt - sb) <= 12 || Math.abs(db - st) <= 12;
  const inside = dl >= 0 && dt >= 0 && dr <= got.w && db <= got.h;
  if (!across || !touching || !inside) throw new Error(`${page.koma}: the promotion dialog (${got.d.map(Math.round)}) is not beside ${square} (${got.s.map(Math.round)})`);
}

async function expectVisible(page, selector, what) {
  await page.waitForSelector(selector, { state: "visible" }).catch(() => {
    throw new Error(`${page.koma}: ${what} (${selector}) is not shown`);
  });
}

async function gameBetweenPeople(browser) {
  const p1 = await newPlayer(browser, "player 1", { width: 1024, height: 768 });
  const p2 = await newPlayer(browser, "player 2", { width: 390, height: 844 });
  await p1.goto(`${BASE}/`);
  await p1.selectOption("#opponent", "person");
  await p1.selectOption("#variant", "shogi");
  await p1.selectOption("#side", "sente");
  await p1.fill("#time-control", "10m+30s");
  if ((await p1.inputValue("#time-preset")) !== "10m+30s") throw new Error("player 1: a control typed as a preset's does not show the preset");
  await p1.click("#create");
  const link = (await p1.locator("#invite-link").textContent({ timeout: WAIT }))?.trim();
  if (!link?.includes("invite=")) throw new Error(`player 1: #invite-link shows '${link}', not an invitation`);
  log(`game created; invitation ${link}`);
  await shot(p1, "1-invitation");

  await p2.goto(link);
  await p2.waitForURL(/token=/).catch(() => {
    throw new Error(`player 2: the invitation did not turn into a seat (address ${p2.url()})`);
  });
  await waitText(p1, "#status", "your move");
  await waitText(p2, "#status", "Sente to move");
  log("player 2 joined; sente to move");

  await clickMove(p1, "7g", "7f");
  await waitPly(p2, 1);
  await waitText(p2, "#status", "your move");
  await dragMove(p2, "3c", "3d");
  await waitPly(p1, 2);
  log("1. 7g7f (click) 2. 3c3d (drag) played");

  // 8h2b: both 8h2b and 8h2b+ are legal, so the page asks.
  await clickMove(p1, "8h", "2b");
  await expectVisible(p1, '[data-promote="yes"]', "the promotion dialog");
  await dialogBeside(p1, "2b");
  await shot(p1, "2-promotion-dialog");
  await p1.click('[data-promote="yes"]');
  await waitPly(p2, 3);
  await expectVisible(p1, '[data-hand="sente-B"]', "the captured bishop in sente's hand");
  await expectVisible(p2, '[data-hand="sente-B"]', "the captured bishop in sente's hand");
  log("3. 8h2b+ played through the promotion dialog; the bishop is in sente's hand");

  await clickMove(p2, "3a", "2b");
  await waitPly(p1, 4);
  await expectVisible(p1, '[data-hand="gote-B"]', "the captured horse, a bishop in gote's hand");

  await p1.click('[data-hand="sente-B"]');
  await p1.click('[data-square="4e"]');
  await waitPly(p2, 5);
  await waitText(p2, "#status", "your move");
  await waitText(p1, "#status", "Gote to move");
  if (await p1.locator('[data-hand="sente-B"]').count()) throw new Error("player 1: the dropped bishop is still in the hand");
  log("4. 3a2b (capture) 5. B*4e (drop) played");

  for (const page of [p1, p2]) {
    for (const text of ["７六歩", "３四歩", "２二角成", "同", "４五角"]) await waitText(page, "#record", text);
  }
  await shot(p1, "3-midgame-1024");
  await shot(p2, "4-midgame-phone");
  log("the record shows the moves in Japanese on both pages");

  await p2.click("#resign");
  await p2.click('[data-confirm="yes"]');
  for (const page of [p1, p2]) await waitText(page, "#status", "resign");
  await expectVisible(p1, "#rematch", "the rematch button");
  await expectVisible(p1, "#review-button", "the review button");
  await shot(p1, "5-ending-sente");
  await shot(p2, "6-ending-gote");
  log("gote resigned; both pages show the ending");

  // Rematch: offered by player 1, nothing happens without player 2's consent.
  const gameOf = (page) => new URL(page.url()).hash.match(/game=([^&]+)/)?.[1];
  const first = gameOf(p1);
  await p1.click("#rematch");
  await expectVisible(p1, '[data-offer="rematch-own"]', "one's own rematch offer");
  await waitText(p1, "#rematch", "Rematch offered");
  await shot(p1, "6a-rematch-own-offer");
  await expectVisible(p2, '[data-offer="rematch"]', "the opponent's rematch offer");
  await waitText(p2, '[data-offer="rematch"]', "offers a rematch");
  if (await p2.locator("#rematch").isVisible()) throw new Error("player 2: the Rematch button shows beside the offer to answer");
  await shot(p2, "6b-rematch-offered");
  if (gameOf(p1) !== first || gameOf(p2) !== first) throw new Error("an offered rematch moved a page before the answer");
  log("player 1 offered a rematch; player 2 is asked");

  // Declined: player 1 is told, as of a declined draw.
  await p2.click("#decline-rematch");
  await expectVisible(p1, '[data-offer="rematch-declined"]', "the declined rematch notice");
  await waitText(p1, '[data-offer="rematch-declined"]', "Your rematch offer was declined.");
  await p2.waitForSelector('[data-offer="rematch"]', { state: "detached" });
  await shot(p1, "6c-rematch-declined");
  log("player 2 declined; player 1 was told");

  // Offered again and withdrawn: the offer leaves player 2's page, no notice for player 1.
  await p1.click("#rematch");
  await expectVisible(p2, '[data-offer="rematch"]', "the second rematch offer");
  await p1.click("#cancel-rematch");
  await p2.waitForSelector('[data-offer="rematch"]', { state: "detached" });
  await p1.waitForSelector('[data-offer="rematch-own"]', { state: "detached" });
  if (await p1.locator('[data-offer="rematch-declined"]').count()) throw new Error("player 1: a withdrawn offer was called declined");
  log("player 1 offered again and withdrew it");

  // Offered once more and accepted: both pages move to the new game, colours reversed.
  await p1.click("#rematch");
  await expectVisible(p2, '[data-offer="rematch"]', "the third rematch offer");
  await p2.click("#accept-rematch");
  for (const page of [p1, p2]) {
    await page.waitForURL((u) => !u.hash.includes(first) && u.hash.includes("token=")).catch(() => {
      throw new Error(`${page.koma}: did not move to the rematch (address ${page.url()})`);
    });
  }
  if (gameOf(p1) !== gameOf(p2)) throw new Error(`the players went to different rematches: ${gameOf(p1)}, ${gameOf(p2)}`);
  await waitText(p2, "#status", "your move");
  await waitText(p1, "#status", "Sente to move");
  log(`rematch ${gameOf(p1)} accepted: player 2 is sente now`);
  await p1.context().close();
  await p2.context().close();
}

// Keyboard play, the move box, the chat, a draw offer declined and a takeback granted.
async function offersChatAndKeyboard(browser) {
  const p1 = await newPlayer(browser, "keyboard player", { width: 1024, height: 768 });
  const p2 = await newPlayer(browser, "typing player", { width: 1024, height: 768 });
  await p1.goto(`${BASE}/`);
  await p1.selectOption("#opponent", "person");
  await p1.selectOption("#side", "sente");
  await p1.fill("#time-control", "10m+30s");
  if ((await p1.inputValue("#time-preset")) !== "10m+30s") throw new Error("player 1: a control typed as a preset's does not show the preset");
  await p1.click("#create");
  const link = (await p1.locator("#invite-link").textContent({ timeout: WAIT }))?.trim();
  await p2.goto(link);
  await p2.waitForURL(/token=/);
  await waitText(p1, "#status", "your move");

  // 7g7f by keyboard alone: the board takes the focus with Tab; the cursor starts at 5e.
  await p1.locator("svg.board").focus();
  for (const key of ["ArrowLeft", "ArrowLeft", "ArrowDown", "ArrowDown", "Enter", "ArrowUp", "Enter"]) await p1.keyboard.press(key);
  await waitPly(p2, 1);
  await waitText(p2, "#record", "７六歩");
  log("7g7f played with the arrow keys and Enter");

  // 3c3d typed in Japanese in the move box.
  await p2.fill("#move-text", "３四歩");
  await p2.press("#move-text", "Enter");
  await waitPly(p1, 2);
  await waitText(p1, "#record", "３四歩");
  log("3c3d typed as ３四歩 in the move box");

  await p1.fill("#chat-text", "Good luck, have fun");
  await p1.press("#chat-text", "Enter");
  await waitText(p2, "#chat", "Good luck, have fun");
  log("the chat line reached the opponent");

  await p1.click("#offer-draw");
  await expectVisible(p2, '[data-offer="draw"]', "the opponent's draw offer");
  await p2.click("#decline-draw");
  await p1.waitForSelector('[data-offer="draw-own"]', { state: "detached" });
  log("draw offered and declined");

  await p1.fill("#move-text", "P-2f");
  await p1.press("#move-text", "Enter");
  await waitPly(p2, 3);
  await p1.click("#ask-takeback");
  await expectVisible(p2, '[data-offer="takeback"]', "the takeback request");
  await p2.click("#accept-takeback");
  await p1.waitForSelector('#record [data-ply="3"]', { state: "detached" });
  await waitText(p1, "#status", "your move");
  log("the takeback took 2g2f back");
  await p1.context().close();
  await p2.context().close();
}

async function gameAgainstEngine(browser) {
  const page = await newPlayer(browser, "engine game", { width: 1024, height: 768 });
  await startEngineGame(page, { side: "sente" });
  await waitText(page, "#status", "your move");
  await clickMove(page, "2g", "2f");
  await waitPly(page, 2);
  await waitText(page, "#status", "your move");
  await shot(page, "7-engine-reply");
  const reply = (await page.locator('#record [data-ply="2"]').textContent())?.trim();
  log(`against the engine: 2g2f, the engine answered ${reply}`);
  await page.click("#resign");
  await page.click('[data-confirm="yes"]');
  await waitText(page, "#status", "resign");
  await page.click("#review-button");
  await waitText(page, ".review-panel", "Analysed 3 positions");
  await page.locator("#winrate-plot polyline").waitFor();
  // The engine's best move in the position shown, drawn on the board.
  const arrow = await page.locator('svg.board [data-arrow^="best "]').getAttribute("data-arrow", { timeout: 15_000 });
  await shot(page, "8-engine-game-review");
  log(`resigned, and the review analysed the game's 3 positions; best move drawn: ${arrow}`);
  // The finished game on the analysis board: a variation of its first move played there.
  await page.click("#analysis-link");
  await page.locator('#record [data-ply="2"]').waitFor();
  await page.click("#record [data-start]");
  await page.locator('.viewer[data-movable="0"]').waitFor({ timeout: 5000 });
  await clickMove(page, "7g", "7f");
  await waitText(page, "#variations", "変化 Move 1:");
  const [download] = await Promise.all([page.waitForEvent("download"), page.click('.exports [data-format="kif"]')]);
  const kif = await readFile(await download.path(), "utf8");
  if (!kif.includes("変化：1手") || !kif.includes("７六歩(77)") || !kif.includes("２六歩(27)")) throw new Error(`the game's analysis KIF:\n${kif}`);
  log("the game on the analysis board: a variation of its first move, exported in its KIF");
  await page.context().close();
}

async function sennichite(browser) {
  const p1 = await newPlayer(browser, "sente", { width: 1024, height: 768 });
  const p2 = await newPlayer(browser, "gote", { width: 1024, height: 768 });
  await p1.addInitScript(() => localStorage.setItem("koma.settings", JSON.stringify({ pieceStyle: "beginner", coords: "western" })));
  await p1.goto(`${BASE}/`);
  await p1.selectOption("#opponent", "person");
  await p1.selectOption("#side", "sente");
  await p1.fill("#time-control", "none");
  await p1.click("#create");
  const link = (await p1.locator("#invite-link").textContent())?.trim();
  await p2.goto(link);
  await p2.waitForURL(/token=/);
  const rounds = [["2h", "3h"], ["8b", "7b"], ["3h", "2h"], ["7b", "8b"]];
  for (let ply = 1; ply <= 12; ply++) {
    const [from, to] = rounds[(ply - 1) % 4];
    const mover = ply % 2 === 1 ? p1 : p2;
    await waitText(mover, "#status", "your move");
    await clickMove(mover, from, to);
    await waitPly(p1, ply);
    await waitPly(p2, ply);
  }
  for (const page of [p1, p2]) await waitText(page, "#status", "Draw by sennichite");
  await expectVisible(p1, "#rematch.primary", "the rematch offered first after a draw");
  await waitText(p1, "#rematch", "Rematch with colours reversed");
  await shot(p1, "9-sennichite-beginner-style");
  log("sennichite after 12 plies: a draw on both pages, the rematch offered");
  await p1.context().close();
  await p2.context().close();
}

async function reviewImportedRecord(browser) {
  const page = await newPlayer(browser, "review", { width: 1024, height: 768 });
  await page.goto(`${BASE}/#review`);
  await page.fill("#record-text", "position startpos moves 7g7f 3c3d 8h3c+ 2b3c 2g2f");
  await page.click("#read-record");
  await page.locator('#record [data-ply="5"]').waitFor();
  await page.selectOption("#review-time", "100");
  await page.click("#analyse");
  await waitText(page, ".review-panel", "Analysed 6 positions");
  await waitText(page, "#mistakes .mark-blunder", "blunder");
  await waitText(page, "#mistakes .mark-blunder", "→");
  const blunder = (await page.locator("#mistakes .mark-blunder").first().textContent())?.trim();
  await page.locator("#mistakes .mark-blunder button").first().click();
  await waitText(page, ".review-info", "Better:");
  // Stepping through the marked moves wraps around: past the last comes the first, before
  // the first the last.
  const marked = await page.locator("#mistakes [data-review-ply]").evaluateAll((bs) => bs.map((b) => b.dataset.reviewPly));
  const shown = () => page.locator('#record [aria-current]').getAttribute("data-ply");
  await page.click('#record [data-ply="5"]');
  await page.click("#next-mistake");
  if ((await shown()) !== marked[0]) throw new Error(`review: from the last move Next shows ply ${await shown()}, not the first marked ${marked[0]} (marked: ${marked})`);
  await page.click("#record [data-start]");
  await page.click("#prev-mistake");
  if ((await shown()) !== marked.at(-1)) throw new Error(`review: from the start Previous shows ply ${await shown()}, not the last marked ${marked.at(-1)}`);
  await shot(page, "10-review-blunder");
  log(`imported record reviewed: ${blunder}`);
  await engineLines(page);
  await page.context().close();
}

/** The engine's lines on demand on the record screen: none until the reader turns the engine
 * on, then 3 lines of the position shown as the server's analysis gives them (asked again
 * here, it answers from the search kept), and new lines for another position shown. */
async function engineLines(page) {
  await page.click('#record [data-ply="5"]');
  if ((await page.locator(".engine-line").count()) !== 0) throw new Error("engine: lines shown before it was turned on");
  await page.selectOption("#engine-multipv", "3");
  await page.selectOption("#engine-depth", "8");
  await page.click("#engine-toggle");
  await waitText(page, ".engine-status", "Depth 8");
  const shownLines = () => page.locator(".engine-line").evaluateAll((ls) => ls.map((l) => ({ pv: l.dataset.pv, score: l.dataset.score, text: l.textContent })));
  const lines = await shownLines();
  if (lines.length !== 3) throw new Error(`engine: ${lines.length} lines shown, not 3: ${JSON.stringify(lines)}`);
  const server = await page.evaluate(async () => {
    const post = (path, body) => fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }).then((r) => r.json());
    const read = await post("/api/records/read", { text: "position startpos moves 7g7f 3c3d 8h3c+ 2b3c 2g2f" });
    return post("/api/analysis", { sfen: read.history[4].sfen, multipv: 3, depth: 8 });
  });
  if (!server.cached) throw new Error(`engine: the page's search was not kept: ${JSON.stringify(server)}`);
  server.lines.forEach((l, k) => {
    if (lines[k].pv !== l.pv.join(" ") || lines[k].score !== JSON.stringify(l.score)) {
      throw new Error(`engine: line ${k + 1} shown ${JSON.stringify(lines[k])}, the server's ${JSON.stringify(l)}`);
    }
  });
  if ((await page.locator(".arrows .arrow").count()) === 0) throw new Error("engine: no arrow for the best move");
  await shot(page, "10b-engine-lines");
  const until = async (ready, what) => {
    for (const start = Date.now(); !(await ready()); await new Promise((r) => setTimeout(r, 100))) {
      if (Date.now() - start > 15_000) throw new Error(`engine: no ${what}`);
    }
  };
  await page.click('#record [data-ply="4"]');
  await until(async () => (await shownLines())[0]?.pv !== lines[0].pv, "new lines for the position before");
  await page.click("#engine-toggle");
  await until(async () => (await page.locator(".engine-line").count()) === 0, "lines gone with the engine off");
  log(`engine lines: ${lines.map((l) => l.text).join(" | ")}`);
}

/** A Shift_JIS KIF file that says so, chosen as a file: the page decodes it and the server
 * reads the text as it is (not decoding it a second time); the misnumbered variation line
 * reads with a warning shown in a toast. */
async function importShiftJisFile(browser) {
  const page = await newPlayer(browser, "import", { width: 1024, height: 768 });
  await page.goto(`${BASE}/#review`);
  const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures", "sjis-misnumbered.kif");
  await page.setInputFiles("#record-file", fixture);
  await page.locator('#record [data-ply="5"]').waitFor();
  await waitText(page, ".toast.info", "Line 18: move numbered 4 where move 5 comes");
  await shot(page, "11-import-shift-jis");
  log("Shift_JIS file imported, its misnumbered line warned");
  await page.context().close();
}

async function phoneGameByTaps(browser) {
  const phone = await newPhone(browser, "phone");
  const desk = await newPlayer(browser, "desktop", { width: 1024, height: 768 });
  await phone.goto(`${BASE}/`);
  await phone.selectOption("#opponent", "person");
  await phone.selectOption("#side", "sente");
  // A preset from the menu fills the field; the field still takes any control.
  await phone.selectOption("#time-preset", "fischer:15m+10s");
  const written = await phone.inputValue("#time-control");
  if (written !== "fischer:15m+10s") throw new Error(`phone: the preset wrote '${written}' in the time control`);
  await phone.tap("#create");
  const link = (await phone.locator("#invite-link").textContent())?.trim();
  await desk.goto(link);
  await desk.waitForURL(/token=/);
  await waitText(phone, "#status", "your move");
  // Fischer: the increment is part of what the clock shows.
  for (const page of [phone, desk]) await waitText(page, '[data-clock="sente"]', "+10s");
  log("phone: Fischer clock shows its increment");

  await tapMove(phone, "7g", "7f");
  await waitPly(desk, 1);
  await clickMove(desk, "3c", "3d");
  await waitPly(phone, 2);
  await waitText(phone, "#status", "your move");
  await tapMove(phone, "8h", "2b");
  // The tap's own click must not dismiss the dialog (nor choose for the player).
  await phone.waitForTimeout(400);
  if (!(await phone.locator('[data-promote="yes"]').isVisible())) throw new Error("phone: the promotion dialog closed by itself after the tap");
  if (await phone.locator('#record [data-ply="3"]').count()) throw new Error("phone: a move was played without the player's choice");
  await dialogBeside(phone, "2b");
  await shot(phone, "12-phone-promotion-dialog");
  await phone.tap('[data-promote="yes"]');
  await waitPly(desk, 3);
  await waitText(desk, "#record", "２二角成");
  log("phone: 8h2b+ promoted by tapping");

  const id = new URL(phone.url()).hash.match(/game=([^&]+)/)?.[1];
  await phone.tap("#resign");
  await phone.tap('[data-confirm="yes"]');
  for (const page of [phone, desk]) await waitText(page, "#status", "Gote wins by resignation");
  // Every place that shows the result words it the same way.
  await phone.goto(`${BASE}/`);
  const row = `.games-table tr:has(a[href="#game=${id}"]) td.state`;
  await waitText(phone, row, "Gote wins by resignation");
  await fitsWidth(phone, ".games-table", ".games");
  await fitsWidth(phone, ".recent *", ".recent");
  await shot(phone, "13-phone-home");
  await phone.goto(`${BASE}/#game=${id}`);
  await waitText(phone, "#status", "Gote wins by resignation");
  await waitText(phone, "#record .result", "Gote wins by resignation");
  await phone.goto(`${BASE}/#review&game=${id}`);
  await waitText(phone, "#status", "Gote wins by resignation");
  await waitText(phone, "#record .result", "Gote wins by resignation");
  log("phone: sente resigned; home list, replay and review say 'Gote wins by resignation'");
  await phone.context().close();
  await desk.context().close();
}

async function ownInvitation(browser) {
  const p1 = await newPlayer(browser, "creator", { width: 1024, height: 768 });
  const p2 = await newPlayer(browser, "invited", { width: 1024, height: 768 });
  await p1.goto(`${BASE}/`);
  // Against the engine the person receives a handicap unless he says otherwise.
  await p1.selectOption("#opponent", "engine");
  await p1.selectOption("#handicap", "bishop");
  const received = await p1.inputValue("#side");
  if (received !== "sente") throw new Error(`creator: a bishop handicap against the engine offers side '${received}' first, not sente (receiving)`);
  await p1.selectOption("#handicap", "even");
  await p1.selectOption("#opponent", "person");
  // A handicap game: no furigoma offered; the creator gives the handicap unless he says not.
  await p1.selectOption("#handicap", "bishop");
  const sides = await p1.locator("#side option").evaluateAll((os) => os.map((o) => o.value));
  if (sides.includes("random")) throw new Error(`creator: furigoma offered for a handicap game (sides ${sides})`);
  await p1.click("#create");
  const link = (await p1.locator("#invite-link").textContent())?.trim();
  await p1.waitForURL(/token=/);
  if (await p1.locator(".furigoma").count()) throw new Error("creator: a furigoma box in a handicap game");
  const token = new URL(p1.url()).hash.match(/token=([^&]+)/)?.[1];
  await p1.goto(link);
  await p1.waitForURL(/token=/);
  const again = new URL(p1.url()).hash.match(/token=([^&]+)/)?.[1];
  if (again !== token) throw new Error(`creator: his own invitation gave another seat (token ${again}, his ${token})`);
  await waitText(p1, "#status", "Waiting for the other player");
  await p2.goto(link);
  await p2.waitForURL(/token=/).catch(() => {
    throw new Error(`invited: the seat was taken already (address ${p2.url()})`);
  });
  await waitText(p1, "#status", "Gote to move: your move");
  await waitText(p2, "#status", "Gote to move");
  log("the creator's own invitation showed his seat; the invited player still joined; the giver moves first");
  await p1.context().close();
  await p2.context().close();
}

/** The furigoma box says who moves first from the game's start: gote in a position set up
 * with gote to move, sente from the usual start. */
async function furigomaBox(browser) {
  const page = await newPlayer(browser, "furigoma", { width: 1024, height: 768 });
  await page.goto(`${BASE}/`);
  const START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL";
  for (const [sfen, first] of [[`${START} w - 1`, "gote"], [`${START} b - 1`, "sente"]]) {
    const answer = await page.request.post(`${BASE}/api/games`, { data: { sfen, side: "random" } });
    const game = await answer.json();
    if (!game.furigoma) throw new Error(`furigoma: no toss for ${sfen}: ${JSON.stringify(game)}`);
    // As the home screen remembers a game it created.
    await page.evaluate(([id, memo]) => {
      const seats = JSON.parse(localStorage.getItem("koma.seats") ?? "{}");
      seats[id] = memo;
      localStorage.setItem("koma.seats", JSON.stringify(seats));
    }, [game.id, { token: game.token, seat: game.seat, furigoma: game.furigoma }]);
    await page.goto(`${BASE}/#game=${game.id}&token=${game.token}`);
    const mark = game.seat === "sente" ? "☗ Sente" : "☖ Gote";
    await waitText(page, ".furigoma", `You play ${mark} and move ${game.seat === first ? "first" : "second"}.`);
  }
  log("the furigoma box says who moves first from the start, gote's or sente's");
  await page.context().close();
}

async function phoneImportNames(browser) {
  const page = await newPhone(browser, "phone import");
  await page.goto(`${BASE}/#review`);
  const kif = "先手：Alice Example\n後手：Bob Example\n手数----指手---------消費時間--\n1 ７六歩(77)\n2 ３四歩(33)\n3 投了\n";
  await page.fill("#record-text", kif);
  await page.tap("#read-record");
  await page.locator('#record [data-ply="2"]').waitFor();
  await waitText(page, ".bar-sente .player-name", "Alice Example");
  await waitText(page, ".bar-gote .player-name", "Bob Example");
  await waitText(page, "#record .result", "Gote wins by resignation");
  await fitsWidth(page, ".review-panel button, .review-panel select", ".review-panel");
  await fitsWidth(page, ".side-panel *", ".side-panel");
  await shot(page, "14-phone-import-names");
  log("phone: imported names in the player bars; the review panel fits");
  // Analysed, the review's list is below the board: scrolled down to it, the board stays in
  // view, with the best move of the position shown.
  await page.tap("#analyse");
  await waitText(page, ".review-panel", "Analysed 3 positions");
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const scrolled = await page.evaluate(() => window.scrollY);
  if (scrolled <= 0) throw new Error("phone review: the page does not scroll, nothing to check");
  await page.locator('svg.board [data-arrow^="best "]').waitFor();
  const box = await page.locator("svg.board").boundingBox();
  const height = page.viewportSize()?.height ?? 0;
  if (!box || box.y < -1 || box.y + box.height / 2 > height) {
    throw new Error(`phone review: scrolled ${scrolled} px down, the board is out of view (${JSON.stringify(box)})`);
  }
  await shot(page, "14b-phone-review-scrolled");
  log(`phone: scrolled ${scrolled} px down the review, the board stays in view with its best-move arrow`);
  await page.context().close();
}

/** Resolves once `ready()` holds, checking every 100 ms; fails with `what` after 15 s. */
async function eventually(ready, what) {
  for (const start = Date.now(); !ready(); await new Promise((r) => setTimeout(r, 100))) {
    if (Date.now() - start > 15_000) fail(what());
  }
}

/** On a club's network the page comes over plain http from a host other than localhost, where
 *  browsers give it no Web Locks. A player's three tabs still read one event stream, chosen
 *  among them over their BroadcastChannel; every tab hears of his new game; when the reading
 *  tab closes, another one reads. */
async function tabsOnAClubsNetwork(browser) {
  const lan = BASE.replace("//127.0.0.1:", "//koma-lan.test:");
  if (lan === BASE) fail(`the server is not at 127.0.0.1: ${BASE}`);
  const first = await newPlayer(browser, "lan-tab-1", { width: 1024, height: 768 });
  const context = first.context();
  const streams = new Map();
  const isStream = (r) => new URL(r.url()).pathname === "/api/stream/event";
  context.on("request", (r) => isStream(r) && streams.set(r, r.frame().page()));
  context.on("requestfinished", (r) => streams.delete(r));
  context.on("requestfailed", (r) => streams.delete(r));
  // (A closed tab's stream ends with it, whatever Playwright reports of its request.)
  const readers = () => [...new Set(streams.values())].filter((p) => !p.isClosed());
  await signUp(first, "clubplayer", lan);
  if (await first.evaluate(() => window.isSecureContext || "locks" in navigator)) fail("the page on koma-lan.test has Web Locks: this would not test the tabs without them");
  const tabs = [first];
  for (const n of [2, 3]) {
    const tab = await context.newPage();
    tab.koma = `lan-tab-${n}`;
    await tab.goto(`${lan}/`);
    tabs.push(tab);
  }
  // A game starts in the first tab: the two others hear of it (they show no notice of it, as
  // the player opened it in this browser).
  const game = await startEngineGame(first, { base: lan });
  for (const tab of tabs.slice(1)) await knowsGame(tab, game);
  await eventually(() => readers().length === 1, () => `${readers().length} tabs read the event stream, not one`);
  // The reading tab closes: another reads in its place.
  const reader = readers()[0];
  await reader.close();
  const others = tabs.filter((t) => t !== reader);
  await eventually(
    () => readers().length === 1 && others.includes(readers()[0]),
    () => `after the reading tab closed, ${readers().length} tabs read the event stream`,
  );
  log(`three tabs on koma-lan.test (no Web Locks) read one event stream; ${reader.koma} closed, ${readers()[0].koma} took over`);
  await context.close();
}

async function signUpAndLogIn(browser) {
  const page = await newPlayer(browser, "account", { width: 1024, height: 768 });
  await page.goto(`${BASE}/`);
  await page.locator("#signup-link").click();
  await page.fill("#signup-username", "E2e_Player");
  await page.fill("#signup-password", PASSWORD);
  await page.fill("#signup-password2", PASSWORD);
  await page.click("#signup-submit");
  await waitText(page, "#account-name", "E2e_Player");
  await waitText(page, "#account-link", "E2e_Player");
  await page.fill("#token-description", "e2e bot");
  await page.click("#token-form-submit");
  await waitText(page, "#token-secret", "koma_");
  await waitText(page, "#token-list", "e2e bot");
  await shot(page, "12-account-token");
  await page.click("#logout");
  await page.locator("#login-link").waitFor();
  await page.click("#login-link");
  await page.fill("#login-username", "e2e_player");
  await page.fill("#login-password", PASSWORD);
  await page.click("#login-submit");
  await waitText(page, "#account-link", "E2e_Player");
  log("signed up, made a token, logged out and in again");
  await page.context().close();
}

/** Signs up `name` on #signup (the page logs in at once). */
async function ratedGame(browser) {
  const p1 = await newPlayer(browser, "rated sente", { width: 1024, height: 768 });
  const p2 = await newPlayer(browser, "rated gote", { width: 390, height: 844 });
  await p1.goto(`${BASE}/`);
  // Once the page knows the visitor is a guest (the top bar offers to log in), no Rated box.
  await p1.locator("#login-link").waitFor();
  if (await p1.locator("#rated").isVisible()) throw new Error("rated sente: the Rated box is shown to a guest");
  await signUp(p1, "Rated_Sente");
  await p1.goto(`${BASE}/#`);
  await expectVisible(p1, "#rated", "the Rated box for a logged-in player");
  await p1.selectOption("#opponent", "person");
  await p1.selectOption("#side", "sente");
  await p1.fill("#time-control", "10m+30s");
  await p1.check("#rated");
  await p1.click("#create");
  const link = (await p1.locator("#invite-link").textContent({ timeout: WAIT }))?.trim();
  if (!link?.includes("invite=")) throw new Error(`rated sente: #invite-link shows '${link}'`);
  await waitText(p1, ".bar-sente .player-name", "Rated_Sente 1500? · 1 kyu");
  await expectVisible(p1, "#rated-note", "the rated game's note");

  // The invitation opened by a guest: the server's message and a way to log in.
  await p2.goto(link);
  await waitText(p2, ".message", "log in");
  await expectVisible(p2, "#login-to-join", "the link to log in");
  // The refused join is the one error expected here, and the browser logs it.
  const refused = pageErrors.findIndex((e) => e.startsWith("rated gote console:") && e.includes("401"));
  if (refused < 0) throw new Error("rated gote: the guest's join was not refused with 401");
  pageErrors.splice(refused, 1);
  await p2.click(".message a[href='#signup']");
  await p2.fill("#signup-username", "Rated_Gote");
  await p2.fill("#signup-password", PASSWORD);
  await p2.fill("#signup-password2", PASSWORD);
  await p2.click("#signup-submit");
  await p2.waitForURL(/token=/).catch(() => {
    throw new Error(`rated gote: after signing up the invitation did not turn into a seat (address ${p2.url()})`);
  });
  for (const page of [p1, p2]) {
    await waitText(page, ".bar-gote .player-name", "Rated_Gote 1500? · 1 kyu");
    await waitText(page, ".bar-sente .player-name", "Rated_Sente 1500?");
  }
  await expectVisible(p2, "#suggested-handicap", "the handicap the ratings call for");
  log("rated game: gote signed up from the invitation and joined");

  await clickMove(p1, "7g", "7f");
  await waitPly(p2, 1);
  await clickMove(p2, "3c", "3d");
  await waitPly(p1, 2);
  await clickMove(p1, "2g", "2f");
  await waitPly(p2, 3);
  // Sente's own profile names his game under way; "Play your game" takes him back to his
  // seat (the resign button is a player's).
  await p1.click(".bar-sente .player-name a");
  await waitText(p1, "#profile-name", "Rated_Sente");
  await waitText(p1, "#current-game a", "Play your game");
  await p1.click("#current-game a");
  await waitPly(p1, 3);
  await expectVisible(p1, "#resign", "sente's seat, back from his profile");
  log("rated game: sente went to his profile and back to his seat through 'Play your game'");
  await p2.click("#resign");
  await p2.click('[data-confirm="yes"]');
  for (const page of [p1, p2]) {
    await waitText(page, "#status", "resign");
    await waitText(page, ".bar-sente .player-name", "Rated_Sente 1662? +162 · 2 dan");
    await waitText(page, ".bar-gote .player-name", "Rated_Gote 1337? \u2212163 · 3 kyu");
  }
  await shot(p1, "13-rated-ending");
  await shot(p2, "14-rated-ending-phone");
  log("rated game: both bars show the new ratings and the change");

  // The winner's profile, from the name in the player bar.
  await p2.click(".bar-sente .player-name a");
  await p2.waitForURL(/#@\/Rated_Sente$/);
  await waitText(p2, "#profile-name", "Rated_Sente");
  await waitText(p2, ".perf[data-pool='rapid'] .rating", "1662?");
  await waitText(p2, ".perf[data-pool='rapid'] .rank", "2 dan / 二段");
  const points = await p2.locator("#rating-plot-rapid circle.rating-point").count();
  if (points !== 1) throw new Error(`profile: the rapid plot has ${points} points, not 1`);
  const row = "#profile-games tbody tr:first-child";
  await waitText(p2, `${row} .verdict`, "Win");
  await waitText(p2, `${row} .diff`, "+162");
  await waitText(p2, `${row} .state`, "Sente wins by resignation");
  // The top bar (brand, links, the account's name and Log out) fits the phone's width.
  await fitsWidth(p2, ".top-bar a, .top-bar button, .top-bar span", ".top-bar");
  await shot(p2, "15-profile-phone");
  await p2.click(`${row} .opponent a`);
  await waitText(p2, "#profile-name", "Rated_Gote");
  await waitText(p2, "#profile-games tbody tr:first-child .verdict", "Loss");
  await waitText(p2, ".perf[data-pool='rapid'] .rating", "1337?");
  log("profile: the winner's rating, rank, plot point and the game as a win; the loser's as a loss");
  // The recent games on the home page name the players, linked to their profiles.
  await p2.goto(`${BASE}/#`);
  await waitText(p2, ".games-table .players", "Rated_Sente – Rated_Gote");
  await p2.click(".games-table .players a");
  await waitText(p2, "#profile-name", "Rated_Sente");
  await p1.context().close();
  await p2.context().close();
}

/** Two people sign up; one posts a rated seek with a clock in the lobby, the other accepts it
 * with one click; both pages go to the game; a guest finds it on the home page (featured)
 * and in the lobby's live games, and watches it to the resignation. */
async function lobbyGame(browser) {
  const p1 = await newPlayer(browser, "lobby poster", { width: 1024, height: 768 });
  const p2 = await newPlayer(browser, "lobby taker", { width: 1024, height: 768 });
  const p3 = await newPlayer(browser, "lobby guest", { width: 1024, height: 768 });
  await signUp(p1, "Lobby_Poster");
  await signUp(p2, "Lobby_Taker");
  await p1.goto(`${BASE}/#lobby`);
  await expectVisible(p1, "#seek-rated", "the Rated box of the seek form");
  await p1.fill("#seek-time-control", "10m+30s");
  await p1.check("#seek-rated");
  await p1.selectOption("#seek-side", "sente");
  await p1.click("#seek-submit");
  await waitText(p1, "#seek-list", "Lobby_Poster 1500?");
  await expectVisible(p1, "#seek-list .cancel-seek", "the poster's Cancel");
  await p2.goto(`${BASE}/#lobby`);
  await waitText(p2, "#seek-list", "Lobby_Poster 1500?");
  await shot(p2, "15-lobby-seek");
  await p2.click("#seek-list .accept-seek");
  for (const page of [p1, p2]) {
    await page.waitForURL(/token=/).catch(() => {
      throw new Error(`${page.koma}: the accepted seek did not lead to the game (address ${page.url()})`);
    });
    await waitText(page, ".bar-sente .player-name", "Lobby_Poster 1500?");
    await waitText(page, ".bar-gote .player-name", "Lobby_Taker 1500?");
  }
  await expectVisible(p1, "#rated-note", "the rated game's note");
  log("lobby: a seek posted and accepted with one click; both pages in the game");
  await clickMove(p1, "7g", "7f");
  await waitPly(p2, 1);
  await clickMove(p2, "3c", "3d");
  await waitPly(p1, 2);

  // A guest: the featured game on the home page, then the live list, then the game itself.
  await p3.goto(`${BASE}/`);
  await expectVisible(p3, "#featured", "the featured game");
  // The recent games run across the page's width, their table without a sideways scroll.
  await p3.waitForSelector(".recent .games-table");
  const recent = await p3.evaluate(() => {
    const games = document.querySelector(".recent .games");
    return { width: document.querySelector(".recent").getBoundingClientRect().width, main: document.querySelector(".home").getBoundingClientRect().width, overflow: games.scrollWidth - games.clientWidth };
  });
  if (recent.width < 0.95 * recent.main || recent.overflow > 1) throw new Error(`guest: the recent games are ${recent.width} px wide of ${recent.main}, overflowing by ${recent.overflow} px`);
  await shot(p3, "15-home-laptop");
  await waitText(p3, "#featured-players", "Lobby_Poster");
  await p3.goto(`${BASE}/#lobby`);
  await expectVisible(p3, "#lobby-login", "the guest's invitation to log in");
  await waitText(p3, "#live-games", "Lobby_Poster");
  await p3.locator("#live-games tr", { hasText: "Lobby_Poster" }).locator("a.watch").click();
  await waitPly(p3, 2);
  await clickMove(p1, "2g", "2f");
  await waitPly(p3, 3);
  await waitPly(p2, 3);
  // The players' chat (signed with the account's name) and a draw offer declined.
  await p1.fill("#chat-text", "Good luck, have fun");
  await p1.press("#chat-text", "Enter");
  await waitText(p2, "#chat", "Lobby_Poster: Good luck, have fun");
  await p2.click("#offer-draw");
  await expectVisible(p1, '[data-offer="draw"]', "the opponent's draw offer");
  await p1.click("#decline-draw");
  await p2.waitForSelector('[data-offer="draw-own"]', { state: "detached" });
  await expectVisible(p2, '[data-offer="draw-declined"]', "the offerer's notice that his draw offer was declined");
  log("lobby: a chat line, and a draw offered, declined and seen as declined");
  await p2.click("#resign");
  await p2.click('[data-confirm="yes"]');
  for (const page of [p1, p2, p3]) await waitText(page, "#status", "resign");
  await shot(p3, "16-lobby-watched");
  log("lobby: a guest watched the game live from the live-games list to the resignation");
  // Each player's new Glicko-2 rating and rank on his own profile (10m+30s: the rapid pool).
  for (const [page, side, name, rating, rank] of [
    [p1, "sente", "Lobby_Poster", "1662?", "2 dan"],
    [p2, "gote", "Lobby_Taker", "1337?", "3 kyu"],
  ]) {
    await page.click(`.bar-${side} .player-name a`);
    await waitText(page, "#profile-name", name);
    await waitText(page, ".perf[data-pool='rapid'] .rating", rating);
    await waitText(page, ".perf[data-pool='rapid'] .rank", rank);
  }
  log("lobby: both profiles show the new ratings and ranks (1662? 2 dan, 1337? 3 kyu)");

  // Quick pairing (another pool: both are 1500 there): the first waits, the second meets him.
  const before = [p1.url(), p2.url()];
  await p1.goto(`${BASE}/#lobby`);
  await p1.click('.quick[data-time-control="fischer:3m+2s"]');
  await expectVisible(p1, "#quick-waiting", "the quick pairing's waiting note");
  await p2.goto(`${BASE}/#lobby`);
  await p2.click('.quick[data-time-control="fischer:3m+2s"]');
  for (const [i, page] of [p1, p2].entries()) {
    await page.waitForURL((url) => /token=/.test(url.hash) && url.href !== before[i]).catch(() => {
      throw new Error(`${page.koma}: quick pairing did not lead to a new game (address ${page.url()})`);
    });
    await waitText(page, ".bar-sente .player-name", "1500?");
  }
  log("lobby: quick pairing paired the two players");
  for (const page of [p1, p2, p3]) await page.context().close();
}

/** A player opens his game on a second device, logged in, from "Your games", on a slow
 * network: the game's first fetch answers late (made after the socket's first state), and
 * the socket's first state, which names his seat, comes after it. The page still gives him
 * his seat (it once showed him as a spectator: an older state naming the seat was not
 * shown). */
async function seatOnALateSocket(browser) {
  const p1 = await newPlayer(browser, "late socket poster", { width: 1024, height: 768 });
  const p2 = await newPlayer(browser, "late socket taker", { width: 1024, height: 768 });
  await signUp(p1, "Late_Poster");
  await signUp(p2, "Late_Taker");
  await p1.goto(`${BASE}/#lobby`);
  await p1.fill("#seek-time-control", "10m+30s");
  await p1.selectOption("#seek-side", "sente");
  await p1.click("#seek-submit");
  await p2.goto(`${BASE}/#lobby`);
  await waitText(p2, "#seek-list", "Late_Poster");
  await p2.click("#seek-list .accept-seek");
  await p1.waitForURL(/token=/);
  const game = decodeURIComponent(new URL(p1.url()).hash.match(/game=([^&]+)/)[1]);
  const other = await newPlayer(browser, "late socket poster (second device)", { width: 390, height: 844 }, { hasTouch: true, isMobile: true });
  await other.goto(`${BASE}/#login`);
  await other.fill("#login-username", "Late_Poster");
  await other.fill("#login-password", PASSWORD);
  await other.click("#login-submit");
  await waitText(other, "#account-link", "Late_Poster");
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  await other.route(
    (url) => url.pathname === `/api/games/${encodeURIComponent(game)}`,
    async (route) => {
      await sleep(600);
      await route.continue();
    },
  );
  await other.routeWebSocket(/\/ws$/, (ws) => {
    const server = ws.connectToServer();
    // The server's messages reach the page in order, the first 2 s late.
    let queue = sleep(2000);
    server.onMessage((message) => {
      queue = queue.then(() => ws.send(message));
    });
  });
  await other.goto(`${BASE}/`);
  await other.tap(`#my-games [data-game="${game}"] .play`);
  await other.waitForURL((url) => url.hash.includes(`game=${encodeURIComponent(game)}`));
  // Shown first as to a spectator (the fetch's state), then as to the player: the note
  // speaks to him, and his Resign and move box are there.
  await waitText(other, ".notices", "The players' ratings");
  await waitText(other, ".notices", "Your ratings");
  await expectVisible(other, "#resign", "the player's Resign on his second device");
  await expectVisible(other, "#move-box", "the player's move box on his second device");
  log("a late socket: the second device shows the player his seat");
  for (const page of [p1, p2, other]) await page.context().close();
}

const tests = [
  ["game between people", gameBetweenPeople],
  ["offers, chat and keyboard", offersChatAndKeyboard],
  ["game against the engine", gameAgainstEngine],
  ["sennichite", sennichite],
  ["review of an imported record", reviewImportedRecord],
  ["import of a Shift_JIS file", importShiftJisFile],
  ["a phone game by taps", phoneGameByTaps],
  ["one's own invitation link", ownInvitation],
  ["the furigoma box", furigomaBox],
  ["names of an imported record on a phone", phoneImportNames],
  ["sign up and log in", signUpAndLogIn],
  ["tabs on a club's network", tabsOnAClubsNetwork],
  ["a rated game and the profiles", ratedGame],
  ["the lobby", lobbyGame],
  ["a seat on a late socket", seatOnALateSocket],
];
await runTests(tests);
