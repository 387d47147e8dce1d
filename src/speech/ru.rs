//! Russian phrasing: turns an [`Announcement`] into words and clip keys,
//! e.g. "Белые: один час двенадцать минут. До контроля двенадцать ходов."

use super::announcement::{
    Announcement, ControlEnd, DelayKind, Outcome, Reason, Rules, Side, StageInfo,
};
use super::duration::{exact_parts, spoken_parts, Spoken};
use super::grammar::Plural;
use super::ru_numbers::{self as num, clip, say_count, Case, Gender, HOUR, MINUTE, MOVE, SECOND};
use super::ru_overtime;
use super::utterance::{Builder, Clip, Utterance};

pub(super) fn nominative(side: Side) -> Clip {
    match side {
        Side::White => clip("white_nom"),
        Side::Black => clip("black_nom"),
    }
}

fn genitive(side: Side) -> Clip {
    match side {
        Side::White => clip("white_gen"),
        Side::Black => clip("black_gen"),
    }
}

/// Says the non-zero parts of a duration, or "ноль секунд".
pub(super) fn say_parts(b: &mut Builder, p: Spoken, case: Case) {
    if p.is_zero() {
        say_count(b, 0, &SECOND, case);
        return;
    }
    for (n, noun) in [(p.hours, &HOUR), (p.minutes, &MINUTE), (p.seconds, &SECOND)] {
        if n > 0 {
            say_count(b, n, noun, case);
        }
    }
}

/// Says a remaining time the way a player hears it.
pub(super) fn say_remaining(b: &mut Builder, ms: i64) {
    say_parts(b, spoken_parts(ms), Case::Nominative);
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
            b.say(clip("to_move_pl"));
            b.say(nominative(*side));
        }
        Announcement::Countdown { remaining_ms } => {
            // Counting aloud: "три, два, один".
            let seconds = (*remaining_ms).max(0) as u64 / 1000;
            num::say_number(b, seconds, Gender::Masculine, Case::Nominative);
        }
        Announcement::Reminder { side } => {
            side_label(b, *side);
            b.say(clip("your_clock_runs"));
        }
        Announcement::Refused => b.say(clip("refused")),
        Announcement::Volume { level } => {
            // A level counted as a number: "громкость семь".
            b.say(clip("volume"));
            num::say_number(b, u64::from(*level), Gender::Masculine, Case::Nominative);
        }
        Announcement::SpeechRate { level } => {
            b.say(clip("speech_rate"));
            num::say_number(b, u64::from(*level), Gender::Masculine, Case::Nominative);
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
                // "Сделан один ход", "сделан двадцать один ход", "сделано два хода".
                b.stop();
                let one = num::plural(u64::from(*moves)) == Plural::One;
                b.say(clip(if one { "made_one" } else { "made_many" }));
                say_count(b, u64::from(*moves), &MOVE, Case::Nominative);
            }
            if let Some(moves) = moves_to_control {
                b.stop();
                b.say(clip("to_control"));
                say_count(b, u64::from(*moves), &MOVE, Case::Nominative);
            }
        }
        Announcement::OpponentTime { side, remaining_ms } => {
            b.say(clip("opponent"));
            b.say_in_parens(nominative(*side));
            b.mark(":");
            say_remaining(b, *remaining_ms);
        }
        Announcement::Move { side, number } => {
            b.say(clip(MOVE.one));
            num::say_number(b, u64::from(*number), Gender::Masculine, Case::Nominative);
            b.stop();
            b.say(clip("to_move_pl"));
            b.say(nominative(side.other()));
        }
        Announcement::MovesToControl { side, moves } => {
            side_label(b, *side);
            b.say(clip("to_control"));
            say_count(b, u64::from(*moves), &MOVE, Case::Nominative);
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
        } => ru_overtime::overtime(b, *side, overtime, state),
        Announcement::PhaseReadout {
            side,
            remaining_ms,
            phase,
        } => ru_overtime::readout(b, *side, *remaining_ms, *phase),
        Announcement::MainTimeWarning { side, remaining_ms } => {
            ru_overtime::main_time_warning(b, *side, *remaining_ms)
        }
        Announcement::Flag { side } => {
            b.say(clip("flag_fell_at"));
            b.say(genitive(*side));
        }
        Announcement::Pause => b.say(clip("pause")),
        Announcement::Resume => b.say(clip("resume")),
        Announcement::Adjusted {
            side,
            new_ms,
            clamped,
        } => {
            b.say(clip("time"));
            b.say(genitive(*side));
            b.say(clip("changed"));
            b.mark(":");
            say_parts(b, exact_parts(*new_ms), Case::Nominative);
            if *clamped {
                b.stop();
                b.say(clip("clamped"));
            }
        }
        Announcement::PlayerStop { side } => {
            b.say(nominative(*side));
            b.say(clip("stopped_clock_pl"));
        }
        Announcement::NewStage { side, added_ms } => {
            side_label(b, *side);
            b.say(clip("new_control"));
            if !exact_parts(*added_ms).is_zero() {
                b.mark(",");
                b.say(clip("plus"));
                say_parts(b, exact_parts(*added_ms), Case::Nominative);
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
            // "Доска двенадцать, опоздание одна минута: у белых упал флажок." The number is
            // the board's name, so it does not agree with "доска" (as "ход один").
            b.say(clip("board"));
            num::say_number(b, u64::from(*board), Gender::Masculine, Case::Nominative);
            if let Some(late) = late_ms {
                b.mark(",");
                b.say(clip("late"));
                say_remaining(b, *late);
            }
            b.mark(":");
            say_announcement(b, notice);
        }
        Announcement::BoardSilent { board } => {
            b.say(clip("board"));
            num::say_number(b, u64::from(*board), Gender::Masculine, Case::Nominative);
            b.say(clip("silent"));
        }
        Announcement::BoardBack { board } => {
            b.say(clip("board"));
            num::say_number(b, u64::from(*board), Gender::Masculine, Case::Nominative);
            b.say(clip("back"));
        }
        Announcement::Menu(prompt) => super::menu_ru::phrase(b, prompt),
    }
}

