//! The keyboard-class reader: foot pedals, switch interfaces and big buttons that send key
//! presses, read through Linux evdev, optionally grabbed so their keys reach no other program.
//!
//! Each open device has a thread; a watcher looks for wanted devices every second, so an
//! unplugged pedal is reported lost and comes back under its name when plugged in again.

use super::device::DeviceId;
use super::event::{RawInput, SourceEvent};
use super::kernel_time;
use crate::input::bindings::{DeviceMatch, InputConfig};
use crossbeam_channel::Sender;
use evdev::{Device, EventSummary, KeyCode};
use std::collections::HashSet;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Where evdev device nodes live.
pub const INPUT_DIR: &str = "/dev/input";

/// Why an evdev device could not be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EvdevError {
    /// The node exists but this user may not read it.
    #[error("cannot open {path} (\"{name}\"): permission denied; add this user to the `talkclock` group and install config/99-talkclock-input.rules (see the README), then plug the device in again")]
    Denied {
        /// The node.
        path: String,
        /// The device's name (from sysfs), or `unknown`.
        name: String,
    },
    /// Another program holds the device exclusively, or another error.
    #[error("cannot use {path} (\"{name}\"): {reason}")]
    Other {
        /// The node.
        path: String,
        /// The device's name.
        name: String,
        /// What went wrong.
        reason: String,
    },
}

/// A key's name in bindings (`KEY_SPACE`, `BTN_0`), or `code:N` when evdev has none.
pub fn key_name(code: KeyCode) -> String {
    let name = format!("{code:?}");
    if name.starts_with("unknown") {
        format!("code:{}", code.code())
    } else {
        name
    }
}

/// One evdev event as a source event: key events only (1 down, 0 up, 2 auto-repeat); `lag`
/// is how long after the kernel's stamp it was read, where the kernel stamps it.
pub fn convert(
    device: &DeviceId,
    event: &evdev::InputEvent,
    at: Instant,
    lag: Option<std::time::Duration>,
) -> Option<SourceEvent> {
    match event.destructure() {
        EventSummary::Key(_, code, value) => Some(SourceEvent::Button(RawInput {
            at,
            device: device.clone(),
            button: key_name(code),
            pressed: value != 0,
            repeat: value == 2,
            lag,
        })),
        _ => None,
    }
}

/// Whether the evdev reader takes a device with these keys and this many absolute axes: it
/// has keyboard keys or the generic `BTN_0`…`BTN_9` (switch interfaces), or it is a button box
/// with joystick or gamepad buttons but fewer than two axes, which gilrs does not take as a
/// controller. Mice, and controllers that gilrs reads, are left out.
pub fn is_keyboard_class(keys: impl IntoIterator<Item = KeyCode>, axes: usize) -> bool {
    keys.into_iter().any(|k| {
        let code = k.code();
        (1..0x100).contains(&code)
            || (0x100..=0x109).contains(&code)
            || (axes < 2 && (0x120..0x140).contains(&code))
    })
}

/// Whether the evdev reader takes this device (see [`is_keyboard_class`]).
pub fn device_is_keyboard_class(device: &Device) -> bool {
    let axes = device
        .supported_absolute_axes()
        .map_or(0, |axes| axes.iter().count());
    device
        .supported_keys()
        .is_some_and(|keys| is_keyboard_class(keys.iter(), axes))
}

/// The name sysfs gives an event node (readable without access to the node).
pub fn sysfs_name(path: &Path) -> String {
    let node = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    std::fs::read_to_string(format!("/sys/class/input/{node}/device/name"))
        .map(|n| n.trim().to_string())
        .unwrap_or_else(|_| "unknown".to_string())
}

/// The event nodes under `/dev/input`, sorted (none when the directory is missing).
pub fn event_nodes() -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(INPUT_DIR) else {
        return Vec::new();
    };
    let mut nodes: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("event"))
        })
        .collect();
    nodes.sort();
    nodes
}

/// Opens one node, naming the device in the error.
pub fn open(path: &Path) -> Result<(Device, DeviceId), EvdevError> {
    let shown = path.display().to_string();
    match Device::open(path) {
        Ok(device) => {
            let name = device
                .name()
                .map_or_else(|| sysfs_name(path), str::to_string);
            let id = DeviceId::evdev(&name, &shown);
            Ok((device, id))
        }
        Err(e) if e.kind() == ErrorKind::PermissionDenied => Err(EvdevError::Denied {
            path: shown,
            name: sysfs_name(path),
        }),
        Err(e) => Err(EvdevError::Other {
            path: shown,
            name: sysfs_name(path),
            reason: e.to_string(),
        }),
    }
}

/// The path a `path:` binding names for this node (a symlink such as
/// `/dev/input/by-path/…-event-kbd` resolves to it), so the binding matches the device.
pub fn alias(named: &[DeviceMatch], node: &Path) -> Option<String> {
    let node = std::fs::canonicalize(node).ok()?;
    named.iter().find_map(|wanted| match wanted {
        DeviceMatch::Path(path) => {
            let resolved = std::fs::canonicalize(path).ok()?;
            (resolved == node).then(|| path.clone())
        }
        _ => None,
    })
}

