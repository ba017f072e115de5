//! The load benchmark over lishogi's API, as bots and board clients use it: every player
//! is an account with an API token and its event stream open; every game is a rated
//! challenge (30 min + 10 s) from one account to another, a bot, seen on the bot's event
//! stream and accepted over the API; each seat follows its game on its ND-JSON stream
//! (`/api/board/game/stream/{id}` for the challenger, `/api/bot/...` for the bot), works
//! out the legal moves itself as a client does, and plays by `POST .../move/{usi}`. The
//! round trip of a move is from its `POST` to the `gameState` that shows it on the mover's
//! own stream. At the last ply the side to move resigns, so every game ends and is rated;
//! the run then checks the moves kept, the `gameFinish` events and each account's one
//! rated game.

use super::http::{Client, Extra, LineStream};
use super::{Config, Report, SeatRun, api_json, bounded, choose, collect, game_seed, mix};
use base64::Engine;
use base64::engine::general_purpose::STANDARD as BASE64;
use koma_notation::{sfen, usi};
use koma_rules::{AnyPosition, VariantKind};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::task::{JoinHandle, JoinSet};

/// Every benchmark account's password.
const PASSWORD: &str = "koma-load-benchmark";
/// The challenge each game starts from: rated, a clock long enough that none runs out
/// under load, the challenger sente.
const CHALLENGE: &str = "rated=true&clock.limit=1800&clock.increment=10&color=sente";
/// How long a stream may go without the line awaited (its empty keep-alive lines, every
/// 5 s, do not count).
const SILENCE: Duration = Duration::from_secs(30);
/// How long the run waits for the `gameFinish` events once every game has ended.
const FINISH_WAIT: Duration = Duration::from_secs(10);

/// A benchmark account.
struct Account {
    name: String,
    /// `Bearer koma_...`.
    bearer: String,
}

/// One seat of a started game.
struct Seat {
    /// `board` or `bot`: the paths its API calls take.
    api: &'static str,
    bearer: String,
    /// The seat's account name (the `gameFull` must show it in its colour).
    name: String,
    /// The game's ND-JSON stream, just opened.
    game: LineStream,
    /// The account's event stream, read until the game's `gameFinish`.
    events: LineStream,
}

/// A game accepted and started: its id, and sente's then gote's seat.
struct Table {
    id: String,
    seats: Vec<Seat>,
}

