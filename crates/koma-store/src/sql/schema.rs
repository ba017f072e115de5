//! The schema, written once for both databases, and its one history of versions.
//!
//! A new database is made at [`VERSION`] from the tables' texts; a database a version of
//! koma made before the schema was one (SQLite up to 10, PostgreSQL up to 4) is first
//! brought to [`ONE`] by the steps its own history needs ([`Legacy`]), then follows
//! [`UPGRADES`] like any other. A database of an unknown (newer) version is refused
//! untouched. The version is kept in the `meta` table.

use crate::StoreError;
use crate::sql::Numbered;
use crate::sql::{Backend, Db};
use sea_query::raw_sql;

/// The first version both databases share.
pub(crate) const ONE: u32 = 11;

/// The version this code writes.
pub const VERSION: u32 = ONE + UPGRADES.len() as u32;

/// The steps from [`ONE`] on: `UPGRADES[i]` takes a database from `ONE + i` to `ONE + i + 1`.
/// A database's own steps ([`Backend::OWN_UPGRADES`]) run with the step to their version.
const UPGRADES: [&[&str]; 7] = [
    // 12: the lobby (seeks, quick pairings, notices), shared by every server.
    &[crate::sql::lobby::TABLES],
    // 13: an arena's berserk in the game's row, so that its clock is rebuilt with it.
    &[crate::sql::games::BERSERK],
    // 14: PostgreSQL's own: where each seat is connected, for every server.
    &[],
    // 15: the engine's searches of positions, shared by every user.
    &[crate::sql::analysis::TABLES],
    // 16: the kansōsen rooms, kept with their variations and marks.
    &[crate::sql::rooms::TABLES],
    // 17: the studies: analyses kept under a name, in chapters, with their members.
    &[crate::sql::studies::TABLES],
    // 18: each account's preferences for the page (language, board, sounds).
    &[crate::sql::accounts::PREFERENCES],
];

/// The table that keeps the version.
const META: &str = "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)";

