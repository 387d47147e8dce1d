//! The table's history for the arbiter's rollback (FIDE Appendix D.2.9): the game and its
//! warning scheduler as they stood right after each completed move, and at the start. A
//! rollback to a move restores both, so the clocks, stages, move counts, overtime and the
//! warnings already given are as they were then.
//!
//! A four-hour game of 200 moves keeps 201 copies of a few hundred bytes each.

use crate::clock::{Game, Side};
use crate::schedule::Scheduler;

/// The game and scheduler right after a side's move.
#[derive(Debug, Clone)]
struct Moment {
    side: Side,
    moves: u32,
    game: Game,
    scheduler: Scheduler,
}

/// Every moment a rollback can go back to, oldest first.
#[derive(Debug, Clone, Default)]
pub(super) struct History {
    moments: Vec<Moment>,
}

/// Why a rollback cannot go where it was asked to.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotReached {
    /// The game has not reached that move (or went back before it).
    #[error("{side}'s move {moves} has not been reached in this game")]
    Move {
        /// Whose move.
        side: Side,
        /// The move count asked for.
        moves: u32,
    },
}

impl History {
    /// Remembers the game and scheduler right after `side` completed move `moves` (move 0
    /// of the side that does not start: the start).
    pub(super) fn remember(&mut self, side: Side, moves: u32, game: &Game, scheduler: &Scheduler) {
        self.moments.push(Moment {
            side,
            moves,
            game: game.clone(),
            scheduler: scheduler.clone(),
        });
    }

    /// The game and scheduler right after `side`'s move `moves`; the moments after it are
    /// forgotten (the game goes on from there, and makes them again).
    pub(super) fn go_back(
        &mut self,
        side: Side,
        moves: u32,
    ) -> Result<(Game, Scheduler), NotReached> {
        let at = self
            .moments
            .iter()
            .rposition(|m| m.side == side && m.moves == moves)
            .ok_or(NotReached::Move { side, moves })?;
        self.moments.truncate(at + 1);
        let moment = &self.moments[at];
        Ok((moment.game.clone(), moment.scheduler.clone()))
    }

    /// Forgets everything (a new game).
    pub(super) fn clear(&mut self) {
        self.moments.clear();
    }
}