/// Signs up the accounts, starts the games by challenges, plays them, and checks them.
pub async fn load(addr: SocketAddr, config: &Config, target: String) -> Result<Report, String> {
    let setup_start = Instant::now();
    let prefix = run_prefix();
    let accounts = bounded(2 * config.games, move |i| {
        account(addr, format!("{prefix}-{i}"), i % 2 == 1)
    })
    .await?;
    let signed_up = setup_start.elapsed();
    eprintln!(
        "koma load: {} accounts signed up in {:.1} s; starting {} games",
        accounts.len(),
        signed_up.as_secs_f64(),
        config.games
    );
    let accounts = Arc::new(accounts);
    let tables = {
        let accounts = Arc::clone(&accounts);
        bounded(config.games, move |g| {
            let accounts = Arc::clone(&accounts);
            async move { start_game(addr, &accounts[2 * g], &accounts[2 * g + 1]).await }
        })
        .await?
    };
    let setup = setup_start.elapsed();
    eprintln!("koma load: {} games started; playing", config.games);
    let ids: Vec<String> = tables.iter().map(|t| t.id.clone()).collect();

    let start = Instant::now();
    let mut seats = JoinSet::new();
    let mut finishes = Vec::new();
    for (g, table) in tables.into_iter().enumerate() {
        for (i, seat) in table.seats.into_iter().enumerate() {
            let Seat {
                api,
                bearer,
                name,
                game,
                mut events,
            } = seat;
            let id = table.id.clone();
            finishes.push(tokio::spawn(async move {
                read_until(&mut events, |v| {
                    v["type"] == "gameFinish" && v["game"]["id"] == id.as_str()
                })
                .await
                .is_ok()
            }));
            let player = Player {
                addr,
                id: table.id.clone(),
                api,
                bearer,
                name,
                seat: i,
                seed: game_seed(config.seed, g),
                max: config.moves,
                think: config.think,
            };
            seats.spawn(async move { (2 * g + i, player.play(game).await) });
        }
    }
    let mut runs: Vec<Option<SeatRun>> = (0..2 * config.games).map(|_| None).collect();
    while let Some(joined) = seats.join_next().await {
        let (i, run) = joined.map_err(|e| format!("a seat's task failed: {e}"))?;
        runs[i] = Some(run);
    }
    let wall = start.elapsed();
    let mut finished = 0;
    let deadline = tokio::time::Instant::now() + FINISH_WAIT;
    for mut task in finishes {
        match tokio::time::timeout_at(deadline, &mut task).await {
            Ok(Ok(true)) => finished += 1,
            Ok(_) => {}
            Err(_) => task.abort(),
        }
    }

    let finals = {
        let ids = ids.clone();
        bounded(config.games, move |i| {
            let path = format!("/api/games/{}", ids[i]);
            async move { Ok(api_json(addr, "GET", &path, Extra::default(), 200).await) }
        })
        .await?
    };
    let rated = finals
        .iter()
        .filter(|f| f.as_ref().is_ok_and(|s| s["rated"] == true))
        .count();
    let mut played = collect(&ids, runs, finals, config.moves);
    // The benchmark's own resignation at the last ply is the end it asked for, not one the
    // rules made.
    let mut resigned = 0;
    for game in &mut played.games {
        if game.outcome.as_deref() == Some("resignation") && game.sent.len() == config.moves {
            game.outcome = None;
            resigned += 1;
        }
    }
    let games_played = {
        let accounts = Arc::clone(&accounts);
        bounded(accounts.len(), move |i| {
            let bearer = accounts[i].bearer.clone();
            async move {
                let headers = [("Authorization", bearer.as_str())];
                let me = api_json(addr, "GET", "/api/account", with(&headers), 200).await?;
                let perfs = me["perfs"].as_object().cloned().unwrap_or_default();
                Ok(perfs
                    .values()
                    .filter_map(|p| p["games"].as_u64())
                    .sum::<u64>())
            }
        })
        .await?
    };
    let one_game = games_played.iter().filter(|&&n| n == 1).count();
    let notes = vec![
        format!(
            "lishogi API: {} accounts signed up with a token each in {:.3} s",
            accounts.len(),
            signed_up.as_secs_f64()
        ),
        format!(
            "rated games: {rated} of {} ({resigned} resigned by the benchmark at the last ply)",
            config.games
        ),
        format!(
            "gameFinish events: {finished} of {} event streams",
            2 * config.games
        ),
        format!(
            "ratings: {one_game} of {} accounts show one rated game",
            accounts.len()
        ),
    ];
    let mut failures = Vec::new();
    if rated < config.games {
        failures.push(format!("{} games are not rated", config.games - rated));
    }
    if finished < 2 * config.games {
        failures.push(format!(
            "{} event streams did not show their game's gameFinish",
            2 * config.games - finished
        ));
    }
    if one_game < accounts.len() {
        failures.push(format!(
            "{} accounts do not show exactly one rated game",
            accounts.len() - one_game
        ));
    }
    let note = format!(
        "{} accounts, {} challenges accepted, {} event and {} game streams open",
        accounts.len(),
        config.games,
        2 * config.games,
        2 * config.games
    );
    let mut report = played.report(target, config, (setup, note), wall);
    report.notes = notes;
    report.failures = failures;
    Ok(report)
}

/// A prefix for this run's usernames, so that runs against one server do not collide.
fn run_prefix() -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    format!(
        "L{:06x}",
        mix(nanos ^ u64::from(std::process::id())) & 0xff_ffff
    )
}

/// Extra headers, no body.
fn with<'a>(headers: &'a [(&'a str, &'a str)]) -> Extra<'a> {
    Extra {
        headers,
        body: None,
    }
}

/// Signs `name` up, makes it a token by HTTP Basic, and makes it a bot if `bot`.
async fn account(addr: SocketAddr, name: String, bot: bool) -> Result<Account, String> {
    let body = json!({ "username": name, "password": PASSWORD }).to_string();
    let sign_up = Extra {
        headers: &[],
        body: Some(("application/json", &body)),
    };
    api_json(addr, "POST", "/api/accounts", sign_up, 201).await?;
    let basic = format!("Basic {}", BASE64.encode(format!("{name}:{PASSWORD}")));
    let headers = [("Authorization", basic.as_str())];
    let made = api_json(addr, "POST", "/api/account/tokens", with(&headers), 201).await?;
    let token = made["token"]
        .as_str()
        .ok_or_else(|| format!("no token in the answer {made}"))?;
    let bearer = format!("Bearer {token}");
    if bot {
        let headers = [("Authorization", bearer.as_str())];
        api_json(
            addr,
            "POST",
            "/api/bot/account/upgrade",
            with(&headers),
            200,
        )
        .await?;
    }
    Ok(Account { name, bearer })
}

/// Opens `path` as `account`'s stream.
async fn stream(addr: SocketAddr, path: &str, account: &Account) -> Result<LineStream, String> {
    LineStream::open(addr, path, &[("Authorization", &account.bearer)])
        .await
        .map_err(|e| format!("GET {path} as {}: {e}", account.name))
}

