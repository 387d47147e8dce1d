//! Finding and loading the voice packs: `--voices DIR`, `$TALKCLOCK_VOICES`, the source tree's
//! `voices/` (only in a build made from the tree: the Debian package is built with
//! `TALKCLOCK_PACKAGED=1`, which leaves it out), then the installed
//! `/usr/share/talkclock/voices`. A pack is read and indexed when it is loaded (kept
//! compressed, each clip decoded when said: see [`VoicePack`]): the clock loads only the packs
//! of the languages its listeners speak, and another when a listener switches to it
//! ([`Voices::load_for`], [`Voices::load_languages`]); the tools load every one.

use crate::speech::{other_voice, Lang, Utterance, VoicePack};
use std::path::{Path, PathBuf};

/// The packs by language: those loaded, and where the others are.
#[derive(Debug)]
pub struct Voices {
    packs: Vec<VoicePack>,
    /// The packs in the folder not loaded yet: their language and folder.
    unloaded: Vec<(Lang, PathBuf)>,
    /// The tempo packs are loaded at (as recorded when `None`).
    tempo: Option<f32>,
}

/// The folder voice packs are read from.
pub fn voices_dir(given: Option<&Path>) -> PathBuf {
    if let Some(dir) = given {
        return dir.to_path_buf();
    }
    if let Some(dir) = std::env::var_os("TALKCLOCK_VOICES").filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    if let Some(tree) = SOURCE_TREE {
        let built_in = Path::new(tree).join("voices");
        if built_in.is_dir() {
            return built_in;
        }
    }
    PathBuf::from(INSTALLED_VOICES)
}

/// Where the package installs the voice packs.
pub const INSTALLED_VOICES: &str = "/usr/share/talkclock/voices";

/// The source tree this binary was built from; none in a packaged build.
const SOURCE_TREE: Option<&str> = match option_env!("TALKCLOCK_PACKAGED") {
    Some(_) => None,
    None => option_env!("CARGO_MANIFEST_DIR"),
};

