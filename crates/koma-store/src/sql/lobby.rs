//! The lobby, written once for both databases. Several servers race on PostgreSQL: a seek
//! is posted and a quick pairing made one server at a time (`serialize`), a seek is taken
//! by one `DELETE … RETURNING`, which one server wins. A change of the seek list is told
//! to the other servers as `l s`, a notice kept for a player as `l n USER`.

use crate::StoreError;
use crate::lobby::{LobbyStore, Meet, NOTICE_KEEP_MS, QuickRow, SeekRow, Tick};
use crate::sql::{Backend, Db, Numbered, Row, count_to_sql, ms_to_sql, render, unstorable};
use crate::{Page, UserId};
use sea_query::{Alias, Expr, ExprTrait, Iden, raw_sql};

/// The lobby's tables (schema 12): one open seek and one waiting pairing per account, and
/// the notices kept for players whose lobby connection is on another server or closed.
pub(crate) const TABLES: &str = "
CREATE TABLE lobby_seeks (
    id         TEXT PRIMARY KEY,
    $SEQ
    poster     TEXT NOT NULL UNIQUE REFERENCES users(id),
    body       TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    expires_ms BIGINT NOT NULL,
    left_ms    BIGINT
);
CREATE TABLE lobby_quick (
    ticket     TEXT PRIMARY KEY,
    player     TEXT NOT NULL UNIQUE REFERENCES users(id),
    pool_key   TEXT NOT NULL,
    rating     BIGINT NOT NULL,
    body       TEXT NOT NULL,
    since_ms   BIGINT NOT NULL,
    expires_ms BIGINT NOT NULL,
    left_ms    BIGINT
);
CREATE TABLE lobby_notices (
    user_id    TEXT NOT NULL,
    $SEQ
    body       TEXT NOT NULL,
    created_ms BIGINT NOT NULL
);
CREATE INDEX lobby_notices_by_user ON lobby_notices(user_id);
";

/// The key that makes the lobby's writes wait for each other's (see [`Backend::serialize`]).
const LOCK: &str = "lobby";
/// How many players (or tickets) one statement of the tick names.
const PRESENT_CHUNK: usize = 500;
/// What the other servers are told when the seek list changed.
const SEEKS_CHANGED: &str = "l s";

/// The columns of `lobby_seeks` the builder's statement names.
#[derive(Iden)]
enum LobbySeeks {
    Table,
    Id,
    Poster,
    Body,
    CreatedMs,
    ExpiresMs,
    LeftMs,
}

/// A seek from the columns `id, poster, body, created_ms, expires_ms`.
fn seek(r: &Row) -> Result<SeekRow, StoreError> {
    Ok(SeekRow {
        id: r.text(0)?,
        poster: r.id(1)?,
        body: r.text(2)?,
        created_ms: r.ms(3)?,
        expires_ms: r.ms(4)?,
    })
}

/// A waiting player from the columns `ticket, player, pool_key, rating, body, since_ms,
/// expires_ms`.
fn waiting(r: &Row) -> Result<QuickRow, StoreError> {
    Ok(QuickRow {
        ticket: r.text(0)?,
        player: r.id(1)?,
        key: r.text(2)?,
        rating: r.int(3)?,
        body: r.text(4)?,
        since_ms: r.ms(5)?,
        expires_ms: r.ms(6)?,
    })
}

/// The bounds of an open row at `now_ms`: its lapse, and the latest departure it survives.
fn bounds(now_ms: u64, absence: u64) -> (i64, i64) {
    (ms_to_sql(now_ms), ms_to_sql(now_ms.saturating_sub(absence)))
}

/// Stores `row` unless its id or poster has a row already.
fn insert_seek(db: &mut dyn Db, row: &SeekRow) -> Result<u64, StoreError> {
    let (created, expires) = (ms_to_sql(row.created_ms), ms_to_sql(row.expires_ms));
    db.execute(raw_sql!(
        seaql::Numbered::query,
        "INSERT INTO lobby_seeks (id, poster, body, created_ms, expires_ms)
         VALUES ({row.id}, {row.poster}, {row.body}, {created}, {expires})
         ON CONFLICT DO NOTHING"
    ))
}

