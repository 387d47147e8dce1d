//! The tournament hall: the MQTT topics, the board's publisher, the broker's files.
//!
//! Boards publish their records, alerts and state to an MQTT broker (mosquitto) that the
//! station reads. [`init`] writes that broker's configuration, passwords and ACL;
//! [`credentials`] reads the login file each board and the station get.

pub mod credentials;
pub mod init;
pub mod mosquitto;
pub mod owner;
pub mod passwd;
