// What the browser tests share (play.mjs, tournament.mjs): the server's address and the
// screenshots' folder from the environment, the log with elapsed time, pages that collect
// their errors, waiting for a text, signing up on the page, and the loop that runs the tests
// (KOMA_E2E_ONLY: only the tests whose name contains it) and exits 1 on any failure.
import { chromium } from "playwright-core";
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

export const BASE = (process.env.KOMA_URL ?? "").replace(/\/$/, "");
export const ARTIFACTS = process.env.KOMA_ARTIFACTS ?? path.join(path.dirname(fileURLToPath(import.meta.url)), "artifacts");
/** How long any wait on a page lasts. */
export const WAIT = 15_000;
/** Every test account's password: strong enough for the server's estimate (zxcvbn score 3 or more). */
export const PASSWORD = "a-long-password";
const started = Date.now();

if (!BASE) {
  console.error(`${path.basename(process.argv[1] ?? "e2e")}: set KOMA_URL to the server's address, e.g. KOMA_URL=http://127.0.0.1:8099`);
  process.exit(2);
}
mkdirSync(ARTIFACTS, { recursive: true });

export const log = (message) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${message}`);
/** The errors and console errors of every page, emptied after each test. */
export const pageErrors = [];

/** A page in a new browser context (its own cookies), named `name` in messages. */
export async function newPlayer(browser, name, viewport, { defaultNotation, ...options } = {}) {
  const context = await browser.newContext({ viewport, ...options });
  // The tests read moves in Japanese notation: each browser starts as a reader who chose it
  // (without a choice the notation follows the page's language: Western for English).
  if (!defaultNotation) {
    await context.addInitScript(() => {
      if (localStorage.getItem("koma.settings") === null) localStorage.setItem("koma.settings", JSON.stringify({ notation: "japanese" }));
    });
  }
  const page = await context.newPage();
  page.setDefaultTimeout(WAIT);
  page.on("pageerror", (e) => pageErrors.push(`${name}: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") pageErrors.push(`${name} console: ${m.text()}`);
  });
  page.koma = name;
  return page;
}

/** What the page's board draws: its squares (count, columns, rows), each piece by square
 *  ("sente P"), each piece's move marks (`data-leg`), and the board's data attributes. */
export async function drawnBoard(page) {
  return page.evaluate(() => {
    const board = document.querySelector("svg.board");
    const squares = [...board.querySelectorAll("[data-square]")];
    const pieces = {};
    const legs = {};
    for (const p of board.querySelectorAll("[data-at]")) {
      pieces[p.getAttribute("data-at")] = p.getAttribute("data-piece");
      legs[p.getAttribute("data-at")] = [...p.querySelectorAll(".leg")].map((l) => l.getAttribute("data-leg")).sort();
    }
    return {
      count: squares.length,
      columns: new Set(squares.map((s) => s.getAttribute("x"))).size,
      rows: new Set(squares.map((s) => s.getAttribute("y"))).size,
      pieces,
      legs,
      data: { ...board.dataset },
    };
  });
}

/** Where square `square` is on the page's board (the board is drawn anew on each change:
 *  measured again until it stands). */
export async function squareBox(page, square) {
  for (let tries = 0; tries < 50; tries++) {
    const box = await page.locator(`[data-square="${square}"]`).boundingBox().catch(() => null);
    if (box) return box;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${page.koma}: the square ${square} is not on the board`);
}

/** Waits until the record of `page`'s game lists move `ply`. */
export async function waitPly(page, ply) {
  await page.waitForSelector(`#record [data-ply="${ply}"]`).catch(() => {
    throw new Error(`${page.koma}: move ${ply} did not appear in #record`);
  });
}

/** Plays `from`-`to` by two clicks on the board. */
export async function clickMove(page, from, to) {
  await page.click(`[data-square="${from}"]`);
  await page.click(`[data-square="${to}"]`);
}

