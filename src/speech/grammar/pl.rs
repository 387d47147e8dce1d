//! Polish's grammar: what Polish needs beyond its catalogue (`lang/pl.toml`). A lone 1 and
//! every 2 agree with their noun ("jedna minuta", "jeden ruch", "dwie minuty", "dwa ruchy"),
//! a lone feminine 1 also in the accusative ("jedną minutę"); a 1 ending a longer number
//! stays "jeden" ("dwadzieścia jeden minut"). Counted nouns take CLDR's one/few/many forms
//! (1 minuta; 2–4, 22–24 minuty; 0, 5–21, 25–31 minut).

use super::slavic::{Gender, Rules};

/// Polish numbers: "tysiąc", "milion" alone for one of them, a masculine thousand ("dwa
/// tysiące"), and "jeden" unchanged at the end of a longer number.
pub(crate) static RULES: Rules = Rules {
    code: "pl",
    thousand: Gender::Masculine,
    compound_one_agrees: false,
    lone_scale: true,
};

#[cfg(test)]
mod tests {
    use super::super::phrase_table::clip_text;
    use super::super::slavic::{Case, Noun, HOUR, MINUTE, MOVE, PERIOD, SECOND};
    use super::super::Grammar;
    use super::*;
    use crate::speech::announcement::{
        Announcement, ClockPhase, ControlEnd, Overtime, OvertimeState, Rules, Side, StageInfo,
    };
    use crate::speech::catalogue::Catalogue;
    use crate::speech::duration::{exact_parts, spoken_parts};
    use crate::speech::template;
    use crate::speech::utterance::Builder;

    fn count(n: u64, noun: &Noun, case: Case) -> String {
        let mut b = Builder::new();
        RULES.say_count(&mut b, n, noun, case);
        clip_text(&b.finish().text)
    }

    fn phrase(a: &Announcement) -> String {
        let mut b = Builder::new();
        let c = Catalogue::of_code("pl").unwrap_or_else(|e| panic!("{e}"));
        template::say(&mut b, c, &RULES, a);
        b.finish().text
    }

    const NOM: Case = Case::Nominative;
    const MIN: i64 = 60_000;

    /// The number words 0–19 before a feminine noun, by hand (a lone 1 is "jedna").
    const FEMININE: [&str; 20] = [
        "zero",
        "jedna",
        "dwie",
        "trzy",
        "cztery",
        "pięć",
        "sześć",
        "siedem",
        "osiem",
        "dziewięć",
        "dziesięć",
        "jedenaście",
        "dwanaście",
        "trzynaście",
        "czternaście",
        "piętnaście",
        "szesnaście",
        "siedemnaście",
        "osiemnaście",
        "dziewiętnaście",
    ];
    const TENS: [&str; 6] = [
        "",
        "",
        "dwadzieścia",
        "trzydzieści",
        "czterdzieści",
        "pięćdziesiąt",
    ];

    /// The form of "minuta" after 0–59, by hand, ten to a line.
    const MINUTE_FORMS: [&str; 6] = [
        "minut minuta minuty minuty minuty minut minut minut minut minut",
        "minut minut minut minut minut minut minut minut minut minut",
        "minut minut minuty minuty minuty minut minut minut minut minut",
        "minut minut minuty minuty minuty minut minut minut minut minut",
        "minut minut minuty minuty minuty minut minut minut minut minut",
        "minut minut minuty minuty minuty minut minut minut minut minut",
    ];

    /// The words of `n` (0–59) before a feminine noun, from the hand tables: a 1 ending a
    /// longer number is "jeden".
    fn feminine(n: usize) -> String {
        match n {
            0..=19 => FEMININE[n].to_string(),
            _ if n.is_multiple_of(10) => TENS[n / 10].to_string(),
            _ if n % 10 == 1 => format!("{} jeden", TENS[n / 10]),
            _ => format!("{} {}", TENS[n / 10], FEMININE[n % 10]),
        }
    }

    #[test]
    fn minutes_and_seconds_agree_for_0_to_59() {
        let forms: Vec<&str> = MINUTE_FORMS.iter().flat_map(|l| l.split(' ')).collect();
        assert_eq!(forms.len(), 60);
        for (n, form) in forms.iter().enumerate() {
            let want = format!("{} {form}", feminine(n));
            assert_eq!(count(n as u64, &MINUTE, NOM), want, "{n}");
            // "minuta", "minuty", "minut" → "sekunda", "sekundy", "sekund".
            let sec = form.replace("minut", "sekund");
            assert_eq!(
                count(n as u64, &SECOND, NOM),
                format!("{} {sec}", feminine(n))
            );
        }
    }

