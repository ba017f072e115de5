//! Tournaments in the store: one row each, the whole tournament as JSON with a version that
//! every write compares and raises (compare-and-set), so that two servers on one database
//! never overwrite each other's change: the loser reads again and retries. The games a
//! tournament started are indexed, so that a game's end finds its tournament.

use crate::{GameId, TournamentId, UserId};
use crate::{Page, StoreError};

/// A tournament as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentRow {
    /// Its id.
    pub id: TournamentId,
    /// The director's account id.
    pub director: UserId,
    /// `entries`, `running` or `finished` (kept apart from the JSON to list by it).
    pub status: String,
    /// When it was created (Unix milliseconds).
    pub created_ms: u64,
    /// Raised by one at every write.
    pub version: i64,
    /// The tournament itself (settings, entrants, rounds, results) as JSON.
    pub body: String,
}

/// Where tournaments are kept. Blocking, like [`crate::Store`].
pub trait TournamentStore: Send + Sync {
    /// Stores a new tournament (its `version` as given); refused if the id is taken.
    fn create_tournament(&self, row: &TournamentRow) -> Result<(), StoreError>;
    /// The tournament `id`, or `None`.
    fn tournament(&self, id: &TournamentId) -> Result<Option<TournamentRow>, StoreError>;
    /// Writes `row` (status and body) as version `row.version + 1` if the stored version is
    /// still `row.version`; whether it did (false: another write came first).
    fn update_tournament(&self, row: &TournamentRow) -> Result<bool, StoreError>;
    /// One page of the tournaments, newest first.
    fn list_tournaments(&self, page: Page) -> Result<Vec<TournamentRow>, StoreError>;
    /// The ids of the tournaments with this status.
    fn tournaments_with_status(&self, status: &str) -> Result<Vec<TournamentId>, StoreError>;
    /// Notes that the game `game` was started by the tournament `tournament`.
    fn link_tournament_game(
        &self,
        game: &GameId,
        tournament: &TournamentId,
    ) -> Result<(), StoreError>;
    /// The tournament that started the game `game`, if any.
    fn tournament_of_game(&self, game: &GameId) -> Result<Option<TournamentId>, StoreError>;
}
