//! English phrasing of overtime and upcount: entering overtime, a byo-yomi period used up,
//! a readout that says main time or overtime, a main-time warning, and what the clock check
//! says after the last stage.
//!
//! "White: main time is up, five periods left." — "White: last period." —
//! "White: twenty seconds. Three periods left." — "White used five minutes."

use super::announcement::{ClockPhase, ControlEnd, Overtime, OvertimeState, Side};
use super::duration::{exact_parts, spoken_parts};
use super::en::{name, say_parts, say_remaining, side_label, CONTROL, IN_TIME, THEN};
use super::en_numbers::{say_count, MOVE, PERIOD};
use super::utterance::{clip_cont, clip_final, Builder, Clip};

const MAIN_TIME_OVER: Clip = clip_cont("main_time_over", "main time is up");
const LEFT: Clip = clip_final("left", "left");
const LAST_PERIOD: Clip = clip_final("last_period", "last period");
const OF_MAIN_TIME: Clip = clip_final("of_main_time", "of main time");
const TO_PERIOD_END: Clip = clip_final("to_period_end", "to the end of the period");
const TO_MAIN_TIME_END: Clip = clip_final("to_main_time_end", "to the end of main time");
const USED: Clip = clip_cont("used", "used");
const UPCOUNT: Clip = clip_final("upcount", "time counts up");
const OF: Clip = clip_cont("of", "of");
const EACH: Clip = clip_final("each", "each");
const PERIODS_OF: Clip = clip_cont("periods_of", "periods of");

/// Every clip this module adds (THEN, CONTROL and IN_TIME are the clock check's own).
pub(crate) fn clips() -> Vec<Clip> {
    vec![
        MAIN_TIME_OVER,
        LEFT,
        LAST_PERIOD,
        OF_MAIN_TIME,
        TO_PERIOD_END,
        TO_MAIN_TIME_END,
        USED,
        UPCOUNT,
        OF,
        EACH,
        PERIODS_OF,
    ]
}

/// "last period", or "N periods left".
fn periods_left(b: &mut Builder, left: u32) {
    if left <= 1 {
        b.say(LAST_PERIOD);
        return;
    }
    say_count(b, u64::from(left), &PERIOD);
    b.say(LEFT);
}

/// "N moves in T".
fn moves_in(b: &mut Builder, moves: u32, time_ms: i64) {
    say_count(b, u64::from(moves), &MOVE);
    b.say(IN_TIME);
    say_parts(b, exact_parts(time_ms));
}

/// Entering overtime, or a byo-yomi period used up.
pub(crate) fn overtime(b: &mut Builder, side: Side, overtime: &Overtime, state: &OvertimeState) {
    side_label(b, side);
    if state.period <= 1 {
        b.say(MAIN_TIME_OVER);
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
        b.say(USED);
        say_parts(b, spoken_parts(remaining_ms));
        return;
    }
    side_label(b, side);
    say_remaining(b, remaining_ms);
    match phase {
        ClockPhase::MainTime => b.say(OF_MAIN_TIME),
        ClockPhase::Byoyomi { periods_left: left } => {
            b.stop();
            periods_left(b, left);
        }
        ClockPhase::Canadian { moves_left } => {
            b.stop();
            say_count(b, u64::from(moves_left), &MOVE);
            b.say(TO_PERIOD_END);
        }
        ClockPhase::Upcount => {}
    }
}

/// A warning in main time when an overtime follows.
pub(crate) fn main_time_warning(b: &mut Builder, side: Side, remaining_ms: i64) {
    side_label(b, side);
    say_remaining(b, remaining_ms);
    b.say(TO_MAIN_TIME_END);
}

/// What the clock check says after the stages: "; then five periods of thirty seconds each",
/// "; then periods of ten moves in five minutes", or on an upcount clock "Time control: time
/// counts up."
pub(crate) fn control_end(b: &mut Builder, end: ControlEnd) {
    match end {
        ControlEnd::Flag => {}
        ControlEnd::Upcount => {
            b.say(CONTROL);
            b.mark(":");
            b.say(UPCOUNT);
            b.stop();
        }
        ControlEnd::Overtime(overtime) => {
            b.mark(";");
            b.say(THEN);
            match overtime {
                Overtime::Byoyomi { periods, time } => {
                    say_count(b, u64::from(periods), &PERIOD);
                    b.say(OF);
                    say_parts(b, exact_parts(time));
                    b.say(EACH);
                }
                Overtime::Canadian { moves, time } => {
                    b.say(PERIODS_OF);
                    moves_in(b, moves, time);
                }
            }
        }
    }
}
