// The variants in the browser: the page draws what the rules say, and plays and reviews the
// small variants against the engine.
//
//   KOMA_URL=http://127.0.0.1:8099 node variants.mjs     (KOMA_ARTIFACTS, KOMA_E2E_ONLY as play.mjs)
//
// 1. For every variant of GET /api/variants (Chu's 12x12 included), a game created from the
//    page (beginner piece style) shows a board of files x ranks squares laid out files wide
//    and ranks high, the pieces of the variant's start SFEN on their squares (read from the
//    SFEN here, not by the page's code), every piece's move marks equal to its legs in
//    /api/variants, and the variant offered in the lobby's variant list and, where the
//    engine reviews it, the review screen's.
// 2. Minishogi, Kyoto shogi and Dōbutsu shogi, each a game against the engine (depth 1) on a
//    phone (390x844) to its end: the human side plays by clicks on the page, each move one
//    of the game's legal moves (captures first, the biggest first; otherwise the first legal
//    move in a shuffled order seeded per variant), promotions through the dialog where the
//    rules ask (never in Kyoto or Dōbutsu), Kyoto's drops by the face chosen in the dialog;
//    after every move the page's board equals the server's SFEN; the page shows the result;
//    then the game is reviewed (the analysis runs to its end).
import path from "node:path";
import { ARTIFACTS, BASE, WAIT, drawnBoard, log, newPlayer, runTests, startEngineGame, waitText } from "./harness.mjs";
import { expect, fail } from "./http.mjs";

const PHONE = { width: 390, height: 844 };
/** The most plies a game may take before the test gives up. */
const MAX_PLIES = 300;

async function shot(page, name) {
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
}

/** The variants as the server describes them that it holds games of (Chu's own screen and
 *  its hosted games' moves: chu.mjs). */
const variants = async () => (await expect([200], "GET", "/api/variants")).variants.filter((v) => v.hosted);

/** Square name of file f, rank r (both from 1). */
const square = (f, r) => `${f}${"abcdefghijkl"[r - 1]}`;

/** The pieces of an SFEN's board, read here: square -> "sente P" / "gote +R" (a run of
 *  digits is one number: Chu's 12). */
function sfenPieces(sfen, files) {
  const out = new Map();
  sfen.split(" ")[0].split("/").forEach((row, r) => {
    let file = files;
    let plus = "";
    for (const ch of row.match(/\d+|./g)) {
      if (ch === "+") plus = "+";
      else if (/^\d+$/.test(ch)) file -= Number(ch);
      else {
        out.set(square(file, r + 1), `${ch === ch.toUpperCase() ? "sente" : "gote"} ${plus}${ch.toUpperCase()}`);
        plus = "";
        file -= 1;
      }
    }
  });
  return out;
}

const drawn = drawnBoard;

