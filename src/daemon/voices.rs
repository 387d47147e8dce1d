//! Finding and loading the voice packs: `--voices DIR`, `$TALKCLOCK_VOICES`, the source tree's
//! `voices/`, then `/usr/share/talkclock/voices`. Each pack is decoded into memory at start.

use crate::speech::{Lang, Utterance, VoicePack};
use std::path::{Path, PathBuf};

/// The packs by language.
#[derive(Debug)]
pub struct Voices {
    packs: Vec<VoicePack>,
}

/// The folder voice packs are read from.
pub fn voices_dir(given: Option<&Path>) -> PathBuf {
    if let Some(dir) = given {
        return dir.to_path_buf();
    }
    if let Some(dir) = std::env::var_os("TALKCLOCK_VOICES").filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    let built_in = Path::new(env!("CARGO_MANIFEST_DIR")).join("voices");
    if built_in.is_dir() {
        return built_in;
    }
    PathBuf::from("/usr/share/talkclock/voices")
}

impl Voices {
    /// Loads every pack (a folder with a `pack.toml`) in `dir`; an error names the file at fault.
    pub fn load(dir: &Path) -> Result<Voices, String> {
        let entries = std::fs::read_dir(dir)
            .map_err(|e| format!("{}: cannot read the voice packs folder: {e}", dir.display()))?;
        let mut folders: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.join("pack.toml").is_file())
            .collect();
        folders.sort();
        let mut packs = Vec::new();
        for folder in folders {
            packs.push(VoicePack::load(&folder).map_err(|e| e.to_string())?);
        }
        if packs.is_empty() {
            return Err(format!(
                "{}: no voice pack (a folder with pack.toml) found",
                dir.display()
            ));
        }
        Ok(Voices { packs })
    }

    /// The pack for a language, if one was loaded.
    pub fn pack(&self, lang: Lang) -> Option<&VoicePack> {
        self.packs.iter().find(|p| p.lang() == lang)
    }

    /// Renders an utterance in a language to mono samples at the pack's rate.
    pub fn render(&self, lang: Lang, utterance: &Utterance) -> Result<crate::audio::Pcm, String> {
        let pack = self
            .pack(lang)
            .ok_or_else(|| format!("no voice pack for `{}`", lang.code()))?;
        let samples = pack.render(utterance).map_err(|e| e.to_string())?;
        Ok(crate::audio::Pcm::new(pack.sample_rate(), samples))
    }
}
