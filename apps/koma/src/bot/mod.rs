//! `koma bot`: plays a USI engine as a bot account through lishogi's bot API (on `koma
//! serve`, whose API is lishogi's). It follows the account's event stream, accepts the
//! challenges of variants it plays, streams each game (`/api/bot/game/stream/{id}`), asks
//! the engine for a move with the clock the server reports, and posts it. It upgrades
//! nothing by itself: the account must be a bot already (`POST /api/bot/account/upgrade`).

mod http;

use anyhow::{Context, bail};
use clap::Args;
use http::Api;
use koma_game::usi_client::{BestMove, GameOver, GoLimits};
use koma_rules::VariantKind;
use serde_json::Value;
use std::collections::HashSet;
use std::time::Duration;

/// The arguments of `koma bot`.
#[derive(Args)]
pub struct BotArgs {
    /// The server's base URL (http://host:port).
    #[arg(long)]
    server: String,
    /// The bot account's API token.
    #[arg(long)]
    token: String,
    /// The USI engine's command line (program and arguments, split at whitespace).
    #[arg(long)]
    engine: String,
    /// Stop after this many games have ended (default: play on until stopped).
    #[arg(long)]
    games: Option<usize>,
}

/// Runs the bot until its event stream ends or `--games` games have ended.
pub fn run(args: BotArgs) -> anyhow::Result<()> {
    let api = Api::new(&args.server, &args.token)?;
    let me: Value = serde_json::from_str(&api.ok("GET", "/api/account", None)?)?;
    let id = me["id"]
        .as_str()
        .context("/api/account names no id")?
        .to_string();
    if me["title"] != "BOT" {
        bail!("the account '{id}' is not a bot: upgrade it first (POST /api/bot/account/upgrade)");
    }
    eprintln!("koma bot: playing as {id}");
    let mut playing = HashSet::new();
    let mut threads = Vec::new();
    let mut ended = 0;
    for event in api.stream("/api/stream/event")? {
        let event = event?;
        match event["type"].as_str().unwrap_or("") {
            "challenge" => answer_challenge(&api, &id, &event["challenge"]),
            "gameStart" => {
                let game = event["game"]["gameId"].as_str().unwrap_or("").to_string();
                if !game.is_empty() && playing.insert(game.clone()) {
                    let (api, me, engine) = (api.clone(), id.clone(), args.engine.clone());
                    threads.push(std::thread::spawn(move || {
                        if let Err(e) = play(&api, &me, &game, &engine) {
                            eprintln!("koma bot: game {game}: {e:#}");
                        }
                    }));
                }
            }
            "gameFinish" => {
                ended += 1;
                if args.games.is_some_and(|n| ended >= n) {
                    break;
                }
            }
            _ => {}
        }
    }
    for thread in threads {
        let _ = thread.join();
    }
    Ok(())
}

/// Accepts a challenge to `me` of a variant koma's engines play; declines the others.
fn answer_challenge(api: &Api, me: &str, challenge: &Value) {
    let (Some(cid), Some(dest)) = (
        challenge["id"].as_str(),
        challenge["destUser"]["id"].as_str(),
    ) else {
        return;
    };
    if dest != me {
        return;
    }
    let known = variant(challenge["variant"]["key"].as_str().unwrap_or("")).is_some();
    let done = if known {
        api.ok("POST", &format!("/api/challenge/{cid}/accept"), None)
    } else {
        api.ok(
            "POST",
            &format!("/api/challenge/{cid}/decline"),
            Some("reason=variant"),
        )
    };
    if let Err(e) = done {
        eprintln!("koma bot: challenge {cid}: {e:#}");
    }
}

/// The koma variant of lishogi's variant key.
fn variant(key: &str) -> Option<VariantKind> {
    match key {
        "standard" => Some(VariantKind::Shogi),
        "torishogi" => Some(VariantKind::Tori),
        _ => None,
    }
}

/// Plays game `game` as `me` with the engine `command`, to its end.
fn play(api: &Api, me: &str, game: &str, command: &str) -> anyhow::Result<()> {
    let mut stream = api.stream(&format!("/api/bot/game/stream/{game}"))?;
    let full = stream.next().context("the game stream sent nothing")??;
    if full["type"] != "gameFull" {
        bail!("the game stream began with {}, not gameFull", full["type"]);
    }
    let kind = variant(full["variant"]["key"].as_str().unwrap_or(""))
        .context("a variant koma's engines do not play")?;
    let sente = full["sente"]["id"].as_str() == Some(me);
    let initial = full["initialSfen"]
        .as_str()
        .unwrap_or("startpos")
        .to_string();
    // The side to move at the start: sente, unless the SFEN says gote (`w`).
    let sente_starts = initial == "startpos" || initial.split_whitespace().nth(1) != Some("w");
    let mut engine = crate::engines::start(command, kind, koma_game::RuleSet::default_for(kind))?;
    let mut state = full["state"].clone();
    loop {
        let status = state["status"].as_str().unwrap_or("");
        if status != "started" && status != "created" {
            let result = match state["winner"].as_str() {
                None => GameOver::Draw,
                Some(w) if (w == "sente") == sente => GameOver::Win,
                Some(_) => GameOver::Lose,
            };
            let _ = engine.game_over(result);
            let _ = engine.quit();
            return Ok(());
        }
        let moves = state["moves"].as_str().unwrap_or("").trim().to_string();
        let plies = moves.split_whitespace().count();
        let sente_to_move = (plies % 2 == 0) == sente_starts;
        if sente_to_move == sente {
            let position = match (initial.as_str(), moves.is_empty()) {
                ("startpos", true) => "position startpos".to_string(),
                ("startpos", false) => format!("position startpos moves {moves}"),
                (sfen, true) => format!("position sfen {sfen}"),
                (sfen, false) => format!("position sfen {sfen} moves {moves}"),
            };
            let ms = |key: &str| state[key].as_u64().unwrap_or(0);
            let (btime, wtime, byo, inc) = (ms("btime"), ms("wtime"), ms("byo"), ms("binc"));
            let unlimited = btime >= i32::MAX as u64;
            let limits = if unlimited {
                GoLimits {
                    movetime: Some(1000),
                    ..GoLimits::default()
                }
            } else if inc > 0 {
                GoLimits::increment(btime, wtime, inc, inc)
            } else {
                GoLimits::byoyomi(btime, wtime, byo)
            };
            let mine = if sente { btime } else { wtime };
            let budget = if unlimited { 1000 } else { mine + byo + inc };
            let deadline = Duration::from_millis(budget) + Duration::from_secs(5);
            let answer = engine.go(&position, &limits, deadline)?;
            let path = match &answer.best {
                BestMove::Resign => format!("/api/bot/game/{game}/resign"),
                best => match best.as_move() {
                    Some(m) => format!("/api/bot/game/{game}/move/{m}"),
                    None => format!("/api/bot/game/{game}/resign"),
                },
            };
            if let Err(e) = api.ok("POST", &path, None) {
                eprintln!("koma bot: game {game}: {e:#}");
            }
        }
        // The next state (chat lines and others are skipped).
        state = loop {
            let Some(line) = stream.next() else {
                let _ = engine.quit();
                return Ok(());
            };
            let line = line?;
            if line["type"] == "gameState" {
                break line;
            }
        };
    }
}
