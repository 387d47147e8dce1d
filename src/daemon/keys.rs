//! Input for the daemon: the configured readers (game controllers, evdev devices, and the
//! terminal in raw mode when standard input is a terminal), or, when standard input is not a
//! terminal, one key name per line (how tests and scripts inject presses). Every reader sends
//! its events straight into the core thread's channel, stamped where they entered.

use crate::config::InputConfig;
use crate::input::device::DeviceId;
use crate::input::event::{RawInput, SourceEvent};
use crate::input::sources::{spawn_all, Started};
use crossbeam_channel::Sender;
use std::io::{BufRead, IsTerminal};
use std::time::Instant;

/// Starts the readers; returns what started (keep it: it holds the terminal's raw mode).
/// `quit` is told when a `q` line arrives on a piped standard input.
pub fn start(
    config: &InputConfig,
    events: Sender<SourceEvent>,
    quit: Sender<&'static str>,
) -> Result<Started, String> {
    let terminal = std::io::stdin().is_terminal();
    let started = spawn_all(config, terminal, &events)?;
    for note in &started.notes {
        tracing::info!("{note}");
    }
    if !terminal {
        spawn_line_reader(events, quit);
    }
    Ok(started)
}

/// Each line of standard input is a tap of the terminal key it names (`w`, `Space`, …),
/// stamped when the line arrived; `q` quits.
fn spawn_line_reader(events: Sender<SourceEvent>, quit: Sender<&'static str>) {
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            let at = Instant::now();
            let key = line.trim();
            if key.is_empty() {
                continue;
            }
            if key == "q" {
                let _ = quit.send("quit key");
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
                if events.send(SourceEvent::Button(raw)).is_err() {
                    return;
                }
            }
        }
    });
}