/// Why the voice packs cannot be loaded, or one cannot say an utterance.
#[derive(Debug, thiserror::Error)]
pub enum VoicesError {
    /// The folder cannot be read.
    #[error("{dir}: cannot read the voice packs folder: {source}")]
    Folder {
        /// The folder.
        dir: String,
        /// Why.
        source: std::io::Error,
    },
    /// A pack cannot be loaded (the error names its file).
    #[error(transparent)]
    Pack(#[from] crate::speech::PackError),
    /// A pack's loader thread panicked.
    #[error("a voice pack loader panicked")]
    Panicked,
    /// The folder holds no pack.
    #[error("{dir}: no voice pack (a folder with pack.toml) found")]
    NoPack {
        /// The folder.
        dir: String,
    },
    /// No pack speaks this language.
    #[error("no voice pack for `{0}`")]
    NoLanguage(&'static str),
    /// The pack cannot say the utterance.
    #[error(transparent)]
    Render(#[from] crate::speech::RenderError),
    /// One of several utterances (named) could not be said.
    #[error("{what}: {source}")]
    Said {
        /// Which utterance.
        what: String,
        /// Why.
        source: Box<VoicesError>,
    },
}

/// For the tools whose errors are sentences (the bench harness).
impl From<VoicesError> for String {
    fn from(e: VoicesError) -> String {
        e.to_string()
    }
}

impl Voices {
    /// Loads every pack (a folder with a `pack.toml`) in `dir` as recorded; an error names
    /// the file at fault.
    pub fn load(dir: &Path) -> Result<Voices, VoicesError> {
        Voices::load_with(dir, None)
    }

    /// Loads every pack, spoken `tempo` times as fast as its pace (same pitch): `tempo` times
    /// its [`VoicePack::pace`] as fast as recorded.
    pub fn load_at(dir: &Path, tempo: f32) -> Result<Voices, VoicesError> {
        Voices::load_with(dir, Some(tempo))
    }

    /// Loads the packs of `langs` only, spoken `tempo` times as fast as their pace (see
    /// [`Voices::load_at`]); the folder's other packs are loaded when asked for
    /// ([`Voices::load_languages`]). A folder without any pack is an error; one without a pack
    /// for a language of `langs` is not (that language is said by the speech engine).
    pub fn load_for(dir: &Path, tempo: f32, langs: &[Lang]) -> Result<Voices, VoicesError> {
        let mut voices = Voices::find(dir, Some(tempo))?;
        voices.load_languages(langs)?;
        Ok(voices)
    }

    /// Loads every pack, at `tempo` times its pace, or as recorded.
    fn load_with(dir: &Path, tempo: Option<f32>) -> Result<Voices, VoicesError> {
        let mut voices = Voices::find(dir, tempo)?;
        let all: Vec<Lang> = voices.unloaded.iter().map(|(lang, _)| *lang).collect();
        voices.load_languages(&all)?;
        Ok(voices)
    }

    /// The packs in `dir` (folders with a `pack.toml`, not hidden: `voices/build.sh` works in
    /// `.build-<pack>` folders), none loaded yet: only their manifests are read, for their
    /// languages.
    fn find(dir: &Path, tempo: Option<f32>) -> Result<Voices, VoicesError> {
        let entries = std::fs::read_dir(dir).map_err(|source| VoicesError::Folder {
            dir: dir.display().to_string(),
            source,
        })?;
        let mut folders: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.join("pack.toml").is_file())
            .filter(|p| {
                !p.file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with('.'))
            })
            .collect();
        folders.sort();
        let mut unloaded = Vec::new();
        for folder in folders {
            let lang = VoicePack::language_of(&folder)?;
            unloaded.push((lang, folder));
        }
        if unloaded.is_empty() {
            return Err(VoicesError::NoPack {
                dir: dir.display().to_string(),
            });
        }
        Ok(Voices {
            packs: Vec::new(),
            unloaded,
            tempo,
        })
    }

    /// Loads the folder's packs for `langs` that are not loaded yet (each decoded, and
    /// stretched, on a thread of its own; a moment for a pack); returns the languages loaded.
    /// An error names the file at fault; the packs that did load are kept.
    pub fn load_languages(&mut self, langs: &[Lang]) -> Result<Vec<Lang>, VoicesError> {
        let (wanted, kept): (Vec<_>, Vec<_>) = std::mem::take(&mut self.unloaded)
            .into_iter()
            .partition(|(lang, _)| langs.contains(lang));
        self.unloaded = kept;
        let tempo = self.tempo;
        let loaded: Vec<Result<VoicePack, VoicesError>> = std::thread::scope(|scope| {
            let handles: Vec<_> = wanted
                .iter()
                .map(|(_, folder)| scope.spawn(move || load_pack(folder, tempo)))
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or(Err(VoicesError::Panicked)))
                .collect()
        });
        let mut langs_loaded = Vec::new();
        let mut failed = None;
        for pack in loaded {
            match pack {
                Ok(pack) => {
                    tracing::info!(lang = pack.lang().code(), "voice pack loaded");
                    langs_loaded.push(pack.lang());
                    self.packs.push(pack);
                }
                Err(e) => failed = failed.or(Some(e)),
            }
        }
        match failed {
            Some(e) => Err(e),
            None => Ok(langs_loaded),
        }
    }

    /// Loads the packs of `langs` not loaded yet, as [`Voices::load_languages`] does, and
    /// warms those in the background (see [`Voices::warm_in_background`]).
    pub fn add_languages(&mut self, langs: &[Lang]) -> Result<Vec<Lang>, VoicesError> {
        let loaded = self.load_languages(langs);
        let fresh: Vec<VoicePack> = self
            .packs
            .iter()
            .filter(|p| loaded.as_ref().is_ok_and(|l| l.contains(&p.lang())))
            .cloned()
            .collect();
        if !fresh.is_empty() {
            Voices::warm_packs(fresh);
        }
        loaded
    }

    /// The languages whose packs are loaded, in the folder's order.
    pub fn loaded(&self) -> Vec<Lang> {
        self.packs.iter().map(VoicePack::lang).collect()
    }

    /// Makes the clips of a time readout ready at the packs' tempo on a thread of its own at
    /// idle priority (every clip, in a pack of decoded recordings, which are then released:
    /// see [`VoicePack::warm`]), so that a readout is not decoded or stretched while a
    /// listener waits; then the freed memory is handed back to the system.
    pub fn warm_in_background(&self) {
        Voices::warm_packs(self.packs.clone());
    }

