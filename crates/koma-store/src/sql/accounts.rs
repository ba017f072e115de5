//! Accounts, sessions and API tokens, written once for both databases.

use crate::Refusal;
use crate::StoreError;
use crate::accounts::{
    AccountStore, NewSession, NewToken, NewUser, SEEN_RESOLUTION_MS, TokenInfo, User,
};
use crate::sql::{Backend, Db, Numbered, Row, ms_to_sql, unstorable};
use crate::{TokenId, UserId};
use sea_query::raw_sql;

/// The tables of accounts (SQLite's schema 3, PostgreSQL's 1; SQLite reads BOOLEAN and
/// FALSE as its 0 and 1). `users.id` is the username in lowercase, so names are unique
/// whatever their case; a deleted account keeps its row (its name stays taken, games show
/// a deleted player). Sessions and tokens are kept as the SHA-256 of their secret only.
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

/// Each account's preferences for the page (schema 18): its language, board and sounds, as
/// the JSON object the server checked, so that they follow the player to every device.
pub(crate) const PREFERENCES: &str = "
CREATE TABLE preferences (
    user_id    TEXT PRIMARY KEY REFERENCES users(id),
    prefs      TEXT NOT NULL,
    updated_ms BIGINT NOT NULL
);
";

/// An account from the columns `u.id, u.username, u.password_hash, u.created_ms,
/// u.seen_ms, u.deleted_ms, u.bot` (the first seven of every SELECT of a user here).
fn user(row: &Row) -> Result<User, StoreError> {
    Ok(User {
        id: row.id(0)?,
        username: row.text(1)?,
        password_hash: row.text(2)?,
        created_ms: row.ms(3)?,
        seen_ms: row.opt_ms(4)?,
        deleted_ms: row.opt_ms(5)?,
        bot: row.bool(6)?,
    })
}

/// Whether a `seen` (or `used`) time is older than [`SEEN_RESOLUTION_MS`] before `now_ms`,
/// so that it is written again: most authenticated requests then write nothing.
pub(crate) fn stale(seen_ms: Option<u64>, now_ms: u64) -> bool {
    seen_ms.is_none_or(|seen| seen.saturating_add(SEEN_RESOLUTION_MS) <= now_ms)
}

/// Notes that `user` was seen at `now_ms`, if its `seen` time is [`stale`].
fn touch(db: &mut dyn Db, user: &User, now_ms: u64) -> Result<(), StoreError> {
    if stale(user.seen_ms, now_ms) {
        let now = ms_to_sql(now_ms);
        db.execute(raw_sql!(
            seaql::Numbered::query,
            "UPDATE users SET seen_ms = {now} WHERE id = {user.id}"
        ))?;
    }
    Ok(())
}

/// Revokes every live API token of `user_id` at `now_ms`.
fn revoke_tokens(db: &mut dyn Db, user_id: &str, now_ms: u64) -> Result<(), StoreError> {
    let now = ms_to_sql(now_ms);
    db.execute(raw_sql!(
        seaql::Numbered::query,
        "UPDATE api_tokens SET revoked_ms = {now} WHERE user_id = {user_id} AND revoked_ms IS NULL"
    ))?;
    Ok(())
}

/// Runs `q`, an UPDATE of the live account `id`; refused if it changed no row (no such
/// account, or a deleted one).
fn live_account(db: &mut dyn Db, id: &str, q: crate::sql::Query) -> Result<(), StoreError> {
    if db.execute(q)? != 1 {
        return Err(Refusal::NoAccount(UserId::new(id)).into());
    }
    Ok(())
}

impl<B: Backend> AccountStore for B {
    fn create_user(&self, u: &NewUser) -> Result<bool, StoreError> {
        let created = ms_to_sql(u.created_ms);
        let q = raw_sql!(
            seaql::Numbered::query,
            "INSERT INTO users (id, username, password_hash, created_ms)
             VALUES ({u.id}, {u.username}, {u.password_hash}, {created})
             ON CONFLICT (id) DO NOTHING"
        );
        Ok(self.run(|db| db.execute(q))? == 1)
    }

    fn user(&self, id: &UserId) -> Result<Option<User>, StoreError> {
        if unstorable(id) {
            return Ok(None);
        }
        let q = raw_sql!(
            seaql::Numbered::query,
            "SELECT u.id, u.username, u.password_hash, u.created_ms, u.seen_ms, u.deleted_ms,
                u.bot
             FROM users u WHERE u.id = {id}"
        );
        self.run(|db| db.row(q))?.as_ref().map(user).transpose()
    }

