//! One SQL for both databases: each query is written once, as text both SQLite and
//! PostgreSQL read (`sea_query::raw_sql!`, which carries the values; a row lock is written
//! as a comment, `/*FOR UPDATE*/`, which SQLite reads as nothing and `pg.rs` makes
//! PostgreSQL's lock) or, where the statement's shape depends on the call (conditions added
//! only when asked for, the column that orders rows by when they were stored), as a
//! `sea_query` statement. Either is rendered once, with numbered placeholders ([`Numbered`]).
//! A [`Backend`] (the SQLite or the PostgreSQL store) runs them on its connections and says
//! what only it does: the leases and notifications of several servers on one PostgreSQL
//! database.

pub(crate) mod accounts;
pub(crate) mod analysis;
pub(crate) mod challenges;
pub(crate) mod games;
pub(crate) mod lite;
pub(crate) mod lobby;
pub(crate) mod pg;
pub(crate) mod profiles;
pub(crate) mod ratings;
pub(crate) mod rooms;
pub(crate) mod schema;
pub(crate) mod studies;
pub(crate) mod tournaments;

use crate::Damage;
use crate::StoreError;

/// A statement and its values, rendered for both databases.
pub(crate) type Query = sea_query::raw_sql::seaql::Query;

/// The renderer of every query (`raw_sql!(seaql::Numbered::query, ...)`, [`render`]): its
/// placeholders are numbered, `$1`, `$2`..., in the order of the values, as PostgreSQL reads
/// them; the SQLite connection reads them as its own numbered `?1`, `?2`... (`lite.rs`).
pub(crate) use sea_query::PostgresQueryBuilder as Numbered;

/// One value of a row, as either database returns it.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Cell {
    /// SQL's NULL.
    Null,
    /// An integer (SQLite's INTEGER, PostgreSQL's BIGINT, INTEGER or SMALLINT).
    Int(i64),
    /// A floating-point number.
    Real(f64),
    /// Text.
    Text(String),
    /// A truth value (PostgreSQL's BOOLEAN; SQLite stores it as 0 or 1).
    Bool(bool),
}

/// A row of a result, its cells in the order of the SELECT.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Row(pub(crate) Vec<Cell>);

impl Row {
    /// Cell `i`, or an error naming the column that is missing.
    fn cell(&self, i: usize) -> Result<&Cell, StoreError> {
        self.0
            .get(i)
            .ok_or(StoreError::Damaged(Damage::NoColumn(i)))
    }

    /// An error for cell `i`, which does not hold a `what`.
    fn wrong(&self, i: usize, what: &'static str) -> StoreError {
        Damage::Column {
            column: i,
            found: format!("{:?}", self.0.get(i)),
            wanted: what,
        }
        .into()
    }

    /// Cell `i` as text, or `None` for NULL.
    pub(crate) fn opt_text(&self, i: usize) -> Result<Option<String>, StoreError> {
        match self.cell(i)? {
            Cell::Null => Ok(None),
            Cell::Text(t) => Ok(Some(t.clone())),
            _ => Err(self.wrong(i, "text")),
        }
    }

    /// Cell `i` as text.
    pub(crate) fn text(&self, i: usize) -> Result<String, StoreError> {
        self.opt_text(i)?.ok_or_else(|| self.wrong(i, "text"))
    }

    /// Cell `i` as an id (of a game, an account...).
    pub(crate) fn id<T: From<String>>(&self, i: usize) -> Result<T, StoreError> {
        Ok(self.text(i)?.into())
    }

    /// Cell `i` as an id, or `None` for NULL.
    pub(crate) fn opt_id<T: From<String>>(&self, i: usize) -> Result<Option<T>, StoreError> {
        Ok(self.opt_text(i)?.map(T::from))
    }

    /// Cell `i` as an integer, or `None` for NULL.
    pub(crate) fn opt_int(&self, i: usize) -> Result<Option<i64>, StoreError> {
        match self.cell(i)? {
            Cell::Null => Ok(None),
            Cell::Int(n) => Ok(Some(*n)),
            _ => Err(self.wrong(i, "an integer")),
        }
    }

    /// Cell `i` as an integer.
    pub(crate) fn int(&self, i: usize) -> Result<i64, StoreError> {
        self.opt_int(i)?.ok_or_else(|| self.wrong(i, "an integer"))
    }

    /// Cell `i` as milliseconds (a time or a duration), or `None` for NULL.
    pub(crate) fn opt_ms(&self, i: usize) -> Result<Option<u64>, StoreError> {
        Ok(self.opt_int(i)?.map(ms_from_sql))
    }

    /// Cell `i` as milliseconds.
    pub(crate) fn ms(&self, i: usize) -> Result<u64, StoreError> {
        Ok(ms_from_sql(self.int(i)?))
    }

    /// Cell `i` as a count (a number of moves, an index).
    pub(crate) fn count(&self, i: usize) -> Result<usize, StoreError> {
        Ok(usize::try_from(self.int(i)?).unwrap_or(0))
    }

    /// Cell `i` as a floating-point number (SQLite may hand back an integer).
    pub(crate) fn real(&self, i: usize) -> Result<f64, StoreError> {
        match self.cell(i)? {
            Cell::Real(x) => Ok(*x),
            Cell::Int(n) => Ok(*n as f64),
            _ => Err(self.wrong(i, "a number")),
        }
    }

