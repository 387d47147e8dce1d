//! Russian numerals and counted nouns: "двадцать одна минута", "два часа",
//! "пять ходов". Numbers are built from small reusable clips (units by gender,
//! teens, tens, hundreds, thousands…) and the noun form follows the number.

use std::sync::LazyLock;

use super::phrase_table::{clip_text, Entry, PhraseTable, Phrases};
use super::{Plural, Plurals};
use crate::speech::catalogue::Catalogue;
use crate::speech::utterance::{Builder, Clip, Tone};
use crate::speech::Lang;

/// Grammatical gender of the counted noun; it changes "один/одна", "два/две".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Gender {
    /// Masculine: час, ход.
    Masculine,
    /// Feminine: минута, секунда, тысяча.
    Feminine,
}

/// Case of the whole numeral phrase: nominative, or accusative after "за".
/// For inanimate nouns they differ only in feminine "одна минута" → "одну минуту".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Case {
    /// "одна минута"
    Nominative,
    /// "за одну минуту"
    Accusative,
}

/// The CLDR plural category of `n` in Russian: one (1, 21, 101…), few (2–4, 22–24…) or
/// many (0, 5–20, 11–14 in any hundred…).
pub(crate) fn plural(n: u64) -> Plural {
    Plurals::of("ru").category(n)
}

/// The Russian catalogue (`lang/ru.toml`), where every word of these numbers is.
pub(crate) fn catalogue() -> &'static Catalogue {
    Catalogue::of(Lang::Ru)
}

/// The Russian clip `key` of the catalogue.
pub(crate) fn clip(key: &str) -> Clip {
    catalogue().clip(key)
}

/// A counted noun: its gender, and the catalogue keys of its forms.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Noun {
    pub gender: Gender,
    /// After CLDR's "one" in the nominative: "минута".
    pub one: &'static str,
    /// After "one" in the accusative: "минуту" (the nominative's key for a masculine noun).
    pub one_acc: &'static str,
    /// After "few": "минуты".
    pub few: &'static str,
    /// After "many": "минут".
    pub many: &'static str,
    /// The counts said as one phrase clip, if any.
    pub phrases: Option<Phrases>,
}

impl Noun {
    /// The clip for this noun after the number `n`, in `case`.
    pub(crate) fn after(&self, n: u64, case: Case) -> Clip {
        clip(match (plural(n), case) {
            (Plural::One, Case::Nominative) => self.one,
            (Plural::One, Case::Accusative) => self.one_acc,
            (Plural::Few, _) => self.few,
            _ => self.many,
        })
    }
}

