//! `talkclock hall init`: writes a hall's broker folder — `mosquitto.conf`, `passwd` (a random
//! password per board and for the station), `acl`, `credentials/*.toml` (mode 0600) and the
//! empty `data/` — and says what to do next. With `--bridge-to`, a second venue's hall also
//! gets its bridge block (`bridge.d/`, mode 0600) and the bridge user's file for the station's
//! venue ([`super::bridge`]). `--force` keeps the users it did not write ([`super::users`]).

use super::board_range::BoardRange;
use super::bridge::{self, BridgeConf, BridgeError, BridgeUser};
use super::credentials::Credentials;
use super::mosquitto::{self, Conf, Listener, TlsListener};
use super::owner::{self, Ownership};
use super::passwd::{self, RandomError};
use super::users;
use std::os::unix::fs::PermissionsExt as _;
use std::path::{Path, PathBuf};

/// The longest event id.
pub const MAX_EVENT_LEN: usize = 64;

/// The files that `--force` is needed to overwrite.
const GUARDED: &[&str] = &["mosquitto.conf", "passwd", "acl"];

/// What to write.
#[derive(Debug, Clone)]
pub struct InitOptions {
    /// The boards this broker serves (users board-N for each).
    pub boards: BoardRange,
    /// The event id (a topic level: `[A-Za-z0-9_-]`, at most 64).
    pub event: String,
    /// The folder to write (created).
    pub dir: PathBuf,
    /// The plain MQTT port.
    pub port: u16,
    /// The address to listen on (every address when `None`).
    pub bind: Option<String>,
    /// A TLS listener too.
    pub tls: Option<TlsOptions>,
    /// Overwrite an earlier hall's files (keeping the users it did not write).
    pub force: bool,
    /// This venue's name (for the bridge and the report).
    pub venue: Option<String>,
    /// A bridge from this venue to the station's venue.
    pub bridge: Option<BridgeOptions>,
}

/// The bridge to the station's venue.
#[derive(Debug, Clone)]
pub struct BridgeOptions {
    /// Its broker, `HOST:PORT`.
    pub to: String,
    /// The CA that signed its certificate: the link is TLS when given.
    pub ca: Option<PathBuf>,
}

/// The TLS listener's options.
#[derive(Debug, Clone)]
pub struct TlsOptions {
    /// The server's certificate (PEM).
    pub cert: PathBuf,
    /// Its private key (PEM).
    pub key: PathBuf,
    /// A CA file for clients' certificates.
    pub ca: Option<PathBuf>,
    /// Its port.
    pub port: u16,
}

