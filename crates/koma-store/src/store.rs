//! Storage behind a trait: what a game is on disk, and the operations the server needs.
//!
//! A game is kept as its setup, its seats, its moves with the time each was made and, once
//! decided, how it ended. Nothing derived is stored: the position, the clocks and the
//! outcome are rebuilt by replaying the moves through `koma_game::Game`.

use koma_rules::Color;

/// How a game is set up: everything needed to start it again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSetup {
    /// The variant's name (`shogi`, `tori`).
    pub variant: String,
    /// The start position as SFEN.
    pub start_sfen: String,
    /// The rule set's name (`amateur`, `tori`, ...).
    pub rules: String,
    /// The time control as `TimeControl` prints it, or `None` for no clock.
    pub time_control: Option<String>,
}

/// How strongly the engine plays: a time per move, a depth, or both (whichever comes first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineLevel {
    /// Think about this long per move (milliseconds).
    pub movetime_ms: Option<u64>,
    /// Search to this depth.
    pub depth: Option<u32>,
}

/// The engine's seat in a game against it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineSeat {
    /// The colour the engine plays.
    pub seat: Color,
    /// Its level.
    pub level: EngineLevel,
}

/// A new game as it is first stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGame {
    /// The game's public id.
    pub id: String,
    /// The setup.
    pub setup: GameSetup,
    /// The SHA-256 (`tokens::hash`) of each seat's secret token, indexed by `Color::index`;
    /// empty for a seat no token holds (the engine's, the invited player's until he joins).
    pub seat_tokens: [String; 2],
    /// The SHA-256 of the secret that lets the invited player take the other seat once.
    pub invite: String,
    /// The seat of the player who created the game.
    pub creator: Color,
    /// When the game was created (Unix milliseconds).
    pub created_ms: u64,
    /// The engine's seat, in a game against the engine.
    pub engine: Option<EngineSeat>,
    /// The account (its id) playing each seat, indexed by `Color::index`; `None` for a guest,
    /// the engine, or a seat not taken yet.
    pub players: [Option<String>; 2],
    /// Whether the game is rated (both seats accounts; see `players::check_rated`).
    pub rated: bool,
}

/// One move as stored: USI text and when it was made (Unix milliseconds).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredMove {
    /// The move in USI notation.
    pub usi: String,
    /// When the move was made, in Unix milliseconds.
    pub at_ms: u64,
}

/// What ended a game, as far as replaying the moves cannot tell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The moves decide it (mate, repetition, move limit): replay finds it again.
    Board,
    /// This side resigned.
    Resignation(Color),
    /// The side to move ran out of time (replay checks the clock at the ending's time).
    TimeForfeit,
    /// The side to move declared an entering-king win (judged again on replay).
    Declaration,
    /// The players agreed to a draw.
    Agreement,
    /// The game was called off before it really began: the invitation was not taken in
    /// time, or a side did not make its first move in time. Nobody wins; the stored result
    /// says which (`aborted (...)`).
    Aborted,
    /// This side left the game: against the engine without a clock, no move in the time the
    /// server waits; between people, gone from the game long enough that the opponent
    /// claimed the win (lishogi's `claim-victory`, status `timeout`).
    Abandoned(Color),
}

/// How a game ended, as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredOutcome {
    /// What ended it.
    pub ending: Ending,
    /// When (Unix milliseconds).
    pub at_ms: u64,
    /// The result as `koma_game::Outcome` prints it (`gote resignation`), for listings and
    /// to cross-check a replay.
    pub result: String,
}

/// A game as loaded from the store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    /// The game as it was created.
    pub game: NewGame,
    /// When the invited player took the seat and the clock started, if they have.
    pub started_ms: Option<u64>,
    /// The moves in order.
    pub moves: Vec<StoredMove>,
    /// The ending, once the game is over.
    pub outcome: Option<StoredOutcome>,
    /// The id of the rematch, once one was created.
    pub rematch: Option<String>,
}

/// One line of a list of games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSummary {
    /// The game's id.
    pub id: String,
    /// The setup.
    pub setup: GameSetup,
    /// When the game was created (Unix milliseconds).
    pub created_ms: u64,
    /// Whether both seats are taken.
    pub started: bool,
    /// How many moves have been played.
    pub plies: usize,
    /// The result, once decided.
    pub result: Option<String>,
    /// Whether the game is rated.
    pub rated: bool,
    /// The account of each seat (by `Color::index`), `None` for a guest, the engine or a
    /// free seat.
    pub players: [Option<String>; 2],
}

