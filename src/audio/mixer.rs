//! Mixes the listeners routed to one output device into its interleaved channels: each
//! listener's sound goes to their channels only, every other channel stays silent. Each
//! listener's own volume (see [`crate::audio::gain_for_step`]) is applied to their voice
//! before the channels are summed.

use crate::audio::types::{Pcm, Priority};
use crate::audio::voice::ListenerVoice;
use crate::hearing::Listener;

/// Fade-out used when speech is cut, in milliseconds.
const CUT_FADE_MS: u32 = 5;
/// A volume change while sound plays glides over this long, so it makes no click.
const GAIN_RAMP_MS: u32 = 5;

#[derive(Debug)]
struct Slot {
    listener: Listener,
    channels: Vec<usize>,
    voice: ListenerVoice,
    /// The listener's volume, as a linear gain, at the current sample.
    gain: f32,
    /// The gain `gain` is gliding to.
    target: f32,
    /// DeviceOutput frames left in the glide.
    ramp_left: u32,
}

impl Slot {
    /// Gain for the next output sample (advances the glide).
    fn next_gain(&mut self) -> f32 {
        if self.ramp_left > 0 {
            self.gain += (self.target - self.gain) / self.ramp_left as f32;
            self.ramp_left -= 1;
        }
        self.gain
    }
}

/// The state one device's audio callback renders from.
#[derive(Debug)]
pub(crate) struct DeviceMixer {
    rate: u32,
    speech_gain: f32,
    slots: Vec<Slot>,
}

impl DeviceMixer {
    /// A mixer for the given `(listener, channels)` routes, assuming output at `rate` Hz
    /// until the first callback says otherwise.
    pub(crate) fn new(rate: u32, speech_gain: f32, routes: Vec<(Listener, Vec<u16>)>) -> Self {
        let slots = routes
            .into_iter()
            .map(|(listener, channels)| Slot {
                listener,
                channels: channels.into_iter().map(usize::from).collect(),
                voice: ListenerVoice::default(),
                gain: 1.0,
                target: 1.0,
                ramp_left: 0,
            })
            .collect();
        DeviceMixer {
            rate,
            speech_gain,
            slots,
        }
    }

    fn voice(&mut self, listener: Listener) -> Option<&mut ListenerVoice> {
        self.slots
            .iter_mut()
            .find(|s| s.listener == listener)
            .map(|s| &mut s.voice)
    }

    /// Queues speech for `listener` (ignored if not routed here). `muted` keeps the queue
    /// policy and timing but plays silence (for a listener whose channels already carry
    /// the same sound for another listener).
    pub(crate) fn speak(&mut self, listener: Listener, pcm: Pcm, priority: Priority, muted: bool) {
        let fade = self.rate * CUT_FADE_MS / 1_000;
        let gain = if muted { 0.0 } else { self.speech_gain };
        if let Some(voice) = self.voice(listener) {
            voice.speak(pcm, priority, gain, fade);
        }
    }

    /// Mixes a cue on top for `listener` (ignored if not routed here, or `muted`).
    pub(crate) fn cue(&mut self, listener: Listener, pcm: Pcm, muted: bool) {
        if let Some(voice) = self.voice(listener).filter(|_| !muted) {
            voice.overlay(pcm, 1.0);
        }
    }

    /// Sets `listener`'s volume to the linear `gain` (ignored if not routed here). It applies
    /// to everything this listener hears from the next rendered sample on, speech and cues,
    /// including the rest of an utterance already playing: while something plays the change
    /// glides over 5 ms (no click); when the listener is idle it takes effect at once.
    pub(crate) fn set_gain(&mut self, listener: Listener, gain: f32) {
        let ramp = self.rate * GAIN_RAMP_MS / 1_000;
        if let Some(slot) = self.slots.iter_mut().find(|s| s.listener == listener) {
            slot.target = gain;
            if slot.voice.is_idle() || ramp == 0 {
                slot.gain = gain;
                slot.ramp_left = 0;
            } else {
                slot.ramp_left = ramp;
            }
        }
    }

    /// True when no listener on this device has anything to play.
    pub(crate) fn is_idle(&self) -> bool {
        self.slots.iter().all(|s| s.voice.is_idle())
    }

