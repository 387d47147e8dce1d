//! A listener's own settings, changed with the volume and rate buttons: steps from the
//! configured level, each spoken back as a level the listener can count.
//!
//! Volume: 3 dB a step (`audio::VOLUME_STEP_DB`), from −18 dB to +6 dB around the configured
//! `speech_volume` / `cue_volume`; spoken as levels 1 to 9, the configured level being 7.
//! Speech rate: 0.2 of the config's `speech_rate` scale a step (about 15 % faster or slower),
//! four steps each way; spoken as levels 1 to 9, the configured rate being 5. Both are
//! journaled, so a restart keeps them, and carried into the next game.

pub use crate::audio::{VOLUME_MAX_STEP, VOLUME_MIN_STEP};

/// Rate steps each way.
pub const RATE_MAX_STEP: i8 = 4;
/// How much of the config's `speech_rate` scale one rate step is.
pub const RATE_STEP: f32 = 0.2;

/// A listener's volume and rate steps (0 = as configured).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Prefs {
    /// Volume steps.
    pub volume: i8,
    /// Speech rate steps.
    pub rate: i8,
}

impl Prefs {
    /// Steps as read from a journal, clamped to their ranges.
    pub fn new(volume: i8, rate: i8) -> Prefs {
        Prefs {
            volume: volume.clamp(VOLUME_MIN_STEP, VOLUME_MAX_STEP),
            rate: rate.clamp(-RATE_MAX_STEP, RATE_MAX_STEP),
        }
    }

    /// One volume step up or down (staying at the ends).
    pub fn volume_step(self, up: bool) -> Prefs {
        Prefs::new(self.volume + if up { 1 } else { -1 }, self.rate)
    }

    /// One rate step up or down (staying at the ends).
    pub fn rate_step(self, up: bool) -> Prefs {
        Prefs::new(self.volume, self.rate + if up { 1 } else { -1 })
    }

    /// The volume as spoken: 1 (quietest) to 9 (loudest).
    pub fn volume_level(self) -> u32 {
        (self.volume - VOLUME_MIN_STEP + 1) as u32
    }

    /// The rate as spoken: 1 (slowest) to 9 (fastest).
    pub fn rate_level(self) -> u32 {
        (self.rate + RATE_MAX_STEP + 1) as u32
    }

    /// The speech rate on the config's scale (−1 … 1) for a configured rate.
    pub fn speech_rate(self, configured: f32) -> f32 {
        (configured + self.rate_offset()).clamp(-1.0, 1.0)
    }

    /// How far the rate steps move the speech rate, on the config's scale.
    pub fn rate_offset(self) -> f32 {
        f32::from(self.rate) * RATE_STEP
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_count_from_one_and_stop_at_the_ends() {
        let mut p = Prefs::default();
        assert_eq!((p.volume_level(), p.rate_level()), (7, 5));
        for _ in 0..20 {
            p = p.volume_step(true).rate_step(false);
        }
        assert_eq!((p.volume_level(), p.rate_level()), (9, 1));
        for _ in 0..20 {
            p = p.volume_step(false).rate_step(true);
        }
        assert_eq!((p.volume_level(), p.rate_level()), (1, 9));
        assert_eq!(Prefs::new(1, 2).speech_rate(0.4), 0.8);
        assert_eq!(Prefs::new(1, 4).speech_rate(0.4), 1.0);
    }
}