/// Who may read a chat line: the players, or the spectators (each room is its own).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Room {
    /// The players' room.
    Players,
    /// The spectators' room.
    Spectators,
}

impl Room {
    /// `player` or `spectator`, as lishogi names the rooms.
    pub fn name(self) -> &'static str {
        match self {
            Room::Players => "player",
            Room::Spectators => "spectator",
        }
    }
}

/// One line of a game's chat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChatLine {
    /// The room it was written in.
    pub room: Room,
    /// Who wrote it, as shown.
    pub author: String,
    /// The text.
    pub text: String,
    /// When (Unix milliseconds).
    pub at_ms: u64,
}

/// One page of a list: skip `offset` lines, give at most `limit`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Page {
    /// How many lines come before the page.
    pub offset: usize,
    /// The most lines on the page.
    pub limit: usize,
}

/// Why the store failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// SQLite reported an error.
    #[error("sqlite: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// PostgreSQL reported an error.
    #[error("postgresql: {0}")]
    Postgres(#[from] postgres::Error),
    /// The PostgreSQL database could not be reached, or its URL is wrong (the whole chain
    /// of causes, which PostgreSQL's error alone does not show).
    #[error("postgresql: {0}")]
    Connect(String),
    /// The database was written by a different version of the schema.
    #[error("the database has schema version {found}, this server knows version {known}")]
    SchemaVersion {
        /// The version in the file.
        found: String,
        /// The version this code writes.
        known: u32,
    },
    /// A stored value this code cannot read.
    #[error("stored data is damaged: {0}")]
    Damaged(String),
    /// The store's worker could not run the call.
    #[error("the store could not be reached: {0}")]
    Unavailable(String),
    /// A write that does not fit what is stored (a move out of order, an unknown game).
    #[error("refused by the store: {0}")]
    Conflict(String),
    /// Another server took the game's lease (several servers on one database): this one
    /// may no longer change it; asked again, the request takes the lease back.
    #[error("game {0} moved to another server; try again")]
    NotOwner(String),
}

impl StoreError {
    /// Whether the same call may succeed if tried again soon: the database could not be
    /// reached or restarts, or the game moved to another server.
    pub fn is_transient(&self) -> bool {
        match self {
            StoreError::Unavailable(_) | StoreError::Connect(_) | StoreError::NotOwner(_) => true,
            StoreError::Postgres(e) => crate::postgres::is_transient(e),
            _ => false,
        }
    }
}

/// What another server sharing the database did, as its notification says (the data is
/// read from the tables).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// The game changed: a move, its start, its ending, a takeback.
    Changed(String),
    /// Another server took the game's lease, numbered `epoch`.
    Taken {
        /// The game.
        game: String,
        /// The lease's number: a later lease has a larger one.
        epoch: i64,
    },
    /// A game between accounts started (`finished` false) or ended on another server: the
    /// accounts of its seats (by `Color::index`) hear of it on their event streams.
    Announced {
        /// The game.
        game: String,
        /// Whether it ended (else it started).
        finished: bool,
        /// The account of each seat.
        players: [Option<String>; 2],
    },
    /// A challenge between accounts was made (`status` `created`) or answered (`accepted`,
    /// `declined`, `canceled`) on another server: its row is read from the store.
    Challenge {
        /// The challenge.
        id: String,
        /// What happened to it.
        status: String,
        /// The challenger's account.
        challenger: String,
        /// The challenged account.
        dest: String,
    },
    /// Notifications may have been missed (the connection to the database was lost): what
    /// is followed should be read again.
    Resync,
}

