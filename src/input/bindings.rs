//! Bindings: which device button does what, for whom, with the press lockout and the long
//! press. Built by `config` from the `[input]` section; read by the mapper, the readers, the
//! help and learn mode.

use crate::clock::time::Ms;
use crate::hearing::Listener;
use std::str::FromStr;

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

/// Why a device word names no device (each names the word as written).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DeviceError {
    /// `uuid:` without 32 hex digits.
    #[error("`{0}`: a uuid is 32 hex digits (as `talkclock devices` prints it)")]
    Uuid(String),
    /// `evdev:` without a name.
    #[error("`evdev:` needs the device's name, e.g. \"evdev:USB Foot Switch\"")]
    EvdevName,
    /// `path:` not absolute.
    #[error("`{0}`: a path starts with /, e.g. \"path:/dev/input/by-id/usb-…-event-kbd\"")]
    Path(String),
    /// No kind of device at all.
    #[error(
        "`{0}` is not a device; expected \"any\", \"uuid:HEX\", \"evdev:NAME\", \
         \"path:/dev/input/…\" or \"terminal\""
    )]
    Unknown(String),
    /// `any` where one device must be named.
    #[error("\"any\" is not one device; name the device that pressed")]
    NotOne,
}

impl DeviceMatch {
    /// Reads `any`, `uuid:…`, `evdev:…`, `path:…` or `terminal`.
    pub fn parse(text: &str) -> Result<DeviceMatch, DeviceError> {
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
            return Err(DeviceError::Uuid(text.to_string()));
        }
        if let Some(name) = text.strip_prefix("evdev:") {
            if !name.trim().is_empty() {
                return Ok(DeviceMatch::Evdev(name.trim().to_string()));
            }
            return Err(DeviceError::EvdevName);
        }
        if let Some(path) = text.strip_prefix("path:") {
            if path.starts_with('/') {
                return Ok(DeviceMatch::Path(path.to_string()));
            }
            return Err(DeviceError::Path(text.to_string()));
        }
        Err(DeviceError::Unknown(text.to_string()))
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
    /// Tell the moves completed and the time used by both sides (FIDE D.2.10.4).
    Moves,
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
    /// Between games: the spoken set-up menu (in the menu: back).
    Setup,
}

impl ActionKind {
    /// Every action with its name in the file.
    pub const ALL: [(&'static str, ActionKind); 16] = [
        ("press", ActionKind::Press),
        ("time", ActionKind::Time),
        ("opponent_time", ActionKind::OpponentTime),
        ("moves", ActionKind::Moves),
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
        ("setup", ActionKind::Setup),
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
            ActionKind::Press
                | ActionKind::Time
                | ActionKind::OpponentTime
                | ActionKind::Moves
                | ActionKind::Stop
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

/// Why a player has no controller of his own to vibrate.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NoOwnController {
    /// No `press` binding of his names a controller by uuid.
    #[error("{0}'s press button is not on a game controller named by its uuid")]
    NotNamed(&'static str),
    /// His controller also carries the other player's press button.
    #[error("{0}'s controller also carries the other player's press button")]
    Shared(&'static str),
}

impl InputConfig {
    /// The uuid of `player`'s own game controller: the one his `press` button is bound on,
    /// when no other player's press is bound there too (a shared controller would vibrate
    /// in the opponent's hands).
    pub fn own_controller(&self, player: Listener) -> Result<String, NoOwnController> {
        let name = player.name();
        let uuid = self
            .bindings
            .iter()
            .filter(|b| b.action == ActionKind::Press && b.listener == player)
            .find_map(|b| match &b.device {
                DeviceMatch::Uuid(uuid) => Some(uuid.clone()),
                _ => None,
            })
            .ok_or(NoOwnController::NotNamed(name))?;
        let shared = self.bindings.iter().any(|b| {
            b.action == ActionKind::Press
                && b.listener != player
                && matches!(&b.device, DeviceMatch::Uuid(u) if *u == uuid)
        });
        if shared {
            return Err(NoOwnController::Shared(name));
        }
        Ok(uuid)
    }
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

/// Whether `name` is a key the terminal (and the key pipe) can send: one character, or a named
/// key (`Space`, `Enter`, …).
pub fn is_terminal_key(name: &str) -> bool {
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
