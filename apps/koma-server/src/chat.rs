//! The chat of a game: the players' room and the spectators' room, each read only by its
//! own people (players do not see the spectators' talk, spectators do not see the
//! players'). Lines are stored with the game, the latest [`CAP`] of a room (older ones go:
//! a flood cannot close a room), each one line of at most [`MAX_CHARS`] characters
//! (lishogi's limit). Each sender's lines are limited by rate (`Limits::chat`).
//!
//! A player may also greet his opponent as players do over a board ([`Greeting`]): the line
//! is kept as a code that no typed line can hold, sent with the formula's Japanese words as
//! its text (what a client that knows nothing of greetings shows) and the greeting's name, so
//! that each reader's page says it in the reader's own language.

use crate::actor::Actor;
use crate::error::ApiError;
use crate::games::unix_ms;
use crate::hub::Hub;
use koma_store::GameId;
use koma_store::{ChatLine, Room};
use serde::Serialize;
use std::sync::Arc;
use tokio::sync::broadcast;

/// The most characters a line may have.
pub const MAX_CHARS: usize = 140;

/// The most lines a room of one game keeps: a new line beyond pushes the oldest out.
pub const CAP: usize = 500;

/// A greeting of the customs of the board: before the game and after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Greeting {
    /// よろしくお願いします, before the game.
    Start,
    /// ありがとうございました, after it.
    End,
}

/// How a greeting's line is stored: this, then its name (a control character, which
/// [`clean`] refuses in typed lines).
const GREETING_MARK: &str = "\u{1}greeting:";

impl Greeting {
    /// Every greeting.
    pub const ALL: [Greeting; 2] = [Greeting::Start, Greeting::End];

    /// Its name in the API (`start`, `end`).
    pub fn name(self) -> &'static str {
        match self {
            Greeting::Start => "start",
            Greeting::End => "end",
        }
    }

    /// The greeting named `name`.
    pub fn named(name: &str) -> Result<Greeting, ApiError> {
        Greeting::ALL
            .into_iter()
            .find(|g| g.name() == name)
            .ok_or_else(|| ApiError::BadParameter {
                name: "greeting",
                message: format!("'start' or 'end', not {name:?}"),
            })
    }

    /// The formula's Japanese words.
    pub fn words(self) -> &'static str {
        match self {
            Greeting::Start => "よろしくお願いします",
            Greeting::End => "ありがとうございました",
        }
    }

    /// The greeting a stored line holds, if it is one.
    fn of_line(text: &str) -> Option<Greeting> {
        let name = text.strip_prefix(GREETING_MARK)?;
        Greeting::ALL.into_iter().find(|g| g.name() == name)
    }
}

/// A chat line as clients get it (lishogi's `chatLine` names).
#[derive(Clone, Debug, Serialize)]
pub struct ChatView {
    /// `player` or `spectator`.
    pub room: &'static str,
    /// Who wrote it.
    pub username: String,
    /// The text (a greeting's Japanese words).
    pub text: String,
    /// When (Unix milliseconds).
    pub at: u64,
    /// The greeting the line is (`start`, `end`), if it is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub greeting: Option<&'static str>,
}

impl ChatView {
    /// The view of `line`.
    pub fn of(line: &ChatLine) -> ChatView {
        let greeting = Greeting::of_line(&line.text);
        ChatView {
            room: line.room.name(),
            username: line.author.clone(),
            text: greeting.map_or_else(|| line.text.clone(), |g| g.words().to_string()),
            at: line.at_ms,
            greeting: greeting.map(Greeting::name),
        }
    }
}

/// `text` trimmed, or why it cannot be a chat line.
pub fn clean(text: &str) -> Result<String, ApiError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(ApiError::ChatText("it is empty"));
    }
    if text.chars().count() > MAX_CHARS {
        return Err(ApiError::ChatText("it is longer than 140 characters"));
    }
    if text.chars().any(char::is_control) {
        return Err(ApiError::ChatText(
            "it holds a line break or another control character",
        ));
    }
    Ok(text.to_string())
}

/// The room a reader sees: the players' for a seat, the spectators' otherwise.
pub fn room_of(seated: bool) -> Room {
    if seated {
        Room::Players
    } else {
        Room::Spectators
    }
}

impl Hub {
    /// Writes `text` in game `id`'s chat: in the players' room for a seat's holder `who`
    /// (signed with the seat's account name, or the seat's name for a guest), in the
    /// spectators' room without one. Stored before it is pushed.
    pub async fn chat(
        &self,
        id: &GameId,
        who: Option<Actor<'_>>,
        text: &str,
    ) -> Result<ChatView, ApiError> {
        let text = clean(text)?;
        self.write_line(id, who, text, false).await
    }

    /// Writes the greeting of the seat's holder `who` in the players' room of game `id`.
    pub async fn greet(
        &self,
        id: &GameId,
        who: Actor<'_>,
        greeting: Greeting,
    ) -> Result<ChatView, ApiError> {
        let text = format!("{GREETING_MARK}{}", greeting.name());
        self.write_line(id, Some(who), text, true).await
    }

    /// Stores `text` in the room of `who` (a seat's holder, or none: a spectator) and pushes
    /// it; `seated_only`: refused to a spectator.
    async fn write_line(
        &self,
        id: &GameId,
        who: Option<Actor<'_>>,
        text: String,
        seated_only: bool,
    ) -> Result<ChatView, ApiError> {
        let slot = self.game(id).await?;
        let live = slot.lock().await;
        let seat = who.map(|w| w.seat(&live)).transpose()?;
        if seated_only && seat.is_none() {
            return Err(ApiError::Forbidden {
                reason: "only a player greets the opponent",
            });
        }
        let author = match seat {
            None => "spectator".to_string(),
            Some(c) => live.players[c.index()]
                .as_ref()
                .map_or_else(|| c.name().to_string(), |p| p.name.clone()),
        };
        let line = ChatLine {
            room: room_of(seat.is_some()),
            author,
            text,
            at_ms: unix_ms(),
        };
        let stored = line.clone();
        let key = id.clone();
        self.blocking(move |s| s.add_chat(&key, &stored, CAP))
            .await?;
        let view = ChatView::of(&line);
        live.push_chat(line);
        Ok(view)
    }

    /// The lines of `room` so far, and a receiver of every new line (of both rooms: the
    /// reader keeps its own), taken together so that no line falls between them.
    pub async fn chat_since_start(
        &self,
        id: &GameId,
        room: Room,
    ) -> Result<(Vec<ChatView>, broadcast::Receiver<Arc<ChatLine>>), ApiError> {
        let slot = self.copy(id).await?;
        let live = slot.lock().await;
        let receiver = live.subscribe_chat();
        let key = id.clone();
        let lines = self.blocking(move |s| s.chat(&key)).await?;
        let lines = lines
            .iter()
            .filter(|l| l.room == room)
            .map(ChatView::of)
            .collect();
        Ok((lines, receiver))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chat_lines_are_one_short_line() {
        assert_eq!(clean("  good luck  ").unwrap(), "good luck");
        assert!(clean("   ").is_err());
        assert!(clean("a\nb").is_err());
        assert!(clean(&"歩".repeat(140)).is_ok());
        assert!(clean(&"歩".repeat(141)).is_err());
        // No typed line can pass for a greeting.
        assert!(clean("\u{1}greeting:start").is_err());
    }
}
