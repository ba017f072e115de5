// A client of lishogi's public API, written from lishogi's API documentation
// (lishogi-api.yaml in WandererXII/lishogi, served at lishogi.org/api), not from koma's code:
// it checks that a program written for lishogi works with koma serve by changing the base URL.
//
//   KOMA_URL=http://127.0.0.1:8099 node lishogi.mjs
//
// Only the two first steps are koma's own (lishogi has no API for them): creating the accounts
// (`POST /api/accounts`) and their personal tokens (`POST /api/account/tokens` with HTTP Basic).
// Then, with `Authorization: Bearer`, exactly as the documentation describes:
//  1. `GET /api/account` for each player: `id` is the lowercase username, `username` as typed.
//  2. Both open `GET /api/stream/event` (ND-JSON) before anything else.
//  3. Alice challenges Bob (`POST /api/challenge/{username}`, form fields `rated`, `clock.limit`,
//     `clock.increment`, `clock.byoyomi`, `clock.periods`, `color`, `variant`); the answer is a
//     ChallengeJson; Bob's event stream shows the `challenge`; Bob accepts it
//     (`POST /api/challenge/{id}/accept` → `{"ok":true}`); both event streams show `gameStart`
//     for the challenge's id (the game id is the challenge id).
//  4. Both stream the game (`GET /api/board/game/stream/{id}`): the first line is `gameFull`
//     (players, clock in milliseconds, `initialSfen` startpos, `state` of type `gameState`).
//  5. They play 7g7f 3c3d 2g2f 8c8d, each waiting for the opponent's move on its own stream
//     (`gameState.moves`); a move out of turn is refused with 400 and an `error`.
//  6. Alice writes in the player chat (form `room`, `text`): Bob's stream shows the `chatLine`.
//  7. Alice offers a draw (`/draw/yes`), Bob declines (`/draw/no`); the game goes on.
//  8. Bob resigns: both streams show a `gameState` with status `resign` and winner `sente`,
//     then close; both event streams show `gameFinish`.
//  9. `GET /api/user/{name}` of each: the rated game moved their ratings apart.
// 10. A bot starts up as lishogi-bot does: `GET /api/account` (accountMe), `POST
//     /api/bot/account/upgrade` (botAccountUpgrade, then `title` is `BOT`), `GET
//     /api/stream/event` (apiStreamEvent), `GET /api/account/playing` (apiAccountPlaying:
//     `nowPlaying`, empty) and `GET /api/challenge` (lichess's challengeList, which lishogi's
//     clients call: `in` and `out`). Alice challenges it, it accepts, streams the game with
//     `GET /api/bot/game/stream/{id}` (botGameStream) and moves with botGameMove; `nowPlaying`
//     lists the game.
// 11. The bot goes away (its game stream closed) while Alice waits for its move: her board
//     stream says `opponentGone` (`gone`, `claimWinInSeconds`), a claim before that is
//     refused with 400, then `POST /api/board/game/{id}/claim-victory` (lichess's
//     boardGameClaimVictory: lishogi documents no claim, its site calls it "force
//     resignation") wins: `gameState` status `timeout`, winner Alice's side.
// 12. Berserk in an arena: a director makes an arena through koma's own API (`POST
//     /api/tournaments`; lishogi's API makes none), Alice and Bob join it (koma's
//     `/api/tournaments/{id}/join`); the pairing comes as `gameStart`; `gameFull` has the
//     documented `tournamentId`; sente's `POST /api/board/game/{id}/berserk` (lichess's
//     boardGameBerserk) halves its time in the next `gameState`; a second berserk is 400.
// Any failure exits 1 with a message naming the step.

import { BASE, PASSWORD, log } from "./harness.mjs";
import { call, expect, fail } from "./http.mjs";

const WAIT = 15_000;

if (!BASE) {
  console.error("lishogi.mjs: set KOMA_URL to the server's address, e.g. KOMA_URL=http://127.0.0.1:8099");
  process.exit(2);
}

