//! Who acts: a logged-in player (an account) and how the request proved it. The HTTP
//! layer's extractors (`http/auth.rs`) make one from the session cookie or a token; the services
//! take it.

use koma_store::UserId;
use koma_store::accounts::User;

/// How a request proved who it comes from.
#[derive(Clone, PartialEq, Eq)]
pub enum Credential {
    /// The session cookie (its secret, to end or keep this session).
    Session(String),
    /// An API token (`Authorization: Bearer`).
    Token,
    /// The username and password (`Authorization: Basic`), accepted only where a handler
    /// takes an `Owner` (`http/auth.rs`).
    Password,
}

impl std::fmt::Debug for Credential {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never the secret.
        f.write_str(match self {
            Credential::Session(_) => "Session",
            Credential::Token => "Token",
            Credential::Password => "Password",
        })
    }
}

/// A logged-in player: the account a request comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// The account's id: the username in lowercase.
    pub id: UserId,
    /// The username as typed at sign-up.
    pub name: String,
    /// A bot account.
    pub bot: bool,
    /// How the request proved it (the cross-site check applies to the cookie only).
    pub credential: Credential,
}

impl Player {
    /// The player of the account `user`, proved by `credential`.
    pub fn of(user: User, credential: Credential) -> Player {
        Player {
            id: user.id,
            name: user.username,
            bot: user.bot,
            credential,
        }
    }

    /// The session's secret, when the request came with the cookie.
    pub fn session(&self) -> Option<&str> {
        match &self.credential {
            Credential::Session(secret) => Some(secret),
            _ => None,
        }
    }
}
