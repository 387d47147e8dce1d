//! The headroom rule of a device's mix bus, and the guard behind it.
//!
//! **Rule.** Every output channel of a device is a bus. Each listener routed to the channel can
//! at worst put one utterance at full scale times `speech_volume` plus one cue at
//! `cue_volume` on it at the same moment (the cues are rendered peaking at `cue_volume`,
//! speech never above full scale); the bus gain is fixed so that the sum of all those worst
//! cases, at every listener's volume step 0, peaks at [`HEADROOM_PEAK`] (−1 dBFS). It is fixed
//! by the layout and the configured levels, never moves while sound plays (no pumping), and
//! is never above 1. The same announcement is played once per channel whoever shares it (see
//! [`crate::audio::AudioOut::speak`]), so sharing a channel costs headroom only for sounds
//! that can truly overlap there.
//!
//! **Guard.** Above step 0 (the volume buttons go to +6 dB), with several cues at once, or with
//! a clip louder than full scale, the sum can still pass −1 dBFS. Samples up to
//! [`HEADROOM_PEAK`] pass bit-exact; a louder one goes through a soft knee that stays below
//! full scale, and is counted. A scripted game at the configured levels never engages it.

/// Peak level the bus is scaled to leave room up to: −1 dBFS. Also where the guard's soft knee
/// starts.
pub const HEADROOM_PEAK: f32 = 0.891_250_9;

/// The loudest sample the guard lets out: just below full scale.
const GUARD_CEILING: f32 = 0.999;

/// Bus gain of a channel that `listeners` listeners are routed to, for speech at
/// `speech_volume` and cues at `cue_volume` (see the module's rule).
pub fn bus_gain(listeners: usize, speech_volume: f32, cue_volume: f32) -> f32 {
    let worst = listeners as f32 * (speech_volume.max(0.0) + cue_volume.max(0.0));
    if worst.is_finite() && worst > HEADROOM_PEAK {
        HEADROOM_PEAK / worst
    } else {
        1.0
    }
}

/// Passes `x` unchanged up to ±[`HEADROOM_PEAK`]; above, a soft knee (tanh) that stays
/// below full scale. Returns the sample and whether the guard acted. NaN becomes silence.
pub fn guard(x: f32) -> (f32, bool) {
    let magnitude = x.abs();
    if magnitude <= HEADROOM_PEAK {
        return (x, false);
    }
    if x.is_nan() {
        return (0.0, true);
    }
    let room = 1.0 - HEADROOM_PEAK;
    let soft = HEADROOM_PEAK + room * ((magnitude - HEADROOM_PEAK) / room).tanh();
    (soft.min(GUARD_CEILING).copysign(x), true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_listener_with_default_levels_keeps_a_cue_of_room() {
        // Speech 1.0 + cue 0.5 on one channel, scaled to −1 dBFS.
        let gain = bus_gain(1, 1.0, 0.5);
        assert!(((1.0 + 0.5) * gain - HEADROOM_PEAK).abs() < 1e-6);
        // Three listeners on one speaker: three times the room.
        assert!((bus_gain(3, 1.0, 0.5) * 3.0 - gain).abs() < 1e-6);
        // Quiet levels are never boosted.
        assert_eq!(bus_gain(1, 0.3, 0.2), 1.0);
        assert_eq!(bus_gain(0, 1.0, 0.5), 1.0);
    }

    #[test]
    fn guard_is_transparent_below_the_knee_and_never_reaches_full_scale() {
        for x in [0.0, 0.5, -0.8, HEADROOM_PEAK, -HEADROOM_PEAK] {
            assert_eq!(guard(x), (x, false));
        }
        let mut last = HEADROOM_PEAK;
        for i in 1..200 {
            let x = HEADROOM_PEAK + i as f32 * 0.05;
            let (y, acted) = guard(x);
            assert!(acted);
            assert!(y >= last && y < 1.0, "{x} -> {y}");
            assert_eq!(guard(-x).0, -y);
            last = y;
        }
        assert_eq!(guard(f32::INFINITY).0, GUARD_CEILING);
        assert_eq!(guard(f32::NAN), (0.0, true));
    }
}
