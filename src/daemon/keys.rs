//! Input for the daemon: the configured readers (game controllers, evdev devices, and the
//! terminal in raw mode when standard input is a terminal), or, when standard input is not a
//! terminal, one key name per line (how tests and scripts inject presses). Either way every
//! event goes through the same bindings, debounce and lockout (`input::Mapper`).

use crate::config::InputConfig;
use crate::input::device::DeviceId;
use crate::input::event::{RawInput, SourceEvent};
use crate::input::sources::{spawn_all, Started};
use crossbeam_channel::Sender;
use std::io::{BufRead, IsTerminal};
use std::time::Instant;

/// What the input threads send to the core.
pub enum InputMsg {
    /// A reader's event.
    Source(SourceEvent),
    /// `q` on a line of standard input.
    Quit,
}

/// Starts the readers; returns what started (keep it: it holds the terminal's raw mode).
pub fn start(config: &InputConfig, send: Sender<InputMsg>) -> Result<Started, String> {
    let (tx, rx) = crossbeam_channel::unbounded::<SourceEvent>();
    let terminal = std::io::stdin().is_terminal();
    let started = spawn_all(config, terminal, &tx)?;
    for note in &started.notes {
        tracing::info!("{note}");
    }
    if !terminal {
        spawn_line_reader(tx, send.clone());
    }
    std::thread::spawn(move || {
        for event in rx {
            if send.send(InputMsg::Source(event)).is_err() {
                break;
            }
        }
    });
    Ok(started)
}

/// Each line of standard input is a tap of the terminal key it names (`w`, `Space`, …),
/// stamped when the line arrived; `q` quits.
fn spawn_line_reader(tx: Sender<SourceEvent>, send: Sender<InputMsg>) {
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            let at = Instant::now();
            let key = line.trim();
            if key.is_empty() {
                continue;
            }
            if key == "q" {
                let _ = send.send(InputMsg::Quit);
                break;
            }
            for pressed in [true, false] {
                let raw = RawInput {
                    at,
                    device: DeviceId::terminal(),
                    button: key.to_string(),
                    pressed,
                    repeat: false,
                };
                if tx.send(SourceEvent::Button(raw)).is_err() {
                    return;
                }
            }
        }
    });
}
