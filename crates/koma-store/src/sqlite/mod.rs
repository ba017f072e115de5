//! The SQLite store: one file, created on first start, in WAL mode.
//!
//! The schema has a version, kept in the `meta` table. A new file is created at version 1
//! and brought up to date by the same migrations an older file goes through, so that every
//! file of one version has the same tables whatever its history.

use crate::sql::lite::Lite;
use crate::sql::{Backend, Db, schema};
use crate::{Store, StoreError};
use rusqlite::{Connection, params};
use std::path::Path;
use std::sync::Mutex;

/// The schema this code writes, kept in the `meta` table.
pub const SCHEMA_VERSION: u32 = 10;

/// Version 1 of the schema, where every file starts.
const SCHEMA_V1: &str = "
CREATE TABLE IF NOT EXISTS meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    id           TEXT PRIMARY KEY,
    variant      TEXT NOT NULL,
    start_sfen   TEXT NOT NULL,
    rules        TEXT NOT NULL,
    time_control TEXT,
    creator      TEXT NOT NULL,
    sente_token  TEXT NOT NULL,
    gote_token   TEXT NOT NULL,
    invite       TEXT NOT NULL,
    created_ms   INTEGER NOT NULL,
    started_ms   INTEGER,
    ending       TEXT,
    ending_color TEXT,
    ended_ms     INTEGER,
    result       TEXT
);
CREATE TABLE IF NOT EXISTS moves (
    game_id TEXT NOT NULL REFERENCES games(id),
    ply     INTEGER NOT NULL,
    usi     TEXT NOT NULL,
    at_ms   INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply)
);
";

/// One step of the schema: SQL, or Rust code for what SQL cannot do (SQLite has no SHA-256).
enum Migration {
    /// Statements run as one batch.
    Sql(&'static str),
    /// Batches of statements run one after the other.
    Batches(&'static [&'static str]),
    /// A function run in the step's transaction.
    Code(fn(&rusqlite::Transaction<'_>) -> Result<(), StoreError>),
}

/// The migrations: `MIGRATIONS[i]` takes a file from version `i + 1` to `i + 2`.
const MIGRATIONS: [Migration; (SCHEMA_VERSION - 1) as usize] = [
    // 2: games against the engine (its seat and level) and the link to a rematch.
    Migration::Sql(
        "
ALTER TABLE games ADD COLUMN engine_seat        TEXT;
ALTER TABLE games ADD COLUMN engine_movetime_ms INTEGER;
ALTER TABLE games ADD COLUMN engine_depth       INTEGER;
ALTER TABLE games ADD COLUMN rematch            TEXT;
",
    ),
    // 3: accounts, their login sessions and personal API tokens.
    Migration::Sql(crate::sql::accounts::TABLES),
    // 4: the chat of each game.
    Migration::Sql(
        "
CREATE TABLE chat (
    game_id TEXT NOT NULL REFERENCES games(id),
    seq     INTEGER NOT NULL,
    room    TEXT NOT NULL,
    author  TEXT NOT NULL,
    text    TEXT NOT NULL,
    at_ms   INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq)
);
",
    ),
    // 5: seat tokens and invitations stored as their SHA-256, not in clear.
    Migration::Code(hash_secrets),
    // 6: the accounts playing each seat, rated games and the ratings they produce.
    Migration::Batches(&[SEATS, crate::sql::ratings::TABLES]),
    // 7: the games of an account, found by either seat.
    Migration::Sql(crate::sql::profiles::INDEXES),
    // 8: the open challenges between accounts.
    Migration::Sql(crate::sql::challenges::TABLES),
    // 9: the tournaments and the games they started.
    Migration::Sql(crate::sql::tournaments::TABLES),
    // 10: the lease columns PostgreSQL's games have, so that one SQL writes a game on
    // either database (one server holds a SQLite file: no game has an owner there), and
    // the indexes PostgreSQL's tables had that SQLite's lacked (the tables' text is one
    // now: a file that ran it for 8 and 9 has them already).
    Migration::Sql(
        "
ALTER TABLE games ADD COLUMN owner TEXT;
ALTER TABLE games ADD COLUMN epoch INTEGER NOT NULL DEFAULT 0;
CREATE INDEX IF NOT EXISTS challenges_by_expiry ON challenges(expires_ms);
CREATE INDEX IF NOT EXISTS tournaments_by_created ON tournaments(created_ms DESC);
",
    ),
];

/// Migration 6, with the tables of ratings: `games.sente_user` and `games.gote_user` name the
/// account of each seat (NULL for a guest or the engine), `games.rated` says whether the
/// game counts for ratings (PostgreSQL's games have them from the start).
const SEATS: &str = "
ALTER TABLE games ADD COLUMN sente_user TEXT REFERENCES users(id);
ALTER TABLE games ADD COLUMN gote_user  TEXT REFERENCES users(id);
ALTER TABLE games ADD COLUMN rated      INTEGER NOT NULL DEFAULT 0;
";

/// Migration 5: replaces every seat token and invitation by its hash (`tokens::hash`); the
/// holders of the old tokens keep playing with them.
fn hash_secrets(tx: &rusqlite::Transaction<'_>) -> Result<(), StoreError> {
    let rows: Vec<(String, [String; 3])> = tx
        .prepare("SELECT id, sente_token, gote_token, invite FROM games")?
        .query_map([], |r| Ok((r.get(0)?, [r.get(1)?, r.get(2)?, r.get(3)?])))?
        .collect::<Result<_, _>>()?;
    let mut update = tx
        .prepare("UPDATE games SET sente_token = ?2, gote_token = ?3, invite = ?4 WHERE id = ?1")?;
    for (id, secrets) in rows {
        let [sente, gote, invite] = secrets.map(|s| crate::tokens::hash(&s));
        update.execute(params![id, sente, gote, invite])?;
    }
    Ok(())
}

/// Games in a SQLite file. One connection behind a lock: SQLite writes one at a time anyway,
/// and a move's write takes well under a millisecond.
pub struct SqliteStore {
    conn: Mutex<Connection>,
}

impl SqliteStore {
    /// Opens (creating if missing) the database at `path`: WAL mode, the schema, its version.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        SqliteStore::setup(Connection::open(path)?)
    }

