//! Players' games: the games list filtered by player (`GET /api/games?player=NAME`),
//! lishogi's export of a player's games as ND-JSON (`GET /api/games/user/{username}`), the
//! player's ongoing game (`GET /api/user/{name}/current-game`), and the counts of games the
//! profile shows.

use crate::api::AppState;
use crate::error::ApiError;
use crate::players::{self, SeatPlayer};
use crate::ratings::{pool_of, shown_key};
use crate::view::OutcomeView;
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use koma_game::clock::TimeControl;
use koma_game::rating::speed::estimated_ms;
use koma_rules::Color;
use koma_store::profiles::{GameCounts, PlayerQuery};
use koma_store::{GameSummary, Page, StoreError, StoredGame};
use serde_json::{Value, json};
use std::collections::HashMap;

/// The most games one export gives (lishogi streams them all; koma answers at once, so the
/// answer is bounded).
pub const MAX_EXPORT: usize = 300;

/// The list's line of a stored game (as `GET /api/games` shows every game).
fn summary_of(stored: &StoredGame) -> GameSummary {
    GameSummary {
        id: stored.game.id.clone(),
        setup: stored.game.setup.clone(),
        created_ms: stored.game.created_ms,
        started: stored.started_ms.is_some(),
        plies: stored.moves.len(),
        result: stored.outcome.as_ref().map(|o| o.result.clone()),
        rated: stored.game.rated,
        players: stored.game.players.clone(),
    }
}

/// The seats' players of the game `summary` lists (none read for a game of guests and the
/// engine).
fn seats_of(
    store: &dyn crate::Store,
    summary: &GameSummary,
    now_s: u64,
) -> Result<[Option<SeatPlayer>; 2], StoreError> {
    if summary.players.iter().all(Option::is_none) {
        return Ok([None, None]);
    }
    let s = summary;
    players::load(store, &s.id, &s.setup, s.rated, &s.players, now_s)
}

/// A game and its seats' players.
type WithPlayers = (StoredGame, [Option<SeatPlayer>; 2]);

/// The games `query` asks for, each with its seats' players, from the store at `now_s`.
fn games_with_players(
    store: &dyn crate::Store,
    query: &PlayerQuery,
    now_s: u64,
) -> Result<Vec<WithPlayers>, StoreError> {
    let games = store.player_games(query)?;
    games
        .into_iter()
        .map(|g| {
            let seats = seats_of(store, &summary_of(&g), now_s)?;
            Ok((g, seats))
        })
        .collect()
}

/// The account called `name`, 404 if there is none.
async fn account(s: &AppState, name: &str) -> Result<koma_store::accounts::User, ApiError> {
    s.accounts
        .user(name)
        .await?
        .ok_or_else(|| ApiError::no_such("user", name))
}

/// The list's line of a game with `rated` and each seat's player (`null` for a guest, the
/// engine or a free seat).
fn entry_json(summary: &GameSummary, seats: &[Option<SeatPlayer>; 2]) -> Value {
    let mut entry = crate::api::summary_json(summary);
    let view = players::view(seats);
    entry["rated"] = json!(summary.rated);
    entry["sente"] = json!(view.sente);
    entry["gote"] = json!(view.gote);
    entry
}

/// `GET /api/games?player=NAME`: the page of the player's games, as the list writes a game
/// ([`list_json`]).
pub async fn player_list(s: &AppState, name: &str, page: Page) -> Result<Response, ApiError> {
    let user = account(s, name).await?;
    let query = PlayerQuery::all(&user.id, page);
    let now_s = crate::games::unix_ms() / 1000;
    let games = s
        .hub
        .blocking(move |st| games_with_players(st, &query, now_s))
        .await?;
    let list: Vec<Value> = games
        .iter()
        .map(|(g, p)| entry_json(&summary_of(g), p))
        .collect();
    Ok(Json(list).into_response())
}

