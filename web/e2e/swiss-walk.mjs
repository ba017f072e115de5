// An online Swiss walked through the page (tournament.mjs's "online Swiss played on the page"):
// a director creates a 2-round online Swiss on the page; five players, each in a browser
// context of his own (phones at 390×844 and laptops at 1280×800), sign up and join it from the
// tournament's page, then wait on different pages (the tournament's, home, the tournaments'
// list, the lobby). After the director pairs each round, every paired player reaches his game
// from the page: the pairings' "Play your game", the home page's "Your games", or the global
// notice "Your game against X has started — Play" (notices.ts), which is never shown for the
// game on screen. They play by clicking the board until one resigns. One player opens his game
// on a second device (another context logged in to his account) and plays a move there,
// which his first device shows; another has a second tab, which shows the notice too while
// his browser holds one event stream. Each game's KIF and CSA are downloaded from the game
// page's export links (exports.mjs). The standings on the director's page and a player's
// phone equal the API's, whose scores are the games' results plus the byes; the crosstable
// linked from the page shows every result.
import { BASE, PASSWORD, log, newPlayer, signUp, waitText } from "./harness.mjs";
import { call, fail } from "./http.mjs";
import { clearExports, exportGame } from "./exports.mjs";
import { checkStandings, createTournament, currentRound, onePageNotice, pairFromPage, RUN, shot, startFromPage, until, view } from "./tournament-page.mjs";

const PHONE = [{ width: 390, height: 844 }, { hasTouch: true, isMobile: true }];
const LAPTOP = [{ width: 1280, height: 800 }, {}];
const EVENT = "E2E Online Swiss";
/** Where the players wait while the director pairs (before round 1). */
const WAITING_ROOMS = ["tournament", "/", "/tournaments", "tournament", "/#lobby"];
/** The player (by index) who also waits in a second tab. */
const SECOND_TAB = 4;
/** How the paired players reach their games, in board order (sente, gote, ...), per round. */
const WAYS = [
  ["tournament", "notice", "home", "notice"],
  ["notice", "home", "tournament", "notice"],
];
/** The moves of every game; then the round's loser resigns. */
const LINE = ["7g7f", "3c3d", "2g2f", "8c8d"];

/** A player on a device: taps on a phone, clicks on a laptop. */
async function device(browser, name, label, [viewport, options]) {
  const page = await newPlayer(browser, label, viewport, options);
  return { name, page, phone: options.hasTouch === true };
}

const press = (p, selector) => (p.phone ? p.page.tap(selector) : p.page.click(selector));

/** Plays `usi` on `p`'s board with two presses: the piece, then its square. */
async function clickMove(p, usi) {
  await press(p, `[data-square="${usi.slice(0, 2)}"]`);
  await press(p, `[data-square="${usi.slice(2, 4)}"]`);
}

/** Brings `p` to his game `game` against `opponent` the way `how` says, and checks the seat is his. */
async function reach(p, how, game, opponent, round, tournamentUrl) {
  const page = p.page;
  const ownNotice = `#game-notices [data-game="${game}"]`;
  if (how === "tournament") {
    if (page.url() !== tournamentUrl) await page.goto(tournamentUrl);
    const link = page.locator(`#round-${round} a.play`);
    await link.waitFor();
    const text = (await link.textContent()).trim();
    if (text !== "Play your game") fail(`${p.name}: the pairings' link to his game says '${text}'`);
    await press(p, `#round-${round} a.play`);
  } else if (how === "home") {
    await page.goto(`${BASE}/`);
    await press(p, `#my-games [data-game="${game}"] .play`);
  } else if (page.url() === tournamentUrl) {
    // Waiting on the tournament's page, whose own notice stands for the site's.
    await onePageNotice(page, game, p.name);
    await shot(page, `swiss-notice-round${round}-${p.phone ? "phone" : "laptop"}`);
    await press(p, "#your-game a.play");
  } else {
    await page.waitForSelector(ownNotice);
    const text = await page.locator(ownNotice).textContent();
    if (!text.toLowerCase().includes(`your game against ${opponent.toLowerCase()} has started`)) fail(`${p.name}: the notice says '${text}'`);
    await shot(page, `swiss-notice-round${round}-${p.phone ? "phone" : "laptop"}`);
    await press(p, `${ownNotice} a.play`);
  }
  await page.waitForURL((url) => url.hash.includes(`game=${encodeURIComponent(game)}`));
  await page.waitForSelector("#resign", { state: "visible" });
  if (await page.locator(ownNotice).count()) fail(`${p.name}: the notice of the game on screen is shown`);
}

/** `p`'s second device (a laptop for a phone, a phone for a laptop) logged in to his account,
 *  on his game from "Your games". */
