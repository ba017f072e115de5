//! The WebSocket of a game: the state pushed after every change; players send moves on it.
//!
//! Server to client: `{"type":"state","seat":"sente"|"gote"|null,"game":{...}}` on connect
//! and after every change, `{"type":"error","status":403,"code":"no_seat","error":"..."}`
//! for a refused request, `{"type":"chat","lines":[...]}` with the chat so far on connect (if any) and
//! `{"type":"chat","lines":[line]}` for each new line of the connection's room (players see
//! the players' room, spectators the spectators'). Client to server:
//! `{"type":"move","usi":"7g7f"}` or `{"type":"move","text":"７六歩"}` (any notation),
//! `{"type":"resign"}`, `{"type":"declare"}`, `{"type":"draw","yes":true}`,
//! `{"type":"takeback","yes":false}`, `{"type":"chat","text":"..."}`. A spectator (no token)
//! may only chat.

use crate::chat::{self, ChatView};
use crate::error::ApiError;
use crate::http::limits::{Limiter, RateKey};
use crate::http::sockets::{Guard, Heard, error_message};
use crate::hub::Hub;
use crate::offers::Offer;
use crate::pushes::{Push, SPECTATOR_HEAD, spectator_state};
use axum::body::Bytes;
use axum::extract::ws::{Message, Utf8Bytes, WebSocket};
use koma_rules::Color;
use koma_store::GameId;
use serde::Deserialize;
use std::sync::Arc;
use tokio::sync::{broadcast, watch};

/// A message from a client.
#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
enum Request {
    /// Play a move.
    Move {
        /// The move in USI.
        usi: Option<String>,
        /// The move in any notation koma reads.
        text: Option<String>,
    },
    /// Resign.
    Resign,
    /// Declare an entering-king win.
    Declare,
    /// Offer or accept a draw (`yes`), or decline or withdraw an offer.
    Draw {
        /// Whether to offer or accept.
        yes: bool,
    },
    /// Ask for or grant a takeback (`yes`), or decline or withdraw one.
    Takeback {
        /// Whether to ask or grant.
        yes: bool,
    },
    /// Write in the chat.
    Chat {
        /// The line.
        text: String,
    },
}

/// What a connection knows: the game, the seat and who it speaks for.
pub struct Connection {
    /// The game's id.
    pub id: GameId,
    /// Who acts for the seat (its token, or the account it belongs to), for players.
    pub speaker: Option<crate::actor::Speaker>,
    /// The seat, for players.
    pub seat: Option<Color>,
    /// The game's state pushes.
    pub updates: watch::Receiver<Push>,
    /// The client (its address), whose chat lines are counted.
    pub client: Option<RateKey>,
    /// The limits, for the chat's.
    pub limiter: Arc<Limiter>,
}

/// The state message for `seat` (none: a spectator) from the spectator's message.
fn state_for(seat: Option<Color>, spectator: &Arc<str>) -> Utf8Bytes {
    match (seat, spectator.strip_prefix(SPECTATOR_HEAD)) {
        (Some(c), Some(rest)) => {
            format!("{{\"type\":\"state\",\"seat\":\"{}\",{rest}", c.name()).into()
        }
        // The one message every spectator shares, not copied: only checked to be UTF-8.
        _ => Utf8Bytes::try_from(Bytes::from_owner(Shared(Arc::clone(spectator))))
            .unwrap_or_else(|_| Utf8Bytes::from(&**spectator)),
    }
}

/// A message shared by the sockets, as the bytes a WebSocket frame is sent from.
struct Shared(Arc<str>);

impl AsRef<[u8]> for Shared {
    fn as_ref(&self) -> &[u8] {
        self.0.as_bytes()
    }
}

fn chat_message(lines: &[ChatView]) -> String {
    serde_json::json!({ "type": "chat", "lines": lines }).to_string()
}

