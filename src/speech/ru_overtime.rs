//! Russian phrasing of overtime and upcount: entering overtime, a byo-yomi period used up,
//! a readout that says main time or overtime, a main-time warning, and what the clock check
//! says after the last stage.
//!
//! "Белые: основное время истекло, осталось пять периодов." — "Белые: последний период." —
//! "Белые: двадцать секунд. Осталось три периода." — "Белые потратили пять минут."
//! The verb agrees with the count: "остался двадцать один период", "осталось два периода".

use super::announcement::{ClockPhase, ControlEnd, Overtime, OvertimeState, Side};
use super::duration::{exact_parts, spoken_parts};
use super::grammar::Plural;
use super::ru::{nominative, say_parts, say_remaining, side_label};
use super::ru_numbers::{clip, plural, say_count, Case, MOVE, PERIOD};
use super::utterance::Builder;

/// "последний период", or "осталось N периодов" with the verb agreeing with N.
fn periods_left(b: &mut Builder, left: u32) {
    if left <= 1 {
        b.say(clip("last_period"));
        return;
    }
    b.say(match plural(u64::from(left)) {
        Plural::One => clip("left_one"),
        _ => clip("left_many"),
    });
    say_count(b, u64::from(left), &PERIOD, Case::Nominative);
}

/// "N ходов за T".
fn moves_in(b: &mut Builder, moves: u32, time_ms: i64) {
    say_count(b, u64::from(moves), &MOVE, Case::Nominative);
    b.say(clip("in"));
    say_parts(b, exact_parts(time_ms), Case::Accusative);
}

/// Entering overtime, or a byo-yomi period used up.
pub(crate) fn overtime(b: &mut Builder, side: Side, overtime: &Overtime, state: &OvertimeState) {
    side_label(b, side);
    let entered = state.period <= 1;
    if entered {
        b.say(clip("main_time_over"));
        b.mark(",");
    }
    match *overtime {
        Overtime::Byoyomi { periods, .. } => {
            periods_left(b, state.periods_left.unwrap_or(periods));
        }
        Overtime::Canadian { moves, time } => moves_in(b, moves, time),
    }
}

/// A player's time on demand, saying main time or overtime (or the time used).
pub(crate) fn readout(b: &mut Builder, side: Side, remaining_ms: i64, phase: ClockPhase) {
    if phase == ClockPhase::Upcount {
        b.say(nominative(side));
        b.say(clip("spent_pl"));
        say_parts(b, spoken_parts(remaining_ms), Case::Accusative);
        return;
    }
    side_label(b, side);
    say_remaining(b, remaining_ms);
    match phase {
        ClockPhase::MainTime => b.say(clip("of_main_time")),
        ClockPhase::Byoyomi { periods_left: left } => {
            b.stop();
            periods_left(b, left);
        }
        ClockPhase::Canadian { moves_left } => {
            b.stop();
            b.say(clip("to_period_end"));
            say_count(b, u64::from(moves_left), &MOVE, Case::Nominative);
        }
        ClockPhase::Upcount => {}
    }
}

/// A warning in main time when an overtime follows.
pub(crate) fn main_time_warning(b: &mut Builder, side: Side, remaining_ms: i64) {
    side_label(b, side);
    say_remaining(b, remaining_ms);
    b.say(clip("to_main_time_end"));
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
