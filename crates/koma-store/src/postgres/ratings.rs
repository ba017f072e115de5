//! Seats held by accounts, ratings per pool and their history in the PostgreSQL store.

use crate::postgres::{PgStore, unstorable};
use crate::ratings::shown;
use crate::ratings::{HistoryRow, RatedGame, RatingChange, RatingStore};
use crate::sqlite::{ms_from_sql as ms_from, ms_to_sql as ms_to};
use crate::{StoreError, color_from_name};
use koma_game::rating::Glicko;
use koma_rules::Color;
use postgres::GenericClient;

/// The tables of ratings (version 1), as SQLite's: one Glicko-2 rating per account and pool,
/// and one history row per player of each rated game, keyed by the game (what makes rating
/// a game idempotent).
pub(crate) const TABLES: &str = "
CREATE TABLE ratings (
    user_id    TEXT NOT NULL REFERENCES users(id),
    pool       TEXT NOT NULL,
    rating     DOUBLE PRECISION NOT NULL,
    deviation  DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games      BIGINT NOT NULL,
    latest_s   BIGINT,
    PRIMARY KEY (user_id, pool)
);
CREATE TABLE rating_history (
    game_id          TEXT NOT NULL REFERENCES games(id),
    user_id          TEXT NOT NULL REFERENCES users(id),
    seat             TEXT NOT NULL,
    pool             TEXT NOT NULL,
    at_ms            BIGINT NOT NULL,
    rating_before    DOUBLE PRECISION NOT NULL,
    deviation_before DOUBLE PRECISION NOT NULL,
    rating           DOUBLE PRECISION NOT NULL,
    deviation        DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX rating_history_by_user ON rating_history(user_id, at_ms);
";

/// The stored rating of `user` in `pool`.
fn rating_in(
    c: &mut impl GenericClient,
    user: &str,
    pool: &str,
) -> Result<Option<Glicko>, StoreError> {
    let Some(r) = c.query_opt(
        "SELECT rating, deviation, volatility, games, latest_s FROM ratings
         WHERE user_id = $1 AND pool = $2",
        &[&user, &pool],
    )?
    else {
        return Ok(None);
    };
    Ok(Some(Glicko {
        rating: r.try_get(0)?,
        deviation: r.try_get(1)?,
        volatility: r.try_get(2)?,
        games: u32::try_from(r.try_get::<_, i64>(3)?).unwrap_or(u32::MAX),
        latest: r.try_get::<_, Option<i64>>(4)?.map(|s| s.max(0) as u64),
    }))
}

/// The changes stored for game `id`, sente's first; empty if it was not rated.
fn changes_of(c: &mut impl GenericClient, id: &str) -> Result<Vec<RatingChange>, StoreError> {
    let rows = c.query(
        "SELECT seat, user_id, rating_before, deviation_before, rating, deviation
         FROM rating_history WHERE game_id = $1 ORDER BY seat = 'gote'",
        &[&id],
    )?;
    rows.iter()
        .map(|r| {
            let seat: String = r.try_get(0)?;
            Ok(RatingChange {
                seat: color_from_name(&seat)?,
                user: r.try_get(1)?,
                before: shown(r.try_get(2)?, r.try_get(3)?),
                after: shown(r.try_get(4)?, r.try_get(5)?),
            })
        })
        .collect()
}

impl RatingStore for PgStore {
    fn seat_player(&self, id: &str, seat: Color, user: Option<&str>) -> Result<(), StoreError> {
        let column = match seat {
            Color::Black => "sente_user",
            Color::White => "gote_user",
        };
        let changed = self
            .conn()?
            .execute(
                &format!("UPDATE games SET {column} = $2 WHERE id = $1 AND started_ms IS NULL"),
                &[&id, &user],
            )
            .map_err(|e| crate::postgres::refused(e, || format!("game {id}: seat")))?;
        if changed != 1 {
            return Err(StoreError::Conflict(format!(
                "game {id} is unknown or already started"
            )));
        }
        Ok(())
    }

    fn rate_game(&self, game: &RatedGame) -> Result<Vec<RatingChange>, StoreError> {
        let mut conn = self.conn()?;
        let mut tx = conn.transaction()?;
        // Both accounts locked, in one order: another process rating this game (or another
        // game of theirs) waits, then reads what this one wrote.
        tx.execute(
            "SELECT 1 FROM users WHERE id = $1 OR id = $2 ORDER BY id FOR UPDATE",
            &[&game.players[0], &game.players[1]],
        )?;
        let done = changes_of(&mut tx, &game.id)?;
        if !done.is_empty() {
            return Ok(done);
        }
        let pool = game.pool.key();
        let before = [
            rating_in(&mut tx, &game.players[0], &pool)?.unwrap_or_default(),
            rating_in(&mut tx, &game.players[1], &pool)?.unwrap_or_default(),
        ];
        let mut changes = Vec::new();
        for (change, new) in crate::ratings::updates(game, &before)? {
            tx.execute(
                "INSERT INTO ratings (user_id, pool, rating, deviation, volatility, games, latest_s)
                 VALUES ($1, $2, $3, $4, $5, $6, $7)
                 ON CONFLICT (user_id, pool) DO UPDATE SET rating = $3, deviation = $4,
                    volatility = $5, games = $6, latest_s = $7",
                &[
                    &change.user,
                    &pool,
                    &new.rating,
                    &new.deviation,
                    &new.volatility,
                    &i64::from(new.games),
                    &new.latest.map(|s| i64::try_from(s).unwrap_or(i64::MAX)),
                ],
            )?;
            tx.execute(
                "INSERT INTO rating_history (game_id, user_id, seat, pool, at_ms,
                    rating_before, deviation_before, rating, deviation)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
                &[
                    &game.id,
                    &change.user,
                    &change.seat.name(),
                    &pool,
                    &ms_to(game.at_ms),
                    &change.before.rating,
                    &change.before.deviation,
                    &change.after.rating,
                    &change.after.deviation,
                ],
            )?;
            changes.push(change);
        }
        tx.commit()?;
        Ok(changes)
    }

    fn game_changes(&self, id: &str) -> Result<Vec<RatingChange>, StoreError> {
        if unstorable(id) {
            return Ok(Vec::new());
        }
        changes_of(&mut **self.conn()?, id)
    }

    fn rating(&self, user: &str, pool: &str) -> Result<Option<Glicko>, StoreError> {
        if unstorable(user) || unstorable(pool) {
            return Ok(None);
        }
        rating_in(&mut **self.conn()?, user, pool)
    }

    fn ratings(&self, user: &str) -> Result<Vec<(String, Glicko)>, StoreError> {
        if unstorable(user) {
            return Ok(Vec::new());
        }
        let mut conn = self.conn()?;
        let pools: Vec<String> = conn
            .query(
                "SELECT pool FROM ratings WHERE user_id = $1 ORDER BY pool COLLATE \"C\"",
                &[&user],
            )?
            .iter()
            .map(|r| r.try_get(0))
            .collect::<Result<_, _>>()?;
        let mut out = Vec::new();
        for pool in pools {
            if let Some(g) = rating_in(&mut **conn, user, &pool)? {
                out.push((pool, g));
            }
        }
        Ok(out)
    }

    fn rating_history(&self, user: &str) -> Result<Vec<HistoryRow>, StoreError> {
        if unstorable(user) {
            return Ok(Vec::new());
        }
        let rows = self.conn()?.query(
            "SELECT game_id, pool, at_ms, rating, deviation FROM rating_history
             WHERE user_id = $1 ORDER BY at_ms, game_id COLLATE \"C\"",
            &[&user],
        )?;
        rows.iter()
            .map(|r| {
                Ok(HistoryRow {
                    game_id: r.try_get(0)?,
                    pool: r.try_get(1)?,
                    at_ms: ms_from(r.try_get(2)?),
                    rating: r.try_get(3)?,
                    deviation: r.try_get(4)?,
                })
            })
            .collect()
    }

    fn unrated_games(&self) -> Result<Vec<String>, StoreError> {
        let rows = self.conn()?.query(
            "SELECT g.id FROM games g WHERE g.rated AND g.ending IS NOT NULL
               AND g.ending <> 'aborted'
               AND NOT EXISTS (SELECT 1 FROM rating_history h WHERE h.game_id = g.id)
             ORDER BY g.ended_ms, g.id COLLATE \"C\"",
            &[],
        )?;
        Ok(rows
            .iter()
            .map(|r| r.try_get(0))
            .collect::<Result<_, _>>()?)
    }
}