/// "Белые:" at the head of a sentence.
pub(super) fn side_label(b: &mut Builder, side: Side) {
    b.say(nominative(side));
    b.mark(":");
}

fn result(b: &mut Builder, outcome: Outcome, reason: Reason) {
    match outcome {
        Outcome::White | Outcome::Black => {
            b.say(clip("win"));
            b.say(genitive(if outcome == Outcome::White {
                Side::White
            } else {
                Side::Black
            }));
        }
        Outcome::Draw => b.say(clip("draw")),
    }
    match reason {
        Reason::TimeForfeit => b.say(clip("on_time")),
        Reason::Resignation => {
            b.mark(":");
            b.say(clip("opponent_resigned"));
        }
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

/// "Проверка часов. Правила русских шашек. Контроль: сорок ходов за два часа, плюс
/// тридцать секунд за ход; затем один час до конца партии. Белые: два часа. Чёрные: два часа."
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
        ru_overtime::control_end(b, end);
    } else if !stages.is_empty() {
        b.say(clip("control"));
        b.mark(":");
        for (i, stage) in stages.iter().enumerate() {
            if i > 0 {
                b.mark(";");
                b.say(clip("then"));
            }
            say_stage(b, stage, ru_overtime::last_stage_ends_game(end));
        }
        ru_overtime::control_end(b, end);
        b.stop();
    }
    for (side, ms) in [(Side::White, white_ms), (Side::Black, black_ms)] {
        side_label(b, side);
        say_parts(b, exact_parts(ms), Case::Nominative);
        b.stop();
    }
}

pub(super) fn say_stage(b: &mut Builder, s: &StageInfo, ends_game: bool) {
    match s.moves {
        Some(moves) => {
            say_count(b, u64::from(moves), &MOVE, Case::Nominative);
            b.say(clip("in"));
            say_parts(b, exact_parts(s.time_ms), Case::Accusative);
        }
        None => {
            say_parts(b, exact_parts(s.time_ms), Case::Nominative);
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
        say_parts(b, increment, Case::Nominative);
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
        say_parts(b, delay, Case::Nominative);
    }
}
