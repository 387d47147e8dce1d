//! English phrasing: turns an [`Announcement`] into words and clip keys,
//! e.g. "White: one hour twelve minutes. Twelve moves to the time control."

use super::announcement::{
    Announcement, ControlEnd, DelayKind, Outcome, Reason, Rules, Side, StageInfo,
};
use super::duration::{exact_parts, spoken_parts, Spoken};
use super::en_numbers::{self as num, say_count, HOUR, MINUTE, MOVE, SECOND};
use super::en_overtime;
use super::utterance::{clip, clip_cont, clip_final, Builder, Clip, Utterance};

const WHITE: Clip = clip_cont("white", "White");
const BLACK: Clip = clip_cont("black", "Black");
const WHITE_POSS: Clip = clip_cont("white_poss", "White's");
const BLACK_POSS: Clip = clip_cont("black_poss", "Black's");
const TO_CONTROL: Clip = clip_final("to_control", "to the time control");
const TO_GAME_END: Clip = clip("to_game_end", "to the end of the game");
const OPPONENT: Clip = clip_cont("opponent", "opponent");
const TO_MOVE: Clip = clip_final("to_move", "to move");
const FLAG_FALLEN: Clip = clip_final("flag_fallen", "flag has fallen");
const PAUSED: Clip = clip_final("paused", "clock paused");
const RESUMED: Clip = clip_final("resumed", "clock resumed");
const TIME_SET_TO: Clip = clip_cont("time_set_to", "time set to");
const CLAMPED: Clip = clip_final("clamped", "the reduction was limited by the rules");
const STOPPED_CLOCK: Clip = clip_final("stopped_clock", "stopped the clock");
const NEW_CONTROL: Clip = clip("new_control", "new time control");
const PLUS: Clip = clip_cont("plus", "plus");
const WHITE_WINS: Clip = clip_cont("white_wins", "White wins");
const BLACK_WINS: Clip = clip_cont("black_wins", "Black wins");
const DRAW: Clip = clip_cont("draw", "draw");
const ON_TIME: Clip = clip_final("on_time", "on time");
const BY_RESIGNATION: Clip = clip_final("by_resignation", "by resignation");
const NO_MOVES: Clip = clip_final("opponent_no_moves", "the opponent has no moves");
const RULE_1713: Clip = clip_final(
    "stop_in_won_position",
    "clock stopped in a winning position",
);
const CLOCK_CHECK: Clip = clip_final("clock_check", "clock check");
pub(super) const CONTROL: Clip = clip_cont("control", "time control");
pub(super) const IN_TIME: Clip = clip_cont("in", "in");
const PER_MOVE: Clip = clip("per_move", "per move");
pub(super) const THEN: Clip = clip_cont("then", "then");
const REPEATING: Clip = clip("repeating", "repeating");
const DELAY: Clip = clip_cont("delay", "delay");
const DELAY_BRONSTEIN: Clip = clip_cont("delay_bronstein", "Bronstein delay");
const DELAY_SIMPLE: Clip = clip_cont("delay_simple", "simple delay");
const NOT_YOUR_CLOCK: Clip = clip_final("not_your_clock", "not your clock");
const YOUR_CLOCK_RUNS: Clip = clip_final("your_clock_runs", "your clock is running");
const REFUSED: Clip = clip_final("refused", "command refused");
const VOLUME: Clip = clip_cont("volume", "volume");
const RULES_DRAUGHTS: Clip = clip_final("rules_draughts", "Russian draughts rules");
const RULES_FIDE: Clip = clip_final("rules_fide", "FIDE rules");
const MADE: Clip = clip_final("made", "made");
const SPEECH_RATE: Clip = clip_cont("speech_rate", "speech rate");
const BOARD: Clip = clip_cont("board", "board");
const LATE: Clip = clip_cont("late", "late");
const SILENT: Clip = clip_final("is_silent", "is silent");
const BACK: Clip = clip_final("is_back", "is back");

/// Every clip English phrasing can emit, with its text.
pub(crate) fn clips() -> Vec<Clip> {
    let mut all = vec![
        RULES_DRAUGHTS,
        RULES_FIDE,
        MADE,
        VOLUME,
        SPEECH_RATE,
        BOARD,
        LATE,
        SILENT,
        BACK,
        WHITE,
        BLACK,
        WHITE_POSS,
        BLACK_POSS,
        TO_CONTROL,
        TO_GAME_END,
        OPPONENT,
        TO_MOVE,
        FLAG_FALLEN,
        PAUSED,
        RESUMED,
        TIME_SET_TO,
        CLAMPED,
        STOPPED_CLOCK,
        NEW_CONTROL,
        PLUS,
        WHITE_WINS,
        BLACK_WINS,
        DRAW,
        ON_TIME,
        BY_RESIGNATION,
        NO_MOVES,
        RULE_1713,
        CLOCK_CHECK,
        CONTROL,
        IN_TIME,
        PER_MOVE,
        THEN,
        REPEATING,
        DELAY,
        DELAY_BRONSTEIN,
        DELAY_SIMPLE,
        NOT_YOUR_CLOCK,
        YOUR_CLOCK_RUNS,
        REFUSED,
    ];
    all.extend(en_overtime::clips());
    all.extend(num::clips());
    all.extend(super::menu_en::clips());
    all
}

