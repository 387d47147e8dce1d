//! Russian phrasing: turns an [`Announcement`] into words and clip keys,
//! e.g. "Белые: один час двенадцать минут. До контроля двенадцать ходов."

use super::announcement::{Announcement, ControlEnd, DelayKind, Rules, Side, StageInfo};
use super::duration::{exact_parts, Spoken};
use super::grammar::{Counted, Grammar, Plural};
use super::ru_numbers::{
    self as num, clip, say_count, Case, Gender, HOUR, MINUTE, MOVE, PERIOD, SECOND,
};
use super::ru_overtime;
use super::utterance::{Builder, Clip};

pub(super) fn nominative(side: Side) -> Clip {
    match side {
        Side::White => clip("white_nom"),
        Side::Black => clip("black_nom"),
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

/// Russian's grammar: numbers agree with their noun's gender and case, counted nouns take
/// CLDR's one/few/many forms, and what the catalogue's templates do not yet say.
pub(crate) struct Russian;

impl Grammar for Russian {
    fn plural(&self, n: u64) -> Plural {
        num::plural(n)
    }

    fn number(&self, b: &mut Builder, n: u64) {
        // A number said alone or as a name ("ход один", "громкость семь"): masculine.
        num::say_number(b, n, Gender::Masculine, Case::Nominative);
    }

    fn count(&self, b: &mut Builder, n: u64, noun: Counted) {
        match noun {
            Counted::Move => say_count(b, n, &MOVE, Case::Nominative),
            Counted::Period => say_count(b, n, &PERIOD, Case::Nominative),
        }
    }

    fn duration(&self, b: &mut Builder, parts: Spoken, form: Option<&str>) {
        let case = match form {
            Some("acc") => Case::Accusative,
            _ => Case::Nominative,
        };
        say_parts(b, parts, case);
    }

    fn say_other(&self, b: &mut Builder, a: &Announcement) {
        match a {
            Announcement::ClockCheck {
                rules,
                stages,
                white_ms,
                black_ms,
                end,
            } => clock_check(b, *rules, stages, *white_ms, *black_ms, *end),
            Announcement::Menu(prompt) => super::menu_ru::phrase(b, prompt),
            _ => {}
        }
    }
    fn count_clips(&self) -> &'static [Clip] {
        num::count_clips()
    }

    fn synthesis_text(&self, text: &str) -> String {
        super::ru_stress::mark(text)
    }
}

/// "Белые:" at the head of a sentence.
pub(super) fn side_label(b: &mut Builder, side: Side) {
    b.say(nominative(side));
    b.mark(":");
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
