//! The mix bus's peak limiter: what keeps overlapping sounds below full scale without making a
//! lone one quieter (the rule it serves is in [`crate::audio::headroom`]).
//!
//! A lone announcement plays at the level configured for it on every layout (no static
//! headroom for listeners who might speak at once); when sounds overlap on one channel and
//! their sum would pass the stream's ceiling, the limiter lowers the gain just enough, ramping
//! down over its lookahead (0.5 ms) so that the loudest sample arrives already lowered, and
//! back up with a time constant of [`RELEASE`]. Below the ceiling the gain is exactly 1 and samples pass
//! bit-exact, only delayed by the lookahead: a lone sound never moves the gain, so nothing
//! pumps between sentences.
//!
//! **How.** Each sample's needed gain is `ceiling / p`, where `p` is its true peak: the largest
//! of `|x|` and the signal between it and its neighbours, read 4× finer through the clips'
//! interpolator ([`crate::audio::interpolate`]), so that a click's sharp edge cannot pass the
//! ceiling between two samples (1 when below; read only near the ceiling). The gain applied to
//! the sample leaving the delay line is the mean, over the lookahead, of an envelope that is at
//! most the least needed gain of the window behind it (and rises back by the release). Every
//! term of that mean is at most the needed gain of the leaving sample, so no output sample
//! passes the ceiling, and the mean makes every change a ramp.

use crate::audio::interpolate;
use std::collections::VecDeque;

/// Samples read ahead for the true peak (the interpolator's reach, and one more).
const AHEAD: usize = interpolate::TAPS + 1;

/// The samples the true peak is read from: `AHEAD` on each side of the one judged.
const SPAN: usize = 2 * AHEAD + 1;

/// The true peak of the sample [`AHEAD`] samples back, from the samples around it (at a
/// rate below 8 kHz, none of this: the sample's own magnitude, at once).
#[derive(Debug, Clone)]
struct TruePeak {
    /// Whether it reads ahead (8 kHz and up).
    on: bool,
    /// The last [`SPAN`] samples, a ring: the next one goes at `next`.
    raw: [f32; SPAN],
    next: usize,
    /// Samples seen, and the index of the last one louder than the caller's `near`.
    count: u64,
    last_loud: Option<u64>,
}

impl TruePeak {
    fn new(rate: u32) -> TruePeak {
        TruePeak {
            on: rate >= 8_000,
            raw: [0.0; SPAN],
            next: 0,
            count: 0,
            last_loud: None,
        }
    }

    /// Takes `x` in; gives the sample [`AHEAD`] back and its true peak, read only when a
    /// sample around it passes `near` (below, its own magnitude).
    fn push(&mut self, x: f32, near: f32) -> (f32, f32) {
        if !self.on {
            return (x, x.abs());
        }
        self.raw[self.next] = x;
        self.next = (self.next + 1) % SPAN;
        if x.abs() > near {
            self.last_loud = Some(self.count);
        }
        self.count += 1;
        // The oldest is at `next`; the judged one AHEAD after it.
        let judged = self.raw[(self.next + AHEAD) % SPAN];
        let loud = self
            .last_loud
            .is_some_and(|i| self.count - i <= SPAN as u64);
        if !loud {
            return (judged, judged.abs());
        }
        let span: Vec<f32> = (0..SPAN)
            .map(|k| self.raw[(self.next + k) % SPAN])
            .collect();
        let mut peak = judged.abs();
        for from in [AHEAD - 1, AHEAD] {
            for quarter in 1..4 {
                let at = interpolate::at(&span, from as f64 + f64::from(quarter) / 4.0);
                peak = peak.max(at.abs());
            }
        }
        (judged, peak)
    }

    fn is_quiet(&self) -> bool {
        self.raw.iter().all(|s| *s == 0.0)
    }

    /// The samples it delays by.
    fn ahead(&self) -> usize {
        if self.on {
            AHEAD
        } else {
            0
        }
    }
}

/// How long the gain takes to come back after the loudest sample, to 1 − 1/e of the way.
pub const RELEASE: std::time::Duration = std::time::Duration::from_millis(50);

/// The lookahead (and the delay it adds), in seconds.
pub const LOOKAHEAD_SECS: f32 = 0.0005;

/// One channel's limiter.
#[derive(Debug, Clone)]
pub struct Limiter {
    /// The samples in the lookahead, a ring of `ramp − 1`: the next goes at `delay_next`.
    delay: Vec<f32>,
    delay_next: usize,
    /// The needed gains of the window (index, gain), increasing: a sliding minimum.
    needed: VecDeque<(u64, f32)>,
    /// The envelope's last values, for the mean.
    envelope: VecDeque<f32>,
    /// Their sum.
    sum: f64,
    /// How many of them are below 1.
    below: usize,
    /// The envelope's last value.
    last: f32,
    /// The ramp (the mean's window), in samples.
    ramp: usize,
    /// How far the envelope rises back per sample (a fraction of what is left).
    release: f32,
    /// The loudest sample it lets out.
    ceiling: f32,
    /// Samples seen.
    count: u64,
    /// Samples it lowered since the start.
    acted: u64,
    /// The true peaks, read ahead of the lookahead.
    peaks: TruePeak,
}

