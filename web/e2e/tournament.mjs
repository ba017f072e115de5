// End-to-end test of the tournaments in the system Chromium (playwright-core), with scripted
// players over plain HTTP (koma's accounts API, then lishogi's board API with Bearer tokens).
//
//   KOMA_URL=http://127.0.0.1:8099 node tournament.mjs   (KOMA_ARTIFACTS: where screenshots go;
//   KOMA_E2E_ONLY: only the tests whose name contains it)
//
// The server must accept 52 sign-ups from one address in a minute (browser.rs starts it with
// --no-rate-limits).
// 1. McMahon: a director signs up on the page, opens Tournaments from the top bar and creates a
//    7-round McMahon (online, unrated, no-show forfeit after a few seconds) with the form.
//    40 accounts made through the API join it. The director starts it from the page and pairs
//    every later round with "Pair the next round". In every round the scripted players play each
//    online game: two moves, then the loser resigns; one game is drawn by agreement (both
//    offer), in one the gote player never moves and loses by the server's no-show forfeit.
//    After each round every board's result in the API is the one played, and the standings
//    table of the director's page (the event's tie-breaks in order) equals the API's
//    standings; at the end the event is finished and a guest on a phone (360 px) sees the same
//    table without the page scrolling sideways; the printable pairings of round 7 hold one
//    table of 20 boards and no top bar.
// 2. Knockout: the director creates an 8-player knockout (the McMahon is in the list of
//    /tournaments); 7 of the accounts join through the API, the director invites the eighth
//    with the form (an account entered by the director is an invitation), the eighth opens
//    the tournament's page on a phone, logs in from its "Log in to join", is brought back and
//    presses "Accept the invitation"; the director starts and pairs it; the eighth's page
//    tells him his game has started, he opens it from there, finds it on the home page
//    ("Your games") and plays his moves of round 1 there (his seat comes with his account);
//    games are won by resignation; the bracket shows 3 rounds, the final's winner as the API says, and the
//    standings table equals the API's.
// 3. Over the board: the director enters 5 players with the form, starts a 2-round Swiss
//    (a bye), enters the results in the pairings table (a handicap game, a draw corrected to
//    a forfeit), withdraws the player who had the bye, pairs round 2 (4 players, no bye) and
//    enters its results; the standings table equals the API's after each round.
// 4. Arena: a player signs up on a phone, joins a running arena with Join, is paired at once
//    with the other entrant, and presses Berserk in the arena panel: the API then shows the
//    berserk on that player's side, and the button goes.
// 5. Online Swiss on the page (swiss-walk.mjs): five players sign up, join, reach their games
//    from the tournament page, the home page and the global notice, on phones and laptops (one
//    on a second device too), play them by clicking the board; the games' KIF and CSA are
//    exported with the page's links; the standings equal the API's and the results, and the
//    crosstable the page links to shows every result.
// Every wait on the API times out after 20 s, on a page after 15 s; any failure exits 1 with a
// message and screenshots.
import { BASE, PASSWORD, log, newPlayer, runTests, signUp, waitText } from "./harness.mjs";
import { expect, fail } from "./http.mjs";
import { onlineSwiss } from "./swiss-walk.mjs";
import { afterClick, checkStandings, createTournament, currentRound, onePageNotice, pairFromPage, RUN, shot, sleep, startFromPage, until, view, WAIT } from "./tournament-page.mjs";

/** The no-show forfeit of the McMahon: short, so that the forfeited game ends quickly. */
const NO_SHOW_S = 4;

// ---- HTTP: the API as a script uses it ----

/** `f` over `items`, `width` at a time. */
async function inParallel(items, width, f) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await f(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return results;
}

/** An account and its personal token, made through the API. */
async function account(username) {
  await expect([201], "POST", "/api/accounts", { json: { username, password: PASSWORD } });
  const { token } = await expect([200, 201], "POST", "/api/account/tokens", { basic: [username, PASSWORD], json: { description: "tournament bot" } });
  if (typeof token !== "string") fail(`no token for ${username}`);
  return { name: username, token };
}

// ---- The scripted players: lishogi's board API ----

const board = (game) => `/api/board/game/${encodeURIComponent(game)}`;
const move = (game, token, usi) => expect([200], "POST", `${board(game)}/move/${usi}`, { token });

/**
 * Plays one online game to `outcome`: "sente" or "gote" (the other resigns after 7g7f 3c3d),
 * "draw" (both offer a draw), "no-show" (sente moves, gote never does). Gives the result the
 * tournament should record.
 */
