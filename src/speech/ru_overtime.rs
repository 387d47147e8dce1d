//! Russian phrasing of overtime and upcount: entering overtime, a byo-yomi period used up,
//! a readout that says main time or overtime, a main-time warning, and what the clock check
//! says after the last stage.
//!
//! "Белые: основное время истекло, осталось пять периодов." — "Белые: последний период." —
//! "Белые: двадцать секунд. Осталось три периода." — "Белые потратили пять минут."
//! The verb agrees with the count: "остался двадцать один период", "осталось два периода".

use super::announcement::{ControlEnd, Overtime};
use super::duration::exact_parts;
use super::ru::say_parts;
use super::ru_numbers::{clip, say_count, Case, MOVE, PERIOD};
use super::utterance::Builder;

/// "N ходов за T".
fn moves_in(b: &mut Builder, moves: u32, time_ms: i64) {
    say_count(b, u64::from(moves), &MOVE, Case::Nominative);
    b.say(clip("in"));
    say_parts(b, exact_parts(time_ms), Case::Accusative);
}

/// Whether the last stage is said "до конца партии" (not when an overtime follows).
pub(crate) fn last_stage_ends_game(end: ControlEnd) -> bool {
    end == ControlEnd::Flag
}

/// What the clock check says after the stages: "; затем пять периодов, в каждом тридцать
/// секунд", "; затем периоды: десять ходов за пять минут", or on an upcount clock
/// "Контроль: прямой отсчёт времени."
pub(crate) fn control_end(b: &mut Builder, end: ControlEnd) {
    match end {
        ControlEnd::Flag => {}
        ControlEnd::Upcount => {
            b.say(clip("control"));
            b.mark(":");
            b.say(clip("upcount"));
            b.stop();
        }
        ControlEnd::Overtime(overtime) => {
            b.mark(";");
            b.say(clip("then"));
            match overtime {
                Overtime::Byoyomi { periods, time } => {
                    say_count(b, u64::from(periods), &PERIOD, Case::Nominative);
                    b.mark(",");
                    b.say(clip("in_each"));
                    say_parts(b, exact_parts(time), Case::Nominative);
                }
                Overtime::Canadian { moves, time } => {
                    b.say(clip("periods"));
                    b.mark(":");
                    moves_in(b, moves, time);
                }
            }
        }
    }
}
