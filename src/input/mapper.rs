//! From reader events to what the clock and the daemon do: the bindings of `[input]`, with
//! edge-triggered presses, auto-repeat ignored, a lockout against chatter, buttons held at
//! start ignored until released, and the long press of `time` that asks for the spoken help.
//!
//! Pure: time comes in with each event, and [`Mapper::next_deadline`] / [`Mapper::advance`]
//! tell and fire the instant a held `time` button becomes a long press.
//!
//! State is kept only for buttons some binding matches, so its size is bounded by the
//! bindings and the devices, not by how many distinct button names arrive (a key pipe can
//! send any number of them).

use super::device::DeviceId;
use super::event::{RawInput, SourceEvent};
use crate::clock::{Input, Side};
use crate::hearing::Listener;
use crate::input::bindings::{ActionKind, Binding, DeviceMatch, InputConfig};
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// What a button (or a device coming and going) asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ButtonAction {
    /// An input for the clock (press, time, stop, pause, resume, start).
    Game(Input),
    /// A clock check (1.7.5) for this listener.
    ClockCheck(Listener),
    /// Tell this side its opponent's time.
    OpponentTime(Side),
    /// Tell this side the moves completed and the time used by both (FIDE D.2.10.4).
    Moves(Side),
    /// Repeat the last announcement to this listener.
    Repeat(Listener),
    /// Louder for this listener.
    VolumeUp(Listener),
    /// Quieter for this listener.
    VolumeDown(Listener),
    /// Faster speech for this listener.
    RateUp(Listener),
    /// Slower speech for this listener.
    RateDown(Listener),
    /// Say what each of this listener's buttons does.
    Help(Listener),
    /// The set-up menu (a `setup` button, or `start` held between games); in the menu: back.
    Setup(Listener),
    /// A device was seen for the first time.
    DeviceAdded {
        /// Which.
        device: DeviceId,
    },
    /// A device went away (unplugged mid-game).
    DeviceLost {
        /// Which.
        device: DeviceId,
    },
    /// A device that went away is back (matched by uuid or name, not by runtime id).
    DeviceBack {
        /// Which, as it is now.
        device: DeviceId,
    },
}

/// An action with the instant it was asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MappedAction {
    /// The arrival time of the event that caused it (for a long press: the instant it
    /// became long).
    pub at: Instant,
    /// What to do.
    pub action: ButtonAction,
}

#[derive(Debug, Default)]
struct ButtonState {
    down: bool,
    deaf_until: Option<Instant>,
}

/// Turns reader events into commands under the configured bindings.
#[derive(Debug)]
pub struct Mapper {
    bindings: Vec<Binding>,
    lockout: Duration,
    long_press: Duration,
    buttons: HashMap<(DeviceId, String), ButtonState>,
    long_presses: HashMap<(DeviceId, String), (Instant, Listener, ActionKind)>,
    hold_start: bool,
    known: Vec<DeviceId>,
    lost: Vec<DeviceId>,
}

impl Mapper {
    /// A mapper for these bindings and timings.
    pub fn new(config: &InputConfig) -> Mapper {
        let millis = |ms: i64| Duration::from_millis(ms.max(0) as u64);
        Mapper {
            bindings: config.bindings.clone(),
            lockout: millis(config.lockout),
            long_press: millis(config.long_press),
            buttons: HashMap::new(),
            long_presses: HashMap::new(),
            hold_start: false,
            known: Vec::new(),
            lost: Vec::new(),
        }
    }

    /// The binding for a button of a device: one naming the device beats `any`.
    pub fn binding(&self, device: &DeviceId, button: &str) -> Option<&Binding> {
        let fits = |b: &&Binding| b.button == button && device.matches(&b.device);
        self.bindings
            .iter()
            .filter(fits)
            .find(|b| b.device != DeviceMatch::Any)
            .or_else(|| self.bindings.iter().find(fits))
    }

    /// Between games a `start` button acts when released, and held for the long-press time
    /// it opens the set-up menu instead; during a game it acts when pressed. Turning this off
    /// forgets a `start` being held.
    pub fn set_hold_start(&mut self, on: bool) {
        if self.hold_start == on {
            return;
        }
        self.hold_start = on;
        if !on {
            self.long_presses
                .retain(|_, (_, _, kind)| *kind != ActionKind::Start);
        }
    }

    /// The instant a held `time` (or, between games, `start`) button becomes a long press,
    /// if one is held.
    pub fn next_deadline(&self) -> Option<Instant> {
        self.long_presses
            .values()
            .map(|(start, _, _)| *start + self.long_press)
            .min()
    }

    /// Fires the long presses due at or before `now`.
    pub fn advance(&mut self, now: Instant) -> Vec<MappedAction> {
        let mut due: Vec<((DeviceId, String), Instant, Listener, ActionKind)> = self
            .long_presses
            .iter()
            .filter(|(_, (start, _, _))| *start + self.long_press <= now)
            .map(|(key, (start, listener, kind))| {
                (key.clone(), *start + self.long_press, *listener, *kind)
            })
            .collect();
        due.sort_by_key(|(_, at, _, _)| *at);
        let mut out = Vec::new();
        for (key, at, listener, kind) in due {
            self.long_presses.remove(&key);
            if self.buttons.get(&key).is_some_and(|s| s.down) {
                let action = match kind {
                    ActionKind::Start => ButtonAction::Setup(listener),
                    _ => ButtonAction::Help(listener),
                };
                out.push(MappedAction { at, action });
            }
        }
        out
    }

