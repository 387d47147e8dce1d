//! Where the set-up menu saves: the configuration file the daemon was started with, written
//! whole and durably (a temporary file beside it, synced, renamed over it, the directory
//! synced), so that a crash or a full disk leaves the old file or the new one, never half.

use std::io::Write;
use std::path::PathBuf;

/// Somewhere a configuration's text is saved.
pub trait ConfigFile: Send {
    /// Replaces the saved text.
    fn save(&mut self, text: &str) -> std::io::Result<()>;
    /// Its name, for messages and for checking the text ("/etc/talkclock/talkclock.toml").
    fn name(&self) -> String;
}

/// A configuration file on disk.
#[derive(Debug, Clone)]
pub struct DiskConfig {
    path: PathBuf,
}

impl DiskConfig {
    /// The file at `path`.
    pub fn new(path: PathBuf) -> DiskConfig {
        DiskConfig { path }
    }
}

impl ConfigFile for DiskConfig {
    fn save(&mut self, text: &str) -> std::io::Result<()> {
        let mut temporary = self.path.clone().into_os_string();
        temporary.push(".setup-tmp");
        let temporary = PathBuf::from(temporary);
        let written = (|| {
            let mut file = std::fs::File::create(&temporary)?;
            file.write_all(text.as_bytes())?;
            file.sync_all()?;
            // Keep the old file's permissions (it may be readable by the arbiter's group).
            if let Ok(meta) = std::fs::metadata(&self.path) {
                std::fs::set_permissions(&temporary, meta.permissions())?;
            }
            std::fs::rename(&temporary, &self.path)
        })();
        if written.is_err() {
            let _ = std::fs::remove_file(&temporary);
        }
        written?;
        if let Some(dir) = self.path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::File::open(dir)?.sync_all()?;
        }
        Ok(())
    }

    fn name(&self) -> String {
        self.path.display().to_string()
    }
}

/// A configuration kept in memory (tests, benchmarks); `fail` makes every save fail.
#[derive(Debug, Clone, Default)]
pub struct MemoryConfig {
    /// What was saved last.
    pub saved: std::sync::Arc<std::sync::Mutex<Option<String>>>,
    /// Saves fail with this error kind.
    pub fail: Option<std::io::ErrorKind>,
}

impl ConfigFile for MemoryConfig {
    fn save(&mut self, text: &str) -> std::io::Result<()> {
        if let Some(kind) = self.fail {
            return Err(std::io::Error::new(kind, "the test made this save fail"));
        }
        if let Ok(mut saved) = self.saved.lock() {
            *saved = Some(text.to_string());
        }
        Ok(())
    }

    fn name(&self) -> String {
        "<memory>".to_string()
    }
}
