//! Journal records: one JSON object per line.
//!
//! ```text
//! {"seq":0,"kind":"game","wall_ms":…,"config":"mode = …"}
//! {"seq":1,"kind":"input","game_ms":0,"mono_ms":3,"wall_ms":…,"source":"arbiter","input":"start"}
//! {"seq":2,"kind":"heartbeat","game_ms":1000,"mono_ms":1003,"wall_ms":…,"white_ms":…,"black_ms":…}
//! {"seq":9,"kind":"restored","game_ms":…,"mono_ms":0,"wall_ms":…}
//! ```
//! `game_ms` is the game's own timeline (it only advances while a daemon runs it); `mono_ms`
//! is the writing process's monotonic clock, `wall_ms` the wall clock (Unix milliseconds).
//! Inputs are written as script lines (`press white`, `adjust black -5:00`, `check arbiter`),
//! so `talkclock replay` reads them with the same parser as `simulate`.

use crate::clock::Ms;
use serde::{Deserialize, Serialize};

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
        /// Who gave it: `white`, `black`, `arbiter`, `restore`.
        source: String,
        /// The input as a script line without its time.
        input: String,
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
