//! Russian grammar of spoken durations and counts, checked by rules written
//! independently of the phrasing code: the words are parsed back into
//! numbers with their own dictionary, and each noun's form and each "один/одна",
//! "два/две" is checked against the rules of Russian agreement.

use talkclock::speech::{phrase, readout, Announcement, Lang, Side};

/// Value and gender ('m', 'f' or ' ' for either) of a Russian number word.
fn number_word(w: &str) -> Option<(u64, char)> {
    let v = match w {
        "ноль" => (0, ' '),
        "один" => (1, 'm'),
        "одна" | "одну" => (1, 'f'),
        "два" => (2, 'm'),
        "две" => (2, 'f'),
        "три" => (3, ' '),
        "четыре" => (4, ' '),
        "пять" => (5, ' '),
        "шесть" => (6, ' '),
        "семь" => (7, ' '),
        "восемь" => (8, ' '),
        "девять" => (9, ' '),
        "десять" => (10, ' '),
        "одиннадцать" => (11, ' '),
        "двенадцать" => (12, ' '),
        "тринадцать" => (13, ' '),
        "четырнадцать" => (14, ' '),
        "пятнадцать" => (15, ' '),
        "шестнадцать" => (16, ' '),
        "семнадцать" => (17, ' '),
        "восемнадцать" => (18, ' '),
        "девятнадцать" => (19, ' '),
        "двадцать" => (20, ' '),
        "тридцать" => (30, ' '),
        "сорок" => (40, ' '),
        "пятьдесят" => (50, ' '),
        "шестьдесят" => (60, ' '),
        "семьдесят" => (70, ' '),
        "восемьдесят" => (80, ' '),
        "девяносто" => (90, ' '),
        "сто" => (100, ' '),
        "двести" => (200, ' '),
        "триста" => (300, ' '),
        "четыреста" => (400, ' '),
        "пятьсот" => (500, ' '),
        "шестьсот" => (600, ' '),
        "семьсот" => (700, ' '),
        "восемьсот" => (800, ' '),
        "девятьсот" => (900, ' '),
        _ => return None,
    };
    Some(v)
}

/// Noun lemma, gender, and which form a word is ("1", "2-4", "5+").
fn noun_word(w: &str) -> Option<(&'static str, char, &'static str)> {
    let v = match w {
        "час" => ("час", 'm', "1"),
        "часа" => ("час", 'm', "2-4"),
        "часов" => ("час", 'm', "5+"),
        "минута" | "минуту" => ("минута", 'f', "1"),
        "минуты" => ("минута", 'f', "2-4"),
        "минут" => ("минута", 'f', "5+"),
        "секунда" | "секунду" => ("секунда", 'f', "1"),
        "секунды" => ("секунда", 'f', "2-4"),
        "секунд" => ("секунда", 'f', "5+"),
        "ход" => ("ход", 'm', "1"),
        "хода" => ("ход", 'm', "2-4"),
        "ходов" => ("ход", 'm', "5+"),
        _ => return None,
    };
    Some(v)
}

/// The form Russian grammar asks for after `n`, from its decimal digits.
fn expected_form(n: u64) -> &'static str {
    let digits = n.to_string();
    let last_two: String = digits
        .chars()
        .rev()
        .take(2)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    let last = digits.chars().last().unwrap_or('0');
    if last_two.len() == 2 && last_two.starts_with('1') {
        return "5+";
    }
    match last {
        '1' => "1",
        '2' | '3' | '4' => "2-4",
        _ => "5+",
    }
}

fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphabetic())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// Parses every "number noun" pair of `text`, checking agreement on the way.
fn counts(text: &str) -> Vec<(u64, &'static str)> {
    let mut out = Vec::new();
    let mut value: Option<u64> = None;
    let mut gender = ' ';
    for w in words(text) {
        let thousand_form = match w.as_str() {
            "тысяча" | "тысячу" => Some("1"),
            "тысячи" => Some("2-4"),
            "тысяч" => Some("5+"),
            _ => None,
        };
        if let Some(form) = thousand_form {
            let n = value.unwrap_or_else(|| panic!("{text}: {w} without a number"));
            assert_eq!(form, expected_form(n), "{text}: {n} {w}");
            assert_ne!(gender, 'm', "{text}: тысяча is feminine");
            value = Some(n * 1000);
            gender = ' ';
        } else if let Some((v, g)) = number_word(&w) {
            value = Some(value.unwrap_or(0) + v);
            // "одна тысяча один": the last number word's gender counts.
            if g != ' ' {
                gender = g;
            }
        } else if let Some((lemma, noun_gender, form)) = noun_word(&w) {
            let n = value.unwrap_or_else(|| panic!("{text}: {w} without a number"));
            assert_eq!(form, expected_form(n), "{text}: {n} {w}");
            if gender != ' ' {
                assert_eq!(gender, noun_gender, "{text}: gender of {n} before {w}");
            }
            out.push((n, lemma));
            value = None;
            gender = ' ';
        } else {
            assert!(value.is_none(), "{text}: number not followed by a noun");
        }
    }
    assert!(value.is_none(), "{text}: trailing number");
    out
}

