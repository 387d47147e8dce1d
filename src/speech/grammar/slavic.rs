//! Numbers and counted nouns of the Slavic languages whose number words agree with the noun
//! (Ukrainian, Polish): "одна хвилина", "dwie minuty", and after a preposition the
//! accusative "за одну хвилину", "jedną minutę"; the noun takes CLDR's one/few/many form.
//! What differs between them is data, [`Rules`]; the words are in each catalogue.

use super::{Plural, Plurals};
use crate::speech::catalogue::Catalogue;
use crate::speech::duration::Spoken;
use crate::speech::utterance::{Builder, Clip};

/// Grammatical gender of a counted noun; it changes the words for 1 and 2.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Gender {
    /// "хід", "ruch", "мільйон".
    Masculine,
    /// "хвилина", "minuta", "тисяча".
    Feminine,
}

/// Case of a number and its noun: nominative, or accusative after a preposition or verb.
/// They differ only for a feminine 1: "одна хвилина" → "одну хвилину".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Case {
    /// "одна хвилина", "jedna minuta".
    Nominative,
    /// "за одну хвилину", "jedną minutę".
    Accusative,
}

impl Case {
    /// The case a template's slot names (`{time.acc}`), nominative otherwise.
    pub(super) fn of_form(form: Option<&str>) -> Case {
        match form {
            Some("acc") => Case::Accusative,
            _ => Case::Nominative,
        }
    }
}

/// How one language of this family says its numbers.
#[derive(Debug)]
pub(super) struct Rules {
    /// The language code, and its catalogue's ("uk").
    pub code: &'static str,
    /// The gender of the word for a thousand ("тисяча" feminine, "tysiąc" masculine).
    pub thousand: Gender,
    /// Whether a 1 ending a longer number agrees with the noun ("двадцять одна хвилина") or
    /// stays as it is, the noun then taking its "many" form ("dwadzieścia jeden minut").
    pub compound_one_agrees: bool,
    /// Whether one of a scale is said by the scale's word alone ("tysiąc", "milion") rather
    /// than after "one" ("одна тисяча").
    pub lone_scale: bool,
}

/// A counted noun: its gender and its catalogue keys.
#[derive(Debug, Clone, Copy)]
pub(super) struct Noun {
    gender: Gender,
    /// The key stem: `u_min` for `u_min_1`, `u_min_1_acc`, `u_min_few`, `u_min_many`.
    stem: &'static str,
}

/// "година", "godzina".
pub(super) const HOUR: Noun = Noun {
    gender: Gender::Feminine,
    stem: "u_hour",
};
/// "хвилина", "minuta".
pub(super) const MINUTE: Noun = Noun {
    gender: Gender::Feminine,
    stem: "u_min",
};
/// "секунда", "sekunda".
pub(super) const SECOND: Noun = Noun {
    gender: Gender::Feminine,
    stem: "u_sec",
};
/// "хід", "ruch".
pub(super) const MOVE: Noun = Noun {
    gender: Gender::Masculine,
    stem: "u_move",
};
/// "період", "okres".
pub(super) const PERIOD: Noun = Noun {
    gender: Gender::Masculine,
    stem: "u_period",
};

/// The scales above the hundreds, largest first: size and key stem.
const SCALES: [(u64, &str); 4] = [
    (1_000_000_000_000, "g_trillion"),
    (1_000_000_000, "g_billion"),
    (1_000_000, "g_million"),
    (1_000, "g_thousand"),
];

impl Rules {
    /// The language's catalogue.
    fn catalogue(&self) -> &'static Catalogue {
        Catalogue::of_code(self.code).unwrap_or_else(|e| panic!("{e}"))
    }

    /// The clip `key` of the language's catalogue.
    fn clip(&self, key: &str) -> Clip {
        self.catalogue().clip(key)
    }

    /// The CLDR plural category of `n`.
    pub(super) fn plural(&self, n: u64) -> Plural {
        Plurals::of(self.code).category(n)
    }

    /// Says the form of `noun` that follows the number `n` in `case`.
    fn say_noun(&self, b: &mut Builder, n: u64, noun: &Noun, case: Case) {
        // CLDR's "one" is 1, 21, 101… where a final 1 agrees (Ukrainian), only 1 where it
        // does not (Polish: "dwadzieścia jeden minut").
        let form = match (self.plural(n), noun.gender, case) {
            (Plural::One, Gender::Feminine, Case::Accusative) => "1_acc",
            (Plural::One, _, _) => "1",
            (Plural::Few, _, _) => "few",
            _ => "many",
        };
        b.say(self.clip(&format!("{}_{form}", noun.stem)));
    }

    /// Says `n` and the form of `noun` that agrees with it ("двадцять дві хвилини").
    pub(super) fn say_count(&self, b: &mut Builder, n: u64, noun: &Noun, case: Case) {
        self.say_number(b, n, noun.gender, case);
        self.say_noun(b, n, noun, case);
    }

    /// Says the non-zero parts of a duration, or zero seconds.
    pub(super) fn say_duration(&self, b: &mut Builder, parts: Spoken, case: Case) {
        if parts.is_zero() {
            return self.say_count(b, 0, &SECOND, case);
        }
        for (n, noun) in [
            (parts.hours, &HOUR),
            (parts.minutes, &MINUTE),
            (parts.seconds, &SECOND),
        ] {
            if n > 0 {
                self.say_count(b, n, noun, case);
            }
        }
    }

    /// Says `n` agreeing with a noun of `gender` in `case`.
    pub(super) fn say_number(&self, b: &mut Builder, n: u64, gender: Gender, case: Case) {
        if n == 0 {
            return b.say(self.clip("n_0"));
        }
        let mut rest = n;
        for (size, stem) in SCALES {
            let count = rest / size;
            rest %= size;
            if count == 0 {
                continue;
            }
            let scale = Noun {
                gender: if size == 1_000 {
                    self.thousand
                } else {
                    Gender::Masculine
                },
                stem,
            };
            if count > 1 || !self.lone_scale {
                self.say_below_thousand(b, count, scale.gender, case, true);
            }
            self.say_noun(b, count, &scale, case);
        }
        if rest > 0 {
            self.say_below_thousand(b, rest, gender, case, rest == n);
        }
    }

    /// Says 1..=999; `whole` when these are all of the number (a lone 1 agrees in every
    /// language of the family, a 1 ending a longer number only where the rules say so).
    fn say_below_thousand(&self, b: &mut Builder, n: u64, gender: Gender, case: Case, whole: bool) {
        let hundreds = n / 100;
        if hundreds > 0 {
            b.say(self.clip(&format!("n_{}", hundreds * 100)));
        }
        let below_hundred = n % 100;
        if (10..=19).contains(&below_hundred) {
            return b.say(self.clip(&format!("n_{below_hundred}")));
        }
        let tens = below_hundred / 10;
        if tens >= 2 {
            b.say(self.clip(&format!("n_{}", tens * 10)));
        }
        let agrees = (whole && n == 1) || self.compound_one_agrees;
        let key = match (below_hundred % 10, gender, case) {
            (0, _, _) => return,
            (1, Gender::Feminine, Case::Nominative) if agrees => "n_1f",
            (1, Gender::Feminine, Case::Accusative) if agrees => "n_1f_acc",
            (1, _, _) => "n_1m",
            (2, Gender::Masculine, _) => "n_2m",
            (2, Gender::Feminine, _) => "n_2f",
            (digit, _, _) => return b.say(self.clip(&format!("n_{digit}"))),
        };
        b.say(self.clip(key));
    }
}
