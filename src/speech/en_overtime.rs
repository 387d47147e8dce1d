//! English phrasing of overtime and upcount: entering overtime, a byo-yomi period used up,
//! a readout that says main time or overtime, a main-time warning, and what the clock check
//! says after the last stage.
//!
//! "White: main time is up, five periods left." — "White: last period." —
//! "White: twenty seconds. Three periods left." — "White used five minutes."

use super::announcement::{ControlEnd, Overtime};
use super::duration::exact_parts;
use super::en::say_parts;
use super::en_numbers::{clip, say_count, MOVE, PERIOD};
use super::utterance::Builder;

/// "N moves in T".
fn moves_in(b: &mut Builder, moves: u32, time_ms: i64) {
    say_count(b, u64::from(moves), &MOVE);
    b.say(clip("in"));
    say_parts(b, exact_parts(time_ms));
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
