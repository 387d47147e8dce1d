//! Faster or slower speech without changing its pitch: waveform-similarity overlap-add
//! (WSOLA). Frames of the input are taken at `tempo` times the output hop, each shifted by up
//! to a few milliseconds to where it best continues the previous one, and overlap-added
//! under a Hann window. Voice-pack clips are stretched once, when the pack is loaded.

/// Frame length in seconds (long enough to hold a couple of voice periods).
const FRAME_SECS: f32 = 0.025;
/// How far a frame may move to line up with the previous one, in seconds.
const SEEK_SECS: f32 = 0.004;

/// `samples` played `tempo` times as fast (1.0 returns them unchanged; 0.5 to 2.0 is sensible).
pub fn stretch(samples: &[f32], rate: u32, tempo: f32) -> Vec<f32> {
    if !(tempo.is_finite() && tempo > 0.0) || (tempo - 1.0).abs() < 1e-3 || samples.is_empty() {
        return samples.to_vec();
    }
    let frame = ((rate as f32 * FRAME_SECS) as usize).max(16) & !1;
    let hop_out = frame / 2;
    let seek = (rate as f32 * SEEK_SECS) as usize;
    let window: Vec<f32> = (0..frame)
        .map(|i| 0.5 - 0.5 * (std::f32::consts::TAU * i as f32 / frame as f32).cos())
        .collect();
    let out_len = (samples.len() as f32 / tempo) as usize;
    let mut out = vec![0.0f32; out_len + frame];
    // Where the previous frame's natural continuation starts in the input.
    let mut follow = 0usize;
    let mut k = 0usize;
    loop {
        let nominal = (k as f32 * hop_out as f32 * tempo) as usize;
        if nominal >= samples.len() || k * hop_out >= out_len {
            break;
        }
        let start = if k == 0 {
            0
        } else {
            best_offset(samples, follow, nominal, seek, hop_out)
        };
        for i in 0..frame {
            let Some(&x) = samples.get(start + i) else {
                break;
            };
            out[k * hop_out + i] += x * window[i];
        }
        follow = start + hop_out;
        k += 1;
    }
    out.truncate(out_len);
    out
}

/// The start near `nominal` whose first half-frame best matches the continuation at `follow`.
fn best_offset(samples: &[f32], follow: usize, nominal: usize, seek: usize, len: usize) -> usize {
    let Some(reference) = samples.get(follow..follow + len) else {
        return nominal.min(samples.len().saturating_sub(1));
    };
    let low = nominal.saturating_sub(seek);
    let high = (nominal + seek).min(samples.len().saturating_sub(len));
    let mut best = (f32::MIN, nominal.min(high.max(low)));
    for start in low..=high.max(low) {
        let Some(candidate) = samples.get(start..start + len) else {
            break;
        };
        // Every fourth sample is plenty to find the alignment.
        let score: f32 = candidate
            .iter()
            .zip(reference)
            .step_by(4)
            .map(|(a, b)| a * b)
            .sum();
        if score > best.0 {
            best = (score, start);
        }
    }
    best.1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tone(freq: f32, rate: u32, secs: f32) -> Vec<f32> {
        (0..(rate as f32 * secs) as usize)
            .map(|i| (std::f32::consts::TAU * freq * i as f32 / rate as f32).sin() * 0.5)
            .collect()
    }

    /// Upward zero crossings per second in the middle of a signal: its pitch.
    fn pitch(samples: &[f32], rate: u32) -> f32 {
        let middle = &samples[samples.len() / 4..samples.len() * 3 / 4];
        let ups = middle
            .windows(2)
            .filter(|w| w[0] < 0.0 && w[1] >= 0.0)
            .count();
        ups as f32 * rate as f32 / middle.len() as f32
    }

    #[test]
    fn faster_speech_is_shorter_at_the_same_pitch() {
        let rate = 22_050;
        let input = tone(220.0, rate, 2.0);
        for tempo in [0.75f32, 1.3, 2.0] {
            let out = stretch(&input, rate, tempo);
            let expected = input.len() as f32 / tempo;
            assert!(
                (out.len() as f32 - expected).abs() < 2.0,
                "{tempo}: {} vs {expected}",
                out.len()
            );
            let p = pitch(&out, rate);
            assert!((p - 220.0).abs() < 5.0, "{tempo}: pitch {p}");
        }
    }

    #[test]
    fn a_steady_tone_keeps_a_steady_level() {
        let rate = 22_050;
        let out = stretch(&tone(300.0, rate, 1.0), rate, 1.4);
        let middle = &out[out.len() / 4..out.len() * 3 / 4];
        let peak = middle.iter().fold(0.0f32, |m, x| m.max(x.abs()));
        assert!((0.4..0.6).contains(&peak), "peak {peak}");
    }

    #[test]
    fn tempo_one_or_nonsense_changes_nothing() {
        let input = tone(200.0, 8_000, 0.2);
        assert_eq!(stretch(&input, 8_000, 1.0), input);
        assert_eq!(stretch(&input, 8_000, f32::NAN), input);
        assert_eq!(stretch(&input, 8_000, -1.0), input);
        assert!(stretch(&[], 8_000, 1.5).is_empty());
    }
}
