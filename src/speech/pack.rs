//! Voice packs: a folder of recorded clips (Ogg Vorbis or WAV) plus a `pack.toml`
//! manifest. [`VoicePack::load`] reads and checks everything up front (the audio read and
//! indexed, every clip inside it, every catalog key present) so that playing an utterance
//! later cannot fail on a missing file. A pack whose clips are one Ogg Vorbis file keeps it
//! compressed (a tenth of the decoded size) and decodes a clip when it is said, into a
//! bounded cache of clips ready at the pack's tempo; a pack of WAV files is decoded whole.
//! [`VoicePack::render`] joins clips into one buffer of samples with the pause each join
//! calls for. No audio device is touched here.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use serde::Deserialize;

use super::announcement::Lang;
use super::clip_cache::{ClipCache, CLIP_CACHE_BYTES};
use super::clip_catalog;
use super::pack_audio::{read_audio, DecodeError};
use super::utterance::{Utterance, COMMA_PAUSE, SENTENCE_PAUSE};

/// Silence between two phrases of one sentence ("один час | двенадцать минут"), in
/// milliseconds at the recorded tempo.
pub const SPACE_PAUSE_MS: u32 = 15;
/// Silence at a comma, colon or semicolon ("Белые: | один час").
pub const COMMA_PAUSE_MS: u32 = 130;
/// Silence between two sentences.
pub const SENTENCE_PAUSE_MS: u32 = 200;
/// The paces a manifest may give: a calibration of a few percent, not a speech rate.
const PACE_RANGE: (f32, f32) = (0.8, 1.25);
/// Each clip fades in over this long, so that no clip starts with a step from silence.
const FADE_IN_MS: f32 = 3.0;
/// Each clip fades out over this long.
const FADE_OUT_MS: f32 = 6.0;

/// The manifest, as written in `pack.toml`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Manifest {
    language: String,
    voice: String,
    engine: String,
    engine_version: String,
    license: String,
    attribution: String,
    /// One audio file holding every clip, one after the other (each clip then gives its
    /// `start` and `frames`); without it each clip has a `file` of its own.
    audio: Option<String>,
    /// How many times as fast as recorded the pack speaks at speech rate 0 (1 when absent);
    /// see [`VoicePack::pace`].
    pace: Option<f32>,
    #[serde(rename = "clip", default)]
    clips: Vec<ManifestClip>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ManifestClip {
    key: String,
    text: String,
    file: Option<String>,
    start: Option<usize>,
    frames: Option<usize>,
}

/// Why a voice pack could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum PackError {
    /// A file could not be read.
    #[error("cannot read {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// `pack.toml` is not a valid manifest.
    #[error("bad manifest {path}: {source}")]
    Manifest {
        /// The manifest file.
        path: PathBuf,
        /// The cause, with line and column.
        source: toml::de::Error,
    },
    /// The manifest names a language this build does not speak.
    #[error("{path}: unknown language {language:?} (expected {expected})")]
    UnknownLanguage {
        /// The manifest file.
        path: PathBuf,
        /// The language given.
        language: String,
        /// The codes of the languages this build speaks ("ru, en, de or uk").
        expected: String,
    },
    /// A clip file is not a readable WAV or Ogg Vorbis file.
    #[error("clip {key:?}: cannot decode {path}: {source}")]
    BadClip {
        /// The clip's key.
        key: String,
        /// The clip file.
        path: PathBuf,
        /// The cause.
        source: DecodeError,
    },
    /// A clip file is readable but not usable (not mono, other sample rate, empty).
    #[error("clip {key:?}: {path}: {problem}")]
    ClipFormat {
        /// The clip's key.
        key: String,
        /// The clip file.
        path: PathBuf,
        /// What is wrong.
        problem: String,
    },
    /// A clip file path leaves the pack folder.
    #[error("clip {key:?}: file {file:?} must be a plain file name inside the pack")]
    BadFileName {
        /// The clip's key.
        key: String,
        /// The file name given.
        file: String,
    },
    /// The manifest's `pace` is not a speed the pack can be played at.
    #[error("{path}: pace {pace} is not between {min} and {max}", min = PACE_RANGE.0, max = PACE_RANGE.1)]
    BadPace {
        /// The manifest file.
        path: PathBuf,
        /// The pace given.
        pace: f32,
    },
    /// The same key is listed twice.
    #[error("{path}: clip key {key:?} is listed twice")]
    DuplicateKey {
        /// The manifest file.
        path: PathBuf,
        /// The key.
        key: String,
    },
    /// A key the phrasing can say has no clip in the pack.
    #[error(
        "{path}: no clip for catalog key {key:?} ({text:?}); rebuild the pack with voices/build.sh"
    )]
    MissingKey {
        /// The manifest file.
        path: PathBuf,
        /// The missing key.
        key: String,
        /// What the clip should say.
        text: String,
    },
    /// A clip says other words than the catalog now wants.
    #[error("{path}: clip {key:?} says {pack_text:?} but the catalog wants {catalog_text:?}; rebuild the pack")]
    StaleClip {
        /// The manifest file.
        path: PathBuf,
        /// The key.
        key: String,
        /// Text recorded in the pack.
        pack_text: String,
        /// Text the catalog has now.
        catalog_text: String,
    },
}

