//! Input devices as the mapping knows them: a kind and a stable identity (gilrs uuid, evdev
//! name and path), never a runtime id, so a controller keeps its buttons after a reconnect.

use crate::input::bindings::DeviceMatch;
use std::fmt;

/// Which reader a device comes through.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DeviceKind {
    /// A game controller or HID joystick, through gilrs.
    Gamepad,
    /// A keyboard-class device (pedal, switch interface, big button), through evdev.
    Evdev,
    /// The terminal's keyboard.
    Terminal,
}

/// A device's stable identity.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct DeviceId {
    /// Which reader.
    pub kind: DeviceKind,
    /// gilrs's uuid as 32 lowercase hex digits (game controllers only).
    pub uuid: Option<String>,
    /// The name the device gives itself.
    pub name: String,
    /// The device node (evdev only).
    pub path: Option<String>,
}

impl DeviceId {
    /// A game controller.
    pub fn gamepad(uuid: [u8; 16], name: &str) -> DeviceId {
        DeviceId {
            kind: DeviceKind::Gamepad,
            uuid: Some(uuid_hex(uuid)),
            name: name.to_string(),
            path: None,
        }
    }

    /// A keyboard-class evdev device.
    pub fn evdev(name: &str, path: &str) -> DeviceId {
        DeviceId {
            kind: DeviceKind::Evdev,
            uuid: None,
            name: name.to_string(),
            path: Some(path.to_string()),
        }
    }

    /// The terminal.
    pub fn terminal() -> DeviceId {
        DeviceId {
            kind: DeviceKind::Terminal,
            uuid: None,
            name: "terminal".to_string(),
            path: None,
        }
    }

    /// Whether a binding's `device` covers this device.
    pub fn matches(&self, wanted: &DeviceMatch) -> bool {
        match wanted {
            DeviceMatch::Any => true,
            DeviceMatch::Uuid(hex) => self.uuid.as_deref() == Some(hex.as_str()),
            DeviceMatch::Evdev(name) => self.kind == DeviceKind::Evdev && &self.name == name,
            DeviceMatch::Path(path) => self.path.as_deref() == Some(path.as_str()),
            DeviceMatch::Terminal => self.kind == DeviceKind::Terminal,
        }
    }

    /// Whether `other` is this device come back: the same uuid (controllers), the same name
    /// (evdev devices; their node may change), or both the terminal.
    pub fn same_device(&self, other: &DeviceId) -> bool {
        if self.kind != other.kind {
            return false;
        }
        match self.kind {
            DeviceKind::Gamepad => self.uuid == other.uuid,
            DeviceKind::Evdev => self.name == other.name,
            DeviceKind::Terminal => true,
        }
    }

    /// How a binding names exactly this device (`uuid:…`, `evdev:…`, `terminal`).
    pub fn as_match(&self) -> DeviceMatch {
        match (self.kind, &self.uuid) {
            (DeviceKind::Gamepad, Some(hex)) => DeviceMatch::Uuid(hex.clone()),
            (DeviceKind::Gamepad, None) => DeviceMatch::Any,
            (DeviceKind::Evdev, _) => DeviceMatch::Evdev(self.name.clone()),
            (DeviceKind::Terminal, _) => DeviceMatch::Terminal,
        }
    }
}

impl fmt::Display for DeviceId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            DeviceKind::Gamepad => write!(
                f,
                "controller \"{}\" (uuid:{})",
                self.name,
                self.uuid.as_deref().unwrap_or("unknown")
            ),
            DeviceKind::Evdev => write!(
                f,
                "device \"{}\" ({})",
                self.name,
                self.path.as_deref().unwrap_or("no path")
            ),
            DeviceKind::Terminal => f.write_str("the terminal"),
        }
    }
}

/// A uuid as 32 lowercase hex digits.
pub fn uuid_hex(uuid: [u8; 16]) -> String {
    uuid.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_controller_matches_its_uuid_and_any_but_not_another_kind() {
        let pad = DeviceId::gamepad([0xab; 16], "Big Buttons");
        assert!(pad.matches(&DeviceMatch::Any));
        assert!(pad.matches(&DeviceMatch::Uuid("ab".repeat(16))));
        assert!(!pad.matches(&DeviceMatch::Uuid("cd".repeat(16))));
        assert!(!pad.matches(&DeviceMatch::Terminal));
        assert!(!pad.matches(&DeviceMatch::Evdev("Big Buttons".into())));
        assert_eq!(pad.as_match(), DeviceMatch::Uuid("ab".repeat(16)));
    }

    #[test]
    fn an_evdev_device_is_the_same_device_under_a_new_node() {
        let before = DeviceId::evdev("Foot Switch", "/dev/input/event5");
        let after = DeviceId::evdev("Foot Switch", "/dev/input/event9");
        assert!(before.same_device(&after));
        assert!(after.matches(&DeviceMatch::Evdev("Foot Switch".into())));
        assert!(!after.matches(&DeviceMatch::Path("/dev/input/event5".into())));
        let other = DeviceId::evdev("Pedal", "/dev/input/event5");
        assert!(!before.same_device(&other));
    }
}