/// Stores the wait of `row` unless its ticket or player has a row already.
fn insert_quick(db: &mut dyn Db, row: &QuickRow) -> Result<u64, StoreError> {
    let (since, expires) = (ms_to_sql(row.since_ms), ms_to_sql(row.expires_ms));
    db.execute(raw_sql!(
        seaql::Numbered::query,
        "INSERT INTO lobby_quick (ticket, player, pool_key, rating, body, since_ms, expires_ms)
         VALUES ({row.ticket}, {row.player}, {row.key}, {row.rating}, {row.body}, {since},
            {expires})
         ON CONFLICT DO NOTHING"
    ))
}

impl<B: Backend> LobbyStore for B {
    fn post_seek(&self, row: &SeekRow, most: usize, now_ms: u64) -> Result<bool, StoreError> {
        let now = ms_to_sql(now_ms);
        self.transaction(|db| {
            self.serialize(db, LOCK)?;
            let others = db
                .row(raw_sql!(
                    seaql::Numbered::query,
                    "SELECT COUNT(*) FROM lobby_seeks
                     WHERE poster <> {row.poster} AND expires_ms > {now}"
                ))?
                .map_or(Ok(0), |r| r.int(0))?;
            if others >= count_to_sql(most) {
                return Ok(false);
            }
            db.execute(raw_sql!(
                seaql::Numbered::query,
                "DELETE FROM lobby_seeks WHERE poster = {row.poster}"
            ))?;
            insert_seek(db, row).map_err(|e| e.refusal(|| format!("seek {}", row.id)))?;
            self.tell(db, SEEKS_CHANGED)?;
            Ok(true)
        })
    }

    fn seeks(&self, page: Page, now_ms: u64, absence: u64) -> Result<Vec<SeekRow>, StoreError> {
        let (now, gone) = bounds(now_ms, absence);
        let mut q = sea_query::Query::select();
        q.columns([
            LobbySeeks::Id,
            LobbySeeks::Poster,
            LobbySeeks::Body,
            LobbySeeks::CreatedMs,
            LobbySeeks::ExpiresMs,
        ])
        .from(LobbySeeks::Table)
        .and_where(Expr::col(LobbySeeks::ExpiresMs).gt(now))
        .and_where(
            Expr::col(LobbySeeks::LeftMs)
                .is_null()
                .or(Expr::col(LobbySeeks::LeftMs).gt(gone)),
        )
        .order_by(Alias::new(B::STORED_ORDER), sea_query::Order::Desc)
        .limit(u64::try_from(page.limit).unwrap_or(u64::MAX))
        .offset(u64::try_from(page.offset).unwrap_or(u64::MAX));
        let q = render(&q);
        self.run(|db| db.rows(q))?.iter().map(seek).collect()
    }

    fn seek(&self, id: &str, now_ms: u64, absence: u64) -> Result<Option<SeekRow>, StoreError> {
        if unstorable(id) {
            return Ok(None);
        }
        let (now, gone) = bounds(now_ms, absence);
        let q = raw_sql!(
            seaql::Numbered::query,
            "SELECT id, poster, body, created_ms, expires_ms FROM lobby_seeks
             WHERE id = {id} AND expires_ms > {now} AND (left_ms IS NULL OR left_ms > {gone})"
        );
        self.run(|db| db.row(q))?.as_ref().map(seek).transpose()
    }

