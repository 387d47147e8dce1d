//! Russian numerals and counted nouns: "двадцать одна минута", "два часа",
//! "пять ходов". Numbers are built from small reusable clips (units by gender,
//! teens, tens, hundreds, thousands…) and the noun form follows the number.

use std::sync::LazyLock;

use super::grammar::{Plural, Plurals};
use super::phrase_table::{clip_text, Entry, PhraseTable, Phrases};
use super::utterance::{word, Builder, Clip, Tone};

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

/// A counted noun with its forms.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Noun {
    pub gender: Gender,
    pub one: Clip,
    pub one_acc: Clip,
    pub few: Clip,
    pub many: Clip,
    /// The counts said as one phrase clip, if any.
    pub phrases: Option<Phrases>,
}

impl Noun {
    /// The clip for this noun after the number `n`, in `case`.
    pub(crate) fn after(&self, n: u64, case: Case) -> Clip {
        match (plural(n), case) {
            (Plural::One, Case::Nominative) => self.one,
            (Plural::One, Case::Accusative) => self.one_acc,
            (Plural::Few, _) => self.few,
            _ => self.many,
        }
    }

    /// Every clip of the noun.
    pub(crate) fn clips(&self) -> [Clip; 4] {
        [self.one, self.one_acc, self.few, self.many]
    }
}

pub(crate) const HOUR: Noun = Noun {
    gender: Gender::Masculine,
    one: word("u_hour_1", "час"),
    one_acc: word("u_hour_1", "час"),
    few: word("u_hour_few", "часа"),
    many: word("u_hour_many", "часов"),
    phrases: Some(Phrases {
        id: "hour",
        from: 1,
        to: 9,
        tone: Tone::Both,
    }),
};
pub(crate) const MINUTE: Noun = Noun {
    gender: Gender::Feminine,
    one: word("u_min_1", "минута"),
    one_acc: word("u_min_1_acc", "минуту"),
    few: word("u_min_few", "минуты"),
    many: word("u_min_many", "минут"),
    phrases: Some(Phrases {
        id: "min",
        from: 1,
        to: 59,
        tone: Tone::Both,
    }),
};
pub(crate) const SECOND: Noun = Noun {
    gender: Gender::Feminine,
    one: word("u_sec_1", "секунда"),
    one_acc: word("u_sec_1_acc", "секунду"),
    few: word("u_sec_few", "секунды"),
    many: word("u_sec_many", "секунд"),
    phrases: Some(Phrases {
        id: "sec",
        from: 0,
        to: 59,
        tone: Tone::Both,
    }),
};
pub(crate) const MOVE: Noun = Noun {
    gender: Gender::Masculine,
    one: word("u_move_1", "ход"),
    one_acc: word("u_move_1", "ход"),
    few: word("u_move_few", "хода"),
    many: word("u_move_many", "ходов"),
    phrases: Some(Phrases {
        id: "move",
        from: 1,
        to: 60,
        tone: Tone::Final,
    }),
};
pub(crate) const PERIOD: Noun = Noun {
    gender: Gender::Masculine,
    one: word("u_period_1", "период"),
    one_acc: word("u_period_1", "период"),
    few: word("u_period_few", "периода"),
    many: word("u_period_many", "периодов"),
    // From 2: "один период" never ends a sentence ("последний период" does), so it is said
    // from the number and noun clips.
    phrases: Some(Phrases {
        id: "period",
        from: 2,
        to: 10,
        tone: Tone::Both,
    }),
};
const THOUSAND: Noun = Noun {
    gender: Gender::Feminine,
    one: word("g_thousand_1", "тысяча"),
    one_acc: word("g_thousand_1_acc", "тысячу"),
    few: word("g_thousand_few", "тысячи"),
    many: word("g_thousand_many", "тысяч"),
    phrases: None,
};
const MILLION: Noun = masculine_group(
    "g_million_1",
    "миллион",
    "g_million_few",
    "миллиона",
    "g_million_many",
    "миллионов",
);
const BILLION: Noun = masculine_group(
    "g_billion_1",
    "миллиард",
    "g_billion_few",
    "миллиарда",
    "g_billion_many",
    "миллиардов",
);
const TRILLION: Noun = masculine_group(
    "g_trillion_1",
    "триллион",
    "g_trillion_few",
    "триллиона",
    "g_trillion_many",
    "триллионов",
);