/// A noun with its keys `u_<id>_1`, `u_<id>_1_acc`, `u_<id>_few`, `u_<id>_many`.
const fn noun(gender: Gender, keys: [&'static str; 4], phrases: Option<Phrases>) -> Noun {
    Noun {
        gender,
        one: keys[0],
        one_acc: keys[1],
        few: keys[2],
        many: keys[3],
        phrases,
    }
}

const fn counted(id: &'static str, from: u64, to: u64, tone: Tone) -> Option<Phrases> {
    Some(Phrases { id, from, to, tone })
}

pub(crate) const HOUR: Noun = noun(
    Gender::Masculine,
    ["u_hour_1", "u_hour_1", "u_hour_few", "u_hour_many"],
    counted("hour", 1, 9, Tone::Both),
);
pub(crate) const MINUTE: Noun = noun(
    Gender::Feminine,
    ["u_min_1", "u_min_1_acc", "u_min_few", "u_min_many"],
    counted("min", 1, 59, Tone::Both),
);
pub(crate) const SECOND: Noun = noun(
    Gender::Feminine,
    ["u_sec_1", "u_sec_1_acc", "u_sec_few", "u_sec_many"],
    counted("sec", 0, 59, Tone::Both),
);
pub(crate) const MOVE: Noun = noun(
    Gender::Masculine,
    ["u_move_1", "u_move_1", "u_move_few", "u_move_many"],
    counted("move", 1, 60, Tone::Final),
);
// From 2: "один период" never ends a sentence ("последний период" does), so it is said
// from the number and noun clips.
pub(crate) const PERIOD: Noun = noun(
    Gender::Masculine,
    ["u_period_1", "u_period_1", "u_period_few", "u_period_many"],
    counted("period", 2, 10, Tone::Both),
);

/// Scales above a thousand-group, largest first, with their size.
const GROUPS: [(u64, Noun); 4] = [
    (
        1_000_000_000_000,
        noun(
            Gender::Masculine,
            [
                "g_trillion_1",
                "g_trillion_1",
                "g_trillion_few",
                "g_trillion_many",
            ],
            None,
        ),
    ),
    (
        1_000_000_000,
        noun(
            Gender::Masculine,
            [
                "g_billion_1",
                "g_billion_1",
                "g_billion_few",
                "g_billion_many",
            ],
            None,
        ),
    ),
    (
        1_000_000,
        noun(
            Gender::Masculine,
            [
                "g_million_1",
                "g_million_1",
                "g_million_few",
                "g_million_many",
            ],
            None,
        ),
    ),
    (
        1_000,
        noun(
            Gender::Feminine,
            [
                "g_thousand_1",
                "g_thousand_1_acc",
                "g_thousand_few",
                "g_thousand_many",
            ],
            None,
        ),
    ),
];

/// Says `n` agreeing with a noun of `gender` in `case` ("двадцать одна", "два").
pub(crate) fn say_number(b: &mut Builder, n: u64, gender: Gender, case: Case) {
    if n == 0 {
        b.say(clip("n_0"));
        return;
    }
    let mut rest = n;
    for (size, noun) in GROUPS {
        let count = rest / size;
        if count > 0 {
            say_number(b, count, noun.gender, case);
            b.say(noun.after(count, case));
        }
        rest %= size;
    }
    if rest > 0 {
        say_below_thousand(b, rest, gender, case);
    }
}

/// Says 1..=999.
fn say_below_thousand(b: &mut Builder, n: u64, gender: Gender, case: Case) {
    // The keys: "n_200" (hundreds), "n_12" (10–19), "n_30" (tens), "n_7" (3–9), and "n_1m",
    // "n_1f", "n_1f_acc", "n_2m", "n_2f" for the units that agree with the noun.
    let hundreds = n / 100;
    if hundreds > 0 {
        b.say(clip(&format!("n_{}", hundreds * 100)));
    }
    let below_hundred = n % 100;
    if (10..=19).contains(&below_hundred) {
        b.say(clip(&format!("n_{below_hundred}")));
        return;
    }
    let tens = below_hundred / 10;
    if tens >= 2 {
        b.say(clip(&format!("n_{}", tens * 10)));
    }
    match (below_hundred % 10, gender, case) {
        (0, _, _) => {}
        (1, Gender::Masculine, _) => b.say(clip("n_1m")),
        (1, Gender::Feminine, Case::Nominative) => b.say(clip("n_1f")),
        (1, Gender::Feminine, Case::Accusative) => b.say(clip("n_1f_acc")),
        (2, Gender::Masculine, _) => b.say(clip("n_2m")),
        (2, Gender::Feminine, _) => b.say(clip("n_2f")),
        (digit, _, _) => b.say(clip(&format!("n_{digit}"))),
    }
}

/// Says `n` followed by the matching form of `noun` ("двадцать две секунды"): one phrase
/// clip where the noun has one for `n`, else word by word.
pub(crate) fn say_count(b: &mut Builder, n: u64, noun: &Noun, case: Case) {
    let phrase = noun
        .phrases
        .and_then(|p| PHRASES.get(p.id, n, variant(n, noun, case)));
    match phrase {
        Some(clip) => b.say(clip),
        None => say_count_in_words(b, n, noun, case),
    }
}

/// The table variant of a count: the accusative differs only for a feminine "одна".
fn variant(n: u64, noun: &Noun, case: Case) -> &'static str {
    match (plural(n), noun.gender, case) {
        (Plural::One, Gender::Feminine, Case::Accusative) => "acc",
        _ => "",
    }
}

