//! `talkclock listen-set` and `talkclock listen-stretch`, the Rust half of `make listen`
//! (harness/listen/): the measured sentences rendered with the voice packs exactly as the
//! daemon renders them, one 16-bit mono WAV each and a JSON-lines manifest (for a language
//! with no voice pack, German, the manifest alone: the clock speaks it with the system speech
//! engine, which `make listen` renders itself); and other recordings (the engine's continuous
//! reference) sped up by the same tempo as the packs.

use super::listen_set::{listen_set, Said, Sentence};
use super::Failure;
use crate::speech::{Lang, Side};
use std::io::Write;
use std::path::Path;

/// What `listen-set` is asked for.
#[derive(Debug, Clone)]
pub struct ListenSetOptions {
    /// A language code (`ru`, `en`, `de` …).
    pub lang: String,
    /// Where the WAV files and `manifest.jsonl` go (created if missing).
    pub out: std::path::PathBuf,
    /// The speech rate (-1 … 1); the embedded default configuration's when `None`.
    pub rate: Option<f32>,
    /// How many random readouts to add to the edge cases (at least 100 readouts in all).
    pub random: usize,
    /// The seed of the random readouts.
    pub seed: u64,
    /// The voice packs folder; the daemon's choice when `None`.
    pub voices: Option<std::path::PathBuf>,
}

fn checked_rate(rate: Option<f32>) -> Result<f32, Failure> {
    match rate {
        Some(r) if (-1.0..=1.0).contains(&r) => Ok(r),
        Some(r) => Err(Failure::Usage(format!(
            "--rate {r}: the speech rate is from -1 (slow) through 0 (as recorded) to 1 (fastest)"
        ))),
        None => Ok(super::load_config(None)?.audio.speech_rate()),
    }
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "white",
        Side::Black => "black",
    }
}

