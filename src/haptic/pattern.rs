//! The vibration patterns: one short, distinct pattern per message a player may feel, and
//! the remaining time as pulses to count (hours very long, tens of minutes long, minutes
//! short, tens of seconds as ticks). `docs/HAPTICS.md` teaches them.

use crate::clock::Ms;
use serde::Serialize;

/// One vibration: on for `on_ms`, then still for `off_ms` before the next one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Pulse {
    /// How long the motor runs.
    pub on_ms: u16,
    /// Stillness after it (0 after a pattern's last pulse).
    pub off_ms: u16,
}

/// What a pattern means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PatternKind {
    /// His press was taken: one tick.
    PressAccepted,
    /// His press did not count (not his turn): two quick buzzes.
    PressIgnored,
    /// The rules' warning before the control (10:00 totally blind, 5:00 low vision): three
    /// long.
    RulesWarning,
    /// A warning he added himself, or the main time's end in an overtime: two long.
    ExtraWarning,
    /// His flag is rising (the last two minutes): one faint tick.
    FlagRising,
    /// His own flag fell: one very long pulse.
    Flag,
    /// The opponent's flag fell (told only where the rules let him point it out): short,
    /// short, very long.
    OpponentFlag,
    /// The clock was paused: long, then short (slowing down).
    Pause,
    /// The clock runs again: short, then long.
    Resume,
    /// The game is over: two very long.
    GameEnd,
    /// The set-up menu saved the new set-up: three short.
    MenuSaved,
    /// His remaining time, to count.
    Time,
    /// The opponent's remaining time: two ticks, then the time.
    OpponentTime,
}

impl PatternKind {
    /// Every kind whose pattern is fixed (all but the two times), in the order they are
    /// taught.
    pub const MESSAGES: [PatternKind; 11] = [
        PatternKind::PressAccepted,
        PatternKind::PressIgnored,
        PatternKind::RulesWarning,
        PatternKind::ExtraWarning,
        PatternKind::FlagRising,
        PatternKind::Flag,
        PatternKind::OpponentFlag,
        PatternKind::Pause,
        PatternKind::Resume,
        PatternKind::GameEnd,
        PatternKind::MenuSaved,
    ];

    /// The pattern's name in the transcript and the docs.
    pub fn name(self) -> &'static str {
        match self {
            PatternKind::PressAccepted => "press_accepted",
            PatternKind::PressIgnored => "press_ignored",
            PatternKind::RulesWarning => "rules_warning",
            PatternKind::ExtraWarning => "extra_warning",
            PatternKind::FlagRising => "flag_rising",
            PatternKind::Flag => "flag",
            PatternKind::OpponentFlag => "opponent_flag",
            PatternKind::Pause => "pause",
            PatternKind::Resume => "resume",
            PatternKind::GameEnd => "game_end",
            PatternKind::MenuSaved => "menu_saved",
            PatternKind::Time => "time",
            PatternKind::OpponentTime => "opponent_time",
        }
    }

    /// A press's own feedback: played at once, never after anything else.
    pub fn is_press_feedback(self) -> bool {
        matches!(self, PatternKind::PressAccepted | PatternKind::PressIgnored)
    }
}

/// A tick: too short to count as a pulse, felt as a tap.
pub const TICK_MS: u16 = 40;
/// A short pulse (one minute in a time).
pub const SHORT_MS: u16 = 150;
/// A long pulse (ten minutes in a time).
pub const LONG_MS: u16 = 450;
/// A very long pulse (an hour in a time; a flag).
pub const VERY_LONG_MS: u16 = 900;
/// Stillness between the pulses of one group.
pub const PULSE_GAP_MS: u16 = 250;
/// Stillness between the groups of a time (hours | tens of minutes | minutes).
pub const GROUP_GAP_MS: u16 = 800;
/// A faint pattern's strength, in per cent of the player's.
pub const FAINT_PERCENT: u8 = 40;

/// A pattern to play: what it means and its pulses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern {
    /// What it means.
    pub kind: PatternKind,
    /// The pulses, in order.
    pub pulses: Vec<Pulse>,
    /// How strong, in per cent of the player's own strength (a rising flag's tick is faint).
    pub scale_percent: u8,
}

impl Pattern {
    /// The pattern of a message (for [`PatternKind::Time`] and [`PatternKind::OpponentTime`]
    /// use [`Pattern::time`]).
    pub fn of(kind: PatternKind) -> Pattern {
        let ons: &[u16] = match kind {
            PatternKind::PressAccepted => &[TICK_MS],
            PatternKind::PressIgnored => &[80, 80],
            PatternKind::RulesWarning => &[LONG_MS, LONG_MS, LONG_MS],
            PatternKind::ExtraWarning => &[LONG_MS, LONG_MS],
            PatternKind::FlagRising => &[TICK_MS],
            PatternKind::Flag => &[1_500],
            PatternKind::OpponentFlag => &[SHORT_MS, SHORT_MS, VERY_LONG_MS],
            PatternKind::Pause => &[LONG_MS, SHORT_MS],
            PatternKind::Resume => &[SHORT_MS, LONG_MS],
            PatternKind::GameEnd => &[VERY_LONG_MS, VERY_LONG_MS],
            PatternKind::MenuSaved => &[SHORT_MS, SHORT_MS, SHORT_MS],
            PatternKind::Time | PatternKind::OpponentTime => &[],
        };
        let gap = if kind == PatternKind::PressIgnored {
            80
        } else {
            PULSE_GAP_MS
        };
        let scale_percent = if kind == PatternKind::FlagRising {
            FAINT_PERCENT
        } else {
            100
        };
        Pattern {
            kind,
            pulses: group(ons, gap),
            scale_percent,
        }
    }