impl Limiter {
    /// A limiter for a stream at `rate` Hz that lets no sample out above `ceiling`.
    pub fn new(rate: u32, ceiling: f32) -> Limiter {
        let length = ((rate as f32 * LOOKAHEAD_SECS).round() as usize).max(1);
        let release = 1.0 - (-1.0 / (rate as f32 * RELEASE.as_secs_f32())).exp();
        let peaks = TruePeak::new(rate);
        // The lookahead is the true peak's reach and the ramp together.
        let ramp = length.saturating_sub(peaks.ahead()).max(1);
        Limiter {
            delay: vec![0.0; ramp - 1],
            delay_next: 0,
            needed: VecDeque::with_capacity(ramp + 1),
            envelope: VecDeque::with_capacity(ramp + 1),
            sum: 0.0,
            below: 0,
            last: 1.0,
            ramp,
            release,
            ceiling: ceiling.clamp(1e-6, 1.0),
            count: 0,
            acted: 0,
            peaks,
        }
    }

    /// The delay it adds, in samples.
    pub fn delay(&self) -> usize {
        self.ramp - 1 + self.peaks.ahead()
    }

    /// Samples it has lowered so far.
    pub fn acted(&self) -> u64 {
        self.acted
    }

    /// Whether it holds nothing but silence at gain 1 (so a stream may rest).
    pub fn is_quiet(&self) -> bool {
        self.last >= 1.0 && self.delay.iter().all(|s| *s == 0.0) && self.peaks.is_quiet()
    }

    /// Forgets the lookahead's samples and the gain (the stream restarts).
    pub fn reset(&mut self) {
        self.delay.iter_mut().for_each(|s| *s = 0.0);
        self.needed.clear();
        self.envelope.clear();
        self.sum = 0.0;
        self.below = 0;
        self.last = 1.0;
        self.peaks = TruePeak::new(if self.peaks.on { 48_000 } else { 1_000 });
    }

    /// Puts `x` in the delay ring and gives the one `ramp − 1` samples before it.
    fn delayed(&mut self, x: f32) -> f32 {
        let Some(slot) = self.delay.get_mut(self.delay_next) else {
            return x;
        };
        let out = std::mem::replace(slot, x);
        self.delay_next = (self.delay_next + 1) % self.delay.len();
        out
    }

