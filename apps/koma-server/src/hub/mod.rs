//! The games the server holds: loading them from the store, and every request that reads or
//! changes one, each change written to the store before it is answered or pushed.
//!
//! One `impl Hub` per concern, as lila's round hands each action to a collaborator:
//! [`memory`] (the games in memory and their leases), [`create`] (creating, joining and
//! reading a game), [`moves`], [`finish`] (resignation, declaration, aborts, time-outs),
//! [`engine_turns`] (the engine's seats), [`cluster`] (the other servers on the database) and
//! [`sweep`] (the tick and the stop); offers, rematches and the chat have files of their own
//! beside the hub (`offers.rs`, `rematch.rs`, `chat.rs`).

mod cluster;
mod create;
mod engine_turns;
mod finish;
mod memory;
mod moves;
mod sweep;

use crate::actor::Actor;
use crate::engine;
use crate::error::ApiError;
use crate::games::LiveGame;
use crate::settings::Settings;
use crate::view::GameView;
use koma_rules::Color;
use koma_store::{GameId, Store, StoreError};
use serde::Serialize;
use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Weak};
use tokio::sync::Mutex;

/// One game, locked while a request works on it.
pub(crate) type Slot = Arc<Mutex<LiveGame>>;

/// The server's games: a cache over the store, and the engine that plays its seats.
pub struct Hub {
    store: Arc<dyn Store>,
    games: std::sync::Mutex<HashMap<GameId, Slot>>,
    /// The hub itself, for the engine's tasks.
    me: Weak<Hub>,
    /// The engine's searches, shared with the reviews.
    searchers: Arc<engine::Pool>,
    /// The undecided games against the engine, with the client that created each.
    engine_games: crate::engine_seats::EngineSeats,
    /// The limits and time-outs.
    settings: Arc<Settings>,
    /// Set when the server stops: no engine starts thinking or moves any more.
    closing: AtomicBool,
    /// The accounts' event streams (lishogi's API).
    events: crate::events::Events,
    /// The open challenges between accounts (lishogi's API).
    challenges: crate::lishogi::challenges::Challenges,
    /// When the server last looked for games of servers gone.
    last_beat: std::sync::Mutex<Option<std::time::Instant>>,
    /// The games whose last write may or may not have been stored: read again at the next
    /// look for games of servers gone, so that their clocks and engines go on.
    unsure: std::sync::Mutex<std::collections::HashSet<GameId>>,
    /// The tournaments' games: their ends told, their no-show limits.
    pub(crate) tournament_hooks: crate::tournaments::online::Hooks,
    /// The seats' connections to the games (who is gone, for a claim of victory).
    presence: crate::presence::Presence,
    /// The other servers' changes to the lobby, for it to follow.
    lobby_notes: tokio::sync::broadcast::Sender<koma_store::Note>,
    /// The rooms and studies another server changed ([`koma_store::Note::Room`],
    /// [`koma_store::Note::Study`], and [`koma_store::Note::Resync`] when notes were
    /// missed), for the open ones to read themselves again.
    board_notes: tokio::sync::broadcast::Sender<koma_store::Note>,
}

/// How many of the other servers' lobby changes may wait for the lobby to read them (it
/// reads the whole lobby again when it missed some).
const LOBBY_NOTES: usize = 1024;

/// How often a server looks for the games of servers gone.
const BEAT: std::time::Duration = std::time::Duration::from_secs(1);

/// The answer to creating a game.
#[derive(Clone, Debug, Serialize)]
pub struct Created {
    /// The game's id.
    pub id: GameId,
    /// The creator's seat: `sente` or `gote`.
    pub seat: &'static str,
    /// The creator's secret seat token.
    pub token: String,
    /// The secret the other player joins with, once (null against the engine).
    pub invite: Option<String>,
    /// The link to send the other player (the page reads the part after `#`; null against
    /// the engine).
    pub invite_link: Option<String>,
    /// The furigoma toss, when the side was chosen by one.
    pub furigoma: Option<String>,
    /// The state.
    pub game: GameView,
}