/// The lines of `GET /api/games` for `summaries`: each game as the list writes it, with
/// `rated` and each seat's player (read from the accounts and ratings; the games
/// themselves are not loaded again).
pub async fn list_json(s: &AppState, summaries: Vec<GameSummary>) -> Result<Vec<Value>, ApiError> {
    let now_s = crate::games::unix_ms() / 1000;
    let games = s
        .hub
        .blocking(move |st| {
            summaries
                .into_iter()
                .map(|summary| {
                    let seats = seats_of(st, &summary, now_s)?;
                    Ok((summary, seats))
                })
                .collect::<Result<Vec<_>, StoreError>>()
        })
        .await?;
    Ok(games.iter().map(|(g, p)| entry_json(g, p)).collect())
}

/// lishogi's status of a game (scalashogi's `Status` names).
fn status(stored: &StoredGame) -> &'static str {
    let Some(outcome) = &stored.outcome else {
        return if stored.started_ms.is_some() {
            "started"
        } else {
            "created"
        };
    };
    if outcome.result.starts_with("aborted") {
        return "aborted";
    }
    OutcomeView::parse(&outcome.result).map_or("unknownFinish", |v| {
        crate::lishogi::json::status_of_reason(&v.reason)
    })
}

/// lishogi's `clock` of a time control (seconds), `None` without a clock.
fn clock(text: Option<&str>) -> Option<Value> {
    let control: TimeControl = text?.parse().ok()?;
    let s = |ms: u64| ms / 1000;
    let (initial, increment, byoyomi, periods) = match control {
        TimeControl::Unlimited => return None,
        TimeControl::SuddenDeath { main_ms } => (s(main_ms), 0, 0, 0),
        TimeControl::Byoyomi {
            main_ms,
            period_ms,
            periods,
        } => (s(main_ms), 0, s(period_ms), periods),
        TimeControl::Fischer {
            main_ms,
            increment_ms,
        } => (s(main_ms), s(increment_ms), 0, 0),
    };
    let total = estimated_ms(&control).map_or(0, |ms| ms / 1000);
    Some(json!({
        "initial": initial, "increment": increment, "byoyomi": byoyomi,
        "periods": periods, "totalTime": total,
    }))
}

/// A seat's player as lishogi's `GameUser`: the account, its rating before the game and,
/// once rated, the change; `{}` for a guest or the engine.
fn game_user(seat: Option<&SeatPlayer>) -> Value {
    let Some(p) = seat else {
        return json!({});
    };
    let mut v = json!({
        "user": { "name": p.name, "id": p.id },
        "rating": p.before.int_rating(),
    });
    if let Some(after) = p.after {
        v["ratingDiff"] = json!(after.int_rating() - p.before.int_rating());
    }
    if p.before.is_provisional() {
        v["provisional"] = json!(true);
    }
    v
}

/// A game in lishogi's game export JSON, as far as koma has the data.
pub fn export_json(
    stored: &StoredGame,
    seats: &[Option<SeatPlayer>; 2],
    with_moves: bool,
) -> Result<Value, StoreError> {
    let game = &stored.game;
    let setup = &game.setup;
    let pool = pool_of(&setup.variant, setup.time_control.as_deref())?;
    let variant = if setup.variant == "shogi" {
        "standard"
    } else {
        setup.variant.as_str()
    };
    let last_move = stored
        .moves
        .last()
        .map(|m| m.at_ms)
        .or(stored.started_ms)
        .unwrap_or(game.created_ms);
    let mut v = json!({
        "id": game.id,
        "rated": game.rated,
        "variant": variant,
        "speed": pool.speed.key(),
        "perf": shown_key(&pool.key()),
        "createdAt": game.created_ms,
        "lastMoveAt": last_move,
        "status": status(stored),
        "players": {
            "sente": game_user(seats[Color::Black.index()].as_ref()),
            "gote": game_user(seats[Color::White.index()].as_ref()),
        },
        "initialSfen": setup.start_sfen,
    });
    if let Some(winner) = stored
        .outcome
        .as_ref()
        .and_then(|o| OutcomeView::parse(&o.result))
        .and_then(|o| o.winner)
    {
        v["winner"] = json!(winner);
    }
    if with_moves {
        let moves: Vec<&str> = stored.moves.iter().map(|m| m.usi.as_str()).collect();
        v["moves"] = json!(moves.join(" "));
    }
    if let Some(clock) = clock(setup.time_control.as_deref()) {
        v["clock"] = clock;
    }
    Ok(v)
}

