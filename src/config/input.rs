//! The `[input]` section: which device button does what, the press lockout and the long press.
//!
//! Raw serde structs mirror the TOML (with spans); [`input_config`] validates them into an
//! [`InputConfig`], reporting each problem with its line and column through the [`Collector`].

use super::diagnostic::Collector;
use super::Mode;
use crate::clock::time::{parse_duration, Ms};
use crate::hearing::Listener;
use serde::Deserialize;
use std::str::FromStr;
use toml::Spanned;

/// `[input]` as written.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawInputSection {
    /// After an accepted press, further presses of that button are ignored this long.
    pub lockout: Option<Spanned<String>>,
    /// Holding a `time` button this long gives the spoken help instead of the time.
    pub long_press: Option<Spanned<String>>,
    /// Grab the evdev devices named in bindings, so their keys reach no other program.
    pub grab: Option<bool>,
    /// `[[input.binding]]`, in order.
    #[serde(default)]
    pub binding: Vec<Spanned<RawBinding>>,
}

/// `[[input.binding]]` as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawBinding {
    /// `any`, `uuid:HEX`, `evdev:NAME`, `path:/dev/input/…` or `terminal`.
    pub device: Option<Spanned<String>>,
    /// A gilrs button name, an evdev key name or a terminal key.
    pub button: Option<Spanned<String>>,
    /// What the button does.
    pub action: Option<Spanned<String>>,
    /// `white`, `black` or `arbiter`.
    pub side: Option<Spanned<String>>,
}

/// Which devices a binding listens to.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum DeviceMatch {
    /// Every device.
    Any,
    /// A game controller with this gilrs uuid (32 lowercase hex digits).
    Uuid(String),
    /// A keyboard-class evdev device with this name.
    Evdev(String),
    /// An evdev device at this path.
    Path(String),
    /// The terminal's keyboard.
    Terminal,
}

impl DeviceMatch {
    /// Reads `any`, `uuid:…`, `evdev:…`, `path:…` or `terminal`.
    pub fn parse(text: &str) -> Result<DeviceMatch, String> {
        let text = text.trim();
        if text == "any" {
            return Ok(DeviceMatch::Any);
        }
        if text == "terminal" {
            return Ok(DeviceMatch::Terminal);
        }
        if let Some(hex) = text.strip_prefix("uuid:") {
            let hex: String = hex.chars().filter(|c| *c != '-').collect();
            if hex.len() == 32 && hex.chars().all(|c| c.is_ascii_hexdigit()) {
                return Ok(DeviceMatch::Uuid(hex.to_ascii_lowercase()));
            }
            return Err(format!(
                "`{text}`: a uuid is 32 hex digits (as `talkclock devices` prints it)"
            ));
        }
        if let Some(name) = text.strip_prefix("evdev:") {
            if !name.trim().is_empty() {
                return Ok(DeviceMatch::Evdev(name.trim().to_string()));
            }
            return Err("`evdev:` needs the device's name, e.g. \"evdev:USB Foot Switch\"".into());
        }
        if let Some(path) = text.strip_prefix("path:") {
            if path.starts_with('/') {
                return Ok(DeviceMatch::Path(path.to_string()));
            }
            return Err(format!(
                "`{text}`: a path starts with /, e.g. \"path:/dev/input/by-id/usb-…-event-kbd\""
            ));
        }
        Err(format!(
            "`{text}` is not a device; expected \"any\", \"uuid:HEX\", \"evdev:NAME\", \"path:/dev/input/…\" or \"terminal\""
        ))
    }
}

impl std::fmt::Display for DeviceMatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DeviceMatch::Any => f.write_str("any"),
            DeviceMatch::Uuid(hex) => write!(f, "uuid:{hex}"),
            DeviceMatch::Evdev(name) => write!(f, "evdev:{name}"),
            DeviceMatch::Path(path) => write!(f, "path:{path}"),
            DeviceMatch::Terminal => f.write_str("terminal"),
        }
    }
}

