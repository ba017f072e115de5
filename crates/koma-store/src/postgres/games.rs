//! Games, their moves and chat in the PostgreSQL store.

use crate::postgres::leases::CHANNEL;
use crate::postgres::{PgStore, refused, to_sql, to_usize, unstorable};
use crate::sqlite::{
    ending_from_sql, ending_to_sql, engine_from_sql, ms_from_sql as ms_from, ms_to_sql as ms_to,
};
use crate::{
    ChatLine, GameSetup, GameSummary, NewGame, Note, Page, Room, Store, StoreError, StoredGame,
    StoredMove, StoredOutcome, color_from_name,
};
use postgres::{GenericClient, IsolationLevel, Row};

/// The tables of games (version 1). `seq` numbers games in the order they were stored: the
/// newest-first lists break ties of `created_ms` with it, as SQLite's with its rowid. A move
/// is keyed by its game and number, so the same move is never stored twice.
pub(crate) const TABLES: &str = "
CREATE TABLE games (
    seq                BIGSERIAL NOT NULL UNIQUE,
    id                 TEXT PRIMARY KEY,
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
    rated              BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE INDEX games_newest ON games(created_ms DESC, seq DESC);
CREATE TABLE moves (
    game_id TEXT NOT NULL REFERENCES games(id),
    ply     BIGINT NOT NULL,
    usi     TEXT NOT NULL,
    at_ms   BIGINT NOT NULL,
    PRIMARY KEY (game_id, ply)
);
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

/// Inserts a new game (started at `started_ms`, if given), its first lease held by `owner`.
fn insert_game(
    c: &mut impl GenericClient,
    g: &NewGame,
    started_ms: Option<u64>,
    owner: &str,
) -> Result<(), StoreError> {
    let engine = g.engine.as_ref();
    c.execute(
        "INSERT INTO games (id, variant, start_sfen, rules, time_control, creator,
            sente_token, gote_token, invite, created_ms, started_ms,
            engine_seat, engine_movetime_ms, engine_depth, sente_user, gote_user, rated,
            owner, epoch)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17,
            $18, 1)",
        &[
            &g.id,
            &g.setup.variant,
            &g.setup.start_sfen,
            &g.setup.rules,
            &g.setup.time_control,
            &g.creator.name(),
            &g.seat_tokens[0],
            &g.seat_tokens[1],
            &g.invite,
            &ms_to(g.created_ms),
            &started_ms.map(ms_to),
            &engine.map(|e| e.seat.name()),
            &engine.and_then(|e| e.level.movetime_ms).map(ms_to),
            &engine.and_then(|e| e.level.depth).map(i64::from),
            &g.players[0],
            &g.players[1],
            &g.rated,
            &owner,
        ],
    )
    .map_err(|e| refused(e, || format!("game {}", g.id)))?;
    Ok(())
}

/// The setup columns of a `games` row.
fn setup_from_row(row: &Row) -> Result<GameSetup, StoreError> {
    Ok(GameSetup {
        variant: row.try_get("variant")?,
        start_sfen: row.try_get("start_sfen")?,
        rules: row.try_get("rules")?,
        time_control: row.try_get("time_control")?,
    })
}

/// The game `id` from a `games` row and its moves.
fn game_from_row(id: &str, row: &Row, moves: Vec<StoredMove>) -> Result<StoredGame, StoreError> {
    let ending: Option<String> = row.try_get("ending")?;
    let color: Option<String> = row.try_get("ending_color")?;
    let ended: Option<i64> = row.try_get("ended_ms")?;
    let result: Option<String> = row.try_get("result")?;
    let outcome = match (ending, ended, result) {
        (Some(kind), Some(at), Some(result)) => Some(StoredOutcome {
            ending: ending_from_sql(&kind, color.as_deref())?,
            at_ms: ms_from(at),
            result,
        }),
        _ => None,
    };
    let depth = row
        .try_get::<_, Option<i64>>("engine_depth")?
        .map(|d| u32::try_from(d).map_err(|_| StoreError::Damaged(format!("game {id}: depth {d}"))))
        .transpose()?;
    let creator: String = row.try_get("creator")?;
    Ok(StoredGame {
        game: NewGame {
            id: id.to_string(),
            setup: setup_from_row(row)?,
            seat_tokens: [row.try_get("sente_token")?, row.try_get("gote_token")?],
            invite: row.try_get("invite")?,
            creator: color_from_name(&creator)?,
            created_ms: ms_from(row.try_get("created_ms")?),
            engine: engine_from_sql(
                row.try_get("engine_seat")?,
                row.try_get("engine_movetime_ms")?,
                depth,
            )?,
            players: [row.try_get("sente_user")?, row.try_get("gote_user")?],
            rated: row.try_get("rated")?,
        },
        started_ms: row.try_get::<_, Option<i64>>("started_ms")?.map(ms_from),
        moves,
        outcome,
        rematch: row.try_get("rematch")?,
    })
}

