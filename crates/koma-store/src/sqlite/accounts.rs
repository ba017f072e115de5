//! Accounts, sessions and API tokens in the SQLite store (schema version 3).

use crate::StoreError;
use crate::accounts::{
    AccountStore, NewSession, NewToken, NewUser, SEEN_RESOLUTION_MS, TokenInfo, User,
};
use crate::sqlite::{SqliteStore, ms_from_sql, ms_to_sql};
use rusqlite::{Connection, OptionalExtension, Row, params};

/// The migration to version 3: the tables of accounts.
///
/// `users.id` is the username in lowercase, so names are unique whatever their case; a
/// deleted account keeps its row (its name stays taken, games will show a deleted player).
/// Sessions and tokens are kept as the SHA-256 of their secret only.
pub(crate) const MIGRATION: &str = "
CREATE TABLE users (
    id            TEXT PRIMARY KEY,
    username      TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    created_ms    INTEGER NOT NULL,
    seen_ms       INTEGER,
    deleted_ms    INTEGER,
    bot           INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE sessions (
    hash       TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users(id),
    created_ms INTEGER NOT NULL,
    seen_ms    INTEGER NOT NULL,
    expires_ms INTEGER NOT NULL
);
CREATE INDEX sessions_by_user ON sessions(user_id);
CREATE TABLE api_tokens (
    id          TEXT PRIMARY KEY,
    hash        TEXT NOT NULL UNIQUE,
    user_id     TEXT NOT NULL REFERENCES users(id),
    description TEXT NOT NULL,
    created_ms  INTEGER NOT NULL,
    used_ms     INTEGER,
    revoked_ms  INTEGER
);
CREATE INDEX api_tokens_by_user ON api_tokens(user_id);
";

/// The `users` columns in the order [`user_from_row`] reads them, `u` being the table.
const USER_COLUMNS: &str =
    "u.id, u.username, u.password_hash, u.created_ms, u.seen_ms, u.deleted_ms, u.bot";

fn user_from_row(row: &Row<'_>) -> rusqlite::Result<User> {
    Ok(User {
        id: row.get(0)?,
        username: row.get(1)?,
        password_hash: row.get(2)?,
        created_ms: ms_from_sql(row.get(3)?),
        seen_ms: row.get::<_, Option<i64>>(4)?.map(ms_from_sql),
        deleted_ms: row.get::<_, Option<i64>>(5)?.map(ms_from_sql),
        bot: row.get(6)?,
    })
}

/// Whether a `seen` (or `used`) time is older than [`SEEN_RESOLUTION_MS`] before `now_ms`,
/// so that it is written again: most authenticated requests then write nothing.
pub(crate) fn stale(seen_ms: Option<u64>, now_ms: u64) -> bool {
    seen_ms.is_none_or(|seen| seen.saturating_add(SEEN_RESOLUTION_MS) <= now_ms)
}

/// Notes that `user` was seen at `now_ms`, if its `seen` time is [`stale`].
fn touch(conn: &Connection, user: &User, now_ms: u64) -> Result<(), StoreError> {
    if stale(user.seen_ms, now_ms) {
        conn.execute(
            "UPDATE users SET seen_ms = ?2 WHERE id = ?1",
            params![user.id, ms_to_sql(now_ms)],
        )?;
    }
    Ok(())
}

/// Revokes every live API token of `user_id` at `now_ms`.
fn revoke_tokens(conn: &Connection, user_id: &str, now_ms: u64) -> Result<(), StoreError> {
    conn.execute(
        "UPDATE api_tokens SET revoked_ms = ?2 WHERE user_id = ?1 AND revoked_ms IS NULL",
        params![user_id, ms_to_sql(now_ms)],
    )?;
    Ok(())
}

impl AccountStore for SqliteStore {
    fn create_user(&self, user: &NewUser) -> Result<bool, StoreError> {
        let changed = self.conn().execute(
            "INSERT OR IGNORE INTO users (id, username, password_hash, created_ms)
             VALUES (?1, ?2, ?3, ?4)",
            params![
                user.id,
                user.username,
                user.password_hash,
                ms_to_sql(user.created_ms)
            ],
        )?;
        Ok(changed == 1)
    }

    fn user(&self, id: &str) -> Result<Option<User>, StoreError> {
        Ok(self
            .conn()
            .query_row(
                &format!("SELECT {USER_COLUMNS} FROM users u WHERE u.id = ?1"),
                params![id],
                user_from_row,
            )
            .optional()?)
    }

    fn set_password(
        &self,
        id: &str,
        hash: &str,
        keep: Option<&str>,
        now_ms: u64,
    ) -> Result<(), StoreError> {
        let conn = self.conn();
        let tx = conn.unchecked_transaction()?;
        let changed = tx.execute(
            "UPDATE users SET password_hash = ?2 WHERE id = ?1 AND deleted_ms IS NULL",
            params![id, hash],
        )?;
        if changed != 1 {
            return Err(StoreError::Conflict(format!("no live account '{id}'")));
        }
        tx.execute(
            "DELETE FROM sessions WHERE user_id = ?1 AND hash IS NOT ?2",
            params![id, keep],
        )?;
        revoke_tokens(&tx, id, now_ms)?;
        tx.commit()?;
        Ok(())
    }

    fn delete_user(&self, id: &str, now_ms: u64) -> Result<(), StoreError> {
        let conn = self.conn();
        let tx = conn.unchecked_transaction()?;
        let now = ms_to_sql(now_ms);
        let changed = tx.execute(
            "UPDATE users SET deleted_ms = ?2, password_hash = ''
             WHERE id = ?1 AND deleted_ms IS NULL",
            params![id, now],
        )?;
        if changed != 1 {
            return Err(StoreError::Conflict(format!("no live account '{id}'")));
        }
        tx.execute("DELETE FROM sessions WHERE user_id = ?1", params![id])?;
        revoke_tokens(&tx, id, now_ms)?;
        // Games are not linked to accounts yet. When they are, they keep pointing at this
        // row, and the row's `deleted_ms` is what makes them show "deleted player".
        tx.commit()?;
        Ok(())
    }

    fn create_session(&self, s: &NewSession) -> Result<(), StoreError> {
        let conn = self.conn();
        let tx = conn.unchecked_transaction()?;
        // Each login clears the account's expired sessions, so they do not pile up.
        tx.execute(
            "DELETE FROM sessions WHERE user_id = ?1 AND expires_ms <= ?2",
            params![s.user_id, ms_to_sql(s.created_ms)],
        )?;
        tx.execute(
            "INSERT INTO sessions (hash, user_id, created_ms, seen_ms, expires_ms)
             VALUES (?1, ?2, ?3, ?3, ?4)",
            params![
                s.hash,
                s.user_id,
                ms_to_sql(s.created_ms),
                ms_to_sql(s.expires_ms)
            ],
        )?;
        tx.execute(
            "UPDATE users SET seen_ms = ?2 WHERE id = ?1",
            params![s.user_id, ms_to_sql(s.created_ms)],
        )?;
        tx.commit()?;
        Ok(())
    }

    fn session_user(&self, hash: &str, now_ms: u64) -> Result<Option<User>, StoreError> {
        let conn = self.conn();
        let now = ms_to_sql(now_ms);
        let found = conn
            .query_row(
                &format!(
                    "SELECT {USER_COLUMNS}, s.expires_ms, s.seen_ms FROM sessions s
                     JOIN users u ON u.id = s.user_id
                     WHERE s.hash = ?1 AND u.deleted_ms IS NULL"
                ),
                params![hash],
                |row| {
                    Ok((
                        user_from_row(row)?,
                        row.get::<_, i64>(7)?,
                        ms_from_sql(row.get(8)?),
                    ))
                },
            )
            .optional()?;
        let Some((user, expires, seen)) = found else {
            return Ok(None);
        };
        if expires <= now {
            conn.execute("DELETE FROM sessions WHERE hash = ?1", params![hash])?;
            return Ok(None);
        }
        if stale(Some(seen), now_ms) {
            conn.execute(
                "UPDATE sessions SET seen_ms = ?2 WHERE hash = ?1",
                params![hash, now],
            )?;
        }
        touch(&conn, &user, now_ms)?;
        Ok(Some(user))
    }

    fn delete_session(&self, hash: &str) -> Result<(), StoreError> {
        self.conn()
            .execute("DELETE FROM sessions WHERE hash = ?1", params![hash])?;
        Ok(())
    }

    fn create_token(&self, t: &NewToken) -> Result<(), StoreError> {
        self.conn().execute(
            "INSERT INTO api_tokens (id, hash, user_id, description, created_ms)
             VALUES (?1, ?2, ?3, ?4, ?5)",
            params![
                t.id,
                t.hash,
                t.user_id,
                t.description,
                ms_to_sql(t.created_ms)
            ],
        )?;
        Ok(())
    }

    fn token_user(&self, hash: &str, now_ms: u64) -> Result<Option<User>, StoreError> {
        let conn = self.conn();
        let found = conn
            .query_row(
                &format!(
                    "SELECT {USER_COLUMNS}, t.used_ms FROM api_tokens t
                     JOIN users u ON u.id = t.user_id
                     WHERE t.hash = ?1 AND t.revoked_ms IS NULL AND u.deleted_ms IS NULL"
                ),
                params![hash],
                |row| {
                    Ok((
                        user_from_row(row)?,
                        row.get::<_, Option<i64>>(7)?.map(ms_from_sql),
                    ))
                },
            )
            .optional()?;
        let Some((user, used)) = found else {
            return Ok(None);
        };
        if stale(used, now_ms) {
            conn.execute(
                "UPDATE api_tokens SET used_ms = ?2 WHERE hash = ?1",
                params![hash, ms_to_sql(now_ms)],
            )?;
        }
        touch(&conn, &user, now_ms)?;
        Ok(Some(user))
    }

    fn list_tokens(&self, user_id: &str) -> Result<Vec<TokenInfo>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare(
            "SELECT id, description, created_ms, used_ms FROM api_tokens
             WHERE user_id = ?1 AND revoked_ms IS NULL ORDER BY created_ms, id",
        )?;
        let rows = stmt.query_map(params![user_id], |r| {
            Ok(TokenInfo {
                id: r.get(0)?,
                description: r.get(1)?,
                created_ms: ms_from_sql(r.get(2)?),
                used_ms: r.get::<_, Option<i64>>(3)?.map(ms_from_sql),
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    fn revoke_token(&self, user_id: &str, id: &str, now_ms: u64) -> Result<bool, StoreError> {
        let changed = self.conn().execute(
            "UPDATE api_tokens SET revoked_ms = ?3
             WHERE id = ?1 AND user_id = ?2 AND revoked_ms IS NULL",
            params![id, user_id, ms_to_sql(now_ms)],
        )?;
        Ok(changed == 1)
    }

    fn make_bot(&self, id: &str) -> Result<bool, StoreError> {
        let changed = self.conn().execute(
            "UPDATE users SET bot = 1 WHERE id = ?1 AND deleted_ms IS NULL AND NOT EXISTS
               (SELECT 1 FROM games WHERE sente_user = ?1 OR gote_user = ?1)",
            params![id],
        )?;
        Ok(changed == 1)
    }
}
