//! The warning scheduler: when each player's warnings, countdown and flag-rising ticks fall due.
//!
//! Pure and driven by virtual time, like the clock core: it reads the game's state and says
//! when it must next be woken; it never polls and never wakes when nothing is due.

pub mod marks;
pub mod scheduler;

pub use marks::{default_warnings, marks_for, rule_warning, Mark, MarkKind, Vision, Warnings};
pub use scheduler::{Fired, Reminder, Scheduler};
