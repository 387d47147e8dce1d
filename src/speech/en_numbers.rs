//! English numerals and counted nouns: "twenty-one minutes", "one hour",
//! "one hundred twelve moves". Built from small clips: units, teens, tens,
//! "hundred" and the large scales.

use std::sync::LazyLock;

use super::grammar::{Plural, Plurals};
use super::phrase_table::{clip_text, Entry, PhraseTable, Phrases};
use super::utterance::{word, Builder, Clip, Tone};

/// A counted noun: singular for CLDR's "one" (exactly one), plural otherwise ("zero seconds").
#[derive(Debug, Clone, Copy)]
pub(crate) struct Noun {
    pub one: Clip,
    pub other: Clip,
    /// The counts said as one phrase clip, if any.
    pub phrases: Option<Phrases>,
}

impl Noun {
    /// The clip for this noun after the number `n`.
    pub(crate) fn after(&self, n: u64) -> Clip {
        if Plurals::of("en").category(n) == Plural::One {
            self.one
        } else {
            self.other
        }
    }
}

pub(crate) const HOUR: Noun = Noun {
    one: word("u_hour_1", "hour"),
    other: word("u_hour_n", "hours"),
    phrases: Some(Phrases {
        id: "hour",
        from: 1,
        to: 9,
        tone: Tone::Both,
    }),
};
pub(crate) const MINUTE: Noun = Noun {
    one: word("u_min_1", "minute"),
    other: word("u_min_n", "minutes"),
    phrases: Some(Phrases {
        id: "min",
        from: 1,
        to: 59,
        tone: Tone::Both,
    }),
};
pub(crate) const SECOND: Noun = Noun {
    one: word("u_sec_1", "second"),
    other: word("u_sec_n", "seconds"),
    phrases: Some(Phrases {
        id: "sec",
        from: 0,
        to: 59,
        tone: Tone::Both,
    }),
};
pub(crate) const MOVE: Noun = Noun {
    one: word("u_move_1", "move"),
    other: word("u_move_n", "moves"),
    phrases: Some(Phrases {
        id: "move",
        from: 1,
        to: 60,
        tone: Tone::Continuing,
    }),
};
pub(crate) const PERIOD: Noun = Noun {
    one: word("u_period_1", "period"),
    other: word("u_period_n", "periods"),
    phrases: Some(Phrases {
        id: "period",
        from: 1,
        to: 10,
        tone: Tone::Continuing,
    }),
};

/// 0–19; index = number.
const SMALL: [Clip; 20] = [
    word("n_0", "zero"),
    word("n_1", "one"),
    word("n_2", "two"),
    word("n_3", "three"),
    word("n_4", "four"),
    word("n_5", "five"),
    word("n_6", "six"),
    word("n_7", "seven"),
    word("n_8", "eight"),
    word("n_9", "nine"),
    word("n_10", "ten"),
    word("n_11", "eleven"),
    word("n_12", "twelve"),
    word("n_13", "thirteen"),
    word("n_14", "fourteen"),
    word("n_15", "fifteen"),
    word("n_16", "sixteen"),
    word("n_17", "seventeen"),
    word("n_18", "eighteen"),
    word("n_19", "nineteen"),
];
/// 20–90; index = tens digit − 2.
const TENS: [Clip; 8] = [
    word("n_20", "twenty"),
    word("n_30", "thirty"),
    word("n_40", "forty"),
    word("n_50", "fifty"),
    word("n_60", "sixty"),
    word("n_70", "seventy"),
    word("n_80", "eighty"),
    word("n_90", "ninety"),
];
const HUNDRED: Clip = word("n_hundred", "hundred");
/// Scales, largest first, with their size.
const GROUPS: [(u64, Clip); 4] = [
    (1_000_000_000_000, word("g_trillion", "trillion")),
    (1_000_000_000, word("g_billion", "billion")),
    (1_000_000, word("g_million", "million")),
    (1_000, word("g_thousand", "thousand")),
];

/// Says `n` in words ("one hundred twenty-one").
pub(crate) fn say_number(b: &mut Builder, n: u64) {
    if n == 0 {
        b.say(SMALL[0]);
        return;
    }
    let mut rest = n;
    for (size, scale) in GROUPS {
        let count = rest / size;
        if count > 0 {
            say_number(b, count);
            b.say(scale);
        }
        rest %= size;
    }
    if rest > 0 {
        say_below_thousand(b, rest as usize);
    }
}

fn say_below_thousand(b: &mut Builder, n: usize) {
    if n >= 100 {
        b.say(SMALL[n / 100]);
        b.say(HUNDRED);
    }
    let below_hundred = n % 100;
    if below_hundred == 0 {
        return;
    }
    if below_hundred < 20 {
        b.say(SMALL[below_hundred]);
        return;
    }
    b.say(TENS[below_hundred / 10 - 2]);
    let units = below_hundred % 10;
    if units > 0 {
        b.say_hyphenated(SMALL[units]);
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

/// Every clip this module can emit.
pub(crate) fn clips() -> Vec<Clip> {
    let mut all = SMALL.to_vec();
    all.extend(TENS);
    all.push(HUNDRED);
    all.extend(GROUPS.map(|(_, c)| c));
    // Minutes and seconds are always below 60: their phrase clips say every count.
    // "one hour" is a phrase clip; "move" alone says "Move twenty-one".
    all.extend([HOUR.other, MOVE.one, MOVE.other, PERIOD.other]);
    all.extend_from_slice(PHRASES.clips());
    all
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
