//! `talkclock devices`: the game controllers (with the uuids bindings use) and the
//! keyboard-class evdev devices this user can see.

use super::device::DeviceId;
use super::evdev_source::{device_is_keyboard_class, event_nodes, open};
use super::gilrs_source;
use std::fmt;

/// What was found, and what could not be looked at.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DeviceList {
    /// Connected game controllers.
    pub gamepads: Vec<DeviceId>,
    /// The uuids of those without a rumble motor (no vibration patterns on them).
    pub without_rumble: Vec<String>,
    /// Keyboard-class evdev devices.
    pub keyboards: Vec<DeviceId>,
    /// Devices or readers that could not be used, each a sentence naming it.
    pub problems: Vec<String>,
}

/// Looks for input devices now.
pub fn list_devices() -> DeviceList {
    let mut list = DeviceList::default();
    match gilrs_source::open() {
        Ok(gilrs) => {
            for (_, pad) in gilrs.gamepads() {
                let id = DeviceId::gamepad(pad.uuid(), pad.name());
                if !pad.is_ff_supported() {
                    list.without_rumble.extend(id.uuid.clone());
                }
                list.gamepads.push(id);
            }
        }
        Err(e) => list.problems.push(e.to_string()),
    }
    for path in event_nodes() {
        match open(&path) {
            Ok((device, id)) => {
                if device_is_keyboard_class(&device) {
                    list.keyboards.push(id);
                }
            }
            Err(e) => list.problems.push(e.to_string()),
        }
    }
    list
}

impl fmt::Display for DeviceList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.gamepads.is_empty() {
            writeln!(f, "No game controllers are connected.")?;
        } else {
            writeln!(f, "Game controllers (bind with device = \"uuid:…\"):")?;
            for pad in &self.gamepads {
                let uuid = pad.uuid.as_deref().unwrap_or("unknown");
                let rumble = if self.without_rumble.iter().any(|u| u == uuid) {
                    "  (no rumble: `haptic = true` cannot be felt on it)"
                } else {
                    "  (rumble)"
                };
                writeln!(f, "  uuid:{uuid}  {}{rumble}", pad.name)?;
            }
        }
        if self.keyboards.is_empty() {
            writeln!(
                f,
                "No keyboard-class input devices (pedals, switches, big buttons) are readable here."
            )?;
        } else {
            writeln!(
                f,
                "Keyboard-class devices (bind with device = \"evdev:NAME\"):"
            )?;
            for kbd in &self.keyboards {
                let path = kbd.path.as_deref().unwrap_or("");
                writeln!(f, "  evdev:{}  ({path})", kbd.name)?;
            }
        }
        for problem in &self.problems {
            writeln!(f, "Note: {problem}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_list_says_so_in_sentences() {
        let text = DeviceList::default().to_string();
        assert_eq!(
            text,
            "No game controllers are connected.\nNo keyboard-class input devices (pedals, switches, big buttons) are readable here.\n"
        );
    }

    #[test]
    fn devices_are_listed_as_bindings_name_them() {
        let list = DeviceList {
            gamepads: vec![
                DeviceId::gamepad([1; 16], "Big Buttons"),
                DeviceId::gamepad([2; 16], "Pad"),
            ],
            without_rumble: vec!["01010101010101010101010101010101".into()],
            keyboards: vec![DeviceId::evdev("Foot Switch", "/dev/input/event5")],
            problems: vec!["cannot open /dev/input/event7: permission denied".into()],
        };
        let text = list.to_string();
        assert!(
            text.contains("  uuid:01010101010101010101010101010101  Big Buttons  (no rumble: `haptic = true` cannot be felt on it)\n"),
            "{text}"
        );
        assert!(
            text.contains("  uuid:02020202020202020202020202020202  Pad  (rumble)\n"),
            "{text}"
        );
        assert!(
            text.contains("  evdev:Foot Switch  (/dev/input/event5)\n"),
            "{text}"
        );
        assert!(
            text.contains("Note: cannot open /dev/input/event7"),
            "{text}"
        );
    }
}
