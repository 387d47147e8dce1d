//! English spoken durations and counts, checked by rules written apart from
//! the phrasing code: words are parsed back into numbers with their own
//! dictionary, and a noun is singular exactly when its number is one.

use talkclock::speech::{phrase, readout, Announcement, Lang, Side};

fn number_word(w: &str) -> Option<u64> {
    const SMALL: [&str; 20] = [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
    ];
    const TENS: [&str; 8] = [
        "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
    ];
    if let Some(i) = SMALL.iter().position(|s| *s == w) {
        return Some(i as u64);
    }
    TENS.iter()
        .position(|s| *s == w)
        .map(|i| 20 + 10 * i as u64)
}

/// Lemma and whether the word is the singular form.
fn noun_word(w: &str) -> Option<(&'static str, bool)> {
    let v = match w {
        "hour" => ("hour", true),
        "hours" => ("hour", false),
        "minute" => ("minute", true),
        "minutes" => ("minute", false),
        "second" => ("second", true),
        "seconds" => ("second", false),
        "move" => ("move", true),
        "moves" => ("move", false),
        _ => return None,
    };
    Some(v)
}

/// Every "number noun" pair of `text`, checking singular/plural.
fn counts(text: &str) -> Vec<(u64, &'static str)> {
    let mut out = Vec::new();
    let (mut total, mut value) = (0u64, None::<u64>);
    for w in text
        .split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
    {
        if let Some(v) = number_word(&w) {
            value = Some(value.unwrap_or(0) + v);
        } else if w == "hundred" {
            value = Some(value.unwrap_or(0) * 100);
        } else if w == "thousand" {
            total += value.unwrap_or(0) * 1000;
            value = Some(0);
        } else if let Some((lemma, singular)) = noun_word(&w) {
            let n = total + value.unwrap_or_else(|| panic!("{text}: {w} without a number"));
            assert_eq!(singular, n == 1, "{text}: {n} {w}");
            out.push((n, lemma));
            (total, value) = (0, None);
        } else {
            assert!(value.is_none(), "{text}: number not followed by a noun");
        }
    }
    out
}

const MINUTE_MS: i64 = 60_000;
const HOUR_MS: i64 = 60 * MINUTE_MS;

#[test]
fn every_hour_minute_and_second_agrees() {
    for h in 0..10i64 {
        for m in 0..60i64 {
            for s in [0i64, 1, 2, 21, 59] {
                let ms = h * HOUR_MS + m * MINUTE_MS + s * 1000;
                let got = counts(&readout(Lang::En, ms + 999).text);
                let mut want = Vec::new();
                let long = ms >= 10 * MINUTE_MS;
                if h > 0 {
                    want.push((h as u64, "hour"));
                }
                if m > 0 {
                    want.push((m as u64, "minute"));
                }
                if !long && (s > 0 || m == 0) {
                    want.push((s as u64, "second"));
                }
                assert_eq!(got, want, "{ms} ms");
            }
        }
    }
}

#[test]
fn every_move_count_agrees() {
    for n in 0..=1000u32 {
        let u = phrase(
            Lang::En,
            &Announcement::MovesToControl {
                side: Side::Black,
                moves: n,
            },
        );
        assert_eq!(counts(&u.text), vec![(u64::from(n), "move")], "{}", u.text);
    }
}

#[test]
fn spot_checks() {
    let r = |ms| readout(Lang::En, ms).text;
    assert_eq!(
        r(HOUR_MS + 12 * MINUTE_MS + 30_000),
        "One hour twelve minutes."
    );
    assert_eq!(r(9 * MINUTE_MS + 30_500), "Nine minutes thirty seconds.");
    assert_eq!(r(MINUTE_MS), "One minute.");
    assert_eq!(r(2 * MINUTE_MS), "Two minutes.");
    assert_eq!(r(21_000), "Twenty-one seconds.");
    assert_eq!(r(500), "Zero seconds.");
}
