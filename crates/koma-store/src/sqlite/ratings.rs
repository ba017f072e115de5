//! Seats held by accounts, ratings per pool and their history in the SQLite store (schema
//! version 6).

use crate::ratings::{HistoryRow, RatedGame, RatingChange, RatingStore, shown};
use crate::sqlite::{SqliteStore, ms_from_sql, ms_to_sql};
use crate::{StoreError, color_from_name};
use koma_game::rating::Glicko;
use koma_rules::Color;
use rusqlite::{Connection, OptionalExtension, params};

/// The migration to version 6.
///
/// `games.sente_user` and `games.gote_user` name the account of each seat (NULL for a guest
/// or the engine), `games.rated` says whether the game counts for ratings. `ratings` holds
/// one Glicko-2 rating per account and pool (`shogi-blitz`), `latest_s` in Unix seconds as
/// `koma_game::rating::Glicko` keeps it. `rating_history` has one row per player of each rated
/// game, keyed by the game: the row is what makes rating a game idempotent, and the rows of
/// a player are the points of the profile's plot.
pub(crate) const MIGRATION: &str = "
ALTER TABLE games ADD COLUMN sente_user TEXT REFERENCES users(id);
ALTER TABLE games ADD COLUMN gote_user  TEXT REFERENCES users(id);
ALTER TABLE games ADD COLUMN rated      INTEGER NOT NULL DEFAULT 0;
CREATE TABLE ratings (
    user_id    TEXT NOT NULL REFERENCES users(id),
    pool       TEXT NOT NULL,
    rating     REAL NOT NULL,
    deviation  REAL NOT NULL,
    volatility REAL NOT NULL,
    games      INTEGER NOT NULL,
    latest_s   INTEGER,
    PRIMARY KEY (user_id, pool)
);
CREATE TABLE rating_history (
    game_id          TEXT NOT NULL REFERENCES games(id),
    user_id          TEXT NOT NULL REFERENCES users(id),
    seat             TEXT NOT NULL,
    pool             TEXT NOT NULL,
    at_ms            INTEGER NOT NULL,
    rating_before    REAL NOT NULL,
    deviation_before REAL NOT NULL,
    rating           REAL NOT NULL,
    deviation        REAL NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX rating_history_by_user ON rating_history(user_id, at_ms);
";

/// The stored rating of `user` in `pool`.
fn rating_in(conn: &Connection, user: &str, pool: &str) -> Result<Option<Glicko>, StoreError> {
    Ok(conn
        .query_row(
            "SELECT rating, deviation, volatility, games, latest_s FROM ratings
             WHERE user_id = ?1 AND pool = ?2",
            params![user, pool],
            |r| {
                Ok(Glicko {
                    rating: r.get(0)?,
                    deviation: r.get(1)?,
                    volatility: r.get(2)?,
                    games: r.get(3)?,
                    latest: r.get::<_, Option<i64>>(4)?.map(|s| s.max(0) as u64),
                })
            },
        )
        .optional()?)
}

/// The changes stored for game `id`, sente's first; empty if it was not rated.
fn changes_of(conn: &Connection, id: &str) -> Result<Vec<RatingChange>, StoreError> {
    let mut stmt = conn.prepare(
        "SELECT seat, user_id, rating_before, deviation_before, rating, deviation
         FROM rating_history WHERE game_id = ?1 ORDER BY seat DESC",
    )?;
    let rows = stmt.query_map(params![id], |r| {
        Ok((
            r.get::<_, String>(0)?,
            r.get::<_, String>(1)?,
            shown(r.get(2)?, r.get(3)?),
            shown(r.get(4)?, r.get(5)?),
        ))
    })?;
    let mut changes = Vec::new();
    for row in rows {
        let (seat, user, before, after) = row?;
        changes.push(RatingChange {
            seat: color_from_name(&seat)?,
            user,
            before,
            after,
        });
    }
    Ok(changes)
}

impl RatingStore for SqliteStore {
    fn seat_player(&self, id: &str, seat: Color, user: Option<&str>) -> Result<(), StoreError> {
        let column = match seat {
            Color::Black => "sente_user",
            Color::White => "gote_user",
        };
        let changed = self.conn().execute(
            &format!("UPDATE games SET {column} = ?2 WHERE id = ?1 AND started_ms IS NULL"),
            params![id, user],
        )?;
        if changed != 1 {
            return Err(StoreError::Conflict(format!(
                "game {id} is unknown or already started"
            )));
        }
        Ok(())
    }

    fn rate_game(&self, game: &RatedGame) -> Result<Vec<RatingChange>, StoreError> {
        let conn = self.conn();
        let tx = conn.unchecked_transaction()?;
        let done = changes_of(&tx, &game.id)?;
        if !done.is_empty() {
            return Ok(done);
        }
        let pool = game.pool.key();
        let before = [
            rating_in(&tx, &game.players[0], &pool)?.unwrap_or_default(),
            rating_in(&tx, &game.players[1], &pool)?.unwrap_or_default(),
        ];
        let mut changes = Vec::new();
        for (change, new) in crate::ratings::updates(game, &before)? {
            tx.execute(
                "INSERT INTO ratings (user_id, pool, rating, deviation, volatility, games, latest_s)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
                 ON CONFLICT (user_id, pool) DO UPDATE SET rating = ?3, deviation = ?4,
                    volatility = ?5, games = ?6, latest_s = ?7",
                params![
                    change.user,
                    pool,
                    new.rating,
                    new.deviation,
                    new.volatility,
                    new.games,
                    new.latest.map(|s| i64::try_from(s).unwrap_or(i64::MAX)),
                ],
            )?;
            tx.execute(
                "INSERT INTO rating_history (game_id, user_id, seat, pool, at_ms,
                    rating_before, deviation_before, rating, deviation)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                params![
                    game.id,
                    change.user,
                    change.seat.name(),
                    pool,
                    ms_to_sql(game.at_ms),
                    change.before.rating,
                    change.before.deviation,
                    change.after.rating,
                    change.after.deviation,
                ],
            )?;
            changes.push(change);
        }
        tx.commit()?;
        Ok(changes)
    }

    fn game_changes(&self, id: &str) -> Result<Vec<RatingChange>, StoreError> {
        changes_of(&self.conn(), id)
    }

    fn rating(&self, user: &str, pool: &str) -> Result<Option<Glicko>, StoreError> {
        rating_in(&self.conn(), user, pool)
    }

    fn ratings(&self, user: &str) -> Result<Vec<(String, Glicko)>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare("SELECT pool FROM ratings WHERE user_id = ?1 ORDER BY pool")?;
        let pools: Vec<String> = stmt
            .query_map(params![user], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        let mut out = Vec::new();
        for pool in pools {
            if let Some(g) = rating_in(&conn, user, &pool)? {
                out.push((pool, g));
            }
        }
        Ok(out)
    }

    fn rating_history(&self, user: &str) -> Result<Vec<HistoryRow>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare(
            "SELECT game_id, pool, at_ms, rating, deviation FROM rating_history
             WHERE user_id = ?1 ORDER BY at_ms, game_id",
        )?;
        let rows = stmt.query_map(params![user], |r| {
            Ok(HistoryRow {
                game_id: r.get(0)?,
                pool: r.get(1)?,
                at_ms: ms_from_sql(r.get(2)?),
                rating: r.get(3)?,
                deviation: r.get(4)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    fn unrated_games(&self) -> Result<Vec<String>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare(
            "SELECT g.id FROM games g WHERE g.rated = 1 AND g.ending IS NOT NULL
               AND g.ending <> 'aborted'
               AND NOT EXISTS (SELECT 1 FROM rating_history h WHERE h.game_id = g.id)
             ORDER BY g.ended_ms, g.id",
        )?;
        let ids = stmt.query_map([], |r| r.get(0))?;
        Ok(ids.collect::<Result<_, _>>()?)
    }
}
