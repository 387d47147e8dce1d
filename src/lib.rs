//! talkclock: a talking game clock for blind and low-vision draughts and chess players.
//!
//! The [`clock`] core is pure and driven by virtual time; [`config`] reads and validates the
//! TOML configuration; [`sim`] runs scripted games on virtual time (`talkclock simulate`).

pub mod audio;
pub mod cli;
pub mod clock;
pub mod config;
pub mod control;
pub mod daemon;
pub mod input;
pub mod journal;
pub mod schedule;
pub mod sim;
pub mod speech;
pub mod table;
