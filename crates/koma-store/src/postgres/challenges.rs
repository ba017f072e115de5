//! Open challenges in the PostgreSQL store (schema version 3). Several servers race: a new
//! challenge is counted against its challenger's others under a lock of that account, and
//! an answer is one `UPDATE` of an open row, which one server wins. Each new challenge and
//! each answer is announced on [`CHANNEL`] as `c ID STATUS CHALLENGER DEST BY`, sent when
//! its transaction commits.

use crate::StoreError;
use crate::challenges::{Answerer, ChallengeRow, ChallengeStore, PURGE_AFTER_MS};
use crate::postgres::leases::CHANNEL;
use crate::postgres::{PgStore, to_sql, unstorable};
use crate::sqlite::{ms_from_sql, ms_to_sql};
use postgres::Row;

/// Version 3 of the schema: the challenges, found by either account, in the order made.
pub(crate) const TABLES: &str = "
CREATE TABLE challenges (
    id         TEXT PRIMARY KEY,
    seq        BIGINT GENERATED ALWAYS AS IDENTITY,
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

/// The first key of the advisory locks held while a challenger's challenges are counted
/// (the second is the hash of the account's id): the two-key locks are apart from the
/// one-key lock of the migrations.
const COUNT_LOCK: i32 = 0x6b63_6863;

/// The columns [`row`] reads.
const COLUMNS: &str = "id, challenger, dest, body, expires_ms, status, reason";

/// The notification of a challenge's `status`, `$1` its id, `$2` its status.
const NOTIFY: &str =
    "pg_notify($CH, 'c ' || $1 || ' ' || $2 || ' ' || challenger || ' ' || dest || ' ' || $ME)";

fn row(r: &Row) -> Result<ChallengeRow, StoreError> {
    Ok(ChallengeRow {
        id: r.try_get(0)?,
        challenger: r.try_get(1)?,
        dest: r.try_get(2)?,
        body: r.try_get(3)?,
        expires_ms: ms_from_sql(r.try_get(4)?),
        status: r.try_get(5)?,
        reason: r.try_get(6)?,
    })
}

/// [`NOTIFY`] with the channel and this server's name as parameters `ch` and `me`.
fn notify(ch: usize, me: usize) -> String {
    NOTIFY
        .replace("$CH", &format!("${ch}"))
        .replace("$ME", &format!("${me}"))
}

impl ChallengeStore for PgStore {
    fn add_challenge(
        &self,
        c: &ChallengeRow,
        most: usize,
        now_ms: u64,
    ) -> Result<bool, StoreError> {
        let mut conn = self.conn()?;
        let mut tx = conn.transaction()?;
        tx.execute(
            "DELETE FROM challenges WHERE expires_ms < $1",
            &[&ms_to_sql(now_ms.saturating_sub(PURGE_AFTER_MS))],
        )?;
        // Two servers adding a challenge of one account at once count one after the other.
        tx.execute(
            "SELECT pg_advisory_xact_lock($1, hashtext($2))",
            &[&COUNT_LOCK, &c.challenger],
        )?;
        let made: i64 = tx
            .query_one(
                "SELECT COUNT(*) FROM challenges
                 WHERE challenger = $1 AND status = 'open' AND expires_ms > $2",
                &[&c.challenger, &ms_to_sql(now_ms)],
            )?
            .try_get(0)?;
        if made >= to_sql(most) {
            return Ok(false);
        }
        tx.execute(
            &format!(
                "WITH added AS (
                     INSERT INTO challenges (id, challenger, dest, body, expires_ms, status)
                     VALUES ($1, $3, $4, $5, $6, 'open') RETURNING challenger, dest)
                 SELECT {} FROM added",
                notify(7, 8)
            ),
            &[
                &c.id,
                &"created",
                &c.challenger,
                &c.dest,
                &c.body,
                &ms_to_sql(c.expires_ms),
                &CHANNEL,
                &self.instance,
            ],
        )?;
        tx.commit()?;
        Ok(true)
    }

    fn challenges_of(&self, user: &str, now_ms: u64) -> Result<Vec<ChallengeRow>, StoreError> {
        if unstorable(user) {
            return Ok(Vec::new());
        }
        let rows = self.conn()?.query(
            &format!(
                "SELECT {COLUMNS} FROM challenges
                 WHERE (challenger = $1 OR dest = $1) AND status = 'open' AND expires_ms > $2
                 ORDER BY seq"
            ),
            &[&user, &ms_to_sql(now_ms)],
        )?;
        rows.iter().map(row).collect()
    }

    fn take_challenge(
        &self,
        id: &str,
        user: &str,
        answerer: Answerer,
        status: &str,
        reason: Option<&str>,
        now_ms: u64,
    ) -> Result<Option<ChallengeRow>, StoreError> {
        if unstorable(id) || unstorable(user) {
            return Ok(None);
        }
        let who = answerer.column();
        let taken = self.conn()?.query_opt(
            &format!(
                "WITH taken AS (
                     UPDATE challenges SET status = $2, reason = $4
                     WHERE id = $1 AND {who} = $3 AND status = 'open' AND expires_ms > $5
                     RETURNING {COLUMNS})
                 SELECT {COLUMNS}, {} FROM taken",
                notify(6, 7)
            ),
            &[
                &id,
                &status,
                &user,
                &reason,
                &ms_to_sql(now_ms),
                &CHANNEL,
                &self.instance,
            ],
        )?;
        taken.as_ref().map(row).transpose()
    }

    fn refresh_challenge(&self, id: &str, until_ms: u64) -> Result<(), StoreError> {
        if unstorable(id) {
            return Ok(());
        }
        self.conn()?.execute(
            "UPDATE challenges SET expires_ms = GREATEST(expires_ms, $2)
             WHERE id = $1 AND status = 'open'",
            &[&id, &ms_to_sql(until_ms)],
        )?;
        Ok(())
    }

    fn challenge(&self, id: &str) -> Result<Option<ChallengeRow>, StoreError> {
        if unstorable(id) {
            return Ok(None);
        }
        let found = self.conn()?.query_opt(
            &format!("SELECT {COLUMNS} FROM challenges WHERE id = $1"),
            &[&id],
        )?;
        found.as_ref().map(row).transpose()
    }
}
