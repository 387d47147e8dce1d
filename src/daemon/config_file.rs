//! Where the set-up menu saves: the configuration file the daemon was started with, written
//! whole and durably (a temporary file beside it, synced, renamed over it, the directory
//! synced), so that a crash or a full disk leaves the old file or the new one, never half.
//! A configuration reached through a symlink is saved to the link's target (the link stays);
//! a read-only file is not replaced: the save is refused with the reason.

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

impl DiskConfig {
    /// The file a save replaces: the path's target when it is a symlink (a link is never
    /// replaced by a regular file), else the path. A read-only file is refused.
    fn target(&self) -> std::io::Result<PathBuf> {
        use std::os::unix::fs::PermissionsExt;
        let target = match std::fs::symlink_metadata(&self.path) {
            Ok(meta) if meta.file_type().is_symlink() => std::fs::canonicalize(&self.path)
                .map_err(|e| {
                    std::io::Error::new(
                        e.kind(),
                        format!(
                            "{} is a symlink to a file that cannot be found: {e}",
                            self.name()
                        ),
                    )
                })?,
            _ => self.path.clone(),
        };
        if let Ok(meta) = std::fs::metadata(&target) {
            if meta.permissions().readonly() {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::PermissionDenied,
                    format!(
                        "{} is read-only (mode {:o}): it is not replaced",
                        target.display(),
                        meta.permissions().mode() & 0o7777
                    ),
                ));
            }
        }
        Ok(target)
    }
}

impl ConfigFile for DiskConfig {
    fn save(&mut self, text: &str) -> std::io::Result<()> {
        let target = self.target()?;
        let mut temporary = target.clone().into_os_string();
        temporary.push(".setup-tmp");
        let temporary = PathBuf::from(temporary);
        let written = (|| {
            let mut file = std::fs::File::create(&temporary)?;
            file.write_all(text.as_bytes())?;
            file.sync_all()?;
            // Keep the old file's permissions (it may be readable by the arbiter's group).
            if let Ok(meta) = std::fs::metadata(&target) {
                std::fs::set_permissions(&temporary, meta.permissions())?;
            }
            std::fs::rename(&temporary, &target)
        })();
        if written.is_err() {
            let _ = std::fs::remove_file(&temporary);
        }
        written?;
        if let Some(dir) = target.parent().filter(|d| !d.as_os_str().is_empty()) {
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
