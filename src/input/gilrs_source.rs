//! The game controller reader: gilrs events (many big-button controllers are HID joysticks)
//! turned into [`SourceEvent`]s, stamped on arrival, on a thread of their own.
//!
//! Controllers are named by gilrs's uuid, never by its runtime id (which changes when a
//! controller is plugged in again). [`GilrsAdapter`] remembers which uuid each runtime id had,
//! so a `Disconnected` event still says which controller went away.

use super::device::DeviceId;
use super::event::{RawInput, SourceEvent};
use crossbeam_channel::Sender;
use gilrs::ev::Code;
use gilrs::{Button, EventType, GamepadId, Gilrs, GilrsBuilder};
use std::collections::HashMap;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The buttons whose state is read when a controller is first seen.
const BUTTONS: [Button; 19] = [
    Button::South,
    Button::East,
    Button::North,
    Button::West,
    Button::C,
    Button::Z,
    Button::LeftTrigger,
    Button::LeftTrigger2,
    Button::RightTrigger,
    Button::RightTrigger2,
    Button::Select,
    Button::Start,
    Button::Mode,
    Button::LeftThumb,
    Button::RightThumb,
    Button::DPadUp,
    Button::DPadDown,
    Button::DPadLeft,
    Button::DPadRight,
];

/// A button's name in bindings: gilrs's name (`South`), or `code:N` for a button gilrs has
/// no name for (common on HID joysticks without an SDL mapping).
pub fn button_name(button: Button, code: Code) -> String {
    match button {
        Button::Unknown => format!("code:{}", code.into_u32()),
        named => format!("{named:?}"),
    }
}

/// Turns gilrs events into source events, remembering each runtime id's device.
#[derive(Debug, Default)]
pub struct GilrsAdapter {
    devices: HashMap<usize, DeviceId>,
}

impl GilrsAdapter {
    /// An adapter that knows no controller yet.
    pub fn new() -> GilrsAdapter {
        GilrsAdapter::default()
    }

    /// Records which device a runtime id stands for.
    pub fn remember(&mut self, id: GamepadId, device: DeviceId) {
        self.devices.insert(id.into(), device);
    }

    /// The device behind a runtime id, if known.
    pub fn device(&self, id: GamepadId) -> Option<&DeviceId> {
        self.devices.get(&usize::from(id))
    }

    /// One gilrs event as a source event; `lookup` describes a controller that just connected.
    pub fn convert(
        &mut self,
        event: &gilrs::Event,
        at: Instant,
        lookup: impl Fn(GamepadId) -> Option<DeviceId>,
    ) -> Option<SourceEvent> {
        // gilrs stamps an event with the kernel's time (the wall clock) on Linux.
        let lag = std::time::SystemTime::now().duration_since(event.time).ok();
        let button = |button: Button, code: Code, pressed: bool, repeat: bool| {
            self.device(event.id).map(|device| {
                SourceEvent::Button(RawInput {
                    at,
                    device: device.clone(),
                    button: button_name(button, code),
                    pressed,
                    repeat,
                    lag,
                })
            })
        };
        match event.event {
            EventType::ButtonPressed(b, code) => button(b, code, true, false),
            EventType::ButtonRepeated(b, code) => button(b, code, true, true),
            EventType::ButtonReleased(b, code) => button(b, code, false, false),
            EventType::Connected => {
                let device = lookup(event.id).or_else(|| self.device(event.id).cloned())?;
                self.remember(event.id, device.clone());
                Some(SourceEvent::Connected { at, device })
            }
            EventType::Disconnected => {
                let device = self.device(event.id)?.clone();
                Some(SourceEvent::Disconnected { at, device })
            }
            _ => None,
        }
    }
}

/// The device of a connected controller.
pub fn describe(gilrs: &Gilrs, id: GamepadId) -> Option<DeviceId> {
    gilrs
        .connected_gamepad(id)
        .map(|pad| DeviceId::gamepad(pad.uuid(), pad.name()))
}

/// Sends every event gilrs has queued; false when the receiver is gone.
pub fn pump(
    gilrs: &mut Gilrs,
    adapter: &mut GilrsAdapter,
    tx: &Sender<SourceEvent>,
    lookup: &dyn Fn(&Gilrs, GamepadId) -> Option<DeviceId>,
) -> bool {
    while let Some(event) = gilrs.next_event() {
        let at = Instant::now();
        let converted = adapter.convert(&event, at, |id| lookup(gilrs, id));
        if let Some(converted) = converted {
            if tx.send(converted).is_err() {
                return false;
            }
        }
    }
    true
}

/// A gilrs context as the reader uses it: without the default filters (they would drop
/// injected events and invent axis-to-button presses).
pub fn open() -> Result<Gilrs, ControllersError> {
    GilrsBuilder::new()
        .with_default_filters(false)
        .build()
        .map_err(|e| ControllersError::Open(e.to_string()))
}

/// Why the game controllers cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum ControllersError {
    /// gilrs cannot start (its own words).
    #[error("cannot read game controllers: {0}")]
    Open(String),
    /// The reader's thread cannot start.
    #[error("cannot start the controller reader: {0}")]
    Thread(std::io::Error),
    /// The reader's thread ended before it said it was ready.
    #[error("the controller reader stopped while starting")]
    Stopped,
}

