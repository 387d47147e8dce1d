//! The scenario script of `talkclock simulate`: one timed action per line.
//!
//! ```text
//! @0:00 start                # first side's clock starts
//! @0:12.5 press white        # completes a move
//! @2:00 adjust black -5:00
//! @4:00:00 end               # run to here, print the final line
//! ```

use crate::clock::time::{parse_duration, Ms};
use crate::clock::Input;
use crate::table::{Listener, Request, Rollback};
use std::fmt;

/// One action of a script.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScriptAction {
    /// An input for the clock core.
    Input(Input),
    /// A clock check (1.7.5) for a listener: `check white|black|arbiter`.
    ClockCheck(Listener),
    /// The arbiter's rollback to a completed move: `rollback 23 [white|black]`.
    Rollback(Rollback),
    /// Run to this instant and print the final line.
    End,
}

/// A script line that was read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    /// 1-based line number in the script.
    pub line: usize,
    /// Milliseconds from the script's zero.
    pub at: Ms,
    /// What happens.
    pub action: ScriptAction,
}

/// A problem in a script line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScriptProblem {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// Every problem found in a script.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct ScriptError {
    /// The script's name as given by the user.
    pub origin: String,
    /// The problems, in line order.
    pub problems: Vec<ScriptProblem>,
}

impl fmt::Display for ScriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for p in &self.problems {
            writeln!(f, "{}:{}: {}", self.origin, p.line, p.message)?;
        }
        Ok(())
    }
}

/// Reads a whole script, reporting every bad line.
pub fn parse_script(text: &str, origin: &str) -> Result<Vec<Step>, ScriptError> {
    let mut steps: Vec<Step> = Vec::new();
    let mut problems = Vec::new();
    let mut ended_at: Option<usize> = None;
    for (index, raw_line) in text.lines().enumerate() {
        let line = index + 1;
        let content = raw_line.split('#').next().unwrap_or("").trim();
        if content.is_empty() {
            continue;
        }
        let step = match parse_line(content) {
            Ok((at, action)) => Step { line, at, action },
            Err(wrong) => {
                problems.push(ScriptProblem {
                    line,
                    message: wrong.to_string(),
                });
                continue;
            }
        };
        if let Some(end_line) = ended_at {
            problems.push(ScriptProblem {
                line,
                message: format!("nothing may follow `end` (line {end_line})"),
            });
            continue;
        }
        if let Some(previous) = steps.last() {
            if step.at < previous.at {
                problems.push(ScriptProblem {
                    line,
                    message: format!(
                        "time goes backwards: this line is earlier than line {}",
                        previous.line
                    ),
                });
                continue;
            }
        }
        if step.action == ScriptAction::End {
            ended_at = Some(line);
        }
        steps.push(step);
    }
    if problems.is_empty() {
        Ok(steps)
    } else {
        Err(ScriptError {
            origin: origin.to_string(),
            problems,
        })
    }
}

/// Why a script line is no step.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
enum LineError {
    /// No `@TIME` first.
    #[error("a line starts with `@TIME`, e.g. `@1:30 press white`; found `{0}`")]
    NoStamp(String),
    /// A time that is none.
    #[error(transparent)]
    Time(#[from] crate::clock::time::DurationError),
    /// A time and nothing else.
    #[error("`{0}` is followed by no action")]
    NoAction(String),
    /// `end` with more words.
    #[error("`end` takes nothing")]
    EndTakesNothing,
    /// Words that are no request.
    #[error(transparent)]
    Words(#[from] crate::table::WordsError),
}

fn parse_line(content: &str) -> Result<(Ms, ScriptAction), LineError> {
    let mut words = content.split_whitespace();
    let stamp = words.next().unwrap_or("");
    let Some(time) = stamp.strip_prefix('@') else {
        return Err(LineError::NoStamp(stamp.to_string()));
    };
    let at = parse_duration(time)?;
    let verb = words
        .next()
        .ok_or_else(|| LineError::NoAction(stamp.to_string()))?;
    let args: Vec<&str> = words.collect();
    let action = parse_action(verb, &args)?;
    Ok((at, action))
}

fn parse_action(verb: &str, args: &[&str]) -> Result<ScriptAction, LineError> {
    if verb == "end" {
        if !args.is_empty() {
            return Err(LineError::EndTakesNothing);
        }
        return Ok(ScriptAction::End);
    }
    let words = std::iter::once(verb)
        .chain(args.iter().copied())
        .collect::<Vec<_>>()
        .join(" ");
    Ok(match words.parse::<Request>()? {
        Request::Game(input) => ScriptAction::Input(input),
        Request::ClockCheck(listener) => ScriptAction::ClockCheck(listener),
        Request::Rollback(rollback) => ScriptAction::Rollback(rollback),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::{Ruling, Side};

    #[test]
    fn reads_every_action() {
        let text = "# a comment\n@0:00 start\n@0:12.5 press white # moved\n\n@1:00 pause\n\
                    @1:30 resume\n@2:00 adjust black -5:00\n@2:00 set white 45:00\n\
                    @3:00 stop black\n@3:05 ruling no-moves white\n@3:10 query white\n@4:00:00 end\n";
        let steps = parse_script(text, "t").unwrap();
        let actions: Vec<ScriptAction> = steps.iter().map(|s| s.action).collect();
        assert_eq!(steps[1].at, 12_500);
        assert_eq!(steps[1].line, 3);
        assert_eq!(
            actions,
            vec![
                ScriptAction::Input(Input::Start),
                ScriptAction::Input(Input::Press(Side::White)),
                ScriptAction::Input(Input::Pause),
                ScriptAction::Input(Input::Resume),
                ScriptAction::Input(Input::Adjust(Side::Black, -300_000)),
                ScriptAction::Input(Input::Set(Side::White, 2_700_000)),
                ScriptAction::Input(Input::Stop(Side::Black)),
                ScriptAction::Input(Input::Ruling(Ruling::NoMoves(Side::White))),
                ScriptAction::Input(Input::Query(Side::White)),
                ScriptAction::End,
            ]
        );
    }

    #[test]
    fn reports_every_bad_line_with_its_number() {
        let text = "@0 start\npress white\n@0:05 press green\n@0:03 pause\n@0:04 jump\n@1:00 end\n@2:00 pause\n";
        let err = parse_script(text, "s.txt").unwrap_err();
        let lines: Vec<usize> = err.problems.iter().map(|p| p.line).collect();
        assert_eq!(lines, vec![2, 3, 5, 7]);
        let shown = err.to_string();
        assert!(shown.contains("s.txt:3: `green` is not a side"), "{shown}");
        assert!(
            shown.contains("s.txt:7: nothing may follow `end` (line 6)"),
            "{shown}"
        );
    }

    #[test]
    fn backwards_time_is_an_error() {
        let err = parse_script("@0:10 start\n@0:05 press white\n", "s").unwrap_err();
        assert_eq!(err.problems[0].line, 2);
        assert!(err.problems[0].message.contains("earlier than line 1"));
    }
}
