//! What a language needs beyond its words: the plural category a count takes (CLDR's rules,
//! [`Plurals`]), and a [`Grammar`] per language that says numbers with the gender and case
//! they take before a noun, counted nouns, durations in the language's word order, and the
//! parts of phrasing not yet written as catalogue templates.

mod plural;

pub(crate) use plural::{Plural, Plurals};

use super::announcement::Announcement;
use super::duration::Spoken;
use super::utterance::Builder;

/// A noun a template counts (`{moves}`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Counted {
    /// "двенадцать ходов", "twelve moves".
    Move,
}

/// What one language says beyond its catalogue's words and templates.
pub(crate) trait Grammar: Sync {
    /// The CLDR plural category of the count `n`.
    fn plural(&self, n: u64) -> Plural;
    /// Says `n` as a number alone, or as a name ("ход двенадцать", "board twelve").
    fn number(&self, b: &mut Builder, n: u64);
    /// Says `n` and the form of `noun` that agrees with it ("двадцать один ход").
    fn count(&self, b: &mut Builder, n: u64, noun: Counted);
    /// Says the non-zero parts of a duration ("один час двенадцать минут"), or zero seconds.
    fn duration(&self, b: &mut Builder, parts: Spoken);
    /// Says an announcement the templates do not cover: overtime, the clock check, the menu.
    fn say_other(&self, b: &mut Builder, a: &Announcement);
}
