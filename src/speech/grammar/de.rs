//! German's grammar: what German needs beyond its catalogue (`lang/de.toml`). A number is one
//! written word ("einundzwanzig", "hundertzwölf"), units before tens; "eins" alone, "ein Zug",
//! "eine Minute", and in the dative "in einer Minute"; counted nouns in CLDR's one/other forms.
//! German has no voice pack: the system speech engine reads the text.

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};

use super::{Counted, Grammar, Plural, Plurals};
use crate::speech::catalogue::Catalogue;
use crate::speech::duration::Spoken;
use crate::speech::utterance::{Builder, Clip, Tone};

/// The German catalogue.
fn catalogue() -> &'static Catalogue {
    Catalogue::of_code("de").unwrap_or_else(|e| panic!("{e}"))
}

/// The text of the German word `key`.
fn text(key: &str) -> &'static str {
    catalogue().clip(key).text
}

/// How the number's last "eins" is said: alone, or agreeing with the noun after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum One {
    /// "eins", "hunderteins".
    Alone,
    /// Before a masculine noun: "ein Zug"; dative "einem".
    Masculine { dative: bool },
    /// Before a feminine noun: "eine Minute"; dative "einer".
    Feminine { dative: bool },
}

/// A counted noun: its gender and the keys of its two forms.
struct Noun {
    feminine: bool,
    one: &'static str,
    other: &'static str,
}

const HOUR: Noun = Noun {
    feminine: true,
    one: "u_hour_1",
    other: "u_hour_n",
};
const MINUTE: Noun = Noun {
    feminine: true,
    one: "u_min_1",
    other: "u_min_n",
};
const SECOND: Noun = Noun {
    feminine: true,
    one: "u_sec_1",
    other: "u_sec_n",
};
const MOVE: Noun = Noun {
    feminine: false,
    one: "u_move_1",
    other: "u_move_n",
};
const PERIOD: Noun = Noun {
    feminine: true,
    one: "u_period_1",
    other: "u_period_n",
};

/// 1..=999 as one word; `one` says a final lone 1 ("eins", "ein", "eine").
fn below_thousand(n: u64, one: One) -> String {
    let mut word = String::new();
    let hundreds = n / 100;
    if hundreds > 0 {
        if hundreds > 1 {
            word.push_str(text(&format!("n_{hundreds}")));
        }
        word.push_str(text("n_hundred"));
    }
    let rest = n % 100;
    let units = rest % 10;
    match rest {
        0 => {}
        1 => word.push_str(text(match one {
            One::Alone => "n_1",
            One::Masculine { dative: false } => "n_1_m",
            One::Feminine { dative: false } => "n_1_f",
            One::Masculine { dative: true } => "n_1_m_dat",
            One::Feminine { dative: true } => "n_1_f_dat",
        })),
        2..=19 => word.push_str(text(&format!("n_{rest}"))),
        _ => {
            // Units before tens: "einundzwanzig", "zweiundvierzig".
            if units > 0 {
                let unit = if units == 1 {
                    "n_1_m".to_string()
                } else {
                    format!("n_{units}")
                };
                word.push_str(text(&unit));
                word.push_str(text("n_and"));
            }
            word.push_str(text(&format!("n_{}", rest - units)));
        }
    }
    word
}

/// The words of `n`: one word below a million ("zweitausenddreihundert"), the large scales
/// as nouns after it ("zwei Millionen dreihundert").
fn words(n: u64, one: One) -> String {
    if n == 0 {
        return text("n_0").to_string();
    }
    let mut parts: Vec<String> = Vec::new();
    let mut rest = n;
    for (size, singular, plural) in [
        (1_000_000_000_000, "g_trillion_1", "g_trillion_n"),
        (1_000_000_000, "g_billion_1", "g_billion_n"),
        (1_000_000, "g_million_1", "g_million_n"),
    ] {
        let count = rest / size;
        if count > 0 {
            // "eine Million", "zwei Millionen": the scales are feminine nouns.
            parts.push(words(count, One::Feminine { dative: false }));
            parts.push(text(if count == 1 { singular } else { plural }).to_string());
        }
        rest %= size;
    }
    let thousands = rest / 1000;
    let below = rest % 1000;
    let mut word = String::new();
    if thousands > 0 {
        if thousands > 1 {
            word.push_str(&below_thousand(thousands, One::Masculine { dative: false }));
        }
        word.push_str(text("n_thousand"));
    }
    if below > 0 {
        word.push_str(&below_thousand(below, one));
    }
    if !word.is_empty() {
        parts.push(word);
    }
    parts.join(" ")
}

/// The forms of a lone 1 the phrasing says before a noun, by the suffix of their clip's key
/// (the nouns counted in the dative are the durations', all feminine).
const ONE_FORMS: [(&str, One); 3] = [
    ("m", One::Masculine { dative: false }),
    ("f", One::Feminine { dative: false }),
    ("f_dat", One::Feminine { dative: true }),
];

