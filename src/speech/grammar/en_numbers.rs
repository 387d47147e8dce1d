//! English numerals and counted nouns: "twenty-one minutes", "one hour",
//! "one hundred twelve moves". Built from small clips: units, teens, tens,
//! "hundred" and the large scales.

use std::sync::LazyLock;

use super::phrase_table::{clip_text, Entry, PhraseTable, Phrases};
use super::{Plural, Plurals};
use crate::speech::catalogue::Catalogue;
use crate::speech::utterance::{Builder, Clip, Tone};
use crate::speech::Lang;

/// The English catalogue (`lang/en.toml`), where every word of these numbers is.
pub(crate) fn catalogue() -> &'static Catalogue {
    Catalogue::of(Lang::En)
}

/// The English clip `key` of the catalogue.
pub(crate) fn clip(key: &str) -> Clip {
    catalogue().clip(key)
}

/// A counted noun: singular for CLDR's "one" (exactly one), plural otherwise ("zero
/// seconds"); the catalogue keys of the two forms.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Noun {
    pub one: &'static str,
    pub other: &'static str,
    /// The counts said as one phrase clip, if any.
    pub phrases: Option<Phrases>,
}

impl Noun {
    /// The clip for this noun after the number `n`.
    pub(crate) fn after(&self, n: u64) -> Clip {
        if Plurals::of("en").category(n) == Plural::One {
            clip(self.one)
        } else {
            clip(self.other)
        }
    }
}

const fn counted(id: &'static str, from: u64, to: u64, tone: Tone) -> Option<Phrases> {
    Some(Phrases { id, from, to, tone })
}

pub(crate) const HOUR: Noun = Noun {
    one: "u_hour_1",
    other: "u_hour_n",
    phrases: counted("hour", 1, 9, Tone::Both),
};
pub(crate) const MINUTE: Noun = Noun {
    one: "u_min_1",
    other: "u_min_n",
    phrases: counted("min", 1, 59, Tone::Both),
};
pub(crate) const SECOND: Noun = Noun {
    one: "u_sec_1",
    other: "u_sec_n",
    phrases: counted("sec", 0, 59, Tone::Both),
};
pub(crate) const MOVE: Noun = Noun {
    one: "u_move_1",
    other: "u_move_n",
    phrases: counted("move", 1, 60, Tone::Continuing),
};
pub(crate) const PERIOD: Noun = Noun {
    one: "u_period_1",
    other: "u_period_n",
    phrases: counted("period", 1, 10, Tone::Continuing),
};

/// Scales, largest first, with their size and key.
const GROUPS: [(u64, &str); 4] = [
    (1_000_000_000_000, "g_trillion"),
    (1_000_000_000, "g_billion"),
    (1_000_000, "g_million"),
    (1_000, "g_thousand"),
];

/// Says `n` in words ("one hundred twenty-one").
pub(crate) fn say_number(b: &mut Builder, n: u64) {
    if n == 0 {
        b.say(clip("n_0"));
        return;
    }
    let mut rest = n;
    for (size, scale) in GROUPS {
        let count = rest / size;
        if count > 0 {
            say_number(b, count);
            b.say(clip(scale));
        }
        rest %= size;
    }
    if rest > 0 {
        say_below_thousand(b, rest);
    }
}

/// Says 1..=999: the keys are "n_0" … "n_19", the tens "n_20" … "n_90", and "n_hundred".
fn say_below_thousand(b: &mut Builder, n: u64) {
    if n >= 100 {
        b.say(clip(&format!("n_{}", n / 100)));
        b.say(clip("n_hundred"));
    }
    let below_hundred = n % 100;
    if below_hundred == 0 {
        return;
    }
    if below_hundred < 20 {
        b.say(clip(&format!("n_{below_hundred}")));
        return;
    }
    b.say(clip(&format!("n_{}", below_hundred / 10 * 10)));
    let units = below_hundred % 10;
    if units > 0 {
        b.say_hyphenated(clip(&format!("n_{units}")));
    }
}

/// Says `n` and the matching form of `noun` ("two minutes"): one phrase clip where the
/// noun has one for `n`, else word by word.
pub(crate) fn say_count(b: &mut Builder, n: u64, noun: &Noun) {
    match noun.phrases.and_then(|p| PHRASES.get(p.id, n, "")) {
        Some(clip) => b.say(clip),
        None => say_count_in_words(b, n, noun),
    }
}

fn say_count_in_words(b: &mut Builder, n: u64, noun: &Noun) {
    say_number(b, n);
    b.say(noun.after(n));
}

/// The phrase clips of the counted nouns.
static PHRASES: LazyLock<PhraseTable> = LazyLock::new(|| {
    let mut entries = Vec::new();
    for noun in [HOUR, MINUTE, SECOND, MOVE, PERIOD] {
        let Some(phrases) = noun.phrases else {
            continue;
        };
        for count in phrases.from..=phrases.to {
            let mut words = Builder::new();
            say_count_in_words(&mut words, count, &noun);
            entries.push(Entry {
                phrases,
                count,
                variant: "",
                text: clip_text(&words.finish().text),
            });
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

    fn count(n: u64, noun: &Noun) -> String {
        let mut b = Builder::new();
        say_count(&mut b, n, noun);
        b.finish().text
    }

    #[test]
    fn spot_checks() {
        assert_eq!(count(1, &MINUTE), "One minute.");
        assert_eq!(count(2, &MINUTE), "Two minutes.");
        assert_eq!(count(0, &SECOND), "Zero seconds.");
        assert_eq!(count(21, &SECOND), "Twenty-one seconds.");
        assert_eq!(count(112, &MOVE), "One hundred twelve moves.");
        assert_eq!(count(999, &MOVE), "Nine hundred ninety-nine moves.");
        assert_eq!(count(2_005, &HOUR), "Two thousand five hours.");
        assert_eq!(count(1_000_000, &HOUR), "One million hours.");
    }
}