/// What a bound button does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ActionKind {
    /// Complete a move: stop one's clock, start the opponent's.
    Press,
    /// Tell one's own time (a long press: the spoken help).
    Time,
    /// Tell the opponent's time.
    OpponentTime,
    /// Repeat the last announcement.
    Repeat,
    /// A player stops the clock (1.7.11).
    Stop,
    /// Louder.
    VolumeUp,
    /// Quieter.
    VolumeDown,
    /// Faster speech for this listener.
    RateUp,
    /// Slower speech for this listener.
    RateDown,
    /// Say what each of the listener's buttons does.
    Help,
    /// The arbiter pauses.
    Pause,
    /// The arbiter resumes.
    Resume,
    /// The arbiter starts the clock.
    Start,
    /// A clock check (1.7.5): the control and both times.
    ClockCheck,
}

impl ActionKind {
    /// Every action with its name in the file.
    pub const ALL: [(&'static str, ActionKind); 14] = [
        ("press", ActionKind::Press),
        ("time", ActionKind::Time),
        ("opponent_time", ActionKind::OpponentTime),
        ("repeat", ActionKind::Repeat),
        ("stop", ActionKind::Stop),
        ("volume_up", ActionKind::VolumeUp),
        ("volume_down", ActionKind::VolumeDown),
        ("rate_up", ActionKind::RateUp),
        ("rate_down", ActionKind::RateDown),
        ("help", ActionKind::Help),
        ("pause", ActionKind::Pause),
        ("resume", ActionKind::Resume),
        ("start", ActionKind::Start),
        ("clock_check", ActionKind::ClockCheck),
    ];

    /// The name used in the file.
    pub fn name(self) -> &'static str {
        ActionKind::ALL
            .iter()
            .find(|(_, kind)| *kind == self)
            .map_or("?", |(name, _)| name)
    }

    /// Actions on a player's own clock: they need `side = "white"` or `"black"`.
    pub fn is_player_only(self) -> bool {
        matches!(
            self,
            ActionKind::Press | ActionKind::Time | ActionKind::OpponentTime | ActionKind::Stop
        )
    }

    /// Actions that only the arbiter may take in a tournament.
    pub fn is_arbiters(self) -> bool {
        matches!(
            self,
            ActionKind::Pause | ActionKind::Resume | ActionKind::Start | ActionKind::ClockCheck
        )
    }
}

/// One validated binding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Binding {
    /// Which devices.
    pub device: DeviceMatch,
    /// Which button, as the device names it.
    pub button: String,
    /// What it does.
    pub action: ActionKind,
    /// Whose button it is: `White`, `Black` or `Arbiter`.
    pub listener: Listener,
}

/// The validated `[input]` section.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputConfig {
    /// Milliseconds during which a button is deaf after an accepted press.
    pub lockout: Ms,
    /// Milliseconds a `time` button must be held to give the spoken help.
    pub long_press: Ms,
    /// Grab named evdev devices exclusively.
    pub grab: bool,
    /// The bindings, in the file's order.
    pub bindings: Vec<Binding>,
}

/// The lockout when none is configured.
pub const DEFAULT_LOCKOUT: Ms = 150;
/// The long press when none is configured.
pub const DEFAULT_LONG_PRESS: Ms = 1_000;

impl Default for InputConfig {
    fn default() -> InputConfig {
        InputConfig {
            lockout: DEFAULT_LOCKOUT,
            long_press: DEFAULT_LONG_PRESS,
            grab: false,
            bindings: Vec::new(),
        }
    }
}

/// The gilrs button names (as gilrs's `Button` prints them).
pub const GAMEPAD_BUTTONS: [&str; 19] = [
    "South",
    "East",
    "North",
    "West",
    "C",
    "Z",
    "LeftTrigger",
    "LeftTrigger2",
    "RightTrigger",
    "RightTrigger2",
    "Select",
    "Start",
    "Mode",
    "LeftThumb",
    "RightThumb",
    "DPadUp",
    "DPadDown",
    "DPadLeft",
    "DPadRight",
];

