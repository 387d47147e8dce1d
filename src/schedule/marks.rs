//! Marks: the remaining times at which something is said or played for a player, built from
//! his warnings (the rule profile's default for his vision, rule 1.7.9, or his own list), his
//! countdown and the flag-rising cue.

use crate::clock::{Ms, Rules, MINUTE, SECOND};
use serde::Serialize;

/// How well a player sees, which sets the warnings the rules require (1.7.9).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Vision {
    /// Warned at 10:00 before each control.
    TotallyBlind,
    /// Warned at 5:00 before each control.
    LowVision,
    /// No warning unless configured.
    Sighted,
}

/// What a player is warned of: his spoken time warnings, the final countdown and the
/// flag-rising cue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warnings {
    /// The spoken time warnings: remaining times before the control, above zero (see
    /// [`default_warnings`] for what a player who configured none gets).
    pub times: Vec<Ms>,
    /// Seconds counted aloud at the end of a stage (0: off).
    pub countdown: u32,
    /// A soft tick during the last 2 minutes of a stage.
    pub flag_rising_cue: bool,
}

/// What a mark does when the remaining time reaches it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MarkKind {
    /// A spoken time warning (the rule's 10:00 or 5:00, or an extra one).
    Warning,
    /// A second of the final countdown.
    Countdown,
    /// A soft tick while the flag rises (last 2 minutes of a stage).
    FlagRising,
}

/// A remaining time at which something is due.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Mark {
    /// The remaining time (before the control) at which it is due.
    pub remaining: Ms,
    /// What is due.
    pub kind: MarkKind,
}

/// The warning the rules require for this vision: 10:00 totally blind, 5:00 low vision.
pub fn rule_warning(vision: Vision) -> Option<Ms> {
    match vision {
        Vision::TotallyBlind => Some(10 * MINUTE),
        Vision::LowVision => Some(5 * MINUTE),
        Vision::Sighted => None,
    }
}

/// The warnings a rule profile gives a player who configured none of his own: under the
/// draughts rules the one 1.7.9 requires for his vision; under FIDE none, since the clock
/// tells a player the time only at his request (D.2.6.1, D.2.10.4).
pub fn default_warnings(rules: Rules, vision: Vision) -> Vec<Ms> {
    match rules {
        Rules::RussianDraughts => rule_warning(vision).into_iter().collect(),
        Rules::Fide => Vec::new(),
    }
}

/// Every mark for a player, highest remaining time first, without duplicates.
pub fn marks_for(player: &Warnings) -> Vec<Mark> {
    let mut marks = Vec::new();
    for &remaining in &player.times {
        marks.push(Mark {
            remaining,
            kind: MarkKind::Warning,
        });
    }
    for second in 1..=player.countdown as Ms {
        marks.push(Mark {
            remaining: second * SECOND,
            kind: MarkKind::Countdown,
        });
    }
    if player.flag_rising_cue {
        let tens = (1..=12).map(|k| k * 10 * SECOND);
        let ones = (1..=9).map(|k| k * SECOND);
        for remaining in tens.chain(ones) {
            marks.push(Mark {
                remaining,
                kind: MarkKind::FlagRising,
            });
        }
    }
    marks.sort_by(|a, b| b.cmp(a));
    marks.dedup();
    marks
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(vision: Vision) -> Warnings {
        Warnings {
            times: default_warnings(Rules::RussianDraughts, vision),
            countdown: 0,
            flag_rising_cue: false,
        }
    }

    #[test]
    fn the_rule_gives_ten_minutes_blind_five_low_vision_none_sighted() {
        let only = |v| {
            marks_for(&player(v))
                .iter()
                .map(|m| m.remaining)
                .collect::<Vec<_>>()
        };
        assert_eq!(only(Vision::TotallyBlind), vec![10 * MINUTE]);
        assert_eq!(only(Vision::LowVision), vec![5 * MINUTE]);
        assert_eq!(only(Vision::Sighted), Vec::<Ms>::new());
    }

    #[test]
    fn the_fide_profile_gives_no_warning_by_default_whatever_the_vision() {
        for vision in [Vision::TotallyBlind, Vision::LowVision, Vision::Sighted] {
            assert_eq!(default_warnings(Rules::Fide, vision), Vec::<Ms>::new());
        }
        assert_eq!(
            default_warnings(Rules::RussianDraughts, Vision::LowVision),
            vec![5 * MINUTE]
        );
    }

    #[test]
    fn extras_countdown_and_ticks_are_added_without_duplicates() {
        let mut p = player(Vision::TotallyBlind);
        p.times.extend([10 * MINUTE, 2 * MINUTE]);
        p.countdown = 3;
        p.flag_rising_cue = true;
        let marks = marks_for(&p);
        let warnings = marks.iter().filter(|m| m.kind == MarkKind::Warning).count();
        let ticks = marks
            .iter()
            .filter(|m| m.kind == MarkKind::FlagRising)
            .count();
        assert_eq!(warnings, 2);
        assert_eq!(
            ticks,
            12 + 9,
            "every 10 s from 2:00 to 0:10, then every second"
        );
        assert_eq!(marks[0].remaining, 10 * MINUTE);
        assert!(marks.windows(2).all(|w| w[0] > w[1]));
    }
}