const MINUTE_MS: i64 = 60_000;
const HOUR_MS: i64 = 60 * MINUTE_MS;

#[test]
fn every_hour_and_minute_agrees() {
    for h in 0..10 {
        for m in 0..60 {
            let ms = h * HOUR_MS + m * MINUTE_MS;
            if ms < 10 * MINUTE_MS {
                continue;
            }
            let got = counts(&readout(Lang::Ru, ms + 59_999).text);
            let mut want = Vec::new();
            if h > 0 {
                want.push((h as u64, "час"));
            }
            if m > 0 {
                want.push((m as u64, "минута"));
            }
            assert_eq!(got, want, "{ms} ms");
        }
    }
}

#[test]
fn every_minute_and_second_below_ten_minutes_agrees() {
    for m in 0..10 {
        for s in 0..60 {
            let ms = m * MINUTE_MS + s * 1000;
            let got = counts(&readout(Lang::Ru, ms + 999).text);
            let mut want = Vec::new();
            if m > 0 {
                want.push((m as u64, "минута"));
            }
            if s > 0 || m == 0 {
                want.push((s as u64, "секунда"));
            }
            assert_eq!(got, want, "{ms} ms");
        }
    }
}

#[test]
fn every_second_count_and_move_count_agree() {
    for n in 0..=1000u32 {
        let u = phrase(
            Lang::Ru,
            &Announcement::MovesToControl {
                side: Side::White,
                moves: n,
            },
        );
        assert_eq!(counts(&u.text), vec![(u64::from(n), "ход")], "{}", u.text);
    }
    for s in 0..60 {
        let text = readout(Lang::Ru, s * 1000).text;
        assert_eq!(counts(&text), vec![(s as u64, "секунда")]);
    }
}

#[test]
fn spot_checks() {
    let r = |ms| readout(Lang::Ru, ms).text;
    assert_eq!(r(21 * MINUTE_MS), "Двадцать одна минута.");
    assert_eq!(r(11 * MINUTE_MS), "Одиннадцать минут.");
    assert_eq!(r(2_000), "Две секунды.");
    assert_eq!(r(22_999), "Двадцать две секунды.");
    assert_eq!(r(HOUR_MS), "Один час.");
    assert_eq!(r(2 * HOUR_MS + 59_000), "Два часа.");
    assert_eq!(r(5 * HOUR_MS), "Пять часов.");
    assert_eq!(
        r(HOUR_MS + 12 * MINUTE_MS + 30_000),
        "Один час двенадцать минут."
    );
    assert_eq!(r(5 * MINUTE_MS + 1_000), "Пять минут одна секунда.");
    assert_eq!(r(999), "Ноль секунд.");
    assert_eq!(r(-3_000), "Ноль секунд.");
}

#[test]
fn the_moves_and_time_used_and_the_rollback_in_russian_and_english() {
    // Hand-checked wording (FIDE D.2.10.4 and D.2.9).
    let moves = Announcement::Moves {
        white_moves: 23,
        black_moves: 21,
        white_used_ms: 3_900_000,
        black_used_ms: 3_000_000,
    };
    assert_eq!(
        phrase(Lang::Ru, &moves).text,
        "Белые: двадцать три хода, потрачено: один час пять минут. Чёрные: двадцать один ход, \
         потрачено: пятьдесят минут."
    );
    assert_eq!(
        phrase(Lang::En, &moves).text,
        "White: twenty-three moves, time used: one hour five minutes. Black: twenty-one moves, \
         time used: fifty minutes."
    );
    let back = Announcement::RolledBack {
        number: 23,
        white_ms: 3_910_000,
        black_ms: 3_000_000,
        to_move: Side::White,
    };
    assert_eq!(
        phrase(Lang::Ru, &back).text,
        "Часы возвращены к ходу двадцать три. Белые: один час пять минут десять секунд. Чёрные: \
         пятьдесят минут. Ходят белые. Пауза."
    );
    assert_eq!(
        phrase(Lang::En, &back).text,
        "Clock set back to move twenty-three. White: one hour five minutes ten seconds. Black: \
         fifty minutes. White to move. Clock paused."
    );
}