    /// Warms these packs on a thread of their own (see [`Voices::warm_in_background`]).
    fn warm_packs(packs: Vec<VoicePack>) {
        let spawned = std::thread::Builder::new()
            .name("voice-warm".into())
            .spawn(move || {
                if let Err(e) = crate::realtime::lower_this_thread_to_idle() {
                    tracing::debug!("{e}");
                }
                let released = packs.iter().filter(|p| p.warm()).count();
                for pack in &packs {
                    let readouts = readout_clips(pack.lang());
                    pack.warm_clips(readouts.iter().map(String::as_str));
                }
                return_freed_memory();
                tracing::debug!(packs_released = released, "voice packs warmed");
            });
        if let Err(e) = spawned {
            tracing::warn!("cannot start the thread that prepares the voice packs: {e}");
        }
    }

    /// The pack for a language, if one was loaded.
    pub fn pack(&self, lang: Lang) -> Option<&VoicePack> {
        self.packs.iter().find(|p| p.lang() == lang)
    }

    /// Renders an utterance in a language to mono samples at the pack's rate. A language
    /// named in its own voice (a token `@de`) is said by its own pack's recording of its own
    /// name, or by `unpacked` (its speech engine) when it has no pack; silent when neither
    /// can (its name is on the text line).
    pub fn render(
        &self,
        lang: Lang,
        utterance: &Utterance,
    ) -> Result<crate::audio::Pcm, VoicesError> {
        self.render_with(lang, utterance, &|_, _| None)
    }

    /// As [`Voices::render`], a language without a loaded pack said by `unpacked` (the
    /// language and the text; resampled to the pack's rate).
    pub fn render_with(
        &self,
        lang: Lang,
        utterance: &Utterance,
        unpacked: &dyn Fn(Lang, &str) -> Option<crate::audio::Pcm>,
    ) -> Result<crate::audio::Pcm, VoicesError> {
        let pack = self
            .pack(lang)
            .ok_or(VoicesError::NoLanguage(lang.code()))?;
        if !utterance.clips.iter().any(|t| other_voice(t).is_some()) {
            let samples = pack.render(utterance)?;
            return Ok(crate::audio::Pcm::new(pack.sample_rate(), samples));
        }
        let gap =
            vec![0.0; pack.sample_rate() as usize * crate::speech::SPACE_PAUSE_MS as usize / 1000];
        let mut samples: Vec<f32> = Vec::new();
        let mut part = Utterance::default();
        let flush = |part: &mut Utterance, samples: &mut Vec<f32>| -> Result<(), VoicesError> {
            let said = std::mem::take(part);
            if said.keys().next().is_some() {
                if !samples.is_empty() {
                    samples.extend(&gap);
                }
                samples.extend(pack.render(&said)?);
            }
            Ok(())
        };
        for token in &utterance.clips {
            let Some(code) = other_voice(token) else {
                part.clips.push(token.clone());
                continue;
            };
            flush(&mut part, &mut samples)?;
            let Some(other) = Lang::from_code(code) else {
                continue;
            };
            let name = crate::speech::own_name(other);
            let said = match self.pack(other) {
                Some(p) if p.sample_rate() == pack.sample_rate() => Some(p.render(&name)?),
                Some(p) => {
                    tracing::warn!(
                        "the {} pack ({} Hz) cannot say its name inside the {} pack ({} Hz)",
                        other.code(),
                        p.sample_rate(),
                        lang.code(),
                        pack.sample_rate()
                    );
                    None
                }
                None => unpacked(other, &name.text)
                    .map(|pcm| resampled(&pcm.samples, pcm.rate, pack.sample_rate())),
            };
            if let Some(said) = said {
                if !samples.is_empty() {
                    samples.extend(&gap);
                }
                samples.extend(said);
            }
        }
        flush(&mut part, &mut samples)?;
        Ok(crate::audio::Pcm::new(pack.sample_rate(), samples))
    }

