//! Why a call of the store failed.

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
    /// A stored name (of a variant, a rule set, a time control) this server does not know.
    #[error("stored data is damaged: the {column} '{value}' is not one this server knows")]
    Unknown {
        /// The column.
        column: &'static str,
        /// What it holds.
        value: String,
    },
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
    /// This error as a refusal ([`StoreError::Conflict`], `what` says of what) when the
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
            StoreError::Conflict(format!("{}: {self}", what()))
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