/// Where games (and accounts) are kept. Every method is blocking; the server calls them off
/// the async threads. Each write is durable when the call returns.
pub trait Store:
    crate::accounts::store::AccountStore
    + crate::ratings::RatingStore
    + crate::profiles::ProfileStore
    + crate::challenge_store::ChallengeStore
    + crate::tournaments::store::TournamentStore
    + Send
    + Sync
{
    /// Stores a new game; `started_ms` when both seats are taken at once (a game against the
    /// engine), so that the clock starts then.
    fn create_game(&self, game: &NewGame, started_ms: Option<u64>) -> Result<(), StoreError>;
    /// Stores `game`, started at `started_ms`, as the rematch of the decided game `of`, in
    /// one transaction; refused if `of` is unknown, undecided or has a rematch already.
    fn create_rematch(&self, of: &str, game: &NewGame, started_ms: u64) -> Result<(), StoreError>;
    /// The game with this id, or `None`.
    fn load_game(&self, id: &str) -> Result<Option<StoredGame>, StoreError>;
    /// The invited player took the free seat at `at_ms` with the token whose hash is
    /// `seat_token`: the clock starts then.
    fn start_game(&self, id: &str, at_ms: u64, seat_token: &str) -> Result<(), StoreError>;
    /// Appends move number `ply` (0-based); refused unless it is the next one.
    fn append_move(&self, id: &str, ply: usize, m: &StoredMove) -> Result<(), StoreError>;
    /// Records how the game ended.
    fn set_outcome(&self, id: &str, outcome: &StoredOutcome) -> Result<(), StoreError>;
    /// Takes back the moves from number `keep` (0-based) on, and moves the time stamps of
    /// the start and of the moves kept `shift_ms` later, so that the clocks stand as they did
    /// after the last move kept, running again from then + `shift_ms`. Refused once the
    /// game is decided.
    fn take_back(&self, id: &str, keep: usize, shift_ms: u64) -> Result<(), StoreError>;
    /// Appends a chat line; its room keeps its latest `keep` lines (older ones go), so that
    /// nobody can fill a room and silence it for the rest of the game.
    fn add_chat(&self, id: &str, line: &ChatLine, keep: usize) -> Result<(), StoreError>;
    /// The chat lines of a game, oldest first.
    fn chat(&self, id: &str) -> Result<Vec<ChatLine>, StoreError>;
    /// Every game (only the undecided ones if `unfinished_only`), newest first.
    fn list_games(&self, unfinished_only: bool) -> Result<Vec<GameSummary>, StoreError>;
    /// One page of every game, newest first (the order of [`Store::list_games`]).
    fn list_page(&self, page: Page) -> Result<Vec<GameSummary>, StoreError>;

    // Several servers on one database. Each undecided game has one owner, the server
    // holding its lease: only the owner changes it (the store refuses another's write with
    // [`StoreError::NotOwner`]). Where one server holds the store (SQLite), it owns every
    // game and these do nothing.

    /// Takes the lease of the game `id` for this server, unless it is decided (nobody
    /// changes a decided game): the server applies its changes from now on, and reads it
    /// again first.
    fn claim(&self, _id: &str) -> Result<(), StoreError> {
        Ok(())
    }
    /// Whether this server holds the lease of `id` (or needs none: a decided game).
    fn holds(&self, _id: &str) -> bool {
        true
    }
    /// Whether other servers may share the database (then [`Store::confirm`] is worth
    /// its call).
    fn shared(&self) -> bool {
        false
    }
    /// Whether this server still holds the lease of `id`, as the database says now (a
    /// note that another server took it may still be on its way); forgets it if not.
    fn confirm(&self, id: &str) -> Result<bool, StoreError> {
        Ok(self.holds(id))
    }
    /// Forgets the lease of `id` if its number is below `epoch` (another server took it), or
    /// whatever it is with `None` (the game leaves memory).
    fn disown(&self, _id: &str, _epoch: Option<i64>) {}
    /// Says this server is alive, and takes the leases of the undecided games whose owner is
    /// not (or that nobody holds): their ids, to load.
    fn heartbeat(&self) -> Result<Vec<String>, StoreError> {
        Ok(Vec::new())
    }
    /// The undecided games this server holds at start: all of them where it is the only
    /// server, else those nobody alive held, their leases taken.
    fn unfinished_to_hold(&self) -> Result<Vec<String>, StoreError> {
        Ok(self.list_games(true)?.into_iter().map(|g| g.id).collect())
    }
    /// Tells the other servers that the game `id` between `players` started or ended
    /// (`finished`), for their accounts' event streams.
    fn announce(
        &self,
        _id: &str,
        _finished: bool,
        _players: &[Option<String>; 2],
    ) -> Result<(), StoreError> {
        Ok(())
    }
    /// Gives back every lease this server holds (it stops): others take them at once.
    fn release_all(&self) -> Result<(), StoreError> {
        Ok(())
    }
    /// What the other servers on the database do, from now on (`None`: there are none).
    fn notes(&self) -> Option<tokio::sync::mpsc::UnboundedReceiver<Note>> {
        None
    }
}

/// The colour stored as `name` (`sente` or `gote`, as `Color::name` writes them).
pub fn color_from_name(name: &str) -> Result<Color, StoreError> {
    match name {
        "sente" => Ok(Color::Black),
        "gote" => Ok(Color::White),
        other => Err(StoreError::Damaged(format!("'{other}' is not a side"))),
    }
}