const fn masculine_group(
    k1: &'static str,
    t1: &'static str,
    k2: &'static str,
    t2: &'static str,
    k5: &'static str,
    t5: &'static str,
) -> Noun {
    Noun {
        gender: Gender::Masculine,
        one: word(k1, t1),
        one_acc: word(k1, t1),
        few: word(k2, t2),
        many: word(k5, t5),
        phrases: None,
    }
}

/// Scales above a thousand-group, largest first, with their size.
const GROUPS: [(u64, Noun); 4] = [
    (1_000_000_000_000, TRILLION),
    (1_000_000_000, BILLION),
    (1_000_000, MILLION),
    (1_000, THOUSAND),
];

const ZERO: Clip = word("n_0", "ноль");
const ONE_M: Clip = word("n_1m", "один");
const ONE_F: Clip = word("n_1f", "одна");
const ONE_F_ACC: Clip = word("n_1f_acc", "одну");
const TWO_M: Clip = word("n_2m", "два");
const TWO_F: Clip = word("n_2f", "две");
/// 3–9, same in both genders; index = digit − 3.
const THREE_TO_NINE: [Clip; 7] = [
    word("n_3", "три"),
    word("n_4", "четыре"),
    word("n_5", "пять"),
    word("n_6", "шесть"),
    word("n_7", "семь"),
    word("n_8", "восемь"),
    word("n_9", "девять"),
];
/// 10–19; index = number − 10.
const TEENS: [Clip; 10] = [
    word("n_10", "десять"),
    word("n_11", "одиннадцать"),
    word("n_12", "двенадцать"),
    word("n_13", "тринадцать"),
    word("n_14", "четырнадцать"),
    word("n_15", "пятнадцать"),
    word("n_16", "шестнадцать"),
    word("n_17", "семнадцать"),
    word("n_18", "восемнадцать"),
    word("n_19", "девятнадцать"),
];
/// 20–90; index = tens digit − 2.
const TENS: [Clip; 8] = [
    word("n_20", "двадцать"),
    word("n_30", "тридцать"),
    word("n_40", "сорок"),
    word("n_50", "пятьдесят"),
    word("n_60", "шестьдесят"),
    word("n_70", "семьдесят"),
    word("n_80", "восемьдесят"),
    word("n_90", "девяносто"),
];
/// 100–900; index = hundreds digit − 1.
const HUNDREDS: [Clip; 9] = [
    word("n_100", "сто"),
    word("n_200", "двести"),
    word("n_300", "триста"),
    word("n_400", "четыреста"),
    word("n_500", "пятьсот"),
    word("n_600", "шестьсот"),
    word("n_700", "семьсот"),
    word("n_800", "восемьсот"),
    word("n_900", "девятьсот"),
];

/// Says `n` agreeing with a noun of `gender` in `case` ("двадцать одна", "два").
pub(crate) fn say_number(b: &mut Builder, n: u64, gender: Gender, case: Case) {
    if n == 0 {
        b.say(ZERO);
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
    let hundreds = (n / 100) as usize;
    if hundreds > 0 {
        b.say(HUNDREDS[hundreds - 1]);
    }
    let below_hundred = (n % 100) as usize;
    if (10..=19).contains(&below_hundred) {
        b.say(TEENS[below_hundred - 10]);
        return;
    }
    let tens = below_hundred / 10;
    if tens >= 2 {
        b.say(TENS[tens - 2]);
    }
    match (below_hundred % 10, gender, case) {
        (0, _, _) => {}
        (1, Gender::Masculine, _) => b.say(ONE_M),
        (1, Gender::Feminine, Case::Nominative) => b.say(ONE_F),
        (1, Gender::Feminine, Case::Accusative) => b.say(ONE_F_ACC),
        (2, Gender::Masculine, _) => b.say(TWO_M),
        (2, Gender::Feminine, _) => b.say(TWO_F),
        (digit, _, _) => b.say(THREE_TO_NINE[digit - 3]),
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

/// Every clip this module can emit.
pub(crate) fn clips() -> Vec<Clip> {
    let mut all = vec![ZERO, ONE_M, ONE_F, ONE_F_ACC, TWO_M, TWO_F];
    all.extend(THREE_TO_NINE);
    all.extend(TEENS);
    all.extend(TENS);
    all.extend(HUNDREDS);
    // Minutes and seconds are always below 60: their phrase clips say every count.
    for noun in [HOUR, MOVE, PERIOD] {
        all.extend(noun.clips());
    }
    for (_, noun) in GROUPS {
        all.extend(noun.clips());
    }
    all.extend_from_slice(PHRASES.clips());
    all
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
