//! Seats held by accounts, ratings per pool and their history, written once for both
//! databases.

use crate::Refusal;
use crate::ratings::{HistoryRow, RatedGame, RatingChange, RatingStore, shown};
use crate::sql::{Backend, Db, Numbered, ms_to_sql, render, unstorable};
use crate::{GameId, UserId};
use crate::{StoreError, color_from_name};
use koma_game::rating::Glicko;
use koma_rules::Color;
use sea_query::{Expr, ExprTrait, Iden, raw_sql};

/// The tables of ratings (SQLite's schema 6, PostgreSQL's 1; SQLite reads DOUBLE
/// PRECISION as its REAL): one Glicko-2 rating per account and pool (`shogi-blitz`),
/// `latest_s` in Unix seconds as `koma_game::rating::Glicko` keeps it, and one history row
/// per player of each rated game, keyed by the game: the row is what makes rating a game
/// idempotent, and the rows of a player are the points of the profile's plot.
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

/// The columns of `games` a seat names.
#[derive(Iden)]
enum Games {
    Table,
    Id,
    StartedMs,
    SenteUser,
    GoteUser,
}

/// The stored rating of `user` in `pool`.
fn rating_in(db: &mut dyn Db, user: &str, pool: &str) -> Result<Option<Glicko>, StoreError> {
    let Some(r) = db.row(raw_sql!(
        seaql::Numbered::query,
        "SELECT rating, deviation, volatility, games, latest_s FROM ratings
         WHERE user_id = {user} AND pool = {pool}"
    ))?
    else {
        return Ok(None);
    };
    Ok(Some(Glicko {
        rating: r.real(0)?,
        deviation: r.real(1)?,
        volatility: r.real(2)?,
        games: u32::try_from(r.int(3)?).unwrap_or(u32::MAX),
        latest: r.opt_int(4)?.map(|s| u64::try_from(s).unwrap_or(0)),
    }))
}

/// The changes stored for game `id`, sente's first; empty if it was not rated.
fn changes_of(db: &mut dyn Db, id: &str) -> Result<Vec<RatingChange>, StoreError> {
    db.rows(raw_sql!(
        seaql::Numbered::query,
        "SELECT seat, user_id, rating_before, deviation_before, rating, deviation
         FROM rating_history WHERE game_id = {id}
         ORDER BY CASE WHEN seat = 'sente' THEN 0 ELSE 1 END"
    ))?
    .iter()
    .map(|r| {
        Ok(RatingChange {
            seat: color_from_name(&r.text(0)?)?,
            user: r.id(1)?,
            before: shown(r.real(2)?, r.real(3)?),
            after: shown(r.real(4)?, r.real(5)?),
        })
    })
    .collect()
}

impl<B: Backend> RatingStore for B {
    fn seat_player(
        &self,
        id: &GameId,
        seat: Color,
        user: Option<&UserId>,
    ) -> Result<(), StoreError> {
        let column = match seat {
            Color::Black => Games::SenteUser,
            Color::White => Games::GoteUser,
        };
        let q = sea_query::Query::update()
            .table(Games::Table)
            .value(column, user.map(UserId::as_str))
            .and_where(Expr::col(Games::Id).eq(id.as_str()))
            .and_where(Expr::col(Games::StartedMs).is_null())
            .to_owned();
        let q = render(&q);
        let changed = self
            .run(|db| db.execute(q))
            .map_err(|e| e.refusal(|| format!("game {id}: seat")))?;
        if changed != 1 {
            return Err(Refusal::Started(id.clone()).into());
        }
        Ok(())
    }

