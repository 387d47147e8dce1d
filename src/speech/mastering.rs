//! Preparing a synthesised recording as a voice-pack clip, and the measures a pack is
//! checked with: silence trimmed, the continuing half of a "phrase, phrase." recording cut
//! out, the edges faded, and the level set so that every clip is equally loud, measured as
//! the RMS over its voiced frames.

/// The level every clip is set to: RMS over voiced frames, in dBFS.
pub const TARGET_LEVEL_DB: f32 = -20.0;
/// A frame of the level and silence measures, in milliseconds.
const FRAME_MS: f32 = 10.0;
/// A frame this far below the clip's loudest frame is not voiced (a pause or a breath).
const VOICED_RANGE_DB: f32 = 25.0;
/// Below this a frame is silence, in dBFS.
const SILENCE_DB: f32 = -50.0;
/// Sound kept before the first and after the last frame above silence. Not 0: a clip that
/// starts with a plosive ("пятьдесят") probably has its burst right at the edge, inside the
/// 2 ms fade (a guess from what was misheard; the onsets were not inspected).
/// Tried on 2026-12-01 (packs rebuilt with no margin, `make listen`): Russian readouts fell
/// from 98 to 93 of 109 understood, the fifties heard as "ведь 10-4", and the durations
/// shortened by 0.7 % only.
const MARGIN_MS: f32 = 5.0;

/// Silence this long inside the comma's pause ends the continuing half; a stop's closure
/// before its release is shorter (RHVoice's are 20–60 ms), the pause longer (over 140 ms).
const RELEASE_GAP_MS: f32 = 80.0;

/// Why a recording could not be made into a clip.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum MasteringError {
    /// Nothing above silence.
    #[error("the recording is silent")]
    Silent,
    /// A continuing recording must be "phrase, phrase." with a pause between the two.
    #[error("no pause found between the two halves of the continuing recording")]
    NoPause,
}

fn db(x: f32) -> f32 {
    20.0 * x.max(1e-9).log10()
}

/// RMS of each frame of `FRAME_MS`, in dBFS (the last partial frame included).
fn frame_levels(samples: &[f32], rate: u32) -> (usize, Vec<f32>) {
    let frame = ((rate as f32 * FRAME_MS / 1000.0) as usize).max(1);
    let levels = samples
        .chunks(frame)
        .map(|c| {
            let energy: f32 = c.iter().map(|s| s * s).sum::<f32>() / c.len() as f32;
            db(energy.sqrt())
        })
        .collect();
    (frame, levels)
}

/// The clip's level: RMS over its voiced frames (frames within 25 dB of the loudest one
/// and above −50 dBFS), in dBFS; `None` for silence.
pub fn voiced_level_db(samples: &[f32], rate: u32) -> Option<f32> {
    let (frame, levels) = frame_levels(samples, rate);
    let loudest = levels.iter().copied().fold(f32::MIN, f32::max);
    let floor = SILENCE_DB.max(loudest - VOICED_RANGE_DB);
    let mut energy = 0.0f64;
    let mut count = 0usize;
    for (chunk, level) in samples.chunks(frame).zip(&levels) {
        if *level >= floor {
            energy += chunk
                .iter()
                .map(|&s| f64::from(s) * f64::from(s))
                .sum::<f64>();
            count += chunk.len();
        }
    }
    (count > 0).then(|| db((energy / count as f64).sqrt() as f32))
}

/// Peak absolute sample, in dBFS.
pub fn peak_db(samples: &[f32]) -> f32 {
    db(samples.iter().fold(0.0f32, |m, s| m.max(s.abs())))
}

/// The span from the first to the last frame above silence, with a 5 ms margin.
fn sound_span(samples: &[f32], rate: u32) -> Option<(usize, usize)> {
    let (frame, levels) = frame_levels(samples, rate);
    let first = levels.iter().position(|&l| l > SILENCE_DB)?;
    let last = levels.iter().rposition(|&l| l > SILENCE_DB)?;
    let margin = (rate as f32 * MARGIN_MS / 1000.0) as usize;
    let start = (first * frame).saturating_sub(margin);
    let end = ((last + 1) * frame + margin).min(samples.len());
    Some((start, end))
}

