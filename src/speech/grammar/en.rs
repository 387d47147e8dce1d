//! English's grammar: what English needs beyond its catalogue (`lang/en.toml`) — numbers,
//! counted nouns in CLDR's one/other forms, and durations.

use super::en_numbers::{self as num, say_count, HOUR, MINUTE, MOVE, PERIOD, SECOND};
use super::{Counted, Grammar, Plural, Plurals};
use crate::speech::duration::Spoken;
use crate::speech::utterance::{Builder, Clip};

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

/// English's grammar: counted nouns take CLDR's one/other forms.
pub(crate) struct English;

impl Grammar for English {
    fn plural(&self, n: u64) -> Plural {
        Plurals::of("en").category(n)
    }

    fn number(&self, b: &mut Builder, n: u64) {
        num::say_number(b, n);
    }

    fn count(&self, b: &mut Builder, n: u64, noun: Counted) {
        match noun {
            Counted::Move => say_count(b, n, &MOVE),
            Counted::Period => say_count(b, n, &PERIOD),
        }
    }

    fn duration(&self, b: &mut Builder, parts: Spoken, _form: Option<&str>) {
        say_parts(b, parts);
    }

    fn count_clips(&self) -> &'static [Clip] {
        num::count_clips()
    }

    fn decimal_mark(&self) -> char {
        '.'
    }
}