/// Named terminal keys (besides single printable characters).
pub const TERMINAL_KEYS: [&str; 10] = [
    "Enter",
    "Space",
    "Tab",
    "Backspace",
    "Esc",
    "Up",
    "Down",
    "Left",
    "Right",
    "Delete",
];

fn is_gamepad_button(name: &str) -> bool {
    GAMEPAD_BUTTONS.contains(&name)
        || name
            .strip_prefix("code:")
            .is_some_and(|n| n.parse::<u32>().is_ok())
}

fn is_evdev_key(name: &str) -> bool {
    evdev::KeyCode::from_str(name).is_ok()
}

fn is_terminal_key(name: &str) -> bool {
    let mut chars = name.chars();
    let single =
        matches!((chars.next(), chars.next()), (Some(c), None) if !c.is_control() && c != ' ');
    single || TERMINAL_KEYS.contains(&name)
}

/// Why `button` cannot be a button of `device`, if it cannot.
pub fn button_problem(device: &DeviceMatch, button: &str) -> Option<String> {
    let ok = match device {
        DeviceMatch::Uuid(_) => is_gamepad_button(button),
        DeviceMatch::Evdev(_) | DeviceMatch::Path(_) => is_evdev_key(button),
        DeviceMatch::Terminal => is_terminal_key(button),
        DeviceMatch::Any => {
            is_gamepad_button(button) || is_evdev_key(button) || is_terminal_key(button)
        }
    };
    if ok {
        return None;
    }
    let expected = match device {
        DeviceMatch::Uuid(_) => "a game controller button (South, East, North, West, LeftTrigger, RightTrigger, Start, Select, DPadLeft, … or code:N)",
        DeviceMatch::Evdev(_) | DeviceMatch::Path(_) => "an evdev key name such as KEY_SPACE or BTN_0",
        DeviceMatch::Terminal => "a terminal key: one character, or Enter, Space, Tab, Backspace, Esc, Up, Down, Left, Right, Delete",
        DeviceMatch::Any => "a controller button (South, LeftTrigger, …), an evdev key (KEY_SPACE) or a terminal key (w, Enter)",
    };
    Some(format!(
        "`button` \"{button}\" is not a button of device \"{device}\"; expected {expected}"
    ))
}

/// Validates `[input]`; without the section, no bindings and the default timings.
pub fn input_config(c: &mut Collector, raw: &RawInputSection, mode: Mode) -> InputConfig {
    let mut config = InputConfig {
        grab: raw.grab.unwrap_or(false),
        ..InputConfig::default()
    };
    if let Some(ms) = timing(c, raw.lockout.as_ref(), "lockout", 0, 1_000) {
        config.lockout = ms;
    }
    if let Some(ms) = timing(c, raw.long_press.as_ref(), "long_press", 300, 5_000) {
        config.long_press = ms;
    }
    let mut seen: Vec<(DeviceMatch, String, usize)> = Vec::new();
    for spanned in &raw.binding {
        let Some(binding) = binding(c, spanned, mode) else {
            continue;
        };
        let line = super::diagnostic::line_column(c.source(), spanned.span().start).0;
        let key = (binding.device.clone(), binding.button.clone());
        if let Some((_, _, first)) = seen.iter().find(|(d, b, _)| (d, b) == (&key.0, &key.1)) {
            let span = spanned
                .get_ref()
                .button
                .as_ref()
                .map_or(spanned.span(), |b| b.span());
            c.at(
                span,
                format!(
                    "button \"{}\" of device \"{}\" is already bound by the binding at line {first}; one button does one thing",
                    binding.button, binding.device
                ),
            );
            continue;
        }
        seen.push((key.0, key.1, line));
        config.bindings.push(binding);
    }
    config
}

