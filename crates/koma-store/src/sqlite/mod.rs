//! The SQLite store: one file, created on first start, in WAL mode.
//!
//! The schema and its versions are the same as PostgreSQL's (`sql::schema`); a file made
//! before they were one is brought to them by the steps of its own history (`LEGACY`).

use crate::sql::Numbered;
use crate::sql::lite::Lite;
use crate::sql::schema::{self, Legacy, Step};
use crate::sql::{Backend, Db};
use crate::{Store, StoreError};
use rusqlite::Connection;
use sea_query::raw_sql;
use std::path::Path;
use std::sync::Mutex;

/// The steps of a file that a version of koma made before the schema was one
/// ([`schema::ONE`]): from each version named to the next.
const LEGACY: &Legacy = &[
    // 1 to 2: games against the engine (its seat and level) and the link to a rematch.
    (
        1,
        Step::Sql(&["
ALTER TABLE games ADD COLUMN engine_seat        TEXT;
ALTER TABLE games ADD COLUMN engine_movetime_ms INTEGER;
ALTER TABLE games ADD COLUMN engine_depth       INTEGER;
ALTER TABLE games ADD COLUMN rematch            TEXT;
"]),
    ),
    // 3: accounts, their login sessions and personal API tokens.
    (2, Step::Sql(&[crate::sql::accounts::TABLES])),
    // 4: the chat of each game.
    (3, Step::Sql(&[schema::CHAT])),
    // 5: seat tokens and invitations stored as their SHA-256, not in clear.
    (4, Step::Code(hash_secrets)),
    // 6: the accounts playing each seat, rated games and the ratings they produce.
    (5, Step::Sql(&[SEATS, crate::sql::ratings::TABLES])),
    // 7: the games of an account, found by either seat.
    (6, Step::Sql(&[crate::sql::profiles::INDEXES])),
    // 8: the open challenges between accounts.
    (7, Step::Sql(&[crate::sql::challenges::TABLES])),
    // 9: the tournaments and the games they started.
    (8, Step::Sql(&[crate::sql::tournaments::TABLES])),
    // To the schema both databases share: the lease columns and the indexes PostgreSQL's
    // games had (a file that ran the texts above for 8 and 9 has their indexes already).
    (
        9,
        Step::Sql(&["
ALTER TABLE games ADD COLUMN owner TEXT;
ALTER TABLE games ADD COLUMN epoch INTEGER NOT NULL DEFAULT 0;
CREATE INDEX games_newest ON games(created_ms DESC);
CREATE INDEX games_owned ON games(owner) WHERE ending IS NULL;
CREATE INDEX IF NOT EXISTS challenges_by_expiry ON challenges(expires_ms);
CREATE INDEX IF NOT EXISTS tournaments_by_created ON tournaments(created_ms DESC);
"]),
    ),
];

/// Step 5 to 6, with the tables of ratings: `games.sente_user` and `games.gote_user` name
/// the account of each seat (NULL for a guest or the engine), `games.rated` says whether
/// the game counts for ratings.
const SEATS: &str = "
ALTER TABLE games ADD COLUMN sente_user TEXT REFERENCES users(id);
ALTER TABLE games ADD COLUMN gote_user  TEXT REFERENCES users(id);
ALTER TABLE games ADD COLUMN rated      INTEGER NOT NULL DEFAULT 0;
";

/// Step 4 to 5: replaces every seat token and invitation by its hash (`tokens::hash`); the
/// holders of the old tokens keep playing with them.
fn hash_secrets(db: &mut dyn Db) -> Result<(), StoreError> {
    let rows = db.rows(raw_sql!(
        seaql::Numbered::query,
        "SELECT id, sente_token, gote_token, invite FROM games"
    ))?;
    for row in rows {
        let id = row.text(0)?;
        let [sente, gote, invite] =
            [row.text(1)?, row.text(2)?, row.text(3)?].map(|s| crate::tokens::hash(&s));
        db.execute(raw_sql!(
            seaql::Numbered::query,
            "UPDATE games SET sente_token = {sente}, gote_token = {gote}, invite = {invite}
             WHERE id = {id}"
        ))?;
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
        let tx = conn.transaction()?;
        let migrated = schema::migrate::<SqliteStore>(&mut Lite(&tx), LEGACY)?;
        tx.commit()?;
        if migrated {
            // The migrated pages into the file now, over the old ones (which the
            // write-ahead log would otherwise leave there until a later checkpoint).
            conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))?;
        }
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

impl Backend for SqliteStore {
    const STORED_ORDER: &'static str = "rowid";
    const SEQ: &'static str = "";
    const BY_SEQ: &'static str = "";

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
            id: id.into(),
            setup: GameSetup {
                variant: koma_rules::VariantKind::Shogi.into(),
                start_sfen: "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
                    .into(),
                rules: koma_game::RuleSet::AMATEUR,
                time_control: "10m+30s".parse().ok(),
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

    /// The tables of a file as version 1 of the server made them.
    const VERSION_1: &str = "
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE games (
    id TEXT PRIMARY KEY, variant TEXT NOT NULL, start_sfen TEXT NOT NULL, rules TEXT NOT NULL,
    time_control TEXT, creator TEXT NOT NULL, sente_token TEXT NOT NULL,
    gote_token TEXT NOT NULL, invite TEXT NOT NULL, created_ms INTEGER NOT NULL,
    started_ms INTEGER, ending TEXT, ending_color TEXT, ended_ms INTEGER, result TEXT
);
CREATE TABLE moves (
    game_id TEXT NOT NULL REFERENCES games(id), ply INTEGER NOT NULL, usi TEXT NOT NULL,
    at_ms INTEGER NOT NULL, PRIMARY KEY (game_id, ply)
);
";

    /// The tables, their columns and the indexes of the file at `path`, sorted.
    fn shape(path: &std::path::Path) -> Vec<String> {
        let conn = Connection::open(path).unwrap();
        let mut shape: Vec<String> = conn
            .prepare(
                "SELECT type, name, tbl_name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'",
            )
            .unwrap()
            .query_map([], |r| {
                Ok(format!(
                    "{} {} on {}",
                    r.get::<_, String>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, String>(2)?
                ))
            })
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        let tables: Vec<String> = conn
            .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        for table in tables {
            let columns = conn
                .prepare(&format!(
                    "SELECT name, \"notnull\", pk FROM pragma_table_info('{table}')"
                ))
                .unwrap()
                .query_map([], |r| {
                    Ok(format!(
                        "{table}.{} notnull={} pk={}",
                        r.get::<_, String>(0)?,
                        r.get::<_, i64>(1)?,
                        r.get::<_, i64>(2)?
                    ))
                })
                .unwrap()
                .collect::<Result<Vec<String>, _>>()
                .unwrap();
            shape.extend(columns);
        }
        shape.sort();
        shape
    }

    #[test]
    fn a_version_1_file_is_upgraded() {
        let path = temp_db("v1");
        {
            // The file as version 1 of the server wrote it, with a game and a move.
            let conn = Connection::open(&path).unwrap();
            conn.execute_batch(VERSION_1).unwrap();
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
            let version: String = store
                .conn()
                .query_row(
                    "SELECT value FROM meta WHERE key = 'schema_version'",
                    [],
                    |r| r.get(0),
                )
                .unwrap();
            assert_eq!(version, schema::VERSION.to_string());
            let old = store.load_game(&"old".into()).unwrap().unwrap();
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
            assert_eq!(store.load_game(&"new".into()).unwrap().unwrap().game, game);
        }
        // Opened again: already current, nothing to do.
        assert!(SqliteStore::open(&path).is_ok());
        // The same tables, columns and indexes as a new file's.
        let new = temp_db("new");
        drop(SqliteStore::open(&new).unwrap());
        assert_eq!(shape(&path), shape(&new));
        let _ = std::fs::remove_dir_all(new.parent().unwrap());
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
