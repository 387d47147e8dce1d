//! The rumble motors: the haptic schedule's decisions become commands to a thread of its own
//! that owns the controllers (a [`Rumble`]), so the core never waits on a device. Each
//! player's patterns go to his own controller only; one that cannot vibrate is reported once.

use crate::clock::Side;
use crate::haptic::HapticLine;
use crate::input::rumble::{Rumble, RumbleError};
use crossbeam_channel::Sender;
use std::collections::HashSet;
use std::thread::JoinHandle;

enum Command {
    Play {
        device: String,
        pulses: Vec<[u16; 2]>,
        strength: u8,
    },
    Stop {
        device: String,
    },
}

/// The thread that plays patterns, and each player's controller.
pub struct RumbleOut {
    tx: Option<Sender<Command>>,
    thread: Option<JoinHandle<()>>,
    /// White's and Black's controller (uuid), where each has one of his own.
    devices: [Option<String>; 2],
}

impl RumbleOut {
    /// Starts the thread that owns `rumble`.
    pub fn start(
        rumble: Box<dyn Rumble>,
        devices: [Option<String>; 2],
    ) -> std::io::Result<RumbleOut> {
        let (tx, rx) = crossbeam_channel::unbounded::<Command>();
        let thread = std::thread::Builder::new()
            .name("rumble".into())
            .spawn(move || {
                let mut rumble = rumble;
                let mut reported: HashSet<String> = HashSet::new();
                for command in rx {
                    match command {
                        Command::Play {
                            device,
                            pulses,
                            strength,
                        } => {
                            if let Err(e) = rumble.play(&device, &pulses, strength) {
                                report_once(&mut reported, &e);
                            }
                        }
                        Command::Stop { device } => rumble.stop(&device),
                    }
                }
            })?;
        Ok(RumbleOut {
            tx: Some(tx),
            thread: Some(thread),
            devices,
        })
    }

    /// New settings: each player's controller.
    pub fn set_devices(&mut self, devices: [Option<String>; 2]) {
        self.devices = devices;
    }

    /// Plays what the schedule decided on the players' controllers.
    pub fn take(&self, lines: &[HapticLine]) {
        let Some(tx) = &self.tx else {
            return;
        };
        for line in lines {
            let side = match line {
                HapticLine::Haptic { side, .. } | HapticLine::HapticCut { side, .. } => *side,
            };
            let Some(device) = self.device(side) else {
                continue;
            };
            let command = match line {
                HapticLine::Haptic {
                    strength, pulses, ..
                } => Command::Play {
                    device,
                    pulses: pulses.clone(),
                    strength: *strength,
                },
                HapticLine::HapticCut { .. } => Command::Stop { device },
            };
            let _ = tx.send(command);
        }
    }

    fn device(&self, side: Side) -> Option<String> {
        self.devices[side.index()].clone()
    }

    /// Lets the thread finish what it was given, and ends it.
    pub fn finish(mut self) {
        self.end();
    }

    fn end(&mut self) {
        self.tx = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for RumbleOut {
    fn drop(&mut self) {
        self.end();
    }
}

fn report_once(reported: &mut HashSet<String>, e: &RumbleError) {
    if reported.insert(e.to_string()) {
        tracing::warn!("vibration: {e}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::haptic::PatternKind;
    use std::sync::{Arc, Mutex};

    /// A controller that records what it was asked (this machine has no motor to feel).
    #[derive(Clone, Default)]
    struct Recording(Arc<Mutex<Vec<String>>>);

    impl Rumble for Recording {
        fn play(
            &mut self,
            device: &str,
            pulses: &[[u16; 2]],
            strength: u8,
        ) -> Result<(), RumbleError> {
            if let Ok(mut calls) = self.0.lock() {
                calls.push(format!("play {device} {pulses:?} {strength}"));
            }
            Ok(())
        }
        fn stop(&mut self, device: &str) {
            if let Ok(mut calls) = self.0.lock() {
                calls.push(format!("stop {device}"));
            }
        }
    }

    #[test]
    fn each_pattern_goes_to_its_players_own_controller_only() {
        let recording = Recording::default();
        let out = RumbleOut::start(Box::new(recording.clone()), [Some("aa".into()), None])
            .expect("thread");
        let play = |side| HapticLine::Haptic {
            at_ms: 0,
            side,
            pattern: PatternKind::Pause,
            strength: 70,
            pulses: vec![[450, 250], [150, 0]],
        };
        out.take(&[
            play(Side::White),
            play(Side::Black),
            HapticLine::HapticCut {
                at_ms: 10,
                side: Side::White,
                pattern: PatternKind::Pause,
            },
        ]);
        out.finish();
        let calls = recording.0.lock().map(|c| c.clone()).unwrap_or_default();
        assert_eq!(
            calls,
            ["play aa [[450, 250], [150, 0]] 70", "stop aa"],
            "Black has no controller of his own: nothing is played for him"
        );
    }
}
