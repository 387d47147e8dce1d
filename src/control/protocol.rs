//! The arbiter's control protocol: JSON lines over a Unix socket.
//!
//! Each request is one JSON object on one line (at most [`MAX_REQUEST`] bytes); each reply is
//! one JSON object on one line: `{"ok":true,…}` or `{"ok":false,"error":"…"}`.
//!
//! | request | effect |
//! |---|---|
//! | `{"cmd":"status"}` | the clocks, whose clock runs, moves, result |
//! | `{"cmd":"start"}`, `{"cmd":"pause"}`, `{"cmd":"resume"}` | as the arbiter's buttons |
//! | `{"cmd":"set","side":"white","time":"45:00"}` | set a time (rule 1.7.8 limits cuts) |
//! | `{"cmd":"adjust","side":"black","delta":"-5:00"}` | add or take time |
//! | `{"cmd":"ruling","ruling":"misunderstanding"}` | also `resign`, `draw`, `no-moves` with `"side"` |
//! | `{"cmd":"result","outcome":"white"}` | the arbiter's result of a game decided on the board (`black`, `draw`); ends the game |
//! | `{"cmd":"result","outcome":"white","forfeit":true}` | White wins by forfeit: Black did not play (refused once Black has moved) |
//! | `{"cmd":"check","listener":"arbiter"}` | speak the control and both times (1.7.5) |
//! | `{"cmd":"rollback","moves":23,"side":"black"}` | back to the instant that move was completed (D.2.9; `side` defaults to black) |
//! | `{"cmd":"players","white":"…","black":"…"}` | the players' names (the station sends a round's pairings) |
//! | `{"cmd":"say","audience":"white","text":"…"}` | the arbiter's message into an audience |
//! | `{"cmd":"new-game"}` | set up a new game; a game in progress only with `"force":true` |
//! | `{"cmd":"reload"}` | re-read the config (only while paused or between games) |

use crate::clock::time::{parse_duration, parse_signed_duration, Clock};
use crate::clock::{Input, Outcome, Ruling, Side};
use crate::hearing::Listener;
use serde::{Deserialize, Serialize};

/// The longest player's name `players` takes, in characters.
pub const MAX_NAME: usize = 100;

/// The longest request line accepted, in bytes.
pub const MAX_REQUEST: usize = 64 * 1024;

/// A request as written on the wire (a control socket line, the `request` of a hall command).
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "cmd", rename_all = "kebab-case", deny_unknown_fields)]
enum Wire {
    // Empty braces, not unit variants: serde only refuses unknown fields on struct variants.
    Status {},
    Start {},
    Pause {},
    Resume {},
    Set {
        side: Side,
        time: String,
    },
    Adjust {
        side: Side,
        delta: String,
    },
    Ruling {
        ruling: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        side: Option<Side>,
    },
    Check {
        listener: Listener,
    },
    Result {
        outcome: Outcome,
        /// The loser forfeits a game he did not play (TRF `+`/`-`).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        forfeit: bool,
    },
    Rollback {
        moves: u32,
        #[serde(default = "black")]
        side: Side,
    },
    Say {
        audience: Listener,
        text: String,
    },
    Players {
        white: String,
        black: String,
    },
    NewGame {
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        force: bool,
    },
    Reload {},
}

/// The side a rollback goes back to when none is named: Black's move, White to move.
fn black() -> Side {
    Side::Black
}

/// A valid arbiter command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ArbiterCommand {
    /// Report the clocks.
    Status,
    /// An input for the clock core.
    Game(Input),
    /// A clock check for a listener.
    Check(Listener),
    /// Take the game back to a completed move (D.2.9).
    Rollback(crate::clock::Rollback),
    /// Speak the arbiter's text into an audience.
    Say(Listener, String),
    /// The players' names for this board (a round's pairings, sent by the station).
    Players {
        /// White's name.
        white: String,
        /// Black's name.
        black: String,
    },
    /// Begin a new game; `force` confirms closing a game in progress.
    NewGame {
        /// The arbiter confirmed that the game in progress is to be closed.
        force: bool,
    },
    /// Re-read the configuration.
    Reload,
}