pub(super) fn name(side: Side) -> Clip {
    match side {
        Side::White => WHITE,
        Side::Black => BLACK,
    }
}

fn possessive(side: Side) -> Clip {
    match side {
        Side::White => WHITE_POSS,
        Side::Black => BLACK_POSS,
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
            b.say(TO_MOVE);
        }
        Announcement::Countdown { remaining_ms } => {
            num::say_number(b, (*remaining_ms).max(0) as u64 / 1000);
        }
        Announcement::Reminder { side } => {
            side_label(b, *side);
            b.say(YOUR_CLOCK_RUNS);
        }
        Announcement::Refused => b.say(REFUSED),
        Announcement::Volume { level } => {
            b.say(VOLUME);
            num::say_number(b, u64::from(*level));
        }
        Announcement::SpeechRate { level } => {
            b.say(SPEECH_RATE);
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
                b.say(MADE);
            }
            if let Some(moves) = moves_to_control {
                b.stop();
                say_count(b, u64::from(*moves), &MOVE);
                b.say(TO_CONTROL);
            }
        }
        Announcement::OpponentTime { side, remaining_ms } => {
            b.say(OPPONENT);
            b.say_in_parens(name(*side));
            b.mark(":");
            say_remaining(b, *remaining_ms);
        }
        Announcement::Move { side, number } => {
            b.say(MOVE.one);
            num::say_number(b, u64::from(*number));
            b.stop();
            b.say(name(side.other()));
            b.say(TO_MOVE);
        }
        Announcement::MovesToControl { side, moves } => {
            side_label(b, *side);
            say_count(b, u64::from(*moves), &MOVE);
            b.say(TO_CONTROL);
        }
        Announcement::Warning {
            side,
            remaining_ms,
            sudden_death,
        } => {
            side_label(b, *side);
            say_remaining(b, *remaining_ms);
            b.say(if *sudden_death {
                TO_GAME_END
            } else {
                TO_CONTROL
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
            b.say(FLAG_FALLEN);
        }
        Announcement::Pause => b.say(PAUSED),
        Announcement::Resume => b.say(RESUMED),
        Announcement::Adjusted {
            side,
            new_ms,
            clamped,
        } => {
            b.say(possessive(*side));
            b.say(TIME_SET_TO);
            say_parts(b, exact_parts(*new_ms));
            if *clamped {
                b.stop();
                b.say(CLAMPED);
            }
        }
        Announcement::PlayerStop { side } => {
            b.say(name(*side));
            b.say(STOPPED_CLOCK);
        }
        Announcement::NewStage { side, added_ms } => {
            side_label(b, *side);
            b.say(NEW_CONTROL);
            if !exact_parts(*added_ms).is_zero() {
                b.mark(",");
                b.say(PLUS);
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
            b.say(NOT_YOUR_CLOCK);
        }
        Announcement::Board {
            board,
            late_ms,
            notice,
        } => {
            // "Board twelve, one minute late: White's flag fell."
            b.say(BOARD);
            num::say_number(b, u64::from(*board));
            if let Some(late) = late_ms {
                b.mark(",");
                say_remaining(b, *late);
                b.say(LATE);
            }
            b.mark(":");
            say_announcement(b, notice);
        }
        Announcement::BoardSilent { board } => {
            b.say(BOARD);
            num::say_number(b, u64::from(*board));
            b.say(SILENT);
        }
        Announcement::BoardBack { board } => {
            b.say(BOARD);
            num::say_number(b, u64::from(*board));
            b.say(BACK);
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
        Outcome::White => WHITE_WINS,
        Outcome::Black => BLACK_WINS,
        Outcome::Draw => DRAW,
    });
    match reason {
        Reason::TimeForfeit => b.say(ON_TIME),
        Reason::Resignation => b.say(BY_RESIGNATION),
        Reason::NoMoves => {
            b.mark(":");
            b.say(NO_MOVES);
        }
        Reason::Draw1713 => {
            b.mark(":");
            b.say(RULE_1713);
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
    b.say(CLOCK_CHECK);
    b.stop();
    b.say(match rules {
        Rules::RussianDraughts => RULES_DRAUGHTS,
        Rules::Fide => RULES_FIDE,
    });
    b.stop();
    if end == ControlEnd::Upcount {
        en_overtime::control_end(b, end);
    } else if !stages.is_empty() {
        b.say(CONTROL);
        b.mark(":");
        for (i, stage) in stages.iter().enumerate() {
            if i > 0 {
                b.mark(";");
                b.say(THEN);
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
            b.say(IN_TIME);
            say_parts(b, exact_parts(s.time_ms));
        }
        None => {
            say_parts(b, exact_parts(s.time_ms));
            if ends_game {
                b.say(TO_GAME_END);
            }
        }
    }
    if s.repeat {
        b.mark(",");
        b.say(REPEATING);
    }
    let increment = exact_parts(s.increment_ms);
    if !increment.is_zero() {
        b.mark(",");
        b.say(PLUS);
        say_parts(b, increment);
        b.say(PER_MOVE);
    }
    let delay = exact_parts(s.delay_ms);
    if !delay.is_zero() {
        b.mark(",");
        b.say(match s.delay_kind {
            Some(DelayKind::Bronstein) => DELAY_BRONSTEIN,
            Some(DelayKind::Simple) => DELAY_SIMPLE,
            None => DELAY,
        });
        say_parts(b, delay);
    }
}
