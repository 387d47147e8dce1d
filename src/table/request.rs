//! A request at the table, and its one written form: the words of a script line
//! (`press white`, `adjust black -5:00`, `check arbiter`), read by `simulate` and by the
//! journal reader for journals written before records were typed.

use crate::clock::time::{parse_duration, parse_signed_duration};
use crate::clock::{Input, Outcome, Rollback, Ruling, Side};
use crate::hearing::Listener;
use serde::{Deserialize, Serialize};

/// A request at the table: a clock input, or a clock check (1.7.5) for a listener.
///
/// Serialized (in the journal) as `{"game":{"press":"white"}}` or `{"clock_check":"arbiter"}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Request {
    /// An input for the clock core.
    Game(Input),
    /// Speak the control and both times to this listener.
    ClockCheck(Listener),
    /// The arbiter takes the game back to a completed move (D.2.9).
    Rollback(Rollback),
}

impl std::fmt::Display for Request {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Request::Game(input) => write!(f, "{input}"),
            Request::ClockCheck(listener) => write!(f, "check {}", listener.name()),
            Request::Rollback(r) => write!(f, "rollback {} {}", r.moves, r.side),
        }
    }
}

/// Why the words of a script line are no request (the words are the script error's).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WordsError {
    /// No words at all.
    #[error("an empty request")]
    Empty,
    /// Too many words or too few after the verb.
    #[error("`{verb}` takes {usage}")]
    Arguments {
        /// The verb.
        verb: String,
        /// What it takes.
        usage: &'static str,
    },
    /// A side that is none.
    #[error(transparent)]
    Side(#[from] crate::clock::side::NotASide),
    /// A time that is none.
    #[error(transparent)]
    Time(#[from] crate::clock::time::DurationError),
    /// A clock check asked for by nobody at the table.
    #[error("`{0}` cannot ask for a clock check; expected white, black or arbiter")]
    NotAsker(String),
    /// A verb the script does not have.
    #[error(
        "unknown action `{0}`; expected start, press, pause, resume, set, adjust, stop, ruling, \
         query, check, rollback, result or end"
    )]
    UnknownAction(String),
    /// A ruling that is none.
    #[error("`ruling` takes misunderstanding, resign, draw, or no-moves followed by a side")]
    Ruling,
    /// A result that is none.
    #[error("`{0}` is no result; expected white, black or draw")]
    NotOutcome(String),
    /// `result draw --forfeit`: a forfeit has a winner.
    #[error("a forfeit has a winner: `result white --forfeit` or `result black --forfeit`")]
    DrawnForfeit,
    /// A move count that is none.
    #[error("`{0}` is not a move number (0 or more)")]
    MoveNumber(String),
}

/// Reads the words of a script line after its time: `press white`, `set white 45:00`, …
impl std::str::FromStr for Request {
    type Err = WordsError;

    fn from_str(words: &str) -> Result<Request, WordsError> {
        let mut words = words.split_whitespace();
        let verb = words.next().ok_or(WordsError::Empty)?;
        let args: Vec<&str> = words.collect();
        parse(verb, &args)
    }
}

