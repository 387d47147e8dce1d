//! Russian phrasing: turns an [`Announcement`] into words and clip keys,
//! e.g. "Белые: один час двенадцать минут. До контроля двенадцать ходов."

use super::announcement::{
    Announcement, ControlEnd, DelayKind, Outcome, Reason, Rules, Side, StageInfo,
};
use super::duration::{exact_parts, spoken_parts, Spoken};
use super::grammar::Plural;
use super::ru_numbers::{self as num, say_count, Case, Gender, HOUR, MINUTE, MOVE, SECOND};
use super::ru_overtime;
use super::utterance::{clip, clip_cont, clip_final, Builder, Clip, Utterance};

const WHITE_NOM: Clip = clip("white_nom", "белые");
const BLACK_NOM: Clip = clip("black_nom", "чёрные");
const WHITE_GEN: Clip = clip("white_gen", "белых");
const BLACK_GEN: Clip = clip("black_gen", "чёрных");
const TO_CONTROL: Clip = clip("to_control", "до контроля");
const TO_GAME_END: Clip = clip("to_game_end", "до конца партии");
const OPPONENT: Clip = clip_cont("opponent", "соперник");
const TO_MOVE: Clip = clip_cont("to_move_pl", "ходят");
const FLAG_FELL_AT: Clip = clip_cont("flag_fell_at", "флажок упал у");
const PAUSE: Clip = clip_final("pause", "пауза");
const RESUME: Clip = clip_final("resume", "игра продолжается");
const TIME: Clip = clip_cont("time", "время");
const CHANGED: Clip = clip_cont("changed", "изменено");
const CLAMPED: Clip = clip_final("clamped", "уменьшение ограничено правилами");
const STOPPED_CLOCK: Clip = clip_final("stopped_clock_pl", "остановили часы");
const NEW_CONTROL: Clip = clip("new_control", "новый контроль времени");
const PLUS: Clip = clip_cont("plus", "плюс");
const WIN: Clip = clip_cont("win", "победа");
const DRAW: Clip = clip_cont("draw", "ничья");
const ON_TIME: Clip = clip_final("on_time", "по времени");
const RESIGNED: Clip = clip_final("opponent_resigned", "соперник сдался");
const NO_MOVES: Clip = clip_final("opponent_no_moves", "у соперника нет ходов");
const RULE_1713: Clip = clip_final(
    "stop_in_won_position",
    "остановка часов в выигрышной позиции",
);
const CLOCK_CHECK: Clip = clip_final("clock_check", "проверка часов");
pub(super) const CONTROL: Clip = clip_cont("control", "контроль");
pub(super) const IN_TIME: Clip = clip_cont("in", "за");
const PER_MOVE: Clip = clip("per_move", "за ход");
pub(super) const THEN: Clip = clip_cont("then", "затем");
const REPEATING: Clip = clip("repeating", "повторяется");
const DELAY: Clip = clip_cont("delay", "задержка");
const DELAY_BRONSTEIN: Clip = clip_cont("delay_bronstein", "задержка Бронштейна");
const DELAY_SIMPLE: Clip = clip_cont("delay_simple", "простая задержка");
const NOT_YOUR_CLOCK: Clip = clip_final("not_your_clock", "не ваши часы");
const YOUR_CLOCK_RUNS: Clip = clip_final("your_clock_runs", "ваши часы идут");
const REFUSED: Clip = clip_final("refused", "команда отклонена");
const VOLUME: Clip = clip_cont("volume", "громкость");
const RULES_DRAUGHTS: Clip = clip_final("rules_draughts", "правила русских шашек");
const RULES_FIDE: Clip = clip_final("rules_fide", "правила ФИДЕ");
const MADE_ONE: Clip = clip_cont("made_one", "сделан");
const MADE_MANY: Clip = clip_cont("made_many", "сделано");
const SPEECH_RATE: Clip = clip_cont("speech_rate", "скорость речи");
const BOARD: Clip = clip_cont("board", "доска");
const LATE: Clip = clip_cont("late", "опоздание");
const SILENT: Clip = clip_final("silent", "молчит");
const BACK: Clip = clip_final("back", "снова на связи");

