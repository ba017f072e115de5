//! The WebSocket of a game: the state pushed after every change; players send moves on it.
//!
//! Server to client: `{"type":"state","seat":"sente"|"gote"|null,"game":{...}}` on connect
//! and after every change, `{"type":"error","status":403,"code":"no_seat","error":"..."}`
//! for a refused request. Client to server: `{"type":"move","usi":"7g7f"}`, `{"type":"resign"}`,
//! `{"type":"declare"}`. A spectator (no token) only watches.

use crate::error::ApiError;
use crate::hub::Hub;
use axum::extract::ws::{Message, WebSocket};
use koma_rules::Color;
use serde::Deserialize;
use std::sync::Arc;
use tokio::sync::watch;

/// A message from a client.
#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
enum Request {
    /// Play a move.
    Move {
        /// The move in USI.
        usi: String,
    },
    /// Resign.
    Resign,
    /// Declare an entering-king win.
    Declare,
}

/// What a connection knows: the game, the seat and token it speaks for.
pub struct Connection {
    /// The game's id.
    pub id: String,
    /// The seat's token, for players.
    pub token: Option<String>,
    /// The seat, for players.
    pub seat: Option<Color>,
    /// The game's state pushes.
    pub updates: watch::Receiver<Arc<str>>,
}

fn state_message(seat: Option<Color>, game_json: &str) -> String {
    let seat = seat.map_or("null".to_string(), |c| format!("\"{}\"", c.name()));
    format!("{{\"type\":\"state\",\"seat\":{seat},\"game\":{game_json}}}")
}

fn error_message(e: &ApiError) -> String {
    let mut json = e.to_json();
    json["type"] = "error".into();
    json.to_string()
}

/// Serves one WebSocket until the client leaves or the server stops.
pub async fn run(
    mut socket: WebSocket,
    hub: Arc<Hub>,
    mut conn: Connection,
    mut shutdown: watch::Receiver<bool>,
) {
    // A fresh state first (with the clock read now), then every change.
    let first = match hub.state(&conn.id).await {
        Ok(view) => serde_json::to_string(&view).unwrap_or_default(),
        Err(e) => {
            let _ = socket.send(Message::text(error_message(&e))).await;
            return;
        }
    };
    conn.updates.borrow_and_update();
    if socket
        .send(Message::text(state_message(conn.seat, &first)))
        .await
        .is_err()
    {
        return;
    }
    loop {
        tokio::select! {
            changed = conn.updates.changed() => {
                if changed.is_err() {
                    break; // the game left memory; the client reconnects for more
                }
                let json = conn.updates.borrow_and_update().clone();
                if socket.send(Message::text(state_message(conn.seat, &json))).await.is_err() {
                    break;
                }
            }
            incoming = socket.recv() => {
                let text = match incoming {
                    Some(Ok(Message::Text(text))) => text,
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                    Some(Ok(_)) => continue, // pings are answered by axum; binary is ignored
                };
                if let Err(e) = handle(&hub, &conn, text.as_str()).await {
                    if socket.send(Message::text(error_message(&e))).await.is_err() {
                        break;
                    }
                }
            }
            _ = shutdown.changed() => break,
        }
    }
    let _ = socket.send(Message::Close(None)).await;
}

/// Carries out one client message; the state push that follows is the answer.
async fn handle(hub: &Hub, conn: &Connection, text: &str) -> Result<(), ApiError> {
    let request: Request = serde_json::from_str(text).map_err(|source| ApiError::Malformed {
        what: "message",
        source,
    })?;
    let token = conn.token.as_deref().ok_or(ApiError::Spectator)?;
    match request {
        Request::Move { usi } => hub.play(&conn.id, token, &usi).await.map(drop),
        Request::Resign => hub.resign(&conn.id, token).await.map(drop),
        Request::Declare => hub.declare(&conn.id, token).await.map(drop),
    }
}
