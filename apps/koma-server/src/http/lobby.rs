//! The lobby's HTTP routes and its WebSocket.
//!
//! `GET /api/lobby/ws` pushes `{"type":"seeks","seeks":[...]}` on connect and after every
//! change (the newest [`crate::lobby::SHOWN_SEEKS`]), and to a logged-in player
//! `{"type":"paired","game","seat","token","furigoma"}` when his seek is accepted or his
//! quick pairing found. The client sends nothing (its messages are ignored, but counted
//! against the throttle of `sockets.rs`).

use crate::accounts::Player;
use crate::error::ApiError;
use crate::http::api::{AppState, PageQuery, body};
use crate::http::body::JsonBody;
use crate::http::limits::{Client, RateClass, limited};
use crate::http::sockets::{Guard, Heard};
use crate::lobby::live::{self, MAX_LIVE};
use crate::lobby::{LobbyRefusal, QuickAnswer, QuickRequest, SeekId, SeekRequest};
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post};
use axum::{Json, Router};
use serde::Deserialize;
use std::sync::Arc;
use tokio::sync::{broadcast, watch};

/// The lobby's routes and the live games'.
pub fn routes(state: &AppState) -> Router<AppState> {
    let limit = |route| limited(&state.limiter, RateClass::Games, route);
    Router::new()
        .route("/api/lobby/seeks", get(seeks).merge(limit(post(add))))
        .route("/api/lobby/seeks/{id}", delete(cancel))
        .route("/api/lobby/seeks/{id}/accept", limit(post(accept)))
        .route(
            "/api/lobby/quick",
            limit(post(quick)).merge(delete(cancel_quick)),
        )
        .route("/api/lobby/ws", get(socket))
        .route("/api/games/live", get(live_list))
        .route("/api/games/featured", get(featured))
}

/// The logged-in player, or 401 naming the lobby's rule.
fn account(player: Option<Player>) -> Result<Player, ApiError> {
    player.ok_or_else(|| LobbyRefusal::LoginRequired.into())
}

/// The seek named in the path (an id of the wrong shape names no seek: 404).
fn seek_id(text: &str) -> Result<SeekId, ApiError> {
    SeekId::parse(text).ok_or_else(|| ApiError::no_such("seek", text))
}

async fn seeks(
    State(s): State<AppState>,
    Query(query): Query<PageQuery>,
) -> Result<Response, ApiError> {
    Ok(Json(s.lobby.seeks(query.page()).await?).into_response())
}

async fn add(
    State(s): State<AppState>,
    player: Option<Player>,
    json: JsonBody,
) -> Result<Response, ApiError> {
    let player = account(player)?;
    let request: SeekRequest = body(&json.bytes)?;
    let added = s.lobby.add(&player, &request).await?;
    Ok((StatusCode::CREATED, Json(added.view)).into_response())
}

async fn cancel(
    State(s): State<AppState>,
    Path(id): Path<String>,
    player: Option<Player>,
) -> Result<Response, ApiError> {
    let player = account(player)?;
    s.lobby.cancel(seek_id(&id)?, &player).await?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

async fn accept(
    State(s): State<AppState>,
    Path(id): Path<String>,
    player: Option<Player>,
) -> Result<Response, ApiError> {
    let player = account(player)?;
    let paired = s.lobby.accept(seek_id(&id)?, &player).await?;
    Ok((StatusCode::CREATED, Json(paired)).into_response())
}

async fn quick(
    State(s): State<AppState>,
    player: Option<Player>,
    json: JsonBody,
) -> Result<Response, ApiError> {
    let player = account(player)?;
    let request: QuickRequest = body(&json.bytes)?;
    let answer = s.lobby.quick(&player, &request).await?;
    let status = match answer {
        QuickAnswer::Paired(_) => StatusCode::CREATED,
        QuickAnswer::Waiting { .. } => StatusCode::ACCEPTED,
    };
    Ok((status, Json(answer)).into_response())
}

async fn cancel_quick(
    State(s): State<AppState>,
    player: Option<Player>,
) -> Result<Response, ApiError> {
    let player = account(player)?;
    s.lobby.cancel_quick(&player).await?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

/// `GET /api/games/live?per=N`: at most N (default and most [`MAX_LIVE`]).
#[derive(Deserialize)]
struct LiveQuery {
    per: Option<usize>,
}

async fn live_list(
    State(s): State<AppState>,
    Query(query): Query<LiveQuery>,
) -> Result<Response, ApiError> {
    let per = query.per.unwrap_or(MAX_LIVE).clamp(1, MAX_LIVE);
    let mut games = s.lobby.live().await?;
    games.truncate(per);
    Ok(Json(games).into_response())
}

async fn featured(State(s): State<AppState>) -> Result<Response, ApiError> {
    let games = s.lobby.live().await?;
    Ok(Json(serde_json::json!({ "game": live::featured(&games) })).into_response())
}

async fn socket(
    State(s): State<AppState>,
    player: Option<Player>,
    client: Client,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let account = player.as_ref().map(|p| p.id.as_str());
    let guard = Guard::open(&s, &client, account)?;
    let lobby = Arc::clone(&s.lobby);
    let shutdown = s.shutdown.clone();
    let most = s.limiter.limits().body_bytes;
    Ok(
        crate::http::sockets::sized(upgrade, most).on_upgrade(move |socket| async move {
            let user = player.map(|p| p.id);
            let connected = lobby.connect(user.as_ref()).await;
            run(socket, user.as_deref(), connected, guard, shutdown).await;
            if let Some(user) = &user {
                lobby.disconnect(user).await;
            }
        }),
    )
}

/// Serves one lobby connection until the client leaves or the server stops.
async fn run(
    mut socket: WebSocket,
    user: Option<&str>,
    connected: crate::lobby::Connected,
    mut guard: Guard,
    mut shutdown: watch::Receiver<bool>,
) {
    let crate::lobby::Connected {
        mut list,
        mut notices,
        waiting,
    } = connected;
    let first = list.borrow_and_update().clone();
    if socket.send(Message::text(&*first)).await.is_err() {
        return;
    }
    for json in waiting {
        if socket.send(Message::text(&*json)).await.is_err() {
            return;
        }
    }
    let mut pings = crate::http::sockets::pings();
    loop {
        tokio::select! {
            _ = pings.tick() => {
                if !crate::http::sockets::ping(&mut socket, &guard).await {
                    break;
                }
            }
            changed = list.changed() => {
                if changed.is_err() {
                    break;
                }
                let json = list.borrow_and_update().clone();
                if socket.send(Message::text(&*json)).await.is_err() {
                    break;
                }
            }
            notice = notices.recv() => {
                let notice = match notice {
                    Ok(n) => n,
                    Err(broadcast::error::RecvError::Lagged(_)) => continue,
                    Err(broadcast::error::RecvError::Closed) => break,
                };
                if Some(notice.user.as_str()) != user {
                    continue;
                }
                if socket.send(Message::text(&*notice.json)).await.is_err() {
                    break;
                }
            }
            // The lobby takes no message from the client: they are counted, and a flood
            // closes the socket.
            incoming = socket.recv() => {
                if let Heard::Close = crate::http::sockets::hear(&mut socket, &mut guard, incoming).await {
                    break;
                }
            }
            _ = shutdown.changed() => break,
        }
    }
    crate::http::sockets::close(socket).await;
}