/// The first half of a "phrase, phrase." recording: everything before the comma's pause,
/// taken as the longest quiet run (at least 30 ms of frames 25 dB or more below the loudest
/// one: the pause may hold a breath) whose middle is in the middle half of the sound. The
/// half ends where that run falls below silence for [`RELEASE_GAP_MS`], not where it starts:
/// the run opens with what is quiet but still speech, such as the closure and release of a
/// final stop ("минут", "White"), which belong to the phrase.
pub fn first_half(samples: &[f32], rate: u32) -> Result<&[f32], MasteringError> {
    let (start, end) = sound_span(samples, rate).ok_or(MasteringError::Silent)?;
    let (frame, levels) = frame_levels(samples, rate);
    let loudest = levels.iter().copied().fold(f32::MIN, f32::max);
    let quiet = SILENCE_DB.max(loudest - VOICED_RANGE_DB);
    let span = end - start;
    let (lo, hi) = (start + span / 4, start + span * 3 / 4);
    let min_frames = 3;
    // (start sample, length in frames) of the best run so far.
    let mut best: Option<(usize, usize)> = None;
    let mut run_start = None;
    for (i, level) in levels.iter().enumerate() {
        match (*level < quiet, run_start) {
            (true, None) => run_start = Some(i),
            (false, Some(s)) => {
                let (at, frames) = (s * frame, i - s);
                let middle = (s + i) * frame / 2;
                if frames >= min_frames
                    && (lo..=hi).contains(&middle)
                    && best.is_none_or(|(_, longest)| frames > longest)
                {
                    best = Some((at, frames));
                }
                run_start = None;
            }
            _ => {}
        }
    }
    let (at, frames) = best.ok_or(MasteringError::NoPause)?;
    let first = at / frame;
    let silent = (RELEASE_GAP_MS / FRAME_MS) as usize;
    let cut = levels[first..first + frames]
        .windows(silent)
        .position(|w| w.iter().all(|&l| l < SILENCE_DB))
        .map_or(at, |i| (first + i) * frame);
    Ok(&samples[..cut])
}

/// The highest peak a mastered clip may have: −1.4 dBFS, so that the packed clip stays below
/// −1 dBFS, the headroom every pack keeps, after Vorbis's overshoot (anatol's "за хід",
/// mastered at 0.879, decoded at 0.905).
pub const PEAK_CEILING: f32 = 0.85;

/// Where a clip whose level would put its peak above [`PEAK_CEILING`] is brought: a little
/// below the ceiling, its level then a fraction of a decibel under the pack's.
const PEAK_GUARD: f32 = 0.845;

/// The clip made of a recording: silence trimmed (5 ms kept on each side), edges faded
/// (2 ms), and the voiced level set to [`TARGET_LEVEL_DB`], unless that would put its peak
/// above [`PEAK_CEILING`]: then its peak is set just below it.
pub fn master(samples: &[f32], rate: u32) -> Result<Vec<f32>, MasteringError> {
    let (start, end) = sound_span(samples, rate).ok_or(MasteringError::Silent)?;
    let mut clip = samples[start..end].to_vec();
    let level = voiced_level_db(&clip, rate).ok_or(MasteringError::Silent)?;
    let mut gain = 10f32.powf((TARGET_LEVEL_DB - level) / 20.0);
    let peak = clip.iter().fold(0.0f32, |m, s| m.max(s.abs()));
    if peak * gain > PEAK_CEILING {
        gain = PEAK_GUARD / peak;
    }
    clip.iter_mut().for_each(|s| *s *= gain);
    let fade = ((rate as f32 * 0.002) as usize).min(clip.len() / 2);
    let len = clip.len();
    for i in 0..fade {
        let g = i as f32 / fade as f32;
        clip[i] *= g;
        clip[len - 1 - i] *= g;
    }
    Ok(clip)
}

