//! English phrasing: turns an [`Announcement`] into words and clip keys,
//! e.g. "White: one hour twelve minutes. Twelve moves to the time control."

use super::announcement::Side;
use super::duration::Spoken;
use super::en_numbers::{self as num, clip, say_count, HOUR, MINUTE, MOVE, PERIOD, SECOND};
use super::grammar::{Counted, Grammar, Plural, Plurals};
use super::menu::MenuPrompt;
use super::utterance::{Builder, Clip};

pub(super) fn name(side: Side) -> Clip {
    match side {
        Side::White => clip("white"),
        Side::Black => clip("black"),
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

/// English's grammar: counted nouns take CLDR's one/other forms, and what the catalogue's
/// templates do not yet say.
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

    fn say_menu(&self, b: &mut Builder, prompt: &MenuPrompt) {
        super::menu_en::phrase(b, prompt);
    }

    fn count_clips(&self) -> &'static [Clip] {
        num::count_clips()
    }
}

/// "White:" at the head of a sentence.
pub(super) fn side_label(b: &mut Builder, side: Side) {
    b.say(name(side));
    b.mark(":");
}
