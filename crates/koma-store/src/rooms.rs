//! The kansōsen (感想戦) rooms: the shared board a finished game is gone over on, kept with
//! its variations, comments and marks so that it reopens as it was left. One row per game;
//! each change writes the room whole, numbered, and a write made from an older number than
//! the stored one is refused, so that two servers (or two requests) never lose each other's
//! change.

use crate::{GameId, StoreError};

/// A room as stored: its game, its number and its state as the server writes it (JSON).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredRoom {
    /// The game gone over.
    pub game: GameId,
    /// The change's number: 1 for the room's first state, one more for each change.
    pub version: u64,
    /// The room (its tree of moves, the node shown, the marks, the engine's switch...), as
    /// the server serialises it; the store keeps it as it is.
    pub state: String,
    /// When it was last changed (Unix milliseconds).
    pub at_ms: u64,
}

/// Where the rooms are kept. Blocking, like [`crate::Store`].
pub trait RoomStore: Send + Sync {
    /// The room of game `game`, if one was opened.
    fn room(&self, game: &GameId) -> Result<Option<StoredRoom>, StoreError>;
    /// Writes `room` if the stored one is numbered one less (or, for version 1, if there is
    /// none): false, writing nothing, if another change came first.
    fn save_room(&self, room: &StoredRoom) -> Result<bool, StoreError>;
}