/// Why the hall's files were not written.
#[derive(Debug, thiserror::Error)]
pub enum InitError {
    /// A bad event id.
    #[error("--event {0:?}: an event id is 1 to {MAX_EVENT_LEN} of the characters A-Z a-z 0-9 _ - (it is a topic level: no `/`, `+`, `#`, spaces)")]
    Event(String),
    /// A bad bind address.
    #[error("--bind {0:?}: give an IP address or a host name")]
    Bind(String),
    /// Port 0, or both listeners on one port.
    #[error("{0}")]
    Port(String),
    /// A path that cannot go into `mosquitto.conf` (a line break in it).
    #[error("{}: mosquitto's configuration cannot hold a path with a line break", .0.display())]
    Path(PathBuf),
    /// A TLS file that cannot be found.
    #[error("{option} {}: cannot find the file: {source}", path.display())]
    TlsFile {
        /// `--tls-cert`, `--tls-key` or `--tls-ca`.
        option: &'static str,
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// An earlier hall's files are there and `--force` was not given.
    #[error("{}: {} already there; give --force to overwrite (every password changes)", dir.display(), names.join(", "))]
    Exists {
        /// The folder.
        dir: PathBuf,
        /// The files found.
        names: Vec<String>,
    },
    /// A file or folder could not be written.
    #[error("{}: {source}", path.display())]
    Write {
        /// The file or folder.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// No random bytes.
    #[error("{0}")]
    Random(#[from] RandomError),
    /// A bad `--venue` or `--bridge-to`.
    #[error("{0}")]
    Bridge(#[from] BridgeError),
    /// `--bridge-to` without `--venue`.
    #[error(
        "--bridge-to needs --venue NAME: the bridge's user on the station's venue is bridge-NAME"
    )]
    NoVenue,
}

impl InitError {
    /// True for a bad option or an existing hall (the command line is to be changed), false
    /// when writing failed.
    pub fn is_usage(&self) -> bool {
        !matches!(self, InitError::Write { .. } | InitError::Random(_))
    }
}

/// What was written.
#[derive(Debug, Clone)]
pub struct Written {
    /// The folder (absolute).
    pub dir: PathBuf,
    /// The options it was written with.
    pub options: InitOptions,
    /// The station's login (the boards' are in their files).
    pub station: Credentials,
    /// Whose `passwd` and `data/` are.
    pub ownership: Ownership,
    /// The users of an earlier hall that `--force` kept.
    pub kept: Vec<String>,
    /// The bridge user's file for the station's venue, when a bridge was written.
    pub bridge_user_file: Option<PathBuf>,
}

/// Checks that `event` can be a topic level of the hall.
pub fn check_event(event: &str) -> Result<(), InitError> {
    let good = (1..=MAX_EVENT_LEN).contains(&event.len())
        && event
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    if good {
        Ok(())
    } else {
        Err(InitError::Event(event.to_string()))
    }
}

fn check_bind(bind: &str) -> Result<(), InitError> {
    let host_name = !bind.is_empty()
        && bind.len() <= 253
        && bind
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-');
    if bind.parse::<std::net::IpAddr>().is_ok() || host_name {
        Ok(())
    } else {
        Err(InitError::Bind(bind.to_string()))
    }
}

/// Checks every option that needs no file system.
pub fn check(options: &InitOptions) -> Result<(), InitError> {
    check_event(&options.event)?;
    if let Some(bind) = &options.bind {
        check_bind(bind)?;
    }
    if options.port == 0 {
        return Err(InitError::Port(
            "--port 0: give a port from 1 to 65535".into(),
        ));
    }
    if let Some(venue) = &options.venue {
        bridge::check_venue(venue)?;
    }
    if let Some(b) = &options.bridge {
        if options.venue.is_none() {
            return Err(InitError::NoVenue);
        }
        bridge::check_address(&b.to)?;
    }
    if let Some(tls) = &options.tls {
        if tls.port == 0 {
            return Err(InitError::Port(
                "--tls-port 0: give a port from 1 to 65535".into(),
            ));
        }
        if tls.port == options.port {
            return Err(InitError::Port(format!(
                "--port and --tls-port are both {}: the two listeners need two ports",
                options.port
            )));
        }
    }
    Ok(())
}

fn write_error(path: &Path) -> impl FnOnce(std::io::Error) -> InitError + '_ {
    move |source| InitError::Write {
        path: path.to_owned(),
        source,
    }
}

/// Writes `text` to `path` with this mode (also when the file was already there).
fn write_file(path: &Path, text: &str, mode: u32) -> Result<(), InitError> {
    owner::write_with_mode(path, text, mode).map_err(write_error(path))
}

/// An absolute, existing TLS file.
fn tls_file(option: &'static str, path: &Path) -> Result<PathBuf, InitError> {
    let absolute = path.canonicalize().map_err(|source| InitError::TlsFile {
        option,
        path: path.to_owned(),
        source,
    })?;
    conf_path(&absolute)?;
    Ok(absolute)
}

fn conf_path(path: &Path) -> Result<(), InitError> {
    let text = path.as_os_str().as_encoded_bytes();
    if text.contains(&b'\n') || text.contains(&b'\r') {
        Err(InitError::Path(path.to_owned()))
    } else {
        Ok(())
    }
}

/// Writes the hall's files into `options.dir`.
pub fn init(options: &InitOptions) -> Result<Written, InitError> {
    check(options)?;
    let tls = match &options.tls {
        Some(t) => Some(TlsListener {
            listener: Listener {
                port: t.port,
                bind: options.bind.clone(),
            },
            cert: tls_file("--tls-cert", &t.cert)?,
            key: tls_file("--tls-key", &t.key)?,
            ca: t
                .ca
                .as_deref()
                .map(|ca| tls_file("--tls-ca", ca))
                .transpose()?,
        }),
        None => None,
    };
    std::fs::create_dir_all(&options.dir).map_err(write_error(&options.dir))?;
    let dir = options
        .dir
        .canonicalize()
        .map_err(write_error(&options.dir))?;
    conf_path(&dir)?;
    let found: Vec<String> = GUARDED
        .iter()
        .filter(|name| dir.join(name).exists())
        .map(|name| name.to_string())
        .collect();
    if !found.is_empty() && !options.force {
        return Err(InitError::Exists { dir, names: found });
    }

    let kept = if options.force {
        let read = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap_or_default();
        users::kept(&read("passwd"), &read("acl"))
    } else {
        users::Kept::default()
    };
    let bridge_ca = match &options.bridge {
        Some(b) => {
            b.ca.as_deref()
                .map(|ca| tls_file("--bridge-ca", ca))
                .transpose()?
        }
        None => None,
    };

    let credentials_dir = dir.join("credentials");
    let data_dir = dir.join("data");
    for folder in [&credentials_dir, &data_dir] {
        std::fs::create_dir_all(folder).map_err(write_error(folder))?;
    }
    std::fs::set_permissions(&credentials_dir, std::fs::Permissions::from_mode(0o700))
        .map_err(write_error(&credentials_dir))?;

    let mut passwd_text = String::new();
    let mut add_user = |username: String| -> Result<Credentials, InitError> {
        let credentials = Credentials {
            password: passwd::random_password()?,
            username,
        };
        let salt = passwd::random_salt()?;
        passwd_text += &passwd::line(&credentials.username, &credentials.password, &salt);
        passwd_text.push('\n');
        let file = credentials_dir.join(format!("{}.toml", credentials.username));
        write_file(&file, &credentials.to_toml(), 0o600)?;
        Ok(credentials)
    };
    for n in options.boards.iter() {
        add_user(format!("board-{n}"))?;
    }
    let station = add_user("station".to_string())?;
    passwd_text += &kept.passwd;
    let passwd_file = dir.join("passwd");
    write_file(&passwd_file, &passwd_text, 0o600)?;
    let mut broker_files = vec![passwd_file, data_dir];
    let mut acl = mosquitto::acl_text(&options.event, options.boards);
    if !kept.acl.is_empty() {
        acl += "
# Kept from the earlier hall (not written by `hall init`):
";
        acl += &kept.acl;
    }
    write_file(&dir.join("acl"), &acl, 0o644)?;
    let mut bridge_user_file = None;
    let bridge_dir = match (&options.bridge, &options.venue) {
        (Some(b), Some(venue)) => {
            let bridge_dir = dir.join(bridge::BRIDGE_DIR);
            std::fs::create_dir_all(&bridge_dir).map_err(write_error(&bridge_dir))?;
            std::fs::set_permissions(&bridge_dir, std::fs::Permissions::from_mode(0o700))
                .map_err(write_error(&bridge_dir))?;
            let password = passwd::random_password()?;
            let conf_file = bridge_dir.join(format!("{}.conf", bridge::user(venue)));
            let text = bridge::conf_text(&BridgeConf {
                venue,
                event: &options.event,
                boards: options.boards,
                address: &b.to,
                ca: bridge_ca.as_deref(),
                password: &password,
            });
            write_file(&conf_file, &text, 0o600)?;
            let name = bridge::user(venue);
            let user = BridgeUser {
                passwd_line: passwd::line(&name, &password, &passwd::random_salt()?),
                acl: bridge::acl_block(venue, &options.event, options.boards),
                name,
            };
            let user_file = dir.join(format!("{}.user", user.name));
            write_file(&user_file, &bridge::user_file_text(&user), 0o600)?;
            bridge_user_file = Some(user_file);
            broker_files.extend([bridge_dir.clone(), conf_file]);
            Some(bridge_dir)
        }
        _ => None,
    };
    let paths: Vec<&Path> = broker_files.iter().map(PathBuf::as_path).collect();
    let ownership = owner::give_to_broker(&paths).map_err(|source| InitError::Write {
        path: dir.clone(),
        source,
    })?;
    let conf = Conf {
        dir: &dir,
        event: &options.event,
        boards: options.boards,
        plain: Listener {
            port: options.port,
            bind: options.bind.clone(),
        },
        tls,
        bridge_dir: bridge_dir.as_deref(),
    };
    write_file(
        &dir.join("mosquitto.conf"),
        &mosquitto::conf_text(&conf),
        0o644,
    )?;
    Ok(Written {
        dir,
        options: options.clone(),
        station,
        ownership,
        kept: kept.names,
        bridge_user_file,
    })
}

impl Written {
    /// The host boards connect to: the bound address when it is one, else a placeholder.
    fn host(&self) -> String {
        match self.options.bind.as_deref() {
            Some(b)
                if b.parse::<std::net::IpAddr>()
                    .is_ok_and(|ip| ip.is_unspecified()) =>
            {
                "HOST".to_string()
            }
            Some(b) if b.contains(':') => format!("[{b}]"),
            Some(b) => b.to_string(),
            None => "HOST".to_string(),
        }
    }