/// The number clips, each one written word: 0–999 alone (`w_0` … `w_999`), and the forms of
/// a lone 1 before a noun (`w_1_m` "ein", `w_1_f` "eine", `w_1_f_dat` "einer"). A larger
/// number is said in them with the scale words between ("zweitausendeinundzwanzig" is
/// "zwei", "tausend", "einundzwanzig"; "eine Million"), so a voice pack could record them all (`voice-catalog --lang de`).
static NUMBER_CLIPS: LazyLock<Vec<Clip>> = LazyLock::new(|| {
    let clip = |key: String, text: String| Clip {
        key: Box::leak(key.into_boxed_str()),
        text: Box::leak(text.into_boxed_str()),
        tone: Tone::Word,
    };
    let mut clips: Vec<Clip> = (0..1000)
        .map(|n| clip(format!("w_{n}"), words(n, One::Alone)))
        .collect();
    for (suffix, one) in ONE_FORMS {
        clips.push(clip(format!("w_1_{suffix}"), words(1, one)));
    }
    clips
});

/// The clips made so far of a rarer form (a 1 after hundreds before a noun, "hundertein";
/// a count of a scale from a thousand up), by number and form: each made once and kept. No
/// pack records them; the system speech engine reads their text.
static MADE: LazyLock<Mutex<HashMap<(u64, One), Clip>>> =
    LazyLock::new(|| Mutex::new(HashMap::new()));

/// Says `n` (below a thousand, or a scale's count) in the form `one`, glued to the word
/// before when `joined` ("zweitausend").
fn say_part(b: &mut Builder, n: u64, one: One, joined: bool) {
    let mut say = |c: Clip| {
        if joined {
            b.say_joined(c)
        } else {
            b.say(c)
        }
    };
    let clips = &*NUMBER_CLIPS;
    if n < 1000 && (one == One::Alone || n % 100 != 1) {
        return say(clips[n as usize]);
    }
    if n == 1 {
        if let Some(form) = ONE_FORMS.iter().position(|(_, o)| *o == one) {
            return say(clips[1000 + form]);
        }
    }
    let mut made = MADE.lock().unwrap_or_else(|e| e.into_inner());
    let clip = *made.entry((n, one)).or_insert_with(|| Clip {
        key: Box::leak(format!("w_{n}_{one:?}").into_boxed_str()),
        text: Box::leak(words(n, one).into_boxed_str()),
        tone: Tone::Word,
    });
    drop(made);
    say(clip);
}

/// Says `n`: the count of each scale and its word ("eine Million"), then what is below a
/// million as one written word ("zweitausendeinundzwanzig": German writes it so), in the
/// form `one`; each part is still a clip of its own.
fn say_words(b: &mut Builder, n: u64, one: One) {
    if n == 0 {
        return say_part(b, 0, One::Alone, false);
    }
    let mut rest = n;
    for (size, singular, plural) in [
        (1_000_000_000_000, "g_trillion_1", "g_trillion_n"),
        (1_000_000_000, "g_billion_1", "g_billion_n"),
        (1_000_000, "g_million_1", "g_million_n"),
    ] {
        let count = rest / size;
        if count > 0 {
            // "eine Million", "zwei Millionen": the scales are feminine nouns.
            say_part(b, count, One::Feminine { dative: false }, false);
            b.say(catalogue().clip(if count == 1 { singular } else { plural }));
        }
        rest %= size;
    }
    let thousands = rest / 1000;
    let mut joined = false;
    if thousands > 0 {
        if thousands > 1 {
            say_part(b, thousands, One::Masculine { dative: false }, false);
            joined = true;
        }
        let thousand = catalogue().clip("g_thousand");
        if joined {
            b.say_joined(thousand);
        } else {
            b.say(thousand);
        }
        joined = true;
    }
    let below = rest % 1000;
    if below > 0 {
        say_part(b, below, one, joined);
    }
}

/// German's grammar.
pub(crate) struct German;

impl German {
    fn say_count(&self, b: &mut Builder, n: u64, noun: &Noun, dative: bool) {
        let one = if noun.feminine {
            One::Feminine { dative }
        } else {
            One::Masculine { dative }
        };
        say_words(b, n, if n == 1 { one } else { One::Alone });
        let key = if self.plural(n) == Plural::One {
            noun.one
        } else {
            noun.other
        };
        b.say(catalogue().clip(key));
    }
}

impl Grammar for German {
    fn plural(&self, n: u64) -> Plural {
        Plurals::of("de").category(n)
    }

    fn number(&self, b: &mut Builder, n: u64) {
        say_words(b, n, One::Alone);
    }

    fn count(&self, b: &mut Builder, n: u64, noun: Counted) {
        match noun {
            Counted::Move => self.say_count(b, n, &MOVE, false),
            Counted::Period => self.say_count(b, n, &PERIOD, false),
        }
    }

    fn duration(&self, b: &mut Builder, parts: Spoken, form: Option<&str>) {
        let dative = form == Some("dat");
        if parts.is_zero() {
            return self.say_count(b, 0, &SECOND, dative);
        }
        for (n, noun) in [
            (parts.hours, &HOUR),
            (parts.minutes, &MINUTE),
            (parts.seconds, &SECOND),
        ] {
            if n > 0 {
                self.say_count(b, n, noun, dative);
            }
        }
    }

