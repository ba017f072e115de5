//! Accounts, sessions and API tokens in the PostgreSQL store.

use crate::StoreError;
use crate::accounts::{AccountStore, NewSession, NewToken, NewUser, TokenInfo, User};
use crate::postgres::{PgStore, refused, unstorable};
use crate::sqlite::accounts::stale;
use crate::sqlite::{ms_from_sql as ms_from, ms_to_sql as ms_to};
use postgres::{GenericClient, Row};

/// The tables of accounts (version 1), as SQLite's: `users.id` is the username in
/// lowercase; a deleted account keeps its row; sessions and tokens are kept as the SHA-256
/// of their secret only.
pub(crate) const TABLES: &str = "
CREATE TABLE users (
    id            TEXT PRIMARY KEY,
    username      TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    created_ms    BIGINT NOT NULL,
    seen_ms       BIGINT,
    deleted_ms    BIGINT,
    bot           BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE TABLE sessions (
    hash       TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users(id),
    created_ms BIGINT NOT NULL,
    seen_ms    BIGINT NOT NULL,
    expires_ms BIGINT NOT NULL
);
CREATE INDEX sessions_by_user ON sessions(user_id);
CREATE TABLE api_tokens (
    id          TEXT PRIMARY KEY,
    hash        TEXT NOT NULL UNIQUE,
    user_id     TEXT NOT NULL REFERENCES users(id),
    description TEXT NOT NULL,
    created_ms  BIGINT NOT NULL,
    used_ms     BIGINT,
    revoked_ms  BIGINT
);
CREATE INDEX api_tokens_by_user ON api_tokens(user_id);
";

/// The `users` columns in the order [`user_from_row`] reads them, `u` being the table.
const USER_COLUMNS: &str =
    "u.id, u.username, u.password_hash, u.created_ms, u.seen_ms, u.deleted_ms, u.bot";

fn user_from_row(row: &Row) -> Result<User, StoreError> {
    Ok(User {
        id: row.try_get(0)?,
        username: row.try_get(1)?,
        password_hash: row.try_get(2)?,
        created_ms: ms_from(row.try_get(3)?),
        seen_ms: row.try_get::<_, Option<i64>>(4)?.map(ms_from),
        deleted_ms: row.try_get::<_, Option<i64>>(5)?.map(ms_from),
        bot: row.try_get(6)?,
    })
}

/// Notes that `user` was seen at `now_ms`, if its `seen` time is [`stale`].
fn touch(c: &mut impl GenericClient, user: &User, now_ms: u64) -> Result<(), StoreError> {
    if stale(user.seen_ms, now_ms) {
        c.execute(
            "UPDATE users SET seen_ms = $2 WHERE id = $1",
            &[&user.id, &ms_to(now_ms)],
        )?;
    }
    Ok(())
}

/// Revokes every live API token of `user_id` at `now_ms`.
fn revoke_tokens(c: &mut impl GenericClient, user_id: &str, now_ms: u64) -> Result<(), StoreError> {
    c.execute(
        "UPDATE api_tokens SET revoked_ms = $2 WHERE user_id = $1 AND revoked_ms IS NULL",
        &[&user_id, &ms_to(now_ms)],
    )?;
    Ok(())
}

impl AccountStore for PgStore {
    fn create_user(&self, user: &NewUser) -> Result<bool, StoreError> {
        let changed = self.conn()?.execute(
            "INSERT INTO users (id, username, password_hash, created_ms)
             VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING",
            &[
                &user.id,
                &user.username,
                &user.password_hash,
                &ms_to(user.created_ms),
            ],
        )?;
        Ok(changed == 1)
    }

    fn user(&self, id: &str) -> Result<Option<User>, StoreError> {
        if unstorable(id) {
            return Ok(None);
        }
        self.conn()?
            .query_opt(
                &format!("SELECT {USER_COLUMNS} FROM users u WHERE u.id = $1"),
                &[&id],
            )?
            .map(|r| user_from_row(&r))
            .transpose()
    }

    fn set_password(
        &self,
        id: &str,
        hash: &str,
        keep: Option<&str>,
        now_ms: u64,
    ) -> Result<(), StoreError> {
        let mut conn = self.conn()?;
        let mut tx = conn.transaction()?;
        let changed = tx.execute(
            "UPDATE users SET password_hash = $2 WHERE id = $1 AND deleted_ms IS NULL",
            &[&id, &hash],
        )?;
        if changed != 1 {
            return Err(StoreError::Conflict(format!("no live account '{id}'")));
        }
        tx.execute(
            "DELETE FROM sessions WHERE user_id = $1 AND hash IS DISTINCT FROM $2",
            &[&id, &keep],
        )?;
        revoke_tokens(&mut tx, id, now_ms)?;
        tx.commit()?;
        Ok(())
    }

    fn delete_user(&self, id: &str, now_ms: u64) -> Result<(), StoreError> {
        let mut conn = self.conn()?;
        let mut tx = conn.transaction()?;
        let now = ms_to(now_ms);
        let changed = tx.execute(
            "UPDATE users SET deleted_ms = $2, password_hash = ''
             WHERE id = $1 AND deleted_ms IS NULL",
            &[&id, &now],
        )?;
        if changed != 1 {
            return Err(StoreError::Conflict(format!("no live account '{id}'")));
        }
        tx.execute("DELETE FROM sessions WHERE user_id = $1", &[&id])?;
        revoke_tokens(&mut tx, id, now_ms)?;
        tx.commit()?;
        Ok(())
    }

    fn create_session(&self, s: &NewSession) -> Result<(), StoreError> {
        let mut conn = self.conn()?;
        let mut tx = conn.transaction()?;
        let created = ms_to(s.created_ms);
        // Each login clears the account's expired sessions, so they do not pile up.
        tx.execute(
            "DELETE FROM sessions WHERE user_id = $1 AND expires_ms <= $2",
            &[&s.user_id, &created],
        )?;
        tx.execute(
            "INSERT INTO sessions (hash, user_id, created_ms, seen_ms, expires_ms)
             VALUES ($1, $2, $3, $3, $4)",
            &[&s.hash, &s.user_id, &created, &ms_to(s.expires_ms)],
        )
        .map_err(|e| refused(e, || format!("session of '{}'", s.user_id)))?;
        tx.execute(
            "UPDATE users SET seen_ms = $2 WHERE id = $1",
            &[&s.user_id, &created],
        )?;
        tx.commit()?;
        Ok(())
    }

    fn session_user(&self, hash: &str, now_ms: u64) -> Result<Option<User>, StoreError> {
        let mut conn = self.conn()?;
        let now = ms_to(now_ms);
        let found = conn.query_opt(
            &format!(
                "SELECT {USER_COLUMNS}, s.expires_ms, s.seen_ms FROM sessions s
                 JOIN users u ON u.id = s.user_id
                 WHERE s.hash = $1 AND u.deleted_ms IS NULL"
            ),
            &[&hash],
        )?;
        let Some(row) = found else {
            return Ok(None);
        };
        let (user, expires, seen): (User, i64, i64) =
            (user_from_row(&row)?, row.try_get(7)?, row.try_get(8)?);
        if expires <= now {
            conn.execute("DELETE FROM sessions WHERE hash = $1", &[&hash])?;
            return Ok(None);
        }
        if stale(Some(ms_from(seen)), now_ms) {
            conn.execute(
                "UPDATE sessions SET seen_ms = $2 WHERE hash = $1",
                &[&hash, &now],
            )?;
        }
        touch(&mut **conn, &user, now_ms)?;
        Ok(Some(user))
    }

    fn delete_session(&self, hash: &str) -> Result<(), StoreError> {
        self.conn()?
            .execute("DELETE FROM sessions WHERE hash = $1", &[&hash])?;
        Ok(())
    }

    fn create_token(&self, t: &NewToken) -> Result<(), StoreError> {
        self.conn()?
            .execute(
                "INSERT INTO api_tokens (id, hash, user_id, description, created_ms)
                 VALUES ($1, $2, $3, $4, $5)",
                &[
                    &t.id,
                    &t.hash,
                    &t.user_id,
                    &t.description,
                    &ms_to(t.created_ms),
                ],
            )
            .map_err(|e| refused(e, || format!("token {}", t.id)))?;
        Ok(())
    }

    fn token_user(&self, hash: &str, now_ms: u64) -> Result<Option<User>, StoreError> {
        let mut conn = self.conn()?;
        let found = conn.query_opt(
            &format!(
                "SELECT {USER_COLUMNS}, t.used_ms FROM api_tokens t
                 JOIN users u ON u.id = t.user_id
                 WHERE t.hash = $1 AND t.revoked_ms IS NULL AND u.deleted_ms IS NULL"
            ),
            &[&hash],
        )?;
        let Some(row) = found else {
            return Ok(None);
        };
        let user = user_from_row(&row)?;
        let used = row.try_get::<_, Option<i64>>(7)?.map(ms_from);
        if stale(used, now_ms) {
            conn.execute(
                "UPDATE api_tokens SET used_ms = $2 WHERE hash = $1",
                &[&hash, &ms_to(now_ms)],
            )?;
        }
        touch(&mut **conn, &user, now_ms)?;
        Ok(Some(user))
    }

    fn list_tokens(&self, user_id: &str) -> Result<Vec<TokenInfo>, StoreError> {
        let rows = self.conn()?.query(
            "SELECT id, description, created_ms, used_ms FROM api_tokens
             WHERE user_id = $1 AND revoked_ms IS NULL ORDER BY created_ms, id COLLATE \"C\"",
            &[&user_id],
        )?;
        rows.iter()
            .map(|r| {
                Ok(TokenInfo {
                    id: r.try_get(0)?,
                    description: r.try_get(1)?,
                    created_ms: ms_from(r.try_get(2)?),
                    used_ms: r.try_get::<_, Option<i64>>(3)?.map(ms_from),
                })
            })
            .collect()
    }

    fn revoke_token(&self, user_id: &str, id: &str, now_ms: u64) -> Result<bool, StoreError> {
        let changed = self.conn()?.execute(
            "UPDATE api_tokens SET revoked_ms = $3
             WHERE id = $1 AND user_id = $2 AND revoked_ms IS NULL",
            &[&id, &user_id, &ms_to(now_ms)],
        )?;
        Ok(changed == 1)
    }

    fn make_bot(&self, id: &str) -> Result<bool, StoreError> {
        let changed = self.conn()?.execute(
            "UPDATE users SET bot = TRUE WHERE id = $1 AND deleted_ms IS NULL AND NOT EXISTS
               (SELECT 1 FROM games WHERE sente_user = $1 OR gote_user = $1)",
            &[&id],
        )?;
        Ok(changed == 1)
    }
}
