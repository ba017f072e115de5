//! Secrets from the operating system: game ids, seat tokens, invitations, coin tosses.

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
    fn comparison() {
        assert!(same("abc", "abc"));
        assert!(!same("abd", "abc"));
        assert!(!same("ab", "abc"));
        assert!(!same("", "abc"));
    }
}
