//! The PostgreSQL store: the same data and semantics as the SQLite store, in a database that
//! several server processes may share.
//!
//! The schema and its versions are SQLite's (`sql::schema`); they are brought up to date at
//! start in one transaction holding an advisory lock. Every write that is
//! checked against what is stored (a move's number, a rating done once) is one statement or
//! one transaction whose check the database enforces, not this process's memory.

mod games;
mod leases;
mod presence;

use crate::StoreError;
use crate::sql::pg::Pg;
use crate::sql::schema::{self, Legacy, Step};
use crate::sql::{Backend, Numbered};
use crate::{Damage, Unavailable};
use postgres::error::SqlState;
use postgres::{Client, NoTls};
use r2d2_postgres::PostgresConnectionManager;
use sea_query::raw_sql;
use std::collections::HashMap;
use std::time::Duration;

/// The steps of a database that a version of koma made before the schema was one
/// ([`schema::ONE`]): from each version named to the next.
const LEGACY: &Legacy = &[
    // 1 to 2: the games' leases and the servers' heartbeats.
    (
        1,
        Step::Sql(&[
            crate::postgres::leases::LEASES,
            crate::postgres::leases::INSTANCES,
        ]),
    ),
    // 3: the open challenges between accounts.
    (2, Step::Sql(&[crate::sql::challenges::TABLES])),
    // 4: the tournaments and the games they started.
    (3, Step::Sql(&[crate::sql::tournaments::TABLES])),
    // To the schema both share: version 4's, but that the games' `seq` was unique too
    // (nothing needs it: the newest-first index orders by it).
    (
        4,
        Step::Sql(&["ALTER TABLE games DROP CONSTRAINT IF EXISTS games_seq_key"]),
    ),
];

/// The key of the advisory lock the migrations hold ("koma" in ASCII).
const MIGRATION_LOCK: i64 = 0x6b6f_6d61;

/// Connections a store keeps open at most (the server's blocking threads share them).
pub const POOL_SIZE: u32 = 16;

/// How long a call waits for a free connection before it fails.
const POOL_WAIT: Duration = Duration::from_secs(30);

/// A connection of the pool, lent for one call.
pub(crate) type Conn = r2d2::PooledConnection<Manager>;

/// Makes the pool's connections, each with its prepared statements.
#[derive(Debug)]
pub(crate) struct Manager(PostgresConnectionManager<NoTls>);

/// A connection of the pool with the statements prepared on it (by their text, which the
/// code writes, never a client's data): a preparation otherwise costs a round trip to the
/// database every call.
pub(crate) struct Cached {
    /// The connection.
    pub(crate) client: Client,
    /// Its prepared statements, by their text.
    pub(crate) prepared: HashMap<String, postgres::Statement>,
}

impl r2d2::ManageConnection for Manager {
    type Connection = Cached;
    type Error = postgres::Error;

    fn connect(&self) -> Result<Cached, postgres::Error> {
        Ok(Cached {
            client: self.0.connect()?,
            prepared: HashMap::new(),
        })
    }

    fn is_valid(&self, conn: &mut Cached) -> Result<(), postgres::Error> {
        self.0.is_valid(&mut conn.client)
    }

    fn has_broken(&self, conn: &mut Cached) -> bool {
        conn.client.is_closed()
    }
}

/// Games, accounts and ratings in a PostgreSQL database, reached through a pool.
pub struct PgStore {
    /// Always there but while the store is dropped (see `Drop`).
    pool: Option<r2d2::Pool<Manager>>,
    /// How to connect (the listener opens a connection of its own).
    pub(crate) config: postgres::Config,
    /// This server's name among those sharing the database, new at every start.
    pub(crate) instance: String,
    /// The games' leases this server holds.
    pub(crate) leases: crate::postgres::leases::Leases,
}

impl Drop for PgStore {
    /// Closes the connections on a thread of their own: closing one blocks on the client's
    /// own runtime, which tokio refuses inside the server's (where the last `Arc` of the
    /// store goes when the server stops).
    fn drop(&mut self) {
        let Some(pool) = self.pool.take() else {
            return;
        };
        if tokio::runtime::Handle::try_current().is_ok() {
            std::thread::spawn(move || drop(pool));
        }
    }
}

