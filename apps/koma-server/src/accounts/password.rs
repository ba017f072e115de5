//! Usernames and passwords: the rules they follow (a password's strength estimated by
//! zxcvbn), and the argon2id hash a password is stored as.

use crate::error::{ApiError, Internal};
use argon2::password_hash::phc::{Output, ParamsString, PasswordHash, Salt};
use argon2::{Algorithm, Argon2, Block, Params, Version};
use std::sync::OnceLock;

/// The fewest characters of a username.
pub const NAME_MIN: usize = 2;
/// The most characters of a username.
pub const NAME_MAX: usize = 20;
/// The fewest characters of a password.
pub const PASSWORD_MIN: usize = 8;
/// The most characters of a password (a bound on the work one request can ask for).
pub const PASSWORD_MAX: usize = 256;
/// The lowest zxcvbn score a new password may have: 3 of 4 (about 10^10 guesses), as
/// zxcvbn's documentation says ("any score less than 3 should be considered too weak").
pub const STRENGTH_MIN: zxcvbn::Score = zxcvbn::Score::Three;
/// How many of a password's first characters zxcvbn reads. Its time grows steeply with the
/// length: a password of look-alike symbols (`4@8(<{[6#!|1l+70$5%2...`) took it 20-140 ms
/// at 20 characters, 0.3 s at 32 and 1.2 s at 64 in a release build, where an argon2 hash
/// takes 20-40 ms. A longer password must be strong in its first 20.
pub const STRENGTH_CHARS: usize = 20;
/// The words anyone guessing a password here tries first, besides the username.
const SITE_WORDS: [&str; 2] = ["koma", "shogi"];

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

/// Refuses a new password of `username` that is too short, too long, or too easy to guess
/// (zxcvbn's score of its first [`STRENGTH_CHARS`] characters below [`STRENGTH_MIN`], the
/// username and `SITE_WORDS` counted as known words), saying why. Some milliseconds of
/// work: call it off the async threads, before any hashing.
pub fn check_password(password: &str, username: &str) -> Result<(), ApiError> {
    let chars = password.chars().count();
    if !(PASSWORD_MIN..=PASSWORD_MAX).contains(&chars) {
        return Err(ApiError::InvalidPassword {
            chars,
            min: PASSWORD_MIN,
            max: PASSWORD_MAX,
        });
    }
    let end = password
        .char_indices()
        .nth(STRENGTH_CHARS)
        .map_or(password.len(), |(i, _)| i);
    let mut known = vec![username];
    known.extend(SITE_WORDS);
    let estimate = zxcvbn::zxcvbn(&password[..end], &known);
    if estimate.score() >= STRENGTH_MIN {
        return Ok(());
    }
    Err(ApiError::WeakPassword {
        reason: weakness(estimate.feedback()),
    })
}

/// What zxcvbn says of a weak password: its warning, then its suggestions.
fn weakness(feedback: Option<&zxcvbn::feedback::Feedback>) -> String {
    let mut said: Vec<String> = Vec::new();
    if let Some(feedback) = feedback {
        said.extend(feedback.warning().map(|w| w.to_string()));
        said.extend(feedback.suggestions().iter().map(|s| s.to_string()));
    }
    if said.is_empty() {
        said.push("Add another word or two. Uncommon words are better.".to_string());
    }
    said.join(" ")
}

/// The memory of argon2id in KiB (19 MiB): OWASP's first recommended setting, with
/// [`PASSES`] and one lane; also the `argon2` crate's default, written out so that a change
/// of the crate's default cannot change it silently.
const MEMORY_KIB: u32 = 19 * 1024;
/// The passes over the memory.
const PASSES: u32 = 2;

/// The parameters of a new hash.
fn params() -> Result<Params, ApiError> {
    Params::new(MEMORY_KIB, PASSES, 1, None).map_err(|e| Internal::Argon2(e).into())
}

/// The 19 MiB an argon2id hash works in, allocated once and reused hash after hash. Each
/// hash allocating its own let glibc keep the freed blocks in its per-thread arenas (a
/// block this size is not given back once the allocator has raised its mmap threshold):
/// 300 sign-ups left a server at 555 MB. [`super::Accounts`] keeps one per hash that may
/// run at once.
pub struct Memory(Vec<Block>);

