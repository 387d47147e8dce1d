//! Mixes the listeners routed to one output device into its interleaved channels: each
//! listener's sound goes to their channels only, every other channel stays silent.

use crate::audio::types::{Listener, Pcm, Priority};
use crate::audio::voice::ListenerVoice;

/// Fade-out used when speech is cut, in milliseconds.
const CUT_FADE_MS: u32 = 5;

#[derive(Debug)]
struct Slot {
    listener: Listener,
    channels: Vec<usize>,
    voice: ListenerVoice,
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
                continue;
            }
            for frame in out.chunks_exact_mut(channels) {
                let sample = slot.voice.next_sample(rate);
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
}
