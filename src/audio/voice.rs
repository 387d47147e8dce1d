//! One listener's speech: the queue policy (pre-emption, stale readouts) and the cues mixed
//! on top. Pure sample-by-sample code, tested without a device.

use std::collections::VecDeque;

use crate::audio::interpolate;
use crate::audio::types::{Pcm, Priority};
use crate::hearing::Listener;

/// Each ear's volume (linear gain) at the current sample: White, Black, Arbiter.
pub(crate) type EarGains = [f32; 3];

/// The ears a clip is played for: it plays at the loudest of their volumes, so that when one
/// copy serves several listeners sharing a channel nobody hears it quieter than they set.
/// Empty means unity gain.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Ears(u8);

impl Ears {
    /// No ears: unity gain.
    pub(crate) const NONE: Ears = Ears(0);

    /// Index of `listener` in [`EarGains`] (`All` has none of its own).
    pub(crate) fn index(listener: Listener) -> Option<usize> {
        match listener {
            Listener::White => Some(0),
            Listener::Black => Some(1),
            Listener::Arbiter => Some(2),
            Listener::All => None,
        }
    }

    /// Just `listener`.
    pub(crate) fn of(listener: Listener) -> Ears {
        Ears::default().with(listener)
    }

    /// These ears and `listener`.
    pub(crate) fn with(self, listener: Listener) -> Ears {
        Ears(self.0 | Ears::index(listener).map_or(0, |i| 1 << i))
    }

    /// The loudest of these ears' gains (1 when empty).
    fn gain(self, gains: &EarGains) -> f32 {
        if self.0 == 0 {
            return 1.0;
        }
        (0..gains.len())
            .filter(|i| self.0 & (1 << i) != 0)
            .map(|i| gains[i])
            .fold(0.0, f32::max)
    }
}

/// A PCM being played, resampled on the fly ([`interpolate`]: a windowed sinc).
#[derive(Clone, Debug)]
struct Clip {
    pcm: Pcm,
    priority: Priority,
    gain: f32,
    ears: Ears,
    /// Position in source samples.
    pos: f64,
    /// `Some((left, total))` while being cut: output frames of fade-out remaining.
    fade: Option<(u32, u32)>,
}

impl Clip {
    fn new(pcm: Pcm, priority: Priority, gain: f32, ears: Ears) -> Self {
        Clip {
            pcm,
            priority,
            gain,
            ears,
            pos: 0.0,
            fade: None,
        }
    }

    /// Next output sample at `out_rate` at the volume of its ears, or `None` when finished.
    fn next(&mut self, out_rate: u32, gains: &EarGains) -> Option<f32> {
        let samples = &self.pcm.samples;
        samples.get(self.pos as usize)?;
        let value = interpolate::at(samples, self.pos);
        self.pos += f64::from(self.pcm.rate) / f64::from(out_rate.max(1));
        let mut value = value * self.gain * self.ears.gain(gains);
        if let Some((left, total)) = self.fade.as_mut() {
            if *left == 0 {
                return None;
            }
            value *= *left as f32 / *total as f32;
            *left -= 1;
        }
        Some(value)
    }

    fn cut(&mut self, fade_frames: u32) {
        if self.fade.is_none() {
            self.fade = Some((fade_frames, fade_frames.max(1)));
        }
    }

    fn is_cut(&self) -> bool {
        self.fade.is_some()
    }
}

/// Speech state of one listener.
#[derive(Clone, Debug, Default)]
pub(crate) struct ListenerVoice {
    current: Option<Clip>,
    queue: VecDeque<Clip>,
    overlays: Vec<Clip>,
}

impl ListenerVoice {
    /// Adds speech under the queue policy described on [`Priority`].
    /// `fade_frames` is the fade-out used when something in progress is cut; the clip plays at
    /// `gain` times the loudest volume of `ears`. Returns true when it cuts the clip playing.
    pub(crate) fn speak(
        &mut self,
        pcm: Pcm,
        priority: Priority,
        gain: f32,
        fade_frames: u32,
        ears: Ears,
    ) -> bool {
        if pcm.samples.is_empty() || pcm.rate == 0 {
            return false;
        }
        if priority == Priority::Cue {
            self.overlay(pcm, gain, ears);
            return false;
        }
        let mut cut = false;
        if priority == Priority::Readout {
            self.queue.retain(|c| c.priority != Priority::Readout);
        }
        if let Some(current) = self.current.as_mut() {
            let stale_readout = current.priority == Priority::Readout;
            if (stale_readout || current.priority < priority) && !current.is_cut() {
                current.cut(fade_frames);
                cut = true;
            }
        }
        let at = self
            .queue
            .iter()
            .position(|c| c.priority < priority)
            .unwrap_or(self.queue.len());
        self.queue.insert(at, Clip::new(pcm, priority, gain, ears));
        cut
    }

    /// Mixes `pcm` on top of whatever plays, starting now, at `gain` times the loudest volume
    /// of `ears`.
    pub(crate) fn overlay(&mut self, pcm: Pcm, gain: f32, ears: Ears) {
        if !pcm.samples.is_empty() && pcm.rate != 0 {
            self.overlays
                .push(Clip::new(pcm, Priority::Cue, gain, ears));
        }
    }

