//! `station.toml`: where the broker is, where the mirror goes, and the arbiters, each with
//! the boards he has, his language and his earpiece.
//!
//! ```toml
//! [broker]
//! url = "mqtt://127.0.0.1:1883"
//! event = "spb-2026"
//! credentials = "hall/credentials/station.toml"
//!
//! [station]
//! mirror = "/var/lib/talkclock/station"
//! silent_after = "0:10"      # a board not heard from this long is reported
//! late_after = "0:05"        # an alert this late says how late it is
//! forget_after = "2:00:00"   # a retained state older than this is an earlier day's: ignored
//!
//! [[arbiter]]
//! name = "chief"
//! language = "ru"
//! boards = "1-15"
//! [arbiter.audio]            # as a board's [audio]: the arbiter's earpiece
//! layout = "single_speaker"
//!
//! [dashboard]                # the page (`super::dashboard::settings`)
//! listen = "127.0.0.1:8090"
//! ```

use super::dashboard::settings::{DashboardSettings, RawDashboard};
use crate::audio::Route;
use crate::clock::time::parse_duration;
use crate::config::hall::{parse_url, valid_event};
use crate::config::Config;
use crate::hearing::Listener;
use crate::speech::Lang;
use serde::Deserialize;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Why a station's configuration cannot be used.
#[derive(Debug, thiserror::Error)]
#[error("{origin}: {message}")]
pub struct StationConfigError {
    /// The file.
    pub origin: String,
    /// What is wrong, and where.
    pub message: String,
}

