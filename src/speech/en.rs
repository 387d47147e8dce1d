//! English phrasing: turns an [`Announcement`] into words and clip keys,
//! e.g. "White: one hour twelve minutes. Twelve moves to the time control."

use super::announcement::{
    Announcement, ControlEnd, DelayKind, Outcome, Reason, Rules, Side, StageInfo,
};
use super::duration::{exact_parts, spoken_parts, Spoken};
use super::en_numbers::{self as num, clip, say_count, HOUR, MINUTE, MOVE, SECOND};
use super::en_overtime;
use super::utterance::{Builder, Clip, Utterance};

pub(super) fn name(side: Side) -> Clip {
    match side {
        Side::White => clip("white"),
        Side::Black => clip("black"),
    }
}

fn possessive(side: Side) -> Clip {
    match side {
        Side::White => clip("white_poss"),
        Side::Black => clip("black_poss"),
    }
}

/// Says the non-zero parts of a duration, or "zero seconds".
pub(super) fn say_parts(b: &mut Builder, p: Spoken) {
    if p.is_zero() {
        say_count(b, 0, &SECOND);
        return;
    }
    for (n, noun) in [(p.hours, &HOUR), (p.minutes, &MINUTE), (p.seconds, &SECOND)] {
        if n > 0 {
            say_count(b, n, noun);
        }
    }
}

pub(super) fn say_remaining(b: &mut Builder, ms: i64) {
    say_parts(b, spoken_parts(ms));
}

/// A duration on its own, as a sentence.
pub(crate) fn readout(ms: i64) -> Utterance {
    let mut b = Builder::new();
    say_remaining(&mut b, ms);
    b.finish()
}

/// Phrases one announcement.
pub(crate) fn phrase(a: &Announcement) -> Utterance {
    let mut b = Builder::new();
    say_announcement(&mut b, a);
    b.finish()
}

/// Says one announcement into `b`.
fn say_announcement(b: &mut Builder, a: &Announcement) {
    match a {
        Announcement::Start { side } => {
            b.say(name(*side));
            b.say(clip("to_move"));
        }
        Announcement::Countdown { remaining_ms } => {
            num::say_number(b, (*remaining_ms).max(0) as u64 / 1000);
        }
        Announcement::Reminder { side } => {
            side_label(b, *side);
            b.say(clip("your_clock_runs"));
        }
        Announcement::Refused => b.say(clip("refused")),
        Announcement::Volume { level } => {
            b.say(clip("volume"));
            num::say_number(b, u64::from(*level));
        }
        Announcement::SpeechRate { level } => {
            b.say(clip("speech_rate"));
            num::say_number(b, u64::from(*level));
        }
        Announcement::TimeReadout {
            side,
            remaining_ms,
            moves_made,
            moves_to_control,
        } => {
            side_label(b, *side);
            say_remaining(b, *remaining_ms);
            if let Some(moves) = moves_made {
                // "Twelve moves made", "one move made".
                b.stop();
                say_count(b, u64::from(*moves), &MOVE);
                b.say(clip("made"));
            }
            if let Some(moves) = moves_to_control {
                b.stop();
                say_count(b, u64::from(*moves), &MOVE);
                b.say(clip("to_control"));
            }
        }
        Announcement::OpponentTime { side, remaining_ms } => {
            b.say(clip("opponent"));
            b.say_in_parens(name(*side));
            b.mark(":");
            say_remaining(b, *remaining_ms);
        }
        Announcement::Move { side, number } => {
            b.say(clip(MOVE.one));
            num::say_number(b, u64::from(*number));
            b.stop();
            b.say(name(side.other()));
            b.say(clip("to_move"));
        }
        Announcement::MovesToControl { side, moves } => {
            side_label(b, *side);
            say_count(b, u64::from(*moves), &MOVE);
            b.say(clip("to_control"));
        }
        Announcement::Warning {
            side,
            remaining_ms,
            sudden_death,
        } => {
            side_label(b, *side);
            say_remaining(b, *remaining_ms);
            b.say(if *sudden_death {
                clip("to_game_end")
            } else {
                clip("to_control")
            });
        }
        Announcement::Overtime {
            side,
            overtime,
            state,
        } => en_overtime::overtime(b, *side, overtime, state),
        Announcement::PhaseReadout {
            side,
            remaining_ms,
            phase,
        } => en_overtime::readout(b, *side, *remaining_ms, *phase),
        Announcement::MainTimeWarning { side, remaining_ms } => {
            en_overtime::main_time_warning(b, *side, *remaining_ms)
        }
        Announcement::Flag { side } => {
            b.say(possessive(*side));
            b.say(clip("flag_fallen"));
        }
        Announcement::Pause => b.say(clip("paused")),
        Announcement::Resume => b.say(clip("resumed")),
        Announcement::Adjusted {
            side,
            new_ms,
            clamped,
        } => {
            b.say(possessive(*side));
            b.say(clip("time_set_to"));
            say_parts(b, exact_parts(*new_ms));
            if *clamped {
                b.stop();
                b.say(clip("clamped"));
            }
        }
        Announcement::PlayerStop { side } => {
            b.say(name(*side));
            b.say(clip("stopped_clock"));
        }
        Announcement::NewStage { side, added_ms } => {
            side_label(b, *side);
            b.say(clip("new_control"));
            if !exact_parts(*added_ms).is_zero() {
                b.mark(",");
                b.say(clip("plus"));
                say_parts(b, exact_parts(*added_ms));
            }
        }
        Announcement::Result { outcome, reason } => result(b, *outcome, *reason),
        Announcement::ClockCheck {
            rules,
            stages,
            white_ms,
            black_ms,
            end,
        } => clock_check(b, *rules, stages, *white_ms, *black_ms, *end),
        Announcement::IgnoredPress { side } => {
            side_label(b, *side);
            b.say(clip("not_your_clock"));
        }
        Announcement::Board {
            board,
            late_ms,
            notice,
        } => {
            // "Board twelve, one minute late: White's flag fell."
            b.say(clip("board"));
            num::say_number(b, u64::from(*board));
            if let Some(late) = late_ms {
                b.mark(",");
                say_remaining(b, *late);
                b.say(clip("late"));
            }
            b.mark(":");
            say_announcement(b, notice);
        }
        Announcement::BoardSilent { board } => {
            b.say(clip("board"));
            num::say_number(b, u64::from(*board));
            b.say(clip("is_silent"));
        }
        Announcement::BoardBack { board } => {
            b.say(clip("board"));
            num::say_number(b, u64::from(*board));
            b.say(clip("is_back"));
        }
        Announcement::Menu(prompt) => super::menu_en::phrase(b, prompt),
    }
}