    #[test]
    fn hours_1_to_24() {
        let want = [
            "jedna godzina",
            "dwie godziny",
            "trzy godziny",
            "cztery godziny",
            "pięć godzin",
            "sześć godzin",
            "siedem godzin",
            "osiem godzin",
            "dziewięć godzin",
            "dziesięć godzin",
            "jedenaście godzin",
            "dwanaście godzin",
            "trzynaście godzin",
            "czternaście godzin",
            "piętnaście godzin",
            "szesnaście godzin",
            "siedemnaście godzin",
            "osiemnaście godzin",
            "dziewiętnaście godzin",
            "dwadzieścia godzin",
            "dwadzieścia jeden godzin",
            "dwadzieścia dwie godziny",
            "dwadzieścia trzy godziny",
            "dwadzieścia cztery godziny",
        ];
        for (i, w) in want.iter().enumerate() {
            assert_eq!(count(i as u64 + 1, &HOUR, NOM), *w, "{}", i + 1);
        }
    }

    #[test]
    fn the_issue_s_examples() {
        assert_eq!(count(1, &MINUTE, NOM), "jedna minuta");
        assert_eq!(count(2, &MINUTE, NOM), "dwie minuty");
        assert_eq!(count(5, &MINUTE, NOM), "pięć minut");
        assert_eq!(count(21, &MINUTE, NOM), "dwadzieścia jeden minut");
        assert_eq!(count(22, &MINUTE, NOM), "dwadzieścia dwie minuty");
        assert_eq!(count(12, &SECOND, NOM), "dwanaście sekund");
        assert_eq!(count(1, &HOUR, NOM), "jedna godzina");
        assert_eq!(count(3, &HOUR, NOM), "trzy godziny");
        assert_eq!(count(7, &HOUR, NOM), "siedem godzin");
    }

    #[test]
    fn moves_and_periods_are_masculine() {
        let want = [
            (1, "jeden ruch"),
            (2, "dwa ruchy"),
            (4, "cztery ruchy"),
            (5, "pięć ruchów"),
            (12, "dwanaście ruchów"),
            (14, "czternaście ruchów"),
            (21, "dwadzieścia jeden ruchów"),
            (22, "dwadzieścia dwa ruchy"),
            (40, "czterdzieści ruchów"),
            (101, "sto jeden ruchów"),
            (112, "sto dwanaście ruchów"),
            (124, "sto dwadzieścia cztery ruchy"),
        ];
        for (n, w) in want {
            assert_eq!(count(n, &MOVE, NOM), w, "{n}");
        }
        assert_eq!(count(1, &PERIOD, NOM), "jeden okres");
        assert_eq!(count(3, &PERIOD, NOM), "trzy okresy");
        assert_eq!(count(25, &PERIOD, NOM), "dwadzieścia pięć okresów");
    }

    #[test]
    fn the_accusative() {
        let acc = Case::Accusative;
        assert_eq!(count(1, &MINUTE, acc), "jedną minutę");
        assert_eq!(count(1, &HOUR, acc), "jedną godzinę");
        assert_eq!(count(1, &SECOND, acc), "jedną sekundę");
        assert_eq!(count(2, &MINUTE, acc), "dwie minuty");
        assert_eq!(count(21, &MINUTE, acc), "dwadzieścia jeden minut");
        assert_eq!(count(1, &MOVE, acc), "jeden ruch");
    }

    #[test]
    fn thousands_and_millions() {
        assert_eq!(count(1_000, &MOVE, NOM), "tysiąc ruchów");
        assert_eq!(count(1_001, &MOVE, NOM), "tysiąc jeden ruchów");
        assert_eq!(count(2_000, &MINUTE, NOM), "dwa tysiące minut");
        assert_eq!(count(5_000, &MINUTE, NOM), "pięć tysięcy minut");
        assert_eq!(count(22_000, &MINUTE, NOM), "dwadzieścia dwa tysiące minut");
        assert_eq!(
            count(21_000, &MINUTE, NOM),
            "dwadzieścia jeden tysięcy minut"
        );
        assert_eq!(count(1_000_000, &HOUR, NOM), "milion godzin");
        assert_eq!(count(3_000_000, &HOUR, NOM), "trzy miliony godzin");
    }

    #[test]
    fn readouts_from_the_catalogue() {
        let mut b = Builder::new();
        RULES.duration(&mut b, spoken_parts(62 * MIN), None);
        assert_eq!(b.finish().text, "Jedna godzina dwie minuty.");
        let mut b = Builder::new();
        RULES.duration(&mut b, exact_parts(0), None);
        assert_eq!(b.finish().text, "Zero sekund.");
        let readout = Announcement::TimeReadout {
            side: Side::Black,
            remaining_ms: 21 * MIN,
            moves_made: Some(21),
            moves_to_control: Some(2),
        };
        assert_eq!(
            phrase(&readout),
            "Czarne: dwadzieścia jeden minut. Wykonano dwadzieścia jeden ruchów. Do kontroli \
             czasu dwa ruchy."
        );
        let warning = Announcement::Warning {
            side: Side::White,
            remaining_ms: 5 * MIN,
            sudden_death: false,
        };
        assert_eq!(phrase(&warning), "Białe: pięć minut do kontroli czasu.");
        let flag = Announcement::Flag { side: Side::White };
        assert_eq!(phrase(&flag), "Spadła chorągiewka białych.");
    }

