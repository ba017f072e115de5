// The tournament's pages as the browser tests drive them (tournament.mjs, swiss-walk.mjs): the
// API's view of a tournament and waits on it, the create form, the director's Start and "Pair
// the next round", the standings table compared with the API's, and screenshots.
import path from "node:path";
import { ARTIFACTS, knowsGame, waitText } from "./harness.mjs";
import { expect, fail } from "./http.mjs";

/** How long the script waits on the API (a round's games, a pairing). */
export const WAIT = 20_000;
/** Appended to every account's name: the script can run again against the same server. */
export const RUN = (Date.now() % 36 ** 4).toString(36).padStart(4, "0");
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export const view = (id) => expect([200], "GET", `/api/tournaments/${encodeURIComponent(id)}`);

/** Polls the tournament until `ready(view)` holds; the error says `what`. */
export async function until(id, what, ready) {
  const deadline = Date.now() + WAIT;
  let last = null;
  while (Date.now() < deadline) {
    last = await view(id);
    if (ready(last)) return last;
    await sleep(150);
  }
  fail(`${what}: not so after ${WAIT / 1000} s (status ${last?.status}, ${last?.rounds?.length} rounds)`);
}

export const currentRound = (v) => v.rounds[v.rounds.length - 1];

/** On the tournament's page, `who`'s game `game` is offered by the page's own notice
 *  (`#your-game`) only: once his event stream has told the page of the game, the site's
 *  notice of it is not shown beside. */
export async function onePageNotice(page, game, who) {
  await page.waitForSelector("#your-game a.play", { timeout: WAIT });
  await knowsGame(page, game, WAIT);
  if (await page.locator(`#game-notices [data-game="${game}"]`).count()) fail(`${who}: the tournament page shows two notices of his game`);
}

// ---- The page ----

export async function shot(page, name) {
  await page.screenshot({ path: path.join(ARTIFACTS, `tournament-${name}.png`), fullPage: true });
}

/** The standings table of the page: one row of cell texts per player. */
export const pageStandings = (page) =>
  page.evaluate(() => [...document.querySelectorAll("#standings-table tbody tr")].map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent.trim())));

/** Waits until the page's standings table equals the API's (place, name, score, tie-breaks in the event's order, games). */
export async function checkStandings(page, id, what) {
  const v = await view(id);
  if (v.standings.length === 0) fail(`${what}: the API has no standings`);
  const keys = v.settings?.tiebreaks?.length ? v.settings.tiebreaks : Object.keys(v.standings[0].tiebreaks);
  const want = v.standings.map((s) => [String(s.place), s.name, s.score, ...keys.map((k) => s.tiebreaks[k] ?? ""), String(s.games)]);
  const deadline = Date.now() + WAIT;
  let got = [];
  while (Date.now() < deadline) {
    got = await pageStandings(page);
    if (JSON.stringify(got) === JSON.stringify(want)) {
      // The head of the table shown, not of one read before the page drew it.
      const head = await page.evaluate(() => [...document.querySelectorAll("#standings-table thead th")].map((th) => th.textContent.trim()));
      if (head.length !== want[0].length) fail(`${what}: the table has ${head.length} columns, the API's rows ${want[0].length}`);
      return v;
    }
    await sleep(200);
  }
  const first = want.findIndex((row, i) => JSON.stringify(row) !== JSON.stringify(got[i]));
  fail(`${what}: the page's standings differ from the API's at row ${first + 1}: page ${JSON.stringify(got[first])}, API ${JSON.stringify(want[first])} (${got.length} rows on the page, ${want.length} in the API)`);
}

/** Fills the create form on /tournaments and sends it; gives the new tournament's id. */
export async function createTournament(page, fields) {
  await page.click("#tournaments-link");
  await page.waitForSelector("#tournament-form");
  if (fields.listed) await waitText(page, "#tournament-list", fields.listed);
  await page.fill("#t-name", fields.name);
  await page.selectOption("#t-format", fields.format);
  if (fields.rounds) await page.fill("#t-rounds", String(fields.rounds));
  await page.uncheck("#t-rated");
  if (fields.online === false) await page.uncheck("#t-online");
  if (fields.noShow) await page.fill("#t-no-show", String(fields.noShow));
  await page.click("#t-create");
  await page.waitForURL(/\/tournaments\/[^/]+$/).catch(() => fail(`${page.koma}: creating '${fields.name}' did not lead to its page (${page.url()})`));
  const id = decodeURIComponent(new URL(page.url()).pathname.split("/").pop());
  await waitText(page, "#t-title", fields.name);
  await page.waitForSelector("#director");
  return id;
}

/**
 * After a click on `page`, waits until the tournament shows `ready`; a refusal the page shows
 * in its toast fails at once with the server's words.
 */
export async function afterClick(page, id, what, ready) {
  const deadline = Date.now() + WAIT;
  while (Date.now() < deadline) {
    const refused = await page.locator(".toast.error").first().textContent({ timeout: 100 }).catch(() => null);
    if (refused) fail(`${page.koma}: ${what}: the page says '${refused}'`);
    const v = await view(id);
    if (ready(v)) return v;
    await sleep(150);
  }
  return until(id, what, ready);
}

/** Whether the current round is paired and, online, each board has its game (the server pairs, then starts the games). */
export const started = (v, round, online) => v.rounds.length === round && (!online || currentRound(v).boards.every((b) => b.game));

export async function startFromPage(page, id, players, online = true) {
  await waitText(page, "#players h2", `(${players})`);
  await page.click("#start");
  await page.click('[data-confirm="yes"]');
  return afterClick(page, id, "round 1 paired", (v) => v.status === "running" && started(v, 1, online));
}

export async function pairFromPage(page, id, round, online = true) {
  await page.locator("#pair-next:enabled").click();
  return afterClick(page, id, `round ${round} paired`, (v) => started(v, round, online));
}