/// Why an utterance could not be rendered.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// The utterance names a clip the pack does not have.
    #[error("voice pack {voice:?} has no clip {key:?}")]
    UnknownClip {
        /// The pack's voice.
        voice: String,
        /// The key.
        key: String,
    },
}

/// Clips at the pack's tempo, made the first time each is said (or by [`VoicePack::warm`]
/// and [`VoicePack::warm_clips`]); shared by the clones of a pack.
type Stretched = Arc<Mutex<ClipCache>>;

/// Clips by key, 16-bit.
type ClipMap = HashMap<String, Arc<[i16]>>;

/// The clips the stretched ones are made from; shared by the clones of a pack. Decoded ones
/// are emptied by [`VoicePack::warm`] once every clip is stretched.
type Recorded = Arc<Mutex<Option<Recordings>>>;

/// Where a pack's clips come from.
#[derive(Debug, Clone)]
enum Recordings {
    /// Decoded 16-bit clips: a pack of a file per clip, or one made from a pack whose
    /// recordings were released (see `base_tempo`).
    Decoded(Arc<ClipMap>),
    /// The pack's Ogg Vorbis file, kept compressed: a clip is decoded when said.
    Compressed(Arc<Compressed>),
}

/// A pack's audio file kept compressed, and where each clip is in it.
#[derive(Debug)]
struct Compressed {
    audio: talkclock_codec::Packets,
    /// Each clip's first frame and frames.
    clips: HashMap<String, (usize, usize)>,
}

impl Compressed {
    /// Clip `key` decoded, its edges faded, 16-bit: the samples a decoded pack holds.
    fn clip(&self, key: &str) -> Option<Arc<[i16]>> {
        let &(start, frames) = self.clips.get(key)?;
        let decoded = match self.audio.decode(start, frames) {
            Ok(decoded) => decoded,
            Err(e) => {
                tracing::error!("clip {key:?}: cannot decode: {e}");
                return None;
            }
        };
        let mut samples = to_f32(&decoded);
        fade_edges(&mut samples, self.audio.rate());
        Some(Arc::from(to_i16(&samples)))
    }
}

/// A loaded voice pack: its audio kept compressed (or, for a pack of WAV files, every clip
/// decoded), and the clips made ready at its tempo. Clones share both.
#[derive(Debug, Clone)]
pub struct VoicePack {
    lang: Lang,
    voice: String,
    engine: String,
    license: String,
    attribution: String,
    sample_rate: u32,
    /// The manifest's pace (see [`VoicePack::pace`]).
    pace: f32,
    /// How many times as fast as recorded the clips are (pauses scale with it).
    tempo: f32,
    /// How many times as fast as recorded the clips in `recorded` are: 1, unless this pack was
    /// made by [`VoicePack::with_tempo`] from one whose recordings were released.
    base_tempo: f32,
    /// The recordings: compressed, or decoded 16-bit samples.
    recorded: Recorded,
    /// The clips ready at `tempo`: those stretched, when it is not `base_tempo`, and those
    /// decoded from the compressed audio.
    stretched: Stretched,
}

