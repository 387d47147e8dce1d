//! The arbiter's station of a tournament hall (`talkclock station`): it subscribes to every
//! board of an event, keeps a mirror of each board's journal on disk, speaks each alert into
//! the earpiece of the arbiter who has that board ("Доска 12: у белых упал флажок"), tells
//! when a board goes silent, and carries the arbiter's commands to a board.
//!
//! - [`config`], `station.toml`;
//! - [`mirror`], the journals' copies, de-duplicated, in order, each record checked against
//!   its game's chain (pure but for its files); [`aside`], the records that do not fit;
//! - [`queue`], one arbiter's alerts, most urgent first, one at a time (pure);
//! - [`watch`], which boards are silent, and what to ask them again (pure);
//! - [`summary`], boards gone silent or back, said to an arbiter as one sentence (pure);
//! - [`misfits`], what is told of the messages not taken, in bounded words (pure);
//! - [`run`], the station's loop; [`status`], [`ctl`] and [`close`], the one-shot commands;
//! - [`round`], a round's pairings in and results out; [`selftests`], which boards passed
//!   their hardware self-test this round;
//! - [`dashboard`], the arbiters' page (`[dashboard]`): every board, the alerts, commands
//!   after a login.

pub mod aside;
pub mod close;
pub mod config;
pub mod ctl;
pub mod dashboard;
pub mod mirror;
pub mod misfits;
pub mod queue;
pub mod round;
pub mod run;
pub mod selftests;
pub mod status;
pub mod summary;
pub mod watch;

pub use config::StationConfig;