impl Store for PgStore {
    fn create_game(&self, g: &NewGame, started_ms: Option<u64>) -> Result<(), StoreError> {
        insert_game(&mut **self.conn()?, g, started_ms, &self.instance)?;
        self.leases.hold(&g.id, 1);
        Ok(())
    }

    fn create_rematch(&self, of: &str, g: &NewGame, started_ms: u64) -> Result<(), StoreError> {
        let mut conn = self.conn()?;
        let mut tx = conn.transaction()?;
        insert_game(&mut tx, g, Some(started_ms), &self.instance)?;
        let changed = tx.execute(
            "UPDATE games SET rematch = $2
             WHERE id = $1 AND ending IS NOT NULL AND rematch IS NULL",
            &[&of, &g.id],
        )?;
        if changed != 1 {
            // Dropping the transaction rolls the new game back.
            return Err(StoreError::Conflict(format!(
                "game {of} is unknown, undecided or has a rematch already"
            )));
        }
        tx.execute(
            "SELECT pg_notify($1, 'g ' || $2 || ' ' || $3)",
            &[&CHANNEL, &of, &self.instance],
        )?;
        tx.commit()?;
        self.leases.hold(&g.id, 1);
        Ok(())
    }

    fn load_game(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        if unstorable(id) {
            return Ok(None);
        }
        let mut conn = self.conn()?;
        // The game and its moves as of one moment.
        let mut tx = conn
            .build_transaction()
            .isolation_level(IsolationLevel::RepeatableRead)
            .read_only(true)
            .start()?;
        let Some(row) = tx.query_opt("SELECT * FROM games WHERE id = $1", &[&id])? else {
            return Ok(None);
        };
        let mut moves = Vec::new();
        for m in tx.query(
            "SELECT ply, usi, at_ms FROM moves WHERE game_id = $1 ORDER BY ply",
            &[&id],
        )? {
            let ply: i64 = m.try_get(0)?;
            if ply != to_sql(moves.len()) {
                return Err(StoreError::Damaged(format!(
                    "game {id}: move {ply} out of order"
                )));
            }
            moves.push(StoredMove {
                usi: m.try_get(1)?,
                at_ms: ms_from(m.try_get(2)?),
            });
        }
        tx.commit()?;
        game_from_row(id, &row, moves).map(Some)
    }

    fn start_game(&self, id: &str, at_ms: u64, seat_token: &str) -> Result<(), StoreError> {
        // The invited player's seat is the one the creator does not hold.
        let changed = self.fenced(
            id,
            "UPDATE games SET started_ms = $4,
                sente_token = CASE creator WHEN 'sente' THEN sente_token ELSE $5 END,
                gote_token = CASE creator WHEN 'gote' THEN gote_token ELSE $5 END
             WHERE id = $1 AND owner = $2 AND epoch = $3 AND started_ms IS NULL
             RETURNING id",
            &[&ms_to(at_ms), &seat_token],
        )?;
        if changed != 1 {
            return Err(StoreError::Conflict(format!(
                "game {id} is unknown or already started"
            )));
        }
        Ok(())
    }

    fn append_move(&self, id: &str, ply: usize, m: &StoredMove) -> Result<(), StoreError> {
        // Stored only if it is the next move: none from it on, the one before it there (the
        // moves are numbered from 0 without a gap, so this is "as many moves as `ply`",
        // read from the key instead of counted). Two writers of the same move meet the key.
        // Under the lease held: its row is locked meanwhile, so a server taking the lease
        // waits for this move and reads it.
        let changed = self
            .fenced(
                id,
                "INSERT INTO moves (game_id, ply, usi, at_ms)
                 SELECT $1::TEXT, $4::BIGINT, $5::TEXT, $6::BIGINT
                 WHERE EXISTS (SELECT 1 FROM games
                        WHERE id = $1 AND owner = $2 AND epoch = $3 FOR SHARE)
                   AND NOT EXISTS (SELECT 1 FROM moves WHERE game_id = $1 AND ply >= $4)
                   AND ($4 = 0 OR EXISTS
                        (SELECT 1 FROM moves WHERE game_id = $1 AND ply = $4 - 1))
                 RETURNING game_id",
                &[&to_sql(ply), &m.usi, &ms_to(m.at_ms)],
            )
            .map_err(|e| match e {
                StoreError::Postgres(e) => refused(e, || format!("game {id}: move {ply}")),
                e => e,
            })?;
        if changed != 1 {
            return Err(StoreError::Conflict(format!(
                "game {id}: move {ply} is not the next one"
            )));
        }
        Ok(())
    }