fn parse(verb: &str, args: &[&str]) -> Result<Request, WordsError> {
    let expect = |n: usize, usage: &'static str| -> Result<(), WordsError> {
        if args.len() == n {
            Ok(())
        } else {
            Err(WordsError::Arguments {
                verb: verb.to_string(),
                usage,
            })
        }
    };
    let side = |word: &str| word.parse::<Side>();
    let input = match verb {
        "start" | "pause" | "resume" => {
            expect(0, "nothing")?;
            match verb {
                "start" => Input::Start,
                "pause" => Input::Pause,
                _ => Input::Resume,
            }
        }
        "press" | "stop" | "query" => {
            expect(1, "a side: white or black")?;
            let side = side(args[0])?;
            match verb {
                "press" => Input::Press(side),
                "stop" => Input::Stop(side),
                _ => Input::Query(side),
            }
        }
        "set" => {
            expect(2, "a side and a time, e.g. `set white 45:00`")?;
            Input::Set(side(args[0])?, parse_duration(args[1])?)
        }
        "adjust" => {
            expect(2, "a side and a signed time, e.g. `adjust black -5:00`")?;
            let delta = parse_signed_duration(args[1])?;
            Input::Adjust(side(args[0])?, delta)
        }
        "ruling" => Input::Ruling(parse_ruling(args)?),
        "result" => {
            let forfeit = args.len() == 2 && args[1] == "--forfeit";
            if !forfeit {
                expect(
                    1,
                    "who won: white, black or draw, then --forfeit for a forfeit",
                )?;
            }
            let outcome = match args[0] {
                "white" => Outcome::White,
                "black" => Outcome::Black,
                "draw" => Outcome::Draw,
                other => return Err(WordsError::NotOutcome(other.to_string())),
            };
            match (forfeit, outcome) {
                (false, outcome) => Input::Result(outcome),
                (true, Outcome::White) => Input::Forfeit(Side::Black),
                (true, Outcome::Black) => Input::Forfeit(Side::White),
                (true, Outcome::Draw) => return Err(WordsError::DrawnForfeit),
            }
        }
        "check" => {
            expect(1, "who asks: white, black or arbiter")?;
            let listener = match args[0] {
                "white" => Listener::White,
                "black" => Listener::Black,
                "arbiter" => Listener::Arbiter,
                other => return Err(WordsError::NotAsker(other.to_string())),
            };
            return Ok(Request::ClockCheck(listener));
        }
        "rollback" => {
            let usage = "a move number and, if not Black's, a side, e.g. `rollback 23 white`";
            let (number, side) = match args {
                [n] => (*n, Side::Black),
                [n, s] => (*n, side(s)?),
                _ => {
                    return Err(WordsError::Arguments {
                        verb: verb.to_string(),
                        usage,
                    })
                }
            };
            let moves = number
                .parse::<u32>()
                .map_err(|_| WordsError::MoveNumber(number.to_string()))?;
            return Ok(Request::Rollback(Rollback { moves, side }));
        }
        other => return Err(WordsError::UnknownAction(other.to_string())),
    };
    Ok(Request::Game(input))
}

fn parse_ruling(args: &[&str]) -> Result<Ruling, WordsError> {
    match args {
        ["misunderstanding"] => Ok(Ruling::Misunderstanding),
        ["resign"] => Ok(Ruling::Resign),
        ["draw"] => Ok(Ruling::Draw),
        ["no-moves", side] => Ok(Ruling::NoMoves(side.parse()?)),
        _ => Err(WordsError::Ruling),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_request_reads_back_from_its_written_form() {
        let requests = [
            Request::Game(Input::Start),
            Request::Game(Input::Press(Side::Black)),
            Request::Game(Input::Pause),
            Request::Game(Input::Resume),
            Request::Game(Input::Set(Side::White, 2_700_123)),
            Request::Game(Input::Adjust(Side::Black, -300_000)),
            Request::Game(Input::Adjust(Side::Black, 61_500)),
            Request::Game(Input::Stop(Side::White)),
            Request::Game(Input::Ruling(Ruling::NoMoves(Side::White))),
            Request::Game(Input::Ruling(Ruling::Draw)),
            Request::Game(Input::Query(Side::White)),
            Request::Game(Input::Result(Outcome::Draw)),
            Request::Game(Input::Forfeit(Side::Black)),
            Request::Game(Input::Forfeit(Side::White)),
            Request::ClockCheck(Listener::Arbiter),
            Request::Rollback(Rollback {
                moves: 23,
                side: Side::White,
            }),
        ];
        for request in requests {
            let text = request.to_string();
            assert_eq!(text.parse::<Request>(), Ok(request), "{text}");
            let json = serde_json::to_string(&request).unwrap();
            assert_eq!(serde_json::from_str::<Request>(&json).unwrap(), request);
        }
        assert_eq!(
            serde_json::to_string(&Request::Game(Input::Press(Side::White))).unwrap(),
            r#"{"game":{"press":"white"}}"#
        );
        assert_eq!(
            serde_json::to_string(&Request::Game(Input::Forfeit(Side::Black))).unwrap(),
            r#"{"game":{"forfeit":"black"}}"#
        );
        assert_eq!(
            "result draw --forfeit".parse::<Request>(),
            Err(WordsError::DrawnForfeit)
        );
        assert_eq!(
            "rollback 12".parse::<Request>(),
            Ok(Request::Rollback(Rollback {
                moves: 12,
                side: Side::Black
            }))
        );
        assert_eq!(
            serde_json::to_string(&Request::Rollback(Rollback {
                moves: 12,
                side: Side::Black
            }))
            .unwrap(),
            r#"{"rollback":{"moves":12,"side":"black"}}"#
        );
        assert_eq!(
            "rollback twelve".parse::<Request>(),
            Err(WordsError::MoveNumber("twelve".into()))
        );
    }
}
