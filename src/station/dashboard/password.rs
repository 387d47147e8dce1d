//! The arbiters' password for the dashboard, kept only as a hash in `station.toml`:
//! `$pbkdf2-sha256$i=<iterations>$<salt>$<hash>`, PBKDF2-HMAC-SHA256 over a random 16-byte
//! salt, salt and hash in standard base64 without padding. `talkclock station passwd` writes
//! the line; a login is checked against it in constant time.

use base64::engine::general_purpose::STANDARD_NO_PAD;
use base64::Engine as _;
use sha2::Sha256;
use std::fmt;

/// PBKDF2 rounds of a new hash (OWASP's figure for PBKDF2-HMAC-SHA256). One login costs
/// about 0.25 s of one core in a release build (`docs/DASHBOARD.md`); logins are checked one
/// at a time, off the web thread.
pub const ITERATIONS: u32 = 600_000;

/// The fewest rounds a hash in the configuration may have.
pub const MIN_ITERATIONS: u32 = 100_000;

/// The most: a login with more would stall for minutes.
pub const MAX_ITERATIONS: u32 = 10_000_000;

/// The shortest password `passwd` takes, in characters.
pub const MIN_PASSWORD_CHARS: usize = 8;

const TAG: &str = "pbkdf2-sha256";
const SALT_BYTES: usize = 16;
const HASH_BYTES: usize = 32;

/// Why a hash or a password cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PasswordError {
    /// The text is not a hash of this format.
    #[error("not a password hash of the form $pbkdf2-sha256$i=N$SALT$HASH (write one with `talkclock station passwd`): {0}")]
    Format(&'static str),
    /// Too few or too many rounds.
    #[error("{0} rounds: use {MIN_ITERATIONS} to {MAX_ITERATIONS} (`talkclock station passwd` writes {ITERATIONS})")]
    Rounds(u32),
    /// A new password too short.
    #[error("the password is too short: at least {MIN_PASSWORD_CHARS} characters")]
    TooShort,
    /// No random bytes for the salt.
    #[error("cannot get random bytes from the operating system: {0}")]
    Random(String),
}

/// A password's hash, as the configuration holds it.
#[derive(Clone, PartialEq, Eq)]
pub struct PasswordHash {
    iterations: u32,
    salt: Vec<u8>,
    hash: [u8; HASH_BYTES],
}

impl fmt::Debug for PasswordHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PasswordHash(i={})", self.iterations)
    }
}

impl fmt::Display for PasswordHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "${TAG}$i={}${}${}",
            self.iterations,
            STANDARD_NO_PAD.encode(&self.salt),
            STANDARD_NO_PAD.encode(self.hash)
        )
    }
}

impl PasswordHash {
    /// Hashes a new password with a random salt and [`ITERATIONS`] rounds.
    pub fn new(password: &str) -> Result<PasswordHash, PasswordError> {
        if password.chars().count() < MIN_PASSWORD_CHARS {
            return Err(PasswordError::TooShort);
        }
        let mut salt = vec![0u8; SALT_BYTES];
        getrandom::fill(&mut salt).map_err(|e| PasswordError::Random(e.to_string()))?;
        Ok(PasswordHash::with(password, salt, ITERATIONS))
    }

    /// The hash of `password` over `salt` with `iterations` rounds.
    pub fn with(password: &str, salt: Vec<u8>, iterations: u32) -> PasswordHash {
        PasswordHash {
            hash: derive(password, &salt, iterations),
            iterations,
            salt,
        }
    }

