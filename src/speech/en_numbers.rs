//! English numerals and counted nouns: "twenty-one minutes", "one hour",
//! "one hundred twelve moves". Built from small clips: units, teens, tens,
//! "hundred" and the large scales.

use super::utterance::{clip, Builder, Clip};

/// A counted noun: singular for exactly one, plural otherwise ("zero seconds").
#[derive(Debug, Clone, Copy)]
pub(crate) struct Noun {
    pub one: Clip,
    pub other: Clip,
}

impl Noun {
    /// The clip for this noun after the number `n`.
    pub(crate) fn after(&self, n: u64) -> Clip {
        if n == 1 {
            self.one
        } else {
            self.other
        }
    }
}

pub(crate) const HOUR: Noun = Noun {
    one: clip("u_hour_1", "hour"),
    other: clip("u_hour_n", "hours"),
};
pub(crate) const MINUTE: Noun = Noun {
    one: clip("u_min_1", "minute"),
    other: clip("u_min_n", "minutes"),
};
pub(crate) const SECOND: Noun = Noun {
    one: clip("u_sec_1", "second"),
    other: clip("u_sec_n", "seconds"),
};
pub(crate) const MOVE: Noun = Noun {
    one: clip("u_move_1", "move"),
    other: clip("u_move_n", "moves"),
};

/// 0–19; index = number.
const SMALL: [Clip; 20] = [
    clip("n_0", "zero"),
    clip("n_1", "one"),
    clip("n_2", "two"),
    clip("n_3", "three"),
    clip("n_4", "four"),
    clip("n_5", "five"),
    clip("n_6", "six"),
    clip("n_7", "seven"),
    clip("n_8", "eight"),
    clip("n_9", "nine"),
    clip("n_10", "ten"),
    clip("n_11", "eleven"),
    clip("n_12", "twelve"),
    clip("n_13", "thirteen"),
    clip("n_14", "fourteen"),
    clip("n_15", "fifteen"),
    clip("n_16", "sixteen"),
    clip("n_17", "seventeen"),
    clip("n_18", "eighteen"),
    clip("n_19", "nineteen"),
];
/// 20–90; index = tens digit − 2.
const TENS: [Clip; 8] = [
    clip("n_20", "twenty"),
    clip("n_30", "thirty"),
    clip("n_40", "forty"),
    clip("n_50", "fifty"),
    clip("n_60", "sixty"),
    clip("n_70", "seventy"),
    clip("n_80", "eighty"),
    clip("n_90", "ninety"),
];
const HUNDRED: Clip = clip("n_hundred", "hundred");
/// Scales, largest first, with their size.
const GROUPS: [(u64, Clip); 4] = [
    (1_000_000_000_000, clip("g_trillion", "trillion")),
    (1_000_000_000, clip("g_billion", "billion")),
    (1_000_000, clip("g_million", "million")),
    (1_000, clip("g_thousand", "thousand")),
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

/// Says `n` and the matching form of `noun` ("two minutes").
pub(crate) fn say_count(b: &mut Builder, n: u64, noun: &Noun) {
    say_number(b, n);
    b.say(noun.after(n));
}

/// Every clip this module can emit.
pub(crate) fn clips() -> Vec<Clip> {
    let mut all = SMALL.to_vec();
    all.extend(TENS);
    all.push(HUNDRED);
    all.extend(GROUPS.map(|(_, c)| c));
    for noun in [HOUR, MINUTE, SECOND, MOVE] {
        all.extend([noun.one, noun.other]);
    }
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
