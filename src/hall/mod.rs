//! The tournament hall: every board's clock on one arbiter station, over an MQTT broker
//! (mosquitto). A board stays a whole clock on its own; the broker only carries copies.
//!
//! - [`topics`] and [`payload`], what goes where, version 1 (`docs/HALL.md`); [`state_bounds`],
//!   what a board's state may say before the station believes it;
//! - [`outbox`], the board's publisher as a pure state machine (the journal is the outbox);
//! - [`link`], the board's network thread around it; [`mqtt`], one connection (rumqttc, v5);
//! - [`store`], the journal store that hands each durable record to the link;
//! - [`credentials`], the login file each board and the station get;
//! - [`init`] (with [`mosquitto`], [`passwd`], [`owner`], [`board_range`], [`users`]), the
//!   broker's configuration, passwords and ACL (`talkclock hall init`); [`bridge`] and
//!   [`add_bridge`], a second venue's bridge to the station's (`hall init --bridge-to`,
//!   `talkclock hall add-bridge`).

pub mod add_bridge;
pub mod board_range;
pub mod bridge;
pub mod credentials;
pub mod init;
pub mod link;
pub mod mosquitto;
pub mod mqtt;
pub mod outbox;
pub mod owner;
pub mod passwd;
pub mod payload;
pub mod state_bounds;
pub mod store;
pub mod topics;
pub mod users;

pub use payload::{AlertMsg, Mirrored, Priority, RecordMsg, StateMsg};
pub use topics::Topics;