/**
 * An ND-JSON stream: every line parsed as it arrives, kept in `lines`; `next(pred)` waits for
 * the first line after the last one taken that matches; `closed` resolves when the server ends it.
 */
function stream(path, token, name) {
  const controller = new AbortController();
  const s = { lines: [], taken: 0, waiters: [], ended: false, name };
  const wake = () => {
    for (const w of s.waiters.splice(0)) w();
  };
  s.closed = (async () => {
    const response = await fetch(`${BASE}${path}`, {
      headers: { authorization: `Bearer ${token}` },
      signal: controller.signal,
    });
    if (response.status !== 200) fail(`${name}: GET ${path} answered ${response.status}: ${await response.text()}`);
    const type = response.headers.get("content-type") ?? "";
    if (!type.startsWith("application/x-ndjson")) fail(`${name}: ${path} is served as '${type}', not application/x-ndjson`);
    const decoder = new TextDecoder();
    let buffer = "";
    for await (const chunk of response.body) {
      buffer += decoder.decode(chunk, { stream: true });
      let newline;
      while ((newline = buffer.indexOf("\n")) >= 0) {
        const line = buffer.slice(0, newline).trim();
        buffer = buffer.slice(newline + 1);
        // Empty lines are keep-alives (the documentation's streams send them).
        if (line) s.lines.push(JSON.parse(line));
      }
      wake();
    }
  })()
    .catch((e) => {
      if (e.name !== "AbortError") s.error = e;
    })
    .finally(() => {
      s.ended = true;
      wake();
    });
  s.next = async (what, pred) => {
    const deadline = Date.now() + WAIT;
    for (;;) {
      while (s.taken < s.lines.length) {
        const line = s.lines[s.taken++];
        if (pred(line)) return line;
      }
      if (s.error) fail(`${name}: ${s.error.message}`);
      if (s.ended) fail(`${name}: the stream ended before ${what}; it sent ${JSON.stringify(s.lines)}`);
      const left = deadline - Date.now();
      if (left <= 0) fail(`${name}: no ${what} within ${WAIT} ms; the stream sent ${JSON.stringify(s.lines)}`);
      await new Promise((resolve) => {
        // The timer goes with the wait: a pending one would hold the script up at its end.
        const timer = setTimeout(resolve, left);
        s.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  };
  s.close = () => controller.abort();
  return s;
}

/** A gameStart/gameFinish event's game id (the documentation shows `gameId`; `id` in the schema). */
const eventGameId = (event) => event.game?.gameId ?? event.game?.id;

async function account(username) {
  await expect([201], "POST", "/api/accounts", { json: { username, password: PASSWORD } });
  const { token } = await expect([200, 201], "POST", "/api/account/tokens", { basic: [username, PASSWORD] });
  if (typeof token !== "string" || token.length < 16) fail(`the token for ${username} is not a long string: ${token}`);
  const me = await expect([200], "GET", "/api/account", { token });
  if (me.id !== username.toLowerCase() || me.username !== username) {
    fail(`GET /api/account for ${username}: id '${me.id}', username '${me.username}'`);
  }
  log(`${username}: account, token, /api/account`);
  return { name: username, id: me.id, token };
}

async function main() {
  const suffix = Date.now().toString(36).slice(-5);
  const alice = await account(`Alice_${suffix}`);
  const bob = await account(`Bob_${suffix}`);

  const aliceEvents = stream("/api/stream/event", alice.token, "alice's events");
  const bobEvents = stream("/api/stream/event", bob.token, "bob's events");

  const challenge = await expect([200, 201], "POST", `/api/challenge/${bob.name}`, {
    token: alice.token,
    form: {
      rated: "true",
      "clock.limit": "300",
      "clock.increment": "0",
      "clock.byoyomi": "10",
      "clock.periods": "1",
      color: "sente",
      variant: "standard",
    },
  });
  // The answer is the ChallengeJson, or (as lishogi's server writes it) one wrapped in `challenge`.
  const ch = challenge.challenge ?? challenge;
  if (!ch.id || ch.rated !== true || ch.challenger?.id !== alice.id || ch.destUser?.id !== bob.id) {
    fail(`the challenge answer does not describe the challenge: ${JSON.stringify(challenge)}`);
  }
  if (ch.timeControl?.type !== "clock" || ch.timeControl.limit !== 300 || ch.timeControl.byoyomi !== 10) {
    fail(`the challenge's timeControl is wrong: ${JSON.stringify(ch.timeControl)}`);
  }
  const seen = await bobEvents.next("the challenge event", (e) => e.type === "challenge" && e.challenge?.id === ch.id);
  if (seen.challenge.challenger?.id !== alice.id) fail(`bob's challenge event names another challenger: ${JSON.stringify(seen)}`);
  log(`challenge ${ch.id} seen on bob's event stream`);

  const accepted = await expect([200], "POST", `/api/challenge/${ch.id}/accept`, { token: bob.token });
  if (accepted?.ok !== true) fail(`accept answered ${JSON.stringify(accepted)}, not {"ok":true}`);
  const startA = await aliceEvents.next("gameStart", (e) => e.type === "gameStart");
  const startB = await bobEvents.next("gameStart", (e) => e.type === "gameStart");
  const id = eventGameId(startA);
  if (id !== ch.id || eventGameId(startB) !== id) {
    fail(`gameStart ids ${eventGameId(startA)} / ${eventGameId(startB)} are not the challenge's ${ch.id}`);
  }
  log(`game ${id} started on both event streams`);

  const aliceGame = stream(`/api/board/game/stream/${id}`, alice.token, "alice's game");
  const bobGame = stream(`/api/board/game/stream/${id}`, bob.token, "bob's game");
  for (const [s, who] of [
    [aliceGame, "alice"],
    [bobGame, "bob"],
  ]) {
    const full = await s.next("gameFull", () => true);
    if (full.type !== "gameFull") fail(`${who}'s game stream began with ${full.type}, not gameFull`);
    if (full.id !== id || full.rated !== true) fail(`${who}'s gameFull: id ${full.id}, rated ${full.rated}`);
    if (full.sente?.id !== alice.id || full.gote?.id !== bob.id) {
      fail(`${who}'s gameFull seats: sente ${full.sente?.id}, gote ${full.gote?.id}`);
    }
    if (full.clock?.initial !== 300_000 || full.clock?.byoyomi !== 10_000) fail(`${who}'s gameFull clock: ${JSON.stringify(full.clock)}`);
    if (full.initialSfen !== "startpos") fail(`${who}'s gameFull initialSfen: ${full.initialSfen}`);
    if (full.state?.type !== "gameState" || full.state.moves !== "" || full.state.status !== "started") {
      fail(`${who}'s gameFull state: ${JSON.stringify(full.state)}`);
    }
  }
  log("both game streams began with gameFull");

  const wrongTurn = await call("POST", `/api/board/game/${id}/move/3c3d`, { token: bob.token });
  if (wrongTurn.status !== 400 || typeof wrongTurn.body?.error !== "string") {
    fail(`a move out of turn answered ${wrongTurn.status}: ${wrongTurn.text}`);
  }

  const moves = ["7g7f", "3c3d", "2g2f", "8c8d"];
  for (let i = 0; i < moves.length; i++) {
    const mover = i % 2 === 0 ? alice : bob;
    const ok = await expect([200], "POST", `/api/board/game/${id}/move/${moves[i]}`, { token: mover.token });
    if (ok?.ok !== true) fail(`move ${moves[i]} answered ${JSON.stringify(ok)}`);
    const played = moves.slice(0, i + 1).join(" ");
    for (const [s, who] of [
      [aliceGame, "alice"],
      [bobGame, "bob"],
    ]) {
      const state = await s.next(`the state after ${played}`, (l) => l.type === "gameState" && l.moves === played);
      if (state.status !== "started") fail(`${who}: status ${state.status} after ${played}`);
      if (typeof state.btime !== "number" || typeof state.byo !== "number") fail(`${who}: gameState without clocks: ${JSON.stringify(state)}`);
    }
  }
  log(`played ${moves.join(" ")}`);

  await expect([200], "POST", `/api/board/game/${id}/chat`, {
    token: alice.token,
    form: { room: "player", text: "Good luck, have fun" },
  });
  const line = await bobGame.next("alice's chat line", (l) => l.type === "chatLine");
  if (line.username !== alice.name || line.text !== "Good luck, have fun" || line.room !== "player") {
    fail(`bob's chatLine: ${JSON.stringify(line)}`);
  }
  log("chat line delivered");

  await expect([200], "POST", `/api/board/game/${id}/draw/yes`, { token: alice.token });
  await expect([200], "POST", `/api/board/game/${id}/draw/no`, { token: bob.token });
  log("draw offered and declined");

  await expect([200], "POST", `/api/board/game/${id}/resign`, { token: bob.token });
  for (const [s, who] of [
    [aliceGame, "alice"],
    [bobGame, "bob"],
  ]) {
    const end = await s.next("the resignation", (l) => l.type === "gameState" && l.status !== "started");
    if (end.status !== "resign" || end.winner !== "sente") fail(`${who}: the game ended as ${JSON.stringify(end)}`);
    await Promise.race([s.closed, new Promise((_, reject) => setTimeout(() => reject(new Error(`${who}'s game stream stayed open after the end`)), WAIT))]);
  }
  for (const [s, who] of [
    [aliceEvents, "alice"],
    [bobEvents, "bob"],
  ]) {
    const finish = await s.next("gameFinish", (e) => e.type === "gameFinish");
    if (eventGameId(finish) !== id) fail(`${who}'s gameFinish is for ${eventGameId(finish)}`);
    s.close();
  }
  log("resignation seen on both game streams; gameFinish on both event streams");

  const winner = await expect([200], "GET", `/api/user/${alice.name}`, {});
  const loser = await expect([200], "GET", `/api/user/${bob.name}`, {});
  const ratings = (user) =>
    Object.values(user.perfs ?? {})
      .filter((p) => typeof p?.rating === "number" && p.games > 0)
      .map((p) => p.rating);
  const [w] = ratings(winner);
  const [l] = ratings(loser);
  if (!(w > 1500 && l < 1500)) fail(`after the rated game alice is rated ${w} and bob ${l}: ${JSON.stringify([winner.perfs, loser.perfs])}`);
  log(`ratings after the game: alice ${w}, bob ${l}`);

  const robo = await botStartsUp(`Robo_${suffix}`);
  await botLeavesAndAliceClaims(alice, robo);
  await berserkInAnArena(suffix, alice, bob);
  console.log("lishogi.mjs: all steps passed");
}

/** Step 10's start-up, as lishogi-bot makes it: the bot with its event stream open. */
async function botStartsUp(username) {
  await expect([201], "POST", "/api/accounts", { json: { username, password: PASSWORD } });
  const { token } = await expect([200, 201], "POST", "/api/account/tokens", { basic: [username, PASSWORD] });
  // accountMe: a person's account has no BOT title yet.
  const before = await expect([200], "GET", "/api/account", { token });
  if (before.username !== username || before.title === "BOT") fail(`accountMe before the upgrade: ${JSON.stringify(before)}`);
  // botAccountUpgrade: `{"ok": true}`, then accountMe's `title` is `BOT`.
  const upgraded = await expect([200], "POST", "/api/bot/account/upgrade", { token });
  if (upgraded?.ok !== true) fail(`botAccountUpgrade answered ${JSON.stringify(upgraded)}`);
  const me = await expect([200], "GET", "/api/account", { token });
  if (me.title !== "BOT" || me.id !== username.toLowerCase()) fail(`accountMe after the upgrade: ${JSON.stringify(me)}`);
  // apiStreamEvent, then apiAccountPlaying (the games to resume) and the open challenges.
  const events = stream("/api/stream/event", token, "the bot's events");
  const playing = await expect([200], "GET", "/api/account/playing", { token });
  if (!Array.isArray(playing?.nowPlaying) || playing.nowPlaying.length !== 0) fail(`apiAccountPlaying of a new bot: ${JSON.stringify(playing)}`);
  const open = await expect([200], "GET", "/api/challenge", { token });
  if (!Array.isArray(open?.in) || !Array.isArray(open?.out)) fail(`GET /api/challenge: ${JSON.stringify(open)}`);
  log(`${username}: accountMe, upgrade to BOT, event stream, nowPlaying and challenges read`);
  return { name: username, id: me.id, token, events };
}

/** Steps 10 (a game with the bot) and 11 (the bot goes away, Alice claims the win). */
async function botLeavesAndAliceClaims(alice, robo) {
  const aliceEvents = stream("/api/stream/event", alice.token, "alice's events");
  const challenge = await expect([200, 201], "POST", `/api/challenge/${robo.name}`, {
    token: alice.token,
    form: { rated: "false", "clock.limit": "300", "clock.byoyomi": "10", color: "sente", variant: "standard" },
  });
  const ch = challenge.challenge ?? challenge;
  const seen = await robo.events.next("the challenge to the bot", (e) => e.type === "challenge" && e.challenge?.id === ch.id);
  if (seen.challenge.destUser?.title !== "BOT") fail(`the bot's challenge event: ${JSON.stringify(seen)}`);
  await expect([200], "POST", `/api/challenge/${ch.id}/accept`, { token: robo.token });
  const start = await robo.events.next("the bot's gameStart", (e) => e.type === "gameStart");
  const id = eventGameId(start);
  if (id !== ch.id || start.game.color !== "gote") fail(`the bot's gameStart: ${JSON.stringify(start)}`);
  await aliceEvents.next("alice's gameStart", (e) => e.type === "gameStart" && eventGameId(e) === id);
  const playing = await expect([200], "GET", "/api/account/playing", { token: robo.token });
  const listed = playing.nowPlaying?.find((g) => g.gameId === id);
  if (!listed || listed.color !== "gote" || listed.isMyTurn !== false) fail(`apiAccountPlaying of the bot: ${JSON.stringify(playing)}`);

  const botGame = stream(`/api/bot/game/stream/${id}`, robo.token, "the bot's game");
  const aliceGame = stream(`/api/board/game/stream/${id}`, alice.token, "alice's game with the bot");
  const full = await botGame.next("the bot's gameFull", () => true);
  if (full.type !== "gameFull" || full.gote?.title !== "BOT" || full.initialSfen !== "startpos") fail(`the bot's gameFull: ${JSON.stringify(full)}`);
  await aliceGame.next("alice's gameFull", (l) => l.type === "gameFull");
  const moves = [
    [alice, "board", "7g7f"],
    [robo, "bot", "3c3d"],
    [alice, "board", "2g2f"],
  ];
  for (let i = 0; i < moves.length; i++) {
    const [who, api, usi] = moves[i];
    await expect([200], "POST", `/api/${api}/game/${id}/move/${usi}`, { token: who.token });
    const played = moves.slice(0, i + 1).map((m) => m[2]).join(" ");
    await botGame.next(`the bot's state after ${played}`, (l) => l.type === "gameState" && l.moves === played);
  }
  log(`the bot accepted, streamed and played game ${id}`);

  // While the bot is connected, a claim is refused.
  const early = await call("POST", `/api/board/game/${id}/claim-victory`, { token: alice.token });
  if (early.status !== 400 || typeof early.body?.error !== "string") fail(`a claim against a connected opponent answered ${early.status}: ${early.text}`);
  // The bot goes away with the move its to make.
  botGame.close();
  robo.events.close();
  const gone = await aliceGame.next("opponentGone", (l) => l.type === "opponentGone" && l.gone === true);
  if (typeof gone.claimWinInSeconds !== "number") fail(`opponentGone without claimWinInSeconds: ${JSON.stringify(gone)}`);
  if (gone.claimWinInSeconds > 0) {
    await aliceGame.next("opponentGone with the win claimable", (l) => l.type === "opponentGone" && l.claimWinInSeconds === 0);
  }
  log(`alice's stream: the bot is gone (claim in ${gone.claimWinInSeconds} s)`);
  const claimed = await expect([200], "POST", `/api/board/game/${id}/claim-victory`, { token: alice.token });
  if (claimed?.ok !== true) fail(`claim-victory answered ${JSON.stringify(claimed)}`);
  const end = await aliceGame.next("the claimed win", (l) => l.type === "gameState" && l.status !== "started");
  if (end.status !== "timeout" || end.winner !== "sente") fail(`the claimed game ended as ${JSON.stringify(end)}`);
  await aliceEvents.next("alice's gameFinish", (e) => e.type === "gameFinish" && eventGameId(e) === id);
  aliceEvents.close();
  log("alice claimed the win: status timeout, gameFinish");
}

/** Step 12: berserk in an arena game. */
async function berserkInAnArena(suffix, alice, bob) {
  const director = await account(`Director_${suffix}`);
  const events = [alice, bob].map((p) => stream("/api/stream/event", p.token, `${p.name}'s events`));
  // koma's own API: the arena, starting in a second and a half, with berserk.
  const arena = await expect([201], "POST", "/api/tournaments", {
    token: director.token,
    json: {
      name: `Arena ${suffix}`,
      format: "arena",
      online: true,
      clock: { initial_s: 300, byoyomi_s: 10, periods: 1 },
      starts_at: Date.now() + 1500,
      arena_seconds: 120,
      berserk: true,
    },
  });
  for (const p of [alice, bob]) await expect([200], "POST", `/api/tournaments/${arena.id}/join`, { token: p.token, json: {} });
  const starts = await Promise.all(events.map((s) => s.next("the arena's gameStart", (e) => e.type === "gameStart")));
  const id = eventGameId(starts[0]);
  const senteAt = starts.findIndex((e) => e.game.color === "sente");
  if (eventGameId(starts[1]) !== id || senteAt < 0) fail(`the arena's gameStart events: ${JSON.stringify(starts)}`);
  const sente = [alice, bob][senteAt];
  const game = stream(`/api/board/game/stream/${id}`, sente.token, "the arena game");
  const full = await game.next("the arena's gameFull", (l) => l.type === "gameFull");
  if (full.tournamentId !== arena.id) fail(`the arena game's gameFull has tournamentId ${full.tournamentId}, not ${arena.id}`);
  const ok = await expect([200], "POST", `/api/board/game/${id}/berserk`, { token: sente.token });
  if (ok?.ok !== true) fail(`berserk answered ${JSON.stringify(ok)}`);
  const halved = await game.next("the berserk state", (l) => l.type === "gameState" && l.btime <= 150_000);
  if (halved.btime < 140_000 || halved.wtime < 290_000) fail(`after berserk: ${JSON.stringify(halved)}`);
  const again = await call("POST", `/api/board/game/${id}/berserk`, { token: sente.token });
  if (again.status !== 400 || typeof again.body?.error !== "string") fail(`a second berserk answered ${again.status}: ${again.text}`);
  game.close();
  for (const s of events) s.close();
  log(`arena ${arena.id}: sente berserked in game ${id} (${halved.btime} ms left)`);
}

main().catch((e) => {
  console.error(`lishogi.mjs: ${e.message}`);
  process.exit(1);
});
