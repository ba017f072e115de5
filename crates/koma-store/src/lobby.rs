//! The lobby in the store: open seeks, players waiting for a quick pairing, and the notices
//! that tell a player his game started, so that every server sharing a database lists,
//! accepts and pairs the same ones.
//!
//! A row lapses at its `expires_ms`, or [`LobbyStore::lobby_tick`]'s `absence` after its
//! player left the lobby (`left_ms`: the moment his last lobby connection closed; none
//! while one is open, or if he never opened one). Lapsed rows are neither listed nor taken,
//! and the tick deletes them. Taking a seek or a waiting player is one statement or one
//! transaction that the database makes, as several servers race: one of them gets it.

use crate::{Page, StoreError, UserId};

/// How long a notice waits for its player: its seat token is kept in clear until then, so
/// every server's [`LobbyStore::lobby_tick`] deletes older ones.
pub const NOTICE_KEEP_MS: u64 = 60_000;

/// An open seek as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeekRow {
    /// Its id.
    pub id: String,
    /// The poster's account (one open seek each).
    pub poster: UserId,
    /// The seek as listed and the game it asks for, as the caller wrote them (JSON).
    pub body: String,
    /// When it was posted (Unix milliseconds).
    pub created_ms: u64,
    /// When it lapses.
    pub expires_ms: u64,
}

/// A player waiting for a quick pairing, as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuickRow {
    /// The ticket he was given.
    pub ticket: String,
    /// His account (one waiting pairing each).
    pub player: UserId,
    /// Who may meet him: his pool, time control and rated-ness.
    pub key: String,
    /// His rating in the pool.
    pub rating: i64,
    /// The game he asks for, as the caller wrote it (JSON).
    pub body: String,
    /// Since when he waits (Unix milliseconds).
    pub since_ms: u64,
    /// When his wait lapses.
    pub expires_ms: u64,
}

/// What [`LobbyStore::lobby_tick`] did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tick {
    /// Whether seeks lapsed (the list changed).
    pub seeks_lapsed: bool,
    /// The waiting players who meet now, taken out of the queue.
    pub pairs: Vec<(QuickRow, QuickRow)>,
}

/// Chooses the pairs of one queue of waiting players (indices into it, oldest first).
pub type Meet<'a> = dyn FnMut(&[QuickRow]) -> Vec<(usize, usize)> + 'a;

/// Where the lobby is kept. Blocking, like [`crate::Store`]; times are Unix milliseconds of
/// the calling server's clock, and `absence` is how long a player who left the lobby keeps
/// his rows.
pub trait LobbyStore: Send + Sync {
    /// Posts `row`, replacing its poster's open seek, unless `most` seeks of others are open
    /// (then `false`).
    fn post_seek(&self, row: &SeekRow, most: usize, now_ms: u64) -> Result<bool, StoreError>;
    /// One page of the open seeks, newest first.
    fn seeks(&self, page: Page, now_ms: u64, absence: u64) -> Result<Vec<SeekRow>, StoreError>;
    /// The open seek `id`, if it is.
    fn seek(&self, id: &str, now_ms: u64, absence: u64) -> Result<Option<SeekRow>, StoreError>;
    /// Takes the open seek `id` out (of several servers, one gets it), only if `poster`
    /// posted it when one is named: the row taken, or `None`.
    fn take_seek(
        &self,
        id: &str,
        poster: Option<&UserId>,
        now_ms: u64,
        absence: u64,
    ) -> Result<Option<SeekRow>, StoreError>;
    /// Puts back a seek taken for a game that could not start, unless its poster posted
    /// another meanwhile.
    fn restore_seek(&self, row: &SeekRow) -> Result<(), StoreError>;
    /// `row`'s player asks for a quick pairing: his earlier wait is replaced; the waiting
    /// player of the same key whose rating is nearest his, within `window`, is taken out
    /// and given; if there is none, `row` waits.
    fn pair_quick(
        &self,
        row: &QuickRow,
        window: i64,
        now_ms: u64,
        absence: u64,
    ) -> Result<Option<QuickRow>, StoreError>;
    /// Puts back a waiting player taken for a game that could not start, unless he asked
    /// again meanwhile.
    fn restore_quick(&self, row: &QuickRow) -> Result<(), StoreError>;
    /// `player` stops waiting; whether he was.
    fn cancel_quick(&self, player: &UserId) -> Result<bool, StoreError>;
    /// Whether the wait of `ticket` goes on (not paired, cancelled or lapsed).
    fn quick_waiting(&self, ticket: &str, now_ms: u64, absence: u64) -> Result<bool, StoreError>;
    /// `user`'s last lobby connection on this server closed at `now_ms` (`true`) or one
    /// opened (`false`: he is back).
    fn lobby_left(&self, user: &UserId, left: bool, now_ms: u64) -> Result<(), StoreError>;
    /// Deletes the lapsed rows and the notices older than [`NOTICE_KEEP_MS`]; marks the
    /// players in `present` (those with a lobby
    /// connection on this server) as here; then takes out the waiting players whom `meet`
    /// pairs (indices into the rows of one key, oldest first), one server at a time.
    fn lobby_tick(
        &self,
        now_ms: u64,
        absence: u64,
        present: &[UserId],
        meet: &mut Meet<'_>,
    ) -> Result<Tick, StoreError>;
    /// Keeps `body` for `user`'s lobby connections, and tells the other servers.
    fn add_notice(&self, user: &UserId, body: &str, now_ms: u64) -> Result<(), StoreError>;
    /// Takes out the notices kept for `user` since `since_ms`, oldest first (older ones are
    /// deleted).
    fn take_notices(&self, user: &UserId, since_ms: u64) -> Result<Vec<String>, StoreError>;
}
