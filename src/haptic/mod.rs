//! A clock to feel, for players who are deaf-blind or hard of hearing: the vibration patterns
//! of each message a player may receive (`pattern`), which of them his own controller plays,
//! when (`schedule`), and the patterns in words (`words`). All pure; the daemon feeds the
//! schedule the table's outputs on game time, writes its decisions as `haptic` transcript
//! lines and plays them on the controllers.

pub mod pattern;
pub mod schedule;
pub mod words;

pub use pattern::{Pattern, PatternKind, Pulse};
pub use schedule::{menu_pattern, patterns_of, private_pattern, HapticLine, Schedule, Strengths};
