//! The rules a game is played under: section 1.7 of the Russian draughts rules, or the FIDE
//! Laws of Chess with Appendix D (play with visually disabled players).
//!
//! The core takes from them what it decides itself: the floor under an arbiter's cut (1.7.8
//! has one, FIDE 6.10.1 and 7.1 none) and whether the draughts-only rulings (1.7.12, 1.7.13)
//! exist. Who hears what and which warnings are given by default are decided above the core
//! (`schedule`, `table`, `config`) from the same value.

use super::time::{Ms, MINUTE};

/// A cut never leaves a player below this under rule 1.7.8 of the draughts rules.
pub const MIN_AFTER_CUT: Ms = 15 * MINUTE;

/// The rule profile a game is played under (`rules = "…"` in the configuration).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum Rules {
    /// Section 1.7 of the Russian draughts rules (the clock's behaviour before profiles).
    #[default]
    RussianDraughts,
    /// The FIDE Laws of Chess, Appendix D (visually disabled players).
    Fide,
}

impl Rules {
    /// Every profile, in the order the configuration lists them.
    pub const ALL: [Rules; 2] = [Rules::RussianDraughts, Rules::Fide];

    /// The name written in the configuration: `russian-draughts` or `fide`.
    pub fn name(self) -> &'static str {
        match self {
            Rules::RussianDraughts => "russian-draughts",
            Rules::Fide => "fide",
        }
    }

    /// What the rules are, for people: `talkclock check` prints it.
    pub fn title(self) -> &'static str {
        match self {
            Rules::RussianDraughts => "Russian draughts rules, section 1.7",
            Rules::Fide => "FIDE Laws of Chess, Appendix D",
        }
    }

    /// The least an arbiter's cut may leave a player (1.7.8: 15:00; FIDE: no floor).
    pub fn cut_floor(self) -> Option<Ms> {
        match self {
            Rules::RussianDraughts => Some(MIN_AFTER_CUT),
            Rules::Fide => None,
        }
    }

    /// Whether the draughts rulings exist: a draw by stopping the clock in a won position
    /// (1.7.13) and "the opponent has no moves" overriding a flag (1.7.12).
    pub fn draughts_rulings(self) -> bool {
        self == Rules::RussianDraughts
    }
}

impl std::fmt::Display for Rules {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_draughts_rules_have_a_floor_and_their_own_rulings() {
        assert_eq!(Rules::RussianDraughts.cut_floor(), Some(15 * MINUTE));
        assert_eq!(Rules::Fide.cut_floor(), None);
        assert!(Rules::RussianDraughts.draughts_rulings());
        assert!(!Rules::Fide.draughts_rulings());
        assert_eq!(Rules::default(), Rules::RussianDraughts);
        let names: Vec<_> = Rules::ALL.iter().map(|r| r.name()).collect();
        assert_eq!(names, ["russian-draughts", "fide"]);
    }
}