fn timing(
    c: &mut Collector,
    value: Option<&Spanned<String>>,
    key: &str,
    min: Ms,
    max: Ms,
) -> Option<Ms> {
    let value = value?;
    match parse_duration(value.get_ref()) {
        Ok(ms) if (min..=max).contains(&ms) => Some(ms),
        Ok(_) => {
            c.at(
                value.span(),
                format!(
                    "`{key}` must be from {} to {} seconds",
                    min as f64 / 1000.0,
                    max as f64 / 1000.0
                ),
            );
            None
        }
        Err(e) => {
            c.at(value.span(), format!("`{key}`: {e}"));
            None
        }
    }
}

fn binding(c: &mut Collector, spanned: &Spanned<RawBinding>, mode: Mode) -> Option<Binding> {
    let raw = spanned.get_ref();
    let device = match &raw.device {
        None => Some(DeviceMatch::Any),
        Some(value) => match DeviceMatch::parse(value.get_ref()) {
            Ok(device) => Some(device),
            Err(message) => {
                c.at(value.span(), format!("`device`: {message}"));
                None
            }
        },
    };
    let action = match &raw.action {
        None => {
            c.at(
                spanned.span(),
                "this [[input.binding]] has no `action`, e.g. action = \"press\"",
            );
            None
        }
        Some(value) => match ActionKind::ALL.iter().find(|(n, _)| n == value.get_ref()) {
            Some((_, kind)) => Some(*kind),
            None => {
                let names: Vec<&str> = ActionKind::ALL.iter().map(|(n, _)| *n).collect();
                c.at(
                    value.span(),
                    format!(
                        "`action` cannot be \"{}\"; expected one of {}",
                        value.get_ref(),
                        names.join(", ")
                    ),
                );
                None
            }
        },
    };
    let button = match &raw.button {
        None => {
            c.at(
                spanned.span(),
                "this [[input.binding]] has no `button`, e.g. button = \"South\"",
            );
            None
        }
        Some(value) => Some(value),
    };
    let listener = listener(c, spanned, action, mode);
    let (device, action, button, listener) = (device?, action?, button?, listener?);
    if let Some(problem) = button_problem(&device, button.get_ref()) {
        c.at(button.span(), problem);
        return None;
    }
    Some(Binding {
        device,
        button: button.get_ref().clone(),
        action,
        listener,
    })
}

fn listener(
    c: &mut Collector,
    spanned: &Spanned<RawBinding>,
    action: Option<ActionKind>,
    mode: Mode,
) -> Option<Listener> {
    let raw = spanned.get_ref();
    let Some(value) = &raw.side else {
        return match action {
            Some(kind) if kind.is_arbiters() => Some(Listener::Arbiter),
            Some(kind) => {
                c.at(
                    spanned.span(),
                    format!(
                        "this `{}` binding has no `side`: say whose button it is, side = \"white\" or \"black\"",
                        kind.name()
                    ),
                );
                None
            }
            None => None,
        };
    };
    let listener = match value.get_ref().as_str() {
        "white" => Listener::White,
        "black" => Listener::Black,
        "arbiter" => Listener::Arbiter,
        other => {
            c.at(
                value.span(),
                format!(
                    "`side` cannot be \"{other}\"; expected \"white\", \"black\" or \"arbiter\""
                ),
            );
            return None;
        }
    };
    let action = action?;
    if action.is_player_only() && listener == Listener::Arbiter {
        c.at(
            value.span(),
            format!(
                "`{}` acts on a player's own clock: side must be \"white\" or \"black\", not \"arbiter\"",
                action.name()
            ),
        );
        return None;
    }
    if action.is_arbiters() && listener != Listener::Arbiter && mode == Mode::Tournament {
        c.at(
            value.span(),
            format!(
                "`{}` is the arbiter's action: in a tournament a player's button may not pause, resume, start the clock or ask for a clock check; use side = \"arbiter\" (or mode = \"practice\")",
                action.name()
            ),
        );
        return None;
    }
    Some(listener)
}
