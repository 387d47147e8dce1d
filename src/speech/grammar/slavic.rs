//! Numbers and counted nouns of the Slavic languages whose number words agree with the noun
//! (Ukrainian, Polish): "одна хвилина", "dwie minuty", and after a preposition the
//! accusative "за одну хвилину", "jedną minutę"; the noun takes CLDR's one/few/many form.
//! What differs between them is data, [`Rules`]; the words are in each catalogue. The counts
//! a clock says every game have phrase clips, as Russian's do ("двадцять одна хвилина" in one
//! breath); other counts are said word by word.

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};

use super::phrase_table::{clip_text, Entry, PhraseTable, Phrases};
use super::{Counted, Grammar, Plural, Plurals};
use crate::speech::catalogue::Catalogue;
use crate::speech::duration::Spoken;
use crate::speech::utterance::{Builder, Clip, Tone};

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

/// A counted noun: its gender, its catalogue keys and its phrase clips.
#[derive(Debug, Clone, Copy)]
pub(super) struct Noun {
    gender: Gender,
    /// The key stem: `u_min` for `u_min_1`, `u_min_1_acc`, `u_min_few`, `u_min_many`.
    stem: &'static str,
    /// The counts said as one phrase clip, if any.
    phrases: Option<Phrases>,
}

const fn phrased(id: &'static str, from: u64, to: u64, tone: Tone) -> Option<Phrases> {
    Some(Phrases { id, from, to, tone })
}

/// "година", "godzina".
pub(super) const HOUR: Noun = Noun {
    gender: Gender::Feminine,
    stem: "u_hour",
    phrases: phrased("hour", 1, 9, Tone::Both),
};
/// "хвилина", "minuta".
pub(super) const MINUTE: Noun = Noun {
    gender: Gender::Feminine,
    stem: "u_min",
    phrases: phrased("min", 1, 59, Tone::Both),
};
/// "секунда", "sekunda".
pub(super) const SECOND: Noun = Noun {
    gender: Gender::Feminine,
    stem: "u_sec",
    phrases: phrased("sec", 0, 59, Tone::Both),
};
/// "хід", "ruch".
pub(super) const MOVE: Noun = Noun {
    gender: Gender::Masculine,
    stem: "u_move",
    phrases: phrased("move", 1, 60, Tone::Final),
};
/// "період", "okres".
pub(super) const PERIOD: Noun = Noun {
    gender: Gender::Masculine,
    stem: "u_period",
    phrases: phrased("period", 2, 10, Tone::Both),
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

    /// Says `n` and the form of `noun` that agrees with it ("двадцять дві хвилини"): one
    /// phrase clip where the noun has one for `n`, else word by word.
    pub(super) fn say_count(&self, b: &mut Builder, n: u64, noun: &Noun, case: Case) {
        let phrase = noun
            .phrases
            .and_then(|p| self.phrases().get(p.id, n, self.variant(n, noun, case)));
        match phrase {
            Some(clip) => b.say(clip),
            None => self.say_count_in_words(b, n, noun, case),
        }
    }

    fn say_count_in_words(&self, b: &mut Builder, n: u64, noun: &Noun, case: Case) {
        self.say_number(b, n, noun.gender, case);
        self.say_noun(b, n, noun, case);
    }

    /// The phrase table's variant of a count: the accusative differs only for a feminine
    /// "one" ("одну хвилину", "jedną minutę").
    fn variant(&self, n: u64, noun: &Noun, case: Case) -> &'static str {
        match (self.plural(n), noun.gender, case) {
            (Plural::One, Gender::Feminine, Case::Accusative) => "acc",
            _ => "",
        }
    }

    /// The language's phrase clips of the counts, made once from its catalogue's words.
    pub(super) fn phrases(&self) -> &'static PhraseTable {
        static MADE: LazyLock<Mutex<HashMap<&'static str, &'static PhraseTable>>> =
            LazyLock::new(|| Mutex::new(HashMap::new()));
        let mut made = MADE.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(table) = made.get(self.code) {
            return table;
        }
        let table: &'static PhraseTable = Box::leak(Box::new(self.build_phrases()));
        made.insert(self.code, table);
        table
    }

    fn build_phrases(&self) -> PhraseTable {
        let mut entries = Vec::new();
        for noun in [HOUR, MINUTE, SECOND, MOVE, PERIOD] {
            let Some(phrases) = noun.phrases else {
                continue;
            };
            for count in phrases.from..=phrases.to {
                for case in [Case::Nominative, Case::Accusative] {
                    let variant = self.variant(count, &noun, case);
                    if case == Case::Accusative && variant.is_empty() {
                        continue;
                    }
                    let mut words = Builder::new();
                    self.say_count_in_words(&mut words, count, &noun, case);
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
                phrases: None,
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

/// One grammar for every language these rules describe: a language gives only its [`Rules`].
impl Grammar for Rules {
    fn plural(&self, n: u64) -> Plural {
        Rules::plural(self, n)
    }

    fn number(&self, b: &mut Builder, n: u64) {
        // A number said alone or as a name ("хід один", "ruch jeden"): masculine.
        self.say_number(b, n, Gender::Masculine, Case::Nominative);
    }

    fn count(&self, b: &mut Builder, n: u64, noun: Counted) {
        let noun = match noun {
            Counted::Move => &MOVE,
            Counted::Period => &PERIOD,
        };
        self.say_count(b, n, noun, Case::Nominative);
    }

    fn duration(&self, b: &mut Builder, parts: Spoken, form: Option<&str>) {
        self.say_duration(b, parts, Case::of_form(form));
    }

    fn count_clips(&self) -> &'static [Clip] {
        self.phrases().clips()
    }
}
