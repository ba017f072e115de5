//! koma's storage layer: what a game, an account, a rating, a challenge, a tournament and
//! the lobby (and the rooms and studies games are gone over in) are on disk, the [`Store`] trait every operation of the server goes through, and its two
//! databases, SQLite ([`SqliteStore`], the default: one file) and PostgreSQL ([`PgStore`]:
//! several servers on one database, each game leased to one of them).
//!
//! This crate knows nothing of HTTP or of the server's game hub: the server's services call
//! it, never the other way round (see `docs/architecture.md`).

pub mod accounts;
pub mod analysis;
pub mod challenges;
pub mod database;
mod error;
mod ids;
pub mod lobby;
mod model;
pub mod postgres;
pub mod profiles;
pub mod ratings;
pub mod rooms;
mod sql;
pub mod sqlite;
mod store;
pub mod studies;
pub mod tokens;
pub mod tournaments;

pub use database::{Database, DatabaseError};
pub use error::{Damage, Refusal, StoreError, Unavailable};
pub use ids::{ChallengeId, GameId, StudyId, TokenId, TournamentId, UserId};
pub use model::{
    ChatLine, Ending, EngineLevel, EngineSeat, GameSetup, GameSummary, NewGame, Page, Room,
    StoredGame, StoredMove, StoredOutcome, color_from_name,
};
pub use postgres::PgStore;
pub use sql::schema::VERSION as SCHEMA_VERSION;
pub use sqlite::SqliteStore;
pub use store::{Elsewhere, GameStore, Note, Store};
