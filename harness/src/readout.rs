//! How long the voice packs take to say a time: "one hour twelve minutes thirty seconds"
//! (the exact phrasing of a setting or clock check, its number and unit clips only) and what
//! a player hears for 1:12:30 (`speech::readout`, which drops seconds at ten minutes and more).

use talkclock::announce::voices::Voices;
use talkclock::speech::{phrase, readout, Announcement, Lang, Side, Utterance};

/// 1:12:30 in milliseconds.
pub const ONE_TWELVE_THIRTY_MS: i64 = (3_600 + 12 * 60 + 30) * 1_000;

/// Spoken lengths, in seconds, for one language.
#[derive(Debug, Clone, Copy)]
pub struct ReadoutLength {
    /// The language.
    pub lang: Lang,
    /// "one hour twelve minutes thirty seconds".
    pub exact_seconds: f64,
    /// `speech::readout(lang, 1:12:30)`: "one hour twelve minutes".
    pub readout_seconds: f64,
}

/// The count clips of a time setting to 1:12:30 (one phrase clip per part, "один час",
/// "двенадцать минут", "тридцать секунд"): the duration said exactly, without pauses.
pub fn exact_duration(lang: Lang, ms: i64) -> Utterance {
    let full = phrase(
        lang,
        &Announcement::Adjusted {
            side: Side::White,
            new_ms: ms,
            clamped: false,
        },
    );
    let clips = full
        .clips
        .into_iter()
        .filter(|k| ["c_", "n_", "u_", "g_"].iter().any(|p| k.starts_with(p)))
        .collect();
    Utterance {
        text: String::new(),
        clips,
    }
}

/// Measures every language that has a voice pack.
pub fn lengths(voices: &Voices) -> Result<Vec<ReadoutLength>, String> {
    let mut out = Vec::new();
    for lang in Lang::ALL {
        if voices.pack(lang).is_none() {
            continue;
        }
        let exact = voices.render(lang, &exact_duration(lang, ONE_TWELVE_THIRTY_MS))?;
        let said = voices.render(lang, &readout(lang, ONE_TWELVE_THIRTY_MS))?;
        out.push(ReadoutLength {
            lang,
            exact_seconds: exact.duration_secs(),
            readout_seconds: said.duration_secs(),
        });
    }
    if out.is_empty() {
        return Err("no voice pack loaded".into());
    }
    Ok(out)
}

/// Milliseconds from the start of the rendered readout of White's time (English, as the bench's
/// daemon says it) to its first sample louder than `threshold`: the part of press-to-audio
/// that is inside the recording itself.
pub fn readout_onset_ms(voices: &Voices, threshold: f32) -> Result<f64, String> {
    let lang = Lang::En;
    let said = phrase(
        lang,
        &Announcement::TimeReadout {
            side: Side::White,
            remaining_ms: 2 * 3_600_000 - 60_000,
            moves_made: None,
            moves_to_control: None,
        },
    );
    let pcm = voices.render(lang, &said)?;
    let first = pcm
        .samples
        .iter()
        .position(|s| s.abs() > threshold)
        .ok_or("the readout is silent")?;
    Ok(first as f64 * 1e3 / f64::from(pcm.rate))
}

/// Milliseconds to render a time readout ("White: 47 minutes 13 seconds", clips no other
/// figure says) in each loaded language: the first time, when its clips are decoded and
/// stretched from the compressed pack (what a readout of a new minute costs the announcer),
/// and again, from the ready clips.
pub fn render_cost_ms(voices: &Voices) -> Result<Vec<(Lang, f64, f64)>, String> {
    let mut out = Vec::new();
    for lang in voices.loaded() {
        let said = phrase(
            lang,
            &Announcement::TimeReadout {
                side: Side::White,
                remaining_ms: (47 * 60 + 13) * 1_000,
                moves_made: None,
                moves_to_control: None,
            },
        );
        let timed = || -> Result<f64, String> {
            let began = std::time::Instant::now();
            voices.render(lang, &said)?;
            Ok(began.elapsed().as_secs_f64() * 1e3)
        };
        let cold = timed()?;
        out.push((lang, cold, timed()?));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_duration_keeps_hours_minutes_and_seconds() {
        let en = exact_duration(Lang::En, ONE_TWELVE_THIRTY_MS);
        assert_eq!(en.clips, ["c_hour_1", "c_min_12", "c_sec_30_end"]);
        assert_eq!(
            exact_duration(Lang::Ru, ONE_TWELVE_THIRTY_MS).clips.len(),
            3
        );
    }
}
