//! Open challenges, written once for both databases. Several servers race on PostgreSQL:
//! a new challenge is counted against its challenger's others one server at a time, and
//! an answer is one `UPDATE` of an open row, which one server wins. Each new challenge and
//! each answer is told to the other servers as `c ID STATUS CHALLENGER DEST`.

use crate::StoreError;
use crate::challenges::{Answerer, ChallengeRow, ChallengeStore, PURGE_AFTER_MS};
use crate::sql::{Backend, Numbered, Row, count_to_sql, ms_to_sql, render, unstorable};
use crate::{ChallengeId, UserId};
use sea_query::{Alias, Expr, ExprTrait, Iden, raw_sql};

/// The table of challenges (SQLite's schema 8, PostgreSQL's 3), found by either account,
/// in the order made (`$SEQ`: see [`crate::sql::schema::SEQ`]).
pub(crate) const TABLES: &str = "
CREATE TABLE challenges (
    id         TEXT PRIMARY KEY,
    $SEQ
    challenger TEXT NOT NULL,
    dest       TEXT NOT NULL,
    body       TEXT NOT NULL,
    expires_ms BIGINT NOT NULL,
    status     TEXT NOT NULL,
    reason     TEXT
);
CREATE INDEX challenges_by_challenger ON challenges(challenger, status);
CREATE INDEX challenges_by_dest ON challenges(dest, status);
CREATE INDEX challenges_by_expiry ON challenges(expires_ms);
";

/// The columns of `challenges`.
#[derive(Iden)]
enum Challenges {
    Table,
    Id,
    Challenger,
    Dest,
    Body,
    ExpiresMs,
    Status,
    Reason,
}

/// A challenge from the columns `id, challenger, dest, body, expires_ms, status, reason`.
fn challenge(r: &Row) -> Result<ChallengeRow, StoreError> {
    Ok(ChallengeRow {
        id: r.id(0)?,
        challenger: r.id(1)?,
        dest: r.id(2)?,
        body: r.text(3)?,
        expires_ms: r.ms(4)?,
        status: r.text(5)?,
        reason: r.opt_text(6)?,
    })
}

/// What the other servers are told of challenge `c`, now `status`.
fn note(c: &ChallengeRow, status: &str) -> String {
    format!("c {} {status} {} {}", c.id, c.challenger, c.dest)
}

impl<B: Backend> ChallengeStore for B {
    fn add_challenge(
        &self,
        c: &ChallengeRow,
        most: usize,
        now_ms: u64,
    ) -> Result<bool, StoreError> {
        let (purge, now) = (
            ms_to_sql(now_ms.saturating_sub(PURGE_AFTER_MS)),
            ms_to_sql(now_ms),
        );
        let expires = ms_to_sql(c.expires_ms);
        self.transaction(|db| {
            db.execute(raw_sql!(
                seaql::Numbered::query,
                "DELETE FROM challenges WHERE expires_ms < {purge}"
            ))?;
            // Two servers adding a challenge of one account at once count one after the other.
            self.serialize(db, &c.challenger)?;
            let made = db
                .row(raw_sql!(
                    seaql::Numbered::query,
                    "SELECT COUNT(*) FROM challenges
                     WHERE challenger = {c.challenger} AND status = 'open' AND expires_ms > {now}"
                ))?
                .map_or(Ok(0), |r| r.int(0))?;
            if made >= count_to_sql(most) {
                return Ok(false);
            }
            db.execute(raw_sql!(
                seaql::Numbered::query,
                "INSERT INTO challenges (id, challenger, dest, body, expires_ms, status, reason)
                 VALUES ({c.id}, {c.challenger}, {c.dest}, {c.body}, {expires}, 'open', NULL)"
            ))
            .map_err(|e| e.refusal(|| format!("challenge {}", c.id)))?;
            self.tell(db, &note(c, "created"))?;
            Ok(true)
        })
    }

    fn challenges_of(&self, user: &UserId, now_ms: u64) -> Result<Vec<ChallengeRow>, StoreError> {
        if unstorable(user) {
            return Ok(Vec::new());
        }
        let now = ms_to_sql(now_ms);
        let mut q = sea_query::Query::select();
        q.columns(COLUMNS)
            .from(Challenges::Table)
            .and_where(
                Expr::col(Challenges::Challenger)
                    .eq(user)
                    .or(Expr::col(Challenges::Dest).eq(user)),
            )
            .and_where(Expr::col(Challenges::Status).eq("open"))
            .and_where(Expr::col(Challenges::ExpiresMs).gt(now))
            .order_by(B::STORED_ORDER, sea_query::Order::Asc);
        let q = render(&q);
        self.run(|db| db.rows(q))?.iter().map(challenge).collect()
    }

    fn take_challenge(
        &self,
        id: &ChallengeId,
        user: &UserId,
        answerer: Answerer,
        status: &str,
        reason: Option<&str>,
        now_ms: u64,
    ) -> Result<Option<ChallengeRow>, StoreError> {
        if unstorable(id) || unstorable(user) {
            return Ok(None);
        }
        let q = sea_query::Query::update()
            .table(Challenges::Table)
            .values([
                (Challenges::Status, status.into()),
                (Challenges::Reason, reason.into()),
            ])
            .and_where(Expr::col(Challenges::Id).eq(id))
            .and_where(Expr::col(Alias::new(answerer.column())).eq(user))
            .and_where(Expr::col(Challenges::Status).eq("open"))
            .and_where(Expr::col(Challenges::ExpiresMs).gt(ms_to_sql(now_ms)))
            .returning(sea_query::Query::returning().columns(COLUMNS))
            .to_owned();
        let q = render(&q);
        self.transaction(|db| {
            let Some(taken) = db.row(q)?.as_ref().map(challenge).transpose()? else {
                return Ok(None);
            };
            self.tell(db, &note(&taken, status))?;
            Ok(Some(taken))
        })
    }

    fn refresh_challenge(&self, id: &ChallengeId, until_ms: u64) -> Result<(), StoreError> {
        if unstorable(id) {
            return Ok(());
        }
        let until = ms_to_sql(until_ms);
        let q = raw_sql!(
            seaql::Numbered::query,
            "UPDATE challenges
             SET expires_ms = CASE WHEN expires_ms > {until} THEN expires_ms ELSE {until} END
             WHERE id = {id} AND status = 'open'"
        );
        self.run(|db| db.execute(q))?;
        Ok(())
    }

    fn challenge(&self, id: &ChallengeId) -> Result<Option<ChallengeRow>, StoreError> {
        if unstorable(id) {
            return Ok(None);
        }
        let q = raw_sql!(
            seaql::Numbered::query,
            "SELECT id, challenger, dest, body, expires_ms, status, reason FROM challenges
             WHERE id = {id}"
        );
        self.run(|db| db.row(q))?
            .as_ref()
            .map(challenge)
            .transpose()
    }
}

/// The columns [`challenge`] reads, in its order.
const COLUMNS: [Challenges; 7] = [
    Challenges::Id,
    Challenges::Challenger,
    Challenges::Dest,
    Challenges::Body,
    Challenges::ExpiresMs,
    Challenges::Status,
    Challenges::Reason,
];