    fn set_password(
        &self,
        id: &UserId,
        hash: &str,
        keep: Option<&str>,
        now_ms: u64,
    ) -> Result<(), StoreError> {
        self.transaction(|db| {
            live_account(
                db,
                id,
                raw_sql!(
                    seaql::Numbered::query,
                    "UPDATE users SET password_hash = {hash} WHERE id = {id} AND deleted_ms IS NULL"
                ),
            )?;
            db.execute(raw_sql!(
                seaql::Numbered::query,
                "DELETE FROM sessions WHERE user_id = {id} AND hash IS DISTINCT FROM {keep}"
            ))?;
            revoke_tokens(db, id, now_ms)
        })
    }

    fn delete_user(&self, id: &UserId, now_ms: u64) -> Result<(), StoreError> {
        let now = ms_to_sql(now_ms);
        self.transaction(|db| {
            live_account(
                db,
                id,
                raw_sql!(
                    seaql::Numbered::query,
                    "UPDATE users SET deleted_ms = {now}, password_hash = ''
                     WHERE id = {id} AND deleted_ms IS NULL"
                ),
            )?;
            db.execute(raw_sql!(
                seaql::Numbered::query,
                "DELETE FROM sessions WHERE user_id = {id}"
            ))?;
            // The games keep pointing at this row, whose `deleted_ms` makes them show a
            // deleted player.
            revoke_tokens(db, id, now_ms)
        })
    }

    fn create_session(&self, s: &NewSession) -> Result<(), StoreError> {
        let (created, expires) = (ms_to_sql(s.created_ms), ms_to_sql(s.expires_ms));
        self.transaction(|db| {
            // Each login clears the account's expired sessions, so they do not pile up.
            db.execute(raw_sql!(
                seaql::Numbered::query,
                "DELETE FROM sessions WHERE user_id = {s.user_id} AND expires_ms <= {created}"
            ))?;
            db.execute(raw_sql!(
                seaql::Numbered::query,
                "INSERT INTO sessions (hash, user_id, created_ms, seen_ms, expires_ms)
                 VALUES ({s.hash}, {s.user_id}, {created}, {created}, {expires})"
            ))
            .map_err(|e| e.refusal(|| format!("session of '{}'", s.user_id)))?;
            db.execute(raw_sql!(
                seaql::Numbered::query,
                "UPDATE users SET seen_ms = {created} WHERE id = {s.user_id}"
            ))?;
            Ok(())
        })
    }

    fn session_user(&self, hash: &str, now_ms: u64) -> Result<Option<User>, StoreError> {
        if unstorable(hash) {
            return Ok(None);
        }
        let now = ms_to_sql(now_ms);
        self.run(|db| {
            let Some(row) = db.row(raw_sql!(
                seaql::Numbered::query,
                "SELECT u.id, u.username, u.password_hash, u.created_ms, u.seen_ms, u.deleted_ms,
                    u.bot, s.expires_ms, s.seen_ms
                 FROM sessions s JOIN users u ON u.id = s.user_id
                 WHERE s.hash = {hash} AND u.deleted_ms IS NULL"
            ))?
            else {
                return Ok(None);
            };
            let (found, expires, seen) = (user(&row)?, row.int(7)?, row.ms(8)?);
            if expires <= now {
                db.execute(raw_sql!(
                    seaql::Numbered::query,
                    "DELETE FROM sessions WHERE hash = {hash}"
                ))?;
                return Ok(None);
            }
            if stale(Some(seen), now_ms) {
                db.execute(raw_sql!(
                    seaql::Numbered::query,
                    "UPDATE sessions SET seen_ms = {now} WHERE hash = {hash}"
                ))?;
            }
            touch(db, &found, now_ms)?;
            Ok(Some(found))
        })
    }

    fn delete_session(&self, hash: &str) -> Result<(), StoreError> {
        if unstorable(hash) {
            return Ok(());
        }
        let q = raw_sql!(
            seaql::Numbered::query,
            "DELETE FROM sessions WHERE hash = {hash}"
        );
        self.run(|db| db.execute(q))?;
        Ok(())
    }

    fn create_token(&self, t: &NewToken) -> Result<(), StoreError> {
        let created = ms_to_sql(t.created_ms);
        let q = raw_sql!(
            seaql::Numbered::query,
            "INSERT INTO api_tokens (id, hash, user_id, description, created_ms)
             VALUES ({t.id}, {t.hash}, {t.user_id}, {t.description}, {created})"
        );
        self.run(|db| db.execute(q))
            .map_err(|e| e.refusal(|| format!("token {}", t.id)))?;
        Ok(())
    }