/// The text for a speech engine reading the whole sentence at once: each word as the voice
/// pack's clips were made from it (Russian words stress-marked), punctuation kept.
pub fn continuous_text(lang: Lang, text: &str) -> String {
    text.split(' ')
        .map(|token| {
            let start = token.find(char::is_alphabetic).unwrap_or(token.len());
            let end = token.rfind(char::is_alphabetic).map_or(start, |i| {
                i + token[i..].chars().next().map_or(1, char::len_utf8)
            });
            if start >= end {
                return token.to_string();
            }
            let word = &token[start..end];
            let lower = word.to_lowercase();
            let marked = if lower == word || word.chars().skip(1).any(char::is_uppercase) {
                crate::speech::synthesis_text(lang, word)
            } else {
                capitalise(&crate::speech::synthesis_text(lang, &lower))
            };
            format!("{}{marked}{}", &token[..start], &token[end..])
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The first letter upper-cased (after a leading stress mark too).
fn capitalise(word: &str) -> String {
    let mut out = String::new();
    let mut done = false;
    for c in word.chars() {
        if !done && c.is_alphabetic() {
            out.extend(c.to_uppercase());
            done = true;
        } else {
            out.push(c);
        }
    }
    out
}

/// One manifest line; `voice` is the voice of the pack `file` was rendered with (`None`: the
/// language has no pack, and no file is written), which `make listen`'s reference speaks in.
fn manifest_line(lang: Lang, s: &Sentence, text: &str, file: &str, voice: Option<&str>) -> String {
    serde_json::json!({
        "id": s.id,
        "kind": s.kind,
        "group": match (&s.said, s.expected_secs()) {
            (Said::Readout(_), _) => "readout",
            (_, Some(_)) => "timed",
            _ => "other",
        },
        "file": file,
        "text": text,
        "reference_text": continuous_text(lang, text),
        "expected_secs": s.expected_secs(),
        "side": s.side().map(side_name),
        "count": s.expected_count(),
        "pack": voice.is_some(),
        "voice": voice,
    })
    .to_string()
}

/// `talkclock listen-set`: renders the set and writes the manifest (with the pack's voice);
/// prints the count. A language with no voice pack gets the manifest alone (its sentences'
/// texts, `"pack": false`).
pub fn listen_set_command(o: &ListenSetOptions) -> Result<(), Failure> {
    let lang = super::language(&o.lang)?;
    let rate = checked_rate(o.rate)?;
    let dir = crate::announce::voices::voices_dir(o.voices.as_deref());
    let tempo = crate::announce::voices::tempo_for_rate(rate);
    let voices = crate::announce::voices::Voices::load_at(&dir, tempo).map_err(Failure::Voices)?;
    let voice = voices.pack(lang).map(|p| p.voice());
    std::fs::create_dir_all(&o.out)?;
    let set = listen_set(o.random, o.seed);
    let mut manifest =
        std::io::BufWriter::new(std::fs::File::create(o.out.join("manifest.jsonl"))?);
    for s in &set {
        let utterance = match &s.said {
            Said::Readout(ms) => crate::speech::readout(lang, *ms),
            Said::Announce(a) => crate::speech::phrase(lang, a),
        };
        let file = format!("{}.wav", s.id);
        if voice.is_some() {
            let pcm = voices.render(lang, &utterance).map_err(|e| {
                Failure::Voices(crate::announce::voices::VoicesError::Said {
                    what: s.id.clone(),
                    source: Box::new(e),
                })
            })?;
            super::wav::write_mono16(&o.out.join(&file), pcm.rate, &pcm.samples)?;
        }
        writeln!(
            manifest,
            "{}",
            manifest_line(lang, s, &utterance.text, &file, voice)
        )?;
    }
    manifest.flush()?;
    match voices.pack(lang) {
        Some(p) => println!(
            "{}: {} sentences at speech rate {rate} (tempo {tempo:.3} × the pack's pace {}) from {} in {}",
            lang.code(),
            set.len(),
            p.pace(),
            dir.display(),
            o.out.display()
        ),
        None => println!(
            "{}: no voice pack in {}: the texts of {} sentences in {} (no audio)",
            lang.code(),
            dir.display(),
            set.len(),
            o.out.display()
        ),
    }
    Ok(())
}

/// `talkclock listen-stretch`: every `*.wav` of `input` played at the voice packs' tempo for
/// `rate` (the same time-stretch the packs get), written under the same name into `out`.
pub fn listen_stretch(rate: Option<f32>, input: &Path, out: &Path) -> Result<(), Failure> {
    let rate = checked_rate(rate)?;
    let tempo = crate::announce::voices::tempo_for_rate(rate);
    std::fs::create_dir_all(out)?;
    let mut n = 0;
    for entry in std::fs::read_dir(input)? {
        let path = entry?.path();
        if path.extension().and_then(|e| e.to_str()) != Some("wav") {
            continue;
        }
        let Some(name) = path.file_name() else {
            continue;
        };
        let (sample_rate, samples) = super::wav::read_mono(&path)?;
        let stretched = crate::speech::tempo::stretch(&samples, sample_rate, tempo);
        super::wav::write_mono16(&out.join(name), sample_rate, &stretched)?;
        n += 1;
    }
    println!(
        "{n} files stretched to tempo {tempo:.3} (speech rate {rate}) into {}",
        out.display()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn continuous_text_marks_stress_in_a_sentence() {
        assert_eq!(
            continuous_text(Lang::Ru, "Белые: один час двенадцать минут."),
            "Б+елые: од+ин час двен+адцать мин+ут."
        );
        assert_eq!(continuous_text(Lang::Ru, "Один час."), "Од+ин час.");
        assert_eq!(
            continuous_text(Lang::En, "White: twenty-one minutes."),
            "White: twenty-one minutes."
        );
    }

    /// A voice packs folder with the English pack alone, and `listen-set`'s manifest for
    /// `lang` from it (in its own folder).
    fn set_with_english_pack(lang: &str) -> (tempfile::TempDir, Vec<serde_json::Value>) {
        let voices = tempfile::tempdir().expect("temporary folder");
        let english = Path::new(env!("CARGO_MANIFEST_DIR")).join("voices/en-slt");
        std::os::unix::fs::symlink(&english, voices.path().join("en-slt")).expect("symlink");
        let out = tempfile::tempdir().expect("temporary folder");
        listen_set_command(&ListenSetOptions {
            lang: lang.into(),
            out: out.path().to_path_buf(),
            rate: Some(0.0),
            random: 0,
            seed: 12,
            voices: Some(voices.path().to_path_buf()),
        })
        .unwrap_or_else(|e| panic!("the {lang} set: {e}"));
        let manifest =
            std::fs::read_to_string(out.path().join("manifest.jsonl")).expect("manifest");
        let lines = manifest
            .lines()
            .map(|l| serde_json::from_str(l).expect("JSON"))
            .collect();
        (out, lines)
    }

    /// German has no voice pack: `make listen` needs its sentences' texts to say them with
    /// espeak-ng, where `listen-set` used to stop on "no voice pack for de".
    #[test]
    fn a_language_without_a_pack_gets_the_manifest_alone() {
        let (out, lines) = set_with_english_pack("de");
        assert_eq!(lines.len(), listen_set(0, 12).len());
        for line in &lines {
            assert_eq!(line["pack"], false, "{line}");
            assert!(line["voice"].is_null(), "{line}");
        }
        let hour = lines
            .iter()
            .find(|l| l["id"] == "readout_1h12m00s")
            .expect("the 1 h 12 min readout");
        assert_eq!(hour["text"], "Eine Stunde zwölf Minuten.", "{hour}");
        assert_eq!(hour["expected_secs"], 4320);
        let wavs = std::fs::read_dir(out.path())
            .expect("listed")
            .filter(|e| {
                e.as_ref()
                    .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "wav"))
            })
            .count();
        assert_eq!(wavs, 0, "no audio is written without a pack");
    }

    /// A language with its pack: every sentence rendered, and the pack's voice named, which
    /// `make listen`'s reference speaks in (the Ukrainian and Polish packs' voices are not in
    /// listen.py's own list).
    #[test]
    fn the_manifest_names_the_packs_voice() {
        let (out, lines) = set_with_english_pack("en");
        assert_eq!(lines.len(), listen_set(0, 12).len());
        for line in &lines {
            assert_eq!(line["voice"], "slt", "{line}");
            assert_eq!(line["pack"], true, "{line}");
            let file = line["file"].as_str().expect("a file name");
            assert!(out.path().join(file).is_file(), "{file} is written");
        }
    }

    #[test]
    fn renders_a_wav_and_reads_it_back() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let path = dir.path().join("a.wav");
        let samples: Vec<f32> = (0..100).map(|i| (i as f32 / 100.0) - 0.5).collect();
        super::super::wav::write_mono16(&path, 22_050, &samples).expect("written");
        let (rate, back) = super::super::wav::read_mono(&path).expect("read");
        assert_eq!(rate, 22_050);
        assert_eq!(back.len(), 100);
        assert!((back[10] - samples[10]).abs() < 1e-3);
    }
}
