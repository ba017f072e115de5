//! The SQLite store: one file, created on first start, in WAL mode.
//!
//! The schema has a version, kept in the `meta` table. A new file is created at version 1
//! and brought up to date by the same migrations an older file goes through, so that every
//! file of one version has the same tables whatever its history.

pub(crate) mod accounts;
mod challenges;
mod profiles;
mod ratings;
mod tournaments;

use crate::{
    ChatLine, Ending, EngineLevel, EngineSeat, GameSetup, GameSummary, NewGame, Page, Room, Store,
    StoreError, StoredGame, StoredMove, StoredOutcome, color_from_name,
};
use rusqlite::{Connection, OptionalExtension, Row, params};
use std::path::Path;
use std::sync::Mutex;

/// The schema this code writes, kept in the `meta` table.
pub const SCHEMA_VERSION: u32 = 9;

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
    Migration::Sql(crate::sqlite::accounts::MIGRATION),
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
    Migration::Sql(crate::sqlite::ratings::MIGRATION),
    // 7: the games of an account, found by either seat.
    Migration::Sql(crate::sqlite::profiles::MIGRATION),
    // 8: the open challenges between accounts.
    Migration::Sql(crate::sqlite::challenges::MIGRATION),
    // 9: the tournaments and the games they started.
    Migration::Sql(crate::sqlite::tournaments::MIGRATION),
];

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

/// Milliseconds as SQLite's signed integers (Unix milliseconds fit for 292 million years).
pub(crate) fn ms_to_sql(ms: u64) -> i64 {
    i64::try_from(ms).unwrap_or(i64::MAX)
}

pub(crate) fn ms_from_sql(ms: i64) -> u64 {
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
            Migration::Sql(sql) => tx.execute_batch(sql)?,
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

/// Inserts a new game (started at `started_ms`, if given).
fn insert_game(conn: &Connection, g: &NewGame, started_ms: Option<u64>) -> Result<(), StoreError> {
    let engine = g.engine.as_ref();
    conn.execute(
        "INSERT INTO games (id, variant, start_sfen, rules, time_control, creator,
            sente_token, gote_token, invite, created_ms, started_ms,
            engine_seat, engine_movetime_ms, engine_depth, sente_user, gote_user, rated)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)",
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
            started_ms.map(ms_to_sql),
            engine.map(|e| e.seat.name()),
            engine.and_then(|e| e.level.movetime_ms).map(ms_to_sql),
            engine.and_then(|e| e.level.depth),
            g.players[0],
            g.players[1],
            g.rated,
        ],
    )?;
    Ok(())
}

