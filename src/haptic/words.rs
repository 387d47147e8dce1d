//! The patterns in words: what each means and how it feels ("long, long | short"), for the
//! practice mode and the documentation. The words are in each language's catalogue
//! (`src/speech/lang/<code>.toml`, `[haptic]`).

use super::pattern::{Pattern, PatternKind, GROUP_GAP_MS};
use crate::speech::haptic_word;
use crate::speech::Lang;

/// What a pattern tells, in a sentence.
pub fn meaning(kind: PatternKind, lang: Lang) -> &'static str {
    use PatternKind::*;
    haptic_word(
        lang,
        match kind {
            PressAccepted => "press_accepted",
            PressIgnored => "press_ignored",
            RulesWarning => "rules_warning",
            ExtraWarning => "extra_warning",
            FlagRising => "flag_rising",
            Flag => "flag",
            OpponentFlag => "opponent_flag",
            Pause => "pause",
            Resume => "resume",
            GameEnd => "game_end",
            MenuSaved => "menu_saved",
            Time => "time",
            OpponentTime => "opponent_time",
        },
    )
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
        text.push_str(haptic_word(lang, "faint"));
    }
    text
}

fn pulse_word(on_ms: u16, lang: Lang) -> &'static str {
    haptic_word(
        lang,
        match on_ms {
            0..=50 => "pulse_tap",
            51..=200 => "pulse_short",
            201..=600 => "pulse_long",
            _ => "pulse_very_long",
        },
    )
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