    /// A database in memory, for tests.
    pub fn in_memory() -> Result<SqliteStore, StoreError> {
        SqliteStore::setup(Connection::open_in_memory()?)
    }

    fn setup(mut conn: Connection) -> Result<SqliteStore, StoreError> {
        // WAL: readers never block the writer. synchronous=NORMAL in WAL mode: a commit
        // survives the process being killed (only an OS crash or power cut may lose the
        // last commits), at a fraction of FULL's cost per move.
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        // Deleted and overwritten content is zeroed, not left in free space: a secret
        // replaced by its hash (migration 3) leaves no trace in the file.
        conn.pragma_update(None, "secure_delete", "ON")?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        conn.execute_batch(SCHEMA_V1)?;
        conn.execute(
            "INSERT OR IGNORE INTO meta (key, value) VALUES ('schema_version', '1')",
            [],
        )?;
        migrate(&mut conn)?;
        Ok(SqliteStore {
            conn: Mutex::new(conn),
        })
    }

    pub(crate) fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        // A panic while holding the lock cannot leave SQLite half-written (each statement is
        // atomic), so a poisoned lock is still usable.
        self.conn.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The file's schema version.
fn schema_version(conn: &Connection) -> Result<String, StoreError> {
    Ok(conn.query_row(
        "SELECT value FROM meta WHERE key = 'schema_version'",
        [],
        |r| r.get(0),
    )?)
}

/// Brings the file from its version to [`SCHEMA_VERSION`], each step in a transaction of its
/// own; a file of an unknown (newer) version is refused untouched.
fn migrate(conn: &mut Connection) -> Result<(), StoreError> {
    let found = schema_version(conn)?;
    let version = found
        .parse::<u32>()
        .ok()
        .filter(|v| (1..=SCHEMA_VERSION).contains(v))
        .ok_or(StoreError::SchemaVersion {
            found,
            known: SCHEMA_VERSION,
        })?;
    for from in version..SCHEMA_VERSION {
        let tx = conn.transaction()?;
        match &MIGRATIONS[(from - 1) as usize] {
            Migration::Sql(sql) => tx.execute_batch(&schema(sql, <SqliteStore as Backend>::SEQ))?,
            Migration::Batches(batches) => {
                for sql in *batches {
                    tx.execute_batch(&schema(sql, <SqliteStore as Backend>::SEQ))?;
                }
            }
            Migration::Code(step) => step(&tx)?,
        }
        tx.execute(
            "UPDATE meta SET value = ?1 WHERE key = 'schema_version'",
            params![(from + 1).to_string()],
        )?;
        tx.commit()?;
    }
    if version < SCHEMA_VERSION {
        // The migrated pages into the file now, over the old ones (which the write-ahead
        // log would otherwise leave there until a later checkpoint).
        conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))?;
    }
    Ok(())
}

