//! The patterns in words, Russian and English: what each means and how it feels ("long,
//! long | short"), for the practice mode and the documentation.

use super::pattern::{Pattern, PatternKind, GROUP_GAP_MS};
use crate::hearing::Lang;

/// What a pattern tells, in a sentence.
pub fn meaning(kind: PatternKind, lang: Lang) -> &'static str {
    use PatternKind::*;
    match (lang, kind) {
        (Lang::Ru, PressAccepted) => "ход принят",
        (Lang::Ru, PressIgnored) => "нажатие не засчитано: сейчас не ваш ход",
        (Lang::Ru, RulesWarning) => "предупреждение по правилам: до контроля пять или десять минут",
        (Lang::Ru, ExtraWarning) => "ваше дополнительное предупреждение о времени",
        (Lang::Ru, FlagRising) => "флажок поднимается: последние две минуты",
        (Lang::Ru, Flag) => "ваш флажок упал",
        (Lang::Ru, OpponentFlag) => "флажок соперника упал",
        (Lang::Ru, Pause) => "часы остановлены",
        (Lang::Ru, Resume) => "часы снова идут",
        (Lang::Ru, GameEnd) => "партия окончена",
        (Lang::Ru, MenuSaved) => "новая настройка сохранена",
        (Lang::Ru, Time) => "ваше время",
        (Lang::Ru, OpponentTime) => "время соперника",
        (Lang::En, PressAccepted) => "press accepted",
        (Lang::En, PressIgnored) => "press ignored: it is not your turn",
        (Lang::En, RulesWarning) => "the rules' warning: five or ten minutes to the time control",
        (Lang::En, ExtraWarning) => "one of your own extra time warnings",
        (Lang::En, FlagRising) => "your flag is rising: the last two minutes",
        (Lang::En, Flag) => "your flag fell",
        (Lang::En, OpponentFlag) => "the opponent's flag fell",
        (Lang::En, Pause) => "clock paused",
        (Lang::En, Resume) => "clock resumed",
        (Lang::En, GameEnd) => "the game is over",
        (Lang::En, MenuSaved) => "the new set-up is saved",
        (Lang::En, Time) => "your time",
        (Lang::En, OpponentTime) => "the opponent's time",
    }
}

/// How a pattern feels: each pulse by its length, groups apart by " | ", "(faint)" if so.
pub fn feel(pattern: &Pattern, lang: Lang) -> String {
    let mut text = String::new();
    for (i, pulse) in pattern.pulses.iter().enumerate() {
        text.push_str(pulse_word(pulse.on_ms, lang));
        if i + 1 < pattern.pulses.len() {
            text.push_str(if pulse.off_ms >= GROUP_GAP_MS {
                " | "
            } else {
                ", "
            });
        }
    }
    if pattern.scale_percent < 100 {
        text.push_str(match lang {
            Lang::Ru => " (слабо)",
            Lang::En => " (faint)",
        });
    }
    text
}

fn pulse_word(on_ms: u16, lang: Lang) -> &'static str {
    let ru = lang == Lang::Ru;
    match on_ms {
        0..=50 => ["tap", "касание"][usize::from(ru)],
        51..=200 => ["short", "короткий"][usize::from(ru)],
        201..=600 => ["long", "длинный"][usize::from(ru)],
        _ => ["very long", "очень длинный"][usize::from(ru)],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_time_is_told_group_by_group() {
        let t = Pattern::time(3_600_000 + 12 * 60_000, false);
        assert_eq!(feel(&t, Lang::En), "very long | long | short, short");
        assert_eq!(
            feel(&t, Lang::Ru),
            "очень длинный | длинный | короткий, короткий"
        );
        let tick = Pattern::of(PatternKind::FlagRising);
        assert_eq!(feel(&tick, Lang::En), "tap (faint)");
    }
}
