//! The commands `voices/build.sh` makes the voice packs with: `voice-catalog` lists the
//! recordings a pack must hold, `voice-master` turns one synthesised recording into a clip,
//! `voice-join` puts the clips one after the other into the pack's one audio file, and
//! `voice-relevel` corrects the clips whose level the lossy encoding moved.

use std::io::Write;
use std::path::Path;

use super::{language, Failure};
use crate::speech::mastering::{
    first_half, master, peak_db, voiced_level_db, PEAK_CEILING, TARGET_LEVEL_DB,
};
use crate::speech::Tone;

/// `talkclock voice-catalog`: one line per recording a pack for this language must hold,
/// `key<TAB>text<TAB>text for the synthesiser<TAB>tone`, the tone being `word`,
/// `continuing` or `final`.
pub fn voice_catalog(lang: &str) -> Result<(), Failure> {
    let lang = language(lang)?;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for r in crate::speech::recordings(lang) {
        let tone = match r.tone {
            Tone::Word => "word",
            Tone::Continuing | Tone::Both => "continuing",
            Tone::Final => "final",
        };
        writeln!(
            out,
            "{}\t{}\t{}\t{tone}",
            r.key,
            r.text,
            crate::speech::synthesis_text(lang, &r.text)
        )?;
    }
    out.flush()?;
    Ok(())
}

/// `talkclock voice-master`: reads the synthesiser's mono WAV `input` (for a `continuing`
/// recording, "phrase, phrase." of which the first half is kept), trims its silence, fades
/// its edges, sets its voiced level, and writes a 16-bit WAV `output` at the same rate.
/// Prints the clip's length, level and peak.
pub fn voice_master(input: &Path, output: &Path, continuing: bool) -> Result<(), Failure> {
    let (rate, samples) = super::wav::read_mono(input)?;
    let master_error = |e| Failure::Usage(format!("{}: {e}", input.display()));
    let source = if continuing {
        first_half(&samples, rate).map_err(master_error)?
    } else {
        &samples
    };
    let clip = master(source, rate).map_err(master_error)?;
    super::wav::write_mono16(output, rate, &clip)?;
    println!(
        "{:.3} s, level {:.2} dBFS, peak {:.2} dBFS",
        clip.len() as f64 / f64::from(rate),
        voiced_level_db(&clip, rate).unwrap_or(f32::NEG_INFINITY),
        peak_db(&clip)
    );
    Ok(())
}

/// `talkclock voice-join`: writes the mono 16-bit WAV clips `inputs`, in order, into one
/// 16-bit WAV `output`, with `gap_ms` of silence before each (so that a lossy encoder's
/// windows never reach from one clip into the next). Prints `start<TAB>frames` per clip.
pub fn voice_join(
    output: &Path,
    gap_ms: u32,
    inputs: &[std::path::PathBuf],
) -> Result<(), Failure> {
    let mut writer: Option<hound::WavWriter<_>> = None;
    let mut rate = None;
    let mut position = 0usize;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let write = |e: hound::Error| Failure::Usage(format!("{}: {e}", output.display()));
    for input in inputs {
        let read = |e: hound::Error| Failure::Usage(format!("{}: {e}", input.display()));
        let reader = hound::WavReader::open(input).map_err(read)?;
        let spec = reader.spec();
        if spec.channels != 1 || spec.bits_per_sample != 16 {
            return Err(Failure::Usage(format!(
                "{}: expected mono 16-bit, found {} channel(s) of {} bits",
                input.display(),
                spec.channels,
                spec.bits_per_sample
            )));
        }
        if *rate.get_or_insert(spec.sample_rate) != spec.sample_rate {
            return Err(Failure::Usage(format!(
                "{}: {} Hz, the clips before it are {} Hz",
                input.display(),
                spec.sample_rate,
                rate.unwrap_or_default()
            )));
        }
        if writer.is_none() {
            writer = Some(hound::WavWriter::create(output, spec).map_err(write)?);
        }
        let Some(w) = writer.as_mut() else {
            continue;
        };
        let gap = (u64::from(spec.sample_rate) * u64::from(gap_ms) / 1000) as usize;
        for _ in 0..gap {
            w.write_sample(0i16).map_err(write)?;
        }
        position += gap;
        let samples: Vec<i16> = reader
            .into_samples::<i16>()
            .collect::<Result<_, _>>()
            .map_err(read)?;
        for &v in &samples {
            w.write_sample(v).map_err(write)?;
        }
        writeln!(out, "{position}\t{}", samples.len())?;
        position += samples.len();
    }
    if let Some(w) = writer.as_mut() {
        let tail = (u64::from(rate.unwrap_or_default()) * u64::from(gap_ms) / 1000) as usize;
        for _ in 0..tail {
            w.write_sample(0i16).map_err(write)?;
        }
    }
    if let Some(w) = writer {
        w.finalize().map_err(write)?;
    }
    out.flush()?;
    Ok(())
}

