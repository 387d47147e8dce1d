//! Plural categories from Unicode CLDR's rules (the `intl_pluralrules` crate): which form of
//! a counted noun a number takes ("одна минута", "две минуты", "пять минут"; "one minute",
//! "two minutes"), and which form a word agreeing with the count takes ("остался двадцать
//! один период", "осталось два периода").

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};

use intl_pluralrules::{PluralCategory, PluralRuleType, PluralRules};
use unic_langid::LanguageIdentifier;

/// The CLDR plural category of a count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Plural {
    /// CLDR "zero".
    Zero,
    /// CLDR "one": 1 in English; 1, 21, 101… in Russian.
    One,
    /// CLDR "two".
    Two,
    /// CLDR "few": 2–4, 22–24… in Russian.
    Few,
    /// CLDR "many": 0, 5–20, 25–30, 11–14 in any hundred… in Russian.
    Many,
    /// CLDR "other": every count English does not call "one".
    Other,
}

impl Plural {
    /// CLDR's name of the category ("one", "few"…), as catalogue templates name it.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Plural::Zero => "zero",
            Plural::One => "one",
            Plural::Two => "two",
            Plural::Few => "few",
            Plural::Many => "many",
            Plural::Other => "other",
        }
    }
}

impl From<PluralCategory> for Plural {
    fn from(c: PluralCategory) -> Self {
        match c {
            PluralCategory::ZERO => Plural::Zero,
            PluralCategory::ONE => Plural::One,
            PluralCategory::TWO => Plural::Two,
            PluralCategory::FEW => Plural::Few,
            PluralCategory::MANY => Plural::Many,
            PluralCategory::OTHER => Plural::Other,
        }
    }
}

/// The cardinal plural rules of one language.
pub(crate) struct Plurals {
    /// CLDR's rules, or `None` for a language CLDR does not know.
    rules: Option<PluralRules>,
}

impl std::fmt::Debug for Plurals {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Plurals")
            .field("locale", &self.rules.as_ref().map(PluralRules::get_locale))
            .finish()
    }
}

/// The rules made so far, by language code: each is made once and kept for the program's life.
static MADE: LazyLock<Mutex<HashMap<String, &'static Plurals>>> =
    LazyLock::new(|| Mutex::new(HashMap::new()));

impl Plurals {
    /// The rules for the language `code` ("ru", "en"). A code CLDR does not know counts
    /// everything as "other", so a catalogue's language without CLDR data still speaks,
    /// with its "other" forms.
    pub(crate) fn of(code: &str) -> &'static Plurals {
        let mut made = MADE.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(p) = made.get(code) {
            return p;
        }
        let rules = code
            .parse::<LanguageIdentifier>()
            .ok()
            .and_then(|id| PluralRules::create(id, PluralRuleType::CARDINAL).ok());
        let p: &'static Plurals = Box::leak(Box::new(Plurals { rules }));
        made.insert(code.to_string(), p);
        p
    }

    /// The category of the whole number `n`.
    pub(crate) fn category(&self, n: u64) -> Plural {
        self.rules
            .as_ref()
            .and_then(|r| r.select(n).ok())
            .map_or(Plural::Other, Plural::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Russian by hand, as a Russian grammar states it: 1 минута, 2–4 минуты, 5–20 минут,
    /// 21 минута… for every count a clock says (seconds and minutes 0–59, hours, moves).
    #[test]
    fn russian_categories_for_0_to_59_and_hours() {
        let ru = Plurals::of("ru");
        let one = [1, 21, 31, 41, 51, 101, 121, 1001];
        let few = [
            2, 3, 4, 22, 23, 24, 32, 33, 34, 42, 43, 44, 52, 53, 54, 102, 1002,
        ];
        for n in 0..=59u64 {
            let want = if one.contains(&n) {
                Plural::One
            } else if few.contains(&n) {
                Plural::Few
            } else {
                Plural::Many
            };
            assert_eq!(ru.category(n), want, "ru {n}");
        }
        for n in one {
            assert_eq!(ru.category(n), Plural::One, "ru {n}");
        }
        for n in few {
            assert_eq!(ru.category(n), Plural::Few, "ru {n}");
        }
        for n in [0, 5, 11, 12, 13, 14, 100, 111, 112, 114, 1000, 5_000_000] {
            assert_eq!(ru.category(n), Plural::Many, "ru {n}");
        }
    }

    #[test]
    fn english_has_one_and_other() {
        let en = Plurals::of("en");
        assert_eq!(en.category(1), Plural::One);
        for n in [0, 2, 11, 21, 101] {
            assert_eq!(en.category(n), Plural::Other, "en {n}");
        }
    }

    #[test]
    fn an_unknown_language_counts_everything_as_other() {
        assert_eq!(Plurals::of("zz-not-a-language").category(1), Plural::Other);
    }
}
