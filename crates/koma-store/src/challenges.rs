//! Open challenges between accounts (lishogi's API) in the store, so that every server
//! sharing a database sees, answers and lists the same ones.
//!
//! A row stays after its answer, with its status (and a decline's reason), until it is
//! purged a while after it lapsed: the other servers read it when the notification of the
//! answer reaches them, to tell the accounts' event streams. Each operation is one
//! statement or one transaction whose checks the database makes, as several servers race.

use crate::StoreError;
use crate::{ChallengeId, UserId};

/// A challenge's row is deleted this long after it lapsed (answered rows are never
/// refreshed, so they lapse too): long enough for every server to read an answer's row.
pub const PURGE_AFTER_MS: u64 = 60_000;

/// A challenge as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengeRow {
    /// Its id (the id of the game it becomes).
    pub id: ChallengeId,
    /// The challenger's account id.
    pub challenger: UserId,
    /// The challenged account's id.
    pub dest: UserId,
    /// What the challenge holds (its parties, variant, clock...), as the caller wrote it.
    pub body: String,
    /// When it lapses (Unix milliseconds).
    pub expires_ms: u64,
    /// `open`, or how it was answered: `accepted`, `declined`, `canceled`.
    pub status: String,
    /// A decline's reason (lishogi's key).
    pub reason: Option<String>,
}

/// Who answers a challenge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answerer {
    /// The challenged account (accept, decline).
    Dest,
    /// The challenger (cancel).
    Challenger,
}

impl Answerer {
    /// The column of the `challenges` table that names this account.
    pub fn column(self) -> &'static str {
        match self {
            Answerer::Dest => "dest",
            Answerer::Challenger => "challenger",
        }
    }
}

/// Where open challenges are kept. Blocking, like [`crate::Store`]; times are Unix
/// milliseconds of the calling server's clock.
pub trait ChallengeStore: Send + Sync {
    /// Stores the new open challenge `row`, unless its challenger has `most` open ones
    /// already (then `false`); rows lapsed more than [`PURGE_AFTER_MS`] before `now_ms`
    /// are purged.
    fn add_challenge(
        &self,
        row: &ChallengeRow,
        most: usize,
        now_ms: u64,
    ) -> Result<bool, StoreError>;
    /// The open challenges made by or to `user`, not lapsed at `now_ms`, oldest first.
    fn challenges_of(&self, user: &UserId, now_ms: u64) -> Result<Vec<ChallengeRow>, StoreError>;
    /// Answers the open challenge `id` as `status` (with a decline's `reason`) if `user` is
    /// its `answerer` and it has not lapsed at `now_ms`: the row as answered, or `None`.
    /// Of several servers answering at once, one gets it.
    fn take_challenge(
        &self,
        id: &ChallengeId,
        user: &UserId,
        answerer: Answerer,
        status: &str,
        reason: Option<&str>,
        now_ms: u64,
    ) -> Result<Option<ChallengeRow>, StoreError>;
    /// Pushes the lapse of the open challenge `id` to `until_ms` (never earlier).
    fn refresh_challenge(&self, id: &ChallengeId, until_ms: u64) -> Result<(), StoreError>;
    /// The challenge `id`, open or answered, until it is purged.
    fn challenge(&self, id: &ChallengeId) -> Result<Option<ChallengeRow>, StoreError>;
}