impl VoicePack {
    /// Loads the pack in `dir`: reads `pack.toml`, reads and indexes its Ogg Vorbis file (the
    /// pages' checksums checked, every clip inside it; a pack of WAV files is decoded whole),
    /// and checks that every key of [`clip_catalog`] for its language is present with the
    /// same text.
    pub fn load(dir: impl AsRef<Path>) -> Result<VoicePack, PackError> {
        let dir = dir.as_ref();
        let (path, manifest, lang) = read_manifest(dir)?;
        let pace = manifest.pace.unwrap_or(1.0);
        if !(PACE_RANGE.0..=PACE_RANGE.1).contains(&pace) {
            return Err(PackError::BadPace { path, pace });
        }
        let compressed = match &manifest.audio {
            Some(file) if file.ends_with(".ogg") => Some(read_compressed(dir, file)?),
            _ => None,
        };
        let bundle = match (&manifest.audio, &compressed) {
            (Some(file), None) => Some(read_mono(dir, "(audio)", file)?),
            _ => None,
        };
        let mut clips = HashMap::new();
        let mut ranges = HashMap::new();
        let mut texts = HashMap::new();
        let mut sample_rate = None;
        for c in &manifest.clips {
            if texts.insert(c.key.as_str(), c.text.as_str()).is_some() {
                return Err(PackError::DuplicateKey {
                    path,
                    key: c.key.clone(),
                });
            }
            if let (Some(file), Some(audio)) = (&manifest.audio, &compressed) {
                ranges.insert(c.key.clone(), clip_range(dir, file, audio.frames(), c)?);
                sample_rate = Some(audio.rate());
                continue;
            }
            let (file, rate, mut samples) = clip_samples(dir, &manifest, bundle.as_ref(), c)?;
            fade_edges(&mut samples, rate);
            if *sample_rate.get_or_insert(rate) != rate {
                return Err(PackError::ClipFormat {
                    key: c.key.clone(),
                    path: dir.join(file),
                    problem: format!(
                        "sample rate {rate} Hz differs from the pack's {} Hz",
                        sample_rate.unwrap_or(rate)
                    ),
                });
            }
            clips.insert(c.key.clone(), Arc::from(to_i16(&samples)));
        }
        for (key, text) in clip_catalog(lang) {
            match texts.get(key.as_str()) {
                None => return Err(PackError::MissingKey { path, key, text }),
                Some(pack_text) if *pack_text != text => {
                    return Err(PackError::StaleClip {
                        path,
                        key,
                        pack_text: pack_text.to_string(),
                        catalog_text: text,
                    })
                }
                Some(_) => {}
            }
        }
        Ok(VoicePack {
            lang,
            voice: manifest.voice,
            engine: format!("{} {}", manifest.engine, manifest.engine_version),
            license: manifest.license,
            attribution: manifest.attribution,
            sample_rate: sample_rate.unwrap_or(24_000),
            pace,
            tempo: 1.0,
            base_tempo: 1.0,
            stretched: new_cache(compressed.is_some()),
            recorded: Arc::new(Mutex::new(Some(match compressed {
                Some(audio) => Recordings::Compressed(Arc::new(Compressed {
                    audio,
                    clips: ranges,
                })),
                None => Recordings::Decoded(Arc::new(clips)),
            }))),
        })
    }

    /// The language of the pack in `dir`, from its manifest alone: nothing is decoded.
    pub fn language_of(dir: impl AsRef<Path>) -> Result<Lang, PackError> {
        read_manifest(dir.as_ref()).map(|(_, _, lang)| lang)
    }

    /// The same pack spoken `tempo` times as fast, at the same pitch. Each clip is stretched
    /// once, the first time it is said (about 2 ms a clip in a release build), or all of
    /// them by [`VoicePack::warm`]; the pauses between phrases shrink or grow with it. From a
    /// pack whose recordings were released by `warm`, the clips are stretched again from its
    /// stretched ones.
    pub fn with_tempo(mut self, tempo: f32) -> VoicePack {
        if !(tempo.is_finite() && tempo > 0.0) || (tempo - 1.0).abs() < 1e-3 {
            return self;
        }
        let recorded = match self.recordings() {
            Some(recorded) => recorded,
            None => {
                self.base_tempo = self.tempo;
                let clips = self
                    .stretched
                    .lock()
                    .map(|c| c.to_map())
                    .unwrap_or_default();
                Recordings::Decoded(Arc::new(clips))
            }
        };
        let compressed = matches!(recorded, Recordings::Compressed(_));
        // A slot of its own: releasing this pack's recordings leaves the other tempo's alone.
        self.recorded = Arc::new(Mutex::new(Some(recorded)));
        self.tempo *= tempo;
        self.stretched = new_cache(compressed);
        self
    }

