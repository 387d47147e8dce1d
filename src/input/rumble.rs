//! Vibration on a player's own game controller. A pattern's pulses become one gilrs
//! force-feedback effect: a base effect per pulse, scheduled in gilrs's 50 ms ticks, played
//! once on the controller with the player's uuid. [`Rumble`] is the seam: [`GilrsRumble`] is
//! the real one; the layer above is tested with a recording one, since this machine has no
//! controller with a motor (and no uinput to make one).

use gilrs::ff::{BaseEffect, BaseEffectType, Effect, EffectBuilder, Repeat, Replay, Ticks};
use gilrs::{GamepadId, Gilrs};
use std::collections::HashMap;

/// gilrs's force-feedback time step, in milliseconds.
pub const TICK_MS: u32 = 50;

/// Plays patterns on controllers named by their uuid (32 hex digits, as `talkclock devices`
/// prints it).
pub trait Rumble: Send {
    /// Plays `pulses` (`[on_ms, off_ms]` each) at `strength` per cent, replacing whatever
    /// the controller was playing.
    fn play(&mut self, device: &str, pulses: &[[u16; 2]], strength: u8) -> Result<(), RumbleError>;
    /// Stops the controller's pattern, if one plays.
    fn stop(&mut self, device: &str);
}

/// Why a pattern could not be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RumbleError {
    /// No controller with this uuid is connected.
    #[error("controller {0} is not connected")]
    NotConnected(String),
    /// The controller has no rumble motor (or its driver offers none).
    #[error("controller {0} has no rumble motor")]
    NoMotor(String),
    /// gilrs refused the effect.
    #[error("controller {device}: {reason}")]
    Failed {
        /// The controller's uuid.
        device: String,
        /// gilrs's words.
        reason: String,
    },
}

/// One pulse as gilrs plays it: from `after_ms` after the start, for `on_ms`, both whole
/// ticks (a 40 ms tick is felt for 50 ms).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Planned {
    /// When it starts, from the pattern's start.
    pub after_ms: u32,
    /// How long it runs.
    pub on_ms: u32,
}

/// The pulses of a pattern on gilrs's tick grid: each start rounded to the nearest tick,
/// each length up to a whole tick (never shorter than asked, never 0).
pub fn plan(pulses: &[[u16; 2]]) -> Vec<Planned> {
    let mut at = 0u32;
    let mut planned = Vec::with_capacity(pulses.len());
    for &[on, off] in pulses {
        let (on, off) = (u32::from(on), u32::from(off));
        planned.push(Planned {
            after_ms: (at + TICK_MS / 2) / TICK_MS * TICK_MS,
            on_ms: on.div_ceil(TICK_MS).max(1) * TICK_MS,
        });
        at += on + off;
    }
    planned
}

/// The motor's magnitude for a strength in per cent.
pub fn magnitude(strength: u8) -> u16 {
    (u32::from(strength.min(100)) * u32::from(u16::MAX) / 100) as u16
}

/// The real controllers, through a gilrs context of their own.
pub struct GilrsRumble {
    gilrs: Gilrs,
    /// The effect playing on each controller (dropping it stops it).
    playing: HashMap<String, Effect>,
}

impl GilrsRumble {
    /// Opens a gilrs context for force feedback.
    pub fn open() -> Result<GilrsRumble, super::gilrs_source::ControllersError> {
        Ok(GilrsRumble {
            gilrs: super::gilrs_source::open()?,
            playing: HashMap::new(),
        })
    }

    /// The connected controller with this uuid, and whether it can vibrate.
    fn find(&mut self, device: &str) -> Option<(GamepadId, bool)> {
        // Connections and disconnections are learnt from the context's events.
        while self.gilrs.next_event().is_some() {}
        self.gilrs
            .gamepads()
            .find(|(_, pad)| super::device::uuid_hex(pad.uuid()) == device)
            .map(|(id, pad)| (id, pad.is_ff_supported()))
    }
}

impl Rumble for GilrsRumble {
    fn play(&mut self, device: &str, pulses: &[[u16; 2]], strength: u8) -> Result<(), RumbleError> {
        self.playing.remove(device);
        let (id, motor) = self
            .find(device)
            .ok_or_else(|| RumbleError::NotConnected(device.to_string()))?;
        if !motor {
            return Err(RumbleError::NoMotor(device.to_string()));
        }
        let planned = plan(pulses);
        let total = planned.last().map_or(0, |p| p.after_ms + p.on_ms);
        let mut builder = EffectBuilder::new();
        for p in &planned {
            builder.add_effect(BaseEffect {
                kind: BaseEffectType::Strong {
                    magnitude: magnitude(strength),
                },
                scheduling: Replay {
                    after: Ticks::from_ms(p.after_ms),
                    play_for: Ticks::from_ms(p.on_ms),
                    // Never again within the pattern: it plays once.
                    with_delay: Ticks::from_ms(total + TICK_MS),
                },
                envelope: Default::default(),
            });
        }
        let failed = |e: gilrs::ff::Error| RumbleError::Failed {
            device: device.to_string(),
            reason: e.to_string(),
        };
        let effect = builder
            .repeat(Repeat::For(Ticks::from_ms(total)))
            .gamepads(&[id])
            .finish(&mut self.gilrs)
            .map_err(failed)?;
        effect.play().map_err(failed)?;
        self.playing.insert(device.to_string(), effect);
        Ok(())
    }

    fn stop(&mut self, device: &str) {
        if let Some(effect) = self.playing.remove(device) {
            let _ = effect.stop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pulses_land_on_whole_ticks_never_shorter_than_asked() {
        let p = plan(&[[40, 250], [150, 800], [450, 0]]);
        assert_eq!(
            p,
            [
                Planned {
                    after_ms: 0,
                    on_ms: 50
                },
                Planned {
                    after_ms: 300,
                    on_ms: 150
                },
                Planned {
                    after_ms: 1_250,
                    on_ms: 450
                },
            ]
        );
        assert_eq!(magnitude(100), u16::MAX);
        assert_eq!(magnitude(50), u16::MAX / 2);
        assert_eq!(magnitude(0), 0);
    }

    #[test]
    fn a_controller_that_is_not_connected_is_named() {
        let Ok(mut rumble) = GilrsRumble::open() else {
            panic!("gilrs opens without controllers (it does on this machine)");
        };
        let uuid = "0123456789abcdef0123456789abcdef";
        assert_eq!(
            rumble.play(uuid, &[[40, 0]], 100),
            Err(RumbleError::NotConnected(uuid.to_string()))
        );
        rumble.stop(uuid);
    }
}
