//! The transcript: the JSON lines `simulate` prints, `replay` rebuilds and the daemon writes
//! (`--transcript`), one per table output, `say` lines once per language. The format is stable
//! and documented in the README.

use crate::clock::{Ms, Side};
use crate::hearing::{Audience, Cue};
use crate::speech::{say_lines, Languages};
use crate::table::TableOutput;
use serde::Serialize;

/// The transcript lines of one output: its JSON line, or its `say` lines per language.
pub fn transcript_lines(languages: &Languages, output: &TableOutput) -> Vec<String> {
    match output {
        TableOutput::Say {
            at_ms,
            audience,
            notice,
        } => say_lines(languages, *at_ms, audience, notice)
            .iter()
            .map(|l| serde_json::to_string(l).unwrap_or_default())
            .collect(),
        other => line_of(other).into_iter().collect(),
    }
}

#[derive(Serialize)]
struct WarningLine<'a> {
    at_ms: Ms,
    event: &'static str,
    side: Side,
    remaining_ms: Ms,
    threshold_ms: Ms,
    audience: &'a Audience,
}

#[derive(Serialize)]
struct CueLine<'a> {
    at_ms: Ms,
    event: &'static str,
    cue: Cue,
    side: Side,
    audience: &'a Audience,
}

/// The transcript line of a core event, warning or cue (`say` lines are phrased per language
/// by [`transcript_lines`]).
pub fn line_of(output: &TableOutput) -> Option<String> {
    let text = match output {
        TableOutput::Core(stamped) => serde_json::to_string(stamped),
        TableOutput::Warning {
            at_ms,
            side,
            remaining_ms,
            threshold_ms,
            audience,
        } => serde_json::to_string(&WarningLine {
            at_ms: *at_ms,
            event: "warning",
            side: *side,
            remaining_ms: *remaining_ms,
            threshold_ms: *threshold_ms,
            audience,
        }),
        TableOutput::Cue {
            at_ms,
            cue,
            side,
            audience,
        } => serde_json::to_string(&CueLine {
            at_ms: *at_ms,
            event: "cue",
            cue: *cue,
            side: *side,
            audience,
        }),
        TableOutput::Say { .. } => return None,
    };
    text.ok()
}
