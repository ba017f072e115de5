// Premoves on the game screen, in the system Chromium (playwright-core drives it).
//
//   KOMA_URL=http://127.0.0.1:8099 node premove.mjs     (KOMA_ARTIFACTS: where screenshots go)
//
// Two players of a game between people created on the page: sente at 1024x768 by clicks, gote
// on a phone (touch, 390x844) by taps. While the other thinks:
// 1. sente premoves 2g2f: its two squares in the premove colour; gote plays 3c3d and 2g2f is
//    played at once (the server's game has it, both boards show it);
// 2. sente premoves 8h2b, promoting through the dialog asked then; gote plays 8c8d and 8h2b+
//    is played at once;
// 3. sente premoves 2b3a with the horse; gote takes the horse (3a2b): the premove is dropped
//    (its highlight goes, nothing is played);
// 4. gote premoves a drop, B*5e, by taps; sente plays 7i7h and the drop is played at once;
// 5. gote premoves 1c1d and cancels it by tapping an empty square: sente's 3i3h is not
//    answered; sente premoves 1g1f and cancels it with a right-click, then again by clicking
//    the piece;
// 6. sente turns premoves off in the settings: his piece cannot be chosen while gote thinks,
//    and nothing is played after gote's 1c1d.
import path from "node:path";
import { ARTIFACTS, BASE, WAIT, log, newPlayer, runTests, waitText } from "./harness.mjs";
import { call, fail } from "./http.mjs";

const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `premove-${name}.png`) });

const PHONE = { width: 390, height: 844 };

async function waitPly(page, ply) {
  await page.waitForSelector(`#record [data-ply="${ply}"]`).catch(() => fail(`${page.koma}: move ${ply} did not appear in #record`));
}

/** Waits until exactly `squares` are drawn in the premove colour (none: no premove). */
async function premoveOn(page, squares) {
  const want = [...squares].sort().join(" ");
  const drawn = () => [...document.querySelectorAll(".square.premove")].map((e) => e.getAttribute("data-square")).sort().join(" ");
  const shows = (w) => [...document.querySelectorAll(".square.premove")].map((e) => e.getAttribute("data-square")).sort().join(" ") === w;
  await page.waitForFunction(shows, want, { timeout: WAIT }).catch(async () => {
    const got = await page.evaluate(drawn);
    fail(`${page.koma}: the premove squares are '${got}', not '${want}'`);
  });
}

/** The moves of game `id` as the server has them. */
async function serverMoves(id) {
  const answer = await call("GET", `/api/games/${encodeURIComponent(id)}`);
  if (answer.status !== 200) fail(`GET /api/games/${id} answered ${answer.status}`);
  return answer.body.moves;
}

/** Fails unless the server's game `id` has `count` moves, the last `last` (if given). */
async function serverHas(id, count, last) {
  const moves = await serverMoves(id);
  if (moves.length !== count || (last && moves[count - 1] !== last)) fail(`the server's game has ${moves.join(" ")}, not ${count} moves${last ? ` ending ${last}` : ""}`);
}

async function pieceAt(page, square, piece) {
  await page.waitForSelector(`[data-at="${square}"][data-piece="${piece}"]`).catch(() => fail(`${page.koma}: the board does not show ${piece} on ${square}`));
}

/** After the opponent's move `ply`: it is this player's move, and nothing was played for him. */
async function nothingPlayed(page, id, ply) {
  await waitPly(page, ply);
  await waitText(page, "#status", "your move");
  await page.waitForTimeout(300);
  await waitText(page, "#status", "your move");
  await serverHas(id, ply);
  const toast = await page.locator(".toast").allTextContents();
  if (toast.length) fail(`${page.koma}: the page says '${toast.join(" / ")}'`);
}