    fn set_outcome(&self, id: &str, outcome: &StoredOutcome) -> Result<(), StoreError> {
        let (kind, color) = ending_to_sql(outcome.ending);
        let changed = self.fenced(
            id,
            "UPDATE games SET ending = $4, ending_color = $5, ended_ms = $6, result = $7
             WHERE id = $1 AND owner = $2 AND epoch = $3 AND ending IS NULL RETURNING id",
            &[&kind, &color, &ms_to(outcome.at_ms), &outcome.result],
        )?;
        if changed != 1 {
            return Err(StoreError::Conflict(format!(
                "game {id} is unknown or already decided"
            )));
        }
        Ok(())
    }

    fn take_back(&self, id: &str, keep: usize, shift_ms: u64) -> Result<(), StoreError> {
        let epoch = self.leases.fence(id)?;
        let mut conn = self.conn()?;
        let mut tx = conn.transaction()?;
        // The game's row locked: no move or ending is written to it meanwhile.
        let undecided: Option<bool> = tx
            .query_opt(
                "SELECT ending IS NULL FROM games
                 WHERE id = $1 AND owner = $2 AND epoch = $3 FOR UPDATE",
                &[&id, &self.instance, &epoch],
            )?
            .map(|r| r.try_get(0))
            .transpose()?;
        if undecided != Some(true) {
            return Err(StoreError::Conflict(format!(
                "game {id} is unknown or already decided"
            )));
        }
        let shift = ms_to(shift_ms);
        tx.execute(
            "DELETE FROM moves WHERE game_id = $1 AND ply >= $2",
            &[&id, &to_sql(keep)],
        )?;
        tx.execute(
            "UPDATE moves SET at_ms = at_ms + $2 WHERE game_id = $1",
            &[&id, &shift],
        )?;
        tx.execute(
            "UPDATE games SET started_ms = started_ms + $2 WHERE id = $1",
            &[&id, &shift],
        )?;
        tx.execute(
            "SELECT pg_notify($1, 'g ' || $2 || ' ' || $3)",
            &[&CHANNEL, &id, &self.instance],
        )?;
        tx.commit()?;
        Ok(())
    }

    fn add_chat(&self, id: &str, line: &ChatLine, keep: usize) -> Result<(), StoreError> {
        let mut conn = self.conn()?;
        let mut tx = conn.transaction()?;
        // One writer of the game's chat at a time: the next line's number is read here.
        tx.execute("SELECT 1 FROM games WHERE id = $1 FOR UPDATE", &[&id])?;
        let row = tx.query_one(
            "SELECT COALESCE(MAX(seq) + 1, 0), COUNT(CASE WHEN room = $2 THEN 1 END)
             FROM chat WHERE game_id = $1",
            &[&id, &line.room.name()],
        )?;
        let (next, in_room): (i64, i64) = (row.try_get(0)?, row.try_get(1)?);
        if in_room >= to_sql(keep) {
            tx.execute(
                "DELETE FROM chat WHERE game_id = $1 AND seq IN (SELECT seq FROM chat
                 WHERE game_id = $1 AND room = $2 ORDER BY seq LIMIT $3)",
                &[&id, &line.room.name(), &(in_room + 1 - to_sql(keep))],
            )?;
        }
        tx.execute(
            "INSERT INTO chat (game_id, seq, room, author, text, at_ms)
             VALUES ($1, $2, $3, $4, $5, $6)",
            &[
                &id,
                &next,
                &line.room.name(),
                &line.author,
                &line.text,
                &ms_to(line.at_ms),
            ],
        )
        .map_err(|e| refused(e, || format!("game {id}: chat")))?;
        tx.commit()?;
        Ok(())
    }

    fn chat(&self, id: &str) -> Result<Vec<ChatLine>, StoreError> {
        if unstorable(id) {
            return Ok(Vec::new());
        }
        let rows = self.conn()?.query(
            "SELECT room, author, text, at_ms FROM chat WHERE game_id = $1 ORDER BY seq",
            &[&id],
        )?;
        let mut lines = Vec::new();
        for r in rows {
            let room: String = r.try_get(0)?;
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
                author: r.try_get(1)?,
                text: r.try_get(2)?,
                at_ms: ms_from(r.try_get(3)?),
            });
        }
        Ok(lines)
    }

    fn list_games(&self, unfinished_only: bool) -> Result<Vec<GameSummary>, StoreError> {
        list(self, unfinished_only, None)
    }

    fn list_page(&self, page: Page) -> Result<Vec<GameSummary>, StoreError> {
        list(self, false, Some(page))
    }

    fn claim(&self, id: &str) -> Result<(), StoreError> {
        self.claim_lease(id)
    }

    fn holds(&self, id: &str) -> bool {
        self.leases.holds(id)
    }

    fn shared(&self) -> bool {
        true
    }

    fn confirm(&self, id: &str) -> Result<bool, StoreError> {
        self.confirm_lease(id)
    }

    fn disown(&self, id: &str, epoch: Option<i64>) {
        self.leases.disown(id, epoch);
    }

    fn heartbeat(&self) -> Result<Vec<String>, StoreError> {
        self.take_orphans()
    }

    fn unfinished_to_hold(&self) -> Result<Vec<String>, StoreError> {
        // Alive at once; the others' games are taken later, once the heartbeat has gone
        // well for a while.
        self.beat_now()?;
        Ok(Vec::new())
    }

    fn announce(
        &self,
        id: &str,
        finished: bool,
        players: &[Option<String>; 2],
    ) -> Result<(), StoreError> {
        self.announce_game(id, finished, players)
    }

    fn release_all(&self) -> Result<(), StoreError> {
        self.release_leases()
    }

    fn notes(&self) -> Option<tokio::sync::mpsc::UnboundedReceiver<Note>> {
        Some(self.listen())
    }
}