/// Why a request line is refused (its words are the error reply's).
#[derive(Debug, thiserror::Error)]
pub enum RequestError {
    /// Longer than [`MAX_REQUEST`].
    #[error("request too long: {0} bytes, at most {MAX_REQUEST}")]
    TooLong(usize),
    /// Not UTF-8 text.
    #[error("request is not UTF-8 text")]
    NotText,
    /// Not a request's JSON.
    #[error("bad request: {0}")]
    Bad(#[from] serde_json::Error),
    /// A time that is not one.
    #[error(transparent)]
    Time(#[from] crate::clock::time::DurationError),
    /// `no-moves` without its side.
    #[error("`no-moves` needs \"side\"")]
    NoMovesSide,
    /// A ruling the rules do not have.
    #[error(
        "unknown ruling `{0}`: expected misunderstanding, resign, draw or no-moves (with side)"
    )]
    UnknownRuling(String),
    /// `players` with an empty or overlong name.
    #[error("`players` needs both names, each 1 to {MAX_NAME} characters, no control characters")]
    BadName,
    /// A forfeit names its winner: a draw is none.
    #[error("a forfeit has a winner: its outcome is white or black, not draw")]
    DrawnForfeit,
    /// `say` with nothing to say.
    #[error("`say` needs some text")]
    NothingToSay,
    /// A player's input (a press, a stop, a query): no request on the wire asks for it.
    #[error("`{0}` is a player's input, not an arbiter's request")]
    PlayersInput(Input),
}

/// Reads one request line.
pub fn parse_request(line: &[u8]) -> Result<ArbiterCommand, RequestError> {
    if line.len() > MAX_REQUEST {
        return Err(RequestError::TooLong(line.len()));
    }
    let text = std::str::from_utf8(line).map_err(|_| RequestError::NotText)?;
    let wire: Wire = serde_json::from_str(text.trim())?;
    ArbiterCommand::try_from(wire)
}

impl TryFrom<Wire> for ArbiterCommand {
    type Error = RequestError;

    fn try_from(wire: Wire) -> Result<ArbiterCommand, RequestError> {
        Ok(match wire {
            Wire::Status {} => ArbiterCommand::Status,
            Wire::Start {} => ArbiterCommand::Game(Input::Start),
            Wire::Pause {} => ArbiterCommand::Game(Input::Pause),
            Wire::Resume {} => ArbiterCommand::Game(Input::Resume),
            Wire::Set { side, time } => {
                ArbiterCommand::Game(Input::Set(side, parse_duration(&time)?))
            }
            Wire::Adjust { side, delta } => {
                ArbiterCommand::Game(Input::Adjust(side, parse_signed_duration(&delta)?))
            }
            Wire::Ruling { ruling, side } => {
                ArbiterCommand::Game(Input::Ruling(match (ruling.as_str(), side) {
                    ("misunderstanding", None) => Ruling::Misunderstanding,
                    ("resign", None) => Ruling::Resign,
                    ("draw", None) => Ruling::Draw,
                    ("no-moves", Some(side)) => Ruling::NoMoves(side),
                    ("no-moves", None) => return Err(RequestError::NoMovesSide),
                    (other, _) => return Err(RequestError::UnknownRuling(other.to_string())),
                }))
            }
            Wire::Check { listener } => ArbiterCommand::Check(listener),
            Wire::Result {
                outcome,
                forfeit: false,
            } => ArbiterCommand::Game(Input::Result(outcome)),
            Wire::Result {
                outcome,
                forfeit: true,
            } => ArbiterCommand::Game(Input::Forfeit(match outcome {
                Outcome::White => Side::Black,
                Outcome::Black => Side::White,
                Outcome::Draw => return Err(RequestError::DrawnForfeit),
            })),
            Wire::Rollback { moves, side } => {
                ArbiterCommand::Rollback(crate::clock::Rollback { moves, side })
            }
            Wire::Say { audience, text } => {
                if text.trim().is_empty() {
                    return Err(RequestError::NothingToSay);
                }
                ArbiterCommand::Say(audience, text)
            }
            Wire::Players { white, black } => {
                let (white, black) = (white.trim().to_string(), black.trim().to_string());
                let fits = |n: &str| {
                    !n.is_empty()
                        && n.chars().count() <= MAX_NAME
                        && !n.chars().any(char::is_control)
                };
                if !fits(&white) || !fits(&black) {
                    return Err(RequestError::BadName);
                }
                ArbiterCommand::Players { white, black }
            }
            Wire::NewGame { force } => ArbiterCommand::NewGame { force },
            Wire::Reload {} => ArbiterCommand::Reload,
        })
    }
}