async function playGame(game, sente, gote, outcome, onPage = null) {
  // The game's seats are the pairing's: checked against the game itself.
  const state = await expect([200], "GET", `/api/games/${encodeURIComponent(game)}`);
  const seated = [state.players?.sente?.name, state.players?.gote?.name].map((n) => n?.toLowerCase());
  if (seated[0] !== sente.name.toLowerCase() || seated[1] !== gote.name.toLowerCase()) {
    fail(`game ${game}: the pairing says ${sente.name} – ${gote.name}, the game seats ${seated.join(" – ")}`);
  }
  // A player who plays on the page (`onPage.who`) makes his moves there.
  const play = (who, usi) => (onPage?.who === who ? onPage.play(game, usi) : move(game, who.token, usi));
  await play(sente, "7g7f");
  if (outcome === "no-show") return "sente_forfeit_win";
  await play(gote, "3c3d");
  if (outcome === "draw") {
    await expect([200], "POST", `${board(game)}/draw/yes`, { token: sente.token });
    await expect([200], "POST", `${board(game)}/draw/yes`, { token: gote.token });
    return "draw";
  }
  const loser = outcome === "sente" ? gote : sente;
  await expect([200], "POST", `${board(game)}/resign`, { token: loser.token });
  return outcome;
}

/** A small deterministic random source (the same games every run). */
function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * Plays every game of the current round (`special(boardNumber)` may ask for a draw or a
 * no-show), then waits until the API shows every result and checks each one.
 */
async function playRound(id, v, players, pick, special = () => null, onPage = null) {
  const round = currentRound(v);
  const byNumber = new Map(v.players.map((p) => [p.n, players.get(p.username?.toLowerCase())]));
  const expected = await inParallel(round.boards, 8, async (b) => {
    if (!b.game) fail(`round ${round.number} board ${b.board}: no online game`);
    const outcome = special(b.board) ?? pick(b);
    return playGame(b.game, byNumber.get(b.sente), byNumber.get(b.gote), outcome, onPage);
  });
  const done = await until(id, `round ${round.number}: every result in`, (now) => now.rounds[round.number - 1]?.boards.every((b) => b.result !== null));
  for (const [i, b] of done.rounds[round.number - 1].boards.entries()) {
    if (b.result !== expected[i]) fail(`round ${round.number} board ${b.board}: the API says ${b.result}, the game ended ${expected[i]}`);
  }
  return done;
}

async function joinAll(id, accounts) {
  await inParallel(accounts, 8, (a) => expect([200, 201], "POST", `/api/tournaments/${encodeURIComponent(id)}/join`, { token: a.token, json: {} }));
}