/// `challenger` challenges the bot `bot`, which sees it on its event stream and accepts;
/// both see the game start on theirs and open its stream.
async fn start_game(
    addr: SocketAddr,
    challenger: &Account,
    bot: &Account,
) -> Result<Table, String> {
    let mut events = [
        stream(addr, "/api/stream/event", challenger).await?,
        stream(addr, "/api/stream/event", bot).await?,
    ];
    let path = format!("/api/challenge/{}", bot.name);
    let form = Extra {
        headers: &[("Authorization", &challenger.bearer)],
        body: Some(("application/x-www-form-urlencoded", CHALLENGE)),
    };
    let made = api_json(addr, "POST", &path, form, 200).await?;
    let id = made["id"]
        .as_str()
        .ok_or_else(|| format!("POST {path}: no id in the answer {made}"))?
        .to_string();
    wait_for(&mut events[1], |v| {
        v["type"] == "challenge" && v["challenge"]["id"] == id.as_str()
    })
    .await
    .map_err(|e| {
        format!(
            "{}'s event stream, waiting for challenge {id}: {e}",
            bot.name
        )
    })?;
    let accept = format!("/api/challenge/{id}/accept");
    let headers = [("Authorization", bot.bearer.as_str())];
    api_json(addr, "POST", &accept, with(&headers), 200).await?;
    for (events, who) in events.iter_mut().zip([challenger, bot]) {
        wait_for(events, |v| {
            v["type"] == "gameStart" && v["game"]["id"] == id.as_str()
        })
        .await
        .map_err(|e| format!("{}'s event stream, waiting for game {id}: {e}", who.name))?;
    }
    let [challenger_events, bot_events] = events;
    let mut seats = Vec::new();
    for (api, who, events) in [
        ("board", challenger, challenger_events),
        ("bot", bot, bot_events),
    ] {
        let game = stream(addr, &format!("/api/{api}/game/stream/{id}"), who).await?;
        seats.push(Seat {
            api,
            bearer: who.bearer.clone(),
            name: who.name.clone(),
            game,
            events,
        });
    }
    Ok(Table { id, seats })
}

/// Reads `stream` until a line `wanted` accepts; an error if it ends first or takes
/// longer than [`SILENCE`].
async fn wait_for(stream: &mut LineStream, wanted: impl Fn(&Value) -> bool) -> Result<(), String> {
    tokio::time::timeout(SILENCE, read_until(stream, wanted))
        .await
        .map_err(|_| format!("not there after {SILENCE:?}"))?
}

/// Reads `stream` until a line `wanted` accepts; an error if it ends first.
async fn read_until(
    stream: &mut LineStream,
    wanted: impl Fn(&Value) -> bool,
) -> Result<(), String> {
    loop {
        let Some(line) = stream.next_line().await? else {
            return Err("the stream ended".to_string());
        };
        if line.is_empty() {
            continue;
        }
        let value: Value =
            serde_json::from_str(&line).map_err(|e| format!("a line that is not JSON ({e})"))?;
        if wanted(&value) {
            return Ok(());
        }
    }
}

/// One seat of a game, played by its account over the API.
struct Player {
    addr: SocketAddr,
    id: String,
    api: &'static str,
    bearer: String,
    name: String,
    /// 0 sente, 1 gote.
    seat: usize,
    seed: u64,
    max: usize,
    think: Duration,
}

/// What the seat's last request answered, or why it got no answer; and the seat's client
/// back.
type Answer = (Result<(u16, String), String>, Client);

/// What a line of the game stream means to the seat.
enum Step {
    /// A state of the game going on: the seat may have to move.
    Going,
    /// Nothing to act on (an empty keep-alive line, a chat line).
    Skip,
    /// The game ended, or the stream failed (a problem noted).
    Stop,
}

