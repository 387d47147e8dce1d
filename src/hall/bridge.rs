//! The bridge that carries a second venue's boards to the station's venue: venue B's broker
//! connects to venue A's as the user `bridge-<venue>`. This module writes venue B's bridge
//! block (`bridge.d/bridge-<venue>.conf`), the bridge user's ACL block for venue A, and the
//! file that `talkclock hall add-bridge` installs on venue A (the user's password line and
//! ACL block), and reads that file back.
//!
//! Only the topics the protocol needs cross, one line per board of venue B's range and per
//! direction: the boards' six topics ([`BOARD_WRITES`]) `out` towards the station's venue,
//! their `commands` and `mirrored` ([`BOARD_READS`]) `in` from it. Venue A's own boards' traffic
//! never reaches venue B.

use super::board_range::BoardRange;
use super::mosquitto::{board_topic, BOARD_READS, BOARD_WRITES};
use std::fmt::Write as _;
use std::path::Path;

/// The longest venue name.
pub const MAX_VENUE_LEN: usize = 32;

/// The folder of venue B's hall that holds the bridge block (mosquitto.conf's `include_dir`).
pub const BRIDGE_DIR: &str = "bridge.d";

/// The bridge's reconnection back-off, seconds: first try after 1 s, never more than 10 s
/// apart (mosquitto's default, 5 to 30 s with jitter, took 11.5 s after a link came back).
pub const RESTART_TIMEOUT: (u32, u32) = (1, 10);

/// How often the bridge pings venue A, seconds: a dead link is noticed within 1.5 times this
/// (mosquitto's default 60 s would leave the boards' messages unsent for up to 90 s).
pub const KEEPALIVE: u32 = 10;

/// Messages a client's queue may hold (mosquitto's default is 1000): a hall of 100 boards
/// sends a few messages a second, so this holds many minutes of a link that is down.
pub const MAX_QUEUED_MESSAGES: u32 = 100_000;

/// A bad `--venue`, `--bridge-to` or bridge user file.
#[derive(Debug, thiserror::Error)]
pub enum BridgeError {
    /// A bad venue name.
    #[error(
        "--venue {0:?}: a venue name is 1 to {MAX_VENUE_LEN} of the characters A-Z a-z 0-9 _ -"
    )]
    Venue(String),
    /// A bad address.
    #[error("--bridge-to {0:?}: give HOST:PORT, the station's venue's broker (e.g. hall-a.example.org:8883)")]
    Address(String),
    /// A bridge user file that is not one.
    #[error("{0}")]
    UserFile(String),
}

/// Checks a venue name (it goes into a user name and a client id).
pub fn check_venue(venue: &str) -> Result<(), BridgeError> {
    let good = (1..=MAX_VENUE_LEN).contains(&venue.len())
        && venue
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    if good {
        Ok(())
    } else {
        Err(BridgeError::Venue(venue.to_string()))
    }
}

/// Checks `HOST:PORT` (a host name, an IPv4 address or `[IPv6]`, and a port 1 to 65535).
pub fn check_address(address: &str) -> Result<(), BridgeError> {
    let bad = || BridgeError::Address(address.to_string());
    let (host, port) = address.rsplit_once(':').ok_or_else(bad)?;
    let port: u16 = port.parse().map_err(|_| bad())?;
    let host_ok = match host.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
        Some(v6) => v6.parse::<std::net::Ipv6Addr>().is_ok(),
        None => {
            !host.is_empty()
                && host.len() <= 253
                && host
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-')
        }
    };
    if port == 0 || !host_ok {
        return Err(bad());
    }
    Ok(())
}

/// The bridge's user on venue A (and its client id there).
pub fn user(venue: &str) -> String {
    format!("bridge-{venue}")
}

/// What venue B's bridge block says.
#[derive(Debug, Clone)]
pub struct BridgeConf<'a> {
    /// This venue's name.
    pub venue: &'a str,
    /// The event id.
    pub event: &'a str,
    /// This venue's boards.
    pub boards: BoardRange,
    /// Venue A's broker, `HOST:PORT`.
    pub address: &'a str,
    /// The CA that signed venue A's certificate: the link is TLS when given.
    pub ca: Option<&'a Path>,
    /// The bridge user's password on venue A.
    pub password: &'a str,
}