/// "White:" at the head of a sentence.
pub(super) fn side_label(b: &mut Builder, side: Side) {
    b.say(name(side));
    b.mark(":");
}

fn result(b: &mut Builder, outcome: Outcome, reason: Reason) {
    b.say(match outcome {
        Outcome::White => clip("white_wins"),
        Outcome::Black => clip("black_wins"),
        Outcome::Draw => clip("draw"),
    });
    match reason {
        Reason::TimeForfeit => b.say(clip("on_time")),
        Reason::Resignation => b.say(clip("by_resignation")),
        Reason::NoMoves => {
            b.mark(":");
            b.say(clip("opponent_no_moves"));
        }
        Reason::Draw1713 => {
            b.mark(":");
            b.say(clip("stop_in_won_position"));
        }
    }
}

/// "Clock check. Time control: forty moves in two hours, plus thirty seconds
/// per move; then one hour to the end of the game. White: two hours. Black: two hours."
fn clock_check(
    b: &mut Builder,
    rules: Rules,
    stages: &[StageInfo],
    white_ms: i64,
    black_ms: i64,
    end: ControlEnd,
) {
    b.say(clip("clock_check"));
    b.stop();
    b.say(match rules {
        Rules::RussianDraughts => clip("rules_draughts"),
        Rules::Fide => clip("rules_fide"),
    });
    b.stop();
    if end == ControlEnd::Upcount {
        en_overtime::control_end(b, end);
    } else if !stages.is_empty() {
        b.say(clip("control"));
        b.mark(":");
        for (i, stage) in stages.iter().enumerate() {
            if i > 0 {
                b.mark(";");
                b.say(clip("then"));
            }
            say_stage(b, stage, end == ControlEnd::Flag);
        }
        en_overtime::control_end(b, end);
        b.stop();
    }
    for (side, ms) in [(Side::White, white_ms), (Side::Black, black_ms)] {
        side_label(b, side);
        say_parts(b, exact_parts(ms));
        b.stop();
    }
}

pub(super) fn say_stage(b: &mut Builder, s: &StageInfo, ends_game: bool) {
    match s.moves {
        Some(moves) => {
            say_count(b, u64::from(moves), &MOVE);
            b.say(clip("in"));
            say_parts(b, exact_parts(s.time_ms));
        }
        None => {
            say_parts(b, exact_parts(s.time_ms));
            if ends_game {
                b.say(clip("to_game_end"));
            }
        }
    }
    if s.repeat {
        b.mark(",");
        b.say(clip("repeating"));
    }
    let increment = exact_parts(s.increment_ms);
    if !increment.is_zero() {
        b.mark(",");
        b.say(clip("plus"));
        say_parts(b, increment);
        b.say(clip("per_move"));
    }
    let delay = exact_parts(s.delay_ms);
    if !delay.is_zero() {
        b.mark(",");
        b.say(match s.delay_kind {
            Some(DelayKind::Bronstein) => clip("delay_bronstein"),
            Some(DelayKind::Simple) => clip("delay_simple"),
            None => clip("delay"),
        });
        say_parts(b, delay);
    }
}