async function premoves(browser) {
  const p1 = await newPlayer(browser, "sente", { width: 1024, height: 768 });
  const p2 = await newPlayer(browser, "gote", PHONE, { hasTouch: true, isMobile: true });
  const click = async (page, ...squares) => {
    for (const sq of squares) await page.click(`[data-square="${sq}"]`);
  };
  const tap = async (page, ...squares) => {
    for (const sq of squares) await page.tap(`[data-square="${sq}"]`);
  };
  await p1.goto(`${BASE}/`);
  await p1.selectOption("#opponent", "person");
  await p1.selectOption("#variant", "shogi");
  await p1.selectOption("#side", "sente");
  await p1.fill("#time-control", "none");
  await p1.click("#create");
  const link = (await p1.locator("#invite-link").textContent())?.trim();
  if (!link?.includes("invite=")) fail(`sente: #invite-link shows '${link}', not an invitation`);
  await p2.goto(link);
  await p2.waitForURL(/token=/);
  await waitText(p1, "#status", "your move");
  await waitText(p2, "#status", "Sente to move");
  const id = new URLSearchParams(new URL(p1.url()).hash.slice(1)).get("game");
  log(`game ${id} between sente (1024x768) and gote (phone) started`);

  await click(p1, "7g", "7f");
  await waitPly(p2, 1);
  // 1. A premove by clicks while gote thinks, played when gote's move comes.
  await click(p1, "2g", "2f");
  await premoveOn(p1, ["2g", "2f"]);
  await shot(p1, "1-desktop");
  await tap(p2, "3c", "3d");
  await waitPly(p1, 3);
  await waitPly(p2, 3);
  await serverHas(id, 3, "2g2f");
  await pieceAt(p1, "2f", "sente P");
  await pieceAt(p2, "2f", "sente P");
  await premoveOn(p1, []);
  await waitText(p1, "#status", "Gote to move");
  log("1. the premove 2g2f was played at once after 3c3d");

  // 2. A premove that may promote: the dialog is asked when it is made.
  await click(p1, "8h", "2b");
  await p1.click('[data-promote="yes"]');
  await premoveOn(p1, ["8h", "2b"]);
  await tap(p2, "8c", "8d");
  await waitPly(p2, 5);
  await serverHas(id, 5, "8h2b+");
  await pieceAt(p1, "2b", "sente +B");
  await pieceAt(p2, "2b", "sente +B");
  log("2. the premove 8h2b, promoted in the dialog, was played as 8h2b+");

  // 3. The premoved piece taken: the premove is dropped.
  await click(p1, "2b", "3a");
  await premoveOn(p1, ["2b", "3a"]);
  await tap(p2, "3a", "2b");
  await nothingPlayed(p1, id, 6);
  await premoveOn(p1, []);
  log("3. the premove 2b3a was dropped when gote took the horse");

  // 4. A drop premoved by taps on the phone.
  await p2.tap('[data-hand="gote-B"]');
  await tap(p2, "5e");
  await premoveOn(p2, ["5e"]);
  await click(p1, "7i", "7h");
  await waitPly(p1, 8);
  await serverHas(id, 8, "B*5e");
  await pieceAt(p1, "5e", "gote B");
  await pieceAt(p2, "5e", "gote B");
  log("4. the drop B*5e premoved by taps was played after 7i7h");

  // 5. Premoves cancelled: a tap on an empty square, a right-click, the piece clicked again.
  await tap(p2, "1c", "1d");
  await premoveOn(p2, ["1c", "1d"]);
  await shot(p2, "2-phone");
  await tap(p2, "5f");
  await premoveOn(p2, []);
  await click(p1, "3i", "3h");
  await nothingPlayed(p2, id, 9);
  await click(p1, "1g", "1f");
  await premoveOn(p1, ["1g", "1f"]);
  await p1.click('[data-square="5f"]', { button: "right" });
  await premoveOn(p1, []);
  await click(p1, "1g", "1f");
  await premoveOn(p1, ["1g", "1f"]);
  await click(p1, "1g");
  await premoveOn(p1, []);
  log("5. premoves cancelled by a tap on an empty square, a right-click and the piece clicked again");

  // 6. Premoves off: nothing may be chosen while the opponent thinks.
  await p1.click("#settings-button");
  await p1.uncheck("#set-premoves");
  await p1.keyboard.press("Escape");
  await click(p1, "1g");
  if (await p1.locator(".square.selected, .dest").count()) fail("sente: with premoves off, a piece was chosen while gote thinks");
  await click(p1, "1f");
  await premoveOn(p1, []);
  await tap(p2, "1c", "1d");
  await nothingPlayed(p1, id, 10);
  log("6. with premoves off, no premove was made");
  for (const page of [p1, p2]) await page.context().close();
}

await runTests([["premoves", premoves]], "premove-");
