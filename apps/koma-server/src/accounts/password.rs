//! Usernames and passwords: the rules they follow, and the argon2id hash a password is
//! stored as.

use crate::error::ApiError;
use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use argon2::{Algorithm, Argon2, Params, Version};

/// The fewest characters of a username.
pub const NAME_MIN: usize = 2;
/// The most characters of a username.
pub const NAME_MAX: usize = 20;
/// The fewest characters of a password.
pub const PASSWORD_MIN: usize = 8;
/// The most characters of a password (a bound on the work one request can ask for).
pub const PASSWORD_MAX: usize = 256;

/// The account id of `username`: its lowercase, if it is a valid username.
pub fn check_username(username: &str) -> Result<String, ApiError> {
    let refuse = |reason: String| ApiError::InvalidUsername { reason };
    let chars = username.chars().count();
    if !(NAME_MIN..=NAME_MAX).contains(&chars) {
        return Err(refuse(format!(
            "it has {chars} characters: a username has {NAME_MIN} to {NAME_MAX}"
        )));
    }
    if let Some(bad) = username
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || *c == '_' || *c == '-'))
    {
        return Err(refuse(format!(
            "{bad:?} is not allowed: use letters A-Z, digits, '_' and '-'"
        )));
    }
    Ok(username.to_ascii_lowercase())
}

/// Refuses a password that is too short or too long.
pub fn check_password(password: &str) -> Result<(), ApiError> {
    let chars = password.chars().count();
    if (PASSWORD_MIN..=PASSWORD_MAX).contains(&chars) {
        Ok(())
    } else {
        Err(ApiError::InvalidPassword {
            chars,
            min: PASSWORD_MIN,
            max: PASSWORD_MAX,
        })
    }
}

/// Argon2id with OWASP's first recommended setting (19 MiB, 2 passes, 1 lane), which is also
/// the `argon2` crate's default, written out so that a change of the crate's default
/// cannot change it silently.
fn hasher() -> Result<Argon2<'static>, ApiError> {
    let params = Params::new(19 * 1024, 2, 1, None)
        .map_err(|e| ApiError::internal(format!("argon2 parameters: {e}")))?;
    Ok(Argon2::new(Algorithm::Argon2id, Version::V0x13, params))
}

/// `password` hashed with argon2id and a fresh random salt, as a PHC string
/// (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`). Slow on purpose: call it off the async
/// threads.
pub fn hash(password: &str) -> Result<String, ApiError> {
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt)?;
    let hashed = hasher()?
        .hash_password_with_salt(password.as_bytes(), &salt)
        .map_err(|e| ApiError::internal(format!("argon2: {e}")))?;
    Ok(hashed.to_string())
}

/// Whether `password` is the one hashed in `phc` (false for an empty or unreadable hash,
/// as a deleted account has). Slow on purpose, like [`hash`].
pub fn verify(password: &str, phc: &str) -> bool {
    let Ok(parsed) = PasswordHash::new(phc) else {
        return false;
    };
    // The parameters are the hash's own (read from the PHC string), so hashes made with
    // other settings still verify.
    Argon2::default()
        .verify_password(password.as_bytes(), &parsed)
        .is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usernames() {
        assert_eq!(check_username("Habu_Yoshiharu").unwrap(), "habu_yoshiharu");
        assert_eq!(check_username("a-1").unwrap(), "a-1");
        for bad in [
            "a",
            "",
            "abcdefghijklmnopqrstu",
            "名人",
            "a b",
            "a.b",
            "a@b",
        ] {
            let e = check_username(bad).unwrap_err();
            assert_eq!(e.code(), "invalid_username", "{bad}");
        }
        assert!(
            check_username("a b")
                .unwrap_err()
                .to_string()
                .contains("' ' is not allowed")
        );
        assert!(
            check_username("x")
                .unwrap_err()
                .to_string()
                .contains("1 characters")
        );
    }

    #[test]
    fn passwords() {
        assert!(check_password("12345678").is_ok());
        assert!(check_password("王将王将王将王将").is_ok());
        let e = check_password("1234567").unwrap_err();
        assert_eq!(e.code(), "invalid_password");
        assert!(check_password(&"x".repeat(PASSWORD_MAX + 1)).is_err());
    }

    #[test]
    fn hash_and_verify() {
        let h = hash("correct horse").unwrap();
        assert!(h.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{h}");
        assert!(!h.contains("correct horse"));
        assert!(verify("correct horse", &h));
        assert!(!verify("correct horsE", &h));
        assert!(!verify("correct horse", ""));
        assert_ne!(hash("correct horse").unwrap(), h, "a fresh salt each time");
    }
}
