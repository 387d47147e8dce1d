//! Mixes the listeners routed to one output device into its interleaved channels: each
//! listener's sound goes to their channels only, every other channel stays silent. Each
//! listener's own volume (see [`crate::audio::gain_for_step`]) is applied to their voice
//! before the channels are summed; each channel's sum is then scaled by its fixed bus gain and
//! passed through its peak limiter, which counts the samples it lowers (see
//! [`crate::audio::headroom`] and [`crate::audio::limiter`]).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use crate::audio::limiter::Limiter;
use crate::audio::rewind::History;
use crate::audio::types::{Pcm, Priority};
use crate::audio::voice::{EarGains, Ears, ListenerVoice};
use crate::hearing::Listener;

/// How one listener's copy of a sound is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Play {
    /// Silent: another listener's copy already covers all of this one's channels (the queue
    /// policy and timing still apply).
    Muted,
    /// Audible, at the loudest volume of these ears (the listener and the muted ones it
    /// serves).
    For(Ears),
}

/// Fade-out used when speech is cut, in milliseconds.
const CUT_FADE_MS: u32 = 5;
/// A volume change while sound plays glides over this long, so it makes no click.
const GAIN_RAMP_MS: u32 = 5;

#[derive(Clone, Debug)]
struct Slot {
    listener: Listener,
    /// Index of the listener in [`EarGains`].
    ear: Option<usize>,
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

/// A change to what the mixer plays, kept in its [`History`] to be made again after going
/// back.
#[derive(Clone, Debug)]
enum Change {
    Speak(Listener, Pcm, Priority, Play),
    Cue(Listener, Pcm, Play),
    Gain(Listener, f32),
}

/// What a render starts from: the rate, the channels, every listener's state and the
/// limiters' (their lookahead holds the last samples rendered).
type Start = (u32, usize, Vec<Slot>, Vec<Limiter>);

/// The state one device's audio callback renders from.
#[derive(Debug)]
pub(crate) struct DeviceMixer {
    rate: u32,
    speech_gain: f32,
    slots: Vec<Slot>,
    /// Fixed gain of each channel's bus (1 past its end).
    bus: Vec<f32>,
    /// The loudest sample the limiters let out.
    ceiling: f32,
    /// Each channel's limiter (made for the rate and channels of the render).
    limiters: Vec<Limiter>,
    /// Samples the limiters have lowered, on this device, since the start.
    limited: Arc<AtomicU64>,
    /// The recent renders, to go back over what the server has not played (see
    /// [`DeviceMixer::go_back`]).
    history: History<Start, Change>,
}

impl DeviceMixer {
    /// A mixer for the given `(listener, channels)` routes, assuming output at `rate` Hz
    /// until the first callback says otherwise; channel `c`'s sum is scaled by `bus[c]` and
    /// limited to `ceiling`.
    pub(crate) fn new(
        rate: u32,
        speech_gain: f32,
        bus: Vec<f32>,
        ceiling: f32,
        routes: Vec<(Listener, Vec<u16>)>,
    ) -> Self {
        let slots = routes
            .into_iter()
            .map(|(listener, channels)| Slot {
                listener,
                ear: Ears::index(listener),
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
            bus,
            ceiling,
            limiters: Vec::new(),
            limited: Arc::new(AtomicU64::new(0)),
            history: History::default(),
        }
    }

    /// The count of samples the limiters lowered (shared, readable off the audio callback).
    pub(crate) fn limited(&self) -> Arc<AtomicU64> {
        self.limited.clone()
    }

    /// Whether the limiters hold nothing still to come out.
    fn limiters_quiet(&self) -> bool {
        self.limiters.iter().all(Limiter::is_quiet)
    }

    fn voice(&mut self, listener: Listener) -> Option<&mut ListenerVoice> {
        self.slots
            .iter_mut()
            .find(|s| s.listener == listener)
            .map(|s| &mut s.voice)
    }

    /// Queues speech for `listener` (ignored if not routed here), played as `play` says.
    /// Returns true when it cuts speech that was playing (see [`DeviceMixer::go_back`]).
    pub(crate) fn speak(
        &mut self,
        listener: Listener,
        pcm: Pcm,
        priority: Priority,
        play: Play,
    ) -> bool {
        let change = Change::Speak(listener, pcm, priority, play);
        self.history.changed(&change);
        self.make(change)
    }

    /// Mixes a cue on top for `listener` (ignored if not routed here, or muted).
    pub(crate) fn cue(&mut self, listener: Listener, pcm: Pcm, play: Play) {
        let change = Change::Cue(listener, pcm, play);
        self.history.changed(&change);
        self.make(change);
    }

    /// Sets `listener`'s volume to the linear `gain` (ignored if not routed here). It applies
    /// to everything this listener hears from the next rendered sample on, speech and cues,
    /// including the rest of an utterance already playing: while something plays the change
    /// glides over 5 ms (no click); when the listener is idle it takes effect at once.
    pub(crate) fn set_gain(&mut self, listener: Listener, gain: f32) {
        let change = Change::Gain(listener, gain);
        self.history.changed(&change);
        self.make(change);
    }

    /// Makes `change`; true when it cut speech that was playing.
    fn make(&mut self, change: Change) -> bool {
        match change {
            Change::Speak(listener, pcm, priority, play) => {
                let fade = self.rate * CUT_FADE_MS / 1_000;
                let (gain, ears) = match play {
                    Play::Muted => (0.0, Ears::of(listener)),
                    Play::For(ears) => (self.speech_gain, ears.with(listener)),
                };
                self.voice(listener)
                    .is_some_and(|voice| voice.speak(pcm, priority, gain, fade, ears))
            }
            Change::Cue(listener, pcm, play) => {
                if let Play::For(ears) = play {
                    if let Some(voice) = self.voice(listener) {
                        voice.overlay(pcm, 1.0, ears.with(listener));
                    }
                }
                false
            }
            Change::Gain(listener, gain) => {
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
                false
            }
        }
    }

    /// Goes back `frames` over what was rendered (the server threw them away unplayed), as
    /// far as the history reaches: the state there is restored and the changes made since
    /// are made again there, so a cut and the speech after it start at that point and every
    /// other sound goes on from it as it was rendered. Returns the frames gone back.
    pub(crate) fn go_back(&mut self, frames: usize) -> usize {
        if frames == 0 {
            return 0;
        }
        let Some(back) = self.history.back(frames) else {
            return 0;
        };
        let (rate, channels, slots, limiters) = back.start;
        self.slots = slots;
        self.limiters = limiters;
        // Rendered again only to reach the point: the server has these frames, and the
        // limiters have counted them.
        let mut again = vec![0.0; back.render_again * channels];
        self.mix(&mut again, channels, rate, false);
        for change in back.changes {
            self.make(change);
        }
        back.frames
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
        self.limiters.iter_mut().for_each(Limiter::reset);
        self.history.clear();
    }

    /// Fills interleaved `out` (`channels` per frame) at `rate` Hz; silence where idle. What
    /// is not silence is kept in the history (see [`DeviceMixer::go_back`]).
    pub(crate) fn render(&mut self, out: &mut [f32], channels: usize, rate: u32) {
        if channels > 0 && !(self.is_idle() && self.limiters_quiet()) {
            let start = (rate, channels, self.slots.clone(), self.limiters.clone());
            self.history.rendered(start, out.len() / channels);
        }
        self.mix(out, channels, rate, true);
    }

    /// Renders as [`DeviceMixer::render`] says, without keeping it in the history; counts
    /// what the limiters did if `count`.
    fn mix(&mut self, out: &mut [f32], channels: usize, rate: u32, count: bool) {
        if self.rate != rate || self.limiters.len() != channels {
            self.limiters = vec![Limiter::new(rate, self.ceiling); channels];
        }
        self.rate = rate;
        out.iter_mut().for_each(|s| *s = 0.0);
        for slot in &mut self.slots {
            if slot.voice.is_idle() {
                slot.gain = slot.target;
                slot.ramp_left = 0;
            }
        }
        if channels == 0 || (self.is_idle() && self.limiters_quiet()) {
            return;
        }
        let mut gains: EarGains = [1.0; 3];
        let before: u64 = self.limiters.iter().map(Limiter::acted).sum();
        for frame in out.chunks_exact_mut(channels) {
            for slot in &mut self.slots {
                let gain = slot.next_gain();
                if let Some(g) = slot.ear.and_then(|i| gains.get_mut(i)) {
                    *g = gain;
                }
            }
            for slot in &mut self.slots {
                if slot.voice.is_idle() {
                    continue;
                }
                let sample = slot.voice.next_sample(rate, &gains);
                for &ch in &slot.channels {
                    if let Some(s) = frame.get_mut(ch) {
                        *s += sample;
                    }
                }
            }
            for ((ch, s), limiter) in frame.iter_mut().enumerate().zip(&mut self.limiters) {
                *s = limiter.process(*s * self.bus.get(ch).copied().unwrap_or(1.0));
            }
        }
        let limited = self.limiters.iter().map(Limiter::acted).sum::<u64>() - before;
        if limited > 0 && count {
            self.limited.fetch_add(limited, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audio::headroom;

    const AUDIBLE: Play = Play::For(Ears::NONE);

    #[test]
    fn each_listener_reaches_only_their_channels() {
        let routes = vec![(Listener::White, vec![0]), (Listener::Black, vec![1])];
        let mut mixer = DeviceMixer::new(1_000, 1.0, Vec::new(), 1.0, routes);
        mixer.speak(
            Listener::White,
            Pcm::new(1_000, vec![0.5; 2]),
            Priority::Readout,
            AUDIBLE,
        );
        mixer.speak(
            Listener::Arbiter,
            Pcm::new(1_000, vec![0.9; 2]),
            Priority::Flag,
            AUDIBLE,
        );
        let mut out = vec![1.0; 6];
        mixer.render(&mut out, 2, 1_000);
        assert_eq!(out, vec![0.5, 0.0, 0.5, 0.0, 0.0, 0.0]);
        assert!(mixer.is_idle());
    }

    #[test]
    fn muted_listener_keeps_silent() {
        let routes = vec![(Listener::White, vec![0]), (Listener::Black, vec![0])];
        let mut mixer = DeviceMixer::new(1_000, 1.0, Vec::new(), 1.0, routes);
        let pcm = Pcm::new(1_000, vec![0.25; 1]);
        mixer.speak(Listener::White, pcm.clone(), Priority::Flag, AUDIBLE);
        mixer.speak(Listener::Black, pcm.clone(), Priority::Flag, Play::Muted);
        mixer.cue(Listener::Black, pcm, Play::Muted);
        let mut out = vec![0.0; 2];
        mixer.render(&mut out, 1, 1_000);
        assert_eq!(out, vec![0.25, 0.0]);
    }

    #[test]
    fn gain_is_per_listener_and_applied_before_the_sum() {
        // Both listeners share channel 0 (not muted: different sounds), so a gain applied
        // after the sum would scale Black's sound too.
        let routes = vec![(Listener::White, vec![0]), (Listener::Black, vec![0])];
        let mut mixer = DeviceMixer::new(1_000, 1.0, Vec::new(), 1.0, routes);
        mixer.set_gain(Listener::White, 0.5);
        mixer.speak(
            Listener::White,
            Pcm::new(1_000, vec![0.5; 2]),
            Priority::Warning,
            AUDIBLE,
        );
        mixer.speak(
            Listener::Black,
            Pcm::new(1_000, vec![0.25; 2]),
            Priority::Warning,
            AUDIBLE,
        );
        let mut out = vec![0.0; 3];
        mixer.render(&mut out, 1, 1_000);
        assert_eq!(out, vec![0.5, 0.5, 0.0]);
    }

    #[test]
    fn gain_scales_cues_and_multiplies_the_configured_speech_volume() {
        let routes = vec![(Listener::White, vec![0]), (Listener::Black, vec![1])];
        let mut mixer = DeviceMixer::new(1_000, 0.5, Vec::new(), 1.0, routes);
        mixer.set_gain(Listener::Black, 0.25);
        mixer.speak(
            Listener::Black,
            Pcm::new(1_000, vec![1.0; 1]),
            Priority::Warning,
            AUDIBLE,
        );
        mixer.cue(Listener::Black, Pcm::new(1_000, vec![0.5; 2]), AUDIBLE);
        mixer.cue(Listener::White, Pcm::new(1_000, vec![0.5; 1]), AUDIBLE);
        let mut out = vec![0.0; 4];
        mixer.render(&mut out, 2, 1_000);
        // Black: (1.0 × 0.5 speech volume + 0.5 cue) × 0.25; the cue alone next.
        assert_eq!(out, vec![0.5, 0.25, 0.0, 0.125]);
    }

    #[test]
    fn gain_change_while_playing_glides_to_the_new_level() {
        let routes = vec![(Listener::White, vec![0])];
        let mut mixer = DeviceMixer::new(1_000, 1.0, Vec::new(), 1.0, routes);
        mixer.speak(
            Listener::White,
            Pcm::new(1_000, vec![0.5; 20]),
            Priority::Warning,
            AUDIBLE,
        );
        let mut out = vec![0.0; 2];
        mixer.render(&mut out, 1, 1_000);
        mixer.set_gain(Listener::White, 0.5);
        let mut out = vec![0.0; 8];
        mixer.render(&mut out, 1, 1_000);
        // 5 ms at 1 kHz = 5 frames from gain 1.0 down to 0.5, then steady.
        let expected = [0.45, 0.4, 0.35, 0.3, 0.25, 0.25, 0.25, 0.25];
        for (got, want) in out.iter().zip(expected) {
            assert!((got - want).abs() < 1e-6, "{out:?}");
        }
    }

    fn limited(mixer: &DeviceMixer) -> u64 {
        mixer.limited().load(Ordering::Relaxed)
    }

    /// The fault (issue 37): the bus kept room for every listener on a channel speaking at
    /// once, so a lone readout on the shared speaker of the embedded default played at a fifth
    /// of its level (−14 dB). Now a lone sound plays at the one-listener bus gain on a speaker
    /// shared by three, and an overlap of White's readout, an arbiter notice and a click is
    /// lowered by the limiter to −1 dBFS, never above.
    #[test]
    fn a_lone_sound_on_a_shared_speaker_plays_at_its_level_and_an_overlap_is_limited() {
        let routes: Vec<_> = Listener::EARS.iter().map(|&l| (l, vec![0, 1])).collect();
        let bus = headroom::bus_gain(1.0, 0.5);
        let ceiling = headroom::HEADROOM_PEAK;
        let mut mixer = DeviceMixer::new(1_000, 1.0, vec![bus; 2], ceiling, routes.clone());
        mixer.speak(
            Listener::White,
            Pcm::new(1_000, vec![1.0; 4]),
            Priority::Readout,
            AUDIBLE,
        );
        let mut out = vec![0.0; 8];
        mixer.render(&mut out, 2, 1_000);
        assert!(out.iter().all(|s| (s - bus).abs() < 1e-6), "{out:?}");
        assert_eq!(limited(&mixer), 0);

        let mut mixer = DeviceMixer::new(1_000, 1.0, vec![bus; 2], ceiling, routes);
        let loud = Pcm::new(1_000, vec![1.0; 4]);
        mixer.speak(Listener::White, loud.clone(), Priority::Readout, AUDIBLE);
        mixer.speak(Listener::Arbiter, loud, Priority::Warning, AUDIBLE);
        mixer.cue(Listener::White, Pcm::new(1_000, vec![-0.5, 0.5]), AUDIBLE);
        let mut out = vec![0.0; 8];
        mixer.render(&mut out, 2, 1_000);
        let peak = out.iter().fold(0.0f32, |m, s| m.max(s.abs()));
        assert!(peak <= ceiling, "{out:?}");
        assert!(peak > 0.85, "lowered to the ceiling, no further: {out:?}");
        assert!(limited(&mixer) > 0);
    }

    #[test]
    fn the_limiter_keeps_a_turned_up_sound_below_its_ceiling_and_counts() {
        let routes = vec![(Listener::White, vec![0])];
        let mut mixer = DeviceMixer::new(1_000, 1.0, vec![1.0], headroom::HEADROOM_PEAK, routes);
        mixer.set_gain(Listener::White, 2.0);
        mixer.speak(
            Listener::White,
            Pcm::new(1_000, vec![0.25, 0.9, -0.9]),
            Priority::Warning,
            AUDIBLE,
        );
        let mut out = vec![0.0; 3];
        mixer.render(&mut out, 1, 1_000);
        assert!(
            out.iter().all(|s| s.abs() <= headroom::HEADROOM_PEAK),
            "{out:?}"
        );
        assert!(out[1] > 0.85, "{out:?}");
        assert!(limited(&mixer) >= 2);
    }

    #[test]
    fn one_copy_for_listeners_sharing_a_channel_plays_at_the_loudest_volume() {
        let routes = vec![(Listener::White, vec![0]), (Listener::Black, vec![0])];
        let mut mixer = DeviceMixer::new(1_000, 1.0, Vec::new(), 1.0, routes);
        mixer.set_gain(Listener::White, 0.25);
        mixer.set_gain(Listener::Black, 2.0);
        let pcm = Pcm::new(1_000, vec![0.25; 1]);
        let for_both = Play::For(Ears::of(Listener::Black));
        mixer.speak(Listener::White, pcm.clone(), Priority::Flag, for_both);
        mixer.speak(Listener::Black, pcm, Priority::Flag, Play::Muted);
        let mut out = vec![0.0; 2];
        mixer.render(&mut out, 1, 1_000);
        assert_eq!(out, vec![0.5, 0.0]);
    }

    #[test]
    fn each_channel_is_scaled_by_its_own_bus_gain() {
        let routes = vec![(Listener::White, vec![0, 1])];
        let mut mixer = DeviceMixer::new(1_000, 1.0, vec![0.5, 0.25], 1.0, routes);
        mixer.speak(
            Listener::White,
            Pcm::new(1_000, vec![0.5]),
            Priority::Warning,
            AUDIBLE,
        );
        let mut out = vec![0.0; 2];
        mixer.render(&mut out, 2, 1_000);
        assert_eq!(out, vec![0.25, 0.125]);
    }

    /// Renders `frames` frames of two channels.
    fn frames(mixer: &mut DeviceMixer, frames: usize) -> Vec<f32> {
        let mut out = vec![0.0; frames * 2];
        mixer.render(&mut out, 2, 1_000);
        out
    }

    /// The fault (issue 37, item 6): a readout that cut another reached the ear only after
    /// the old one's samples already queued at the server (40 ms at p50), as the cut and the
    /// new readout were rendered after them. The stream now throws that queue away and the
    /// mixer goes back to where the server stopped: White's cut (its 5 ms fade) and his new
    /// readout start there, while Black, on the other channel of the same stream, goes on
    /// from the same sample exactly as he was rendered.
    #[test]
    fn a_readout_cutting_a_readout_goes_back_over_the_queue_for_the_cut_listener_only() {
        let routes = vec![(Listener::White, vec![0]), (Listener::Black, vec![1])];
        let mut mixer = DeviceMixer::new(1_000, 1.0, Vec::new(), 1.0, routes);
        let ramp = |from: f32| {
            Pcm::new(
                1_000,
                (0..100).map(|i| from + i as f32 * 1e-3).collect::<Vec<_>>(),
            )
        };
        mixer.speak(Listener::White, ramp(0.1), Priority::Readout, AUDIBLE);
        mixer.speak(Listener::Black, ramp(0.5), Priority::Readout, AUDIBLE);
        // Three requests of the server, 30 frames sent; then White asks for his time again.
        let mut sent = Vec::new();
        for _ in 0..3 {
            sent.extend(frames(&mut mixer, 10));
        }
        let cut = mixer.speak(
            Listener::White,
            Pcm::new(1_000, vec![0.3; 10]),
            Priority::Readout,
            AUDIBLE,
        );
        assert!(cut, "the new readout cuts the one playing");
        // The server had played 12 frames: it threw away 18.
        assert_eq!(mixer.go_back(18), 18);
        let again = frames(&mut mixer, 20);
        for i in 0..20 {
            let (white, black) = (again[2 * i], again[2 * i + 1]);
            let at = 12 + i;
            let black_sent = 0.5 + at as f32 * 1e-3;
            assert!(
                (black - black_sent).abs() < 1e-6,
                "Black at {at}: {black} vs {black_sent}"
            );
            let white_wanted = match i {
                0..5 => (0.1 + at as f32 * 1e-3) * (5 - i) as f32 / 5.0,
                5..15 => 0.3,
                _ => 0.0,
            };
            assert!(
                (white - white_wanted).abs() < 1e-6,
                "White {i} frames after the point: {white} vs {white_wanted}"
            );
        }
        // Black's sound before the point is what was sent.
        assert_eq!(sent[2 * 11 + 1], 0.5 + 11.0 * 1e-3);
    }
}