#[cfg(test)]
mod tests {
    use super::*;

    const RATE: u32 = 1_000;

    fn tone(len: usize, amplitude: f32) -> Vec<f32> {
        (0..len)
            .map(|i| amplitude * (i as f32 * 0.9).sin())
            .collect()
    }

    #[test]
    fn level_ignores_pauses() {
        let mut s = tone(400, 0.5);
        s.extend(vec![0.0; 400]);
        let alone = voiced_level_db(&tone(400, 0.5), RATE).expect("level");
        let with_pause = voiced_level_db(&s, RATE).expect("level");
        assert!((alone - with_pause).abs() < 0.01, "{alone} {with_pause}");
        assert_eq!(voiced_level_db(&[0.0; 100], RATE), None);
    }

    #[test]
    fn master_trims_and_sets_the_level() {
        let mut s = vec![0.0; 300];
        s.extend(tone(500, 0.05));
        s.extend(vec![0.0; 300]);
        let clip = master(&s, RATE).expect("clip");
        assert!(clip.len() <= 500 + 2 * 5 + 10, "{}", clip.len());
        let level = voiced_level_db(&clip, RATE).expect("level");
        assert!((level - TARGET_LEVEL_DB).abs() < 0.2, "{level}");
        assert_eq!(clip[0], 0.0);
        assert_eq!(master(&[0.0; 50], RATE), Err(MasteringError::Silent));
    }

    /// "за хід" in anatol's voice: a sharp attack over a quiet word; set to the pack's level
    /// and packed it peaked at 0.905, above the −1 dBFS every clip keeps.
    #[test]
    fn a_clip_with_a_sharp_attack_keeps_its_peak_below_minus_1_dbfs() {
        let mut s = vec![0.0; 300];
        s.extend(tone(500, 0.02));
        s[400] = 0.3;
        s.extend(vec![0.0; 300]);
        let clip = master(&s, RATE).expect("clip");
        let peak = clip.iter().fold(0.0f32, |m, s| m.max(s.abs()));
        assert!(peak < PEAK_CEILING, "peak {peak}");
        assert!((peak - PEAK_GUARD).abs() < 1e-4, "peak {peak}");
    }

    #[test]
    fn first_half_cuts_at_the_middle_pause() {
        // Gaps inside each phrase, one of them near the middle, and the comma's pause.
        let mut s = tone(200, 0.5);
        s.extend(vec![0.0; 40]);
        s.extend(tone(200, 0.5));
        s.extend(vec![0.0; 80]);
        s.extend(tone(150, 0.5));
        s.extend(vec![0.0; 50]);
        s.extend(tone(250, 0.5));
        s.extend(vec![0.0; 40]);
        s.extend(tone(200, 0.5));
        let half = first_half(&s, RATE).expect("half");
        assert!((440..=450).contains(&half.len()), "{}", half.len());
        assert_eq!(
            first_half(&tone(300, 0.5), RATE),
            Err(MasteringError::NoPause)
        );
    }

    /// The fault: the cut fell where the comma's quiet run starts, so a final stop's release,
    /// quieter than the vowel by more than 25 dB but well above silence, was cut off the
    /// continuing clip ("семь мину(т)", which Whisper heard as "7,54 секунды").
    #[test]
    fn first_half_keeps_the_release_of_a_final_stop() {
        let mut s = tone(300, 0.5);
        s.extend(vec![0.0; 20]); // the stop's closure
        s.extend(tone(30, 0.005)); // its release: 40 dB below the vowel, 14 dB above silence
        s.extend(vec![0.0; 150]); // the comma's pause
        s.extend(tone(300, 0.5));
        let half = first_half(&s, RATE).expect("half");
        assert!(
            (350..=360).contains(&half.len()),
            "the half ends after the release, at 350: {}",
            half.len()
        );
    }
}
