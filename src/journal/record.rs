//! Journal records: one JSON object per line.
//!
//! ```text
//! {"seq":0,"kind":"game","wall_ms":…,"config":"mode = …"}
//! {"seq":1,"kind":"input","game_ms":0,"mono_ms":3,"wall_ms":…,"source":"arbiter","input":{"game":"start"}}
//! {"seq":2,"kind":"input","game_ms":812,"mono_ms":815,"wall_ms":…,"source":"white","input":{"game":{"press":"white"}}}
//! {"seq":3,"kind":"heartbeat","game_ms":1000,"mono_ms":1003,"wall_ms":…,"white_ms":…,"black_ms":…}
//! {"seq":4,"kind":"preferences","game_ms":…,"wall_ms":…,"listener":"white","volume":-1,"rate":0}
//! {"seq":9,"kind":"restored","game_ms":…,"mono_ms":0,"wall_ms":…}
//! ```
//! `game_ms` is the game's own timeline (it only advances while a daemon runs it); `mono_ms`
//! is the writing process's monotonic clock, `wall_ms` the wall clock (Unix milliseconds).
//! Every field is typed: an input is a [`Request`] (`{"game":{"set":["white",2700000]}}`,
//! `{"clock_check":"arbiter"}`). Journals written before inputs were typed hold the input as
//! the words of a script line (`"input":"press white"`); they are read with the same parser as
//! `simulate`, and a line that does not parse is an error, never skipped.

use crate::clock::{Input, Ms, Side};
use crate::table::{Listener, Request};
use serde::{Deserialize, Deserializer, Serialize};

/// Who gave an input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Source {
    /// White's buttons.
    White,
    /// Black's buttons.
    Black,
    /// The arbiter (buttons or control socket).
    Arbiter,
    /// The daemon restoring a game after a restart (pause, clock checks).
    Restore,
    /// The daemon pausing because the journal could not be written (a full disk).
    Storage,
    /// The daemon pausing after the machine slept.
    #[serde(alias = "clock-jump")]
    Suspend,
    /// A test or a tool.
    Test,
}

impl Source {
    /// Who an input came from: a player for his press, his query and his stop, else the
    /// arbiter.
    pub fn of(request: &Request) -> Source {
        match request {
            Request::Game(Input::Press(side) | Input::Query(side) | Input::Stop(side)) => {
                match side {
                    Side::White => Source::White,
                    Side::Black => Source::Black,
                }
            }
            _ => Source::Arbiter,
        }
    }
}

/// An input as the journal holds it: typed, or (in journals written before inputs were typed)
/// the words of a script line, read back with the script parser.
fn typed_or_words<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Request, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Field {
        Typed(Request),
        Words(String),
    }
    match Field::deserialize(deserializer)? {
        Field::Typed(request) => Ok(request),
        Field::Words(words) => words
            .parse::<Request>()
            .map_err(|e| serde::de::Error::custom(format!("input `{words}`: {e}"))),
    }
}

/// The chain of digests a journal declares in its game record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Chain {
    /// Each record's `"digest"` is [`chain`] of the one before and its own JSON.
    Sha256,
}

