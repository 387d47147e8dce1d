//! talkclock: a talking game clock for blind and low-vision draughts and chess players.
//!
//! The [`clock`] core is pure and driven by virtual time; [`config`] reads and validates the
//! TOML configuration; [`sim`] runs scripted games on virtual time (`talkclock simulate`);
//! [`daemon`] runs a real game around the sans-IO [`daemon::Core`].
//!
//! Module map: each module uses only those on the lines below it (`tests/fast/module_order.rs`
//! fails on an import against this order).
//!
//! ```text
//! cli · logging                 the subcommands; the log (plain at a terminal, full for a service)
//! station                       the hall's arbiter station: mirror, alerts spoken, commands,
//!                               the arbiters' dashboard (its server, logins, model)
//! daemon                        Core (sans-IO) + the real-time loop
//! hall · web · selftest         the tournament hall (MQTT topics, a board's publisher, broker
//!                               files); the pages (HTTP server, the board display's view);
//!                               the hardware self-test's walk, judges and report
//! journal · sim · setup         the journal; scripts on virtual time; the set-up menu; the
//! · announce                    announcer (voice packs, speech to each earpiece, transcript)
//! config · transcript · haptic  the TOML file, building each layer's settings; JSON lines;
//! · braille                     the vibration patterns and whose controller plays them; a
//!                               Braille display's line and keys over BRLTTY's BrlAPI
//! table                         one game: clock + scheduler + who hears what
//! speech                        phrasing ru/en (announcements, help, learn), voice packs
//! input · audio · control       buttons → actions; audio output; the control protocol
//! hearing · schedule            listeners, audiences, languages, cues; rule 1.7.9 warnings
//! clock · realtime              the pure clock core; real-time thread priority
//! ```

pub mod announce;
pub mod audio;
pub mod braille;
pub mod cli;
pub mod clock;
pub mod config;
pub mod control;
pub mod daemon;
pub mod hall;
pub mod haptic;
pub mod hearing;
pub mod input;
pub mod journal;
pub mod logging;
pub mod realtime;
pub mod schedule;
pub mod selftest;
pub mod setup;
pub mod sim;
pub mod speech;
pub mod station;
pub mod table;
pub mod transcript;
pub mod web;