/// How far a clip's level may be from the pack's after encoding before `voice-relevel`
/// corrects it, in dB (the packs' goal is ±1 dB; Russian and English clips stay within 0.62).
pub const RELEVEL_ABOVE_DB: f32 = 0.7;

/// The highest decoded peak `voice-relevel` leaves alone (the packs keep −1 dBFS, 0.89; the
/// codec took anatol's "п'ятнадцять", mastered at most 0.85, to 0.927). Russian and English
/// clips decode below 0.84.
pub const DECODED_PEAK_LIMIT: f32 = 0.88;

/// `talkclock voice-relevel`: reads the pack's audio as decoded (`decoded`, mono WAV) and the
/// clips' places in it (`spans`, `start<TAB>frames` per line, as `voice-join` prints them),
/// and for each clip whose voiced level there is more than [`RELEVEL_ABOVE_DB`] from the
/// pack's, or whose peak there is above [`DECODED_PEAK_LIMIT`], rewrites its mastered WAV (`clips`, in the same order) with the gain that undoes
/// the difference (never past the peak ceiling, as mastered or as decoded). Vorbis at quality 0 raises a clip of
/// sibilants by up to 1.5 dB (Polish "czas"). Prints how many clips it changed.
pub fn voice_relevel(
    decoded: &Path,
    spans: &Path,
    clips: &[std::path::PathBuf],
) -> Result<(), Failure> {
    let (rate, audio) = super::wav::read_mono(decoded)?;
    let spans_text = std::fs::read_to_string(spans)
        .map_err(|e| Failure::Usage(format!("{}: {e}", spans.display())))?;
    let places: Vec<(usize, usize)> = spans_text
        .lines()
        .enumerate()
        .map(|(i, line)| {
            let bad = || {
                Failure::Usage(format!(
                    "{}:{}: expected start<TAB>frames",
                    spans.display(),
                    i + 1
                ))
            };
            let (start, frames) = line.split_once('\t').ok_or_else(bad)?;
            Ok((
                start.trim().parse().map_err(|_| bad())?,
                frames.trim().parse().map_err(|_| bad())?,
            ))
        })
        .collect::<Result<_, Failure>>()?;
    if places.len() != clips.len() {
        return Err(Failure::Usage(format!(
            "{}: {} clips, but {} were given",
            spans.display(),
            places.len(),
            clips.len()
        )));
    }
    let mut changed = 0;
    for ((start, frames), clip) in places.into_iter().zip(clips) {
        let Some(decoded) = audio.get(start..start + frames) else {
            return Err(Failure::Usage(format!(
                "{}: the clip at {start} ({frames} frames) is beyond the audio",
                decoded.display()
            )));
        };
        let Some(level) = voiced_level_db(decoded, rate) else {
            continue;
        };
        let off = level - TARGET_LEVEL_DB;
        let decoded_peak = decoded.iter().fold(0.0f32, |m, s| m.max(s.abs()));
        if off.abs() <= RELEVEL_ABOVE_DB && decoded_peak <= DECODED_PEAK_LIMIT {
            continue;
        }
        let (clip_rate, mut samples) = super::wav::read_mono(clip)?;
        // The codec's overshoot comes back with the gain: the decoded peak bounds it too.
        let peak = samples.iter().fold(decoded_peak, |m, s| m.max(s.abs()));
        let mut gain = if off.abs() > RELEVEL_ABOVE_DB {
            10f32.powf(-off / 20.0)
        } else {
            1.0
        };
        if peak > 0.0 && peak * gain > PEAK_CEILING {
            gain = PEAK_CEILING / peak;
        }
        samples.iter_mut().for_each(|s| *s *= gain);
        super::wav::write_mono16(clip, clip_rate, &samples)?;
        changed += 1;
    }
    println!("{changed}");
    Ok(())
}