impl Backend for SqliteStore {
    type Dialect = sea_query::SqliteQueryBuilder;
    const STORED_ORDER: &'static str = "rowid";
    const SEQ: &'static str = "";

    fn run<R>(
        &self,
        f: impl FnOnce(&mut dyn Db) -> Result<R, StoreError>,
    ) -> Result<R, StoreError> {
        f(&mut Lite(&self.conn()))
    }

    fn transaction<R>(
        &self,
        f: impl FnOnce(&mut dyn Db) -> Result<R, StoreError>,
    ) -> Result<R, StoreError> {
        let conn = self.conn();
        let tx = conn.unchecked_transaction()?;
        let result = f(&mut Lite(&tx))?;
        tx.commit()?;
        Ok(result)
    }
}

impl Store for SqliteStore {}

/// The behaviour every store shares is tested on this one and on PostgreSQL's by the
/// conformance suite (`tests/server/store_suite*.rs`); here what is SQLite's own.
#[cfg(test)]
mod tests {
    use super::*;
    use crate::{EngineLevel, EngineSeat, GameSetup, GameStore, NewGame};
    use koma_rules::Color;

    fn new_game(id: &str) -> NewGame {
        NewGame {
            id: id.to_string(),
            setup: GameSetup {
                variant: "shogi".into(),
                start_sfen: "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
                    .into(),
                rules: "amateur".into(),
                time_control: Some("10m+30s".into()),
            },
            seat_tokens: ["s".into(), "g".into()],
            invite: "i".into(),
            creator: Color::White,
            created_ms: 5,
            engine: None,
            players: [None, None],
            rated: false,
        }
    }

    /// A file path in a fresh temporary directory (removed by the caller).
    fn temp_db(name: &str) -> std::path::PathBuf {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos();
        let dir =
            std::env::temp_dir().join(format!("koma-sqlite-{name}-{}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir.join("koma.sqlite")
    }

    #[test]
    fn a_version_1_file_is_upgraded() {
        let path = temp_db("v1");
        {
            // The file as version 1 of the server wrote it, with a game and a move.
            let conn = Connection::open(&path).unwrap();
            conn.execute_batch(SCHEMA_V1).unwrap();
            conn.execute_batch(
                "INSERT INTO meta (key, value) VALUES ('schema_version', '1');
                 INSERT INTO games (id, variant, start_sfen, rules, time_control, creator,
                    sente_token, gote_token, invite, created_ms, started_ms)
                 VALUES ('old', 'shogi',
                    'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1',
                    'amateur', NULL, 'sente', 's', 'g', 'i', 1, 2);
                 INSERT INTO moves (game_id, ply, usi, at_ms) VALUES ('old', 0, '7g7f', 3);",
            )
            .unwrap();
        }
        {
            let store = SqliteStore::open(&path).unwrap();
            let version = schema_version(&store.conn()).unwrap();
            assert_eq!(version, SCHEMA_VERSION.to_string());
            let old = store.load_game("old").unwrap().unwrap();
            assert_eq!((old.game.engine, old.rematch), (None, None));
            assert_eq!(old.moves.len(), 1);
            assert_eq!(old.started_ms, Some(2));
            // The secrets are hashed in the file: the old ones still match.
            let hash = crate::tokens::hash;
            assert_eq!(old.game.seat_tokens, [hash("s"), hash("g")]);
            assert_eq!(old.game.invite, hash("i"));
            // The new columns are there to write.
            let mut game = new_game("new");
            game.engine = Some(EngineSeat {
                seat: Color::White,
                level: EngineLevel {
                    movetime_ms: Some(100),
                    depth: Some(2),
                },
            });
            store.create_game(&game, Some(4)).unwrap();
            assert_eq!(store.load_game("new").unwrap().unwrap().game, game);
        }
        // Opened again: already current, nothing to do.
        assert!(SqliteStore::open(&path).is_ok());
        // A file of a newer version is refused.
        Connection::open(&path)
            .unwrap()
            .execute(
                "UPDATE meta SET value = '99' WHERE key = 'schema_version'",
                [],
            )
            .unwrap();
        assert!(matches!(
            SqliteStore::open(&path),
            Err(StoreError::SchemaVersion { .. })
        ));
        let _ = std::fs::remove_dir_all(path.parent().unwrap());
    }
}