    /// Takes `x` in and gives the sample [`Limiter::delay`] samples before it out, lowered
    /// where needed. NaN is taken as silence.
    pub fn process(&mut self, x: f32) -> f32 {
        let x = if x.is_nan() { 0.0 } else { x };
        // Between samples a band-limited signal rises at most a few dB above them: below
        // two thirds of the ceiling around it, no peak can reach the ceiling.
        let (x, peak) = self.peaks.push(x, self.ceiling / 1.5);
        let need = if peak > self.ceiling {
            self.ceiling / peak
        } else {
            1.0
        };
        let i = self.count;
        self.count += 1;
        // At rest (nothing to lower in the window, the gain at 1, the mean's window full of
        // ones) a quiet sample changes nothing but the delay: the common case, kept cheap.
        let resting = need >= 1.0
            && self.last >= 1.0
            && self.below == 0
            && self.envelope.len() == self.ramp
            && self.needed.front().is_none_or(|(_, g)| *g >= 1.0);
        if resting {
            self.needed.clear();
            return self.delayed(x);
        }
        while self.needed.back().is_some_and(|(_, g)| *g >= need) {
            self.needed.pop_back();
        }
        self.needed.push_back((i, need));
        let window_start = (i + 1).saturating_sub(self.ramp as u64);
        while self.needed.front().is_some_and(|(j, _)| *j < window_start) {
            self.needed.pop_front();
        }
        let least = self.needed.front().map_or(1.0, |(_, g)| *g);
        let risen = self.last + (1.0 - self.last) * self.release;
        // Back at 1 exactly once within 0.01 dB of it (about 0.3 s after a gain of one half):
        // a lone sound then passes bit-exact.
        let risen = if risen > 0.999 { 1.0 } else { risen };
        let envelope = least.min(risen);
        self.last = envelope;
        // At rest (a window of ones, and one more), the window does not change.
        let at_rest = envelope >= 1.0 && self.below == 0 && self.envelope.len() == self.ramp;
        if !at_rest {
            self.envelope.push_back(envelope);
            self.sum += f64::from(envelope);
            self.below += usize::from(envelope < 1.0);
            if self.envelope.len() > self.ramp {
                if let Some(old) = self.envelope.pop_front() {
                    self.sum -= f64::from(old);
                    self.below -= usize::from(old < 1.0);
                }
            }
        }
        let out = self.delayed(x);
        if self.below == 0 {
            // The running sum drifts; a window of ones is exactly one.
            self.sum = self.envelope.len() as f64;
            return out;
        }
        self.acted += 1;
        let gain = (self.sum / self.envelope.len() as f64) as f32;
        (out * gain).clamp(-self.ceiling, self.ceiling)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// −1 dBFS.
    const CEILING: f32 = 0.891_250_9;

    fn sine(freq: f32, amplitude: f32, n: usize) -> Vec<f32> {
        (0..n)
            .map(|i| amplitude * (2.0 * std::f32::consts::PI * freq * i as f32 / 48_000.0).sin())
            .collect()
    }

    fn run(limiter: &mut Limiter, input: &[f32]) -> Vec<f32> {
        let mut out: Vec<f32> = input.iter().map(|x| limiter.process(*x)).collect();
        // Flush the lookahead.
        out.extend((0..limiter.delay()).map(|_| limiter.process(0.0)));
        out
    }

    #[test]
    fn a_lone_sound_below_the_ceiling_passes_bit_exact_only_delayed() {
        let mut limiter = Limiter::new(48_000, CEILING);
        let input = sine(440.0, 0.8, 4800);
        let out = run(&mut limiter, &input);
        let d = limiter.delay();
        assert_eq!(d, 23);
        assert!(out[..d].iter().all(|s| *s == 0.0));
        assert_eq!(&out[d..], &input[..]);
        assert_eq!(limiter.acted(), 0);
        assert!(limiter.is_quiet());
    }

    #[test]
    fn an_overlap_twice_the_ceiling_never_passes_it_and_the_gain_comes_back_to_one() {
        let mut limiter = Limiter::new(48_000, CEILING);
        // Two sounds at 0.89 each, in phase: 1.78 for 100 ms, then one alone for 600 ms.
        let mut input: Vec<f32> = sine(300.0, 1.78, 4800);
        input.extend(sine(300.0, 0.5, 28_800));
        let out = run(&mut limiter, &input);
        let loudest = out.iter().fold(0.0f32, |m, s| m.max(s.abs()));
        assert!(loudest <= CEILING, "peak {loudest}");
        assert!(loudest > 0.85, "lowered just enough: {loudest}");
        assert!(limiter.acted() > 0);
        // The lone sound's end passes untouched once the gain came back (release 50 ms).
        let d = limiter.delay();
        let tail = out.len() - 4800;
        assert!(
            out[tail..] == input[tail - d..],
            "the gain is back at exactly 1"
        );
    }

    #[test]
    fn the_gain_ramps_down_before_a_sudden_peak_rather_than_jumping() {
        let mut limiter = Limiter::new(48_000, CEILING);
        let mut input = vec![0.5f32; 2000];
        input.extend(vec![1.6f32; 200]);
        input.extend(vec![0.5f32; 2000]);
        let out = run(&mut limiter, &input);
        let d = limiter.delay();
        // The samples just before the peak are already lowered: a ramp, not a step.
        let before: Vec<f32> = out[d + 2000 - 10..d + 2000].to_vec();
        assert!(before.windows(2).all(|w| w[1] <= w[0]), "{before:?}");
        assert!(before[9] < 0.5 && before[0] > before[9]);
        assert!(out.iter().all(|s| s.abs() <= CEILING));
    }

    /// The fault (CI of c7b5241): an overlap on one speaker kept every sample at −1 dBFS,
    /// but the signal between two samples rose to +0.09 dBTP. A quarter-rate sine sampled 45°
    /// off its crests has every sample 3 dB below its peak: at 1.1 times the ceiling, no
    /// sample reaches the ceiling and a sample-peak limiter lets it all through.
    #[test]
    fn a_peak_between_samples_is_brought_below_the_ceiling_too() {
        let mut limiter = Limiter::new(48_000, CEILING);
        let amplitude = 1.1 * CEILING;
        let input: Vec<f32> = (0..4800)
            .map(|i| {
                amplitude
                    * (std::f32::consts::FRAC_PI_2 * i as f32 + std::f32::consts::FRAC_PI_4).sin()
            })
            .collect();
        assert!(input.iter().all(|s| s.abs() < CEILING));
        let out = run(&mut limiter, &input);
        let mut true_peak = 0.0f32;
        for i in 400..(out.len() - 400) * 4 {
            true_peak = true_peak.max(interpolate::at(&out, i as f64 / 4.0).abs());
        }
        let db = 20.0 * (true_peak / CEILING).log10();
        assert!(db < 0.1, "{db} dB above the ceiling between samples");
    }

    #[test]
    fn nan_is_silence_and_a_reset_forgets_the_lookahead() {
        let mut limiter = Limiter::new(48_000, CEILING);
        for _ in 0..10 {
            limiter.process(0.7);
        }
        limiter.reset();
        assert!(limiter.is_quiet());
        let out: Vec<f32> = (0..40).map(|_| limiter.process(f32::NAN)).collect();
        assert!(out.iter().all(|s| *s == 0.0));
    }
}