async function mcmahon(browser) {
  const director = await newPlayer(browser, "director", { width: 1280, height: 900 });
  await signUp(director, `Td_Director_${RUN}`);
  const id = await createTournament(director, { name: "E2E McMahon", format: "mcmahon", rounds: 7, noShow: NO_SHOW_S });
  const created = await view(id);
  for (const [key, want] of [["format", "mcmahon"], ["rounds_planned", 7], ["director", `Td_Director_${RUN}`]]) {
    if (String(created[key]).toLowerCase() !== String(want).toLowerCase()) fail(`the created tournament's ${key} is ${created[key]}, not ${want}`);
  }
  if (JSON.stringify(created.settings?.tiebreaks) !== JSON.stringify(["sos", "sosos", "sodos"])) fail(`the default tie-breaks are ${JSON.stringify(created.settings?.tiebreaks)}`);
  log(`McMahon ${id} created from the page`);

  const names = Array.from({ length: 40 }, (_, i) => `Tp${String(i + 1).padStart(2, "0")}_${RUN}`);
  const accounts = await inParallel(names, 4, account);
  const players = new Map(accounts.map((a) => [a.name.toLowerCase(), a]));
  await joinAll(id, accounts);
  log("40 accounts made and joined through the API");

  let v = await startFromPage(director, id, 40);
  const coin = random(31);
  for (let round = 1; round <= 7; round += 1) {
    if (round > 1) v = await pairFromPage(director, id, round);
    if (v.rounds[round - 1].boards.length !== 20) fail(`round ${round}: ${v.rounds[round - 1].boards.length} boards for 40 players`);
    const special = (n) => (round === 2 && n === 3 ? "draw" : round === 3 && n === 4 ? "no-show" : null);
    const t0 = Date.now();
    v = await playRound(id, v, players, () => (coin() < 0.5 ? "sente" : "gote"), special);
    await waitText(director, `details[data-round="${round}"] summary`, "20/20 results");
    await checkStandings(director, id, `after round ${round}`);
    log(`round ${round}: 20 games played (${((Date.now() - t0) / 1000).toFixed(1)} s), the page's standings equal the API's`);
  }
  const drawn = v.rounds[1].boards[2].result;
  const forfeit = v.rounds[2].boards[3].result;
  if (drawn !== "draw" || forfeit !== "sente_forfeit_win") fail(`the draw and the no-show are recorded as ${drawn} and ${forfeit}`);
  await waitText(director, "#t-status", "Finished");
  await shot(director, "mcmahon-director");

  // A guest on a phone: the same standings, and nothing wider than the screen.
  const phone = await newPlayer(browser, "phone guest", { width: 360, height: 740 }, { hasTouch: true, isMobile: true });
  await phone.goto(`${BASE}/tournaments/${encodeURIComponent(id)}`);
  await waitText(phone, "#t-live", "live");
  if (await phone.locator("#director").count()) fail("a guest sees the director's panel");
  await checkStandings(phone, id, "a guest's phone");
  const wide = await phone.evaluate(() => document.documentElement.scrollWidth);
  if (wide > 360) fail(`phone guest: the page is ${wide} px wide at 360 px`);
  await shot(phone, "mcmahon-phone");

  // The printable pairings of the last round.
  const print = await newPlayer(browser, "print", { width: 800, height: 1000 });
  await print.goto(`${BASE}/tournaments/${encodeURIComponent(id)}/print?round=7`);
  await print.waitForSelector("#print-table");
  const rows = await print.locator("#print-table tbody tr").count();
  if (rows !== 20) fail(`print: ${rows} rows for 20 boards`);
  if (await print.locator(".top-bar").isVisible()) fail("print: the top bar is shown");
  const blank = await print.evaluate(() => [...document.querySelectorAll("#print-table td.blank")].every((td) => td.textContent === ""));
  if (!blank) fail("print: the result column is not blank");
  await shot(print, "mcmahon-print");
  log("McMahon finished; a phone guest sees the same standings; round 7 prints as one table");
  for (const page of [director, phone, print]) await page.context().close();
  return accounts;
}

