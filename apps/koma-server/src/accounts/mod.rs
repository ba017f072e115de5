//! Accounts: sign up, log in and out, change the password, delete the account, personal API
//! tokens; and who a request comes from ([`Player`]).
//!
//! A player proves who they are with a session cookie (the page) or an API token sent as
//! `Authorization: Bearer` (programs, as on lishogi); a token is created with the session
//! or with HTTP Basic (username and password). Secrets are stored only as digests
//! ([`secrets`]), passwords only as argon2id hashes ([`password`]).

pub mod json;
pub mod password;
mod player;
pub mod preferences;
pub mod secrets;

pub use player::{Credential, Player};

use crate::error::ApiError;
use crate::error::off_thread;
use crate::games::unix_ms;
use koma_store::Store;
use koma_store::accounts::{NewSession, NewToken, NewUser, TokenInfo, User};
use koma_store::{TokenId, UserId};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use tokio::sync::{Semaphore, SemaphorePermit};

/// How long a session lasts after the login (30 days).
pub const SESSION_MS: u64 = 30 * 24 * 3600 * 1000;

/// The most characters of a token's description.
pub const DESCRIPTION_MAX: usize = 200;

/// The environment variable that says the server is reached over HTTPS (behind a TLS
/// proxy): `1` adds `Secure` to the session cookie.
pub const HTTPS_VAR: &str = "KOMA_HTTPS";

/// The accounts of the server, over the store.
pub struct Accounts {
    store: Arc<dyn Store>,
    /// Password hashes being computed at once: each takes 19 MiB and a core for tens of
    /// milliseconds, so a burst of logins waits here instead of taking all the memory.
    hashing: Semaphore,
    /// The argon2 memory of the hashes not running, reused (at most one per permit of
    /// `hashing`).
    memory: std::sync::Mutex<Vec<password::Memory>>,
    /// How many argon2 jobs (a hash, or a password checked) have run.
    argon2_jobs: AtomicU64,
    /// Whether the session cookie is marked `Secure`.
    secure_cookie: bool,
}

impl Accounts {
    /// The accounts of `store`; `secure_cookie` when the server is reached over HTTPS.
    pub fn new(store: Arc<dyn Store>, secure_cookie: bool) -> Arc<Accounts> {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Arc::new(Accounts {
            store,
            hashing: Semaphore::new(cores.min(4)),
            memory: std::sync::Mutex::new(Vec::new()),
            argon2_jobs: AtomicU64::new(0),
            secure_cookie,
        })
    }

    /// [`Accounts::new`] with `secure_cookie` read from [`HTTPS_VAR`].
    pub fn from_env(store: Arc<dyn Store>) -> Arc<Accounts> {
        let https = std::env::var(HTTPS_VAR).is_ok_and(|v| v == "1" || v == "true");
        Accounts::new(store, https)
    }

    /// Whether the session cookie is marked `Secure`.
    pub fn secure_cookie(&self) -> bool {
        self.secure_cookie
    }

