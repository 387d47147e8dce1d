//! `[hall]`: the board's place in a tournament hall. The daemon publishes its journal, the
//! arbiter's alerts and its state to an MQTT broker (see `docs/HALL.md`), and takes the
//! station's commands from it.
//!
//! ```toml
//! [hall]
//! url = "mqtt://192.168.1.10:1883"     # or mqtts://HOST:8883 (TLS)
//! event = "spb-2026"                   # letters, digits, '-' and '_'
//! board = 12
//! credentials = "/etc/talkclock/hall/board-12.toml"   # written by `talkclock hall init`
//! ca = "/etc/talkclock/hall/ca.pem"    # mqtts: the broker's certificate authority
//! ```

use super::diagnostic::Collector;
use serde::Deserialize;
use std::path::PathBuf;
use toml::Spanned;

/// `[hall]` as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawHall {
    /// The broker: `mqtt://host:port` or `mqtts://host:port`.
    pub url: Option<Spanned<String>>,
    /// The event's id (a topic level).
    pub event: Option<Spanned<String>>,
    /// The board's number.
    pub board: Option<Spanned<i64>>,
    /// The credentials file (`username`, `password`).
    pub credentials: Option<Spanned<String>>,
    /// The certificate authority's PEM file, for `mqtts://`.
    pub ca: Option<Spanned<String>>,
}

/// The largest board number.
pub const MAX_BOARD: u32 = 500;

/// How the board reaches the hall's broker.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HallSettings {
    /// The broker's host.
    pub host: String,
    /// The broker's port.
    pub port: u16,
    /// TLS (`mqtts://`).
    pub tls: bool,
    /// The event's id.
    pub event: String,
    /// The board's number.
    pub board: u32,
    /// The credentials file.
    pub credentials: PathBuf,
    /// The certificate authority's PEM file (TLS).
    pub ca: Option<PathBuf>,
}

/// Why a broker's address is not one (each names the address as written).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UrlError {
    /// Neither `mqtt://` nor `mqtts://`.
    #[error("`{0}`: a broker is `mqtt://host:port` or `mqtts://host:port`")]
    Scheme(String),
    /// A port that is not 1–65535.
    #[error("`{url}`: the port `{port}` is not a number 1–65535")]
    Port {
        /// The address.
        url: String,
        /// Its port as written.
        port: String,
    },
    /// No host name.
    #[error("`{0}`: no host name in it")]
    NoHost(String),
}

/// A broker's address, parsed from `mqtt://host[:port]` or `mqtts://host[:port]`.
pub fn parse_url(url: &str) -> Result<(String, u16, bool), UrlError> {
    let (tls, rest) = if let Some(rest) = url.strip_prefix("mqtts://") {
        (true, rest)
    } else if let Some(rest) = url.strip_prefix("mqtt://") {
        (false, rest)
    } else {
        return Err(UrlError::Scheme(url.to_string()));
    };
    let rest = rest.trim_end_matches('/');
    let (host, port) = match rest.rsplit_once(':') {
        Some((host, port)) if !host.ends_with(']') || host.starts_with('[') => {
            let port =
                port.parse::<u16>()
                    .ok()
                    .filter(|p| *p > 0)
                    .ok_or_else(|| UrlError::Port {
                        url: url.to_string(),
                        port: port.to_string(),
                    })?;
            (host, port)
        }
        _ => (rest, if tls { 8883 } else { 1883 }),
    };
    let host = host.trim_start_matches('[').trim_end_matches(']');
    if host.is_empty() || host.contains('/') || host.contains('@') {
        return Err(UrlError::NoHost(url.to_string()));
    }
    Ok((host.to_string(), port, tls))
}

/// Whether `id` may be an event id: 1–64 of letters, digits, `-` and `_`.
pub fn valid_event(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= 64
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// Checks `[hall]`; `None` (and problems collected) when it is absent or wrong.
pub fn hall_settings(c: &mut Collector, raw: Option<&Spanned<RawHall>>) -> Option<HallSettings> {
    let raw = raw?;
    let whole = raw.span();
    let raw = raw.get_ref();
    let mut ok = true;
    let mut need = |c: &mut Collector, present: bool, key: &str| {
        if !present {
            c.at(whole.clone(), format!("[hall] needs `{key}`"));
            ok = false;
        }
    };
    need(c, raw.url.is_some(), "url");
    need(c, raw.event.is_some(), "event");
    need(c, raw.board.is_some(), "board");
    need(c, raw.credentials.is_some(), "credentials");
    let mut address = None;
    if let Some(url) = &raw.url {
        match parse_url(url.get_ref()) {
            Ok(a) => address = Some(a),
            Err(e) => {
                c.at(url.span(), format!("[hall] url {e}"));
                ok = false;
            }
        }
    }
    if let Some(event) = &raw.event {
        if !valid_event(event.get_ref()) {
            c.at(
                event.span(),
                format!(
                    "[hall] event `{}`: use 1–64 letters, digits, '-' or '_' (it is a topic level)",
                    event.get_ref()
                ),
            );
            ok = false;
        }
    }
    if let Some(board) = &raw.board {
        if !(1..=i64::from(MAX_BOARD)).contains(board.get_ref()) {
            c.at(
                board.span(),
                format!("[hall] board {}: a board is 1–{MAX_BOARD}", board.get_ref()),
            );
            ok = false;
        }
    }
    if let (Some(ca), Some((_, _, false))) = (&raw.ca, &address) {
        c.at(
            ca.span(),
            "[hall] ca is for a TLS broker: write the url as mqtts://",
        );
        ok = false;
    }
    let (host, port, tls) = address?;
    if !ok {
        return None;
    }
    Some(HallSettings {
        host,
        port,
        tls,
        event: raw.event.as_ref()?.get_ref().clone(),
        board: u32::try_from(*raw.board.as_ref()?.get_ref()).ok()?,
        credentials: PathBuf::from(raw.credentials.as_ref()?.get_ref()),
        ca: raw.ca.as_ref().map(|ca| PathBuf::from(ca.get_ref())),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_broker_url_gives_host_port_and_tls() {
        assert_eq!(
            parse_url("mqtt://10.0.0.5:1884"),
            Ok(("10.0.0.5".into(), 1884, false))
        );
        assert_eq!(
            parse_url("mqtts://hall.local"),
            Ok(("hall.local".into(), 8883, true))
        );
        assert_eq!(
            parse_url("mqtt://[::1]:1883"),
            Ok(("::1".into(), 1883, false))
        );
        assert!(parse_url("http://x:1").is_err());
        assert!(parse_url("mqtt://x:0").is_err());
        assert!(parse_url("mqtt://:1883").is_err());
    }

    #[test]
    fn an_event_id_is_one_topic_level() {
        assert!(valid_event("spb-2026_open"));
        assert!(!valid_event("a/b"));
        assert!(!valid_event("a+"));
        assert!(!valid_event("#"));
        assert!(!valid_event(""));
    }
}