async function knockout(browser, accounts) {
  const director = await newPlayer(browser, "knockout director", { width: 1024, height: 800 });
  await signUp(director, `Td_Knockout_${RUN}`);
  const id = await createTournament(director, { name: "E2E Knockout", format: "knockout", listed: "E2E McMahon" });
  const eight = accounts.slice(0, 8);
  const players = new Map(eight.map((a) => [a.name.toLowerCase(), a]));
  await joinAll(id, eight.slice(0, 7));
  // The director enters the eighth's account with the form: an invitation, not an entry
  // (nobody is put into a rated game without his consent).
  const last = eight[7];
  await director.fill("#add-player-name", last.name);
  await director.fill("#add-player-rating", "1500");
  await director.fill("#add-player-account", last.name);
  await director.click("#add-player-submit");
  await waitText(director, "#invited", last.name);
  await waitText(director, "#players h2", "(7)");
  // The eighth opens the tournament's page as a guest, logs in from there, is brought back
  // to it and accepts the invitation with its button.
  const entrant = await newPlayer(browser, "entrant", { width: 390, height: 844 }, { hasTouch: true, isMobile: true });
  const page = `${BASE}/tournaments/${encodeURIComponent(id)}`;
  await entrant.goto(page);
  await entrant.tap("#login-to-join");
  await entrant.fill("#login-username", last.name);
  await entrant.fill("#login-password", PASSWORD);
  await entrant.tap("#login-submit");
  await entrant.waitForURL(page).catch(() => fail(`entrant: the login led to ${entrant.url()}, not back to the tournament`));
  await waitText(entrant, "#account-link", last.name);
  await waitText(entrant, "#join", "Accept the invitation");
  await entrant.tap("#join");
  await waitText(entrant, "#players h2", "(8)");
  if (await entrant.locator("#invited").count()) fail("entrant: still listed as invited after accepting");
  await entrant.waitForSelector("#withdraw-self");
  if (await entrant.locator("#join").count()) fail("entrant: Join is still offered after joining");
  let v = await startFromPage(director, id, 8);
  // The tournament's page tells the entrant that his game has started and leads him to it;
  // he plays it on his phone, a device that never held the seat: it comes with his account.
  await entrant.waitForSelector("#your-game a.play", { timeout: 15_000 });
  const entrantN = v.players.find((p) => p.username?.toLowerCase() === last.name.toLowerCase())?.n;
  const mine = currentRound(v).boards.find((b) => b.sente === entrantN || b.gote === entrantN);
  await onePageNotice(entrant, mine.game, "entrant");
  await entrant.tap("#your-game a.play");
  await entrant.waitForSelector("#move-box", { state: "visible" });
  await entrant.waitForSelector("#resign", { state: "visible" });
  const gameUrl = entrant.url();
  // The home page lists it too ("Your games"), on a second tab: the way back to it.
  const home = await entrant.context().newPage();
  home.setDefaultTimeout(15_000);
  await home.goto(`${BASE}/`);
  await home.waitForSelector("#my-games .play");
  const listed = await home.locator("#my-games [data-game]").getAttribute("data-game");
  if (!gameUrl.includes(`game=${listed}`)) fail(`entrant: the home page lists game ${listed}, the tournament page led to ${gameUrl}`);
  await home.tap("#my-games .play");
  await home.waitForSelector("#move-box", { state: "visible" });
  await shot(home, "knockout-entrant-game");
  const onPage = {
    who: players.get(last.name.toLowerCase()),
    play: async (game, usi) => {
      const before = (await expect([200], "GET", `/api/games/${encodeURIComponent(game)}`)).moves.length;
      await home.fill("#move-text", usi);
      await home.press("#move-text", "Enter");
      const deadline = Date.now() + WAIT;
      while ((await expect([200], "GET", `/api/games/${encodeURIComponent(game)}`)).moves.length === before) {
        if (Date.now() > deadline) fail(`entrant: the move ${usi} typed on the page was not played`);
        await sleep(100);
      }
    },
  };
  log("knockout: the entrant reached his game from the tournament page and from the home page");
  const coin = random(8);
  for (let round = 1; round <= 3; round += 1) {
    if (round > 1) {
      // The director pairs the next round, unless the server has paired it already.
      await sleep(300);
      const now = await view(id);
      v = now.rounds.length >= round
        ? await until(id, `knockout round ${round}'s games`, (w) => currentRound(w).boards.every((b) => b.game))
        : await pairFromPage(director, id, round);
    }
    const boards = currentRound(v).boards.length;
    if (boards !== 8 >> round) fail(`knockout round ${round}: ${boards} boards, not ${8 >> round}`);
    v = await playRound(id, v, players, () => (coin() < 0.5 ? "sente" : "gote"), () => null, round === 1 ? onPage : null);
    log(`knockout round ${round}: ${boards} games played`);
  }
  await entrant.context().close();
  v = await until(id, "the knockout finished", (now) => now.status === "finished");
  const bracket = v.knockout?.bracket;
  if (!bracket || bracket.length !== 3) fail(`the knockout's bracket has ${bracket?.length} rounds`);
  const champion = bracket[2][0].winner;
  await director.waitForSelector('#bracket .bracket-round[data-round="3"]');
  const rounds = await director.locator("#bracket .bracket-round").count();
  if (rounds !== 3) fail(`the page's bracket has ${rounds} rounds`);
  const shown = await director.locator('#bracket .bracket-round[data-round="3"] .side.winner').getAttribute("data-n");
  if (Number(shown) !== champion) fail(`the page's final winner is #${shown}, the API's #${champion}`);
  await checkStandings(director, id, "knockout at the end");
  await shot(director, "knockout");
  log(`knockout finished: #${champion} won, the bracket and the standings equal the API's`);
  await director.context().close();
}

