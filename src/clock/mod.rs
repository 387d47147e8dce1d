//! The clock core: time controls and the two-sided game state machine.
//!
//! Pure and sans-IO: it never reads the time or touches a device. Feed it inputs stamped with
//! monotonic milliseconds (`Game::handle`), wake it at `Game::next_deadline`, drain its events.

pub mod control;
pub mod game;
pub mod io;
pub mod overtime;
pub mod rules;
pub mod side;
pub mod side_clock;
pub mod time;

pub use control::{ControlError, DelayKind, Stage, TimeControl};
pub use game::{Game, GameSetup, Phase};
pub use io::{Event, GameResult, Input, Outcome, Reason, Rollback, Ruling, RulingKind, Stamped};
pub use overtime::{Overtime, OvertimeKind, OvertimeState};
pub use rules::{Rules, MIN_AFTER_CUT};
pub use side::Side;
pub use time::{Ms, HOUR, MAX_DURATION, MINUTE, SECOND};

#[cfg(test)]
mod arithmetic_tests;
#[cfg(test)]
mod overtime_tests;
#[cfg(test)]
mod rules_tests;
#[cfg(test)]
mod tests;