/// Announces the controllers present at start, and the buttons already held on them.
pub fn announce_present(
    gilrs: &Gilrs,
    adapter: &mut GilrsAdapter,
    tx: &Sender<SourceEvent>,
) -> bool {
    for (id, pad) in gilrs.gamepads() {
        let at = Instant::now();
        let device = DeviceId::gamepad(pad.uuid(), pad.name());
        adapter.remember(id, device.clone());
        let mut events = vec![SourceEvent::Connected {
            at,
            device: device.clone(),
        }];
        for button in BUTTONS {
            if pad.is_pressed(button) {
                events.push(SourceEvent::HeldAtStart(RawInput {
                    at,
                    device: device.clone(),
                    button: format!("{button:?}"),
                    pressed: true,
                    repeat: false,
                    lag: None,
                }));
            }
        }
        for event in events {
            if tx.send(event).is_err() {
                return false;
            }
        }
    }
    true
}

/// Starts the controller reader on its own thread. It ends when the receiver is dropped.
pub fn spawn(tx: Sender<SourceEvent>) -> Result<JoinHandle<()>, ControllersError> {
    let (ready_tx, ready_rx) = crossbeam_channel::bounded::<Result<(), ControllersError>>(1);
    let handle = std::thread::Builder::new()
        .name("input-gilrs".into())
        .spawn(move || {
            let mut gilrs = match open() {
                Ok(gilrs) => gilrs,
                Err(e) => {
                    let _ = ready_tx.send(Err(e));
                    return;
                }
            };
            let _ = ready_tx.send(Ok(()));
            let mut adapter = GilrsAdapter::new();
            if !announce_present(&gilrs, &mut adapter, &tx) {
                return;
            }
            loop {
                let Some(event) = gilrs.next_event_blocking(Some(Duration::from_millis(500)))
                else {
                    continue; // a timeout; a receiver that went away is noticed on the next send
                };
                let at = Instant::now();
                let converted = adapter.convert(&event, at, |id| describe(&gilrs, id));
                if let Some(converted) = converted {
                    if tx.send(converted).is_err() {
                        return;
                    }
                }
                if !pump(&mut gilrs, &mut adapter, &tx, &describe) {
                    return;
                }
            }
        })
        .map_err(ControllersError::Thread)?;
    match ready_rx.recv() {
        Ok(Ok(())) => Ok(handle),
        Ok(Err(e)) => Err(e),
        Err(_) => Err(ControllersError::Stopped),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gilrs::Event;

    fn id(n: usize) -> GamepadId {
        serde_json::from_str(&n.to_string()).unwrap_or_else(|e| panic!("gamepad id: {e}"))
    }

    fn code(n: u16) -> Code {
        // Linux layout of gilrs's code: the evdev event type and code.
        serde_json::from_str(&format!("{{\"kind\":1,\"code\":{n}}}"))
            .unwrap_or_else(|e| panic!("code: {e}"))
    }

    fn inject(gilrs: &mut Gilrs, pad: usize, event: EventType) {
        gilrs.insert_event(Event::new(id(pad), event));
    }

    /// Controllers as a test's "driver" describes them: runtime ids 0 and 1 are the same
    /// controller before and after a reconnect.
    fn lookup(_: &Gilrs, id: GamepadId) -> Option<DeviceId> {
        match usize::from(id) {
            0 | 1 => Some(DeviceId::gamepad([5; 16], "Big Buttons")),
            _ => None,
        }
    }

    #[test]
    fn injected_gilrs_events_come_out_stamped_and_named_by_uuid() {
        let mut gilrs = match open() {
            Ok(gilrs) => gilrs,
            Err(e) => panic!("{e}"),
        };
        let (tx, rx) = crossbeam_channel::unbounded();
        let mut adapter = GilrsAdapter::new();
        let before = Instant::now();
        inject(&mut gilrs, 0, EventType::Connected);
        inject(
            &mut gilrs,
            0,
            EventType::ButtonPressed(Button::South, code(0x130)),
        );
        inject(
            &mut gilrs,
            0,
            EventType::ButtonRepeated(Button::South, code(0x130)),
        );
        inject(
            &mut gilrs,
            0,
            EventType::ButtonReleased(Button::South, code(0x130)),
        );
        inject(
            &mut gilrs,
            0,
            EventType::ButtonPressed(Button::Unknown, code(0x2c0)),
        );
        inject(&mut gilrs, 0, EventType::Disconnected);
        inject(&mut gilrs, 1, EventType::Connected);
        inject(
            &mut gilrs,
            1,
            EventType::ButtonPressed(Button::East, code(0x131)),
        );
        inject(
            &mut gilrs,
            7,
            EventType::ButtonPressed(Button::East, code(0x131)),
        );
        assert!(pump(&mut gilrs, &mut adapter, &tx, &lookup));
        drop(tx);
        let events: Vec<SourceEvent> = rx.iter().collect();
        assert!(events.iter().all(|e| e.at() >= before));
        let pad = DeviceId::gamepad([5; 16], "Big Buttons");
        let seen: Vec<String> = events
            .iter()
            .map(|e| match e {
                SourceEvent::Button(raw) => {
                    assert_eq!(raw.device, pad);
                    format!("{} {} {}", raw.button, raw.pressed, raw.repeat)
                }
                SourceEvent::Connected { device, .. } => format!("connected {:?}", device.uuid),
                SourceEvent::Disconnected { device, .. } => {
                    format!("disconnected {:?}", device.uuid)
                }
                SourceEvent::HeldAtStart(raw) => format!("held {}", raw.button),
            })
            .collect();
        let uuid = format!("{:?}", Some("05".repeat(16)));
        assert_eq!(
            seen,
            vec![
                format!("connected {uuid}"),
                "South true false".to_string(),
                "South true true".to_string(),
                "South false false".to_string(),
                format!("code:{} true false", (1u32 << 16) | 0x2c0),
                format!("disconnected {uuid}"),
                format!("connected {uuid}"),
                "East true false".to_string(),
            ],
            "an unknown runtime id (7) is dropped"
        );
    }
}