/// One line of the journal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Record {
    /// A new game, with the configuration it is played under.
    Game {
        /// Sequence number (0 for the game record).
        seq: u64,
        /// Wall-clock Unix milliseconds.
        wall_ms: i64,
        /// The configuration's TOML text.
        config: String,
        /// The chain of digests the journal's records carry (every journal written since
        /// records were chained declares it, so that one whose digests were stripped is
        /// refused, not taken for a journal of the old format). `None` in older journals.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        chain: Option<Chain>,
    },
    /// An input, written and synced before it takes effect.
    Input {
        /// Sequence number.
        seq: u64,
        /// The game's timeline.
        game_ms: Ms,
        /// The writer's monotonic clock.
        mono_ms: Ms,
        /// Wall-clock Unix milliseconds.
        wall_ms: i64,
        /// Who gave it.
        source: Source,
        /// The input.
        #[serde(deserialize_with = "typed_or_words")]
        input: Request,
    },
    /// The running side's time, at least once a second while a clock runs.
    Heartbeat {
        /// Sequence number.
        seq: u64,
        /// The game's timeline.
        game_ms: Ms,
        /// The writer's monotonic clock.
        mono_ms: Ms,
        /// Wall-clock Unix milliseconds.
        wall_ms: i64,
        /// White's remaining time.
        white_ms: Ms,
        /// Black's remaining time.
        black_ms: Ms,
    },
    /// New settings taken while the game was paused (`reload`); the time control is unchanged.
    Config {
        /// Sequence number.
        seq: u64,
        /// The game time it was taken at.
        game_ms: Ms,
        /// Wall-clock Unix milliseconds.
        wall_ms: i64,
        /// The new configuration's TOML text.
        config: String,
    },
    /// A listener's volume and speech rate steps, as the volume and rate buttons left them
    /// (kept across a restart, and carried into the next game).
    Preferences {
        /// Sequence number.
        seq: u64,
        /// The game time it was taken at.
        game_ms: Ms,
        /// Wall-clock Unix milliseconds.
        wall_ms: i64,
        /// Whose.
        listener: Listener,
        /// Volume step (0 = as configured; see `audio::VOLUME_STEP_DB`).
        volume: i8,
        /// Speech rate step (0 = as configured).
        rate: i8,
    },
    /// A daemon restarted and restored the game from this journal.
    Restored {
        /// Sequence number.
        seq: u64,
        /// The game time the game was restored at.
        game_ms: Ms,
        /// The writer's monotonic clock.
        mono_ms: Ms,
        /// Wall-clock Unix milliseconds.
        wall_ms: i64,
    },
}

impl Record {
    /// The sequence number.
    pub fn seq(&self) -> u64 {
        match self {
            Record::Game { seq, .. }
            | Record::Input { seq, .. }
            | Record::Heartbeat { seq, .. }
            | Record::Config { seq, .. }
            | Record::Preferences { seq, .. }
            | Record::Restored { seq, .. } => *seq,
        }
    }

    /// The game time of the record (0 for the game record).
    pub fn game_ms(&self) -> Ms {
        match self {
            Record::Game { .. } => 0,
            Record::Input { game_ms, .. }
            | Record::Heartbeat { game_ms, .. }
            | Record::Config { game_ms, .. }
            | Record::Preferences { game_ms, .. }
            | Record::Restored { game_ms, .. } => *game_ms,
        }
    }
}

/// Wall-clock Unix milliseconds now.
pub fn wall_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// The chained digest of a record: SHA-256 (lowercase hex) of the previous record's digest (""
/// before the first), a newline, and the record's JSON without its digest. Each line of the
/// journal carries it as its last field, `"digest"`, so a hand edit anywhere breaks the chain
/// from that record on, and the digest of the game's last record (told to the arbiter at the
/// end) seals the whole game (rule 1.7.10).
pub fn chain(previous: &str, json: &str) -> String {
    use sha2::{Digest, Sha256};
    let mut hasher = Sha256::new();
    hasher.update(previous.as_bytes());
    hasher.update(b"\n");
    hasher.update(json.as_bytes());
    hasher
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A record's line in a journal of the old format, which carries no digests (a game begun
/// before records were chained is continued in its own format: chaining its new records would
/// hide an edit made to the old ones).
pub fn plain_line_of(record: &Record) -> Result<String, serde_json::Error> {
    serde_json::to_string(record)
}

/// A record's line: its JSON with `"digest"` chained to `previous` as its last field.
pub fn line_of(record: &Record, previous: &str) -> Result<(String, String), serde_json::Error> {
    let json = serde_json::to_string(record)?;
    let digest = chain(previous, &json);
    let body = json.strip_suffix('}').unwrap_or(&json);
    Ok((format!("{body},\"digest\":\"{digest}\"}}"), digest))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chain_is_sha256_of_the_previous_digest_a_newline_and_the_json() {
        // `printf '\nabc' | sha256sum`
        assert_eq!(
            chain("", "abc"),
            "f39d39bfc99287b848780d4110eb663f0e7c344ae41f46a390c4135b89dc2756"
        );
        let record = Record::Game {
            seq: 0,
            wall_ms: 5,
            config: "x".into(),
            chain: Some(Chain::Sha256),
        };
        let (line, digest) = line_of(&record, "").unwrap();
        assert_eq!(
            line,
            format!(
                r#"{{"kind":"game","seq":0,"wall_ms":5,"config":"x","chain":"sha256","digest":"{digest}"}}"#
            )
        );
    }
}
