//! Synthesised feedback sounds (no files): a click for an accepted press, a low buzz for an
//! ignored press and a two-tone flag alarm. All are short and scaled by a volume.

use std::f32::consts::TAU;

use crate::audio::types::Pcm;
use crate::hearing::Cue;

/// Rate the cues are synthesised at (resampled on output if the device differs).
pub const CUE_RATE: u32 = 48_000;

/// Silence before every cue. A PulseAudio stream that starts (a new one, or one whose feed
/// waited for a sound) can lose up to about 0.4 ms of its first sound at the server: measured
/// on the test sink, the click's peak, which comes 0.1 ms in, then fell by up to 1.7 dB. With
/// 1 ms of silence first, every click arrived whole.
pub const CUE_LEAD_MS: u32 = 1;

/// Renders `cue` at peak amplitude `volume` (clamped to 0..=1), after [`CUE_LEAD_MS`] of
/// silence. Volume 0 gives no samples.
pub fn render(cue: Cue, volume: f32) -> Pcm {
    let volume = if volume.is_finite() {
        volume.clamp(0.0, 1.0)
    } else {
        0.0
    };
    if volume == 0.0 {
        return Pcm::new(CUE_RATE, Vec::new());
    }
    let samples = match cue {
        Cue::Click => click(),
        Cue::Buzz => buzz(),
        Cue::FlagAlarm => flag_alarm(),
        Cue::FlagRising => tick(),
    };
    let mut out = vec![0.0; ms(CUE_LEAD_MS as usize)];
    out.extend(scale_to_peak(samples, volume));
    Pcm::new(CUE_RATE, out)
}

/// 12 ms decaying 2.5 kHz tick.
/// A soft, low tick: quieter and duller than the press click, so it never sounds like one.
fn tick() -> Vec<f32> {
    let len = ms(8);
    (0..len)
        .map(|i| {
            let t = i as f32 / CUE_RATE as f32;
            0.4 * (TAU * 900.0 * t).sin() * (-t / 0.002).exp()
        })
        .collect()
}

fn click() -> Vec<f32> {
    let len = ms(12);
    (0..len)
        .map(|i| {
            let t = i as f32 / CUE_RATE as f32;
            (TAU * 2_500.0 * t).sin() * (-t / 0.002).exp()
        })
        .collect()
}

/// 180 ms low, rough 140 Hz tone (odd harmonics), clearly unlike the click.
fn buzz() -> Vec<f32> {
    let len = ms(180);
    let samples = (0..len)
        .map(|i| {
            let t = i as f32 / CUE_RATE as f32;
            [1.0f32, 3.0, 5.0]
                .iter()
                .map(|&k| (TAU * 140.0 * k * t).sin() / k)
                .sum()
        })
        .collect();
    envelope(samples, ms(5))
}

/// Three rounds of 1000 Hz / 750 Hz, 120 ms each: 720 ms in all.
fn flag_alarm() -> Vec<f32> {
    let mut samples = Vec::with_capacity(ms(720));
    for _ in 0..3 {
        for freq in [1_000.0f32, 750.0] {
            let tone = (0..ms(120))
                .map(|i| (TAU * freq * i as f32 / CUE_RATE as f32).sin())
                .collect();
            samples.extend(envelope(tone, ms(4)));
        }
    }
    samples
}

fn ms(millis: usize) -> usize {
    CUE_RATE as usize * millis / 1_000
}

/// Linear fade in and out over `ramp` samples, to avoid clicks at the edges.
fn envelope(mut samples: Vec<f32>, ramp: usize) -> Vec<f32> {
    let len = samples.len();
    let ramp = ramp.min(len / 2).max(1);
    for i in 0..ramp {
        let gain = i as f32 / ramp as f32;
        samples[i] *= gain;
        samples[len - 1 - i] *= gain;
    }
    samples
}

fn scale_to_peak(mut samples: Vec<f32>, peak: f32) -> Vec<f32> {
    let max = samples.iter().fold(0.0f32, |m, s| m.max(s.abs()));
    if max > 0.0 {
        let gain = peak / max;
        samples.iter_mut().for_each(|s| *s *= gain);
    }
    samples
}

#[cfg(test)]
mod tests {
    use super::*;

    fn peak(pcm: &Pcm) -> f32 {
        pcm.samples.iter().fold(0.0f32, |m, s| m.max(s.abs()))
    }

    #[test]
    fn every_cue_starts_with_its_lead_of_silence() {
        let lead = ms(CUE_LEAD_MS as usize);
        for cue in [Cue::Click, Cue::Buzz, Cue::FlagAlarm, Cue::FlagRising] {
            let pcm = render(cue, 1.0);
            let samples = &pcm.samples;
            assert!(samples[..lead].iter().all(|s| *s == 0.0), "{cue:?}");
            assert!(
                samples[lead].abs() > 0.0 || samples[lead + 1].abs() > 0.0,
                "{cue:?}"
            );
        }
    }

    #[test]
    fn cues_are_short_distinct_and_scaled() {
        let click = render(Cue::Click, 0.5);
        let buzz = render(Cue::Buzz, 0.5);
        let alarm = render(Cue::FlagAlarm, 0.5);
        assert!(click.duration_secs() <= 0.02);
        assert!(buzz.duration_secs() <= 0.2);
        assert!(alarm.duration_secs() <= 0.75);
        for pcm in [&click, &buzz, &alarm] {
            assert!((peak(pcm) - 0.5).abs() < 1e-4);
        }
        assert_ne!(click.samples.len(), buzz.samples.len());
    }

    #[test]
    fn zero_or_bad_volume_is_silent() {
        assert!(render(Cue::Click, 0.0).samples.is_empty());
        assert!(render(Cue::FlagAlarm, f32::NAN).samples.is_empty());
    }
}
