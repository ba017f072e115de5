// The kansōsen room in Chromium: two players, one on a laptop and one on a phone (touch),
// finish a rated game they played by clicks and taps; a guest watched it. All three open
// "Review together" from the game page; each player plays a variation on the shared board
// (the laptop by clicks, the phone by taps) and draws a mark (an arrow dragged with the
// right button, a circle tapped with drawing on), and the guest's board shows each one live.
// The guest cannot move the board. A player turns the engine on: every page shows the same 3
// lines, the server's kept analysis of that position (which the server's tests hold equal to
// koma-engine's USI output at the same depth and MultiPV); the guest graphs the line shown.
// Everyone leaves; a player reopens
// the room from the game page with its variations and marks, and exports it as KIF, which
// koma reads back to the same tree (kept in target/e2e-artifacts/room for cshogi).
//   KOMA_URL=http://127.0.0.1:8099 node room.mjs
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { ARTIFACTS, BASE, WAIT, log, newPlayer, runTests, signUp, squareBox, waitText } from "./harness.mjs";

const PHONE = { width: 390, height: 844 };

async function shot(page, name) {
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}

async function waitPly(page, ply) {
  await page.waitForSelector(`#record [data-ply="${ply}"]`).catch(() => {
    throw new Error(`${page.koma}: move ${ply} did not appear in #record`);
  });
}

/** Plays `from`-`to` on the room's board once it takes moves on the position at `ply`. */
async function playAt(page, ply, from, to, tap = false) {
  await page.click(ply === 0 ? "#record [data-start]" : `#record [data-ply="${ply}"]`);
  await page.locator(`.viewer[data-movable="${ply}"]`).waitFor().catch(() => {
    throw new Error(`${page.koma}: the board takes no move at ply ${ply}`);
  });
  const act = tap ? (sel) => page.tap(sel) : (sel) => page.click(sel);
  await act(`[data-square="${from}"]`);
  await act(`[data-square="${to}"]`);
}

/** Waits until `page`'s board draws the mark `mark` ("mark 5g5f": an arrow, "mark 5e5e": a circle). */
async function seesMark(page, mark) {
  await page.locator(`.arrows [data-arrow="${mark}"]`).first().waitFor().catch(() => {
    throw new Error(`${page.koma}: the mark ${mark} is not drawn`);
  });
}

/** The engine's lines a page shows: each one's moves and score. */
const shownLines = (page) => page.locator(".engine-line").evaluateAll((ls) => ls.map((l) => ({ pv: l.dataset.pv, score: l.dataset.score })));