    fn rate_game(&self, game: &RatedGame) -> Result<Vec<RatingChange>, StoreError> {
        // Both accounts locked, in one order (PostgreSQL): another server rating this game
        // (or another game of theirs) waits, then reads what this one wrote.
        let [sente, gote] = &game.players;
        let lock = raw_sql!(
            seaql::Numbered::query,
            "SELECT 1 FROM users WHERE id = {sente} OR id = {gote} ORDER BY id /*FOR UPDATE*/"
        );
        self.transaction(|db| {
            db.rows(lock)?;
            let done = changes_of(db, &game.id)?;
            if !done.is_empty() {
                return Ok(done);
            }
            let pool = game.pool.key();
            let before = [
                rating_in(db, &game.players[0], &pool)?.unwrap_or_default(),
                rating_in(db, &game.players[1], &pool)?.unwrap_or_default(),
            ];
            let at = ms_to_sql(game.at_ms);
            let mut changes = Vec::new();
            for (change, new) in crate::ratings::updates(game, &before)? {
                let (games, latest) = (i64::from(new.games), new.latest.map(|s| i64::try_from(s).unwrap_or(i64::MAX)));
                db.execute(raw_sql!(
                    seaql::Numbered::query,
                    "INSERT INTO ratings (user_id, pool, rating, deviation, volatility, games, latest_s)
                     VALUES ({change.user}, {pool}, {new.rating}, {new.deviation}, {new.volatility},
                        {games}, {latest})
                     ON CONFLICT (user_id, pool) DO UPDATE SET rating = excluded.rating,
                        deviation = excluded.deviation, volatility = excluded.volatility,
                        games = excluded.games, latest_s = excluded.latest_s"
                ))?;
                let seat = change.seat.name();
                db.execute(raw_sql!(
                    seaql::Numbered::query,
                    "INSERT INTO rating_history (game_id, user_id, seat, pool, at_ms,
                        rating_before, deviation_before, rating, deviation)
                     VALUES ({game.id}, {change.user}, {seat}, {pool}, {at},
                        {change.before.rating}, {change.before.deviation},
                        {change.after.rating}, {change.after.deviation})"
                ))?;
                changes.push(change);
            }
            Ok(changes)
        })
    }

    fn game_changes(&self, id: &GameId) -> Result<Vec<RatingChange>, StoreError> {
        if unstorable(id) {
            return Ok(Vec::new());
        }
        self.run(|db| changes_of(db, id))
    }

    fn rating(&self, user: &UserId, pool: &str) -> Result<Option<Glicko>, StoreError> {
        if unstorable(user) || unstorable(pool) {
            return Ok(None);
        }
        self.run(|db| rating_in(db, user, pool))
    }

    fn ratings(&self, user: &UserId) -> Result<Vec<(String, Glicko)>, StoreError> {
        if unstorable(user) {
            return Ok(Vec::new());
        }
        let q = raw_sql!(
            seaql::Numbered::query,
            "SELECT pool FROM ratings WHERE user_id = {user}"
        );
        self.run(|db| {
            let mut pools = db
                .rows(q)?
                .iter()
                .map(|r| r.text(0))
                .collect::<Result<Vec<_>, _>>()?;
            // By the bytes of the key, whatever the database's collation.
            pools.sort();
            let mut out = Vec::new();
            for pool in pools {
                if let Some(g) = rating_in(db, user, &pool)? {
                    out.push((pool, g));
                }
            }
            Ok(out)
        })
    }

    fn rating_history(&self, user: &UserId) -> Result<Vec<HistoryRow>, StoreError> {
        if unstorable(user) {
            return Ok(Vec::new());
        }
        let q = raw_sql!(
            seaql::Numbered::query,
            "SELECT game_id, pool, at_ms, rating, deviation FROM rating_history
             WHERE user_id = {user}"
        );
        let mut rows = self
            .run(|db| db.rows(q))?
            .iter()
            .map(|r| {
                Ok(HistoryRow {
                    game_id: r.id(0)?,
                    pool: r.text(1)?,
                    at_ms: r.ms(2)?,
                    rating: r.real(3)?,
                    deviation: r.real(4)?,
                })
            })
            .collect::<Result<Vec<_>, StoreError>>()?;
        // By time, then by the bytes of the game's id, whatever the database's collation.
        rows.sort_by(|a, b| (a.at_ms, &a.game_id).cmp(&(b.at_ms, &b.game_id)));
        Ok(rows)
    }

    fn unrated_games(&self) -> Result<Vec<GameId>, StoreError> {
        let yes = true;
        let q = raw_sql!(
            seaql::Numbered::query,
            "SELECT g.id, g.ended_ms FROM games g WHERE g.rated = {yes} AND g.ending IS NOT NULL
               AND g.ending <> 'aborted'
               AND NOT EXISTS (SELECT 1 FROM rating_history h WHERE h.game_id = g.id)"
        );
        let mut games = self
            .run(|db| db.rows(q))?
            .iter()
            .map(|r| Ok((r.opt_int(1)?, r.text(0)?)))
            .collect::<Result<Vec<_>, StoreError>>()?;
        // In the order they ended, then by the bytes of the id.
        games.sort();
        Ok(games.into_iter().map(|(_, id)| GameId::from(id)).collect())
    }
}
