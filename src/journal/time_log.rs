//! The time log: one row per completed move, read from a journal by replaying it. What a match
//! arbiter writes on paper (FIDE Appendix D) and what a dispute over the clock needs: when the
//! move was completed (game time and wall time), how long it took, what the increment or delay
//! credited, and the time left after that credit.

use super::reader::{Journal, JournalError};
use super::record::Record;
use crate::clock::{Event, Input, Ms, Side, Stamped};
use crate::table::{Request, TableOutput};
use serde::Serialize;
use std::cell::RefCell;

/// One completed move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MoveRow {
    /// The mover's move number (his count of completed moves).
    #[serde(rename = "move")]
    pub move_number: u32,
    /// Who moved.
    pub side: Side,
    /// The instant the move was completed, on the game's timeline.
    pub game_ms: Ms,
    /// The same instant on the wall clock (Unix milliseconds, as journaled).
    pub wall_ms: i64,
    /// How long the mover's clock ran for this move (pauses not counted).
    pub spent_ms: Ms,
    /// What the press gave back: the increment, the Bronstein delay used, or a byo-yomi
    /// period refilled (a simple delay's seconds were never taken off, so they show here too).
    /// A new stage's time is not part of it.
    pub credited_ms: Ms,
    /// The mover's time after the press: after the credit, and after a new stage's time.
    pub remaining_ms: Ms,
}

/// The CSV header: the columns in the order [`MoveRow::csv`] writes them.
pub const CSV_HEADER: &str = "move,side,game_ms,wall_ms,spent_ms,credited_ms,remaining_ms";

impl MoveRow {
    /// The row as a CSV line (no quoting is needed: every field is a number or a side's name).
    pub fn csv(&self) -> String {
        format!(
            "{},{},{},{},{},{},{}",
            self.move_number,
            self.side,
            self.game_ms,
            self.wall_ms,
            self.spent_ms,
            self.credited_ms,
            self.remaining_ms
        )
    }
}

/// The time log as `talkclock moves --format csv` prints it: the header, then a line a move,
/// each ended by a newline.
pub fn csv_text(rows: &[MoveRow]) -> String {
    let mut text = String::from(CSV_HEADER);
    text.push('\n');
    for row in rows {
        text.push_str(&row.csv());
        text.push('\n');
    }
    text
}

/// What the replay saw just before a press was handled.
struct Before {
    side: Side,
    wall_ms: i64,
    spent_ms: Ms,
    remaining_ms: Ms,
    /// The simple delay this turn used: seconds the clock held, credited like an increment.
    spared_ms: Ms,
}

/// Every completed move of the journal's game, in order. `path` names the journal in errors.
pub fn time_log(journal: &Journal, path: &str) -> Result<Vec<MoveRow>, JournalError> {
    let mut rows = Vec::new();
    // Set by the first closure, taken by the second: the replay calls them in turn.
    let pending: RefCell<Option<Before>> = RefCell::new(None);
    journal.replay_watching(
        path,
        |table, record| {
            pending.replace(None);
            let Record::Input {
                game_ms,
                wall_ms,
                input: Request::Game(Input::Press(side)),
                ..
            } = record
            else {
                return;
            };
            let game = table.game();
            if game.running() != Some(*side) {
                return;
            }
            let clock = game.side_clock(*side);
            let delay = match clock.overtime {
                Some(_) => 0,
                None => game.control().stage(clock.stage).simple_delay(),
            };
            pending.replace(Some(Before {
                side: *side,
                wall_ms: *wall_ms,
                spent_ms: clock.turn_spent,
                remaining_ms: game.remaining(*side, *game_ms),
                spared_ms: delay.saturating_sub(clock.delay_left).max(0),
            }));
        },
        |_, outputs| {
            // The arbiter's rollback: the moves after the one gone back to were taken back,
            // and are played again (each once in the log).
            for output in &outputs {
                if let TableOutput::Core(Stamped {
                    event:
                        Event::RolledBack {
                            side, move_number, ..
                        },
                    ..
                }) = output
                {
                    let kept = rows
                        .iter()
                        .rposition(|r: &MoveRow| r.side == *side && r.move_number == *move_number)
                        .map_or(0, |at| at + 1);
                    rows.truncate(kept);
                }
            }
            let Some(before) = pending.take() else {
                return;
            };
            let mut press: Option<MoveRow> = None;
            for output in &outputs {
                let TableOutput::Core(stamped) = output else {
                    continue;
                };
                match stamped.event {
                    Event::Press {
                        side,
                        move_number,
                        white_ms,
                        black_ms,
                    } if side == before.side && press.is_none() => {
                        let after = if side == Side::White {
                            white_ms
                        } else {
                            black_ms
                        };
                        press = Some(MoveRow {
                            move_number,
                            side,
                            game_ms: stamped.at_ms,
                            wall_ms: before.wall_ms,
                            spent_ms: before.spent_ms,
                            credited_ms: after
                                .saturating_sub(before.remaining_ms)
                                .saturating_add(before.spared_ms),
                            remaining_ms: after,
                        });
                    }
                    Event::Stage { side, added_ms, .. } if side == before.side => {
                        if let Some(row) = press.as_mut() {
                            row.credited_ms = row.credited_ms.saturating_sub(added_ms);
                        }
                    }
                    _ => {}
                }
            }
            rows.extend(press);
        },
    )?;
    Ok(rows)
}
