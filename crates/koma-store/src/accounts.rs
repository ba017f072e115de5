//! What an account is on disk, and the operations on accounts the store must offer.
//!
//! Secrets never reach the store: a session id and an API token are stored as their SHA-256
//! ([`crate::tokens::hash`]), a password as its argon2id PHC string.

use crate::StoreError;
use crate::{TokenId, UserId};

/// A new account as it is first stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewUser {
    /// The username in lowercase: the account's id, unique (so names are unique whatever
    /// their case).
    pub id: UserId,
    /// The username as typed.
    pub username: String,
    /// The password's argon2id hash (a PHC string).
    pub password_hash: String,
    /// When the account was created (Unix milliseconds).
    pub created_ms: u64,
}

/// An account as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct User {
    /// The username in lowercase.
    pub id: UserId,
    /// The username as typed.
    pub username: String,
    /// The password's argon2id hash (empty once the account is deleted).
    pub password_hash: String,
    /// When the account was created (Unix milliseconds).
    pub created_ms: u64,
    /// When it was last seen (a login or an authenticated request, to the minute).
    pub seen_ms: Option<u64>,
    /// When it was deleted: its name stays taken, its games show a deleted player.
    pub deleted_ms: Option<u64>,
    /// A bot account (lishogi's `/api/bot/account/upgrade`).
    pub bot: bool,
}

/// The name a game shows for a player whose account was deleted.
pub const DELETED_PLAYER: &str = "deleted player";

impl User {
    /// The name to show beside the player's games: the username, or [`DELETED_PLAYER`]
    /// once the account is deleted. (Games are not linked to accounts yet; when they are,
    /// their player bars and lists show this.)
    pub fn shown_name(&self) -> &str {
        if self.deleted_ms.is_some() {
            DELETED_PLAYER
        } else {
            &self.username
        }
    }
}

/// A new login session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewSession {
    /// The SHA-256 of the cookie's secret, in hex.
    pub hash: String,
    /// The account's id.
    pub user_id: UserId,
    /// When it was opened (Unix milliseconds).
    pub created_ms: u64,
    /// When it stops being accepted (Unix milliseconds).
    pub expires_ms: u64,
}

/// A new personal API token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewToken {
    /// Its public id (shown in lists, used to revoke it).
    pub id: TokenId,
    /// The SHA-256 of the whole token, in hex.
    pub hash: String,
    /// The account's id.
    pub user_id: UserId,
    /// What its owner said it is for.
    pub description: String,
    /// When it was created (Unix milliseconds).
    pub created_ms: u64,
}

/// A token as listed to its owner: everything but the secret.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct TokenInfo {
    /// Its public id.
    pub id: TokenId,
    /// What its owner said it is for.
    pub description: String,
    /// When it was created (Unix milliseconds).
    pub created_ms: u64,
    /// When it was last used (to the minute), if ever.
    pub used_ms: Option<u64>,
}

/// How long a `seen` time may lag: an authenticated request writes it at most this often.
pub const SEEN_RESOLUTION_MS: u64 = 60_000;

/// Where accounts, sessions and tokens are kept. Blocking, like [`crate::Store`].
pub trait AccountStore: Send + Sync {
    /// Stores a new account; `false` (nothing stored) if its id is taken.
    fn create_user(&self, user: &NewUser) -> Result<bool, StoreError>;
    /// The account `id` (lowercase), deleted or not.
    fn user(&self, id: &UserId) -> Result<Option<User>, StoreError>;
    /// Replaces the password hash of `id`, ends its sessions but `keep` (a session hash) and
    /// revokes its API tokens at `now_ms`, in one transaction: whoever knew the old password
    /// keeps nothing it opened.
    fn set_password(
        &self,
        id: &UserId,
        hash: &str,
        keep: Option<&str>,
        now_ms: u64,
    ) -> Result<(), StoreError>;
    /// Marks `id` deleted at `now_ms`, forgets its password, ends its sessions and revokes
    /// its tokens, in one transaction. The row stays: the name remains taken.
    fn delete_user(&self, id: &UserId, now_ms: u64) -> Result<(), StoreError>;
    /// Stores a new session.
    fn create_session(&self, session: &NewSession) -> Result<(), StoreError>;
    /// The live account whose unexpired session has this hash (its `seen` noted at
    /// `now_ms`); expired sessions of that hash are removed.
    fn session_user(&self, hash: &str, now_ms: u64) -> Result<Option<User>, StoreError>;
    /// Ends the session with this hash (nothing if unknown).
    fn delete_session(&self, hash: &str) -> Result<(), StoreError>;
    /// Stores a new API token.
    fn create_token(&self, token: &NewToken) -> Result<(), StoreError>;
    /// The live account holding the unrevoked token with this hash (its use noted at
    /// `now_ms`).
    fn token_user(&self, hash: &str, now_ms: u64) -> Result<Option<User>, StoreError>;
    /// The unrevoked tokens of `user_id`, oldest first.
    fn list_tokens(&self, user_id: &UserId) -> Result<Vec<TokenInfo>, StoreError>;
    /// Revokes token `id` of `user_id` at `now_ms`; `false` if it has no such live token.
    fn revoke_token(&self, user_id: &UserId, id: &TokenId, now_ms: u64)
    -> Result<bool, StoreError>;
    /// Makes `id` a bot account (lishogi's upgrade) if it has played no game; `false`
    /// (nothing changed) if it has.
    fn make_bot(&self, id: &UserId) -> Result<bool, StoreError>;
    /// The page's preferences of `id` (the JSON text [`AccountStore::set_preferences`]
    /// stored), if it has any.
    fn preferences(&self, id: &UserId) -> Result<Option<String>, StoreError>;
    /// Replaces the page's preferences of the live account `id` with `prefs` (a JSON text
    /// the caller checked); `false` (nothing stored) if there is no such account.
    fn set_preferences(&self, id: &UserId, prefs: &str, now_ms: u64) -> Result<bool, StoreError>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deleted_player_is_shown_as_such() {
        let mut user = User {
            id: "habu".into(),
            username: "Habu".to_string(),
            password_hash: String::new(),
            created_ms: 0,
            seen_ms: None,
            deleted_ms: None,
            bot: false,
        };
        assert_eq!(user.shown_name(), "Habu");
        user.deleted_ms = Some(1);
        assert_eq!(user.shown_name(), "deleted player");
    }
}
