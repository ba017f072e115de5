//! Players' games in the store: the games of one player a list asks for, and how many
//! games a player has.

use crate::UserId;
use crate::{Page, StoreError, StoredGame};

/// Which games of a player a list asks for, newest first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerQuery {
    /// The account's id.
    pub user: UserId,
    /// Only rated (`true`) or casual (`false`) games.
    pub rated: Option<bool>,
    /// Only games created at or after this time (Unix milliseconds).
    pub since_ms: Option<u64>,
    /// Only games created at or before this time (Unix milliseconds).
    pub until_ms: Option<u64>,
    /// Decided games.
    pub finished: bool,
    /// Games under way (both seats taken, undecided).
    pub ongoing: bool,
    /// Games waiting for their second player.
    pub waiting: bool,
    /// The page.
    pub page: Page,
}

impl PlayerQuery {
    /// Every game of `user`, on `page`.
    pub fn all(user: &UserId, page: Page) -> PlayerQuery {
        PlayerQuery {
            user: user.clone(),
            rated: None,
            since_ms: None,
            until_ms: None,
            finished: true,
            ongoing: true,
            waiting: true,
            page,
        }
    }
}

/// How many games a player has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameCounts {
    /// All of them.
    pub all: u64,
    /// The rated ones.
    pub rated: u64,
    /// Those under way.
    pub playing: u64,
}

/// Where players' games are found. Blocking, like [`crate::Store`].
pub trait ProfileStore: Send + Sync {
    /// The games of `query.user` that `query` asks for, newest first.
    fn player_games(&self, query: &PlayerQuery) -> Result<Vec<StoredGame>, StoreError>;
    /// How many games `user` has.
    fn player_counts(&self, user: &UserId) -> Result<GameCounts, StoreError>;
}