async function kansosen(browser) {
  const laptop = await newPlayer(browser, "room sente", { width: 1280, height: 900 });
  const phone = await newPlayer(browser, "room gote", PHONE, { hasTouch: true, isMobile: true });
  const guest = await newPlayer(browser, "room guest", { width: 1024, height: 768 });
  await signUp(laptop, "Room_Sente");
  await signUp(phone, "Room_Gote");
  await laptop.goto(`${BASE}/#`);
  await laptop.selectOption("#opponent", "person");
  await laptop.selectOption("#side", "sente");
  await laptop.fill("#time-control", "10m+30s");
  await laptop.check("#rated");
  await laptop.click("#create");
  const link = (await laptop.locator("#invite-link").textContent({ timeout: WAIT }))?.trim();
  await phone.goto(link);
  await phone.waitForURL(/token=/);
  const id = new URLSearchParams(new URL(phone.url()).hash.slice(1)).get("game");
  await guest.goto(`${BASE}/#game=${id}`);
  await laptop.click('[data-square="7g"]');
  await laptop.click('[data-square="7f"]');
  await waitPly(phone, 1);
  await phone.tap('[data-square="3c"]');
  await phone.tap('[data-square="3d"]');
  await waitPly(laptop, 2);
  await laptop.click('[data-square="2g"]');
  await laptop.click('[data-square="2f"]');
  await waitPly(phone, 3);
  await waitPly(guest, 3);
  await phone.tap("#resign");
  await phone.tap('[data-confirm="yes"]');
  for (const page of [laptop, phone, guest]) {
    await page.locator("#room-link").waitFor();
    await page.click("#room-link");
    await waitText(page, "#status", "感想戦");
    await waitPly(page, 3);
  }
  await waitText(laptop, "#room-people", "3 in the room");
  log("the players and the guest are in the room");

  // Each player plays a variation; the guest sees both as they come.
  await playAt(laptop, 1, "8c", "8d");
  await waitText(guest, "#record", "８四歩");
  await playAt(phone, 0, "2g", "2f", true);
  await waitText(guest, "#record", "２六歩");
  await waitText(laptop, "#record", "２六歩");
  log("a variation from each player reached every page");
  // Marks on the position shown (after 2g2f): an arrow dragged with the right button on the
  // laptop, a circle tapped on the phone with drawing switched on.
  const from = await squareBox(laptop, "8c");
  const to = await squareBox(laptop, "8d");
  await laptop.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await laptop.mouse.down({ button: "right" });
  await laptop.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 4 });
  await laptop.mouse.up({ button: "right" });
  await seesMark(guest, "mark 8c8d");
  await phone.tap("#draw-marks");
  await phone.tap('[data-square="5e"]');
  await seesMark(guest, "mark 5e5e");
  await seesMark(laptop, "mark 5e5e");
  await shot(guest, "room-1-guest-sees-marks");
  await shot(phone, "room-2-phone");
  // The guest cannot move the board: it takes no move of his.
  if ((await guest.locator(".viewer[data-movable]").count()) !== 0) throw new Error("room guest: the board takes the guest's moves");
  if (await guest.locator("#engine-toggle").isEnabled()) throw new Error("room guest: the guest may turn the engine on");
  log("each player's mark reached every page; the guest only watches");

  // The engine, turned on by a player, for everyone.
  if ((await guest.locator(".engine-line").count()) !== 0) throw new Error("room guest: lines before the engine was on");
  await laptop.click("#engine-toggle");
  for (const page of [laptop, phone, guest]) await waitText(page, ".engine-status", "Depth");
  const lines = await shownLines(guest);
  if (lines.length !== 3) throw new Error(`room guest: ${lines.length} lines, not 3`);
  for (const page of [laptop, phone]) {
    if (JSON.stringify(await shownLines(page)) !== JSON.stringify(lines)) throw new Error(`${page.koma}: other lines than the guest's`);
  }
  const kept = await guest.evaluate(async () => {
    const room = await fetch(`/api/games/${new URLSearchParams(location.hash.slice(1)).get("room")}/room`).then((r) => r.json());
    const node = room.tree[room.at];
    const depth = Number(document.querySelector(".engine-status").textContent.match(/Depth (\d+)/)[1]);
    const post = (p, body) => fetch(p, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }).then((r) => r.json());
    return post("/api/analysis", { sfen: node.move.sfen, multipv: 3, depth });
  });
  if (!kept.cached) throw new Error(`the room's search was not kept: ${JSON.stringify(kept)}`);
  kept.lines.forEach((l, k) => {
    if (lines[k].pv !== l.pv.join(" ") || lines[k].score !== JSON.stringify(l.score)) throw new Error(`line ${k + 1} shown ${JSON.stringify(lines[k])}, the server's ${JSON.stringify(l)}`);
  });
  await shot(laptop, "room-3-engine");
  // The guest graphs the line the board shows: sente's chances along it.
  await guest.selectOption("#review-time", "100");
  await guest.click("#analyse");
  await waitText(guest, ".review-panel", "Analysed");
  await guest.locator("#winrate-plot polyline").waitFor();
  log("the engine's 3 lines, the same on every page and the server's");

  // Everyone leaves; sente reopens the room from the game page.
  for (const page of [phone, guest]) await page.context().close();
  await laptop.click("#back-to-game");
  await laptop.locator("#room-link").waitFor();
  await laptop.click("#room-link");
  await waitText(laptop, "#record", "２六歩");
  await seesMark(laptop, "mark 5e5e");
  // The board shows the variation it was left on; the main line is a click away, its
  // second move with gote's variation.
  await laptop.click("#main-line");
  await waitPly(laptop, 3);
  await laptop.click('#record [data-ply="2"]');
  await waitText(laptop, "#variations", "８四歩");
  const [download] = await Promise.all([laptop.waitForEvent("download"), laptop.click('.exports [data-format="kif"]')]);
  const kif = await readFile(await download.path(), "utf8");
  for (const part of ["変化：1手", "２六歩(27)", "変化：2手", "８四歩(83)", "投了"]) {
    if (!kif.includes(part)) throw new Error(`the room's KIF lacks '${part}':\n${kif}`);
  }
  // koma reads the KIF back to the room's tree: the same moves under the same parents.
  const same = await laptop.evaluate(async (text) => {
    const id = new URLSearchParams(location.hash.slice(1)).get("room");
    const room = await fetch(`/api/games/${id}/room`).then((r) => r.json());
    const read = await fetch("/api/records/read", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ text }) }).then((r) => r.json());
    const shape = (tree) => {
      const walk = (i) => [tree[i].move?.usi ?? tree[i].end ?? "", tree[i].children.map(walk)];
      return JSON.stringify(walk(0));
    };
    return { room: shape(room.tree), read: shape(read.tree) };
  }, kif);
  if (same.room !== same.read) throw new Error(`the KIF reads to another tree:\n${same.read}\nnot\n${same.room}`);
  const folder = path.join(ARTIFACTS, "room");
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, "kansosen.kif"), kif);
  writeFileSync(path.join(folder, "kansosen.json"), `${JSON.stringify({ moves: ["7g7f", "3c3d", "2g2f"] })}\n`);
  log("reopened from the game page with its variations and marks; its KIF reads back to the same tree");
  await laptop.context().close();
}

await runTests([["the kansōsen room", kansosen]]);