    /// For a pack of decoded recordings: stretches every clip to the pack's tempo now, so that
    /// none is stretched while a listener waits (the daemon does this on a thread of its own
    /// after start). Then the recordings are released (this pack and its clones keep only the
    /// stretched clips, half the memory at the default rate); returns true if they were. A
    /// pack kept compressed keeps it (see [`VoicePack::warm_clips`]): false.
    pub fn warm(&self) -> bool {
        let Some(Recordings::Decoded(recorded)) = self.recordings() else {
            return false;
        };
        if !self.stretches() {
            return false;
        }
        for key in recorded.keys() {
            let _ = self.samples(key);
        }
        let complete = self
            .stretched
            .lock()
            .is_ok_and(|c| recorded.keys().all(|k| c.contains(k)));
        drop(recorded);
        if complete {
            if let Ok(mut slot) = self.recorded.lock() {
                *slot = None;
            }
        }
        complete
    }

    /// Makes the clips `keys` ready at the pack's tempo now (decoded and stretched), so that
    /// saying them makes no listener wait; in a pack kept compressed, as many as its bounded
    /// cache holds.
    pub fn warm_clips<'k>(&self, keys: impl IntoIterator<Item = &'k str>) {
        for key in keys {
            let _ = self.samples(key);
        }
    }

    /// Bytes of clips made ready at the pack's tempo and held.
    pub fn ready_bytes(&self) -> usize {
        self.stretched.lock().map_or(0, |c| c.bytes())
    }

    /// The clips `stretched` is made from, unless released.
    fn recordings(&self) -> Option<Recordings> {
        self.recorded.lock().ok()?.clone()
    }

    /// True when the clips are said at another tempo than `recorded` holds.
    fn stretches(&self) -> bool {
        (self.tempo / self.base_tempo - 1.0).abs() >= 1e-3
    }

    /// One clip's samples at the pack's tempo.
    fn samples(&self, key: &str) -> Option<Arc<[i16]>> {
        if let Some(done) = self.cached(key) {
            return Some(done);
        }
        let raw = match self.recordings()? {
            Recordings::Decoded(map) if !self.stretches() => return map.get(key).cloned(),
            Recordings::Decoded(map) => map.get(key)?.clone(),
            Recordings::Compressed(audio) => audio.clip(key)?,
        };
        let done: Arc<[i16]> = if self.stretches() {
            Arc::from(to_i16(&super::tempo::stretch(
                &to_f32(&raw),
                self.sample_rate,
                self.tempo / self.base_tempo,
            )))
        } else {
            raw
        };
        if let Ok(mut cache) = self.stretched.lock() {
            cache.insert(key, done.clone());
        }
        Some(done)
    }

    fn cached(&self, key: &str) -> Option<Arc<[i16]>> {
        self.stretched.lock().ok()?.get(key)
    }

    /// The pack's language.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// The voice's name, e.g. "aleksandr-hq".
    pub fn voice(&self) -> &str {
        &self.voice
    }

    /// The engine and its version that made the clips, e.g. "RHVoice 1.14.0".
    pub fn engine(&self) -> &str {
        &self.engine
    }

    /// The clips' licence (SPDX id), e.g. "CC-BY-SA-4.0".
    pub fn license(&self) -> &str {
        &self.license
    }

    /// The attribution the licence asks for.
    pub fn attribution(&self) -> &str {
        &self.attribution
    }

    /// How many times as fast as recorded the pack speaks at speech rate 0, the configured
    /// rate's tempo coming on top ([`crate::announce::voices::Voices::load_at`]); 1 unless the
    /// manifest says. A clip said alone ends with the lengthening of a phrase at the end of a
    /// sentence, so a readout of clips runs a little longer than the engine's running speech
    /// of the same sentence; the pace, measured by `make listen`, makes up for it.
    /// [`VoicePack::load`] gives the pack as recorded, whatever its pace.
    pub fn pace(&self) -> f32 {
        self.pace
    }

    /// Sample rate of every clip and of rendered audio, in Hz.
    pub fn sample_rate(&self) -> u32 {
        self.sample_rate
    }

    /// The samples of one clip, at the pack's tempo.
    pub fn clip(&self, key: &str) -> Option<Vec<f32>> {
        self.samples(key).map(|c| to_f32(&c))
    }

    /// Mono samples saying `u`: its clips in order with the pause each join asks for
    /// (a pause token of the utterance, or a short breath between two phrases), none before
    /// the first clip or after the last.
    pub fn render(&self, u: &Utterance) -> Result<Vec<f32>, RenderError> {
        let mut out = Vec::new();
        let mut pause = SPACE_PAUSE_MS;
        for token in &u.clips {
            if token == COMMA_PAUSE {
                pause = pause.max(COMMA_PAUSE_MS);
                continue;
            }
            if token == SENTENCE_PAUSE {
                pause = pause.max(SENTENCE_PAUSE_MS);
                continue;
            }
            let samples = self
                .samples(token)
                .ok_or_else(|| RenderError::UnknownClip {
                    voice: self.voice.clone(),
                    key: token.clone(),
                })?;
            if !out.is_empty() {
                out.resize(out.len() + self.pause_samples(pause), 0.0);
            }
            out.extend(samples.iter().map(|&v| f32::from(v) / 32_768.0));
            pause = SPACE_PAUSE_MS;
        }
        Ok(out)
    }

    /// Samples of a pause of `ms` at the recorded tempo, at this pack's tempo.
    fn pause_samples(&self, ms: u32) -> usize {
        (f64::from(self.sample_rate) * f64::from(ms) / 1000.0 / f64::from(self.tempo)).round()
            as usize
    }
}

