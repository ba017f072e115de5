//! Secrets from the operating system: game ids, seat tokens, invitations, coin tosses; and
//! the hashes under which the secrets are stored.

use sha2::{Digest, Sha256};

/// `bytes` random bytes as lowercase hex, from the operating system's generator.
fn random_hex(bytes: usize) -> Result<String, getrandom::Error> {
    let mut buf = vec![0u8; bytes];
    getrandom::fill(&mut buf)?;
    Ok(buf.iter().map(|b| format!("{b:02x}")).collect())
}

/// A new game id: 64 random bits, 16 hex digits (ids are public; tokens are the secrets).
pub fn game_id() -> Result<String, getrandom::Error> {
    random_hex(8)
}

/// A new seat token or invitation: 128 random bits, 32 hex digits.
pub fn secret() -> Result<String, getrandom::Error> {
    random_hex(16)
}

/// The SHA-256 of a seat token or invitation, as 64 lowercase hex digits: what the store
/// keeps instead of the secret. A plain hash suffices (no salt, no slow hash as for a
/// password): the secrets are 128 random bits, too many to guess whatever the hash costs.
pub fn hash(secret: &str) -> String {
    Sha256::digest(secret.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Whether `given` is the secret whose [`hash`] is `stored`, in constant time (see
/// [`same`]). An empty `stored` is a seat no token holds yet: nothing matches it.
pub fn matches(given: &str, stored: &str) -> bool {
    !stored.is_empty() && same(&hash(given), stored)
}

/// A random 64-bit number (the furigoma seed).
pub fn seed() -> Result<u64, getrandom::Error> {
    let mut buf = [0u8; 8];
    getrandom::fill(&mut buf)?;
    Ok(u64::from_le_bytes(buf))
}

/// Whether `given` equals `secret`, taking the same time wherever they differ (so the time of
/// a refusal tells nothing about how much of a token was right).
pub fn same(given: &str, secret: &str) -> bool {
    let (a, b) = (given.as_bytes(), secret.as_bytes());
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_hex_and_differ() {
        let (a, b) = (secret().unwrap(), secret().unwrap());
        assert_eq!(a.len(), 32);
        assert!(a.bytes().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
        assert_eq!(game_id().unwrap().len(), 16);
    }

    #[test]
    fn hashes_are_sha256_hex() {
        // The SHA-256 of "abc" (FIPS 180-2, appendix B.1).
        assert_eq!(
            hash("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert!(matches("abc", &hash("abc")));
        assert!(!matches("abd", &hash("abc")));
        assert!(!matches("", ""));
        assert!(!matches("abc", ""));
    }

    #[test]
    fn comparison() {
        assert!(same("abc", "abc"));
        assert!(!same("abd", "abc"));
        assert!(!same("ab", "abc"));
        assert!(!same("", "abc"));
    }
}
