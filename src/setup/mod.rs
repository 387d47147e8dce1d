//! The spoken set-up menu: a blind player sets up the clock by ear, on the game's own
//! buttons, between games. [`Menu`] is a pure state machine over five keys (previous, next,
//! select, back, repeat) that answers with prompts to say ([`crate::speech::MenuPrompt`]) and
//! effects for the daemon (a speech rate, the set-up to save); [`Draft`] writes the result into
//! the configuration file, comments kept.

pub mod draft;
pub mod menu;
pub mod presets;
pub mod steps;

pub use draft::{Draft, PlayerDraft, SaveError};
pub use menu::{Effect, Key, Menu};

#[cfg(test)]
mod tests;