/// The routes of players' games, merged into the API's router.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/games/user/{username}", get(export))
        .route("/api/user/{name}/current-game", get(current_game))
}

/// A query parameter read as `T`, or 400 naming it.
fn param<T: std::str::FromStr>(
    query: &HashMap<String, String>,
    name: &'static str,
) -> Result<Option<T>, ApiError> {
    match query.get(name) {
        None => Ok(None),
        Some(text) if text.is_empty() => Ok(None),
        Some(text) => text.parse().map(Some).map_err(|_| ApiError::BadParameter {
            name,
            message: format!(
                "'{}' is not a valid value",
                text.chars().take(40).collect::<String>()
            ),
        }),
    }
}

/// lishogi's `GET /api/games/user/{username}`: the player's games as ND-JSON, newest first;
/// `max` (at most [`MAX_EXPORT`]), `rated`, `since`, `until`, `ongoing`, `finished` and
/// `moves` as lishogi reads them.
async fn export(
    State(s): State<AppState>,
    Path(name): Path<String>,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Response, ApiError> {
    let max = param::<usize>(&query, "max")?.unwrap_or(MAX_EXPORT);
    if max == 0 {
        return Err(ApiError::BadParameter {
            name: "max",
            message: "give at least 1".to_string(),
        });
    }
    let user = account(&s, &name).await?;
    let with_moves = param::<bool>(&query, "moves")?.unwrap_or(true);
    let wanted = PlayerQuery {
        rated: param(&query, "rated")?,
        since_ms: param(&query, "since")?,
        until_ms: param(&query, "until")?,
        finished: param(&query, "finished")?.unwrap_or(true),
        ongoing: param(&query, "ongoing")?.unwrap_or(false),
        waiting: false,
        ..PlayerQuery::all(
            &user.id,
            Page {
                offset: 0,
                limit: max.min(MAX_EXPORT),
            },
        )
    };
    let now_s = crate::games::unix_ms() / 1000;
    let games = s
        .hub
        .blocking(move |st| games_with_players(st, &wanted, now_s))
        .await?;
    let mut body = String::new();
    for (game, seats) in &games {
        body.push_str(&export_json(game, seats, with_moves)?.to_string());
        body.push('\n');
    }
    Ok(([(header::CONTENT_TYPE, "application/x-ndjson")], body).into_response())
}

/// `GET /api/user/{name}/current-game`: the player's newest game under way, in the export's
/// shape; 404 when there is none.
async fn current_game(
    State(s): State<AppState>,
    Path(name): Path<String>,
) -> Result<Response, ApiError> {
    let user = account(&s, &name).await?;
    let query = PlayerQuery {
        finished: false,
        waiting: false,
        ..PlayerQuery::all(
            &user.id,
            Page {
                offset: 0,
                limit: 1,
            },
        )
    };
    let now_s = crate::games::unix_ms() / 1000;
    let games = s
        .hub
        .blocking(move |st| games_with_players(st, &query, now_s))
        .await?;
    let (game, seats) = games
        .first()
        .ok_or_else(|| ApiError::no_such("current game of", &name))?;
    Ok(Json(export_json(game, seats, true)?).into_response())
}

/// lishogi's `count` of a user: `all`, `rated` and `playing` games.
pub fn counts_json(counts: GameCounts) -> Value {
    json!({ "all": counts.all, "rated": counts.rated, "playing": counts.playing })
}