/** Waits until `selector`'s text contains `text`; the error names both and what was there. */
export async function waitText(page, selector, text) {
  try {
    await page.waitForFunction(
      ([sel, t]) => document.querySelector(sel)?.textContent?.includes(t) ?? false,
      [selector, text],
      { timeout: WAIT },
    );
  } catch {
    const now = await page.locator(selector).first().textContent({ timeout: 1000 }).catch(() => "(missing)");
    throw new Error(`${page.koma}: ${selector} should contain '${text}' but shows '${now?.trim()}'`);
  }
}

/** Signs `name` up on the page (#signup); the top bar then names the account. */
export async function signUp(page, name, base = BASE) {
  await page.goto(`${base}/#signup`);
  await page.fill("#signup-username", name);
  await page.fill("#signup-password", PASSWORD);
  await page.fill("#signup-password2", PASSWORD);
  await page.click("#signup-submit");
  await waitText(page, "#account-link", name);
}

/** Starts an untimed game against the engine at depth 1 from the home page at `base`, as a
 *  player fills the form (`variant` and `side` if given): its id. */
export async function startEngineGame(page, { base = BASE, variant, side } = {}) {
  await page.goto(`${base}/`);
  await page.selectOption("#opponent", "engine");
  if (variant) await page.selectOption("#variant", variant);
  await page.selectOption("#level", "depth:1");
  if (side) await page.selectOption("#side", side);
  await page.fill("#time-control", "none");
  await page.click("#create");
  await page.waitForURL(/token=/);
  return new URLSearchParams(new URL(page.url()).hash.slice(1)).get("game");
}

/** Waits until the page's event stream has told its notices of game `id` (shown or not). */
export async function knowsGame(page, id, timeout = WAIT) {
  const knows = (game) => (document.querySelector("#game-notices")?.dataset.known ?? "").split(" ").includes(game);
  await page.waitForFunction(knows, id, { timeout });
}

/** Debian's Chromium headless shell (package chromium-headless-shell), the same Blink as its
 *  browser without the browser's windowing layer, as Playwright itself runs headless tests:
 *  the whole browser test took 214 s of CPU with it against 341 s with the full browser
 *  (122 s against 186 s of wall time, 2 cores), the same tests passing. `KOMA_CHROMIUM`
 *  names another (`/usr/bin/chromium` for the full browser). */
export const CHROMIUM = "/usr/lib/chromium/chromium-headless-shell";

/**
 * Runs `tests` ([name, async (browser) => ...]) in Chromium (`CHROMIUM`), each failure with
 * its message and a screenshot of every open page (`failure-<prefix><test>-<page>.png`),
 * then exits: 1 if any failed.
 */
export async function runTests(tests, prefix = "") {
  const browser = await chromium.launch({
    executablePath: process.env.KOMA_CHROMIUM ?? CHROMIUM,
    // koma-lan.test is the server under a name other than localhost, as on a club's network:
    // over plain http the page is then not a secure context (no Web Locks).
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--host-resolver-rules=MAP koma-lan.test 127.0.0.1"],
  });
  let passed = 0;
  let failed = 0;
  const only = process.env.KOMA_E2E_ONLY;
  for (const [name, test] of tests.filter(([n]) => !only || n.includes(only))) {
    try {
      await test(browser);
      if (pageErrors.length) throw new Error(`errors in the page:\n  ${pageErrors.join("\n  ")}`);
      passed += 1;
      log(`ok: ${name}`);
    } catch (e) {
      failed += 1;
      console.error(`FAIL: ${name}: ${e.message}`);
      if (pageErrors.length) console.error(`  errors in the page:\n  ${pageErrors.join("\n  ")}`);
      for (const context of browser.contexts()) {
        for (const [i, page] of context.pages().entries()) {
          await page.screenshot({ path: path.join(ARTIFACTS, `failure-${prefix}${name.replace(/\W+/g, "-")}-${page.koma ?? i}.png`.replace(/ /g, "-")) }).catch(() => undefined);
        }
        await context.close().catch(() => undefined);
      }
    }
    pageErrors.length = 0;
  }
  await browser.close();
  log(`screenshots in ${ARTIFACTS}`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}
