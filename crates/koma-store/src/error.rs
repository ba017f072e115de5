//! Why a call of the store failed: each kind of failure is a variant, with what it concerns
//! (the game, the account, the column) and, where another error caused it, that error as
//! its source.

use crate::{GameId, TournamentId, UserId};

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
    Damaged(#[from] Damage),
    /// The store's worker could not run the call.
    #[error("the store could not be reached: {0}")]
    Unavailable(#[from] Unavailable),
    /// A write that does not fit what is stored (a move out of order, an unknown game).
    #[error("refused by the store: {0}")]
    Refused(#[from] Refusal),
    /// Another server took the game's lease (several servers on one database): this one
    /// may no longer change it; asked again, the request takes the lease back.
    #[error("game {0} moved to another server; try again")]
    NotOwner(GameId),
}

/// What of the stored data cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum Damage {
    /// A row has fewer columns than the query selected.
    #[error("no column {0} in a row")]
    NoColumn(usize),
    /// A column holds a value of another kind than the one asked for.
    #[error("column {column} holds {found}, not {wanted}")]
    Column {
        /// The column's place in the row.
        column: usize,
        /// What it holds.
        found: String,
        /// What was asked for.
        wanted: &'static str,
    },
    /// A column of a type the store does not read (PostgreSQL's).
    #[error("column {column} is of a type the store does not read ({kind})")]
    ColumnType {
        /// The column's name.
        column: String,
        /// Its type.
        kind: String,
    },
    /// A stored name (of a variant, a rule set, a time control, an ending, a side, a chat
    /// room) this server does not know.
    #[error("the {column} '{value}' is not one this server knows")]
    Unknown {
        /// The column.
        column: &'static str,
        /// What it holds.
        value: String,
    },
    /// A query that always answers with one row answered with none.
    #[error("no {0} in the answer")]
    NoAnswer(&'static str),
    /// A game's moves are not numbered one after the other.
    #[error("game {game}: move {ply} out of order")]
    MoveOrder {
        /// The game.
        game: GameId,
        /// The number found.
        ply: i64,
    },
    /// A rated game's ratings cannot be updated (a rating out of the formula's range).
    #[error("rating game {game}: {source}")]
    Rating {
        /// The game.
        game: GameId,
        /// The formula's refusal.
        source: koma_game::rating::GlickoError,
    },
    /// A row's JSON body (a tournament's, a challenge's) cannot be read or written.
    #[error("{what} {id}: {source}")]
    Json {
        /// `tournament`, `challenge`.
        what: &'static str,
        /// Its id.
        id: String,
        /// The JSON error.
        source: serde_json::Error,
    },
    /// A stored game that does not replay: its setup or a move is refused by the rules.
    #[error("game {game}: {reason}")]
    Replay {
        /// The game.
        game: GameId,
        /// What the game layer refused.
        reason: String,
    },
}

/// Why the store could not run a call at all.
#[derive(Debug, thiserror::Error)]
pub enum Unavailable {
    /// The blocking thread that ran the call failed.
    #[error("its worker failed: {0}")]
    Worker(#[source] tokio::task::JoinError),
    /// No connection of the PostgreSQL pool could be had.
    #[error("postgresql: {0}")]
    Pool(#[source] r2d2::Error),
    /// The PostgreSQL store is shutting down.
    #[error("the PostgreSQL store is closing")]
    Closing,
    /// No random name for this server could be made.
    #[error("no random name: {0}")]
    Random(getrandom::Error),
}

/// Why the store refused a write.
#[derive(Debug, thiserror::Error)]
pub enum Refusal {
    /// The game is unknown, or its second seat is taken already.
    #[error("game {0} is unknown or already started")]
    Started(GameId),
    /// The game is unknown, or decided already.
    #[error("game {0} is unknown or already decided")]
    Decided(GameId),
    /// The move is not the next one of the game.
    #[error("game {game}: move {ply} is not the next one")]
    NotNext {
        /// The game.
        game: GameId,
        /// The move's number.
        ply: usize,
    },
    /// The game is unknown, undecided, or has a rematch already.
    #[error("game {0} is unknown, undecided or has a rematch already")]
    NoRematch(GameId),
    /// No live account has this id.
    #[error("no live account '{0}'")]
    NoAccount(UserId),
    /// A tournament has this id already.
    #[error("tournament {0} exists already")]
    TournamentExists(TournamentId),
    /// The database refused the write: a key already taken, a row that does not exist, a
    /// text it cannot hold.
    #[error("{what}: {source}")]
    Constraint {
        /// What was written (`game 1a2b: move 3`).
        what: String,
        /// The database's refusal.
        source: Box<StoreError>,
    },
}

impl Damage {
    /// The JSON body of the `what` (`tournament`, `challenge`) `id` cannot be read or
    /// written.
    pub fn json(
        what: &'static str,
        id: impl std::fmt::Display,
        source: serde_json::Error,
    ) -> StoreError {
        Damage::Json {
            what,
            id: id.to_string(),
            source,
        }
        .into()
    }
}

impl StoreError {
    /// This error as a refusal ([`Refusal::Constraint`], `what` says of what) when the
    /// database refused a write for a key already taken, a row that does not exist or a
    /// text it cannot hold (PostgreSQL: a NUL character); as it is otherwise.
    pub(crate) fn refusal(self, what: impl FnOnce() -> String) -> StoreError {
        let refused = match &self {
            StoreError::Sqlite(rusqlite::Error::SqliteFailure(e, _)) => {
                e.code == rusqlite::ErrorCode::ConstraintViolation
            }
            StoreError::Postgres(e) => crate::postgres::is_refusal(e),
            _ => false,
        };
        if refused {
            Refusal::Constraint {
                what: what(),
                source: Box::new(self),
            }
            .into()
        } else {
            self
        }
    }

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