    fn take_seek(
        &self,
        id: &str,
        poster: Option<&UserId>,
        now_ms: u64,
        absence: u64,
    ) -> Result<Option<SeekRow>, StoreError> {
        if unstorable(id) {
            return Ok(None);
        }
        let (now, gone) = bounds(now_ms, absence);
        // Anyone's (an accept) or only the named poster's (a cancel).
        let poster = poster.map(|p| p.as_str());
        let q = raw_sql!(
            seaql::Numbered::query,
            "DELETE FROM lobby_seeks
             WHERE id = {id} AND poster = COALESCE({poster}, poster) AND expires_ms > {now}
                AND (left_ms IS NULL OR left_ms > {gone})
             RETURNING id, poster, body, created_ms, expires_ms"
        );
        self.transaction(|db| {
            let taken = db.row(q)?.as_ref().map(seek).transpose()?;
            if taken.is_some() {
                self.tell(db, SEEKS_CHANGED)?;
            }
            Ok(taken)
        })
    }

    fn restore_seek(&self, row: &SeekRow) -> Result<(), StoreError> {
        self.transaction(|db| {
            if insert_seek(db, row)? == 1 {
                self.tell(db, SEEKS_CHANGED)?;
            }
            Ok(())
        })
    }

    fn pair_quick(
        &self,
        row: &QuickRow,
        window: i64,
        now_ms: u64,
        absence: u64,
    ) -> Result<Option<QuickRow>, StoreError> {
        let (now, gone) = bounds(now_ms, absence);
        let (low, high) = (row.rating - window, row.rating + window);
        self.transaction(|db| {
            self.serialize(db, LOCK)?;
            db.execute(raw_sql!(
                seaql::Numbered::query,
                "DELETE FROM lobby_quick WHERE player = {row.player}"
            ))?;
            let best = db.row(raw_sql!(
                seaql::Numbered::query,
                "SELECT ticket, player, pool_key, rating, body, since_ms, expires_ms
                 FROM lobby_quick
                 WHERE pool_key = {row.key} AND rating BETWEEN {low} AND {high}
                    AND expires_ms > {now} AND (left_ms IS NULL OR left_ms > {gone})
                 ORDER BY ABS(rating - {row.rating}), since_ms, ticket LIMIT 1"
            ))?;
            let Some(partner) = best.as_ref().map(waiting).transpose()? else {
                insert_quick(db, row)
                    .map_err(|e| e.refusal(|| format!("quick pairing {}", row.ticket)))?;
                return Ok(None);
            };
            db.execute(raw_sql!(
                seaql::Numbered::query,
                "DELETE FROM lobby_quick WHERE ticket = {partner.ticket}"
            ))?;
            Ok(Some(partner))
        })
    }

    fn restore_quick(&self, row: &QuickRow) -> Result<(), StoreError> {
        self.run(|db| insert_quick(db, row))?;
        Ok(())
    }

    fn cancel_quick(&self, player: &UserId) -> Result<bool, StoreError> {
        let q = raw_sql!(
            seaql::Numbered::query,
            "DELETE FROM lobby_quick WHERE player = {player}"
        );
        Ok(self.run(|db| db.execute(q))? > 0)
    }

    fn quick_waiting(&self, ticket: &str, now_ms: u64, absence: u64) -> Result<bool, StoreError> {
        if unstorable(ticket) {
            return Ok(false);
        }
        let (now, gone) = bounds(now_ms, absence);
        let q = raw_sql!(
            seaql::Numbered::query,
            "SELECT 1 FROM lobby_quick
             WHERE ticket = {ticket} AND expires_ms > {now}
                AND (left_ms IS NULL OR left_ms > {gone})"
        );
        Ok(self.run(|db| db.row(q))?.is_some())
    }

    fn lobby_left(&self, user: &UserId, left: bool, now_ms: u64) -> Result<(), StoreError> {
        let at = left.then(|| ms_to_sql(now_ms));
        self.transaction(|db| {
            db.execute(raw_sql!(
                seaql::Numbered::query,
                "UPDATE lobby_seeks SET left_ms = {at} WHERE poster = {user}"
            ))?;
            db.execute(raw_sql!(
                seaql::Numbered::query,
                "UPDATE lobby_quick SET left_ms = {at} WHERE player = {user}"
            ))?;
            Ok(())
        })
    }