/// Which evdev devices the bindings want: those named, and every keyboard-class device when
/// an `any` binding uses an evdev key name.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Wanted {
    /// Named devices (`evdev:` or `path:` bindings); grabbed when `grab` is set.
    pub named: Vec<DeviceMatch>,
    /// Whether every keyboard-class device is read.
    pub all_keyboards: bool,
    /// Grab named devices exclusively.
    pub grab: bool,
}

impl Wanted {
    /// What the configuration needs from evdev.
    pub fn from_config(config: &InputConfig) -> Wanted {
        let mut named = Vec::new();
        let mut all_keyboards = false;
        for binding in &config.bindings {
            match &binding.device {
                DeviceMatch::Evdev(_) | DeviceMatch::Path(_) => {
                    if !named.contains(&binding.device) {
                        named.push(binding.device.clone());
                    }
                }
                DeviceMatch::Any => {
                    all_keyboards |= KeyCode::from_str(&binding.button).is_ok();
                }
                DeviceMatch::Uuid(_) | DeviceMatch::Terminal => {}
            }
        }
        Wanted {
            named,
            all_keyboards,
            grab: config.grab,
        }
    }

    /// Whether anything is wanted at all.
    pub fn is_empty(&self) -> bool {
        self.named.is_empty() && !self.all_keyboards
    }

    fn is_named(&self, device: &DeviceId) -> bool {
        self.named.iter().any(|m| device.matches(m))
    }
}

/// Starts the evdev reader. A named device that exists but cannot be opened is an error naming
/// it; devices that are absent are waited for.
pub fn spawn(wanted: Wanted, tx: Sender<SourceEvent>) -> Result<JoinHandle<()>, EvdevError> {
    let mut watcher = Watcher {
        wanted,
        open: HashSet::new(),
        tx,
        first: true,
    };
    let (closed_tx, closed_rx) = crossbeam_channel::unbounded::<String>();
    watcher.scan(&closed_tx)?;
    watcher.first = false;
    std::thread::Builder::new()
        .name("input-evdev".into())
        .spawn(move || loop {
            std::thread::sleep(Duration::from_secs(1));
            for path in closed_rx.try_iter() {
                watcher.open.remove(&path);
            }
            // Errors after start (a device plugged in without access) are retried quietly.
            let _ = watcher.scan(&closed_tx);
        })
        .map_err(|e| EvdevError::Other {
            path: INPUT_DIR.to_string(),
            name: "evdev watcher".to_string(),
            reason: e.to_string(),
        })
}

struct Watcher {
    wanted: Wanted,
    open: HashSet<String>,
    tx: Sender<SourceEvent>,
    first: bool,
}

impl Watcher {
    fn scan(&mut self, closed: &Sender<String>) -> Result<(), EvdevError> {
        for path in event_nodes() {
            let shown = path.display().to_string();
            if self.open.contains(&shown) {
                continue;
            }
            let known_as = alias(&self.wanted.named, &path).unwrap_or_else(|| shown.clone());
            let (mut device, mut id) = match open(&path) {
                Ok(found) => found,
                Err(e) => {
                    let name = sysfs_name(&path);
                    let probe = DeviceId::evdev(&name, &known_as);
                    if self.first && self.wanted.is_named(&probe) {
                        return Err(e);
                    }
                    continue;
                }
            };
            id.path = Some(known_as);
            let named = self.wanted.is_named(&id);
            let keyboard = device_is_keyboard_class(&device);
            if !(named || (self.wanted.all_keyboards && keyboard)) {
                continue;
            }
            if named && self.wanted.grab {
                if let Err(e) = device.grab() {
                    if self.first {
                        return Err(EvdevError::Other {
                            path: shown,
                            name: id.name,
                            reason: format!(
                                "cannot grab it exclusively ({e}); is another program holding it?"
                            ),
                        });
                    }
                    continue;
                }
            }
            if self.start_reader(device, id, shown.clone(), closed.clone()) {
                self.open.insert(shown);
            }
        }
        Ok(())
    }