    /// Runs a store call off the async threads.
    async fn blocking<T: Send + 'static>(
        &self,
        f: impl FnOnce(&dyn Store) -> Result<T, koma_store::StoreError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let store = Arc::clone(&self.store);
        off_thread(move || Ok(f(store.as_ref())?)).await
    }

    /// Runs argon2 work off the async threads, a few at a time, each in memory kept from
    /// an earlier hash.
    async fn hashing<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut password::Memory) -> Result<T, ApiError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let _permit = self.permit().await?;
        let pool = || self.memory.lock().unwrap_or_else(|e| e.into_inner());
        let mut memory = pool().pop().unwrap_or_default();
        self.argon2_jobs.fetch_add(1, Ordering::Relaxed);
        let (result, memory) = off_thread(move || {
            let result = f(&mut memory);
            Ok((result, memory))
        })
        .await?;
        pool().push(memory);
        result
    }

    /// A turn to run CPU-heavy work (argon2, the strength estimate): a few at a time.
    async fn permit(&self) -> Result<SemaphorePermit<'_>, ApiError> {
        self.hashing
            .acquire()
            .await
            .map_err(|_| ApiError::ShuttingDown)
    }

    /// Refuses a new password of `username` that is too short, too long or too easy to
    /// guess ([`password::check_password`]), before any hashing: off the async threads, a
    /// few at a time like the hashes.
    async fn check_new_password(&self, username: &str, password: &str) -> Result<(), ApiError> {
        let _permit = self.permit().await?;
        let (name, pw) = (username.to_string(), password.to_string());
        off_thread(move || password::check_password(&pw, &name)).await
    }

    /// How many argon2 jobs have run (for the tests: a login costs one whatever the name).
    #[cfg(test)]
    fn argon2_jobs(&self) -> u64 {
        self.argon2_jobs.load(Ordering::Relaxed)
    }

    /// Makes the account `id` a bot (lishogi's `/api/bot/account/upgrade`): refused (400)
    /// once it has played a game, as on lishogi.
    pub async fn make_bot(&self, id: &UserId) -> Result<(), ApiError> {
        let key = id.clone();
        if self.blocking(move |s| s.make_bot(&key)).await? {
            Ok(())
        } else {
            Err(ApiError::BadParameter {
                name: "account",
                message: "an account that has played games cannot become a bot".into(),
            })
        }
    }

    /// The account called `name` (any case), deleted or not.
    pub async fn user(&self, name: &str) -> Result<Option<User>, ApiError> {
        let id = UserId::new(name.to_ascii_lowercase());
        self.blocking(move |s| s.user(&id)).await
    }

    /// Creates the account `username` with `password`.
    pub async fn sign_up(&self, username: &str, password: &str) -> Result<User, ApiError> {
        let id = password::check_username(username)?;
        self.check_new_password(username, password).await?;
        let taken = || ApiError::UsernameTaken {
            name: username.to_string(),
        };
        // A cheap look first, so that a taken name costs no hashing; the insert decides.
        if self.user(&id).await?.is_some() {
            return Err(taken());
        }
        let pw = password.to_string();
        let password_hash = self.hashing(move |m| password::hash(&pw, m)).await?;
        let new = NewUser {
            id: id.into(),
            username: username.to_string(),
            password_hash,
            created_ms: unix_ms(),
        };
        let stored = new.clone();
        if !self.blocking(move |s| s.create_user(&stored)).await? {
            return Err(taken());
        }
        Ok(User {
            id: new.id,
            username: new.username,
            password_hash: new.password_hash,
            created_ms: new.created_ms,
            seen_ms: None,
            deleted_ms: None,
            bot: false,
        })
    }

    /// The live account `username` if `password` is its password. A name without a live
    /// account costs the same argon2 work as one with it (see
    /// [`password::verify_or_dummy`]).
    pub async fn check_credentials(
        &self,
        username: &str,
        password: &str,
    ) -> Result<User, ApiError> {
        let user = self
            .user(username)
            .await?
            .filter(|u| u.deleted_ms.is_none());
        let (pw, phc) = (
            password.to_string(),
            user.as_ref().map(|u| u.password_hash.clone()),
        );
        let matches = self
            .hashing(move |m| password::verify_or_dummy(&pw, phc.as_deref(), m))
            .await?;
        match user {
            Some(user) if matches => Ok(user),
            _ => Err(ApiError::BadCredentials),
        }
    }

    async fn password_matches(&self, user: &User, password: &str) -> Result<bool, ApiError> {
        let (pw, phc) = (password.to_string(), user.password_hash.clone());
        self.hashing(move |m| Ok(password::verify(&pw, &phc, m)))
            .await
    }

    /// Logs in: the account and the new session's secret (for the cookie).
    pub async fn log_in(&self, username: &str, password: &str) -> Result<(User, String), ApiError> {
        let user = self.check_credentials(username, password).await?;
        let secret = secrets::session_id()?;
        let now = unix_ms();
        let session = NewSession {
            hash: secrets::digest(&secret),
            user_id: user.id.clone(),
            created_ms: now,
            expires_ms: now.saturating_add(SESSION_MS),
        };
        self.blocking(move |s| s.create_session(&session)).await?;
        Ok((user, secret))
    }

    /// The live account of the session with this secret.
    pub async fn by_session(&self, secret: &str) -> Result<Option<User>, ApiError> {
        let hash = secrets::digest(secret);
        self.blocking(move |s| s.session_user(&hash, unix_ms()))
            .await
    }

    /// The live account of this API token.
    pub async fn by_token(&self, token: &str) -> Result<Option<User>, ApiError> {
        let hash = secrets::digest(token);
        self.blocking(move |s| s.token_user(&hash, unix_ms())).await
    }

    /// Ends the session with this secret.
    pub async fn log_out(&self, secret: &str) -> Result<(), ApiError> {
        let hash = secrets::digest(secret);
        self.blocking(move |s| s.delete_session(&hash)).await
    }

    /// Checks `password` for the account `id` before a change of the account.
    async fn confirm(&self, id: &UserId, password: &str) -> Result<(), ApiError> {
        let user = self
            .user(id)
            .await?
            .filter(|u| u.deleted_ms.is_none())
            .ok_or(ApiError::Unauthenticated {
                reason: "the account no longer exists",
            })?;
        if self.password_matches(&user, password).await? {
            Ok(())
        } else {
            Err(ApiError::WrongPassword)
        }
    }

    /// Replaces the password of `id` after checking the old one; every session but
    /// `keep_session` (the secret of the one asking, if any) ends and every API token is
    /// revoked.
    pub async fn change_password(
        &self,
        id: &UserId,
        old: &str,
        new: &str,
        keep_session: Option<&str>,
    ) -> Result<(), ApiError> {
        self.check_new_password(id, new).await?;
        self.confirm(id, old).await?;
        let pw = new.to_string();
        let hash = self.hashing(move |m| password::hash(&pw, m)).await?;
        let (id, keep) = (id.clone(), keep_session.map(secrets::digest));
        self.blocking(move |s| s.set_password(&id, &hash, keep.as_deref(), unix_ms()))
            .await
    }

    /// Deletes the account `id` after checking its password: it can no longer log in, its
    /// sessions end, its tokens are revoked, its name stays taken.
    pub async fn delete(&self, id: &UserId, password: &str) -> Result<(), ApiError> {
        self.confirm(id, password).await?;
        let id = id.clone();
        self.blocking(move |s| s.delete_user(&id, unix_ms())).await
    }

    /// A new API token for `user_id`: its id and the token, which is shown this once.
    pub async fn create_token(
        &self,
        user_id: &UserId,
        description: &str,
    ) -> Result<(String, String), ApiError> {
        let chars = description.chars().count();
        if chars > DESCRIPTION_MAX {
            return Err(ApiError::TooLong {
                what: "description",
                chars,
                limit: DESCRIPTION_MAX,
            });
        }
        let (id, token) = secrets::api_token()?;
        let new = NewToken {
            id: TokenId::new(id.clone()),
            hash: secrets::digest(&token),
            user_id: user_id.clone(),
            description: description.trim().to_string(),
            created_ms: unix_ms(),
        };
        self.blocking(move |s| s.create_token(&new)).await?;
        Ok((id, token))
    }

    /// The live tokens of `user_id`, without their secrets.
    pub async fn tokens(&self, user_id: &UserId) -> Result<Vec<TokenInfo>, ApiError> {
        let id = user_id.clone();
        self.blocking(move |s| s.list_tokens(&id)).await
    }

    /// Revokes token `token_id` of `user_id`.
    pub async fn revoke_token(&self, user_id: &UserId, token_id: &TokenId) -> Result<(), ApiError> {
        let (user, token) = (user_id.clone(), token_id.clone());
        let revoked = self
            .blocking(move |s| s.revoke_token(&user, &token, unix_ms()))
            .await?;
        if revoked {
            Ok(())
        } else {
            Err(ApiError::no_such("token", token_id))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SqliteStore;

    const PASSWORD: &str = "correct horse battery staple";

    /// A login for a name without a live account (none, or deleted) checks the password
    /// against a hash all the same, so that it takes as long as a login to a real account
    /// and does not tell which names exist.
    #[tokio::test]
    async fn a_login_runs_argon2_once_whether_or_not_the_name_has_an_account() {
        let accounts = Accounts::new(Arc::new(SqliteStore::in_memory().unwrap()), false);
        accounts.sign_up("Alice", PASSWORD).await.unwrap();
        accounts.sign_up("Bob", PASSWORD).await.unwrap();
        accounts
            .delete(&UserId::from("bob"), PASSWORD)
            .await
            .unwrap();
        for (name, password) in [
            ("alice", "wrong guess"),
            ("nobody", "wrong guess"),
            ("nobody", PASSWORD),
            ("bob", PASSWORD),
        ] {
            let before = accounts.argon2_jobs();
            let refused = accounts
                .check_credentials(name, password)
                .await
                .unwrap_err();
            assert!(
                matches!(refused, ApiError::BadCredentials),
                "{name}: {refused}"
            );
            assert_eq!(accounts.argon2_jobs(), before + 1, "{name}");
        }
        let before = accounts.argon2_jobs();
        accounts.check_credentials("ALICE", PASSWORD).await.unwrap();
        assert_eq!(accounts.argon2_jobs(), before + 1);
    }
}