impl TryFrom<&ArbiterCommand> for Wire {
    type Error = RequestError;

    fn try_from(command: &ArbiterCommand) -> Result<Wire, RequestError> {
        Ok(match command {
            ArbiterCommand::Status => Wire::Status {},
            ArbiterCommand::Game(input) => match *input {
                Input::Start => Wire::Start {},
                Input::Pause => Wire::Pause {},
                Input::Resume => Wire::Resume {},
                Input::Set(side, time) => Wire::Set {
                    side,
                    time: Clock(time).to_string(),
                },
                Input::Adjust(side, delta) => Wire::Adjust {
                    side,
                    delta: if delta >= 0 {
                        format!("+{}", Clock(delta))
                    } else {
                        Clock(delta).to_string()
                    },
                },
                Input::Ruling(ruling) => {
                    let (word, side) = match ruling {
                        Ruling::Misunderstanding => ("misunderstanding", None),
                        Ruling::Resign => ("resign", None),
                        Ruling::Draw => ("draw", None),
                        Ruling::NoMoves(side) => ("no-moves", Some(side)),
                    };
                    Wire::Ruling {
                        ruling: word.to_string(),
                        side,
                    }
                }
                Input::Result(outcome) => Wire::Result {
                    outcome,
                    forfeit: false,
                },
                Input::Forfeit(side) => Wire::Result {
                    outcome: Outcome::win(side.other()),
                    forfeit: true,
                },
                other @ (Input::Press(_) | Input::Stop(_) | Input::Query(_)) => {
                    return Err(RequestError::PlayersInput(other))
                }
            },
            ArbiterCommand::Check(listener) => Wire::Check {
                listener: *listener,
            },
            ArbiterCommand::Rollback(r) => Wire::Rollback {
                moves: r.moves,
                side: r.side,
            },
            ArbiterCommand::Say(audience, text) => Wire::Say {
                audience: *audience,
                text: text.clone(),
            },
            ArbiterCommand::Players { white, black } => Wire::Players {
                white: white.clone(),
                black: black.clone(),
            },
            ArbiterCommand::NewGame { force } => Wire::NewGame { force: *force },
            ArbiterCommand::Reload => Wire::Reload {},
        })
    }
}

