//! The headroom rule of a device's mix bus.
//!
//! **Rule.** Every output channel of a device is a bus. Its gain is fixed so that one utterance
//! at full scale times `speech_volume` plus one cue at `cue_volume` (the cues are rendered
//! peaking at `cue_volume`, speech never above full scale) peak together at [`HEADROOM_PEAK`]
//! (−1 dBFS), at volume step 0. It depends on the configured levels only, never on how many
//! listeners share the channel: a lone announcement plays at the same level on an earpiece of
//! its own and on a speaker shared by three (issue 37; it used to keep room for every listener
//! on the channel speaking at once, and a lone readout on the shared speaker played 14 dB
//! quieter than in an earpiece). The gain never moves while sound plays (no pumping) and is
//! never above 1.
//!
//! **Overlaps.** What the fixed gain leaves no room for (two listeners' speech at once on a
//! shared channel, volume steps above 0, several cues) is kept below the stream's ceiling by
//! the peak limiter ([`crate::audio::limiter`]), which passes every sample below it bit-exact.
//! A device whose cues play on a stream of their own beside the speech (PulseAudio) has the
//! ceiling split between its two streams in the proportion of their levels ([`ceilings`]), so
//! that their sum at the server stays below −1 dBFS too; on one stream (ALSA) the limiter sees
//! the whole sum and its ceiling is −1 dBFS.

/// Peak level the bus leaves room up to: −1 dBFS.
pub const HEADROOM_PEAK: f32 = 0.891_250_9;

/// Bus gain of a channel that anyone is routed to, for speech at `speech_volume` and cues at
/// `cue_volume` (see the module's rule).
pub fn bus_gain(speech_volume: f32, cue_volume: f32) -> f32 {
    let worst = speech_volume.max(0.0) + cue_volume.max(0.0);
    if worst.is_finite() && worst > HEADROOM_PEAK {
        HEADROOM_PEAK / worst
    } else {
        1.0
    }
}

/// The limiters' ceilings (speech's stream, cues' stream) of a device whose cues have a stream
/// of their own beside the speech when `beside`: [`HEADROOM_PEAK`] shared in proportion to
/// `speech_volume` and `cue_volume`. On one stream both are [`HEADROOM_PEAK`].
pub fn ceilings(speech_volume: f32, cue_volume: f32, beside: bool) -> (f32, f32) {
    let (speech, cue) = (speech_volume.max(0.0), cue_volume.max(0.0));
    let total = speech + cue;
    if !beside || !total.is_finite() || total <= 0.0 {
        return (HEADROOM_PEAK, HEADROOM_PEAK);
    }
    (HEADROOM_PEAK * speech / total, HEADROOM_PEAK * cue / total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bus_keeps_room_for_one_cue_whoever_shares_the_channel() {
        // Speech 1.0 + cue 0.5, scaled to −1 dBFS.
        let gain = bus_gain(1.0, 0.5);
        assert!(((1.0 + 0.5) * gain - HEADROOM_PEAK).abs() < 1e-6);
        // Quiet levels are never boosted.
        assert_eq!(bus_gain(0.3, 0.2), 1.0);
    }

    #[test]
    fn two_streams_share_the_ceiling_so_their_sum_stays_below_it() {
        let (speech, cue) = ceilings(1.0, 0.5, true);
        assert!((speech + cue - HEADROOM_PEAK).abs() < 1e-6);
        // A lone utterance at full scale reaches the speech stream's ceiling exactly: it is
        // never limited.
        assert!((1.0 * bus_gain(1.0, 0.5) - speech).abs() < 1e-6);
        assert_eq!(ceilings(1.0, 0.5, false), (HEADROOM_PEAK, HEADROOM_PEAK));
        assert_eq!(ceilings(0.0, 0.0, true), (HEADROOM_PEAK, HEADROOM_PEAK));
    }
}
