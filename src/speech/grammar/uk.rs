//! Ukrainian's grammar: what Ukrainian needs beyond its catalogue (`lang/uk.toml`). Numbers
//! agree with their noun ("одна хвилина", "дві години", "двадцять один хід"), also in the
//! accusative after "за" ("за одну хвилину"); counted nouns take CLDR's one/few/many forms
//! (1, 21 хвилина; 2–4, 22–24 хвилини; 0, 5–20, 25–30 хвилин).

use super::slavic::{Gender, Rules};

/// Ukrainian numbers: "одна тисяча" (a feminine thousand, said after its "one"), and a 1
/// ending a longer number agrees with the noun.
pub(crate) static RULES: Rules = Rules {
    code: "uk",
    thousand: Gender::Feminine,
    compound_one_agrees: true,
    lone_scale: false,
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
        let c = Catalogue::of_code("uk").unwrap_or_else(|e| panic!("{e}"));
        template::say(&mut b, c, &RULES, a);
        b.finish().text
    }

    const NOM: Case = Case::Nominative;
    const MIN: i64 = 60_000;

    /// The feminine number words 0–19 and the tens, by hand.
    const FEMININE: [&str; 20] = [
        "нуль",
        "одна",
        "дві",
        "три",
        "чотири",
        "п'ять",
        "шість",
        "сім",
        "вісім",
        "дев'ять",
        "десять",
        "одинадцять",
        "дванадцять",
        "тринадцять",
        "чотирнадцять",
        "п'ятнадцять",
        "шістнадцять",
        "сімнадцять",
        "вісімнадцять",
        "дев'ятнадцять",
    ];
    const TENS: [&str; 6] = ["", "", "двадцять", "тридцять", "сорок", "п'ятдесят"];

    /// The form of "хвилина" after 0–59, by hand, ten to a line.
    const MINUTE_FORMS: [&str; 6] = [
        "хвилин хвилина хвилини хвилини хвилини хвилин хвилин хвилин хвилин хвилин",
        "хвилин хвилин хвилин хвилин хвилин хвилин хвилин хвилин хвилин хвилин",
        "хвилин хвилина хвилини хвилини хвилини хвилин хвилин хвилин хвилин хвилин",
        "хвилин хвилина хвилини хвилини хвилини хвилин хвилин хвилин хвилин хвилин",
        "хвилин хвилина хвилини хвилини хвилини хвилин хвилин хвилин хвилин хвилин",
        "хвилин хвилина хвилини хвилини хвилини хвилин хвилин хвилин хвилин хвилин",
    ];

    /// The words of `n` (0–59) before a feminine noun, from the hand tables.
    fn feminine(n: usize) -> String {
        match n {
            0..=19 => FEMININE[n].to_string(),
            _ if n.is_multiple_of(10) => TENS[n / 10].to_string(),
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
            // "хвилина", "хвилини", "хвилин" → "секунда", "секунди", "секунд".
            let sec = form.replace("хвилин", "секунд");
            assert_eq!(
                count(n as u64, &SECOND, NOM),
                format!("{} {sec}", feminine(n))
            );
        }
    }

    #[test]
    fn hours_1_to_24() {
        let want = [
            "одна година",
            "дві години",
            "три години",
            "чотири години",
            "п'ять годин",
            "шість годин",
            "сім годин",
            "вісім годин",
            "дев'ять годин",
            "десять годин",
            "одинадцять годин",
            "дванадцять годин",
            "тринадцять годин",
            "чотирнадцять годин",
            "п'ятнадцять годин",
            "шістнадцять годин",
            "сімнадцять годин",
            "вісімнадцять годин",
            "дев'ятнадцять годин",
            "двадцять годин",
            "двадцять одна година",
            "двадцять дві години",
            "двадцять три години",
            "двадцять чотири години",
        ];
        for (i, w) in want.iter().enumerate() {
            assert_eq!(count(i as u64 + 1, &HOUR, NOM), *w, "{}", i + 1);
        }
    }

    #[test]
    fn the_issue_s_examples() {
        assert_eq!(count(1, &SECOND, NOM), "одна секунда");
        assert_eq!(count(1, &MINUTE, NOM), "одна хвилина");
        assert_eq!(count(1, &HOUR, NOM), "одна година");
        assert_eq!(count(2, &SECOND, NOM), "дві секунди");
        assert_eq!(count(4, &MINUTE, NOM), "чотири хвилини");
        assert_eq!(count(5, &SECOND, NOM), "п'ять секунд");
        assert_eq!(count(12, &SECOND, NOM), "дванадцять секунд");
        assert_eq!(count(20, &MINUTE, NOM), "двадцять хвилин");
        assert_eq!(count(21, &MINUTE, NOM), "двадцять одна хвилина");
        assert_eq!(count(22, &MINUTE, NOM), "двадцять дві хвилини");
    }

    #[test]
    fn moves_and_periods_are_masculine() {
        let want = [
            (1, "один хід"),
            (2, "два ходи"),
            (4, "чотири ходи"),
            (5, "п'ять ходів"),
            (11, "одинадцять ходів"),
            (12, "дванадцять ходів"),
            (21, "двадцять один хід"),
            (22, "двадцять два ходи"),
            (40, "сорок ходів"),
            (111, "сто одинадцять ходів"),
            (101, "сто один хід"),
        ];
        for (n, w) in want {
            assert_eq!(count(n, &MOVE, NOM), w, "{n}");
        }
        assert_eq!(count(3, &PERIOD, NOM), "три періоди");
        assert_eq!(count(25, &PERIOD, NOM), "двадцять п'ять періодів");
    }

    #[test]
    fn the_accusative_after_za() {
        let acc = Case::Accusative;
        assert_eq!(count(1, &MINUTE, acc), "одну хвилину");
        assert_eq!(count(21, &SECOND, acc), "двадцять одну секунду");
        assert_eq!(count(1, &HOUR, acc), "одну годину");
        assert_eq!(count(2, &HOUR, acc), "дві години");
        assert_eq!(count(1, &MOVE, acc), "один хід");
    }

    #[test]
    fn thousands_and_millions() {
        assert_eq!(count(1_000, &MOVE, NOM), "одна тисяча ходів");
        assert_eq!(count(2_001, &MOVE, NOM), "дві тисячі один хід");
        assert_eq!(count(5_000, &MINUTE, NOM), "п'ять тисяч хвилин");
        assert_eq!(count(21_000, &MINUTE, NOM), "двадцять одна тисяча хвилин");
        assert_eq!(count(3_000_000, &HOUR, NOM), "три мільйони годин");
        assert_eq!(count(1_000_000, &HOUR, NOM), "один мільйон годин");
    }

    #[test]
    fn readouts_from_the_catalogue() {
        let mut b = Builder::new();
        RULES.duration(&mut b, spoken_parts(62 * MIN), None);
        assert_eq!(b.finish().text, "Одна година дві хвилини.");
        let mut b = Builder::new();
        RULES.duration(&mut b, exact_parts(0), None);
        assert_eq!(b.finish().text, "Нуль секунд.");
        let readout = Announcement::TimeReadout {
            side: Side::Black,
            remaining_ms: 21 * MIN,
            moves_made: Some(21),
            moves_to_control: Some(2),
        };
        assert_eq!(
            phrase(&readout),
            "Чорні: двадцять одна хвилина. Зроблено двадцять один хід. До контролю два ходи."
        );
        let warning = Announcement::Warning {
            side: Side::White,
            remaining_ms: 5 * MIN,
            sudden_death: false,
        };
        assert_eq!(phrase(&warning), "Білі: п'ять хвилин до контролю.");
        let flag = Announcement::Flag { side: Side::White };
        assert_eq!(phrase(&flag), "Прапорець упав у білих.");
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
            "Перевірка годинника. Правила ФІДЕ. Контроль: сорок ходів за дві години, плюс \
             тридцять секунд за хід; потім одна година до кінця партії. Білі: дві години. \
             Чорні: дві години."
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
            "Перевірка годинника. Правила російських шашок. Контроль: одна година; потім \
             періоди: десять ходів за одну хвилину. Білі: одна година. Чорні: одна година."
        );
        assert_eq!(
            phrase(&periods_left(Side::White, 1, 5)),
            "Білі: основний час вичерпано, залишилося п'ять періодів."
        );
        assert_eq!(
            phrase(&periods_left(Side::Black, 9, 21)),
            "Чорні: залишився двадцять один період."
        );
        assert_eq!(
            phrase(&periods_left(Side::Black, 8, 22)),
            "Чорні: залишилося двадцять два періоди."
        );
        assert_eq!(
            phrase(&periods_left(Side::White, 30, 1)),
            "Білі: останній період."
        );
        let upcount = Announcement::PhaseReadout {
            side: Side::White,
            remaining_ms: 21 * MIN,
            phase: ClockPhase::Upcount,
        };
        assert_eq!(phrase(&upcount), "Білі витратили двадцять одну хвилину.");
    }

    #[test]
    fn the_counts_have_phrase_clips() {
        let clips = RULES.count_clips();
        let text = |key: &str| clips.iter().find(|c| c.key == key).map(|c| c.text);
        assert_eq!(text("c_min_21"), Some("двадцять одна хвилина"));
        assert_eq!(text("c_min_21_acc"), Some("двадцять одну хвилину"));
        assert_eq!(text("c_sec_0"), Some("нуль секунд"));
        assert_eq!(text("c_hour_2"), Some("дві години"));
        assert_eq!(text("c_move_22"), Some("двадцять два ходи"));
        assert_eq!(text("c_period_5"), Some("п'ять періодів"));
        assert_eq!(text("c_hour_1_acc"), Some("одну годину"));
        assert_eq!(
            text("c_move_1_acc"),
            None,
            "a masculine noun has no accusative of its own"
        );
        let mut b = Builder::new();
        RULES.duration(&mut b, spoken_parts(62 * MIN), None);
        let said = b.finish();
        assert_eq!(said.keys().collect::<Vec<_>>(), ["c_hour_1", "c_min_2_end"]);
    }
}