impl Memory {
    /// The memory of one hash with the parameters of new hashes.
    pub fn new() -> Memory {
        Memory(vec![Block::new(); MEMORY_KIB as usize])
    }
}

impl Default for Memory {
    fn default() -> Memory {
        Memory::new()
    }
}

/// Runs `argon2` for `password` and `salt` into `out` in `memory` (or, for an old hash
/// whose parameters need more, in memory of its own).
fn run(
    argon2: &Argon2<'_>,
    password: &str,
    salt: &[u8],
    out: &mut [u8],
    memory: &mut Memory,
) -> Result<(), argon2::Error> {
    let needed = argon2.params().block_count();
    if needed <= memory.0.len() {
        argon2.hash_password_into_with_memory(password.as_bytes(), salt, out, &mut memory.0[..])
    } else {
        argon2.hash_password_into(password.as_bytes(), salt, out)
    }
}

/// `password` hashed with argon2id and a fresh random salt in `memory`, as a PHC string
/// (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`). Slow on purpose: call it off the async
/// threads.
pub fn hash(password: &str, memory: &mut Memory) -> Result<String, ApiError> {
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt)?;
    let params = params()?;
    let argon2 = Argon2::new(Algorithm::Argon2id, Version::V0x13, params.clone());
    let mut out = [0u8; Params::DEFAULT_OUTPUT_LEN];
    run(&argon2, password, &salt, &mut out, memory).map_err(Internal::Argon2)?;
    let hashed = PasswordHash {
        algorithm: Algorithm::Argon2id.ident(),
        version: Some(Version::V0x13.into()),
        params: ParamsString::try_from(&params).map_err(Internal::PasswordHash)?,
        salt: Some(Salt::new(&salt).map_err(Internal::Phc)?),
        hash: Some(Output::new(&out).map_err(Internal::Phc)?),
    };
    Ok(hashed.to_string())
}

/// Whether `password` is the one hashed in `phc` (false for an empty or unreadable hash,
/// as a deleted account has), worked out in `memory`. Slow on purpose, like [`hash`].
pub fn verify(password: &str, phc: &str, memory: &mut Memory) -> bool {
    let Ok(parsed) = PasswordHash::new(phc) else {
        return false;
    };
    // The parameters are the hash's own (read from the PHC string), so hashes made with
    // other settings still verify.
    let (Some(salt), Some(expected)) = (&parsed.salt, &parsed.hash) else {
        return false;
    };
    let (Ok(algorithm), Ok(params)) = (
        Algorithm::try_from(parsed.algorithm.as_str()),
        Params::try_from(&parsed),
    ) else {
        return false;
    };
    let version = match parsed.version.map(Version::try_from) {
        None => Version::default(),
        Some(Ok(v)) => v,
        Some(Err(_)) => return false,
    };
    let argon2 = Argon2::new(algorithm, version, params);
    let mut out = vec![0u8; expected.len()];
    run(&argon2, password, salt.as_ref(), &mut out, memory).is_ok()
        // Output's equality is constant-time.
        && Output::new(&out).is_ok_and(|o| o == *expected)
}

/// The hash a password is checked against when the name has no live account: a random
/// password's, made once (on the first such login) with the parameters of new hashes.
fn dummy_hash(memory: &mut Memory) -> Result<&'static str, ApiError> {
    static DUMMY: OnceLock<String> = OnceLock::new();
    if let Some(made) = DUMMY.get() {
        return Ok(made);
    }
    let made = hash(&super::secrets::session_id()?, memory)?;
    Ok(DUMMY.get_or_init(|| made))
}