/// Serves one WebSocket until the client leaves or the server stops.
pub async fn run(
    mut socket: WebSocket,
    hub: Arc<Hub>,
    mut conn: Connection,
    mut guard: Guard,
    mut shutdown: watch::Receiver<bool>,
) {
    // A player's socket keeps his seat present (see `crate::presence`) while it is open.
    let _here = conn.seat.map(|seat| hub.presence().arrive(&conn.id, seat));
    // A whole state first (with the clock read now), then every change: the moves after
    // those the socket has, or the whole state again if it missed a change.
    let mut sent = match send_whole(&mut socket, &hub, &conn).await {
        Some(version) => version,
        None => return,
    };
    let room = chat::room_of(conn.seat.is_some());
    let mut chat_lines = match hub.chat_since_start(&conn.id, room).await {
        Ok((lines, receiver)) => {
            if !lines.is_empty()
                && socket
                    .send(Message::text(chat_message(&lines)))
                    .await
                    .is_err()
            {
                return;
            }
            receiver
        }
        Err(e) => {
            let _ = socket.send(Message::text(error_message(&e))).await;
            return;
        }
    };
    let mut pings = crate::http::sockets::pings();
    loop {
        tokio::select! {
            _ = pings.tick() => {
                if !crate::http::sockets::ping(&mut socket, &guard).await {
                    break;
                }
            }
            line = chat_lines.recv() => {
                let line = match line {
                    Ok(line) => line,
                    // A client too slow to read the chat misses lines, not the game.
                    Err(broadcast::error::RecvError::Lagged(_)) => continue,
                    Err(broadcast::error::RecvError::Closed) => break,
                };
                if line.room != room {
                    continue;
                }
                let text = chat_message(&[ChatView::of(&line)]);
                if socket.send(Message::text(text)).await.is_err() {
                    break;
                }
            }
            changed = conn.updates.changed() => {
                if changed.is_err() {
                    break; // the game left memory; the client reconnects for more
                }
                if conn.seat.is_none() {
                    // Spectators get the change spread over a time that grows with their
                    // number, the players at once: thousands of watchers' sockets served in
                    // one instant would hold up every other request behind them.
                    let watchers = conn.updates.borrow().watchers;
                    tokio::time::sleep(crate::http::sockets::spread(watchers)).await;
                }
                let push = conn.updates.borrow_and_update().clone();
                if push.version <= sent {
                    continue; // the whole state sent already had it
                }
                if let Some(missed) = push.since(sent) {
                    for message in missed {
                        if socket.send(Message::Text(state_for(conn.seat, message))).await.is_err() {
                            return;
                        }
                    }
                    sent = push.version;
                } else {
                    match send_whole(&mut socket, &hub, &conn).await {
                        Some(version) => sent = version,
                        None => break,
                    }
                }
            }
            incoming = socket.recv() => {
                let text = match crate::http::sockets::hear(&mut socket, &mut guard, incoming).await {
                    Heard::Text(text) => text,
                    Heard::Nothing => continue,
                    Heard::Close => break,
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
    crate::http::sockets::close(socket).await;
}

/// Sends the game's whole state, read now; the number of the last push it includes, or
/// `None` if the socket is gone or the game could not be read (its error sent).
async fn send_whole(socket: &mut WebSocket, hub: &Hub, conn: &Connection) -> Option<u64> {
    let (view, version) = match hub.state_pushed(&conn.id).await {
        Ok(read) => read,
        Err(e) => {
            let _ = socket.send(Message::text(error_message(&e))).await;
            return None;
        }
    };
    let game = serde_json::to_string(&view).unwrap_or_default();
    let message = state_for(conn.seat, &spectator_state(&game));
    socket.send(Message::Text(message)).await.ok()?;
    Some(version)
}

/// Carries out one client message; the state push that follows is the answer.
async fn handle(hub: &Hub, conn: &Connection, text: &str) -> Result<(), ApiError> {
    let request: Request = serde_json::from_str(text).map_err(|source| ApiError::Malformed {
        what: "message",
        source,
    })?;
    if let Request::Chat { text } = &request {
        conn.limiter.check_chat(conn.client.as_ref(), None)?;
        return hub
            .chat(
                &conn.id,
                conn.speaker.as_ref().map(crate::actor::Speaker::actor),
                text,
            )
            .await
            .map(drop);
    }
    let token = conn.speaker.as_ref().ok_or(ApiError::Spectator)?;
    let id = &conn.id;
    match request {
        Request::Move {
            usi: Some(usi),
            text: None,
        } => hub.play(id, token, &usi).await.map(drop),
        Request::Move {
            usi: None,
            text: Some(text),
        } => hub.play_text(id, token, &text).await.map(drop),
        Request::Move { .. } => Err(ApiError::MoveFields),
        Request::Resign => hub.resign(id, token).await.map(drop),
        Request::Declare => hub.declare(id, token).await.map(drop),
        Request::Draw { yes } => hub.offer(id, token, Offer::Draw, yes).await.map(drop),
        Request::Takeback { yes } => hub.offer(id, token, Offer::Takeback, yes).await.map(drop),
        Request::Chat { .. } => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_players_state_names_his_seat() {
        let spectator = spectator_state("{\"id\":\"g\"}");
        assert_eq!(
            &*spectator,
            "{\"type\":\"state\",\"seat\":null,\"game\":{\"id\":\"g\"}}"
        );
        assert_eq!(
            state_for(Some(Color::White), &spectator).as_str(),
            "{\"type\":\"state\",\"seat\":\"gote\",\"game\":{\"id\":\"g\"}}"
        );
        assert_eq!(state_for(None, &spectator).as_str(), &*spectator);
        // Every spectator's socket sends the one message, not a copy of it.
        assert_eq!(
            state_for(None, &spectator).as_str().as_ptr(),
            spectator.as_ptr()
        );
    }
}
