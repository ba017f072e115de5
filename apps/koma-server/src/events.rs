//! Each account's event stream (lishogi's `GET /api/stream/event`): a fan-out of JSON
//! events per user, and the hub's announcements of games that start and end between
//! accounts (`gameStart`, `gameFinish`), made wherever a game starts or ends, so that any
//! way of pairing (an invitation, a challenge, the lobby, a rematch) is announced.

use crate::error::ApiError;
use crate::games::LiveGame;
use crate::hub::Hub;
use serde_json::Value;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::broadcast;

/// The most event streams one account may hold open at once.
pub const STREAMS_PER_USER: usize = 4;

/// The most game streams (`/api/{board,bot}/game/stream/{id}`) one account may hold open.
pub const GAME_STREAMS_PER_USER: usize = 16;

/// How many events may wait for a slow stream before it skips some.
const BACKLOG: usize = 64;

/// The open event streams, by account id.
#[derive(Default)]
pub struct Events {
    users: Mutex<HashMap<String, broadcast::Sender<Arc<str>>>>,
    /// How many game streams each account holds open.
    game_streams: Arc<Mutex<HashMap<String, usize>>>,
}

/// One open game stream of an account, counted until dropped.
pub struct GameStream {
    counts: Arc<Mutex<HashMap<String, usize>>>,
    user: String,
}

impl Drop for GameStream {
    fn drop(&mut self) {
        let mut counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = counts.get_mut(&self.user) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                counts.remove(&self.user);
            }
        }
    }
}

impl Events {
    fn users(&self) -> std::sync::MutexGuard<'_, HashMap<String, broadcast::Sender<Arc<str>>>> {
        self.users.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A new stream of `user`'s events; refused (429) beyond [`STREAMS_PER_USER`].
    pub fn subscribe(&self, user: &str) -> Result<broadcast::Receiver<Arc<str>>, ApiError> {
        let mut users = self.users();
        users.retain(|_, sender| sender.receiver_count() > 0);
        let sender = users
            .entry(user.to_string())
            .or_insert_with(|| broadcast::channel(BACKLOG).0);
        if sender.receiver_count() >= STREAMS_PER_USER {
            return Err(ApiError::TooManyStreams {
                limit: STREAMS_PER_USER,
            });
        }
        Ok(sender.subscribe())
    }

    /// Sends `event` to every open stream of `user` (nothing if none is open).
    pub fn publish(&self, user: &str, event: &Value) {
        let mut users = self.users();
        if let Some(sender) = users.get(user) {
            if sender.send(Arc::from(event.to_string())).is_err() {
                users.remove(user);
            }
        }
    }

    /// Counts a new game stream of `user`; refused (429) beyond [`GAME_STREAMS_PER_USER`].
    pub fn open_game_stream(&self, user: &str) -> Result<GameStream, ApiError> {
        let mut counts = self.game_streams.lock().unwrap_or_else(|e| e.into_inner());
        let n = counts.entry(user.to_string()).or_insert(0);
        if *n >= GAME_STREAMS_PER_USER {
            return Err(ApiError::TooManyStreams {
                limit: GAME_STREAMS_PER_USER,
            });
        }
        *n += 1;
        Ok(GameStream {
            counts: Arc::clone(&self.game_streams),
            user: user.to_string(),
        })
    }

    /// Whether `user` has a stream open (events for nobody are not built).
    pub fn listens(&self, user: &str) -> bool {
        self.users()
            .get(user)
            .is_some_and(|s| s.receiver_count() > 0)
    }
}

impl Hub {
    /// Announces `kind` (`gameStart` or `gameFinish`) of `live` to the accounts of its seats,
    /// here and on the other servers sharing the database.
    fn announce(&self, live: &LiveGame, kind: &str) {
        if live.stored.players.iter().any(Option::is_some) {
            self.tell_others(live.id(), kind == "gameFinish", &live.stored.players);
        }
        self.announce_here(live, kind);
    }

    /// Announces `kind` of `live` to the accounts of its seats with a stream open here.
    pub(crate) fn announce_here(&self, live: &LiveGame, kind: &str) {
        let events = self.events();
        for user in live.stored.players.iter().flatten() {
            if events.listens(user) {
                let event = crate::lishogi::json::game_event(live, user, kind);
                events.publish(user, &event);
            }
        }
    }

    /// `gameStart` to the seats' accounts of `live`, once started.
    pub(crate) fn announce_start(&self, live: &LiveGame) {
        if live.started_ms.is_some() && !live.is_over() {
            self.announce(live, "gameStart");
        }
    }

    /// `gameFinish` to the seats' accounts of the ended game `live`.
    pub(crate) fn announce_finish(&self, live: &LiveGame) {
        self.announce(live, "gameFinish");
        self.tournament_hooks.ended(live);
    }
}