    fn token_user(&self, hash: &str, now_ms: u64) -> Result<Option<User>, StoreError> {
        if unstorable(hash) {
            return Ok(None);
        }
        self.run(|db| {
            let Some(row) = db.row(raw_sql!(
                seaql::Numbered::query,
                "SELECT u.id, u.username, u.password_hash, u.created_ms, u.seen_ms, u.deleted_ms,
                    u.bot, t.used_ms
                 FROM api_tokens t JOIN users u ON u.id = t.user_id
                 WHERE t.hash = {hash} AND t.revoked_ms IS NULL AND u.deleted_ms IS NULL"
            ))?
            else {
                return Ok(None);
            };
            let found = user(&row)?;
            if stale(row.opt_ms(7)?, now_ms) {
                let now = ms_to_sql(now_ms);
                db.execute(raw_sql!(
                    seaql::Numbered::query,
                    "UPDATE api_tokens SET used_ms = {now} WHERE hash = {hash}"
                ))?;
            }
            touch(db, &found, now_ms)?;
            Ok(Some(found))
        })
    }

    fn list_tokens(&self, user_id: &UserId) -> Result<Vec<TokenInfo>, StoreError> {
        if unstorable(user_id) {
            return Ok(Vec::new());
        }
        let q = raw_sql!(
            seaql::Numbered::query,
            "SELECT id, description, created_ms, used_ms FROM api_tokens
             WHERE user_id = {user_id} AND revoked_ms IS NULL"
        );
        let mut tokens = self
            .run(|db| db.rows(q))?
            .iter()
            .map(|r| {
                Ok(TokenInfo {
                    id: r.id(0)?,
                    description: r.text(1)?,
                    created_ms: r.ms(2)?,
                    used_ms: r.opt_ms(3)?,
                })
            })
            .collect::<Result<Vec<_>, StoreError>>()?;
        // Oldest first, then by the bytes of the id, whatever the database's collation.
        tokens.sort_by(|a, b| (a.created_ms, &a.id).cmp(&(b.created_ms, &b.id)));
        Ok(tokens)
    }

    fn revoke_token(
        &self,
        user_id: &UserId,
        id: &TokenId,
        now_ms: u64,
    ) -> Result<bool, StoreError> {
        if unstorable(user_id) || unstorable(id) {
            return Ok(false);
        }
        let now = ms_to_sql(now_ms);
        let q = raw_sql!(
            seaql::Numbered::query,
            "UPDATE api_tokens SET revoked_ms = {now}
             WHERE id = {id} AND user_id = {user_id} AND revoked_ms IS NULL"
        );
        Ok(self.run(|db| db.execute(q))? == 1)
    }

    fn make_bot(&self, id: &UserId) -> Result<bool, StoreError> {
        if unstorable(id) {
            return Ok(false);
        }
        let q = raw_sql!(
            seaql::Numbered::query,
            "UPDATE users SET bot = TRUE WHERE id = {id} AND deleted_ms IS NULL AND NOT EXISTS
               (SELECT 1 FROM games WHERE sente_user = {id} OR gote_user = {id})"
        );
        Ok(self.run(|db| db.execute(q))? == 1)
    }

    fn preferences(&self, id: &UserId) -> Result<Option<String>, StoreError> {
        if unstorable(id) {
            return Ok(None);
        }
        let q = raw_sql!(
            seaql::Numbered::query,
            "SELECT prefs FROM preferences WHERE user_id = {id}"
        );
        self.run(|db| db.row(q))?.map(|r| r.text(0)).transpose()
    }

    fn set_preferences(&self, id: &UserId, prefs: &str, now_ms: u64) -> Result<bool, StoreError> {
        if unstorable(id) {
            return Ok(false);
        }
        let now = ms_to_sql(now_ms);
        let q = raw_sql!(
            seaql::Numbered::query,
            "INSERT INTO preferences (user_id, prefs, updated_ms)
             SELECT id, {prefs}, {now} FROM users WHERE id = {id} AND deleted_ms IS NULL
             ON CONFLICT (user_id) DO UPDATE SET prefs = excluded.prefs,
                updated_ms = excluded.updated_ms"
        );
        Ok(self.run(|db| db.execute(q))? == 1)
    }
}
