//! What the readers send: one button change stamped with its monotonic arrival time, or a
//! device coming and going.

use super::device::DeviceId;
use std::time::Instant;

/// One button change as a reader saw it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawInput {
    /// When it arrived (monotonic).
    pub at: Instant,
    /// Which device.
    pub device: DeviceId,
    /// The button as the device names it (`South`, `KEY_SPACE`, `w`).
    pub button: String,
    /// Down (true) or up (false).
    pub pressed: bool,
    /// An auto-repeat of a held key.
    pub repeat: bool,
    /// How long after the kernel stamped the event the reader read it, where the source has
    /// the kernel's stamp (evdev on the monotonic clock, gilrs); `None`: stamped when read
    /// (the terminal, injected events). The self-test reports it.
    pub lag: Option<std::time::Duration>,
}

/// Everything a reader can report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SourceEvent {
    /// A button changed.
    Button(RawInput),
    /// The button was already down when the device was first seen: ignore it until released.
    HeldAtStart(RawInput),
    /// A device appeared (at start, or plugged in).
    Connected {
        /// When.
        at: Instant,
        /// Which.
        device: DeviceId,
    },
    /// A device went away.
    Disconnected {
        /// When.
        at: Instant,
        /// Which.
        device: DeviceId,
    },
}

impl SourceEvent {
    /// When it arrived.
    pub fn at(&self) -> Instant {
        match self {
            SourceEvent::Button(raw) | SourceEvent::HeldAtStart(raw) => raw.at,
            SourceEvent::Connected { at, .. } | SourceEvent::Disconnected { at, .. } => *at,
        }
    }
}
