//! Random passwords and mosquitto 2.0's password file lines.
//!
//! A line is `user:$7$<iterations>$<salt>$<hash>`: the hash is PBKDF2-HMAC-SHA512 of the
//! password over the salt's bytes, both in standard base64 with padding, as `mosquitto_passwd`
//! 2.0 writes them. They are made here rather than by running `mosquitto_passwd -U` on a file of
//! plain-text lines: `hall init` then works on a machine without mosquitto (an organiser's
//! laptop), no plain-text password file ever lands on disk, and no output of another program
//! has to be parsed. A unit test checks the hash against a line `mosquitto_passwd` 2.0.11
//! wrote, and `tests/hall/hall_acl.rs` logs in to a real broker with it.

use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
use base64::Engine as _;
use sha2::Sha512;

/// PBKDF2 rounds: `mosquitto_passwd` 2.0's own default. The passwords are 192 random bits,
/// so more stretching would add nothing against guessing; the broker pays it at every login.
pub const ITERATIONS: u32 = 101;

/// Salt length in bytes (`mosquitto_passwd`'s).
pub const SALT_BYTES: usize = 12;

/// Random bytes per password: 24 bytes are 32 URL-safe characters.
const PASSWORD_BYTES: usize = 24;

/// The operating system gave no random bytes.
#[derive(Debug, thiserror::Error)]
#[error("cannot get random bytes from the operating system: {0}")]
pub struct RandomError(getrandom::Error);

/// A new random password: 32 characters of `A–Z a–z 0–9 - _` (URL-safe, nothing to quote).
pub fn random_password() -> Result<String, RandomError> {
    let mut bytes = [0u8; PASSWORD_BYTES];
    getrandom::fill(&mut bytes).map_err(RandomError)?;
    Ok(URL_SAFE_NO_PAD.encode(bytes))
}

/// A new random salt.
pub fn random_salt() -> Result<[u8; SALT_BYTES], RandomError> {
    let mut salt = [0u8; SALT_BYTES];
    getrandom::fill(&mut salt).map_err(RandomError)?;
    Ok(salt)
}

/// The password file line for `username` (no newline), with this salt.
pub fn line(username: &str, password: &str, salt: &[u8]) -> String {
    let mut hash = [0u8; 64];
    pbkdf2::pbkdf2_hmac::<Sha512>(password.as_bytes(), salt, ITERATIONS, &mut hash);
    format!(
        "{username}:$7${ITERATIONS}${}${}",
        STANDARD.encode(salt),
        STANDARD.encode(hash)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_matches_what_mosquitto_passwd_wrote() {
        // `mosquitto_passwd -b FILE board-1 secret` (mosquitto 2.0.11) wrote this line.
        let written = "board-1:$7$101$+EdzitgXB/CbXjXI$WbQyL9jhjR27pkbeP++vrfsVveOQwqGLn2YCORelSmIArMR8NhFSZRUc3PzjLwYjU7FSz/vnfYKq13KvrmbFfw==";
        let salt = STANDARD.decode("+EdzitgXB/CbXjXI").expect("base64");
        assert_eq!(line("board-1", "secret", &salt), written);
    }

    #[test]
    fn passwords_are_long_url_safe_and_different() {
        let a = random_password().expect("random");
        let b = random_password().expect("random");
        assert_eq!(a.len(), 32);
        assert!(a
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'));
        assert_ne!(a, b);
    }
}
