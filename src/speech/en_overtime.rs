//! English phrasing of overtime and upcount: entering overtime, a byo-yomi period used up,
//! a readout that says main time or overtime, a main-time warning, and what the clock check
//! says after the last stage.
//!
//! "White: main time is up, five periods left." — "White: last period." —
//! "White: twenty seconds. Three periods left." — "White used five minutes."

use super::announcement::{ClockPhase, ControlEnd, Overtime, OvertimeState, Side};
use super::duration::{exact_parts, spoken_parts};
use super::en::{name, say_parts, say_remaining, side_label};
use super::en_numbers::{clip, say_count, MOVE, PERIOD};
use super::utterance::Builder;

/// "last period", or "N periods left".
fn periods_left(b: &mut Builder, left: u32) {
    if left <= 1 {
        b.say(clip("last_period"));
        return;
    }
    say_count(b, u64::from(left), &PERIOD);
    b.say(clip("left"));
}

/// "N moves in T".
fn moves_in(b: &mut Builder, moves: u32, time_ms: i64) {
    say_count(b, u64::from(moves), &MOVE);
    b.say(clip("in"));
    say_parts(b, exact_parts(time_ms));
}

/// Entering overtime, or a byo-yomi period used up.
pub(crate) fn overtime(b: &mut Builder, side: Side, overtime: &Overtime, state: &OvertimeState) {
    side_label(b, side);
    if state.period <= 1 {
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
        b.say(name(side));
        b.say(clip("used"));
        say_parts(b, spoken_parts(remaining_ms));
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
            say_count(b, u64::from(moves_left), &MOVE);
            b.say(clip("to_period_end"));
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

/// What the clock check says after the stages: "; then five periods of thirty seconds each",
/// "; then periods of ten moves in five minutes", or on an upcount clock "Time control: time
/// counts up."
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
                    say_count(b, u64::from(periods), &PERIOD);
                    b.say(clip("of"));
                    say_parts(b, exact_parts(time));
                    b.say(clip("each"));
                }
                Overtime::Canadian { moves, time } => {
                    b.say(clip("periods_of"));
                    moves_in(b, moves, time);
                }
            }
        }
    }
}
