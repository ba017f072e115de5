//! The routes of players' games: the games list filtered by player
//! (`GET /api/games?player=NAME`), lishogi's export of a player's games as ND-JSON
//! (`GET /api/games/user/{username}`) and the player's ongoing game
//! (`GET /api/user/{name}/current-game`).

use crate::error::ApiError;
use crate::http::api::AppState;
use crate::players::{self, SeatPlayer};
use crate::profiles::{export_json, games_with_players, seats_of, summary_of};
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use koma_store::profiles::PlayerQuery;
use koma_store::{GameSummary, Page, StoreError};
use serde_json::{Value, json};
use std::collections::HashMap;

/// The most games one export gives (lishogi streams them all; koma answers at once, so the
/// answer is bounded).
pub const MAX_EXPORT: usize = 300;

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
    let mut entry = crate::http::api::summary_json(summary);
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
