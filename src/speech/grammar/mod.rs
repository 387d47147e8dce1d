//! What a language needs beyond its words: the plural category a count takes (CLDR's rules,
//! [`Plurals`]), and a [`Grammar`] per language that says numbers with the gender and case
//! they take before a noun, counted nouns, and durations in the language's word order.

mod de;
mod en;
mod en_numbers;
mod phrase_table;
mod pl;
mod plural;
mod ru;
mod ru_numbers;
mod ru_stress;
mod slavic;
mod uk;

pub(crate) use de::German;
pub(crate) use en::English;
pub(crate) use plural::{Plural, Plurals};
pub(crate) use ru::Russian;

use super::duration::Spoken;
use super::utterance::{Builder, Clip};

/// A noun a template counts (`{moves}`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Counted {
    /// "двенадцать ходов", "twelve moves".
    Move,
    /// "пять периодов", "five periods".
    Period,
}

/// What one language says beyond its catalogue's words and templates.
pub(crate) trait Grammar: Sync {
    /// The CLDR plural category of the count `n`.
    fn plural(&self, n: u64) -> Plural;
    /// Says `n` as a number alone, or as a name ("ход двенадцать", "board twelve").
    fn number(&self, b: &mut Builder, n: u64);
    /// Says `n` and the form of `noun` that agrees with it ("двадцать один ход").
    fn count(&self, b: &mut Builder, n: u64, noun: Counted);
    /// Says the non-zero parts of a duration ("один час двенадцать минут"), or zero seconds,
    /// in the grammatical `form` a template names (`{time.acc}`: Russian's accusative, "за
    /// одну минуту"; `None`: the plain form). A language without the form says the plain one.
    fn duration(&self, b: &mut Builder, parts: Spoken, form: Option<&str>);
    /// The phrase clips of the counts ("c_min_21"), made from the catalogue's words; a voice
    /// pack records them after the number words.
    fn count_clips(&self) -> &'static [Clip];
    /// The text to give the speech engine for a clip whose words are `text` (Russian marks
    /// the stressed vowels); the text itself by default.
    fn synthesis_text(&self, text: &str) -> String {
        text.to_string()
    }
    /// The mark between a number's whole part and its tenths, written in a notice ("4,2" in
    /// Russian, German, Ukrainian and Polish; "4.2" in English).
    fn decimal_mark(&self) -> char {
        ','
    }
}

/// The catalogue files of the languages, by language code, as embedded at build time, in the
/// order the lists name them (`Lang`'s order: Russian and English first).
pub(crate) const CATALOGUES: &[(&str, &str)] = &[
    ("ru", include_str!("../lang/ru.toml")),
    ("en", include_str!("../lang/en.toml")),
    ("de", include_str!("../lang/de.toml")),
    ("uk", include_str!("../lang/uk.toml")),
    ("pl", include_str!("../lang/pl.toml")),
];

/// Drafts: catalogues whose clock phrasing and grammar are written and tested (readouts,
/// warnings, flags, results, overtime, the clock check) but that are not yet languages,
/// because the words of the other areas (the set-up menu, notices, help, learn, the pages,
/// the Braille line) are still missing. A draft moves into [`CATALOGUES`] once it has them all
/// (`every_catalogue_has_the_same_words` then passes with it).
pub(crate) const DRAFTS: &[(&str, &str)] = &[];

/// The grammar of the language `code`, if the clock has one: the one place phrasing chooses
/// code by language. Adding a language: its catalogue `lang/<code>.toml`, its grammar (a file
/// here), a line in [`CATALOGUES`] and one below. No other Rust file changes.
pub(crate) fn of_code(code: &str) -> Option<&'static dyn Grammar> {
    match code {
        "ru" => Some(&Russian),
        "en" => Some(&English),
        "de" => Some(&German),
        "uk" => Some(&uk::RULES),
        "pl" => Some(&pl::RULES),
        _ => None,
    }
}