async function overTheBoard(browser) {
  const director = await newPlayer(browser, "OTB director", { width: 1024, height: 800 });
  await signUp(director, `Td_Club_${RUN}`);
  const id = await createTournament(director, { name: "E2E Club Swiss", format: "swiss", rounds: 2, online: false });
  for (const [name, rating] of [["Ada", 1900], ["Ben", 1800], ["Cho", 1700], ["Dev", 1600], ["Eva", 1500]]) {
    await director.fill("#add-player-name", name);
    await director.fill("#add-player-rating", String(rating));
    await director.click("#add-player-submit");
    await waitText(director, "#players-table", name);
  }
  let v = await startFromPage(director, id, 5, false);
  if (currentRound(v).boards.length !== 2 || currentRound(v).bye === null) fail("OTB round 1: not 2 boards and a bye");
  // Board 1 at lance handicap won by gote; board 2 a forfeit.
  const enter = async (round, boardNumber, result, handicap) => {
    const row = director.locator(`#round-${round} tr[data-board="${boardNumber}"]`);
    await row.locator(".result-select").selectOption(result);
    if (handicap) await row.locator(".handicap-select").selectOption(handicap);
    await row.locator(".save-result").click();
    await afterClick(director, id, `OTB round ${round} board ${boardNumber} = ${result}`, (now) => now.rounds[round - 1].boards[boardNumber - 1].result === result);
  };
  await enter(1, 1, "gote", "lance");
  await enter(1, 2, "draw");
  // A correction: board 2 was a forfeit, the gote player absent.
  await enter(1, 2, "sente_forfeit_win");
  v = await view(id);
  if (v.rounds[0].boards[0].handicap !== "lance") fail(`OTB: board 1's handicap is ${v.rounds[0].boards[0].handicap}`);
  await checkStandings(director, id, "OTB after round 1 and a correction");
  // The player with the bye withdraws before round 2.
  const leaving = v.players.find((p) => p.n === v.rounds[0].bye);
  await director.selectOption("#withdraw-player", String(leaving.n));
  await director.click("#withdraw-submit");
  await director.click('[data-confirm="yes"]');
  await afterClick(director, id, `${leaving.name} withdrawn`, (now) => now.players.find((p) => p.n === leaving.n)?.withdrawn === true);
  await director.waitForSelector(`#players-table tr[data-n="${leaving.n}"] .withdrawn`);
  v = await pairFromPage(director, id, 2, false);
  const paired = currentRound(v).boards.flatMap((b) => [b.sente, b.gote]);
  if (paired.includes(leaving.n) || paired.length !== 4 || currentRound(v).bye !== null) fail(`OTB round 2 pairs ${JSON.stringify(paired)} (bye ${currentRound(v).bye}) after #${leaving.n} withdrew`);
  await enter(2, 1, "sente");
  await enter(2, 2, "draw");
  await checkStandings(director, id, "OTB at the end");
  const href = await director.locator("#print-link").getAttribute("href");
  if (!/\/print\?round=2(&|$)/.test(href ?? "")) fail(`the director's print link is ${href}`);
  await shot(director, "otb");
  log("over the board: players entered, results (handicap, forfeit, correction) entered, a player withdrawn");
  await director.context().close();
}

/** An arena: a player signed up on the page joins with Join, is paired at once with the
 * other entrant, and goes berserk from the arena panel before moving. */
async function arena(browser) {
  const director = await account(`Ta_Director_${RUN}`);
  const other = await account(`Ta_Other_${RUN}`);
  const created = await expect([201], "POST", "/api/tournaments", {
    token: director.token,
    json: { name: "E2E Arena", format: "arena", online: true, clock: { initial_s: 300, increment_s: 0, byoyomi_s: 10, periods: 1 }, arena_seconds: 120, berserk: true },
  });
  const id = created.id;
  const player = await newPlayer(browser, "arena player", { width: 390, height: 844 }, { hasTouch: true, isMobile: true });
  const name = `Ta_Berserker_${RUN}`;
  await signUp(player, name);
  await player.goto(`${BASE}/tournaments/${encodeURIComponent(id)}`);
  await player.tap("#join");
  await expect([200], "POST", `/api/tournaments/${encodeURIComponent(id)}/join`, { token: other.token });
  await player.waitForSelector("#berserk");
  const mine = (v) => {
    const me = v.players.find((p) => p.username?.toLowerCase() === name.toLowerCase());
    const game = v.arena?.games?.find((g) => g.result === null && (g.sente === me?.n || g.gote === me?.n));
    return game && (game.sente === me.n ? game.sente_berserk : game.gote_berserk);
  };
  await player.tap("#berserk");
  await until(id, "the page's player went berserk", (v) => mine(v) === true);
  // The button goes once the berserk is in.
  await player.waitForSelector("#berserk", { state: "detached" });
  await shot(player, "arena");
  log("arena: joined from the page, paired at once, berserk from the arena panel");
  await player.context().close();
}

let accounts = null;
await runTests(
  [
    ["McMahon of 40 players", async (browser) => (accounts = await mcmahon(browser))],
    ["knockout of 8", async (browser) => knockout(browser, accounts ?? (await inParallel(Array.from({ length: 8 }, (_, i) => `Tk${i + 1}_${RUN}`), 4, account)))],
    ["over the board", overTheBoard],
    ["arena with berserk", arena],
    ["online Swiss played on the page", onlineSwiss],
  ],
  "tournament-",
);