/// The text of `bridge.d/bridge-<venue>.conf` on venue B (it holds the password: mode 0600).
pub fn conf_text(b: &BridgeConf) -> String {
    let user = user(b.venue);
    let (first, last) = (b.boards.start(), b.boards.end());
    let mut text = format!(
        "# The bridge of venue {venue} (boards {first} to {last}) to the station's venue at\n\
         # {address}, event {event}. Written by `talkclock hall init --bridge-to`. It holds the\n\
         # bridge's password: keep it mode 0600, owned by the user the broker runs as.\n\
         # Venue A needs the user {user}: `talkclock hall add-bridge` with the file\n\
         # {user}.user that was written beside mosquitto.conf.\n\
         connection talkclock-{venue}\n\
         address {address}\n\
         remote_username {user}\n\
         remote_password {password}\n\
         remote_clientid {user}\n\
         local_clientid {user}-local\n\
         # A persistent session on both sides: messages wait while the link is down.\n\
         cleansession false\n\
         # Reconnect 1 s after a loss, then with jitter up to 10 s apart.\n\
         restart_timeout {rt0} {rt1}\n\
         keepalive_interval {KEEPALIVE}\n\
         # The bridge's state on $SYS/broker/connection/{user}/state, on this broker only.\n\
         notifications_local_only true\n",
        venue = b.venue,
        address = b.address,
        event = b.event,
        password = b.password,
        rt0 = RESTART_TIMEOUT.0,
        rt1 = RESTART_TIMEOUT.1,
    );
    if let Some(ca) = b.ca {
        let _ = writeln!(
            text,
            "# TLS: venue A's certificate must be signed by this CA and name its host.\nbridge_cafile {}",
            ca.display()
        );
    }
    text += "\n# The boards' topics towards the station; its commands and mirrors back.\n";
    for n in b.boards.iter() {
        let n = n.to_string();
        for leaf in BOARD_WRITES {
            let _ = writeln!(text, "topic {} out 1", board_topic(b.event, &n, leaf));
        }
        for leaf in BOARD_READS {
            let _ = writeln!(text, "topic {} in 1", board_topic(b.event, &n, leaf));
        }
    }
    text
}

/// The bridge user's ACL block on venue A: it publishes the six topics of venue B's boards
/// and subscribes to their `commands` and `mirrored`, nothing else.
pub fn acl_block(venue: &str, event: &str, boards: BoardRange) -> String {
    let mut text = format!("user {}\n", user(venue));
    for n in boards.iter() {
        let n = n.to_string();
        for leaf in BOARD_WRITES {
            let _ = writeln!(text, "topic write {}", board_topic(event, &n, leaf));
        }
        for leaf in BOARD_READS {
            let _ = writeln!(text, "topic read {}", board_topic(event, &n, leaf));
        }
    }
    text
}

/// A bridge user for venue A: its name, its password file line, its ACL block.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BridgeUser {
    /// `bridge-<venue>`.
    pub name: String,
    /// `bridge-<venue>:$7$…` (no newline).
    pub passwd_line: String,
    /// `user bridge-<venue>` and its `topic` lines, each ending in a newline.
    pub acl: String,
}

/// The text of the `bridge-<venue>.user` file: comments, a `passwd` line, the ACL block.
pub fn user_file_text(u: &BridgeUser) -> String {
    format!(
        "# The user {name} for the station's venue's broker: install it there with\n\
         #     talkclock hall add-bridge --dir HALL_A --file {name}.user\n\
         # then reload that broker (SIGHUP). Written by `talkclock hall init --bridge-to`.\n\
         passwd {line}\n{acl}",
        name = u.name,
        line = u.passwd_line,
        acl = u.acl
    )
}

/// Reads a `bridge-<venue>.user` file's text back, checking that it is one.
pub fn parse_user_file(text: &str) -> Result<BridgeUser, BridgeError> {
    let bad = |why: &str| BridgeError::UserFile(format!("not a bridge user file: {why}"));
    let mut passwd_line = None;
    let mut name = None;
    let mut acl = String::new();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if line.starts_with('#') {
            continue;
        }
        if let Some(p) = line.strip_prefix("passwd ") {
            if passwd_line.replace(p.to_string()).is_some() {
                return Err(bad("two passwd lines"));
            }
        } else if let Some(u) = line.strip_prefix("user ") {
            if name.replace(u.to_string()).is_some() {
                return Err(bad("two user lines"));
            }
            acl += line;
            acl.push('\n');
        } else if line.starts_with("topic read talkclock/")
            || line.starts_with("topic write talkclock/")
        {
            if name.is_none() {
                return Err(bad("a topic line before the user line"));
            }
            acl += line;
            acl.push('\n');
        } else {
            return Err(bad(&format!("unexpected line {line:?}")));
        }
    }
    let name = name.ok_or_else(|| bad("no user line"))?;
    let passwd_line = passwd_line.ok_or_else(|| bad("no passwd line"))?;
    let venue = name
        .strip_prefix("bridge-")
        .ok_or_else(|| bad("the user is not bridge-…"))?;
    check_venue(venue).map_err(|_| bad("the user is not bridge-<venue>"))?;
    let hash = passwd_line
        .strip_prefix(&format!("{name}:"))
        .ok_or_else(|| bad("the passwd line is not the user's"))?;
    if !hash.starts_with("$7$") || hash.contains(char::is_whitespace) {
        return Err(bad("the passwd line holds no mosquitto 2.0 hash"));
    }
    Ok(BridgeUser {
        name,
        passwd_line,
        acl,
    })
}

#[cfg(test)]
#[path = "bridge_tests.rs"]
mod bridge_tests;