async function secondDevice(browser, p, game) {
  const other = await device(browser, p.name, `${p.page.koma} (second device)`, p.phone ? LAPTOP : PHONE);
  await other.page.goto(`${BASE}/#login`);
  await other.page.fill("#login-username", p.name);
  await other.page.fill("#login-password", PASSWORD);
  await press(other, "#login-submit");
  await waitText(other.page, "#account-link", p.name);
  await reach(other, "home", game, "", 0, "");
  return other;
}

/** Plays LINE on the pages (the third move on `second` if given), then `loser` resigns. */
async function playGame(g, second) {
  const watchers = [g.sente, g.gote, ...(second ? [second] : [])];
  for (const [i, usi] of LINE.entries()) {
    const mover = i === 2 && second ? second : i % 2 === 0 ? g.sente : g.gote;
    await clickMove(mover, usi);
    // Every page of the game shows it, the first device a move made on the second.
    for (const p of watchers) await p.page.waitForSelector(`#record [data-ply="${i + 1}"][data-usi="${usi}"]`);
  }
  const loser = g[g.loser];
  await press(loser, "#resign");
  await press(loser, '[data-confirm="yes"]');
  for (const p of watchers) await p.page.waitForSelector("#resign", { state: "hidden" });
}

/** Counts the event streams (`/api/stream/event`) that `context`'s pages hold open, from
 *  now on: call it before the pages open any (a stream aborted by a navigation is a failed
 *  request, so it is taken off). */
function openStreams(context) {
  let open = 0;
  const stream = (r) => new URL(r.url()).pathname === "/api/stream/event";
  context.on("request", (r) => (open += stream(r) ? 1 : 0));
  context.on("requestfinished", (r) => (open -= stream(r) ? 1 : 0));
  context.on("requestfailed", (r) => (open -= stream(r) ? 1 : 0));
  return () => open;
}

/** A second tab of `p` on the home page: the tabs of a browser share one event stream.
 *  `p.streams` counts his pages' streams from before his first page opened any. */
async function secondTab(p) {
  const page = await p.page.context().newPage();
  page.koma = `${p.page.koma} (second tab)`;
  await page.goto(`${BASE}/`);
  return { player: p, page, count: p.streams };
}

/** Once `tab.player` is paired in `games`: his second tab shows his game's notice too, his
 *  browser holds one event stream, and the tab closes. */
async function checkSecondTab(tab, games) {
  const game = games.find((g) => g.sente === tab.player || g.gote === tab.player);
  if (!tab.page || !game) return;
  await tab.page.waitForSelector(`#game-notices [data-game="${game.id}"] a.play`);
  if (tab.count() !== 1) fail(`${tab.player.name}: his two tabs hold ${tab.count()} event streams, not one`);
  await tab.page.close();
  tab.page = null;
}

/** Plays round `round` of `v` on the page; gives the results by board. */
async function playRound(browser, v, round, players, tournamentUrl, tab) {
  const byNumber = new Map(v.players.map((e) => [e.n, players.find((p) => p.name.toLowerCase() === e.username?.toLowerCase())]));
  const boards = currentRound(v).boards;
  const games = boards.map((b, i) => ({ id: b.game, sente: byNumber.get(b.sente), gote: byNumber.get(b.gote), loser: (i + round) % 2 === 0 ? "sente" : "gote" }));
  const ways = WAYS[round - 1];
  await checkSecondTab(tab, games);
  await Promise.all(
    games.flatMap((g, i) => [
      reach(g.sente, ways[2 * i], g.id, g.gote.name, round, tournamentUrl),
      reach(g.gote, ways[2 * i + 1], g.id, g.sente.name, round, tournamentUrl),
    ]),
  );
  log(`round ${round}: ${games.length * 2} players reached their games (${ways.join(", ")})`);
  // In round 1 the first board's sente plays his second move from another device.
  const second = round === 1 ? await secondDevice(browser, games[0].sente, games[0].id) : null;
  await Promise.all(games.map((g, i) => playGame(g, i === 0 ? second : null)));
  if (second) {
    await shot(second.page, "swiss-second-device");
    await shot(games[0].sente.page, "swiss-first-device");
    await second.page.context().close();
  }
  for (const g of games) await exportGame(g.sente.page, g.id, EVENT, (selector) => press(g.sente, selector));
  log(`round ${round}: games played by clicks and resigned, KIF and CSA exported`);
  return games.map((g) => (g.loser === "sente" ? "gote" : "sente"));
}

/** Each player's score from the results (a win 1, a bye 1): the API's standings must say it. */
function checkScores(v, results) {
  const score = new Map(v.players.map((p) => [p.n, 0]));
  for (const [r, round] of v.rounds.entries()) {
    for (const [i, b] of round.boards.entries()) {
      if (b.result !== results[r][i]) fail(`round ${r + 1} board ${b.board}: the API says ${b.result}, the game ended ${results[r][i]}`);
      const winner = b.result === "sente" ? b.sente : b.gote;
      score.set(winner, score.get(winner) + 1);
    }
    if (round.bye !== null) score.set(round.bye, score.get(round.bye) + 1);
  }
  for (const s of v.standings) {
    const got = Number(String(s.score).replace("½", ".5"));
    if (got !== score.get(s.n)) fail(`${s.name}: the standings say ${s.score}, the games ${score.get(s.n)}`);
  }
}