    /// Listeners routed here, each with whether they have anything playing or queued.
    pub(crate) fn activity(&self) -> impl Iterator<Item = (Listener, bool)> + '_ {
        self.slots.iter().map(|s| (s.listener, !s.voice.is_idle()))
    }

    /// Forgets everything queued or playing.
    pub(crate) fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| s.voice.clear());
    }

    /// Fills interleaved `out` (`channels` per frame) at `rate` Hz; silence where idle.
    pub(crate) fn render(&mut self, out: &mut [f32], channels: usize, rate: u32) {
        self.rate = rate;
        out.iter_mut().for_each(|s| *s = 0.0);
        if channels == 0 {
            return;
        }
        for slot in &mut self.slots {
            if slot.voice.is_idle() {
                slot.gain = slot.target;
                slot.ramp_left = 0;
                continue;
            }
            for frame in out.chunks_exact_mut(channels) {
                let sample = slot.voice.next_sample(rate) * slot.next_gain();
                for &ch in &slot.channels {
                    if let Some(s) = frame.get_mut(ch) {
                        *s += sample;
                    }
                }
            }
        }
        out.iter_mut().for_each(|s| *s = s.clamp(-1.0, 1.0));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_listener_reaches_only_their_channels() {
        let routes = vec![(Listener::White, vec![0]), (Listener::Black, vec![1])];
        let mut mixer = DeviceMixer::new(1_000, 1.0, routes);
        mixer.speak(
            Listener::White,
            Pcm::new(1_000, vec![0.5; 2]),
            Priority::Readout,
            false,
        );
        mixer.speak(
            Listener::Arbiter,
            Pcm::new(1_000, vec![0.9; 2]),
            Priority::Flag,
            false,
        );
        let mut out = vec![1.0; 6];
        mixer.render(&mut out, 2, 1_000);
        assert_eq!(out, vec![0.5, 0.0, 0.5, 0.0, 0.0, 0.0]);
        assert!(mixer.is_idle());
    }

    #[test]
    fn muted_listener_keeps_silent() {
        let routes = vec![(Listener::White, vec![0]), (Listener::Black, vec![0])];
        let mut mixer = DeviceMixer::new(1_000, 1.0, routes);
        let pcm = Pcm::new(1_000, vec![0.25; 1]);
        mixer.speak(Listener::White, pcm.clone(), Priority::Flag, false);
        mixer.speak(Listener::Black, pcm.clone(), Priority::Flag, true);
        mixer.cue(Listener::Black, pcm, true);
        let mut out = vec![0.0; 2];
        mixer.render(&mut out, 1, 1_000);
        assert_eq!(out, vec![0.25, 0.0]);
    }

    #[test]
    fn gain_is_per_listener_and_applied_before_the_sum() {
        // Both listeners share channel 0 (not muted: different sounds), so a gain applied
        // after the sum would scale Black's sound too.
        let routes = vec![(Listener::White, vec![0]), (Listener::Black, vec![0])];
        let mut mixer = DeviceMixer::new(1_000, 1.0, routes);
        mixer.set_gain(Listener::White, 0.5);
        mixer.speak(
            Listener::White,
            Pcm::new(1_000, vec![0.5; 2]),
            Priority::Warning,
            false,
        );
        mixer.speak(
            Listener::Black,
            Pcm::new(1_000, vec![0.25; 2]),
            Priority::Warning,
            false,
        );
        let mut out = vec![0.0; 3];
        mixer.render(&mut out, 1, 1_000);
        assert_eq!(out, vec![0.5, 0.5, 0.0]);
    }

    #[test]
    fn gain_scales_cues_and_multiplies_the_configured_speech_volume() {
        let routes = vec![(Listener::White, vec![0]), (Listener::Black, vec![1])];
        let mut mixer = DeviceMixer::new(1_000, 0.5, routes);
        mixer.set_gain(Listener::Black, 0.25);
        mixer.speak(
            Listener::Black,
            Pcm::new(1_000, vec![1.0; 1]),
            Priority::Warning,
            false,
        );
        mixer.cue(Listener::Black, Pcm::new(1_000, vec![0.5; 2]), false);
        mixer.cue(Listener::White, Pcm::new(1_000, vec![0.5; 1]), false);
        let mut out = vec![0.0; 4];
        mixer.render(&mut out, 2, 1_000);
        // Black: (1.0 × 0.5 speech volume + 0.5 cue) × 0.25; the cue alone next.
        assert_eq!(out, vec![0.5, 0.25, 0.0, 0.125]);
    }

    #[test]
    fn gain_change_while_playing_glides_to_the_new_level() {
        let routes = vec![(Listener::White, vec![0])];
        let mut mixer = DeviceMixer::new(1_000, 1.0, routes);
        mixer.speak(
            Listener::White,
            Pcm::new(1_000, vec![1.0; 20]),
            Priority::Warning,
            false,
        );
        let mut out = vec![0.0; 2];
        mixer.render(&mut out, 1, 1_000);
        mixer.set_gain(Listener::White, 0.5);
        let mut out = vec![0.0; 8];
        mixer.render(&mut out, 1, 1_000);
        // 5 ms at 1 kHz = 5 frames from 1.0 down to 0.5, then steady.
        let expected = [0.9, 0.8, 0.7, 0.6, 0.5, 0.5, 0.5, 0.5];
        for (got, want) in out.iter().zip(expected) {
            assert!((got - want).abs() < 1e-6, "{out:?}");
        }
    }
}