/** Fails unless the page's pieces are `sfen`'s. */
async function expectBoard(page, sfen, files, what) {
  const want = sfenPieces(sfen, files);
  // The page draws a move when its update arrives, which may be just after the server has
  // it (the status line can still say "your move" from before): look again for a while.
  const until = Date.now() + 5_000;
  for (;;) {
    const got = (await drawn(page)).pieces;
    const wrong = [];
    for (const [sq, p] of want) if (got[sq] !== p) wrong.push(`${sq}: ${got[sq] ?? "nothing"}, not ${p}`);
    for (const sq of Object.keys(got)) if (!want.has(sq)) wrong.push(`${sq}: ${got[sq]}, not empty`);
    if (!wrong.length) return;
    if (Date.now() > until) fail(`${what}: the page's board differs from ${sfen}: ${wrong.join("; ")}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function drawsWhatTheRulesSay(browser) {
  const all = await variants();
  const page = await newPlayer(browser, "drawing", { width: 1024, height: 900 });
  await page.addInitScript(() => localStorage.setItem("koma.settings", JSON.stringify({ pieceStyle: "beginner", coords: "western" })));
  for (const v of all) {
    await page.goto(`${BASE}/`);
    // The page fills its list from GET /api/variants once that answers.
    await page.waitForFunction((n) => document.querySelectorAll("#variant option").length >= n, all.length);
    const offered = await page.locator("#variant option").evaluateAll((os) => os.map((o) => o.value));
    if (offered.join() !== all.map((x) => x.key).join()) fail(`#variant offers ${offered}, the server ${all.map((x) => x.key)}`);
    await page.selectOption("#opponent", "person");
    await page.selectOption("#variant", v.key);
    const handicaps = await page.locator("#handicap option").evaluateAll((os) => os.map((o) => o.value));
    if (handicaps.join() !== v.handicaps.map((x) => x.name).join()) fail(`${v.key}: #handicap offers ${handicaps}`);
    await page.selectOption("#side", "sente");
    await page.fill("#time-control", "none");
    await page.click("#create");
    await page.waitForURL(/token=/);
    await page.locator("svg.board [data-at]").first().waitFor();
    const d = await drawn(page);
    if (d.count !== v.files * v.ranks) fail(`${v.key}: ${d.count} squares drawn, the rules say ${v.files}x${v.ranks}`);
    if (d.columns !== v.files || d.rows !== v.ranks) fail(`${v.key}: squares in ${d.columns} columns and ${d.rows} rows, not ${v.files}x${v.ranks}`);
    await expectBoard(page, v.start_sfen, v.files, v.key);
    const legsOf = new Map(v.pieces.map((p) => [p.sfen, p.legs.map((l) => l.join(",")).sort()]));
    for (const [sq, piece] of Object.entries(d.pieces)) {
      const want = legsOf.get(piece.split(" ")[1]);
      if (d.legs[sq].join(" ") !== want.join(" ")) fail(`${v.key}: ${piece} on ${sq} shows moves ${d.legs[sq]}, its legs are ${want}`);
    }
    const box = await page.locator("svg.board").boundingBox();
    log(`${v.key}: ${d.count} squares (${v.files}x${v.ranks}, drawn ${box.width.toFixed(0)}x${box.height.toFixed(0)} px), ${Object.keys(d.pieces).length} pieces with their legs`);
    await shot(page, `variants-start-${v.key}`);
  }
  // The review screen offers the variants the engine reviews.
  for (const [where, select, listed] of [["#lobby", "#seek-variant", all], ["#review", "#record-variant", all.filter((v) => v.analysed)]]) {
    await page.goto(`${BASE}/${where}`);
    const offered = await page.locator(`${select} option`).evaluateAll((os) => os.map((o) => o.value).filter((o) => o !== "auto"));
    if (offered.join() !== listed.map((v) => v.key).join()) fail(`${select} on ${where} offers ${offered}, not ${listed.map((v) => v.key)}`);
  }
  await page.context().close();
}

/** A small deterministic random sequence. */
function seeded(seed) {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

/** The human side's move: a capture of the biggest piece if any, else a shuffled legal move;
 *  in Kyoto a drop by its back face while none was played yet. */
function choose(state, v, random, flags) {
  const board = sfenPieces(state.sfen, v.files);
  const value = (letters) => {
    const p = v.pieces.find((x) => x.sfen === letters);
    return p.role === v.pieces[0].role ? 100000 : p.value;
  };
  const gain = (usi) => {
    const to = usi.slice(2, 4);
    const victim = usi[1] !== "*" ? board.get(to) : undefined;
    return victim?.startsWith("gote") ? value(victim.split(" ")[1]) : 0;
  };
  const moves = [...state.legal_moves];
  if (v.promotion === "flip" && !flags.backDrop) {
    const back = moves.find((m) => m[1] === "*" && !v.pieces.find((p) => p.sfen === m[0]).front);
    if (back) return back;
  }
  const best = moves.reduce((a, m) => (gain(m) > gain(a) ? m : a), moves[0]);
  if (gain(best) > 0) return best;
  return moves[Math.floor(random() * moves.length)];
}

/** Plays `usi` by clicks as the page asks: piece or hand, square, then any dialog. */
async function playByClicks(page, v, usi, legal, flags) {
  if (usi[1] === "*") {
    const held = v.pieces.find((p) => p.sfen === usi[0]).hand;
    await page.click(`[data-hand="sente-${held}"]`);
    await page.click(`[data-square="${usi.slice(2, 4)}"]`);
    const dialog = page.locator(`[data-face="${usi[0]}"]`);
    if (v.promotion === "flip") {
      await dialog.waitFor({ timeout: WAIT }).catch(() => fail(`${v.key}: no face dialog for the drop ${usi}`));
      const faces = await page.locator("[data-face]").evaluateAll((bs) => bs.map((b) => b.getAttribute("data-face")).sort());
      const want = v.pieces.filter((p) => p.hand === held).map((p) => p.sfen).sort();
      if (faces.join() !== want.join()) fail(`${v.key}: the face dialog offers ${faces}, the rules ${want}`);
      await dialog.click();
      if (usi[0] !== held) flags.backDrop = true;
    }
    return;
  }
  await page.click(`[data-square="${usi.slice(0, 2)}"]`);
  await page.click(`[data-square="${usi.slice(2, 4)}"]`);
  const plain = usi.replace(/\+$/, "");
  if (legal.includes(plain) && legal.includes(`${plain}+`)) {
    // Both are legal: the page asks.
    if (v.promotion !== "optional") fail(`${v.key}: both ${plain} and ${plain}+ are legal`);
    await page.click(`[data-promote="${usi.endsWith("+") ? "yes" : "no"}"]`);
  } else if (await page.locator("[data-promote]").count()) {
    fail(`${v.key}: a promotion dialog for ${usi}, where the rules decide`);
  }
  if (usi.endsWith("+")) flags.promoted = true;
}

/** Waits until the game has `plies` moves or is over; answers its state. */
async function settle(id, plies) {
  const until = Date.now() + WAIT;
  for (;;) {
    const state = await expect([200], "GET", `/api/games/${id}`);
    if (state.outcome || (state.moves.length >= plies && state.side_to_move === "sente")) return state;
    if (Date.now() > until) fail(`game ${id}: still at ${state.moves.length} plies, waiting for ${plies}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function gameAgainstEngine(key, seed) {
  return async (browser) => {
    const v = (await variants()).find((x) => x.key === key);
    const page = await newPlayer(browser, key, PHONE, { hasTouch: true, isMobile: true });
    const id = await startEngineGame(page, { variant: key, side: "sente" });
    await waitText(page, "#status", "your move");
    await shot(page, `variants-${key}-start`);
    const random = seeded(seed);
    const flags = { backDrop: false, promoted: false };
    let state = await settle(id, 0);
    while (!state.outcome) {
      if (state.moves.length >= MAX_PLIES) fail(`${key}: no result after ${MAX_PLIES} plies`);
      await waitText(page, "#status", "your move");
      await expectBoard(page, state.sfen, v.files, `${key} at ply ${state.moves.length}`);
      const usi = choose(state, v, random, flags);
      await playByClicks(page, v, usi, state.legal_moves, flags);
      const next = await settle(id, state.moves.length + 2);
      if (next.moves[state.moves.length] !== usi) fail(`${key}: played ${usi} by clicks, the game has ${next.moves[state.moves.length]}`);
      state = next;
    }
    await waitText(page, "#status", "Game over");
    const status = (await page.locator("#status").textContent()).trim();
    // Every ending is worded for people, never the server's slug ("royal-captured").
    if (state.outcome.reason.includes("-") && status.includes(state.outcome.reason)) fail(`${key}: the page shows the raw reason: '${status}'`);
    await expectBoard(page, state.sfen, v.files, `${key} at the end`);
    await shot(page, `variants-${key}-end`);
    log(`${key}: ${state.moves.length} plies, ${state.outcome.result} (${state.outcome.reason}); the page says '${status}'${flags.backDrop ? "; a drop by its back face" : ""}${flags.promoted ? "; a promotion" : ""}`);
    await page.click("#review-button");
    await page.waitForFunction(() => /Analysed \d+ positions/.test(document.querySelector(".review-panel")?.textContent ?? ""), null, { timeout: 120_000 });
    await shot(page, `variants-${key}-review`);
    await page.context().close();
  };
}

runTests(
  [
    ["the page draws what the rules say", drawsWhatTheRulesSay],
    ["minishogi against the engine", gameAgainstEngine("minishogi", 7)],
    ["Kyoto shogi against the engine", gameAgainstEngine("kyotoshogi", 11)],
    ["Dobutsu shogi against the engine", gameAgainstEngine("dobutsu", 5)],
  ],
  "variants-",
);