    /// Next mono output sample at `out_rate`, each clip at its ears' volume in `gains`.
    pub(crate) fn next_sample(&mut self, out_rate: u32, gains: &EarGains) -> f32 {
        let mut value = 0.0;
        loop {
            if let Some(clip) = self.current.as_mut() {
                if let Some(sample) = clip.next(out_rate, gains) {
                    value = sample;
                    break;
                }
            }
            self.current = self.queue.pop_front();
            if self.current.is_none() {
                break;
            }
        }
        if !self.overlays.is_empty() {
            self.overlays
                .retain_mut(|clip| match clip.next(out_rate, gains) {
                    Some(sample) => {
                        value += sample;
                        true
                    }
                    None => false,
                });
        }
        value
    }

    /// True when nothing is playing or queued.
    pub(crate) fn is_idle(&self) -> bool {
        self.current.is_none() && self.queue.is_empty() && self.overlays.is_empty()
    }

    /// Drops everything (used when the device is lost: stale speech is not replayed).
    pub(crate) fn clear(&mut self) {
        self.current = None;
        self.queue.clear();
        self.overlays.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RATE: u32 = 1_000;

    fn tone(value: f32, len: usize) -> Pcm {
        Pcm::new(RATE, vec![value; len])
    }

    const UNITY: EarGains = [1.0; 3];

    fn play(voice: &mut ListenerVoice, frames: usize) -> Vec<f32> {
        (0..frames)
            .map(|_| voice.next_sample(RATE, &UNITY))
            .collect()
    }

    #[test]
    fn same_rate_is_copied_exactly_and_in_order() {
        let mut voice = ListenerVoice::default();
        voice.speak(
            Pcm::new(RATE, vec![0.1, 0.2]),
            Priority::Warning,
            1.0,
            0,
            Ears::default(),
        );
        voice.speak(
            Pcm::new(RATE, vec![0.3]),
            Priority::Warning,
            1.0,
            0,
            Ears::default(),
        );
        assert_eq!(play(&mut voice, 4), vec![0.1, 0.2, 0.3, 0.0]);
        assert!(voice.is_idle());
    }

    #[test]
    fn new_readout_replaces_playing_and_queued_readouts() {
        let mut voice = ListenerVoice::default();
        voice.speak(tone(0.1, 100), Priority::Readout, 1.0, 0, Ears::default());
        play(&mut voice, 3);
        voice.speak(tone(0.2, 100), Priority::Readout, 1.0, 0, Ears::default());
        voice.speak(tone(0.3, 2), Priority::Readout, 1.0, 0, Ears::default());
        assert_eq!(play(&mut voice, 3), vec![0.3, 0.3, 0.0]);
    }

    #[test]
    fn flag_cuts_readout_with_fade_then_plays_in_full() {
        let mut voice = ListenerVoice::default();
        voice.speak(tone(0.5, 100), Priority::Readout, 1.0, 0, Ears::default());
        play(&mut voice, 2);
        voice.speak(tone(0.9, 3), Priority::Flag, 1.0, 2, Ears::default());
        assert_eq!(play(&mut voice, 6), vec![0.5, 0.25, 0.9, 0.9, 0.9, 0.0]);
    }

    #[test]
    fn warning_waits_for_warning_but_flag_goes_first() {
        let mut voice = ListenerVoice::default();
        voice.speak(tone(0.1, 2), Priority::Warning, 1.0, 0, Ears::default());
        play(&mut voice, 1);
        voice.speak(tone(0.2, 1), Priority::Warning, 1.0, 0, Ears::default());
        voice.speak(tone(0.3, 1), Priority::Readout, 1.0, 0, Ears::default());
        voice.speak(tone(0.4, 1), Priority::Flag, 1.0, 0, Ears::default());
        assert_eq!(play(&mut voice, 4), vec![0.4, 0.2, 0.3, 0.0]);
    }

    #[test]
    fn cue_is_mixed_on_top_without_delay() {
        let mut voice = ListenerVoice::default();
        voice.speak(tone(0.5, 4), Priority::Readout, 1.0, 0, Ears::default());
        play(&mut voice, 1);
        voice.speak(tone(0.25, 2), Priority::Cue, 1.0, 0, Ears::default());
        assert_eq!(play(&mut voice, 4), vec![0.75, 0.75, 0.5, 0.0]);
    }

    #[test]
    fn resamples_through_the_interpolator_and_keeps_the_clip_s_own_samples() {
        let mut voice = ListenerVoice::default();
        let clip = [0.0, 1.0];
        voice.speak(
            Pcm::new(RATE, clip.to_vec()),
            Priority::Warning,
            1.0,
            0,
            Ears::default(),
        );
        let out: Vec<f32> = (0..5)
            .map(|_| voice.next_sample(2 * RATE, &UNITY))
            .collect();
        let between = |pos| interpolate::at(&clip, pos);
        assert_eq!(out, vec![0.0, between(0.5), 1.0, between(1.5), 0.0]);
        assert!(out[1] > 0.4 && out[1] < 0.7, "{out:?}");
    }

    #[test]
    fn a_clip_for_several_ears_plays_at_the_loudest_of_their_volumes() {
        let mut voice = ListenerVoice::default();
        let shared = Ears::of(Listener::White).with(Listener::Arbiter);
        voice.speak(tone(0.5, 1), Priority::Warning, 1.0, 0, shared);
        voice.overlay(tone(0.25, 2), 1.0, Ears::of(Listener::White));
        let gains = [0.5, 4.0, 2.0];
        let out: Vec<f32> = (0..2).map(|_| voice.next_sample(RATE, &gains)).collect();
        // Speech at the arbiter's 2.0 (Black's 4.0 is not among its ears); the cue at White's.
        assert_eq!(out, vec![0.5 * 2.0 + 0.25 * 0.5, 0.25 * 0.5]);
    }
}
