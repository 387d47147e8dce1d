//! Runs a parsed script against the clock core on virtual time and renders the transcript.

use super::script::{ScriptAction, Step};
use crate::clock::{GameResult, Ms, OvertimeState, Side};
use crate::config::Config;
use crate::table::{Request, Table};
use crate::transcript::transcript_lines;
use serde::Serialize;

/// Moves completed per side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Moves {
    /// White's moves.
    pub white: u32,
    /// Black's moves.
    pub black: u32,
}

/// Where each side stands in overtime (`null` in main time), on the final line of a game whose
/// control has an overtime.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct OvertimeSides {
    /// White's overtime.
    pub white: Option<OvertimeState>,
    /// Black's overtime.
    pub black: Option<OvertimeState>,
}

/// The last line of a transcript: where the game stands when the script ends.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FinalLine {
    /// The instant of the script's last line.
    pub at_ms: Ms,
    /// Always `final`.
    pub event: &'static str,
    /// White's remaining time.
    pub white_ms: Ms,
    /// Black's remaining time.
    pub black_ms: Ms,
    /// Whose clock runs, if any.
    pub running: Option<Side>,
    /// Moves completed.
    pub moves: Moves,
    /// The result as recorded.
    pub result: Option<GameResult>,
    /// Each side's overtime; present only when the control has an overtime.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub overtime: Option<OvertimeSides>,
}

/// Plays `steps` on a new table; returns the JSON lines of the transcript, `final` last.
pub fn simulate(config: &Config, steps: &[Step]) -> Vec<String> {
    simulate_game(config, steps).0
}

/// Like [`simulate`], also returning where the game stands at the end.
pub fn simulate_game(config: &Config, steps: &[Step]) -> (Vec<String>, FinalLine) {
    let mut table = Table::new(&config.table_settings(), 0);
    let languages = config.languages();
    let mut lines = Vec::new();
    let mut end = 0;
    for step in steps {
        match step.action {
            ScriptAction::Input(input) => table.handle(step.at, Request::Game(input)),
            ScriptAction::ClockCheck(listener) => {
                table.handle(step.at, Request::ClockCheck(listener))
            }
            ScriptAction::Rollback(rollback) => table.handle(step.at, Request::Rollback(rollback)),
            ScriptAction::End => table.advance(step.at),
        }
        end = step.at;
        for output in table.drain() {
            lines.extend(transcript_lines(&languages, &output));
        }
    }
    let game = table.game();
    let final_line = FinalLine {
        at_ms: end,
        event: "final",
        white_ms: game.remaining(Side::White, end),
        black_ms: game.remaining(Side::Black, end),
        running: game.running(),
        moves: Moves {
            white: game.moves(Side::White),
            black: game.moves(Side::Black),
        },
        result: game.result(),
        overtime: game.control().overtime().map(|_| OvertimeSides {
            white: game.overtime(Side::White),
            black: game.overtime(Side::Black),
        }),
    };
    lines.push(json(&final_line));
    (lines, final_line)
}

fn json<T: Serialize>(value: &T) -> String {
    // Our own plain structs and enums always serialize.
    serde_json::to_string(value).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
}
