//! Russian's grammar: what Russian needs beyond its catalogue (`lang/ru.toml`) — numbers
//! that agree with their noun's gender and case, counted nouns in CLDR's one/few/many forms,
//! durations, and the stress marks for the speech engine.

use super::ru_numbers::{self as num, say_count, Case, Gender, HOUR, MINUTE, MOVE, PERIOD, SECOND};
use super::{Counted, Grammar, Plural};
use crate::speech::duration::Spoken;
use crate::speech::utterance::{Builder, Clip};

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
/// CLDR's one/few/many forms.
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

    fn count_clips(&self) -> &'static [Clip] {
        num::count_clips()
    }

    fn synthesis_text(&self, text: &str) -> String {
        super::ru_stress::mark(text)
    }
}
