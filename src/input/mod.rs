//! The input layer: game controllers (gilrs), keyboard-class devices (evdev) and the terminal,
//! each read on its own thread into stamped [`SourceEvent`]s, and the pure [`Mapper`] that
//! turns them into table requests and local actions under the `[input]` bindings.
//!
//! Readers are thin adapters; everything above [`RawInput`] is pure and tested with
//! synthetic events (this machine has no `/dev/input`). [`rumble`] plays vibration patterns
//! on a player's own controller.

pub mod bindings;
pub mod device;
pub mod devices;
pub mod evdev_source;
pub mod event;
pub mod gilrs_source;
pub mod inject;
pub mod kernel_time;
pub mod key_pipe;
pub mod learn;
pub mod mapper;
pub mod rumble;
pub mod sources;
pub mod terminal_source;

pub use device::{DeviceId, DeviceKind};
pub use devices::{list_devices, DeviceList};
pub use event::{RawInput, SourceEvent};
pub use mapper::{ButtonAction, MappedAction, Mapper};

#[cfg(test)]
mod tests;
#[cfg(test)]
pub(crate) mod tests_support;