    /// Starts a reader thread; false when no thread could be started (retried later).
    fn start_reader(
        &self,
        mut device: Device,
        id: DeviceId,
        node: String,
        closed: Sender<String>,
    ) -> bool {
        let tx = self.tx.clone();
        let at = Instant::now();
        let _ = tx.send(SourceEvent::Connected {
            at,
            device: id.clone(),
        });
        if let Ok(held) = device.get_key_state() {
            for code in held.iter() {
                let _ = tx.send(SourceEvent::HeldAtStart(RawInput {
                    at,
                    device: id.clone(),
                    button: key_name(code),
                    pressed: true,
                    repeat: false,
                    lag: None,
                }));
            }
        }
        std::thread::Builder::new()
            .name(format!("input-evdev {node}"))
            .spawn(move || {
                // Presses keep the instant the kernel stamped them (see `kernel_time`).
                let kernel_stamps = match kernel_time::use_monotonic_clock(&device) {
                    Ok(()) => true,
                    Err(e) => {
                        tracing::warn!(
                            "{node}: the kernel cannot stamp its events on the monotonic \
                             clock ({e}); presses are stamped when read"
                        );
                        false
                    }
                };
                // An error (ENODEV when unplugged) ends the reader.
                while let Ok(events) = device.fetch_events() {
                    let (now, mono_now) = (Instant::now(), kernel_time::monotonic_now());
                    for event in events {
                        let (at, lag) = if kernel_stamps {
                            let at = kernel_time::instant_of(
                                kernel_time::stamp_of(&event),
                                mono_now,
                                now,
                            );
                            (at, Some(now.saturating_duration_since(at)))
                        } else {
                            (now, None)
                        };
                        if let Some(converted) = convert(&id, &event, at, lag) {
                            if tx.send(converted).is_err() {
                                return;
                            }
                        }
                    }
                }
                let _ = tx.send(SourceEvent::Disconnected {
                    at: Instant::now(),
                    device: id,
                });
                let _ = closed.send(node);
            })
            .is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use evdev::{EventType, InputEvent};

    #[test]
    fn key_events_become_presses_releases_and_repeats() {
        let pedal = DeviceId::evdev("Foot Switch", "/dev/input/event5");
        let at = Instant::now();
        let space = KeyCode::KEY_SPACE.code();
        let down = InputEvent::new(EventType::KEY.0, space, 1);
        let repeat = InputEvent::new(EventType::KEY.0, space, 2);
        let up = InputEvent::new(EventType::KEY.0, space, 0);
        let sync = InputEvent::new(EventType::SYNCHRONIZATION.0, 0, 0);
        let raw = |e: &InputEvent| match convert(&pedal, e, at, None) {
            Some(SourceEvent::Button(raw)) => Some((raw.button, raw.pressed, raw.repeat)),
            _ => None,
        };
        assert_eq!(raw(&down), Some(("KEY_SPACE".to_string(), true, false)));
        assert_eq!(raw(&repeat), Some(("KEY_SPACE".to_string(), true, true)));
        assert_eq!(raw(&up), Some(("KEY_SPACE".to_string(), false, false)));
        assert_eq!(raw(&sync), None);
    }

    #[test]
    fn pedals_switches_and_button_boxes_are_read_but_mice_and_gamepads_are_not() {
        assert!(is_keyboard_class([KeyCode::KEY_B], 0));
        assert!(is_keyboard_class([KeyCode::BTN_0], 0));
        assert!(!is_keyboard_class(
            [KeyCode::BTN_LEFT, KeyCode::BTN_RIGHT],
            2
        ));
        // A gamepad with sticks is gilrs's; a button box without axes is not.
        assert!(!is_keyboard_class(
            [KeyCode::BTN_SOUTH, KeyCode::BTN_EAST],
            4
        ));
        assert!(is_keyboard_class(
            [KeyCode::BTN_TRIGGER, KeyCode::BTN_THUMB],
            0
        ));
    }

    #[test]
    fn a_device_that_cannot_be_opened_is_named_in_the_error() {
        let missing = Path::new("/nonexistent/input/event42");
        let Err(EvdevError::Other { path, name, .. }) = open(missing) else {
            panic!("a missing node cannot be opened");
        };
        assert_eq!(path, "/nonexistent/input/event42");
        assert_eq!(name, "unknown");
        let denied = EvdevError::Denied {
            path: "/dev/input/event5".into(),
            name: "USB Foot Switch".into(),
        };
        let text = denied.to_string();
        assert!(
            text.starts_with("cannot open /dev/input/event5 (\"USB Foot Switch\"): permission denied; add this user to the `talkclock` group"),
            "{text}"
        );
        assert!(text.contains("config/99-talkclock-input.rules"), "{text}");
    }

    #[test]
    fn a_path_binding_through_a_symlink_names_the_node_it_points_to() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let node = dir.path().join("event7");
        std::fs::write(&node, "").unwrap_or_else(|e| panic!("{e}"));
        let link = dir.path().join("usb-pedal-event-kbd");
        std::os::unix::fs::symlink(&node, &link).unwrap_or_else(|e| panic!("{e}"));
        let link_text = link.display().to_string();
        let named = vec![
            DeviceMatch::Evdev("Pedal".into()),
            DeviceMatch::Path(link_text.clone()),
        ];
        assert_eq!(alias(&named, &node), Some(link_text.clone()));
        assert_eq!(alias(&named, &dir.path().join("event8")), None);
        let id = DeviceId::evdev("Pedal", &link_text);
        assert!(id.matches(&DeviceMatch::Path(link_text)));
    }

    #[test]
    fn the_bindings_say_which_devices_to_open() {
        let text = "[[input.binding]]\ndevice = \"evdev:Foot Switch\"\nbutton = \"KEY_B\"\naction = \"press\"\nside = \"white\"\n\
                    [[input.binding]]\ndevice = \"any\"\nbutton = \"South\"\naction = \"press\"\nside = \"black\"\n";
        let config = crate::input::tests_support::config_with(text);
        let wanted = Wanted::from_config(&config.input);
        assert_eq!(wanted.named, vec![DeviceMatch::Evdev("Foot Switch".into())]);
        assert!(!wanted.all_keyboards, "South is a controller button");
    }
}
