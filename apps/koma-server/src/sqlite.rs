//! The SQLite store: one file, created on first start, in WAL mode.

use crate::store::{
    Ending, GameSetup, GameSummary, NewGame, Store, StoreError, StoredGame, StoredMove,
    StoredOutcome, color_from_name,
};
use rusqlite::{Connection, OptionalExtension, Row, params};
use std::path::Path;
use std::sync::Mutex;

/// The schema this code writes, kept in the `meta` table.
pub const SCHEMA_VERSION: u32 = 1;

const SCHEMA: &str = "
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

/// Games in a SQLite file. One connection behind a lock: SQLite writes one at a time anyway,
/// and a move's write takes well under a millisecond.
pub struct SqliteStore {
    conn: Mutex<Connection>,
}

/// Milliseconds as SQLite's signed integers (Unix milliseconds fit for 292 million years).
fn ms_to_sql(ms: u64) -> i64 {
    i64::try_from(ms).unwrap_or(i64::MAX)
}

fn ms_from_sql(ms: i64) -> u64 {
    u64::try_from(ms).unwrap_or(0)
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

    fn setup(conn: Connection) -> Result<SqliteStore, StoreError> {
        // WAL: readers never block the writer. synchronous=NORMAL in WAL mode: a commit
        // survives the process being killed (only an OS crash or power cut may lose the
        // last commits), at a fraction of FULL's cost per move.
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        conn.execute_batch(SCHEMA)?;
        conn.execute(
            "INSERT OR IGNORE INTO meta (key, value) VALUES ('schema_version', ?1)",
            params![SCHEMA_VERSION.to_string()],
        )?;
        let found: String = conn.query_row(
            "SELECT value FROM meta WHERE key = 'schema_version'",
            [],
            |r| r.get(0),
        )?;
        if found != SCHEMA_VERSION.to_string() {
            return Err(StoreError::SchemaVersion {
                found,
                known: SCHEMA_VERSION,
            });
        }
        Ok(SqliteStore {
            conn: Mutex::new(conn),
        })
    }

    fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        // A panic while holding the lock cannot leave SQLite half-written (each statement is
        // atomic), so a poisoned lock is still usable.
        self.conn.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Reads the `games` columns shared by loading and listing (in SELECT order from `id`).
fn setup_from_row(row: &Row<'_>) -> rusqlite::Result<GameSetup> {
    Ok(GameSetup {
        variant: row.get("variant")?,
        start_sfen: row.get("start_sfen")?,
        rules: row.get("rules")?,
        time_control: row.get("time_control")?,
    })
}

fn ending_to_sql(ending: Ending) -> (&'static str, Option<&'static str>) {
    match ending {
        Ending::Board => ("board", None),
        Ending::Resignation(c) => ("resignation", Some(c.name())),
        Ending::TimeForfeit => ("time-forfeit", None),
        Ending::Declaration => ("declaration", None),
    }
}

fn ending_from_sql(kind: &str, color: Option<&str>) -> Result<Ending, StoreError> {
    Ok(match (kind, color) {
        ("board", _) => Ending::Board,
        ("resignation", Some(c)) => Ending::Resignation(color_from_name(c)?),
        ("time-forfeit", _) => Ending::TimeForfeit,
        ("declaration", _) => Ending::Declaration,
        (other, _) => return Err(StoreError::Damaged(format!("unknown ending '{other}'"))),
    })
}

impl Store for SqliteStore {
    fn create_game(&self, g: &NewGame) -> Result<(), StoreError> {
        self.conn().execute(
            "INSERT INTO games (id, variant, start_sfen, rules, time_control, creator,
                sente_token, gote_token, invite, created_ms)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
            params![
                g.id,
                g.setup.variant,
                g.setup.start_sfen,
                g.setup.rules,
                g.setup.time_control,
                g.creator.name(),
                g.seat_tokens[0],
                g.seat_tokens[1],
                g.invite,
                ms_to_sql(g.created_ms),
            ],
        )?;
        Ok(())
    }

    fn load_game(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        let conn = self.conn();
        let row = conn
            .query_row("SELECT * FROM games WHERE id = ?1", params![id], |row| {
                Ok((
                    setup_from_row(row)?,
                    row.get::<_, String>("creator")?,
                    [row.get("sente_token")?, row.get("gote_token")?],
                    row.get::<_, String>("invite")?,
                    row.get::<_, i64>("created_ms")?,
                    row.get::<_, Option<i64>>("started_ms")?,
                    row.get::<_, Option<String>>("ending")?,
                    row.get::<_, Option<String>>("ending_color")?,
                    row.get::<_, Option<i64>>("ended_ms")?,
                    row.get::<_, Option<String>>("result")?,
                ))
            })
            .optional()?;
        let Some((
            setup,
            creator,
            seat_tokens,
            invite,
            created,
            started,
            ending,
            color,
            ended,
            result,
        )) = row
        else {
            return Ok(None);
        };
        let mut stmt =
            conn.prepare("SELECT ply, usi, at_ms FROM moves WHERE game_id = ?1 ORDER BY ply")?;
        let rows = stmt.query_map(params![id], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, i64>(2)?,
            ))
        })?;
        let mut moves = Vec::new();
        for row in rows {
            let (ply, usi, at) = row?;
            if ply != moves.len() as i64 {
                return Err(StoreError::Damaged(format!(
                    "game {id}: move {ply} out of order"
                )));
            }
            moves.push(StoredMove {
                usi,
                at_ms: ms_from_sql(at),
            });
        }
        let outcome = match (ending, ended, result) {
            (Some(kind), Some(at), Some(result)) => Some(StoredOutcome {
                ending: ending_from_sql(&kind, color.as_deref())?,
                at_ms: ms_from_sql(at),
                result,
            }),
            _ => None,
        };
        Ok(Some(StoredGame {
            game: NewGame {
                id: id.to_string(),
                setup,
                seat_tokens,
                invite,
                creator: color_from_name(&creator)?,
                created_ms: ms_from_sql(created),
            },
            started_ms: started.map(ms_from_sql),
            moves,
            outcome,
        }))
    }

    fn start_game(&self, id: &str, at_ms: u64) -> Result<(), StoreError> {
        let changed = self.conn().execute(
            "UPDATE games SET started_ms = ?2 WHERE id = ?1 AND started_ms IS NULL",
            params![id, ms_to_sql(at_ms)],
        )?;
        if changed != 1 {
            return Err(StoreError::Conflict(format!(
                "game {id} is unknown or already started"
            )));
        }
        Ok(())
    }

    fn append_move(&self, id: &str, ply: usize, m: &StoredMove) -> Result<(), StoreError> {
        let conn = self.conn();
        let count: i64 = conn.query_row(
            "SELECT COUNT(*) FROM moves WHERE game_id = ?1",
            params![id],
            |r| r.get(0),
        )?;
        if count != ply as i64 {
            return Err(StoreError::Conflict(format!(
                "game {id}: move {ply} appended after {count} moves"
            )));
        }
        conn.execute(
            "INSERT INTO moves (game_id, ply, usi, at_ms) VALUES (?1, ?2, ?3, ?4)",
            params![id, ply as i64, m.usi, ms_to_sql(m.at_ms)],
        )?;
        Ok(())
    }

    fn set_outcome(&self, id: &str, outcome: &StoredOutcome) -> Result<(), StoreError> {
        let (kind, color) = ending_to_sql(outcome.ending);
        let changed = self.conn().execute(
            "UPDATE games SET ending = ?2, ending_color = ?3, ended_ms = ?4, result = ?5
             WHERE id = ?1 AND ending IS NULL",
            params![id, kind, color, ms_to_sql(outcome.at_ms), outcome.result],
        )?;
        if changed != 1 {
            return Err(StoreError::Conflict(format!(
                "game {id} is unknown or already decided"
            )));
        }
        Ok(())
    }

    fn list_games(&self, unfinished_only: bool) -> Result<Vec<GameSummary>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare(
            "SELECT g.*, (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id) AS plies
             FROM games g WHERE (?1 = 0 OR g.ending IS NULL)
             ORDER BY g.created_ms DESC, g.id",
        )?;
        let rows = stmt.query_map(params![unfinished_only], |row| {
            Ok(GameSummary {
                id: row.get("id")?,
                setup: setup_from_row(row)?,
                created_ms: ms_from_sql(row.get("created_ms")?),
                started: row.get::<_, Option<i64>>("started_ms")?.is_some(),
                plies: usize::try_from(row.get::<_, i64>("plies")?).unwrap_or(0),
                result: row.get("result")?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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
        }
    }

    #[test]
    fn round_trip() {
        let store = SqliteStore::in_memory().unwrap();
        assert_eq!(store.load_game("x").unwrap(), None);
        store.create_game(&new_game("a")).unwrap();
        store.start_game("a", 10).unwrap();
        assert!(store.start_game("a", 11).is_err());
        let m = StoredMove {
            usi: "7g7f".into(),
            at_ms: 20,
        };
        store.append_move("a", 0, &m).unwrap();
        assert!(store.append_move("a", 0, &m).is_err());
        assert!(store.append_move("a", 2, &m).is_err());
        assert_eq!(store.list_games(true).unwrap().len(), 1);
        let outcome = StoredOutcome {
            ending: Ending::Resignation(Color::White),
            at_ms: 30,
            result: "sente resignation".into(),
        };
        store.set_outcome("a", &outcome).unwrap();
        assert!(store.set_outcome("a", &outcome).is_err());
        let loaded = store.load_game("a").unwrap().unwrap();
        assert_eq!(loaded.game, new_game("a"));
        assert_eq!(loaded.started_ms, Some(10));
        assert_eq!(loaded.moves, vec![m]);
        assert_eq!(loaded.outcome, Some(outcome));
        assert!(store.list_games(true).unwrap().is_empty());
        let all = store.list_games(false).unwrap();
        assert_eq!((all[0].plies, all[0].started), (1, true));
    }
}