    fn count_clips(&self) -> &'static [Clip] {
        NUMBER_CLIPS.as_slice()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::speech::announcement::{Announcement, Side};
    use crate::speech::duration::{exact_parts, spoken_parts};
    use crate::speech::template;

    fn readout(ms: i64) -> String {
        let mut b = Builder::new();
        German.duration(&mut b, spoken_parts(ms), None);
        b.finish().text
    }

    fn phrase(a: &Announcement) -> String {
        let mut b = Builder::new();
        template::say(&mut b, catalogue(), &German, a);
        b.finish().text
    }

    const MIN: i64 = 60_000;

    #[test]
    fn a_large_number_is_said_in_clips_a_pack_could_record() {
        let catalogue: std::collections::HashMap<String, String> =
            crate::speech::clip_catalog(crate::speech::Lang::from_code("de").unwrap())
                .into_iter()
                .collect();
        for (n, text) in [
            (2_021, "Zweitausendeinundzwanzig Züge."),
            (1_002_000, "Eine Million zweitausend Züge."),
            (1_000_001, "Eine Million eins Züge."),
            (1, "Ein Zug."),
        ] {
            let mut b = Builder::new();
            German.count(&mut b, n, Counted::Move);
            b.stop();
            let u = b.finish();
            assert_eq!(u.text, text);
            for key in u.keys() {
                assert!(catalogue.contains_key(key), "{n}: {key}");
            }
        }
    }

    #[test]
    fn hours_and_minutes_agree() {
        assert_eq!(readout(62 * MIN), "Eine Stunde zwei Minuten.");
        assert_eq!(readout(21 * MIN), "Einundzwanzig Minuten.");
        assert_eq!(readout(MIN), "Eine Minute.");
        assert_eq!(readout(2 * 60 * MIN), "Zwei Stunden.");
        assert_eq!(readout(0), "Null Sekunden.");
        assert_eq!(readout(17_000), "Siebzehn Sekunden.");
    }

    #[test]
    fn number_words_for_0_to_59() {
        let want = [
            "null",
            "eins",
            "zwei",
            "drei",
            "vier",
            "fünf",
            "sechs",
            "sieben",
            "acht",
            "neun",
            "zehn",
            "elf",
            "zwölf",
            "dreizehn",
            "vierzehn",
            "fünfzehn",
            "sechzehn",
            "siebzehn",
            "achtzehn",
            "neunzehn",
            "zwanzig",
            "einundzwanzig",
            "zweiundzwanzig",
        ];
        for (n, w) in want.iter().enumerate() {
            assert_eq!(words(n as u64, One::Alone), *w, "{n}");
        }
        assert_eq!(words(31, One::Alone), "einunddreißig");
        assert_eq!(words(47, One::Alone), "siebenundvierzig");
        assert_eq!(words(59, One::Alone), "neunundfünfzig");
        // Every minute 2–59 takes the plural, 1 the singular with "eine".
        for n in 2..=59 {
            let text = readout(n * MIN);
            assert!(text.ends_with(" Minuten."), "{n}: {text}");
        }
    }

    #[test]
    fn large_numbers() {
        assert_eq!(words(100, One::Alone), "hundert");
        assert_eq!(words(101, One::Alone), "hunderteins");
        assert_eq!(words(112, One::Alone), "hundertzwölf");
        assert_eq!(words(999, One::Alone), "neunhundertneunundneunzig");
        assert_eq!(words(1_000, One::Alone), "tausend");
        assert_eq!(words(2_021, One::Alone), "zweitausendeinundzwanzig");
        assert_eq!(words(2_000_001, One::Alone), "zwei Millionen eins");
        assert_eq!(words(1_000_000, One::Alone), "eine Million");
    }

    #[test]
    fn moves_and_the_dative() {
        let mut b = Builder::new();
        German.count(&mut b, 1, Counted::Move);
        assert_eq!(b.finish().text, "Ein Zug.");
        let mut b = Builder::new();
        German.count(&mut b, 21, Counted::Move);
        assert_eq!(b.finish().text, "Einundzwanzig Züge.");
        let mut b = Builder::new();
        German.duration(&mut b, exact_parts(MIN), Some("dat"));
        assert_eq!(b.finish().text, "Einer Minute.");
    }

    #[test]
    fn warnings_flags_and_readouts_from_the_catalogue() {
        let warning = Announcement::Warning {
            side: Side::White,
            remaining_ms: 5 * MIN,
            sudden_death: false,
        };
        assert_eq!(
            phrase(&warning),
            "Weiß: fünf Minuten bis zur Zeitkontrolle."
        );
        let flag = Announcement::Flag { side: Side::Black };
        assert_eq!(phrase(&flag), "Zeit abgelaufen für Schwarz.");
        let readout = Announcement::TimeReadout {
            side: Side::Black,
            remaining_ms: 62 * MIN,
            moves_made: Some(21),
            moves_to_control: Some(1),
        };
        assert_eq!(
            phrase(&readout),
            "Schwarz: eine Stunde zwei Minuten. Einundzwanzig Züge gemacht. Ein Zug bis zur \
             Zeitkontrolle."
        );
    }
}
