//! `talkclock selftest`: the hardware check a blind player or the arbiter runs on a board
//! before a round (rule 1.7.5's check of the clock, for its hardware). It walks, spoken in each
//! listener's language and printed: every bound button (recognised with its device, checked
//! for a switch that fires twice or never and for a late read), every place sound comes out (a
//! tone and "this is White's earpiece, left side", answered by the listener's own button),
//! each player's vibration and Braille display, and the sound's delay through a loopback;
//! then writes a report (text and JSON) and, with `[hall]`, sends it to the station.
//!
//! [`check`] plans the checks from the configuration, [`judge`] judges a step's button
//! events (pure), [`walk`] walks the plan through an [`walk::Io`], [`report`] holds and writes
//! what was found, [`script`] reads written-down answers (a testing aid).

pub mod check;
pub mod judge;
pub mod report;
pub mod script;
pub mod walk;
#[cfg(test)]
mod walk_tests;

pub use report::{Outcome, Report};
pub use walk::{Io, Limits, Walk};