impl PgStore {
    /// Runs `sql`, a write of the game `id` that returns a row for each row it changed,
    /// under the lease this server holds (`$1` the game, `$2` this server, `$3` the lease's
    /// number; `params` from `$4` on), and announces the change; how many rows it changed.
    /// Refused if the lease was taken by another server since.
    fn fenced(
        &self,
        id: &str,
        sql: &str,
        params: &[&(dyn postgres::types::ToSql + Sync)],
    ) -> Result<usize, StoreError> {
        let epoch = self.leases.fence(id)?;
        let mut all: Vec<&(dyn postgres::types::ToSql + Sync)> = vec![&id, &self.instance, &epoch];
        all.extend_from_slice(params);
        let channel = format!("${}", all.len() + 1);
        all.push(&CHANNEL);
        let mut conn = self.conn()?;
        let rows = conn.query(
            &format!(
                "WITH changed AS ({sql})
                 SELECT pg_notify({channel}, 'g ' || $1 || ' ' || $2) FROM changed"
            ),
            &all,
        )?;
        if rows.is_empty() {
            // Nothing changed: the lease may have gone, or the write did not fit.
            let owner = conn.query_opt("SELECT owner, epoch FROM games WHERE id = $1", &[&id])?;
            if let Some(row) = owner {
                let (owner, epoch_now): (Option<String>, i64) = (row.try_get(0)?, row.try_get(1)?);
                if owner.as_deref() != Some(self.instance.as_str()) || epoch_now != epoch {
                    self.leases.disown(id, None);
                    return Err(StoreError::NotOwner(id.to_string()));
                }
            }
        }
        Ok(rows.len())
    }
}

/// The games (only the undecided ones if `unfinished_only`), newest first: all of them, or
/// one page.
fn list(
    store: &PgStore,
    unfinished_only: bool,
    page: Option<Page>,
) -> Result<Vec<GameSummary>, StoreError> {
    // LIMIT NULL: no limit.
    let offset = page.map_or(0, |p| to_sql(p.offset));
    let limit = page.map(|p| to_sql(p.limit));
    let rows = store.conn()?.query(
        "SELECT g.*, (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id) AS plies
         FROM games g WHERE (NOT $1 OR g.ending IS NULL)
         ORDER BY g.created_ms DESC, g.seq DESC
         LIMIT $2 OFFSET $3",
        &[&unfinished_only, &limit, &offset],
    )?;
    rows.iter()
        .map(|row| {
            Ok(GameSummary {
                id: row.try_get("id")?,
                setup: setup_from_row(row)?,
                created_ms: ms_from(row.try_get("created_ms")?),
                started: row.try_get::<_, Option<i64>>("started_ms")?.is_some(),
                plies: to_usize(row.try_get("plies")?),
                result: row.try_get("result")?,
                rated: row.try_get("rated")?,
                players: [row.try_get("sente_user")?, row.try_get("gote_user")?],
            })
        })
        .collect()
}