/// Every clip Russian phrasing can emit, with its text.
pub(crate) fn clips() -> Vec<Clip> {
    let mut all = vec![
        RULES_DRAUGHTS,
        RULES_FIDE,
        MADE_ONE,
        MADE_MANY,
        VOLUME,
        SPEECH_RATE,
        BOARD,
        LATE,
        SILENT,
        BACK,
        WHITE_NOM,
        BLACK_NOM,
        WHITE_GEN,
        BLACK_GEN,
        TO_CONTROL,
        TO_GAME_END,
        OPPONENT,
        TO_MOVE,
        FLAG_FELL_AT,
        PAUSE,
        RESUME,
        TIME,
        CHANGED,
        CLAMPED,
        STOPPED_CLOCK,
        NEW_CONTROL,
        PLUS,
        WIN,
        DRAW,
        ON_TIME,
        RESIGNED,
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
    all.extend(ru_overtime::clips());
    all.extend(num::clips());
    all.extend(super::menu_ru::clips());
    all
}

pub(super) fn nominative(side: Side) -> Clip {
    match side {
        Side::White => WHITE_NOM,
        Side::Black => BLACK_NOM,
    }
}

fn genitive(side: Side) -> Clip {
    match side {
        Side::White => WHITE_GEN,
        Side::Black => BLACK_GEN,
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
            b.say(TO_MOVE);
            b.say(nominative(*side));
        }
        Announcement::Countdown { remaining_ms } => {
            // Counting aloud: "три, два, один".
            let seconds = (*remaining_ms).max(0) as u64 / 1000;
            num::say_number(b, seconds, Gender::Masculine, Case::Nominative);
        }
        Announcement::Reminder { side } => {
            side_label(b, *side);
            b.say(YOUR_CLOCK_RUNS);
        }
        Announcement::Refused => b.say(REFUSED),
        Announcement::Volume { level } => {
            // A level counted as a number: "громкость семь".
            b.say(VOLUME);
            num::say_number(b, u64::from(*level), Gender::Masculine, Case::Nominative);
        }
        Announcement::SpeechRate { level } => {
            b.say(SPEECH_RATE);
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
                b.say(if one { MADE_ONE } else { MADE_MANY });
                say_count(b, u64::from(*moves), &MOVE, Case::Nominative);
            }
            if let Some(moves) = moves_to_control {
                b.stop();
                b.say(TO_CONTROL);
                say_count(b, u64::from(*moves), &MOVE, Case::Nominative);
            }
        }
        Announcement::OpponentTime { side, remaining_ms } => {
            b.say(OPPONENT);
            b.say_in_parens(nominative(*side));
            b.mark(":");
            say_remaining(b, *remaining_ms);
        }
        Announcement::Move { side, number } => {
            b.say(MOVE.one);
            num::say_number(b, u64::from(*number), Gender::Masculine, Case::Nominative);
            b.stop();
            b.say(TO_MOVE);
            b.say(nominative(side.other()));
        }
        Announcement::MovesToControl { side, moves } => {
            side_label(b, *side);
            b.say(TO_CONTROL);
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
                TO_GAME_END
            } else {
                TO_CONTROL
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
            b.say(FLAG_FELL_AT);
            b.say(genitive(*side));
        }
        Announcement::Pause => b.say(PAUSE),
        Announcement::Resume => b.say(RESUME),
        Announcement::Adjusted {
            side,
            new_ms,
            clamped,
        } => {
            b.say(TIME);
            b.say(genitive(*side));
            b.say(CHANGED);
            b.mark(":");
            say_parts(b, exact_parts(*new_ms), Case::Nominative);
            if *clamped {
                b.stop();
                b.say(CLAMPED);
            }
        }
        Announcement::PlayerStop { side } => {
            b.say(nominative(*side));
            b.say(STOPPED_CLOCK);
        }
        Announcement::NewStage { side, added_ms } => {
            side_label(b, *side);
            b.say(NEW_CONTROL);
            if !exact_parts(*added_ms).is_zero() {
                b.mark(",");
                b.say(PLUS);
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
            b.say(NOT_YOUR_CLOCK);
        }
        Announcement::Board {
            board,
            late_ms,
            notice,
        } => {
            // "Доска двенадцать, опоздание одна минута: у белых упал флажок." The number is
            // the board's name, so it does not agree with "доска" (as "ход один").
            b.say(BOARD);
            num::say_number(b, u64::from(*board), Gender::Masculine, Case::Nominative);
            if let Some(late) = late_ms {
                b.mark(",");
                b.say(LATE);
                say_remaining(b, *late);
            }
            b.mark(":");
            say_announcement(b, notice);
        }
        Announcement::BoardSilent { board } => {
            b.say(BOARD);
            num::say_number(b, u64::from(*board), Gender::Masculine, Case::Nominative);
            b.say(SILENT);
        }
        Announcement::BoardBack { board } => {
            b.say(BOARD);
            num::say_number(b, u64::from(*board), Gender::Masculine, Case::Nominative);
            b.say(BACK);
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
            b.say(WIN);
            b.say(genitive(if outcome == Outcome::White {
                Side::White
            } else {
                Side::Black
            }));
        }
        Outcome::Draw => b.say(DRAW),
    }
    match reason {
        Reason::TimeForfeit => b.say(ON_TIME),
        Reason::Resignation => {
            b.mark(":");
            b.say(RESIGNED);
        }
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
    b.say(CLOCK_CHECK);
    b.stop();
    b.say(match rules {
        Rules::RussianDraughts => RULES_DRAUGHTS,
        Rules::Fide => RULES_FIDE,
    });
    b.stop();
    if end == ControlEnd::Upcount {
        ru_overtime::control_end(b, end);
    } else if !stages.is_empty() {
        b.say(CONTROL);
        b.mark(":");
        for (i, stage) in stages.iter().enumerate() {
            if i > 0 {
                b.mark(";");
                b.say(THEN);
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
            b.say(IN_TIME);
            say_parts(b, exact_parts(s.time_ms), Case::Accusative);
        }
        None => {
            say_parts(b, exact_parts(s.time_ms), Case::Nominative);
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
        say_parts(b, increment, Case::Nominative);
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
        say_parts(b, delay, Case::Nominative);
    }
}
