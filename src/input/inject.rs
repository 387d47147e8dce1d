//! Injected events, a testing aid: a file with one `DEVICE BUTTON` per line stands in for the
//! real devices (`talkclock learn --inject FILE`).
//!
//! `DEVICE` is written as in a binding (`uuid:HEX`, `evdev:NAME`, `path:/dev/input/…`,
//! `terminal`); `BUTTON` is the last word of the line, so evdev names may contain spaces.
//! Blank lines and lines starting with `#` are skipped. Each line is a press followed by a
//! release 100 ms later; lines are one second apart, so no lockout swallows them.

use super::device::{DeviceId, DeviceKind};
use super::event::{RawInput, SourceEvent};
use crate::input::bindings::DeviceMatch;
use std::time::{Duration, Instant};

/// A bad line of an events file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{origin}:{line}: {message}")]
pub struct InjectError {
    /// The file's name.
    pub origin: String,
    /// 1-based line.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// The device a `DEVICE` word stands for.
pub fn device_of(word: &str) -> Result<DeviceId, crate::input::bindings::DeviceError> {
    match DeviceMatch::parse(word)? {
        DeviceMatch::Uuid(hex) => Ok(DeviceId {
            kind: DeviceKind::Gamepad,
            uuid: Some(hex),
            name: "injected controller".to_string(),
            path: None,
        }),
        DeviceMatch::Evdev(name) => Ok(DeviceId {
            kind: DeviceKind::Evdev,
            uuid: None,
            name,
            path: None,
        }),
        DeviceMatch::Path(path) => Ok(DeviceId {
            kind: DeviceKind::Evdev,
            uuid: None,
            name: path.clone(),
            path: Some(path),
        }),
        DeviceMatch::Terminal => Ok(DeviceId::terminal()),
        DeviceMatch::Any => Err(crate::input::bindings::DeviceError::NotOne),
    }
}

/// A `DEVICE BUTTON` line read: the device, and the button (the line's last word).
pub fn device_button(line: &str) -> Result<(DeviceId, &str), String> {
    let Some((device, button)) = line.rsplit_once(char::is_whitespace) else {
        return Err(format!(
            "`{line}`: expected DEVICE BUTTON, e.g. `terminal w` or `uuid:0300…  South`"
        ));
    };
    let device = device_of(device.trim()).map_err(|e| e.to_string())?;
    Ok((device, button))
}

/// An injected change of `button` on `device` at `at` (no kernel stamp, no repeat).
pub fn injected(device: &DeviceId, button: &str, at: Instant, pressed: bool) -> RawInput {
    RawInput {
        at,
        device: device.clone(),
        button: button.to_string(),
        pressed,
        repeat: false,
        lag: None,
    }
}

/// Reads an events file into source events, the first press at `start`.
pub fn parse_events(
    text: &str,
    origin: &str,
    start: Instant,
) -> Result<Vec<SourceEvent>, InjectError> {
    let mut events = Vec::new();
    let mut n: u64 = 0;
    for (index, line) in text.lines().enumerate() {
        let fail = |message: String| InjectError {
            origin: origin.to_string(),
            line: index + 1,
            message,
        };
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (device, button) = device_button(line).map_err(fail)?;
        let at = start + Duration::from_secs(n);
        n += 1;
        let raw = |at, pressed| SourceEvent::Button(injected(&device, button, at, pressed));
        events.push(raw(at, true));
        events.push(raw(at + Duration::from_millis(100), false));
    }
    Ok(events)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_line_is_a_tap_and_names_may_hold_spaces() {
        let start = Instant::now();
        let text = "# White's pedal\nevdev:USB Foot Switch KEY_B\n\nterminal w\n";
        let events = match parse_events(text, "events", start) {
            Ok(events) => events,
            Err(e) => panic!("{e}"),
        };
        assert_eq!(events.len(), 4);
        let SourceEvent::Button(first) = &events[0] else {
            panic!("a button first");
        };
        assert_eq!(first.device.name, "USB Foot Switch");
        assert_eq!(first.button, "KEY_B");
        assert!(first.pressed);
        assert_eq!(events[2].at(), start + Duration::from_secs(1));
    }

    #[test]
    fn a_bad_line_is_named() {
        let err = parse_events("terminal w\nany South\n", "ev.txt", Instant::now());
        let Err(err) = err else {
            panic!("`any` is not a device that pressed");
        };
        assert_eq!(err.line, 2);
        assert!(err.to_string().starts_with("ev.txt:2: "), "{err}");
        let err = parse_events("lonely\n", "ev.txt", Instant::now());
        assert!(matches!(err, Err(InjectError { line: 1, .. })));
    }
}
