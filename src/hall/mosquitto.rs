//! The text of the broker's `mosquitto.conf` and `acl` for the hall's topics (version 1):
//! board n writes `talkclock/v1/<event>/board/<n>/{records,alerts,state,online,replies,selftest}` and
//! reads its own `commands` and `mirrored`; the station reads everything of the event and is the
//! only one who writes the boards' `commands` and `mirrored`.

use super::board_range::BoardRange;
use std::fmt::Write as _;
use std::path::Path;

/// What a board publishes.
pub const BOARD_WRITES: &[&str] = &[
    "records", "alerts", "state", "online", "replies", "selftest",
];

/// What a board subscribes to (only the station publishes them).
pub const BOARD_READS: &[&str] = &["commands", "mirrored"];

/// A listener: its port and, when set, the one address it binds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listener {
    /// The TCP port.
    pub port: u16,
    /// The address to bind (all of them when `None`).
    pub bind: Option<String>,
}

/// The TLS listener's files (absolute paths) and port.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TlsListener {
    /// Where it listens.
    pub listener: Listener,
    /// The server's certificate (PEM).
    pub cert: std::path::PathBuf,
    /// Its private key (PEM).
    pub key: std::path::PathBuf,
    /// The CA certificate(s) for clients' certificates, when given.
    pub ca: Option<std::path::PathBuf>,
}

/// Everything `mosquitto.conf` says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conf<'a> {
    /// The hall's folder (absolute): `passwd`, `acl` and `data/` are in it.
    pub dir: &'a Path,
    /// The event id (for the header).
    pub event: &'a str,
    /// The boards (for the header).
    pub boards: BoardRange,
    /// The plain listener.
    pub plain: Listener,
    /// The TLS listener, when asked for.
    pub tls: Option<TlsListener>,
    /// The folder of the bridge block (absolute), on a venue bridged to the station's.
    pub bridge_dir: Option<&'a Path>,
}

fn listener_line(listener: &Listener) -> String {
    match &listener.bind {
        Some(bind) => format!("listener {} {bind}", listener.port),
        None => format!("listener {}", listener.port),
    }
}

/// The text of `mosquitto.conf`.
pub fn conf_text(conf: &Conf) -> String {
    let dir = conf.dir.display();
    let mut text = format!(
        "# The tournament hall's MQTT broker: event {event}, boards {first} to {last}.\n\
         # Written by `talkclock hall init`. Start it with\n\
         #\n\
         #     mosquitto -c {dir}/mosquitto.conf\n\
         #\n\
         # as the user who owns this folder: the broker reads passwd and acl and writes data/.\n\
         # (Started as root, mosquitto drops to the user `mosquitto`: `hall init` run as root\n\
         # gave that user passwd and data/.)\n\
         \n\
         # One set of users and rules for every listener; nobody without a password.\n\
         per_listener_settings false\n\
         allow_anonymous false\n\
         password_file {dir}/passwd\n\
         acl_file {dir}/acl\n\
         \n\
         # Retained messages and the queued QoS 1 messages of persistent sessions survive a\n\
         # restart. Mosquitto writes its database at a clean stop (SIGTERM) and otherwise once\n\
         # more than autosave_interval seconds have passed since the last save: with 1, every\n\
         # 2 s, so a SIGKILL or a power cut loses at most the last 2 s. That costs one rewrite\n\
         # of a database of a few hundred retained messages every 2 s; saving on every change\n\
         # instead (autosave_on_changes) would rewrite it for every message a board sends.\n\
         persistence true\n\
         persistence_location {dir}/data/\n\
         autosave_interval 1\n\
         \n\
         {plain}\n",
        event = conf.event,
        first = conf.boards.start(),
        last = conf.boards.end(),
        plain = listener_line(&conf.plain),
    );
    if let Some(tls) = &conf.tls {
        let _ = write!(
            text,
            "\n# TLS: clients check this certificate (e.g. `--cafile` with the CA that signed it).\n\
             # The broker reads these files after dropping to its user: it must be able to.\n\
             {}\ncertfile {}\nkeyfile {}\n",
            listener_line(&tls.listener),
            tls.cert.display(),
            tls.key.display()
        );
        if let Some(ca) = &tls.ca {
            let _ = writeln!(text, "cafile {}", ca.display());
        }
    }
    if let Some(bridge_dir) = conf.bridge_dir {
        let _ = write!(
            text,
            "\n# The bridge to the station's venue. Its messages wait in this broker's queue while\n\
             # the link is down: room for many minutes of a hall (the default is 1000).\n\
             max_queued_messages {}\n\
             # The bridge block holds its password, so it lives in its own file (mode 0600,\n\
             # owned by the broker's user); this stays the last line.\n\
             include_dir {}\n",
            super::bridge::MAX_QUEUED_MESSAGES,
            bridge_dir.display()
        );
    }
    text
}

/// `talkclock/v1/<event>/board/<n>/<leaf>`.
pub fn board_topic(event: &str, board: &str, leaf: &str) -> String {
    format!("talkclock/v1/{event}/board/{board}/{leaf}")
}

/// The ACL of one board: its own topics and nothing else.
pub fn board_acl(event: &str, board: u32) -> String {
    let n = board.to_string();
    let mut text = format!("user board-{board}\n");
    for leaf in BOARD_WRITES {
        let _ = writeln!(text, "topic write {}", board_topic(event, &n, leaf));
    }
    for leaf in BOARD_READS {
        let _ = writeln!(text, "topic read {}", board_topic(event, &n, leaf));
    }
    text
}

/// The text of `acl`: every board's block, then the station's.
pub fn acl_text(event: &str, boards: BoardRange) -> String {
    let mut text = format!(
        "# Who may read and write what, event {event} (written by `talkclock hall init`).\n\
         # A user may do only what its block allows; anonymous clients are refused.\n\n"
    );
    for board in boards.iter() {
        text += &board_acl(event, board);
        text.push('\n');
    }
    text += "user station\n";
    let _ = writeln!(text, "topic read talkclock/v1/{event}/#");
    for leaf in BOARD_READS {
        let _ = writeln!(text, "topic write {}", board_topic(event, "+", leaf));
    }
    text
}