    /// How many buttons the mapper keeps state for (each bound button seen, per device).
    pub fn tracked_buttons(&self) -> usize {
        self.buttons.len()
    }

    /// Takes one reader event (after firing what fell due before it).
    pub fn feed(&mut self, event: SourceEvent) -> Vec<MappedAction> {
        let mut out = self.advance(event.at());
        match event {
            SourceEvent::Button(raw) => out.extend(self.button(raw)),
            SourceEvent::HeldAtStart(raw) => {
                // Down without an edge: ignored until it is released (only a bound button
                // could do anything when released and pressed again).
                if self.binding(&raw.device, &raw.button).is_some() {
                    self.buttons
                        .entry((raw.device, raw.button))
                        .or_default()
                        .down = true;
                }
            }
            SourceEvent::Connected { at, device } => out.extend(self.connected(at, device)),
            SourceEvent::Disconnected { at, device } => {
                self.buttons.retain(|(d, _), _| d != &device);
                self.long_presses.retain(|(d, _), _| d != &device);
                if !self.lost.iter().any(|d| d.same_device(&device)) {
                    self.lost.push(device.clone());
                }
                out.push(MappedAction {
                    at,
                    action: ButtonAction::DeviceLost { device },
                });
            }
        }
        out
    }

    fn connected(&mut self, at: Instant, device: DeviceId) -> Option<MappedAction> {
        if let Some(index) = self.lost.iter().position(|d| d.same_device(&device)) {
            self.lost.remove(index);
            self.known.retain(|d| !d.same_device(&device));
            self.known.push(device.clone());
            return Some(MappedAction {
                at,
                action: ButtonAction::DeviceBack { device },
            });
        }
        if self.known.contains(&device) {
            return None;
        }
        self.known.push(device.clone());
        Some(MappedAction {
            at,
            action: ButtonAction::DeviceAdded { device },
        })
    }

    fn button(&mut self, raw: RawInput) -> Option<MappedAction> {
        // A button no binding matches does nothing, and gets no state.
        let binding = self.binding(&raw.device, &raw.button)?.clone();
        let key = (raw.device.clone(), raw.button.clone());
        let state = self.buttons.entry(key.clone()).or_default();
        if raw.repeat {
            if !state.down {
                // A repeat of a key we never saw go down: it was held before we started.
                state.down = true;
            }
            return None;
        }
        if !raw.pressed {
            state.down = false;
            // A `start` held between games and let go before it became long: it acts now.
            let held_start = self
                .long_presses
                .get(&key)
                .is_some_and(|(_, _, kind)| *kind == ActionKind::Start);
            if held_start {
                self.long_presses.remove(&key);
                return Some(MappedAction {
                    at: raw.at,
                    action: action_of(&binding),
                });
            }
            return None;
        }
        if state.down {
            return None; // not an edge (held at start, or a lost release)
        }
        state.down = true;
        if state.deaf_until.is_some_and(|until| raw.at < until) {
            return None; // chatter after an accepted press
        }
        state.deaf_until = Some(raw.at + self.lockout);
        if binding.action == ActionKind::Time {
            self.long_presses
                .insert(key.clone(), (raw.at, binding.listener, ActionKind::Time));
        }
        if binding.action == ActionKind::Start && self.hold_start {
            self.long_presses
                .insert(key, (raw.at, binding.listener, ActionKind::Start));
            return None;
        }
        Some(MappedAction {
            at: raw.at,
            action: action_of(&binding),
        })
    }
}

/// What a binding's press asks for.
pub fn action_of(binding: &Binding) -> ButtonAction {
    let listener = binding.listener;
    // Player actions are validated to have a player's side; White is never reached otherwise.
    let side = listener.side().unwrap_or(Side::White);
    match binding.action {
        ActionKind::Press => ButtonAction::Game(Input::Press(side)),
        ActionKind::Time => ButtonAction::Game(Input::Query(side)),
        ActionKind::Stop => ButtonAction::Game(Input::Stop(side)),
        ActionKind::Pause => ButtonAction::Game(Input::Pause),
        ActionKind::Resume => ButtonAction::Game(Input::Resume),
        ActionKind::Start => ButtonAction::Game(Input::Start),
        ActionKind::ClockCheck => ButtonAction::ClockCheck(listener),
        ActionKind::OpponentTime => ButtonAction::OpponentTime(side),
        ActionKind::Moves => ButtonAction::Moves(side),
        ActionKind::Repeat => ButtonAction::Repeat(listener),
        ActionKind::VolumeUp => ButtonAction::VolumeUp(listener),
        ActionKind::VolumeDown => ButtonAction::VolumeDown(listener),
        ActionKind::RateUp => ButtonAction::RateUp(listener),
        ActionKind::RateDown => ButtonAction::RateDown(listener),
        ActionKind::Help => ButtonAction::Help(listener),
        ActionKind::Setup => ButtonAction::Setup(listener),
    }
}