    fn stage(moves: Option<u32>, time_ms: i64, increment_ms: i64) -> StageInfo {
        StageInfo {
            moves,
            time_ms,
            increment_ms,
            delay_ms: 0,
            delay_kind: None,
            repeat: false,
        }
    }

    fn periods_left(side: Side, period: u32, left: u32) -> Announcement {
        Announcement::Overtime {
            side,
            overtime: Overtime::Byoyomi {
                periods: 30,
                time: 30_000,
            },
            state: OvertimeState {
                period,
                periods_left: Some(left),
                moves_left: None,
            },
        }
    }

    #[test]
    fn clock_check_and_overtime() {
        let fide = Announcement::ClockCheck {
            rules: Rules::Fide,
            stages: vec![stage(Some(40), 120 * MIN, 30_000), stage(None, 60 * MIN, 0)],
            white_ms: 120 * MIN,
            black_ms: 120 * MIN,
            end: ControlEnd::Flag,
        };
        assert_eq!(
            phrase(&fide),
            "Sprawdzenie zegara. Przepisy FIDE. Tempo gry: dwie godziny na czterdzieści \
             ruchów, plus trzydzieści sekund na ruch; potem jedna godzina do końca partii. \
             Białe: dwie godziny. Czarne: dwie godziny."
        );
        let canadian = Announcement::ClockCheck {
            rules: Rules::RussianDraughts,
            stages: vec![stage(None, 60 * MIN, 0)],
            white_ms: 60 * MIN,
            black_ms: 60 * MIN,
            end: ControlEnd::Overtime(Overtime::Canadian {
                moves: 10,
                time: MIN,
            }),
        };
        assert_eq!(
            phrase(&canadian),
            "Sprawdzenie zegara. Zasady warcabów rosyjskich. Tempo gry: jedna godzina; potem \
             okresy: jedna minuta na dziesięć ruchów. Białe: jedna godzina. Czarne: jedna \
             godzina."
        );
        assert_eq!(
            phrase(&periods_left(Side::White, 1, 5)),
            "Białe: koniec czasu podstawowego, pozostało pięć okresów."
        );
        assert_eq!(
            phrase(&periods_left(Side::Black, 9, 22)),
            "Czarne: pozostały dwadzieścia dwa okresy."
        );
        assert_eq!(
            phrase(&periods_left(Side::Black, 9, 21)),
            "Czarne: pozostało dwadzieścia jeden okresów."
        );
        assert_eq!(
            phrase(&periods_left(Side::Black, 29, 2)),
            "Czarne: pozostały dwa okresy."
        );
        assert_eq!(
            phrase(&periods_left(Side::White, 30, 1)),
            "Białe: ostatni okres."
        );
        let upcount = Announcement::PhaseReadout {
            side: Side::White,
            remaining_ms: MIN,
            phase: ClockPhase::Upcount,
        };
        assert_eq!(phrase(&upcount), "Białe zużyły jedną minutę.");
        let adjusted = Announcement::Adjusted {
            side: Side::Black,
            new_ms: MIN,
            clamped: false,
        };
        assert_eq!(
            phrase(&adjusted),
            "Czas czarnych ustawiono na jedną minutę."
        );
    }

    #[test]
    fn the_counts_have_phrase_clips() {
        let clips = RULES.count_clips();
        let text = |key: &str| clips.iter().find(|c| c.key == key).map(|c| c.text);
        assert_eq!(text("c_min_21"), Some("dwadzieścia jeden minut"));
        assert_eq!(text("c_min_22"), Some("dwadzieścia dwie minuty"));
        assert_eq!(text("c_min_1_acc"), Some("jedną minutę"));
        assert_eq!(text("c_min_21_acc"), None, "21 is not CLDR's one in Polish");
        assert_eq!(text("c_sec_12"), Some("dwanaście sekund"));
        assert_eq!(text("c_hour_1"), Some("jedna godzina"));
        assert_eq!(text("c_move_5"), Some("pięć ruchów"));
        assert_eq!(text("c_period_2"), Some("dwa okresy"));
        let mut b = Builder::new();
        RULES.duration(&mut b, spoken_parts(62 * MIN), None);
        let said = b.finish();
        assert_eq!(said.keys().collect::<Vec<_>>(), ["c_hour_1", "c_min_2_end"]);
    }
}