/// Whether `password` is the one hashed in `phc`, as [`verify`]; without a hash (no live
/// account of that name) `password` is checked against a dummy hash all the same and
/// refused, so that a login to a name without an account takes as long as one to a name
/// with one and does not tell which names exist.
pub fn verify_or_dummy(
    password: &str,
    phc: Option<&str>,
    memory: &mut Memory,
) -> Result<bool, ApiError> {
    match phc {
        Some(phc) => Ok(verify(password, phc, memory)),
        None => {
            let dummy = dummy_hash(memory)?;
            std::hint::black_box(verify(password, dummy, memory));
            Ok(false)
        }
    }
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
        for strong in [
            "correct horse battery staple",
            "q7Rv!x2Lm#9t",
            "王将と金将と銀将と桂馬",
        ] {
            check_password(strong, "habu").unwrap();
        }
        let e = check_password("1234567", "habu").unwrap_err();
        assert_eq!(e.code(), "invalid_password");
        let e = check_password(&"x".repeat(PASSWORD_MAX + 1), "habu").unwrap_err();
        assert_eq!(e.code(), "invalid_password");
        for weak in [
            "password",
            "12345678",
            "shogishogi",
            "komashogi",
            "habuhabu",
            "Habu1234",
            "王将王将王将王将",
        ] {
            let e = check_password(weak, "Habu").unwrap_err();
            assert_eq!(e.code(), "weak_password", "{weak}");
            assert!(
                e.to_string()
                    .starts_with("the password is too easy to guess: "),
                "{e}"
            );
        }
        let e = check_password("password", "habu").unwrap_err();
        assert_eq!(
            e.to_string(),
            "the password is too easy to guess: This is a top-10 common password. \
             Add another word or two. Uncommon words are better."
        );
        // Only the first characters are read: a weak start is not saved by what follows.
        let padded = format!("{}{}", "a".repeat(STRENGTH_CHARS), "q7Rv!x2Lm#9t");
        assert_eq!(
            check_password(&padded, "habu").unwrap_err().code(),
            "weak_password"
        );
    }

    #[test]
    fn hash_and_verify() {
        let memory = &mut Memory::new();
        let h = hash("correct horse", memory).unwrap();
        assert!(h.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{h}");
        assert!(!h.contains("correct horse"));
        assert!(verify("correct horse", &h, memory));
        assert!(!verify("correct horsE", &h, memory));
        assert!(!verify("correct horse", "", memory));
        assert!(!verify(
            "correct horse",
            "$argon2id$v=19$m=19456,t=2,p=1$",
            memory
        ));
        assert_ne!(
            hash("correct horse", memory).unwrap(),
            h,
            "a fresh salt each time"
        );
    }

    #[test]
    fn the_dummy_hash_is_a_new_hash_of_no_password() {
        let memory = &mut Memory::new();
        let dummy = dummy_hash(memory).unwrap();
        assert!(
            dummy.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{dummy}"
        );
        assert_eq!(dummy_hash(memory).unwrap(), dummy, "made once");
        for password in ["", "correct horse battery staple"] {
            assert!(!verify_or_dummy(password, None, memory).unwrap());
        }
        let h = hash("correct horse", memory).unwrap();
        assert!(verify_or_dummy("correct horse", Some(&h), memory).unwrap());
    }

    /// The hashes are the argon2 crate's own: a hash it made (as the accounts of an older
    /// file have) verifies here, one made here verifies there, with the memory reused.
    #[test]
    fn hashes_agree_with_the_argon2_crate() {
        use argon2::password_hash::{PasswordHasher, PasswordVerifier};
        let memory = &mut Memory::new();
        let crate_hash = Argon2::default()
            .hash_password_with_salt(b"hunter42 hunter42", b"a salt of 16 b..")
            .unwrap()
            .to_string();
        assert!(verify("hunter42 hunter42", &crate_hash, memory));
        assert!(!verify("hunter42 hunter43", &crate_hash, memory));
        let mine = hash("hunter42 hunter42", memory).unwrap();
        let parsed = PasswordHash::new(&mine).unwrap();
        assert!(
            Argon2::default()
                .verify_password(b"hunter42 hunter42", &parsed)
                .is_ok()
        );
        // Smaller parameters than ours verify in our memory; larger ones in their own.
        for m in [8 * 1024, 24 * 1024] {
            let other = Argon2::new(
                Algorithm::Argon2id,
                Version::V0x13,
                Params::new(m, 1, 1, None).unwrap(),
            )
            .hash_password_with_salt(b"hunter42 hunter42", b"a salt of 16 b..")
            .unwrap()
            .to_string();
            assert!(verify("hunter42 hunter42", &other, memory), "m={m}");
            assert!(!verify("hunter42", &other, memory), "m={m}");
        }
    }
}
