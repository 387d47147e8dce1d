//! What a table is set up with: the game's setup, each player's warnings, tournament or
//! practice, and what the clock says on its own. Built by `config` from the file.

use crate::clock::{GameSetup, Ms, Rules};
use crate::hearing::Listener;
use crate::schedule::Warnings;

/// Tournament rules (1.7.7, 1.7.9 audiences) or relaxed home practice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// A tournament board: the rules of 1.7 in full.
    Tournament,
    /// Practice at home.
    Practice,
}

/// What the clock says on its own, and to whom.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Announce {
    /// Who hears the move number after each press.
    pub moves: Vec<Listener>,
    /// Counts of moves left to the control at which the player is told.
    pub moves_to_control: Vec<u32>,
    /// The time button also tells the opponent's time.
    pub opponent_time_on_query: bool,
    /// Practice only: remind the side on move after this long without a press.
    pub remind_after: Option<Ms>,
    /// Practice only: everything is said to everyone.
    pub practice_to_all: bool,
    /// The flag alert (and a loss on time) also goes to the flagged player's opponent; the
    /// arbiter always hears it, the flagged player never (only the arbiter or the opponent
    /// may point a flag out: 1.7.9, FIDE 6.8).
    pub flag_to_opponent: bool,
    /// The time button also tells the player how many moves he has made (FIDE D.2.6.1).
    pub moves_on_query: bool,
}

impl Announce {
    /// What a rule profile says on its own when the configuration says nothing else.
    ///
    /// | | `russian-draughts` | `fide` |
    /// |---|---|---|
    /// | "N moves to the control" at | 5 and 1 | never (D.2.10.4) |
    /// | flag alert to the opponent | yes (1.7.9) | no: arbiter only (6.8) |
    /// | moves made, on the time button | no | yes (D.2.6.1) |
    pub fn for_rules(rules: Rules) -> Announce {
        let fide = rules == Rules::Fide;
        Announce {
            moves: Vec::new(),
            moves_to_control: if fide { Vec::new() } else { vec![5, 1] },
            opponent_time_on_query: false,
            remind_after: None,
            practice_to_all: false,
            flag_to_opponent: !fide,
            moves_on_query: fide,
        }
    }
}

impl Default for Announce {
    /// The draughts rules' defaults (see [`Announce::for_rules`]).
    fn default() -> Announce {
        Announce::for_rules(Rules::RussianDraughts)
    }
}

/// Everything a table is set up with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableSettings {
    /// The game: time control, whose clock starts, time odds.
    pub setup: GameSetup,
    /// White's and Black's warnings, in that order.
    pub warnings: [Warnings; 2],
    /// Tournament or practice.
    pub mode: Mode,
    /// Announcements and their audiences.
    pub announce: Announce,
}