impl Player {
    /// Plays the seat from its game stream until the game ends: whenever it is to move
    /// (after a line of the stream, or the answer to its last request), sends a move and
    /// times it until the stream shows it; at the last ply the side to move resigns.
    async fn play(self, mut game: LineStream) -> SeatRun {
        let mut run = SeatRun::default();
        let mut position = VariantKind::Shogi.startpos();
        let mut applied = 0;
        let mut request: Option<JoinHandle<Answer>> = None;
        // The seat's connection for its requests, kept open as a bot's HTTP client keeps it;
        // with the request while one is in flight.
        let mut client = Some(Client::new(self.addr));
        let mut resigned = false;
        // Keep-alive lines do not count: the game must move on within SILENCE.
        let mut deadline = tokio::time::Instant::now() + SILENCE;
        loop {
            tokio::select! {
                line = tokio::time::timeout_at(deadline, game.next_line()) => {
                    match self.take(&mut run, line) {
                        Step::Stop => break,
                        Step::Skip => continue,
                        Step::Going => deadline = tokio::time::Instant::now() + SILENCE,
                    }
                }
                answer = async { request.as_mut().expect("guarded").await },
                    if request.is_some() =>
                {
                    request = None;
                    let answer = match answer {
                        Ok((answer, back)) => {
                            client = Some(back);
                            answer
                        }
                        Err(e) => Err(format!("the request's task failed: {e}")),
                    };
                    match answer {
                        Ok((200, _)) => {}
                        Ok((status, body)) => {
                            run.refused(&format!("status {status}: {body}"));
                            break;
                        }
                        Err(e) => {
                            run.refused(&e);
                            break;
                        }
                    }
                }
            }
            let my_turn = run.seen.len() % 2 == self.seat;
            if !my_turn || run.pending.is_some() || resigned {
                continue;
            }
            let Some(free) = client.take() else {
                continue;
            };
            if run.seen.len() >= self.max {
                request = Some(self.post(free, "resign".to_string()));
                resigned = true;
                continue;
            }
            while applied < run.seen.len() {
                let played = usi::parse_move(VariantKind::Shogi, &run.seen[applied])
                    .map_err(|e| e.to_string())
                    .and_then(|m| position.play(m).map_err(|e| e.to_string()));
                if let Err(e) = played {
                    run.problems
                        .push(format!("move {} ({}): {e}", applied + 1, run.seen[applied]));
                    return run;
                }
                applied += 1;
            }
            let Some(usi) = pick(&position, mix(self.seed ^ run.seen.len() as u64)) else {
                run.problems.push(format!(
                    "no legal move at ply {} and no ending",
                    run.seen.len() + 1
                ));
                break;
            };
            if !self.think.is_zero() {
                tokio::time::sleep(self.think).await;
            }
            let sent_at = Instant::now();
            request = Some(self.post(free, format!("move/{usi}")));
            run.sent(&usi, sent_at);
        }
        run
    }

    /// Takes what the game stream gave into `run`.
    fn take(
        &self,
        run: &mut SeatRun,
        line: Result<Result<Option<String>, String>, tokio::time::error::Elapsed>,
    ) -> Step {
        let plies = run.seen.len();
        let line = match line {
            Err(_) => {
                run.problems.push(format!(
                    "the game stream showed nothing new for {SILENCE:?} after {plies} plies"
                ));
                return Step::Stop;
            }
            Ok(Err(e)) => {
                run.problems.push(format!("the game stream: {e}"));
                return Step::Stop;
            }
            Ok(Ok(None)) => {
                run.problems
                    .push(format!("the game stream ended after {plies} plies"));
                return Step::Stop;
            }
            Ok(Ok(Some(line))) if line.is_empty() => return Step::Skip,
            Ok(Ok(Some(line))) => line,
        };
        let received = Instant::now();
        let value: Value = match serde_json::from_str(&line) {
            Ok(v) => v,
            Err(e) => {
                run.problems
                    .push(format!("a line is not JSON ({e}): {line}"));
                return Step::Stop;
            }
        };
        let state = match value["type"].as_str() {
            Some("gameFull") => {
                let colour = super::SEATS[self.seat];
                if value[colour]["name"] != self.name.as_str() {
                    run.problems
                        .push(format!("gameFull does not seat {} {colour}", self.name));
                    return Step::Stop;
                }
                &value["state"]
            }
            Some("gameState") => &value,
            _ => return Step::Skip,
        };
        let moves = state["moves"]
            .as_str()
            .unwrap_or("")
            .split_whitespace()
            .map(str::to_string)
            .collect();
        if !run.observe(moves, received) {
            return Step::Stop;
        }
        if matches!(state["status"].as_str(), Some("started" | "created")) {
            Step::Going
        } else {
            Step::Stop
        }
    }

    /// `POST /api/{api}/game/{id}/{action}` on `client`, in a task of its own.
    fn post(&self, mut client: Client, action: String) -> JoinHandle<Answer> {
        let bearer = self.bearer.clone();
        let path = format!("/api/{}/game/{}/{action}", self.api, self.id);
        tokio::spawn(async move {
            let headers = [("Authorization", bearer.as_str())];
            let answer = client.request("POST", &path, with(&headers)).await;
            (answer, client)
        })
    }
}

/// A move of `position` chosen by `random` as the koma API's players choose theirs.
fn pick(position: &AnyPosition, random: u64) -> Option<String> {
    let legal: Vec<String> = position
        .legal_moves()
        .iter()
        .map(|&m| usi::write_move(VariantKind::Shogi, m))
        .collect();
    let legal: Vec<&str> = legal.iter().map(String::as_str).collect();
    choose(&legal, &sfen::write_any(position), random).map(str::to_string)
}