    /// Reads a hash as `station.toml` holds it.
    pub fn parse(text: &str) -> Result<PasswordHash, PasswordError> {
        let parts: Vec<&str> = text.split('$').collect();
        let ["", tag, rounds, salt, hash] = parts.as_slice() else {
            return Err(PasswordError::Format("five fields separated by '$'"));
        };
        if *tag != TAG {
            return Err(PasswordError::Format("the algorithm must be pbkdf2-sha256"));
        }
        let iterations: u32 = rounds
            .strip_prefix("i=")
            .and_then(|n| n.parse().ok())
            .ok_or(PasswordError::Format("the rounds must read i=N"))?;
        if !(MIN_ITERATIONS..=MAX_ITERATIONS).contains(&iterations) {
            return Err(PasswordError::Rounds(iterations));
        }
        let salt = STANDARD_NO_PAD
            .decode(salt)
            .map_err(|_| PasswordError::Format("the salt is not base64"))?;
        if salt.len() < 8 {
            return Err(PasswordError::Format("the salt is shorter than 8 bytes"));
        }
        let hash: [u8; HASH_BYTES] = STANDARD_NO_PAD
            .decode(hash)
            .ok()
            .and_then(|h| h.try_into().ok())
            .ok_or(PasswordError::Format("the hash is not 32 bytes of base64"))?;
        Ok(PasswordHash {
            iterations,
            salt,
            hash,
        })
    }

    /// Whether `password` is the one hashed (the comparison takes the same time wherever
    /// the first difference is).
    pub fn verify(&self, password: &str) -> bool {
        let candidate = derive(password, &self.salt, self.iterations);
        constant_time_eq(&candidate, &self.hash)
    }

    /// Its rounds.
    pub fn iterations(&self) -> u32 {
        self.iterations
    }
}

fn derive(password: &str, salt: &[u8], iterations: u32) -> [u8; HASH_BYTES] {
    let mut out = [0u8; HASH_BYTES];
    pbkdf2::pbkdf2_hmac::<Sha256>(password.as_bytes(), salt, iterations, &mut out);
    out
}

/// Whether `a` and `b` are equal, looking at every byte whatever the first difference (the
/// lengths are not secret).
pub fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let diff = a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y));
    std::hint::black_box(diff) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A low round count keeps the tests quick; the format is the same.
    fn quick(password: &str) -> PasswordHash {
        PasswordHash::with(password, b"0123456789abcdef".to_vec(), MIN_ITERATIONS)
    }

    #[test]
    fn the_right_password_verifies_and_a_wrong_one_does_not() {
        let h = quick("correct horse");
        assert!(h.verify("correct horse"));
        assert!(!h.verify("correct hors"));
        assert!(!h.verify("correct horse "));
        assert!(!h.verify(""));
    }

    #[test]
    fn a_hash_reads_back_from_its_text() {
        let h = quick("пароль судей");
        let text = h.to_string();
        assert!(text.starts_with("$pbkdf2-sha256$i=100000$"), "{text}");
        let back = PasswordHash::parse(&text).unwrap();
        assert_eq!(back, h);
        assert!(back.verify("пароль судей"));
    }

    #[test]
    fn the_derived_key_is_pbkdf2_hmac_sha256() {
        // RFC 7914, section 11: PBKDF2-HMAC-SHA256 ("passwd", "salt", c = 1, dkLen = 64),
        // its first 32 bytes.
        let key = derive("passwd", b"salt", 1);
        assert_eq!(
            key[..8],
            [0x55, 0xac, 0x04, 0x6e, 0x56, 0xe3, 0x08, 0x9f],
            "{key:02x?}"
        );
    }

    #[test]
    fn bad_hashes_are_refused_with_the_reason() {
        let good = quick("password1").to_string();
        let e = |t: &str| PasswordHash::parse(t).unwrap_err().to_string();
        assert!(e("secret").contains("five fields"));
        assert!(e(&good.replace("pbkdf2-sha256", "pbkdf2-sha1")).contains("algorithm"));
        assert!(e(&good.replace("i=100000", "i=1000")).contains("1000 rounds"));
        assert!(e(&good.replace("i=100000", "n=100000")).contains("i=N"));
        let mut short = good.clone();
        short.truncate(good.len() - 4);
        assert!(e(&short).contains("32 bytes"));
    }

    #[test]
    fn a_new_password_shorter_than_eight_characters_is_refused() {
        assert_eq!(PasswordHash::new("пароль7"), Err(PasswordError::TooShort));
    }

    #[test]
    fn constant_time_eq_compares_every_byte() {
        assert!(constant_time_eq(b"abc", b"abc"));
        assert!(!constant_time_eq(b"abc", b"abd"));
        assert!(!constant_time_eq(b"xbc", b"abc"));
        assert!(!constant_time_eq(b"abc", b"abcd"));
    }
}
