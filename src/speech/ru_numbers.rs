//! Russian numerals and counted nouns: "двадцать одна минута", "два часа",
//! "пять ходов". Numbers are built from small reusable clips (units by gender,
//! teens, tens, hundreds, thousands…) and the noun form follows the number.

use super::utterance::{clip, Builder, Clip};

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

/// Which form of a counted noun a number takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// 1, 21, 101…: "минута", "час".
    One,
    /// 2–4, 22–24…: "минуты", "часа".
    Few,
    /// 0, 5–20, 25–30, 11–14 in any hundred…: "минут", "часов".
    Many,
}

/// The noun form for `n`: 11–14 take the "many" form, otherwise the last digit
/// decides (1 → one, 2–4 → few, else many).
pub fn form_for(n: u64) -> Form {
    if (11..=14).contains(&(n % 100)) {
        return Form::Many;
    }
    match n % 10 {
        1 => Form::One,
        2..=4 => Form::Few,
        _ => Form::Many,
    }
}

/// A counted noun with its forms.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Noun {
    pub gender: Gender,
    pub one: Clip,
    pub one_acc: Clip,
    pub few: Clip,
    pub many: Clip,
}

impl Noun {
    /// The clip for this noun after the number `n`, in `case`.
    pub(crate) fn after(&self, n: u64, case: Case) -> Clip {
        match (form_for(n), case) {
            (Form::One, Case::Nominative) => self.one,
            (Form::One, Case::Accusative) => self.one_acc,
            (Form::Few, _) => self.few,
            (Form::Many, _) => self.many,
        }
    }

    /// Every clip of the noun.
    pub(crate) fn clips(&self) -> [Clip; 4] {
        [self.one, self.one_acc, self.few, self.many]
    }
}

pub(crate) const HOUR: Noun = Noun {
    gender: Gender::Masculine,
    one: clip("u_hour_1", "час"),
    one_acc: clip("u_hour_1", "час"),
    few: clip("u_hour_few", "часа"),
    many: clip("u_hour_many", "часов"),
};
pub(crate) const MINUTE: Noun = Noun {
    gender: Gender::Feminine,
    one: clip("u_min_1", "минута"),
    one_acc: clip("u_min_1_acc", "минуту"),
    few: clip("u_min_few", "минуты"),
    many: clip("u_min_many", "минут"),
};
pub(crate) const SECOND: Noun = Noun {
    gender: Gender::Feminine,
    one: clip("u_sec_1", "секунда"),
    one_acc: clip("u_sec_1_acc", "секунду"),
    few: clip("u_sec_few", "секунды"),
    many: clip("u_sec_many", "секунд"),
};
pub(crate) const MOVE: Noun = Noun {
    gender: Gender::Masculine,
    one: clip("u_move_1", "ход"),
    one_acc: clip("u_move_1", "ход"),
    few: clip("u_move_few", "хода"),
    many: clip("u_move_many", "ходов"),
};
const THOUSAND: Noun = Noun {
    gender: Gender::Feminine,
    one: clip("g_thousand_1", "тысяча"),
    one_acc: clip("g_thousand_1_acc", "тысячу"),
    few: clip("g_thousand_few", "тысячи"),
    many: clip("g_thousand_many", "тысяч"),
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
        one: clip(k1, t1),
        one_acc: clip(k1, t1),
        few: clip(k2, t2),
        many: clip(k5, t5),
    }
}

/// Scales above a thousand-group, largest first, with their size.
const GROUPS: [(u64, Noun); 4] = [
    (1_000_000_000_000, TRILLION),
    (1_000_000_000, BILLION),
    (1_000_000, MILLION),
    (1_000, THOUSAND),
];

const ZERO: Clip = clip("n_0", "ноль");
const ONE_M: Clip = clip("n_1m", "один");
const ONE_F: Clip = clip("n_1f", "одна");
const ONE_F_ACC: Clip = clip("n_1f_acc", "одну");
const TWO_M: Clip = clip("n_2m", "два");
const TWO_F: Clip = clip("n_2f", "две");
/// 3–9, same in both genders; index = digit − 3.
const THREE_TO_NINE: [Clip; 7] = [
    clip("n_3", "три"),
    clip("n_4", "четыре"),
    clip("n_5", "пять"),
    clip("n_6", "шесть"),
    clip("n_7", "семь"),
    clip("n_8", "восемь"),
    clip("n_9", "девять"),
];
/// 10–19; index = number − 10.
const TEENS: [Clip; 10] = [
    clip("n_10", "десять"),
    clip("n_11", "одиннадцать"),
    clip("n_12", "двенадцать"),
    clip("n_13", "тринадцать"),
    clip("n_14", "четырнадцать"),
    clip("n_15", "пятнадцать"),
    clip("n_16", "шестнадцать"),
    clip("n_17", "семнадцать"),
    clip("n_18", "восемнадцать"),
    clip("n_19", "девятнадцать"),
];
/// 20–90; index = tens digit − 2.
const TENS: [Clip; 8] = [
    clip("n_20", "двадцать"),
    clip("n_30", "тридцать"),
    clip("n_40", "сорок"),
    clip("n_50", "пятьдесят"),
    clip("n_60", "шестьдесят"),
    clip("n_70", "семьдесят"),
    clip("n_80", "восемьдесят"),
    clip("n_90", "девяносто"),
];
/// 100–900; index = hundreds digit − 1.
const HUNDREDS: [Clip; 9] = [
    clip("n_100", "сто"),
    clip("n_200", "двести"),
    clip("n_300", "триста"),
    clip("n_400", "четыреста"),
    clip("n_500", "пятьсот"),
    clip("n_600", "шестьсот"),
    clip("n_700", "семьсот"),
    clip("n_800", "восемьсот"),
    clip("n_900", "девятьсот"),
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

/// Says `n` followed by the matching form of `noun` ("двадцать две секунды").
pub(crate) fn say_count(b: &mut Builder, n: u64, noun: &Noun, case: Case) {
    say_number(b, n, noun.gender, case);
    b.say(noun.after(n, case));
}

/// Every clip this module can emit.
pub(crate) fn clips() -> Vec<Clip> {
    let mut all = vec![ZERO, ONE_M, ONE_F, ONE_F_ACC, TWO_M, TWO_F];
    all.extend(THREE_TO_NINE);
    all.extend(TEENS);
    all.extend(TENS);
    all.extend(HUNDREDS);
    for noun in [HOUR, MINUTE, SECOND, MOVE] {
        all.extend(noun.clips());
    }
    for (_, noun) in GROUPS {
        all.extend(noun.clips());
    }
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
        assert_eq!(form_for(0), Form::Many);
        assert_eq!(form_for(1), Form::One);
        assert_eq!(form_for(4), Form::Few);
        assert_eq!(form_for(11), Form::Many);
        assert_eq!(form_for(14), Form::Many);
        assert_eq!(form_for(111), Form::Many);
        assert_eq!(form_for(101), Form::One);
        assert_eq!(form_for(23), Form::Few);
    }
}