/** The crosstable the page links to (crosstable.csv): each round's cell of each player is his
 *  opponent's row, + or - as the board's result, b (sente) or w (gote), or "bye". */
async function checkCrosstable(page, v) {
  const href = await page.locator("a.export", { hasText: "crosstable.csv" }).getAttribute("href");
  const { status, text } = await call("GET", href);
  if (status !== 200) fail(`${href}: ${status}`);
  const [head, ...rows] = text.trim().split(/\r?\n/).map((l) => l.split(","));
  const row = new Map(rows.map((r) => [r[head.indexOf("Name")], r]));
  const named = (n) => row.get(v.players[n - 1].name) ?? fail(`the crosstable has no row of ${v.players[n - 1].name}`);
  const no = (n) => named(n)[head.indexOf("No")];
  for (const [r, round] of v.rounds.entries()) {
    const cell = (n) => named(n)[head.indexOf(`R${r + 1}`)];
    const want = new Map(round.bye === null ? [] : [[round.bye, "bye"]]);
    for (const b of round.boards) {
      want.set(b.sente, `${no(b.gote)}${b.result === "sente" ? "+" : "-"}b`);
      want.set(b.gote, `${no(b.sente)}${b.result === "gote" ? "+" : "-"}w`);
    }
    for (const [n, text] of want) if (cell(n) !== text) fail(`crosstable: ${v.players[n - 1].name}'s round ${r + 1} is '${cell(n)}', not '${text}'`);
  }
  for (const s of v.standings) if (named(s.n)[head.indexOf("Points")] !== String(s.score)) fail(`crosstable: ${s.name} has ${named(s.n)[head.indexOf("Points")]} points, the standings ${s.score}`);
}

/** The walk; `browser` is the test's Chromium. */
export async function onlineSwiss(browser) {
  clearExports();
  const director = await newPlayer(browser, "Swiss director", LAPTOP[0]);
  await signUp(director, `Ts_Director_${RUN}`);
  const id = await createTournament(director, { name: EVENT, format: "swiss", rounds: 2 });
  const tournamentUrl = `${BASE}/tournaments/${encodeURIComponent(id)}`;
  const players = await Promise.all(
    WAITING_ROOMS.map(async (_, i) => {
      const p = await device(browser, `Ts${i + 1}_${RUN}`, `Swiss player ${i + 1}`, i % 2 === 0 ? PHONE : LAPTOP);
      // The player who opens a second tab: his streams are counted from the start (one
      // opened before the count began would be missed, and the check fail on a busy machine).
      if (i === SECOND_TAB) p.streams = openStreams(p.page.context());
      await signUp(p.page, p.name);
      return p;
    }),
  );
  // One at a time: an address holds at most 4 tournament streams, and every page here comes
  // from 127.0.0.1.
  for (const [i, room] of WAITING_ROOMS.entries()) {
    const p = players[i];
    await p.page.goto(tournamentUrl);
    await press(p, "#join");
    await p.page.waitForSelector("#withdraw-self");
    if (room !== "tournament") await p.page.goto(`${BASE}${room}`);
  }
  const tab = await secondTab(players[SECOND_TAB]);
  log("Swiss: 5 players signed up and joined on the page, waiting on 4 kinds of page");
  let v = await startFromPage(director, id, 5);
  const results = [];
  for (let round = 1; round <= 2; round += 1) {
    if (round > 1) v = await pairFromPage(director, id, round);
    const r = currentRound(v);
    if (r.boards.length !== 2 || r.bye === null) fail(`Swiss round ${round}: ${r.boards.length} boards, bye ${r.bye}`);
    results.push(await playRound(browser, v, round, players, tournamentUrl, tab));
    v = await until(id, `Swiss round ${round}'s results`, (now) => now.rounds[round - 1].boards.every((b) => b.result !== null));
    await checkStandings(director, id, `Swiss after round ${round}`);
  }
  v = await until(id, "the Swiss finished", (now) => now.status === "finished");
  if (tab.page) fail(`${tab.player.name} played no game: his second tab was not checked`);
  checkScores(v, results);
  await checkCrosstable(director, v);
  await waitText(director, "#t-status", "Finished");
  await shot(director, "swiss-director");
  const phone = players[0];
  await phone.page.goto(tournamentUrl);
  await checkStandings(phone.page, id, "Swiss on a player's phone");
  await shot(phone.page, "swiss-phone");
  log("Swiss finished: the standings on the page equal the API's and the games' results");
  for (const page of [director, ...players.map((p) => p.page)]) await page.context().close();
}