    /// Renders an utterance for a listener whose speech rate is `rate` when the packs were
    /// loaded at `loaded_rate`: the utterance is time-stretched by the difference (same pitch).
    pub fn render_at(
        &self,
        lang: Lang,
        utterance: &Utterance,
        loaded_rate: f32,
        rate: f32,
    ) -> Result<crate::audio::Pcm, VoicesError> {
        self.render_at_with(lang, utterance, loaded_rate, rate, &|_, _| None)
    }

    /// As [`Voices::render_at`], a language without a loaded pack said by `unpacked` (at
    /// `loaded_rate`: the whole utterance is then stretched to `rate`).
    pub fn render_at_with(
        &self,
        lang: Lang,
        utterance: &Utterance,
        loaded_rate: f32,
        rate: f32,
        unpacked: &dyn Fn(Lang, &str) -> Option<crate::audio::Pcm>,
    ) -> Result<crate::audio::Pcm, VoicesError> {
        let pcm = self.render_with(lang, utterance, unpacked)?;
        if (rate - loaded_rate).abs() < 1e-3 {
            return Ok(pcm);
        }
        let tempo = tempo_for_rate(rate) / tempo_for_rate(loaded_rate);
        let samples = crate::speech::tempo::stretch(&pcm.samples, pcm.rate, tempo);
        Ok(crate::audio::Pcm::new(pcm.rate, samples))
    }
}

/// The clips of the time readouts made ready before they are asked for: each side's name
/// and every count of hours (the minutes and seconds, a hundred clips and more, are made when
/// first said and kept while the bounded cache has room).
fn readout_clips(lang: Lang) -> Vec<String> {
    use crate::speech::{phrase, Announcement, Side};
    let mut keys: Vec<String> = Vec::new();
    for side in [Side::White, Side::Black] {
        for hours in 1..=9 {
            for minutes in [0, 30] {
                let readout = Announcement::TimeReadout {
                    side,
                    remaining_ms: (hours * 60 + minutes) * 60_000,
                    moves_made: None,
                    moves_to_control: None,
                };
                for key in phrase(lang, &readout).keys() {
                    if !keys.iter().any(|k| k == key) {
                        keys.push(key.to_string());
                    }
                }
            }
        }
    }
    keys
}

/// The pack in `folder`, at `tempo` times its pace, or as recorded.
fn load_pack(folder: &Path, tempo: Option<f32>) -> Result<VoicePack, VoicesError> {
    let pack = VoicePack::load(folder)?;
    Ok(match tempo {
        Some(tempo) => {
            let pace = pack.pace();
            pack.with_tempo(tempo * pace)
        }
        None => pack,
    })
}

/// `samples` at `from` Hz, at `to` Hz by linear interpolation (an engine's 22 050 Hz inside a
/// pack's 24 000 Hz utterance).
fn resampled(samples: &[f32], from: u32, to: u32) -> Vec<f32> {
    if from == to || samples.is_empty() || from == 0 {
        return samples.to_vec();
    }
    let len = (samples.len() as u64 * u64::from(to) / u64::from(from)) as usize;
    let step = f64::from(from) / f64::from(to);
    (0..len)
        .map(|i| {
            let at = i as f64 * step;
            let j = at as usize;
            let frac = (at - j as f64) as f32;
            let a = samples.get(j).copied().unwrap_or(0.0);
            let b = samples.get(j + 1).copied().unwrap_or(a);
            a + (b - a) * frac
        })
        .collect()
}

/// Hands the memory the allocator has freed back to the system: glibc keeps freed heap pages
/// (the released recordings are thousands of blocks under its mmap threshold), so they would
/// still count in the daemon's resident memory.
fn return_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        extern "C" {
            fn malloc_trim(pad: usize) -> std::os::raw::c_int;
        }
        // SAFETY: `malloc_trim` takes no pointer and only returns free memory to the system;
        // glibc's allocator is thread-safe.
        unsafe {
            malloc_trim(0);
        }
    }
}

/// The voice-pack tempo for a speech rate of the config (-1 slow … 0 the pack's own pace …
/// 1 fastest), relative to the pack's pace:
/// each step of 1 doubles or halves the speed, so the default 0.4 is about 1.3 times as fast.
pub fn tempo_for_rate(rate: f32) -> f32 {
    2f32.powf(rate.clamp(-1.0, 1.0))
}
