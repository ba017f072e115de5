//! The kansōsen room of a finished game (see [`crate::rooms`]): `GET /api/games/{id}/room`
//! answers its state, and `GET /api/games/{id}/room/ws` is its WebSocket.
//!
//! Server to client, each made once for the whole room: `{"type":"room",...}` (the tree, the
//! node shown, the engine's switch, who holds the board), `{"type":"lines",...}` (the
//! engine), `{"type":"members","people":[...]}`, `{"type":"chat","lines":[...]}`; to this
//! socket only, first: `{"type":"you","seat":...,"account":...}`; and
//! `{"type":"error",...}` for a refused message. Client to server: the changes of
//! [`crate::rooms::Change`] (`{"type":"move","node":3,"usi":"2g2f"}`...) and
//! `{"type":"chat","text":"..."}`.

use crate::accounts::Player;
use crate::actor::Speaker;
use crate::error::ApiError;
use crate::http::api::AppState;
use crate::http::limits::Client;
use crate::rooms::{Change, Member, Room};
use axum::extract::ws::WebSocket;
use axum::extract::{Path, Query, State, WebSocketUpgrade};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use koma_store::GameId;
use serde::Deserialize;
use std::sync::Arc;

/// The room's state message, as its sockets get it first.
pub async fn state(
    State(s): State<AppState>,
    Path(id): Path<GameId>,
) -> Result<Response, ApiError> {
    let room = s.rooms.room(&id).await?;
    let (state, _) = room.last();
    Ok((
        [(header::CONTENT_TYPE, "application/json")],
        state.to_string(),
    )
        .into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SocketQuery {
    token: Option<String>,
}

/// The kind of a member's message (`type`), read first.
#[derive(Deserialize)]
struct Kind {
    #[serde(rename = "type")]
    kind: Option<String>,
}

/// A chat line from a member (`{"type":"chat","text":"..."}`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ChatMessage {
    #[serde(rename = "type")]
    _kind: String,
    text: String,
}

/// Opens the room's WebSocket: a player by his seat's token or account, anyone else watches.
pub async fn socket(
    State(s): State<AppState>,
    Path(id): Path<GameId>,
    Query(query): Query<SocketQuery>,
    client: Client,
    me: Option<Player>,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let guard = crate::http::sockets::Guard::open(&s, &client, me.as_ref().map(|p| p.id.as_str()))?;
    let room = s.rooms.room(&id).await?;
    let account = me.as_ref().map(|p| (p.id.clone(), p.name.clone()));
    let speaker = crate::http::api::seated_or_watching(&s.hub, &id, query.token, me).await?;
    let member = room
        .member(&s.hub, speaker.as_ref().map(Speaker::actor), account)
        .await?;
    let chat = room.chat_so_far(&member).await?;
    let connection = Connection {
        room,
        member,
        chat,
        client,
        limiter: Arc::clone(&s.limiter),
    };
    let shutdown = s.shutdown.clone();
    let most = s.limiter.limits().body_bytes;
    Ok(crate::http::sockets::sized(upgrade, most)
        .on_upgrade(move |socket| run(socket, connection, guard, shutdown)))
}

struct Connection {
    room: Arc<Room>,
    member: Member,
    chat: Vec<crate::chat::ChatView>,
    client: Client,
    limiter: Arc<crate::http::limits::Limiter>,
}

async fn run(
    socket: WebSocket,
    conn: Connection,
    guard: crate::http::sockets::Guard,
    shutdown: tokio::sync::watch::Receiver<bool>,
) {
    let you = serde_json::json!({
        "type": "you",
        "seat": conn.member.seat.map(koma_rules::Color::name),
        "account": conn.member.account,
        "name": conn.member.name,
    });
    let chat = serde_json::json!({ "type": "chat", "lines": conn.chat });
    let (pushes, now, _presence) = conn.room.subscribe(conn.member.clone());
    let first = [you.to_string(), chat.to_string()]
        .into_iter()
        .chain(now.iter().map(|m| m.to_string()))
        .collect();
    crate::http::sockets::relay(socket, first, pushes, &conn, guard, shutdown).await;
}

impl crate::http::sockets::Reader for Connection {
    /// Carries out one member's message; the room's push that follows is the answer.
    async fn handle(&self, text: &str) -> Result<(), ApiError> {
        let malformed = |source| ApiError::Malformed {
            what: "message",
            source,
        };
        let kind: Kind = serde_json::from_str(text).map_err(malformed)?;
        if kind.kind.as_deref() == Some("chat") {
            let ChatMessage { text, .. } = serde_json::from_str(text).map_err(malformed)?;
            self.limiter
                .check_chat(self.client.0.as_ref(), self.member.account.as_ref())?;
            return self.room.chat(&self.member, &text).await;
        }
        let change: Change = serde_json::from_str(text).map_err(malformed)?;
        self.room.change(&self.member, change).await
    }

    fn catch_up(&self) -> Vec<Arc<str>> {
        let (state, lines) = self.room.last();
        std::iter::once(state).chain(lines).collect()
    }
}