/// The cache of clips ready at a pack's tempo: bounded for a pack kept compressed.
fn new_cache(compressed: bool) -> Stretched {
    Arc::new(Mutex::new(ClipCache::new(
        compressed.then_some(CLIP_CACHE_BYTES),
    )))
}

/// 16-bit samples as `f32` in -1.0..1.0.
fn to_f32(samples: &[i16]) -> Vec<f32> {
    samples.iter().map(|&v| f32::from(v) / 32_768.0).collect()
}

/// `f32` samples as 16-bit ones (rounded, clipped to the 16-bit range).
fn to_i16(samples: &[f32]) -> Box<[i16]> {
    samples
        .iter()
        .map(|s| (s * 32_768.0).round().clamp(-32_768.0, 32_767.0) as i16)
        .collect()
}

/// Fades a clip's first 3 ms in and its last 6 ms out (raised cosine), so that a join
/// never steps from silence to sound or back.
fn fade_edges(samples: &mut [f32], rate: u32) {
    let len = samples.len();
    let fade_in = ((rate as f32 * FADE_IN_MS / 1000.0) as usize).min(len / 2);
    let fade_out = ((rate as f32 * FADE_OUT_MS / 1000.0) as usize).min(len / 2);
    let shape = |i: usize, n: usize| 0.5 - 0.5 * (std::f32::consts::PI * i as f32 / n as f32).cos();
    for (i, s) in samples.iter_mut().take(fade_in).enumerate() {
        *s *= shape(i, fade_in);
    }
    for (i, s) in samples.iter_mut().rev().take(fade_out).enumerate() {
        *s *= shape(i, fade_out);
    }
}

/// The file, rate and samples of clip `c`: a slice of the pack's audio file, or a file of
/// its own.
fn clip_samples<'a>(
    dir: &Path,
    manifest: &'a Manifest,
    bundle: Option<&(u32, Vec<f32>)>,
    c: &'a ManifestClip,
) -> Result<(&'a str, u32, Vec<f32>), PackError> {
    match (&manifest.audio, bundle, &c.file, c.start, c.frames) {
        (Some(file), Some((rate, all)), None, Some(start), Some(frames)) => {
            let slice = start
                .checked_add(frames)
                .filter(|end| frames > 0 && *end <= all.len())
                .map(|end| &all[start..end])
                .ok_or_else(|| PackError::ClipFormat {
                    key: c.key.clone(),
                    path: dir.join(file),
                    problem: format!(
                        "frames {start}..{} are not inside the file's {} frames",
                        start.saturating_add(frames),
                        all.len()
                    ),
                })?;
            Ok((file, *rate, slice.to_vec()))
        }
        (None, None, Some(file), None, None) => {
            let (rate, samples) = read_mono(dir, &c.key, file)?;
            Ok((file, rate, samples))
        }
        _ => Err(PackError::ClipFormat {
            key: c.key.clone(),
            path: dir.join("pack.toml"),
            problem: "a clip gives `start` and `frames` in a pack with `audio`, or a `file` \
                      of its own in a pack without"
                .to_string(),
        }),
    }
}

