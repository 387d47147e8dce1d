//! Voice packs: a folder of recorded clips plus a `pack.toml` manifest.
//! [`VoicePack::load`] reads and checks everything up front (every clip
//! decoded into memory, every catalog key present) so that playing an
//! utterance later cannot fail on a missing file; [`VoicePack::render`] joins
//! clips into one buffer of samples. No audio device is touched here.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use super::announcement::Lang;
use super::clip_catalog;
use super::utterance::Utterance;

/// Default silence between two clips, in milliseconds.
pub const DEFAULT_GAP_MS: u32 = 40;

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
    #[serde(rename = "clip", default)]
    clips: Vec<ManifestClip>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ManifestClip {
    key: String,
    file: String,
    text: String,
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
    #[error("{path}: unknown language {language:?} (expected \"ru\" or \"en\")")]
    UnknownLanguage {
        /// The manifest file.
        path: PathBuf,
        /// The language given.
        language: String,
    },
    /// A clip file is not a readable WAV.
    #[error("clip {key:?}: cannot decode {path}: {source}")]
    BadClip {
        /// The clip's key.
        key: String,
        /// The clip file.
        path: PathBuf,
        /// The cause.
        source: hound::Error,
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

/// A loaded voice pack: every clip decoded into mono `f32` samples.
#[derive(Debug, Clone)]
pub struct VoicePack {
    lang: Lang,
    voice: String,
    engine: String,
    license: String,
    attribution: String,
    sample_rate: u32,
    gap_ms: u32,
    clips: HashMap<String, Vec<f32>>,
}

impl VoicePack {
    /// Loads the pack in `dir`: reads `pack.toml`, decodes every clip, and
    /// checks that every key of [`clip_catalog`] for its language is present
    /// with the same text.
    pub fn load(dir: impl AsRef<Path>) -> Result<VoicePack, PackError> {
        let dir = dir.as_ref();
        let path = dir.join("pack.toml");
        let raw = std::fs::read_to_string(&path).map_err(|source| PackError::Io {
            path: path.clone(),
            source,
        })?;
        let manifest: Manifest = toml::from_str(&raw).map_err(|source| PackError::Manifest {
            path: path.clone(),
            source,
        })?;
        let lang =
            Lang::from_code(&manifest.language).ok_or_else(|| PackError::UnknownLanguage {
                path: path.clone(),
                language: manifest.language.clone(),
            })?;
        let mut clips = HashMap::new();
        let mut texts = HashMap::new();
        let mut sample_rate = None;
        for c in &manifest.clips {
            if texts.insert(c.key.as_str(), c.text.as_str()).is_some() {
                return Err(PackError::DuplicateKey {
                    path,
                    key: c.key.clone(),
                });
            }
            let (rate, samples) = read_clip(dir, c)?;
            if *sample_rate.get_or_insert(rate) != rate {
                return Err(PackError::ClipFormat {
                    key: c.key.clone(),
                    path: dir.join(&c.file),
                    problem: format!(
                        "sample rate {rate} Hz differs from the pack's {} Hz",
                        sample_rate.unwrap_or(rate)
                    ),
                });
            }
            clips.insert(c.key.clone(), samples);
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
            sample_rate: sample_rate.unwrap_or(22_050),
            gap_ms: DEFAULT_GAP_MS,
            clips,
        })
    }

    /// The same pack spoken `tempo` times as fast, at the same pitch (every clip stretched
    /// once, now; the gaps between words shrink or grow with it).
    pub fn with_tempo(mut self, tempo: f32) -> VoicePack {
        if !(tempo.is_finite() && tempo > 0.0) {
            return self;
        }
        for samples in self.clips.values_mut() {
            *samples = super::tempo::stretch(samples, self.sample_rate, tempo);
        }
        self.gap_ms = (self.gap_ms as f32 / tempo).round() as u32;
        self
    }

    /// The same pack with `gap_ms` milliseconds of silence between clips.
    pub fn with_gap_ms(mut self, gap_ms: u32) -> VoicePack {
        self.gap_ms = gap_ms;
        self
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

    /// Sample rate of every clip and of rendered audio, in Hz.
    pub fn sample_rate(&self) -> u32 {
        self.sample_rate
    }

    /// The decoded samples of one clip.
    pub fn clip(&self, key: &str) -> Option<&[f32]> {
        self.clips.get(key).map(Vec::as_slice)
    }

    /// Mono samples saying `u`: its clips in order with a gap of silence
    /// between them (none before the first or after the last).
    pub fn render(&self, u: &Utterance) -> Result<Vec<f32>, RenderError> {
        let gap = (u64::from(self.sample_rate) * u64::from(self.gap_ms) / 1000) as usize;
        let mut out = Vec::new();
        for (i, key) in u.clips.iter().enumerate() {
            let samples = self
                .clips
                .get(key)
                .ok_or_else(|| RenderError::UnknownClip {
                    voice: self.voice.clone(),
                    key: key.clone(),
                })?;
            if i > 0 {
                out.resize(out.len() + gap, 0.0);
            }
            out.extend_from_slice(samples);
        }
        Ok(out)
    }
}

/// Decodes one clip file into its sample rate and mono `f32` samples.
fn read_clip(dir: &Path, c: &ManifestClip) -> Result<(u32, Vec<f32>), PackError> {
    let plain = Path::new(&c.file)
        .file_name()
        .is_some_and(|name| name == c.file.as_str());
    if !plain {
        return Err(PackError::BadFileName {
            key: c.key.clone(),
            file: c.file.clone(),
        });
    }
    let path = dir.join(&c.file);
    let bad = |source| PackError::BadClip {
        key: c.key.clone(),
        path: path.clone(),
        source,
    };
    let reader = hound::WavReader::open(&path).map_err(bad)?;
    let spec = reader.spec();
    if spec.channels != 1 {
        return Err(PackError::ClipFormat {
            key: c.key.clone(),
            path,
            problem: format!("{} channels, expected mono", spec.channels),
        });
    }
    let samples: Vec<f32> = match spec.sample_format {
        hound::SampleFormat::Float => reader.into_samples::<f32>().collect::<Result<_, _>>(),
        hound::SampleFormat::Int => {
            let scale = 1.0 / (1_i64 << (spec.bits_per_sample.clamp(1, 32) - 1)) as f32;
            reader
                .into_samples::<i32>()
                .map(|s| s.map(|v| v as f32 * scale))
                .collect::<Result<_, _>>()
        }
    }
    .map_err(bad)?;
    if samples.is_empty() {
        return Err(PackError::ClipFormat {
            key: c.key.clone(),
            path,
            problem: "no samples".to_string(),
        });
    }
    Ok((spec.sample_rate, samples))
}
