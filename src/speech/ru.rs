//! Russian phrasing: turns an [`Announcement`] into words and clip keys,
//! e.g. "Белые: один час двенадцать минут. До контроля двенадцать ходов."

use super::announcement::Side;
use super::duration::Spoken;
use super::grammar::{Counted, Grammar, Plural};
use super::menu::MenuPrompt;
use super::ru_numbers::{
    self as num, clip, say_count, Case, Gender, HOUR, MINUTE, MOVE, PERIOD, SECOND,
};
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

    fn say_menu(&self, b: &mut Builder, prompt: &MenuPrompt) {
        super::menu_ru::phrase(b, prompt);
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
