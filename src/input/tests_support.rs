//! Helpers for the input tests: configurations and synthetic events.

use super::device::DeviceId;
use super::event::{RawInput, SourceEvent};
use crate::config::Config;
use std::time::{Duration, Instant};

/// A practice configuration (15:00, no increment) with `extra` appended.
pub fn config_with(extra: &str) -> Config {
    config_mode("practice", extra)
}

/// A configuration in `mode` with `extra` appended.
pub fn config_mode(mode: &str, extra: &str) -> Config {
    let text = format!("mode = \"{mode}\"\n[[time_control.stage]]\ntime = \"15:00\"\n{extra}");
    Config::parse(&text, "test").unwrap_or_else(|e| panic!("{e}"))
}

/// A button change `ms` after `zero`.
pub fn button(zero: Instant, ms: u64, device: &DeviceId, name: &str, pressed: bool) -> SourceEvent {
    SourceEvent::Button(RawInput {
        at: zero + Duration::from_millis(ms),
        device: device.clone(),
        button: name.to_string(),
        pressed,
        repeat: false,
        lag: None,
    })
}