/// The tables of games and their moves, created after the accounts (their seats refer to
/// them). `$SEQ` numbers games in the order stored, to break ties of `created_ms` (see
/// [`SEQ`]); `owner` and `epoch` are the lease a server writes a game under where several
/// share the database (SQLite's games have none). A move is keyed by its game and number,
/// so the same move is never stored twice.
pub(crate) const GAMES: &str = "
CREATE TABLE games (
    id                 TEXT PRIMARY KEY,
    $SEQ
    variant            TEXT NOT NULL,
    start_sfen         TEXT NOT NULL,
    rules              TEXT NOT NULL,
    time_control       TEXT,
    creator            TEXT NOT NULL,
    sente_token        TEXT NOT NULL,
    gote_token         TEXT NOT NULL,
    invite             TEXT NOT NULL,
    created_ms         BIGINT NOT NULL,
    started_ms         BIGINT,
    ending             TEXT,
    ending_color       TEXT,
    ended_ms           BIGINT,
    result             TEXT,
    engine_seat        TEXT,
    engine_movetime_ms BIGINT,
    engine_depth       BIGINT,
    rematch            TEXT,
    sente_user         TEXT REFERENCES users(id),
    gote_user          TEXT REFERENCES users(id),
    rated              BOOLEAN NOT NULL DEFAULT FALSE,
    owner              TEXT,
    epoch              BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX games_newest ON games(created_ms DESC$BY_SEQ);
CREATE INDEX games_owned ON games(owner) WHERE ending IS NULL;
CREATE TABLE moves (
    game_id TEXT NOT NULL REFERENCES games(id),
    ply     BIGINT NOT NULL,
    usi     TEXT NOT NULL,
    at_ms   BIGINT NOT NULL,
    PRIMARY KEY (game_id, ply)
);
";

/// The chat of each game (SQLite's schema 4).
pub(crate) const CHAT: &str = "
CREATE TABLE chat (
    game_id TEXT NOT NULL REFERENCES games(id),
    seq     BIGINT NOT NULL,
    room    TEXT NOT NULL,
    author  TEXT NOT NULL,
    text    TEXT NOT NULL,
    at_ms   BIGINT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
";

/// Every table of a new database, in an order in which each refers only to tables before.
const TABLES: [&str; 13] = [
    crate::sql::accounts::TABLES,
    GAMES,
    crate::sql::games::BERSERK,
    CHAT,
    crate::sql::ratings::TABLES,
    crate::sql::profiles::INDEXES,
    crate::sql::challenges::TABLES,
    crate::sql::tournaments::TABLES,
    crate::sql::lobby::TABLES,
    crate::sql::analysis::TABLES,
    crate::sql::rooms::TABLES,
    crate::sql::studies::TABLES,
    crate::sql::accounts::PREFERENCES,
];

/// Where a table's text says `$SEQ`, the column that numbers its rows in the order they
/// were stored goes, and where an index says `$BY_SEQ`, that column as its last key
/// ([`Backend::SEQ`]): PostgreSQL needs one; SQLite numbers every row already (its
/// `rowid`, which every index ends with) and puts nothing there.
pub(crate) const SEQ: &str = "$SEQ";

/// The schema text `sql` for the database of `B`.
pub(crate) fn text<B: Backend>(sql: &str) -> String {
    sql.replace(SEQ, B::SEQ).replace("$BY_SEQ", B::BY_SEQ)
}

/// One step of a database's history before [`ONE`].
pub(crate) enum Step {
    /// Statement batches (schema texts: `$SEQ` is filled in).
    Sql(&'static [&'static str]),
    /// Code, for what SQL cannot do (SQLite has no SHA-256).
    Code(fn(&mut dyn Db) -> Result<(), StoreError>),
}

/// A database's steps before [`ONE`]: from the version named to the next one named, or to
/// [`ONE`] after the last.
pub(crate) type Legacy = [(u32, Step)];

/// Brings the database of `db` (inside a transaction) to [`VERSION`]: `legacy` are its own
/// steps before [`ONE`]. Whether anything was done.
pub(crate) fn migrate<B: Backend>(db: &mut dyn Db, legacy: &Legacy) -> Result<bool, StoreError> {
    db.batch(META)?;
    let found = db
        .row(raw_sql!(
            seaql::Numbered::query,
            "SELECT value FROM meta WHERE key = 'schema_version'"
        ))?
        .map(|r| r.text(0))
        .transpose()?;
    let refused = |found: String| StoreError::SchemaVersion {
        found,
        known: VERSION,
    };
    let mut version = match found {
        None => 0,
        Some(found) => found
            .parse::<u32>()
            .ok()
            .filter(|v| (1..=VERSION).contains(v))
            .ok_or_else(|| refused(found))?,
    };
    if version == VERSION {
        return Ok(false);
    }
    if version == 0 {
        for sql in TABLES.iter().chain(B::OWN_TABLES) {
            db.batch(&text::<B>(sql))?;
        }
        version = VERSION;
    }
    // The steps of its own history, from where it is.
    for (i, (from, step)) in legacy.iter().enumerate() {
        if version != *from {
            continue;
        }
        match step {
            Step::Sql(batches) => {
                for sql in *batches {
                    db.batch(&text::<B>(sql))?;
                }
            }
            Step::Code(run) => run(db)?,
        }
        version = legacy.get(i + 1).map_or(ONE, |(next, _)| *next);
    }
    if !(ONE..=VERSION).contains(&version) {
        return Err(refused(version.to_string()));
    }
    for (i, step) in UPGRADES.iter().enumerate().skip((version - ONE) as usize) {
        let to = ONE + i as u32 + 1;
        let own = B::OWN_UPGRADES.iter().filter(|(v, _)| *v == to);
        for sql in step.iter().chain(own.map(|(_, sql)| sql)) {
            db.batch(&text::<B>(sql))?;
        }
    }
    let version = VERSION.to_string();
    db.execute(raw_sql!(
        seaql::Numbered::query,
        "INSERT INTO meta (key, value) VALUES ('schema_version', {version})
         ON CONFLICT (key) DO UPDATE SET value = excluded.value"
    ))?;
    Ok(true)
}