    /// A remaining time to count, rounded down: one very long pulse per hour, one long per
    /// ten minutes, one short per minute, each group apart; under a minute, one tick per ten
    /// seconds begun (0:45 is five ticks, 0:05 one). `opponent` puts two ticks first.
    pub fn time(remaining_ms: i64, opponent: bool) -> Pattern {
        let ms = remaining_ms.max(0) as u64;
        let (hours, minutes) = (ms / 3_600_000, ms / 60_000 % 60);
        let mut groups: Vec<Vec<Pulse>> = Vec::new();
        if opponent {
            groups.push(group(&[TICK_MS, TICK_MS], PULSE_GAP_MS));
        }
        if ms < 60_000 {
            let tens = ms.div_ceil(10_000).max(1) as usize;
            groups.push(group(&vec![TICK_MS; tens], PULSE_GAP_MS));
        } else {
            for (count, on) in [
                (hours, VERY_LONG_MS),
                (minutes / 10, LONG_MS),
                (minutes % 10, SHORT_MS),
            ] {
                if count > 0 {
                    groups.push(group(&vec![on; count as usize], PULSE_GAP_MS));
                }
            }
        }
        let mut pulses = Vec::new();
        for mut g in groups {
            if let Some(last) = pulses.last_mut() {
                let last: &mut Pulse = last;
                last.off_ms = GROUP_GAP_MS;
            }
            pulses.append(&mut g);
        }
        let kind = if opponent {
            PatternKind::OpponentTime
        } else {
            PatternKind::Time
        };
        Pattern {
            kind,
            pulses,
            scale_percent: 100,
        }
    }

    /// How long the pattern takes, first pulse to the end of the last.
    pub fn duration_ms(&self) -> Ms {
        self.pulses
            .iter()
            .map(|p| Ms::from(p.on_ms) + Ms::from(p.off_ms))
            .sum()
    }
}

/// Pulses of the given lengths, `gap` apart (none after the last).
fn group(ons: &[u16], gap: u16) -> Vec<Pulse> {
    ons.iter()
        .enumerate()
        .map(|(i, &on_ms)| Pulse {
            on_ms,
            off_ms: if i + 1 < ons.len() { gap } else { 0 },
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ons(p: &Pattern) -> Vec<u16> {
        p.pulses.iter().map(|p| p.on_ms).collect()
    }

    #[test]
    fn time_counts_hours_tens_and_minutes() {
        let t = Pattern::time(3_600_000 + 12 * 60_000 + 30_000, false);
        assert_eq!(ons(&t), [VERY_LONG_MS, LONG_MS, SHORT_MS, SHORT_MS]);
        let offs: Vec<u16> = t.pulses.iter().map(|p| p.off_ms).collect();
        assert_eq!(offs, [GROUP_GAP_MS, GROUP_GAP_MS, PULSE_GAP_MS, 0]);
        assert_eq!(ons(&Pattern::time(2 * 3_600_000, false)), [VERY_LONG_MS; 2]);
        assert_eq!(
            ons(&Pattern::time(59 * 60_000 + 59_999, false)).len(),
            5 + 9
        );
    }

    #[test]
    fn under_a_minute_is_ticks_per_ten_seconds_begun() {
        assert_eq!(ons(&Pattern::time(45_000, false)), [TICK_MS; 5]);
        assert_eq!(ons(&Pattern::time(5_000, false)), [TICK_MS]);
        assert_eq!(ons(&Pattern::time(0, false)), [TICK_MS]);
        assert_eq!(ons(&Pattern::time(60_000, false)), [SHORT_MS]);
    }

    #[test]
    fn the_opponents_time_starts_with_two_ticks() {
        let t = Pattern::time(21 * 60_000, true);
        assert_eq!(t.kind, PatternKind::OpponentTime);
        assert_eq!(ons(&t), [TICK_MS, TICK_MS, LONG_MS, LONG_MS, SHORT_MS]);
        assert_eq!(t.pulses[1].off_ms, GROUP_GAP_MS);
    }

    #[test]
    fn every_message_has_a_distinct_pattern() {
        let kinds = PatternKind::MESSAGES;
        for (i, a) in kinds.iter().enumerate() {
            let pa = Pattern::of(*a);
            assert!(!pa.pulses.is_empty(), "{a:?}");
            assert_eq!(pa.pulses.last().map(|p| p.off_ms), Some(0), "{a:?}");
            for b in &kinds[i + 1..] {
                let pb = Pattern::of(*b);
                assert_ne!(
                    (&pa.pulses, pa.scale_percent),
                    (&pb.pulses, pb.scale_percent),
                    "{a:?} and {b:?}"
                );
            }
        }
    }
}
