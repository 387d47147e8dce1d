//! How one clip follows another when a pack renders an utterance.
//!
//! Each clip keeps a few milliseconds of near-silence at its edges: the margin `voice-master`
//! leaves beyond its sound, faded at load. At a comma or between sentences a pause of silence
//! goes between two clips ([`after_pause`]). Between two phrases of one sentence ("один час |
//! двенадцать минут") RHVoice's running speech has no pause at all, so there the clips'
//! quiet edges overlap until [`SPACE_GAP_MS`] of quiet is left between the last sound of one and
//! the first sound of the next ([`with_gap`]). A quiet edge (below −50 dBFS) may come to lie
//! under the other clip's sound; sound never lies on sound.

/// Quiet left between the sounds of two phrases of one sentence, in milliseconds at the recorded
/// tempo: shorter than any pause the listen tool counts (20 ms), long enough that the next
/// phrase's first consonant starts from quiet.
pub const SPACE_GAP_MS: u32 = 10;

/// A sample whose magnitude is below this counts as quiet: −50 dBFS in 16-bit units, the level
/// `voice-master` trims clips at.
const QUIET: u16 = 104;

/// Appends `next` to `out` after `pause` samples of silence.
pub(crate) fn after_pause(out: &mut Vec<f32>, next: &[i16], pause: usize) {
    if !out.is_empty() {
        out.resize(out.len() + pause, 0.0);
    }
    out.extend(next.iter().map(|&v| to_f32(v)));
}

/// Appends `next` to `out` so that `gap` samples of quiet lie between the last sound of `out`
/// and the first sound of `next`: the quiet edges overlap when they are longer than that, and
/// silence is added when they are shorter.
pub(crate) fn with_gap(out: &mut Vec<f32>, next: &[i16], gap: usize) {
    if out.is_empty() {
        out.extend(next.iter().map(|&v| to_f32(v)));
        return;
    }
    let tail = out
        .iter()
        .rev()
        .take_while(|&&v| (v * 32_768.0).abs() < f32::from(QUIET))
        .count();
    let lead = next
        .iter()
        .take_while(|&&v| v.unsigned_abs() < QUIET)
        .count();
    let quiet = tail + lead;
    if quiet <= gap {
        out.resize(out.len() + (gap - quiet), 0.0);
        out.extend(next.iter().map(|&v| to_f32(v)));
        return;
    }
    // Sound would meet sound only past `tail + lead`; the clamps hold for a clip that is all
    // quiet edge.
    let overlap = (quiet - gap).min(next.len()).min(out.len());
    let start = out.len() - overlap;
    for (o, &v) in out[start..].iter_mut().zip(&next[..overlap]) {
        *o += to_f32(v);
    }
    out.extend(next[overlap..].iter().map(|&v| to_f32(v)));
}

fn to_f32(v: i16) -> f32 {
    f32::from(v) / 32_768.0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `quiet_before` samples of faint noise, `loud` samples of sound, `quiet_after` of faint
    /// noise.
    fn clip(quiet_before: usize, loud: usize, quiet_after: usize) -> Vec<i16> {
        let faint = |i: usize| if i.is_multiple_of(2) { 40 } else { -40 };
        (0..quiet_before)
            .map(faint)
            .chain((0..loud).map(|i| if i.is_multiple_of(2) { 8_000 } else { -8_000 }))
            .chain((0..quiet_after).map(faint))
            .collect()
    }

    /// Quiet samples between the last loud sample of the first sound and the first of the
    /// second, and how many loud samples there are.
    fn gap_and_loud(out: &[f32]) -> (usize, usize) {
        let loud: Vec<usize> = out
            .iter()
            .enumerate()
            .filter(|(_, v)| (**v * 32_768.0).abs() >= f32::from(QUIET))
            .map(|(i, _)| i)
            .collect();
        let widest = loud.windows(2).map(|w| w[1] - w[0] - 1).max().unwrap_or(0);
        (widest, loud.len())
    }

    #[test]
    fn long_quiet_edges_overlap_down_to_the_gap_and_no_sound_is_lost() {
        let mut out = Vec::new();
        with_gap(&mut out, &clip(30, 100, 120), 240);
        with_gap(&mut out, &clip(150, 100, 30), 240);
        let (gap, loud) = gap_and_loud(&out);
        assert_eq!(gap, 240, "quiet left between the sounds");
        assert_eq!(
            loud, 200,
            "every loud sample kept, none summed into another"
        );
        assert_eq!(out.len(), 30 + 100 + 240 + 100 + 30);
    }

    #[test]
    fn short_quiet_edges_get_silence_up_to_the_gap() {
        let mut out = Vec::new();
        with_gap(&mut out, &clip(0, 100, 20), 240);
        with_gap(&mut out, &clip(10, 100, 0), 240);
        assert_eq!(gap_and_loud(&out), (240, 200));
        assert_eq!(out.len(), 100 + 240 + 100);
    }

    #[test]
    fn a_quiet_edge_may_lie_under_sound_but_sound_never_meets_sound() {
        // The first clip ends on its sound: the next clip's long quiet lead goes under it.
        let mut out = Vec::new();
        with_gap(&mut out, &clip(0, 100, 0), 10);
        with_gap(&mut out, &clip(50, 100, 0), 10);
        assert_eq!(gap_and_loud(&out), (10, 200));
        assert_eq!(out.len(), 100 + 10 + 100);
        let sound = 8_000.0 / 32_768.0;
        assert!(
            out.iter()
                .filter(|v| v.abs() > 0.1)
                .all(|v| (v.abs() - sound).abs() <= 40.0 / 32_768.0 + 1e-6),
            "a loud sample moved by more than the quiet edge under it"
        );
        // An all-quiet clip after a long quiet tail is overlapped no further than it reaches.
        let mut out = Vec::new();
        with_gap(&mut out, &clip(0, 100, 300), 10);
        with_gap(&mut out, &clip(20, 0, 0), 10);
        assert_eq!(out.len(), 400);
    }

    #[test]
    fn a_pause_is_silence_between_the_clips_as_they_are() {
        let mut out = Vec::new();
        after_pause(&mut out, &clip(5, 100, 5), 300);
        after_pause(&mut out, &clip(5, 100, 5), 300);
        assert_eq!(out.len(), 110 + 300 + 110);
        assert_eq!(gap_and_loud(&out), (5 + 300 + 5, 200));
    }
}