impl ArbiterCommand {
    /// The command as written on the wire (`{"cmd":"adjust","side":"black","delta":"-5:00"}`),
    /// read back by [`parse_request`] as this same command.
    pub fn to_json(&self) -> Result<serde_json::Value, RequestError> {
        Ok(serde_json::to_value(Wire::try_from(self)?)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_command() {
        let ok = |s: &str| parse_request(s.as_bytes()).unwrap();
        assert_eq!(ok(r#"{"cmd":"status"}"#), ArbiterCommand::Status);
        assert_eq!(ok(r#"{"cmd":"pause"}"#), ArbiterCommand::Game(Input::Pause));
        assert_eq!(
            ok(r#"{"cmd":"adjust","side":"black","delta":"-5:00"}"#),
            ArbiterCommand::Game(Input::Adjust(Side::Black, -300_000))
        );
        assert_eq!(
            ok(r#"{"cmd":"set","side":"white","time":"45:00"}"#),
            ArbiterCommand::Game(Input::Set(Side::White, 2_700_000))
        );
        assert_eq!(
            ok(r#"{"cmd":"ruling","ruling":"no-moves","side":"white"}"#),
            ArbiterCommand::Game(Input::Ruling(Ruling::NoMoves(Side::White)))
        );
        assert_eq!(
            ok(r#"{"cmd":"check","listener":"arbiter"}"#),
            ArbiterCommand::Check(Listener::Arbiter)
        );
        assert_eq!(
            ok(r#"{"cmd":"result","outcome":"draw"}"#),
            ArbiterCommand::Game(Input::Result(Outcome::Draw))
        );
        assert_eq!(
            ok(r#"{"cmd":"result","outcome":"black","forfeit":true}"#),
            ArbiterCommand::Game(Input::Forfeit(Side::White))
        );
        assert_eq!(
            ok(r#"{"cmd":"say","audience":"all","text":"Тур окончен"}"#),
            ArbiterCommand::Say(Listener::All, "Тур окончен".into())
        );
        assert_eq!(
            ok(r#"{"cmd":"new-game"}"#),
            ArbiterCommand::NewGame { force: false }
        );
        assert_eq!(
            ok(r#"{"cmd":"new-game","force":true}"#),
            ArbiterCommand::NewGame { force: true }
        );
    }

    #[test]
    fn says_what_is_wrong() {
        let err = |s: &[u8]| parse_request(s).unwrap_err().to_string();
        assert!(err(b"{\"cmd\":\"fly\"}").contains("unknown variant `fly`"));
        assert!(
            err(b"{\"cmd\":\"set\",\"side\":\"white\",\"time\":\"soon\"}")
                .contains("`soon` is not a time")
        );
        assert!(err(b"{\"cmd\":\"pause\",\"extra\":1}").contains("unknown field"));
        assert!(err(b"not json").starts_with("bad request"));
        assert!(err(&[0xff, 0xfe]).contains("UTF-8"));
        assert!(err(&vec![b' '; MAX_REQUEST + 1]).contains("too long"));
        assert!(err(b"{\"cmd\":\"ruling\",\"ruling\":\"no-moves\"}").contains("needs \"side\""));
        assert!(
            err(b"{\"cmd\":\"players\",\"white\":\" \",\"black\":\"B\"}").contains("both names")
        );
        assert!(err(b"{\"cmd\":\"result\",\"outcome\":\"white-wins\"}").contains("unknown variant"));
        assert!(
            err(b"{\"cmd\":\"result\",\"outcome\":\"draw\",\"forfeit\":true}")
                .contains("a forfeit has a winner")
        );
    }

    #[test]
    fn every_arbiter_command_reads_back_from_its_json() {
        let commands = [
            ArbiterCommand::Status,
            ArbiterCommand::Game(Input::Start),
            ArbiterCommand::Game(Input::Pause),
            ArbiterCommand::Game(Input::Resume),
            ArbiterCommand::Game(Input::Set(Side::White, 2_700_123)),
            ArbiterCommand::Game(Input::Set(Side::Black, 4 * 3_600_000)),
            ArbiterCommand::Game(Input::Adjust(Side::Black, -300_000)),
            ArbiterCommand::Game(Input::Adjust(Side::White, 61_500)),
            ArbiterCommand::Game(Input::Adjust(Side::White, 0)),
            ArbiterCommand::Game(Input::Ruling(Ruling::Misunderstanding)),
            ArbiterCommand::Game(Input::Ruling(Ruling::Resign)),
            ArbiterCommand::Game(Input::Ruling(Ruling::Draw)),
            ArbiterCommand::Game(Input::Ruling(Ruling::NoMoves(Side::Black))),
            ArbiterCommand::Game(Input::Result(Outcome::White)),
            ArbiterCommand::Game(Input::Result(Outcome::Black)),
            ArbiterCommand::Game(Input::Result(Outcome::Draw)),
            ArbiterCommand::Game(Input::Forfeit(Side::White)),
            ArbiterCommand::Game(Input::Forfeit(Side::Black)),
            ArbiterCommand::Check(Listener::Arbiter),
            ArbiterCommand::Say(Listener::All, "Тур \"окончен\"\nдо завтра".into()),
            ArbiterCommand::NewGame { force: false },
            ArbiterCommand::NewGame { force: true },
            ArbiterCommand::Players {
                white: "Иванов, Иван".into(),
                black: "O'Neil \"Jr\"".into(),
            },
            ArbiterCommand::Reload,
        ];
        for command in commands {
            let json = command.to_json().unwrap().to_string();
            assert_eq!(parse_request(json.as_bytes()).unwrap(), command, "{json}");
        }
        assert_eq!(
            ArbiterCommand::Game(Input::Adjust(Side::Black, -300_000))
                .to_json()
                .unwrap(),
            serde_json::json!({"cmd": "adjust", "side": "black", "delta": "-5:00"})
        );
        let press = ArbiterCommand::Game(Input::Press(Side::White)).to_json();
        assert!(matches!(press, Err(RequestError::PlayersInput(_))));
    }

    #[test]
    fn a_request_naming_its_command_twice_is_refused() {
        // Read as a JSON object first, the last `cmd` would win: the line names two commands.
        let err = parse_request(br#"{"cmd":"pause","cmd":"start"}"#).unwrap_err();
        assert!(err.to_string().contains("duplicate field `cmd`"), "{err}");
    }
}