    /// The bridge's part of the report.
    fn bridge_report(&self, file: &Path, b: &BridgeOptions, venue: &str) -> Vec<String> {
        let user = bridge::user(venue);
        let link = if b.ca.is_some() {
            "TLS"
        } else {
            "plain MQTT: only inside one building or a VPN"
        };
        vec![
            String::new(),
            format!(
                "Venue {venue} is bridged to the station's venue at {} ({link}):",
                b.to
            ),
            format!(
                "  {}/{}/{user}.conf  the bridge block with its password (mode 0600)",
                self.dir.display(),
                bridge::BRIDGE_DIR
            ),
            format!(
                "  {}  the user {user} for the station's venue",
                file.display()
            ),
            "On the station's venue, install that user (it keeps every other user) and reload its broker:"
                .to_string(),
            format!(
                "  talkclock hall add-bridge --dir HALL_A --file {user}.user"
            ),
            "  kill -HUP <mosquitto's pid>   (or: systemctl reload mosquitto)".to_string(),
        ]
    }

    /// What was written and what to do next, as lines to print.
    pub fn report(&self) -> Vec<String> {
        let dir = self.dir.display();
        let o = &self.options;
        let (first, last, count) = (o.boards.start(), o.boards.end(), o.boards.len());
        let host = self.host();
        let mut lines = vec![
            format!(
                "Wrote the hall of event {}{} ({count} boards, {first} to {last}) in {dir}:",
                o.event,
                o.venue
                    .as_deref()
                    .map(|v| format!(", venue {v}"))
                    .unwrap_or_default()
            ),
            "  mosquitto.conf  the broker's configuration".to_string(),
            format!(
                "  passwd          password hashes of board-{first} … board-{last} and station"
            ),
            "  acl             each user's own topics, nothing else".to_string(),
            format!(
                "  credentials/    board-{first}.toml … board-{last}.toml, station.toml (mode 0600)"
            ),
            "  data/           the broker's database (retained and queued messages)".to_string(),
            String::new(),
            "Start the broker:".to_string(),
            format!("  mosquitto -c {dir}/mosquitto.conf"),
        ];
        lines.push(match self.ownership {
            Ownership::Caller => "as the user who ran this (it owns passwd and data/).".into(),
            Ownership::GivenToBroker => format!(
                "as root: it drops to the user {}, who now owns passwd and data/.",
                owner::BROKER_USER
            ),
            Ownership::NoBrokerUser => format!(
                "There is no user {} here: started as root, mosquitto would drop to it; \
                 install mosquitto first, or run the broker as the user who owns passwd.",
                owner::BROKER_USER
            ),
        });
        lines.extend([
            String::new(),
            "On board n: copy credentials/board-<n>.toml to it (mode 0600, owned by the user the"
                .to_string(),
            "clock runs as), e.g. to /etc/talkclock/hall.toml, and add to its configuration:"
                .to_string(),
            "  [hall]".to_string(),
            format!("  url = \"mqtt://{host}:{}\"", o.port),
            format!("  event = \"{}\"", o.event),
            "  board = <n>".to_string(),
            "  credentials = \"/etc/talkclock/hall.toml\"".to_string(),
        ]);
        if let Some(tls) = &o.tls {
            lines.push(format!(
                "(over TLS: url = \"mqtts://{host}:{}\", the boards trusting the certificate's CA)",
                tls.port
            ));
            if self.ownership == Ownership::GivenToBroker {
                lines.push(format!(
                    "The user {} must be able to read {} (e.g. chgrp {0} KEY; chmod 640 KEY).",
                    owner::BROKER_USER,
                    tls.key.display()
                ));
            }
        }
        if host == "HOST" {
            lines.push("HOST is this machine's address on the hall's network.".to_string());
        }
        lines.push(String::new());
        lines.push(format!(
            "The station logs in as `station` with {dir}/credentials/station.toml."
        ));
        if !self.kept.is_empty() {
            lines.push(String::new());
            lines.push(format!(
                "Kept from the earlier hall (not written by hall init): {}.",
                self.kept.join(", ")
            ));
        }
        if let (Some(file), Some(b), Some(venue)) = (&self.bridge_user_file, &o.bridge, &o.venue) {
            lines.extend(self.bridge_report(file, b, venue));
        }
        lines.push(String::new());
        lines.push(format!(
            "When the event ends, stop the boards and close it: `talkclock station close \
             --config station.toml` clears every retained message of event {} (it needs \
             {dir}/credentials/ beside the station's credentials).",
            o.event
        ));
        lines
    }
}

#[cfg(test)]
#[path = "init_tests.rs"]
mod init_tests;

#[cfg(test)]
#[path = "init_bridge_tests.rs"]
mod init_bridge_tests;
