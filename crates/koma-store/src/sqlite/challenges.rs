//! Open challenges in the SQLite store (schema version 8). One connection behind a lock
//! writes: each operation's checks and its write are one transaction or one statement.

use crate::StoreError;
use crate::challenges::{Answerer, ChallengeRow, ChallengeStore, PURGE_AFTER_MS};
use crate::sqlite::{SqliteStore, ms_from_sql, ms_to_sql};
use rusqlite::{OptionalExtension, Row, params};

/// The migration to version 8: the challenges, found by either account.
pub(crate) const MIGRATION: &str = "
CREATE TABLE challenges (
    id         TEXT PRIMARY KEY,
    challenger TEXT NOT NULL,
    dest       TEXT NOT NULL,
    body       TEXT NOT NULL,
    expires_ms INTEGER NOT NULL,
    status     TEXT NOT NULL,
    reason     TEXT
);
CREATE INDEX challenges_by_challenger ON challenges(challenger, status);
CREATE INDEX challenges_by_dest ON challenges(dest, status);
";

/// The columns [`row`] reads.
const COLUMNS: &str = "id, challenger, dest, body, expires_ms, status, reason";

fn row(r: &Row<'_>) -> rusqlite::Result<ChallengeRow> {
    Ok(ChallengeRow {
        id: r.get(0)?,
        challenger: r.get(1)?,
        dest: r.get(2)?,
        body: r.get(3)?,
        expires_ms: ms_from_sql(r.get(4)?),
        status: r.get(5)?,
        reason: r.get(6)?,
    })
}

impl ChallengeStore for SqliteStore {
    fn add_challenge(
        &self,
        c: &ChallengeRow,
        most: usize,
        now_ms: u64,
    ) -> Result<bool, StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        tx.execute(
            "DELETE FROM challenges WHERE expires_ms < ?1",
            params![ms_to_sql(now_ms.saturating_sub(PURGE_AFTER_MS))],
        )?;
        let made: i64 = tx.query_row(
            "SELECT COUNT(*) FROM challenges
             WHERE challenger = ?1 AND status = 'open' AND expires_ms > ?2",
            params![c.challenger, ms_to_sql(now_ms)],
            |r| r.get(0),
        )?;
        if usize::try_from(made).unwrap_or(usize::MAX) >= most {
            return Ok(false);
        }
        tx.execute(
            "INSERT INTO challenges (id, challenger, dest, body, expires_ms, status, reason)
             VALUES (?1, ?2, ?3, ?4, ?5, 'open', NULL)",
            params![c.id, c.challenger, c.dest, c.body, ms_to_sql(c.expires_ms)],
        )?;
        tx.commit()?;
        Ok(true)
    }

    fn challenges_of(&self, user: &str, now_ms: u64) -> Result<Vec<ChallengeRow>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare(&format!(
            "SELECT {COLUMNS} FROM challenges
             WHERE (challenger = ?1 OR dest = ?1) AND status = 'open' AND expires_ms > ?2
             ORDER BY rowid"
        ))?;
        let rows = stmt
            .query_map(params![user, ms_to_sql(now_ms)], row)?
            .collect::<Result<_, _>>()?;
        Ok(rows)
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
        let who = answerer.column();
        let taken = self
            .conn()
            .query_row(
                &format!(
                    "UPDATE challenges SET status = ?3, reason = ?4
                     WHERE id = ?1 AND {who} = ?2 AND status = 'open' AND expires_ms > ?5
                     RETURNING {COLUMNS}"
                ),
                params![id, user, status, reason, ms_to_sql(now_ms)],
                row,
            )
            .optional()?;
        Ok(taken)
    }

    fn refresh_challenge(&self, id: &str, until_ms: u64) -> Result<(), StoreError> {
        self.conn().execute(
            "UPDATE challenges SET expires_ms = MAX(expires_ms, ?2)
             WHERE id = ?1 AND status = 'open'",
            params![id, ms_to_sql(until_ms)],
        )?;
        Ok(())
    }

    fn challenge(&self, id: &str) -> Result<Option<ChallengeRow>, StoreError> {
        let found = self
            .conn()
            .query_row(
                &format!("SELECT {COLUMNS} FROM challenges WHERE id = ?1"),
                params![id],
                row,
            )
            .optional()?;
        Ok(found)
    }
}
