//! The tournament hall through a real mosquitto broker: boards, the station, its access lists,
//! its commands and forged records, and a second venue bridged to the station's.

mod boards;
#[path = "../daemon/common_daemon.rs"]
mod common_daemon;
mod common_hall;
#[path = "../web/http.rs"]
mod http;

mod hall_acl;
mod hall_boards;
mod hall_bridge;
mod hall_commands;
mod hall_forgery;
mod hall_languages;
mod hall_notices;
mod hall_retained;
mod hall_round;
mod hall_selftest;
mod hall_sim;
