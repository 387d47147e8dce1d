//! The control protocol's replies, typed: one JSON object per line, `{"ok":true,…}` or
//! `{"ok":false,"error":"…"}`. Field names and the words of `phase` are stable (README).

use crate::clock::{Game, GameResult, Ms, OvertimeState, Phase, Side, Stamped};
use serde::{Deserialize, Serialize, Serializer};

/// A reply to one request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply {
    /// `status`: the clocks.
    Status(Status),
    /// A game input was applied: the events it produced.
    Events {
        /// The core's events, as `simulate` prints them.
        events: Vec<Stamped>,
    },
    /// Done, nothing to report (a clock check).
    Done,
    /// The arbiter's text was printed; `spoken` says whether it was also said aloud.
    Said {
        /// Whether the system speech engine said it.
        spoken: bool,
    },
    /// `new-game` or `reload`: whether a new game began.
    NewGame {
        /// A new game began (else the settings were taken by the game in progress).
        new_game: bool,
    },
    /// The request was refused or could not be read.
    Error(String),
}

impl Reply {
    /// A refusal with this reason.
    pub fn error(message: &str) -> Reply {
        Reply::Error(message.to_string())
    }

    /// The reply as one JSON line (without the newline).
    pub fn to_line(&self) -> String {
        serde_json::to_string(self)
            .unwrap_or_else(|e| format!(r#"{{"ok":false,"error":"cannot write the reply: {e}"}}"#))
    }
}

/// The words `status` gives for the phase of a game (read back by the hall's station).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PhaseWord {
    /// Before `start`.
    NotStarted,
    /// A clock runs.
    Running,
    /// The arbiter paused.
    Paused,
    /// A player stopped the clock (1.7.11), awaiting the arbiter's ruling.
    PlayerStopped,
    /// A flag fell.
    Flagged,
    /// The game is over.
    Finished,
}

impl From<Phase> for PhaseWord {
    fn from(phase: Phase) -> PhaseWord {
        match phase {
            Phase::NotStarted => PhaseWord::NotStarted,
            Phase::Running(_) => PhaseWord::Running,
            Phase::Paused(_) => PhaseWord::Paused,
            Phase::PlayerStopped { .. } => PhaseWord::PlayerStopped,
            Phase::Flagged(_) => PhaseWord::Flagged,
            Phase::Finished => PhaseWord::Finished,
        }
    }
}

/// Both players' move counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Moves {
    /// White's moves.
    pub white: u32,
    /// Black's moves.
    pub black: u32,
}

/// What `status` reports.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Status {
    /// The game's own time now.
    pub game_ms: Ms,
    /// The phase, as a word.
    pub phase: PhaseWord,
    /// Whose clock runs, if any.
    pub running: Option<Side>,
    /// White's remaining time.
    pub white_ms: Ms,
    /// Black's remaining time.
    pub black_ms: Ms,
    /// Moves made.
    pub moves: Moves,
    /// The result, once there is one.
    pub result: Option<GameResult>,
    /// Each side's overtime, when the control has one (`null` for a side in main time);
    /// absent otherwise.
    pub overtime: Option<SidesOvertime>,
}

/// Where each side stands in its overtime (`null` while in main time).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct SidesOvertime {
    /// White's.
    pub white: Option<OvertimeState>,
    /// Black's.
    pub black: Option<OvertimeState>,
}

impl Status {
    /// The status of a game at game time `now`.
    pub fn of(game: &Game, now: Ms) -> Status {
        Status {
            game_ms: now,
            phase: game.phase().into(),
            running: game.running(),
            white_ms: game.remaining(Side::White, now),
            black_ms: game.remaining(Side::Black, now),
            moves: Moves {
                white: game.moves(Side::White),
                black: game.moves(Side::Black),
            },
            result: game.result(),
            overtime: game.control().overtime().map(|_| SidesOvertime {
                white: game.overtime(Side::White),
                black: game.overtime(Side::Black),
            }),
        }
    }
}

impl Serialize for Reply {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("ok", &!matches!(self, Reply::Error(_)))?;
        match self {
            Reply::Status(status) => {
                map.serialize_entry("game_ms", &status.game_ms)?;
                map.serialize_entry("phase", &status.phase)?;
                map.serialize_entry("running", &status.running)?;
                map.serialize_entry("white_ms", &status.white_ms)?;
                map.serialize_entry("black_ms", &status.black_ms)?;
                map.serialize_entry("moves", &status.moves)?;
                map.serialize_entry("result", &status.result)?;
                if let Some(overtime) = &status.overtime {
                    map.serialize_entry("overtime", overtime)?;
                }
            }
            Reply::Events { events } => map.serialize_entry("events", events)?,
            Reply::Done => {}
            Reply::Said { spoken } => map.serialize_entry("spoken", spoken)?,
            Reply::NewGame { new_game } => map.serialize_entry("new_game", new_game)?,
            Reply::Error(error) => map.serialize_entry("error", error)?,
        }
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replies_have_stable_words() {
        assert_eq!(
            Reply::NewGame { new_game: true }.to_line(),
            r#"{"ok":true,"new_game":true}"#
        );
        assert_eq!(Reply::error("no").to_line(), r#"{"ok":false,"error":"no"}"#);
        assert_eq!(Reply::Done.to_line(), r#"{"ok":true}"#);
        let word = serde_json::to_string(&PhaseWord::from(Phase::Paused(Side::White))).unwrap();
        assert_eq!(word, r#""paused""#);
    }

    #[test]
    fn status_says_where_each_side_stands_in_its_overtime() {
        use crate::clock::{GameSetup, Input, Overtime, Stage, TimeControl, MINUTE, SECOND};
        let control = TimeControl::new(vec![Stage::new(None, MINUTE)], false)
            .unwrap()
            .with_overtime(Overtime::Byoyomi {
                periods: 3,
                time: 10 * SECOND,
            })
            .unwrap();
        let mut game = Game::new(GameSetup::new(control), 0);
        game.handle(0, Input::Start);
        // White's minute runs out at 60 s; at 65 s he is 5 s into his first of 3 periods.
        game.advance(65 * SECOND);
        let line = Reply::Status(Status::of(&game, 65 * SECOND)).to_line();
        assert!(line.contains(r#""white_ms":5000"#), "{line}");
        assert!(
            line.ends_with(r#""overtime":{"white":{"period":1,"periods_left":3},"black":null}}"#),
            "{line}"
        );
        // Without an overtime the key is absent, as before.
        let plain = TimeControl::new(vec![Stage::new(None, MINUTE)], false).unwrap();
        let game = Game::new(GameSetup::new(plain), 0);
        let line = Reply::Status(Status::of(&game, 0)).to_line();
        assert!(!line.contains("overtime"), "{line}");
    }
}
