//! Logged-in arbiters: a session per login, named by a random cookie (32 bytes from the
//! operating system), holding its own random CSRF token, and ending after [`LIFETIME`] or
//! at logout. Only each cookie's SHA-256 is kept, so the table's lookups reveal nothing of the
//! cookies by their timing. Pure but for the random bytes: every call takes `now`.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// A session ends this long after its login.
pub const LIFETIME: Duration = Duration::from_secs(12 * 3600);

/// At most this many sessions at once; a new login beyond ends the oldest.
pub const MAX_SESSIONS: usize = 64;

/// The session cookie's name.
pub const COOKIE: &str = "talkclock_session";

const TOKEN_BYTES: usize = 32;

/// No random bytes from the operating system.
#[derive(Debug, thiserror::Error)]
#[error("cannot get random bytes from the operating system: {0}")]
pub struct RandomError(String);

/// A new session's secrets, as handed to the browser.
#[derive(Debug, Clone)]
pub struct NewSession {
    /// The cookie's value.
    pub cookie: String,
    /// The CSRF token the page sends with each command.
    pub csrf: String,
}

#[derive(Debug, Clone)]
struct Session {
    csrf: String,
    expires: Instant,
}

/// Every live session.
#[derive(Debug, Default)]
pub struct Sessions {
    by_digest: HashMap<[u8; 32], Session>,
}

/// A random token: 32 bytes in URL-safe base64 (43 characters).
pub fn random_token() -> Result<String, RandomError> {
    let mut bytes = [0u8; TOKEN_BYTES];
    getrandom::fill(&mut bytes).map_err(|e| RandomError(e.to_string()))?;
    Ok(URL_SAFE_NO_PAD.encode(bytes))
}

fn digest(cookie: &str) -> [u8; 32] {
    Sha256::digest(cookie.as_bytes()).into()
}

impl Sessions {
    /// A new session from `now`.
    pub fn login(&mut self, now: Instant) -> Result<NewSession, RandomError> {
        let fresh = NewSession {
            cookie: random_token()?,
            csrf: random_token()?,
        };
        self.insert(&fresh, now);
        Ok(fresh)
    }

    /// Keeps `session` from `now` for [`LIFETIME`].
    pub fn insert(&mut self, session: &NewSession, now: Instant) {
        self.by_digest.retain(|_, s| s.expires > now);
        while self.by_digest.len() >= MAX_SESSIONS {
            let oldest = self
                .by_digest
                .iter()
                .min_by_key(|(_, s)| s.expires)
                .map(|(k, _)| *k);
            match oldest {
                Some(k) => self.by_digest.remove(&k),
                None => break,
            };
        }
        self.by_digest.insert(
            digest(&session.cookie),
            Session {
                csrf: session.csrf.clone(),
                expires: now + LIFETIME,
            },
        );
    }

    /// The CSRF token and time left of the session named by `cookie`, if it is live at `now`.
    pub fn get(&self, cookie: &str, now: Instant) -> Option<(String, Duration)> {
        let s = self.by_digest.get(&digest(cookie))?;
        let left = s
            .expires
            .checked_duration_since(now)
            .filter(|d| !d.is_zero())?;
        Some((s.csrf.clone(), left))
    }

    /// Ends the session named by `cookie`.
    pub fn logout(&mut self, cookie: &str) {
        self.by_digest.remove(&digest(cookie));
    }

    /// How many sessions are kept.
    pub fn len(&self) -> usize {
        self.by_digest.len()
    }

    /// Whether none is.
    pub fn is_empty(&self) -> bool {
        self.by_digest.is_empty()
    }
}

/// The session cookie's value among a request's `Cookie` headers.
pub fn cookie_of<'a>(cookie_headers: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    cookie_headers
        .flat_map(|h| h.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE)
        .map(|(_, value)| value.trim())
        .filter(|v| !v.is_empty())
}

/// The `Set-Cookie` value that keeps `value` for [`LIFETIME`]: never sent by another site's
/// page (`SameSite=Strict`), never read by a script (`HttpOnly`).
pub fn set_cookie(value: &str) -> String {
    format!(
        "{COOKIE}={value}; HttpOnly; SameSite=Strict; Path=/; Max-Age={}",
        LIFETIME.as_secs()
    )
}

/// The `Set-Cookie` value that removes the cookie.
pub fn clear_cookie() -> String {
    format!("{COOKIE}=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_session_lives_twelve_hours_and_not_a_moment_more() {
        let t0 = Instant::now();
        let mut s = Sessions::default();
        let new = s.login(t0).unwrap();
        let (csrf, left) = s.get(&new.cookie, t0).unwrap();
        assert_eq!(csrf, new.csrf);
        assert_eq!(left, LIFETIME);
        assert!(s
            .get(&new.cookie, t0 + LIFETIME - Duration::from_secs(1))
            .is_some());
        assert!(s.get(&new.cookie, t0 + LIFETIME).is_none());
    }

    #[test]
    fn logout_ends_the_session_and_a_made_up_cookie_has_none() {
        let t0 = Instant::now();
        let mut s = Sessions::default();
        let new = s.login(t0).unwrap();
        assert!(s.get("AAAA", t0).is_none());
        s.logout(&new.cookie);
        assert!(s.get(&new.cookie, t0).is_none());
    }

    #[test]
    fn tokens_are_random_and_the_csrf_token_is_not_the_cookie() {
        let mut s = Sessions::default();
        let a = s.login(Instant::now()).unwrap();
        let b = s.login(Instant::now()).unwrap();
        assert_eq!(a.cookie.len(), 43);
        assert_ne!(a.cookie, b.cookie);
        assert_ne!(a.cookie, a.csrf);
    }

    #[test]
    fn too_many_logins_end_the_oldest_session() {
        let t0 = Instant::now();
        let mut s = Sessions::default();
        let first = s.login(t0).unwrap();
        for i in 1..=MAX_SESSIONS as u64 {
            s.login(t0 + Duration::from_secs(i)).unwrap();
        }
        assert_eq!(s.len(), MAX_SESSIONS);
        assert!(s.get(&first.cookie, t0).is_none());
    }

    #[test]
    fn the_cookie_is_found_among_others_and_is_http_only_and_strict() {
        let headers = ["a=1; talkclock_session=xyz ; b=2"];
        assert_eq!(cookie_of(headers.into_iter()), Some("xyz"));
        assert_eq!(cookie_of(["talkclock_session="].into_iter()), None);
        assert_eq!(cookie_of(["other=1"].into_iter()), None);
        let set = set_cookie("xyz");
        for part in ["HttpOnly", "SameSite=Strict", "Path=/", "Max-Age=43200"] {
            assert!(set.contains(part), "{set}");
        }
    }
}
