//! The secrets of accounts: session ids, API tokens, and their SHA-256 digests (all the
//! store keeps of them).
//!
//! SHA-256 (not argon2) is right here: these secrets are 128 random bits, not chosen by a
//! person, so no dictionary can guess them and a fast digest loses nothing.

use koma_store::tokens;

/// What every API token starts with, as lishogi's start with `lip_`: a token pasted in the
/// wrong place can be recognised (and found by secret scanners).
pub const TOKEN_PREFIX: &str = "koma_";

/// The SHA-256 of `secret`, in lowercase hex: the store's one digest of secrets.
pub use koma_store::tokens::hash as digest;

/// A new session id: 128 random bits in hex.
pub fn session_id() -> Result<String, getrandom::Error> {
    tokens::secret()
}

/// A new API token: its public id (64 random bits in hex, as a game id) and the token text,
/// [`TOKEN_PREFIX`] then the id then 128 secret bits, all in hex.
pub fn api_token() -> Result<(String, String), getrandom::Error> {
    let id = tokens::game_id()?;
    let token = format!("{TOKEN_PREFIX}{id}{}", tokens::secret()?);
    Ok((id, token))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_carry_their_id() {
        let (id, token) = api_token().unwrap();
        assert_eq!(token.len(), TOKEN_PREFIX.len() + 16 + 32);
        assert!(token.starts_with(&format!("{TOKEN_PREFIX}{id}")));
        assert_ne!(api_token().unwrap().1, token);
        assert_eq!(session_id().unwrap().len(), 32);
    }
}