fn say_count_in_words(b: &mut Builder, n: u64, noun: &Noun, case: Case) {
    say_number(b, n, noun.gender, case);
    b.say(noun.after(n, case));
}

/// The phrase clips of the counted nouns.
static PHRASES: LazyLock<PhraseTable> = LazyLock::new(|| {
    let mut entries = Vec::new();
    for noun in [HOUR, MINUTE, SECOND, MOVE, PERIOD] {
        let Some(phrases) = noun.phrases else {
            continue;
        };
        for count in phrases.from..=phrases.to {
            for case in [Case::Nominative, Case::Accusative] {
                let variant = variant(count, &noun, case);
                if case == Case::Accusative && variant.is_empty() {
                    continue;
                }
                let mut words = Builder::new();
                say_count_in_words(&mut words, count, &noun, case);
                entries.push(Entry {
                    phrases,
                    count,
                    variant,
                    text: clip_text(&words.finish().text),
                });
            }
        }
    }
    PhraseTable::build(entries)
});

/// The phrase clips of the counts ("c_min_21"), made from the catalogue's words.
pub(crate) fn count_clips() -> &'static [Clip] {
    PHRASES.clips()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(n: u64, noun: &Noun, case: Case) -> String {
        let mut b = Builder::new();
        say_count(&mut b, n, noun, case);
        b.finish().text
    }

    #[test]
    fn spot_checks() {
        let nom = Case::Nominative;
        assert_eq!(count(21, &MINUTE, nom), "Двадцать одна минута.");
        assert_eq!(count(11, &MINUTE, nom), "Одиннадцать минут.");
        assert_eq!(count(2, &SECOND, nom), "Две секунды.");
        assert_eq!(count(22, &SECOND, nom), "Двадцать две секунды.");
        assert_eq!(count(1, &HOUR, nom), "Один час.");
        assert_eq!(count(2, &HOUR, nom), "Два часа.");
        assert_eq!(count(5, &HOUR, nom), "Пять часов.");
        assert_eq!(count(1, &MOVE, nom), "Один ход.");
        assert_eq!(count(2, &MOVE, nom), "Два хода.");
        assert_eq!(count(5, &MOVE, nom), "Пять ходов.");
        assert_eq!(count(1, &MINUTE, Case::Accusative), "Одну минуту.");
        assert_eq!(
            count(21, &SECOND, Case::Accusative),
            "Двадцать одну секунду."
        );
    }

    #[test]
    fn hundreds_and_thousands() {
        let nom = Case::Nominative;
        assert_eq!(count(100, &MOVE, nom), "Сто ходов.");
        assert_eq!(count(212, &MOVE, nom), "Двести двенадцать ходов.");
        assert_eq!(count(999, &MOVE, nom), "Девятьсот девяносто девять ходов.");
        assert_eq!(count(1_001, &MOVE, nom), "Одна тысяча один ход.");
        assert_eq!(count(2_000, &MINUTE, nom), "Две тысячи минут.");
        assert_eq!(
            count(21_002, &MINUTE, nom),
            "Двадцать одна тысяча две минуты."
        );
        assert_eq!(count(5_000_000, &HOUR, nom), "Пять миллионов часов.");
        assert_eq!(
            count(2_000_001_000, &HOUR, nom),
            "Два миллиарда одна тысяча часов."
        );
    }

    #[test]
    fn forms_follow_the_last_digits() {
        assert_eq!(plural(0), Plural::Many);
        assert_eq!(plural(1), Plural::One);
        assert_eq!(plural(4), Plural::Few);
        assert_eq!(plural(11), Plural::Many);
        assert_eq!(plural(14), Plural::Many);
        assert_eq!(plural(111), Plural::Many);
        assert_eq!(plural(101), Plural::One);
        assert_eq!(plural(23), Plural::Few);
    }
}