    fn lobby_tick(
        &self,
        now_ms: u64,
        absence: u64,
        present: &[UserId],
        meet: &mut Meet<'_>,
    ) -> Result<Tick, StoreError> {
        let (now, gone) = bounds(now_ms, absence);
        let here: Vec<&str> = present.iter().map(|u| u.as_str()).collect();
        self.transaction(|db| {
            self.serialize(db, LOCK)?;
            // A bounded number of values per statement (SQLite allows 32,766).
            for here in here.chunks(PRESENT_CHUNK) {
                db.execute(raw_sql!(
                    seaql::Numbered::query,
                    "UPDATE lobby_seeks SET left_ms = NULL
                     WHERE left_ms IS NOT NULL AND poster IN ({..here})"
                ))?;
                db.execute(raw_sql!(
                    seaql::Numbered::query,
                    "UPDATE lobby_quick SET left_ms = NULL
                     WHERE left_ms IS NOT NULL AND player IN ({..here})"
                ))?;
            }
            let lapsed = db.execute(raw_sql!(
                seaql::Numbered::query,
                "DELETE FROM lobby_seeks WHERE expires_ms <= {now} OR left_ms <= {gone}"
            ))?;
            if lapsed > 0 {
                self.tell(db, SEEKS_CHANGED)?;
            }
            db.execute(raw_sql!(
                seaql::Numbered::query,
                "DELETE FROM lobby_quick WHERE expires_ms <= {now} OR left_ms <= {gone}"
            ))?;
            let stale = ms_to_sql(now_ms.saturating_sub(NOTICE_KEEP_MS));
            db.execute(raw_sql!(
                seaql::Numbered::query,
                "DELETE FROM lobby_notices WHERE created_ms < {stale}"
            ))?;
            let rows = db.rows(raw_sql!(
                seaql::Numbered::query,
                "SELECT ticket, player, pool_key, rating, body, since_ms, expires_ms
                 FROM lobby_quick ORDER BY pool_key, since_ms, ticket"
            ))?;
            let rows: Vec<QuickRow> = rows.iter().map(waiting).collect::<Result<_, _>>()?;
            let mut pairs = Vec::new();
            for key in rows.chunk_by(|a, b| a.key == b.key) {
                for (i, j) in meet(key) {
                    if let (Some(a), Some(b)) = (key.get(i), key.get(j)) {
                        pairs.push((a.clone(), b.clone()));
                    }
                }
            }
            let taken: Vec<&str> = pairs
                .iter()
                .flat_map(|(a, b)| [a.ticket.as_str(), b.ticket.as_str()])
                .collect();
            for taken in taken.chunks(PRESENT_CHUNK) {
                db.execute(raw_sql!(
                    seaql::Numbered::query,
                    "DELETE FROM lobby_quick WHERE ticket IN ({..taken})"
                ))?;
            }
            Ok(Tick {
                seeks_lapsed: lapsed > 0,
                pairs,
            })
        })
    }

    fn add_notice(&self, user: &UserId, body: &str, now_ms: u64) -> Result<(), StoreError> {
        let now = ms_to_sql(now_ms);
        self.transaction(|db| {
            db.execute(raw_sql!(
                seaql::Numbered::query,
                "INSERT INTO lobby_notices (user_id, body, created_ms)
                 VALUES ({user}, {body}, {now})"
            ))?;
            self.tell(db, &format!("l n {user}"))
        })
    }

    fn take_notices(&self, user: &UserId, since_ms: u64) -> Result<Vec<String>, StoreError> {
        let since = ms_to_sql(since_ms);
        let purge = raw_sql!(
            seaql::Numbered::query,
            "DELETE FROM lobby_notices WHERE created_ms < {since}"
        );
        let take = raw_sql!(
            seaql::Numbered::query,
            "DELETE FROM lobby_notices WHERE user_id = {user} RETURNING body, created_ms"
        );
        let mut rows = self.transaction(|db| {
            db.execute(purge)?;
            db.rows(take)
        })?;
        rows.sort_by_key(|r| r.int(1).unwrap_or(0));
        rows.iter().map(|r| r.text(0)).collect()
    }
}