    /// Cell `i` as a truth value (SQLite's 0 or 1 too).
    pub(crate) fn bool(&self, i: usize) -> Result<bool, StoreError> {
        match self.cell(i)? {
            Cell::Bool(b) => Ok(*b),
            Cell::Int(n) => Ok(*n != 0),
            _ => Err(self.wrong(i, "a truth value")),
        }
    }
}

/// A connection, or a transaction on one, of either database.
pub(crate) trait Db {
    /// Runs `q`; how many rows it changed.
    fn execute(&mut self, q: Query) -> Result<u64, StoreError>;
    /// The rows `q` returns.
    fn rows(&mut self, q: Query) -> Result<Vec<Row>, StoreError>;
    /// Runs `sql`, statements without values (the schema's).
    fn batch(&mut self, sql: &str) -> Result<(), StoreError>;
    /// The first row `q` returns, if any.
    fn row(&mut self, q: Query) -> Result<Option<Row>, StoreError> {
        Ok(self.rows(q)?.into_iter().next())
    }
}

/// The lease under which this server writes a game: where one server holds the database
/// (SQLite), `free`, and every write goes through.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Lease {
    /// No lease is needed.
    pub(crate) free: bool,
    /// This server's name.
    pub(crate) owner: String,
    /// The lease's number.
    pub(crate) epoch: i64,
}

impl Lease {
    /// The lease of a database that one server holds.
    pub(crate) fn free() -> Lease {
        Lease {
            free: true,
            owner: String::new(),
            epoch: 0,
        }
    }
}

/// A database the store's queries run on: SQLite or PostgreSQL.
pub(crate) trait Backend: Send + Sync {
    /// The column that numbers rows in the order they were stored (games created in the
    /// same millisecond are listed by it): SQLite's `rowid`, PostgreSQL's `seq`.
    const STORED_ORDER: &'static str;
    /// The column definition a table's `$SEQ` stands for, and the index key `$BY_SEQ`
    /// stands for ([`schema::SEQ`]).
    const SEQ: &'static str;
    /// See [`Backend::SEQ`].
    const BY_SEQ: &'static str;
    /// The tables only this database has, made with the others in a new database.
    const OWN_TABLES: &'static [&'static str] = &[];
    /// This database's own steps of the shared history: each runs with the step that
    /// brings a database to its version ([`schema::VERSION`]'s history).
    const OWN_UPGRADES: &'static [(u32, &'static str)] = &[];

    /// Runs `f` on a connection.
    fn run<R>(&self, f: impl FnOnce(&mut dyn Db) -> Result<R, StoreError>)
    -> Result<R, StoreError>;
    /// Runs `f` in a transaction, committed if `f` returns `Ok`, else rolled back.
    fn transaction<R>(
        &self,
        f: impl FnOnce(&mut dyn Db) -> Result<R, StoreError>,
    ) -> Result<R, StoreError>;
    /// Runs `f`, whose reads see the database as of one moment.
    fn snapshot<R>(
        &self,
        f: impl FnOnce(&mut dyn Db) -> Result<R, StoreError>,
    ) -> Result<R, StoreError> {
        self.run(f)
    }

    /// The lease under which this server writes the game `id`, or
    /// [`StoreError::NotOwner`].
    fn lease(&self, _id: &str) -> Result<Lease, StoreError> {
        Ok(Lease::free())
    }
    /// The owner and lease number a new game of this server is stored with.
    fn new_lease(&self) -> (Option<&str>, i64) {
        (None, 0)
    }
    /// This server created the game `id`, holding its first lease.
    fn created(&self, _id: &str) {}
    /// Runs `q`, a write of the game `id` that returns one row for each row it changed, and
    /// tells the other servers of the change; how many rows it changed.
    fn write_game(&self, db: &mut dyn Db, _id: &str, q: Query) -> Result<usize, StoreError> {
        Ok(db.rows(q)?.len())
    }
    /// Tells the other servers `note` (with this server's name after it) when the
    /// transaction of `db` commits.
    fn tell(&self, _db: &mut dyn Db, _note: &str) -> Result<(), StoreError> {
        Ok(())
    }
    /// Makes the transaction of `db` wait for any other server's transaction that called
    /// this with the same `key`, until it ends (one server writes at a time anyway on
    /// SQLite).
    fn serialize(&self, _db: &mut dyn Db, _key: &str) -> Result<(), StoreError> {
        Ok(())
    }
    /// After a write of `id` under `lease` changed nothing: [`StoreError::NotOwner`] if
    /// another server took the lease since, else nothing (the write did not fit).
    fn check_lease(&self, _db: &mut dyn Db, _id: &str, _lease: &Lease) -> Result<(), StoreError> {
        Ok(())
    }
}

/// A statement of the builder, rendered with numbered placeholders.
pub(crate) fn render(q: &impl sea_query::QueryStatementWriter) -> Query {
    let (sql, values) = q.build_any(&Numbered);
    Query { sql, values }
}

/// Milliseconds as the databases' signed integers (Unix milliseconds fit for 292 million
/// years).
pub(crate) fn ms_to_sql(ms: u64) -> i64 {
    i64::try_from(ms).unwrap_or(i64::MAX)
}

/// Milliseconds as stored.
pub(crate) fn ms_from_sql(ms: i64) -> u64 {
    u64::try_from(ms).unwrap_or(0)
}

/// A count or index as the databases' signed integers.
pub(crate) fn count_to_sql(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// Whether `key` cannot be stored: PostgreSQL's text holds no NUL character, and no key
/// the server makes has one. A lookup by such a key (from a URL: `%00`) finds nothing on
/// either database instead of failing.
pub(crate) fn unstorable(key: &str) -> bool {
    key.contains('\0')
}