/// Clip `c`'s first frame and frames in a compressed audio file `file` of `frames` frames.
fn clip_range(
    dir: &Path,
    file: &str,
    frames: usize,
    c: &ManifestClip,
) -> Result<(usize, usize), PackError> {
    let problem = match (&c.file, c.start, c.frames) {
        (None, Some(start), Some(length)) => {
            match start
                .checked_add(length)
                .filter(|end| length > 0 && *end <= frames)
            {
                Some(_) => return Ok((start, length)),
                None => format!(
                    "frames {start}..{} are not inside the file's {frames} frames",
                    start.saturating_add(length)
                ),
            }
        }
        _ => "a clip gives `start` and `frames` in a pack with `audio`, or a `file` \
              of its own in a pack without"
            .to_string(),
    };
    let path = match &c.file {
        Some(_) => dir.join("pack.toml"),
        None => dir.join(file),
    };
    Err(PackError::ClipFormat {
        key: c.key.clone(),
        path,
        problem,
    })
}

/// The Ogg Vorbis file `file` of the pack in `dir`, read and indexed, kept compressed.
fn read_compressed(dir: &Path, file: &str) -> Result<talkclock_codec::Packets, PackError> {
    let key = "(audio)";
    let plain = Path::new(file).file_name().is_some_and(|name| name == file);
    if !plain {
        return Err(PackError::BadFileName {
            key: key.to_string(),
            file: file.to_string(),
        });
    }
    let path = dir.join(file);
    let bad = |source: DecodeError| PackError::BadClip {
        key: key.to_string(),
        path: path.clone(),
        source,
    };
    let bytes = std::fs::read(&path).map_err(|e| bad(e.into()))?;
    let audio = talkclock_codec::Packets::index(&bytes).map_err(|e| bad(e.into()))?;
    let problem = if audio.channels() != 1 {
        format!("{} channels, expected mono", audio.channels())
    } else if audio.frames() == 0 {
        "no samples".to_string()
    } else {
        return Ok(audio);
    };
    Err(PackError::ClipFormat {
        key: key.to_string(),
        path,
        problem,
    })
}

/// Decodes the audio file `file` of the pack in `dir` (for clip `key`) into its sample rate
/// and mono samples.
fn read_mono(dir: &Path, key: &str, file: &str) -> Result<(u32, Vec<f32>), PackError> {
    let plain = Path::new(file).file_name().is_some_and(|name| name == file);
    if !plain {
        return Err(PackError::BadFileName {
            key: key.to_string(),
            file: file.to_string(),
        });
    }
    let path = dir.join(file);
    let (rate, channels, samples) = read_audio(&path).map_err(|source| PackError::BadClip {
        key: key.to_string(),
        path: path.clone(),
        source,
    })?;
    let problem = if channels != 1 {
        format!("{channels} channels, expected mono")
    } else if samples.is_empty() {
        "no samples".to_string()
    } else {
        return Ok((rate, samples));
    };
    Err(PackError::ClipFormat {
        key: key.to_string(),
        path,
        problem,
    })
}

/// The manifest of the pack in `dir`, with its path and language.
fn read_manifest(dir: &Path) -> Result<(PathBuf, Manifest, Lang), PackError> {
    let path = dir.join("pack.toml");
    let raw = std::fs::read_to_string(&path).map_err(|source| PackError::Io {
        path: path.clone(),
        source,
    })?;
    let manifest: Manifest = toml::from_str(&raw).map_err(|source| PackError::Manifest {
        path: path.clone(),
        source,
    })?;
    let lang = Lang::from_code(&manifest.language).ok_or_else(|| PackError::UnknownLanguage {
        path: path.clone(),
        language: manifest.language.clone(),
        expected: Lang::codes_listed(),
    })?;
    Ok((path, manifest, lang))
}