impl StationConfigError {
    /// Every problem found, one a line after the first (the count said first when there are
    /// several).
    fn of(origin: &str, problems: Vec<String>) -> StationConfigError {
        let message = match problems.as_slice() {
            [one] => one.clone(),
            many => format!("{} problems\n{}", many.len(), many.join("\n")),
        };
        StationConfigError {
            origin: origin.to_string(),
            message,
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    broker: RawBroker,
    #[serde(default)]
    station: RawStation,
    #[serde(default)]
    arbiter: Vec<RawArbiter>,
    dashboard: Option<RawDashboard>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBroker {
    url: String,
    event: String,
    credentials: String,
    ca: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStation {
    mirror: Option<String>,
    silent_after: Option<String>,
    late_after: Option<String>,
    forget_after: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawArbiter {
    name: String,
    #[serde(default = "default_language")]
    language: String,
    boards: String,
    audio: Option<toml::Table>,
}

fn default_language() -> String {
    "ru".into()
}

/// One arbiter at the station.
#[derive(Debug, Clone)]
pub struct Arbiter {
    /// His name (in the transcript and `status`).
    pub name: String,
    /// His language.
    pub language: Lang,
    /// The boards he has: inclusive ranges.
    pub boards: Vec<(u32, u32)>,
    /// A board configuration that speaks as he hears: his language for the arbiter, his
    /// `[audio]` (the earpiece).
    pub speech: Config,
}

impl Arbiter {
    /// Whether he has `board`.
    pub fn has(&self, board: u32) -> bool {
        self.boards.iter().any(|(a, b)| (*a..=*b).contains(&board))
    }
}

/// The station's settings.
#[derive(Debug, Clone)]
pub struct StationConfig {
    /// The broker's host.
    pub host: String,
    /// Its port.
    pub port: u16,
    /// TLS.
    pub tls: bool,
    /// The certificate authority (TLS).
    pub ca: Option<PathBuf>,
    /// The event.
    pub event: String,
    /// The station's credentials file.
    pub credentials: PathBuf,
    /// The mirror's folder.
    pub mirror: PathBuf,
    /// A board not heard from this long is reported silent.
    pub silent_after: Duration,
    /// An alert this late says how late it is.
    pub late_after: Duration,
    /// A retained state (or connection flag) found on the broker at start whose board was
    /// last heard longer ago than this is an earlier day's (or event's): ignored, never said.
    pub forget_after: Duration,
    /// The arbiters; a board no arbiter has goes to the first.
    pub arbiters: Vec<Arbiter>,
    /// The dashboard, when the page is served.
    pub dashboard: Option<DashboardSettings>,
}

impl StationConfig {
    /// Reads and checks `path`; relative paths in it are taken from its folder.
    pub fn load(path: &Path) -> Result<StationConfig, StationConfigError> {
        let origin = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| StationConfigError {
            origin: origin.clone(),
            message: format!("cannot read it: {e}"),
        })?;
        let base = path.parent().unwrap_or(Path::new("."));
        StationConfig::parse(&text, &origin, base)
    }

    /// Checks a station's configuration text.
    pub fn parse(
        text: &str,
        origin: &str,
        base: &Path,
    ) -> Result<StationConfig, StationConfigError> {
        // Every problem is gathered, so that one check lists them all.
        let mut problems: Vec<String> = Vec::new();
        let raw: Raw = match crate::config::read_typed::<Raw>(text) {
            Ok(raw) => raw,
            Err(typed) => {
                let problems = typed
                    .problems()
                    .into_iter()
                    .map(|p| match p.line {
                        0 => p.message,
                        line => format!("line {line}, column {}: {}", p.column, p.message),
                    })
                    .collect();
                return Err(StationConfigError::of(origin, problems));
            }
        };
        let broker = parse_url(&raw.broker.url)
            .map_err(|e| problems.push(format!("[broker] url {e}")))
            .ok();
        if !valid_event(&raw.broker.event) {
            problems.push(format!(
                "[broker] event `{}`: use 1–64 letters, digits, '-' or '_'",
                raw.broker.event
            ));
        }
        let within = |p: &str| {
            let p = PathBuf::from(p);
            if p.is_absolute() {
                p
            } else {
                base.join(p)
            }
        };
        let mut duration = |value: &Option<String>, key: &str, default: u64| match value {
            None => Some(Duration::from_secs(default)),
            Some(v) => {
                let parsed = parse_duration(v)
                    .ok()
                    .filter(|ms| *ms > 0)
                    .map(|ms| Duration::from_millis(ms as u64));
                if parsed.is_none() {
                    problems.push(format!("[station] {key} `{v}`: a time such as \"0:10\""));
                }
                parsed
            }
        };
        let silent_after = duration(&raw.station.silent_after, "silent_after", 10);
        let late_after = duration(&raw.station.late_after, "late_after", 5);
        let forget_after = duration(&raw.station.forget_after, "forget_after", 2 * 3600);
        if raw.arbiter.is_empty() {
            problems.push("no [[arbiter]]: the station speaks to at least one arbiter".into());
        }
        let mut arbiters = Vec::new();
        for (i, a) in raw.arbiter.iter().enumerate() {
            let at = format!("[[arbiter]] {} (`{}`)", i + 1, a.name);
            let language = Lang::from_code(&a.language);
            if language.is_none() {
                problems.push(format!(
                    "{at}: language `{}`: {}",
                    a.language,
                    Lang::codes_listed()
                ));
            }
            let boards = parse_boards(&a.boards)
                .map_err(|e| problems.push(format!("{at}: boards {e}")))
                .ok();
            // A board's configuration that only speaks: the time control is never used.
            let mut board_config = format!(
                "[[time_control.stage]]\ntime = \"1:00\"\n[arbiter]\nlanguage = \"{}\"\n",
                language.unwrap_or(Lang::En).code()
            );
            if let Some(audio) = &a.audio {
                let mut doc = toml::Table::new();
                doc.insert("audio".into(), toml::Value::Table(audio.clone()));
                board_config.push_str(&toml::to_string(&doc).unwrap_or_default());
            }
            let speech = Config::parse(&board_config, &format!("{at} [arbiter.audio]"))
                .map_err(|e| problems.push(e.to_string().trim_end().to_string()))
                .ok();
            if let (Some(language), Some(boards), Some(mut speech)) = (language, boards, speech) {
                earpiece_only(&mut speech);
                arbiters.push(Arbiter {
                    name: a.name.clone(),
                    language,
                    boards,
                    speech,
                });
            }
        }
        let dashboard = match &raw.dashboard {
            Some(d) => d.check(text).map_err(|e| problems.push(e.to_string())).ok(),
            None => None,
        };
        let (
            Some((host, port, tls)),
            Some(silent_after),
            Some(late_after),
            Some(forget_after),
            true,
        ) = (
            broker,
            silent_after,
            late_after,
            forget_after,
            problems.is_empty(),
        )
        else {
            return Err(StationConfigError::of(origin, problems));
        };
        Ok(StationConfig {
            dashboard,
            host,
            port,
            tls,
            ca: raw.broker.ca.as_deref().map(within),
            event: raw.broker.event,
            credentials: within(&raw.broker.credentials),
            mirror: within(raw.station.mirror.as_deref().unwrap_or("station-mirror")),
            silent_after,
            late_after,
            forget_after,
            arbiters,
        })
    }

    /// The broker connection as `client_id`, with the station's credentials.
    pub fn endpoint(
        &self,
        client_id: String,
    ) -> Result<crate::hall::mqtt::Endpoint, crate::hall::credentials::CredentialsError> {
        Ok(crate::hall::mqtt::Endpoint {
            host: self.host.clone(),
            port: self.port,
            tls: self.tls,
            ca: self.ca.clone(),
            client_id,
            credentials: crate::hall::credentials::read(&self.credentials)?,
            will: None,
        })
    }

    /// The arbiter who has `board` (the first has every board nobody has).
    pub fn arbiter_of(&self, board: u32) -> usize {
        self.arbiters.iter().position(|a| a.has(board)).unwrap_or(0)
    }
}

/// At the station only the arbiter listens, and no cue plays: his route alone (the layout's,
/// or both channels of the device when the layout has none for him), so that the device's
/// headroom is his (−1 dBFS, not the −14 dB of a speaker shared by three listeners with cues).
fn earpiece_only(speech: &mut Config) {
    let out = &mut speech.audio.output;
    let route = out
        .route(Listener::Arbiter)
        .cloned()
        .unwrap_or_else(|| Route {
            listener: Listener::Arbiter,
            device: out
                .devices()
                .into_iter()
                .next()
                .unwrap_or_else(|| "default".to_string()),
            channels: vec![0, 1],
        });
    out.routes = vec![route];
    out.cue_volume = 0.0;
}

/// A list of boards that is not one: `part` of `text` is neither a board nor a range.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{text}`: `{part}` is not a board or a range such as 1-15 (boards are 1–{max})", max = crate::config::hall::MAX_BOARD)]
pub struct BoardsError {
    /// The whole list as written.
    pub text: String,
    /// The part that is wrong.
    pub part: String,
}

/// `"1-15"`, `"1-10, 12, 20-30"`: inclusive ranges.
pub fn parse_boards(text: &str) -> Result<Vec<(u32, u32)>, BoardsError> {
    let mut out = Vec::new();
    for part in text.split(',').map(str::trim) {
        let (a, b) = part.split_once('-').unwrap_or((part, part));
        let num = |s: &str| {
            s.trim()
                .parse::<u32>()
                .ok()
                .filter(|n| (1..=crate::config::hall::MAX_BOARD).contains(n))
        };
        match (num(a), num(b)) {
            (Some(a), Some(b)) if a <= b => out.push((a, b)),
            _ => {
                return Err(BoardsError {
                    text: text.to_string(),
                    part: part.to_string(),
                })
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = r#"
[broker]
url = "mqtt://127.0.0.1:1884"
event = "e1"
credentials = "cred/station.toml"
[[arbiter]]
name = "a"
language = "en"
boards = "1-10, 12"
[[arbiter]]
name = "b"
boards = "11"
"#;

    #[test]
    fn the_shipped_example_is_valid() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("config/hall/station.toml");
        let c = StationConfig::load(&path).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(c.arbiters.len(), 2);
        let page = c.dashboard.expect("the example serves the dashboard");
        assert_eq!(page.listen.to_string(), "127.0.0.1:8090");
        assert!(page.password.is_none(), "read-only until a password is set");
        assert_eq!(c.forget_after, Duration::from_secs(2 * 3600));
    }

    #[test]
    fn forget_after_is_two_hours_unless_set_and_a_bad_one_is_named() {
        let c = StationConfig::parse(TEXT, "s.toml", Path::new("/h")).unwrap();
        assert_eq!(c.forget_after, Duration::from_secs(7200));
        let text = format!("{TEXT}[station]\nforget_after = \"12:00:00\"\n");
        let c = StationConfig::parse(&text, "s.toml", Path::new("/h")).unwrap();
        assert_eq!(c.forget_after, Duration::from_secs(12 * 3600));
        let text = format!("{TEXT}[station]\nforget_after = \"soon\"\n");
        let e = StationConfig::parse(&text, "s.toml", Path::new("/h")).unwrap_err();
        assert!(
            e.to_string().contains("[station] forget_after `soon`"),
            "{e}"
        );
    }

    #[test]
    fn arbiters_split_the_hall_by_board_ranges() {
        let c = StationConfig::parse(TEXT, "s.toml", Path::new("/h")).unwrap();
        assert_eq!(c.port, 1884);
        assert_eq!(c.credentials, PathBuf::from("/h/cred/station.toml"));
        assert_eq!(c.arbiter_of(12), 0);
        assert_eq!(c.arbiter_of(11), 1);
        assert_eq!(c.arbiter_of(40), 0, "a board nobody has goes to the first");
        assert_eq!(c.arbiters[1].language, Lang::Ru);
        assert_eq!(c.arbiters[0].speech.arbiter_language, Lang::En);
        // The earpiece is the arbiter's alone: no other listener shares its headroom.
        let routes = &c.arbiters[0].speech.audio.output.routes;
        assert_eq!(routes.len(), 1);
        assert_eq!(routes[0].listener, Listener::Arbiter);
        assert_eq!(routes[0].channels, vec![0, 1]);
    }

    #[test]
    fn a_bad_board_range_is_named_with_its_arbiter() {
        let text = TEXT.replace("\"11\"", "\"11-3\"");
        let e = StationConfig::parse(&text, "s.toml", Path::new("/h")).unwrap_err();
        assert!(
            e.to_string().contains("[[arbiter]] 2 (`b`): boards `11-3`"),
            "{e}"
        );
    }

    #[test]
    fn an_unknown_key_is_refused_with_its_line() {
        let text = TEXT.replace("event = \"e1\"", "event = \"e1\"\nport = 3");
        let e = StationConfig::parse(&text, "s.toml", Path::new("/h")).unwrap_err();
        assert!(e.to_string().contains("line 5"), "{e}");
    }
}