/// The answer to joining a game, and to a rematch.
#[derive(Clone, Debug, Serialize)]
pub struct Joined {
    /// The game's id.
    pub id: GameId,
    /// The player's seat.
    pub seat: &'static str,
    /// The player's secret seat token.
    pub token: String,
    /// The state (the clock has started).
    pub game: GameView,
}

/// A game started between two accounts (see [`Hub::create_paired`]): each player's seat and
/// token, and the furigoma toss if one chose the sides.
#[derive(Clone, Debug)]
pub struct Paired {
    /// The creator's (the seek's poster's) seat.
    pub creator: Joined,
    /// The opponent's seat.
    pub opponent: Joined,
    /// The furigoma toss, when the sides were chosen by one.
    pub furigoma: Option<String>,
}

impl Hub {
    /// A hub over `store` with the engine's searches `searchers`, holding no game yet.
    pub fn new(
        store: Arc<dyn Store>,
        searchers: Arc<engine::Pool>,
        settings: Arc<Settings>,
    ) -> Arc<Hub> {
        let presence = match store.shared() {
            true => crate::presence::Presence::shared(Arc::clone(&store)),
            false => crate::presence::Presence::default(),
        };
        Arc::new_cyclic(|me| Hub {
            store,
            games: std::sync::Mutex::new(HashMap::new()),
            me: me.clone(),
            searchers,
            engine_games: Default::default(),
            settings,
            closing: AtomicBool::new(false),
            events: crate::events::Events::default(),
            challenges: crate::lishogi::challenges::Challenges::default(),
            last_beat: std::sync::Mutex::new(None),
            unsure: std::sync::Mutex::new(std::collections::HashSet::new()),
            tournament_hooks: Default::default(),
            presence,
            lobby_notes: tokio::sync::broadcast::channel(LOBBY_NOTES).0,
            board_notes: tokio::sync::broadcast::channel(LOBBY_NOTES).0,
        })
    }

    /// The accounts' event streams.
    pub fn events(&self) -> &crate::events::Events {
        &self.events
    }

    /// The other servers' changes to the lobby (and [`koma_store::Note::Resync`]).
    pub(crate) fn lobby_notes(&self) -> tokio::sync::broadcast::Receiver<koma_store::Note> {
        self.lobby_notes.subscribe()
    }

    /// The rooms and studies another server changed (and [`koma_store::Note::Resync`]).
    pub(crate) fn board_notes(&self) -> tokio::sync::broadcast::Receiver<koma_store::Note> {
        self.board_notes.subscribe()
    }

    /// The seats' connections to the games.
    pub(crate) fn presence(&self) -> &crate::presence::Presence {
        &self.presence
    }

    /// The limits and time-outs.
    pub(crate) fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The open challenges.
    pub(crate) fn challenges(&self) -> &crate::lishogi::challenges::Challenges {
        &self.challenges
    }

    fn slots(&self) -> std::sync::MutexGuard<'_, HashMap<GameId, Slot>> {
        self.games.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn unsure(&self) -> std::sync::MutexGuard<'_, std::collections::HashSet<GameId>> {
        self.unsure.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// `op`, and once more if the game moved to another server meanwhile (the other server's
/// note had not arrived): the second time takes the game back and reads it again first.
async fn once_more_if_moved<T, F>(mut op: impl FnMut() -> F) -> Result<T, ApiError>
where
    F: std::future::Future<Output = Result<T, ApiError>>,
{
    match op().await {
        Err(ApiError::Storage(StoreError::NotOwner(_))) => op().await,
        done => done,
    }
}

/// The seat `token` holds, or 403.
pub(crate) fn seat(live: &LiveGame, token: &str) -> Result<Color, ApiError> {
    Actor::Token(token).seat(live)
}

/// 409 once the game is over.
pub(crate) fn refuse_if_over(live: &LiveGame) -> Result<(), ApiError> {
    match live.game.outcome() {
        Some(outcome) => Err(ApiError::GameOver(Some(outcome))),
        None if live.is_over() => Err(ApiError::GameOver(None)),
        None => Ok(()),
    }
}