impl PgStore {
    /// Connects to the database at `url` (`postgres://user:password@host/db`), brings its
    /// schema up to date and keeps up to [`POOL_SIZE`] connections.
    pub fn connect(url: &str) -> Result<PgStore, StoreError> {
        PgStore::connect_with(url, POOL_SIZE)
    }

    /// [`PgStore::connect`] with at most `connections` connections.
    pub fn connect_with(url: &str, connections: u32) -> Result<PgStore, StoreError> {
        let config: postgres::Config = url.parse().map_err(connect_error)?;
        // One connection first: an unreachable server or a refused login is reported as
        // PostgreSQL words it, and the schema is current before the pool serves a call.
        let mut client = config.connect(NoTls).map_err(connect_error)?;
        migrate(&mut client)?;
        drop(client);
        let pool = r2d2::Pool::builder()
            .max_size(connections.max(1))
            .min_idle(Some(1))
            .connection_timeout(POOL_WAIT)
            // A connection the database closed (a restart) fails its call, which the client
            // may try again, and is then dropped: no test query before every call.
            .test_on_check_out(false)
            .build(Manager(PostgresConnectionManager::new(
                config.clone(),
                NoTls,
            )))
            .map_err(Unavailable::Pool)?;
        let instance = crate::tokens::game_id().map_err(Unavailable::Random)?;
        Ok(PgStore {
            pool: Some(pool),
            config,
            instance: format!("{}-{instance}", std::process::id()),
            leases: Default::default(),
        })
    }

    /// A connection of the pool.
    pub(crate) fn conn(&self) -> Result<Conn, StoreError> {
        let pool = self.pool.as_ref().ok_or(Unavailable::Closing)?;
        Ok(pool.get().map_err(Unavailable::Pool)?)
    }

    /// The database's schema version.
    pub fn schema_version(&self) -> Result<String, StoreError> {
        let q = raw_sql!(
            seaql::Numbered::query,
            "SELECT value FROM meta WHERE key = 'schema_version'"
        );
        self.run(|db| db.row(q))?
            .ok_or(Damage::NoAnswer("schema version"))?
            .text(0)
    }
}

/// Brings the database to the schema's version in one transaction under the advisory lock,
/// so that servers starting at once migrate once: the others wait for the lock, then find
/// the schema current.
fn migrate(client: &mut Client) -> Result<(), StoreError> {
    let mut tx = client.transaction()?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])?;
    let mut prepared = HashMap::new();
    schema::migrate::<PgStore>(
        &mut Pg {
            client: &mut tx,
            prepared: &mut prepared,
        },
        LEGACY,
    )?;
    tx.commit()?;
    Ok(())
}

/// A failure to parse the URL or to connect, with its causes (`invalid connection string:
/// unknown option ...`).
fn connect_error(e: postgres::Error) -> StoreError {
    let mut text = e.to_string();
    let mut cause = std::error::Error::source(&e);
    while let Some(c) = cause {
        let more = c.to_string();
        if !text.contains(&more) {
            text = format!("{text}: {more}");
        }
        cause = c.source();
    }
    StoreError::Connect(text)
}

/// Whether the database refused a write for a key already taken, a row that does not
/// exist or a text it cannot hold (a NUL character).
pub(crate) fn is_refusal(e: &postgres::Error) -> bool {
    matches!(
        e.code(),
        Some(&SqlState::UNIQUE_VIOLATION)
            | Some(&SqlState::FOREIGN_KEY_VIOLATION)
            | Some(&SqlState::CHARACTER_NOT_IN_REPERTOIRE)
    )
}

/// Whether `e` says the database could not be reached or is restarting, rather than that
/// it refused the call: the same call may succeed soon.
pub(crate) fn is_transient(e: &postgres::Error) -> bool {
    if e.is_closed() {
        return true;
    }
    match e.code() {
        // No code from the server: the connection failed if the cause is the network's.
        None => std::error::Error::source(e).is_some_and(|c| c.is::<std::io::Error>()),
        Some(code) => {
            code.code().starts_with("08")
                || [
                    SqlState::ADMIN_SHUTDOWN,
                    SqlState::CRASH_SHUTDOWN,
                    SqlState::CANNOT_CONNECT_NOW,
                ]
                .contains(code)
        }
    }
}
