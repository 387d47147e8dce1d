//! A clock to feel, for players who are deaf-blind or hard of hearing: the vibration patterns
//! of each message a player may receive (`pattern`) and which of them his own controller
//! plays, when (`schedule`). Both are pure; the daemon feeds the schedule the table's outputs
//! on game time and writes its decisions as `haptic` transcript lines.

pub mod pattern;
pub mod schedule;

pub use pattern::{Pattern, PatternKind, Pulse};
pub use schedule::{patterns_of, private_pattern, HapticLine, Schedule, Strengths};