/// The engine's seat from its three columns (none without a seat).
pub(crate) fn engine_from_sql(
    seat: Option<String>,
    movetime_ms: Option<i64>,
    depth: Option<u32>,
) -> Result<Option<EngineSeat>, StoreError> {
    let Some(seat) = seat else {
        return Ok(None);
    };
    Ok(Some(EngineSeat {
        seat: color_from_name(&seat)?,
        level: EngineLevel {
            movetime_ms: movetime_ms.map(ms_from_sql),
            depth,
        },
    }))
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

pub(crate) fn ending_to_sql(ending: Ending) -> (&'static str, Option<&'static str>) {
    match ending {
        Ending::Board => ("board", None),
        Ending::Resignation(c) => ("resignation", Some(c.name())),
        Ending::TimeForfeit => ("time-forfeit", None),
        Ending::Declaration => ("declaration", None),
        Ending::Agreement => ("agreement", None),
        Ending::Aborted => ("aborted", None),
        Ending::Abandoned(c) => ("abandoned", Some(c.name())),
    }
}

pub(crate) fn ending_from_sql(kind: &str, color: Option<&str>) -> Result<Ending, StoreError> {
    Ok(match (kind, color) {
        ("board", _) => Ending::Board,
        ("resignation", Some(c)) => Ending::Resignation(color_from_name(c)?),
        ("time-forfeit", _) => Ending::TimeForfeit,
        ("declaration", _) => Ending::Declaration,
        ("agreement", _) => Ending::Agreement,
        ("aborted", _) => Ending::Aborted,
        ("abandoned", Some(c)) => Ending::Abandoned(color_from_name(c)?),
        (other, _) => return Err(StoreError::Damaged(format!("unknown ending '{other}'"))),
    })
}

impl Store for SqliteStore {
    fn create_game(&self, g: &NewGame, started_ms: Option<u64>) -> Result<(), StoreError> {
        insert_game(&self.conn(), g, started_ms)
    }

    fn create_rematch(&self, of: &str, g: &NewGame, started_ms: u64) -> Result<(), StoreError> {
        let conn = self.conn();
        let tx = conn.unchecked_transaction()?;
        insert_game(&tx, g, Some(started_ms))?;
        let changed = tx.execute(
            "UPDATE games SET rematch = ?2
             WHERE id = ?1 AND ending IS NOT NULL AND rematch IS NULL",
            params![of, g.id],
        )?;
        if changed != 1 {
            // Dropping the transaction rolls the new game back.
            return Err(StoreError::Conflict(format!(
                "game {of} is unknown, undecided or has a rematch already"
            )));
        }
        tx.commit()?;
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
                    (
                        row.get::<_, Option<String>>("engine_seat")?,
                        row.get::<_, Option<i64>>("engine_movetime_ms")?,
                        row.get::<_, Option<u32>>("engine_depth")?,
                    ),
                    row.get::<_, Option<String>>("rematch")?,
                    (
                        [row.get("sente_user")?, row.get("gote_user")?],
                        row.get::<_, bool>("rated")?,
                    ),
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
            (engine_seat, engine_movetime, engine_depth),
            rematch,
            (players, rated),
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
                engine: engine_from_sql(engine_seat, engine_movetime, engine_depth)?,
                players,
                rated,
            },
            started_ms: started.map(ms_from_sql),
            moves,
            outcome,
            rematch,
        }))
    }

    fn start_game(&self, id: &str, at_ms: u64, seat_token: &str) -> Result<(), StoreError> {
        // The invited player's seat is the one the creator does not hold.
        let changed = self.conn().execute(
            "UPDATE games SET started_ms = ?2,
                sente_token = CASE creator WHEN 'sente' THEN sente_token ELSE ?3 END,
                gote_token = CASE creator WHEN 'gote' THEN gote_token ELSE ?3 END
             WHERE id = ?1 AND started_ms IS NULL",
            params![id, ms_to_sql(at_ms), seat_token],
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

    fn take_back(&self, id: &str, keep: usize, shift_ms: u64) -> Result<(), StoreError> {
        let conn = self.conn();
        let tx = conn.unchecked_transaction()?;
        let undecided: Option<bool> = tx
            .query_row(
                "SELECT ending IS NULL FROM games WHERE id = ?1",
                params![id],
                |r| r.get(0),
            )
            .optional()?;
        if undecided != Some(true) {
            return Err(StoreError::Conflict(format!(
                "game {id} is unknown or already decided"
            )));
        }
        tx.execute(
            "DELETE FROM moves WHERE game_id = ?1 AND ply >= ?2",
            params![id, keep as i64],
        )?;
        let shift = ms_to_sql(shift_ms);
        tx.execute(
            "UPDATE moves SET at_ms = at_ms + ?2 WHERE game_id = ?1",
            params![id, shift],
        )?;
        tx.execute(
            "UPDATE games SET started_ms = started_ms + ?2 WHERE id = ?1",
            params![id, shift],
        )?;
        tx.commit()?;
        Ok(())
    }

    fn add_chat(&self, id: &str, line: &ChatLine, keep: usize) -> Result<(), StoreError> {
        let conn = self.conn();
        let tx = conn.unchecked_transaction()?;
        let (next, in_room): (i64, i64) = tx.query_row(
            "SELECT COALESCE(MAX(seq) + 1, 0), COUNT(CASE WHEN room = ?2 THEN 1 END)
             FROM chat WHERE game_id = ?1",
            params![id, line.room.name()],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?;
        if in_room >= keep as i64 {
            tx.execute(
                "DELETE FROM chat WHERE game_id = ?1 AND seq IN (SELECT seq FROM chat
                 WHERE game_id = ?1 AND room = ?2 ORDER BY seq LIMIT ?3)",
                params![id, line.room.name(), in_room + 1 - keep as i64],
            )?;
        }
        tx.execute(
            "INSERT INTO chat (game_id, seq, room, author, text, at_ms)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![
                id,
                next,
                line.room.name(),
                line.author,
                line.text,
                ms_to_sql(line.at_ms)
            ],
        )?;
        tx.commit()?;
        Ok(())
    }

    fn chat(&self, id: &str) -> Result<Vec<ChatLine>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare(
            "SELECT room, author, text, at_ms FROM chat WHERE game_id = ?1 ORDER BY seq",
        )?;
        let rows = stmt.query_map(params![id], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, i64>(3)?,
            ))
        })?;
        let mut lines = Vec::new();
        for row in rows {
            let (room, author, text, at) = row?;
            let room = match room.as_str() {
                "player" => Room::Players,
                "spectator" => Room::Spectators,
                other => {
                    return Err(StoreError::Damaged(format!(
                        "game {id}: unknown chat room '{other}'"
                    )));
                }
            };
            lines.push(ChatLine {
                room,
                author,
                text,
                at_ms: ms_from_sql(at),
            });
        }
        Ok(lines)
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
        list(&self.conn(), unfinished_only, None)
    }

    fn list_page(&self, page: Page) -> Result<Vec<GameSummary>, StoreError> {
        list(&self.conn(), false, Some(page))
    }
}

/// The games (only the undecided ones if `unfinished_only`), newest first: all of them, or
/// one page.
fn list(
    conn: &Connection,
    unfinished_only: bool,
    page: Option<Page>,
) -> Result<Vec<GameSummary>, StoreError> {
    // LIMIT -1: no limit.
    let (offset, limit) = page.map_or((0, -1), |p| {
        (
            i64::try_from(p.offset).unwrap_or(i64::MAX),
            i64::try_from(p.limit).unwrap_or(i64::MAX),
        )
    });
    let mut stmt = conn.prepare(
        "SELECT g.*, (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id) AS plies
         FROM games g WHERE (?1 = 0 OR g.ending IS NULL)
         ORDER BY g.created_ms DESC, g.rowid DESC
         LIMIT ?2 OFFSET ?3",
    )?;
    let rows = stmt.query_map(params![unfinished_only, limit, offset], |row| {
        Ok(GameSummary {
            id: row.get("id")?,
            setup: setup_from_row(row)?,
            created_ms: ms_from_sql(row.get("created_ms")?),
            started: row.get::<_, Option<i64>>("started_ms")?.is_some(),
            plies: usize::try_from(row.get::<_, i64>("plies")?).unwrap_or(0),
            result: row.get("result")?,
            rated: row.get("rated")?,
            players: [row.get("sente_user")?, row.get("gote_user")?],
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The behaviour every store shares is tested on this one and on PostgreSQL's by the
/// conformance suite (`tests/server/store_suite*.rs`); here what is SQLite's own.
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
