//! One daemon per journal: an exclusive lock on `JOURNAL.lock`, taken before the journal is
//! read or written and held for as long as the daemon runs. A second `talkclock run` (the
//! systemd service and a manual start) or an `import` into a journal in use is refused
//! without touching it.

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};

/// Why the journal's lock could not be taken.
#[derive(Debug, thiserror::Error)]
pub enum LockError {
    /// Another process holds it.
    #[error(
        "{journal}: another talkclock ({holder}) is using this journal; it was not touched. \
         Stop that one first, or give another --journal."
    )]
    Held {
        /// The journal.
        journal: String,
        /// What the lock file says of its holder.
        holder: String,
    },
    /// The lock file could not be opened or locked.
    #[error("{path}: cannot lock the journal: {source}")]
    Io {
        /// The lock file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
}

/// The held lock; dropping it releases the journal.
#[derive(Debug)]
pub struct JournalLock {
    _file: File,
    path: PathBuf,
}

impl JournalLock {
    /// Takes the lock of `journal` (creating its folder and lock file if needed), or says who
    /// holds it.
    pub fn take(journal: &Path) -> Result<JournalLock, LockError> {
        let path = lock_path(journal);
        let io = |source| LockError::Io {
            path: path.display().to_string(),
            source,
        };
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(io)?;
        }
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(io)?;
        match file.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => {
                let mut holder = String::new();
                let _ = file.read_to_string(&mut holder);
                let holder = holder.trim();
                return Err(LockError::Held {
                    journal: journal.display().to_string(),
                    holder: if holder.is_empty() {
                        "a process".to_string()
                    } else {
                        holder.to_string()
                    },
                });
            }
            Err(std::fs::TryLockError::Error(e)) => return Err(io(e)),
        }
        file.set_len(0).map_err(io)?;
        file.rewind().map_err(io)?;
        writeln!(file, "pid {}", std::process::id()).map_err(io)?;
        Ok(JournalLock { _file: file, path })
    }

    /// The lock file.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// `journal.jsonl` → `journal.jsonl.lock`.
pub fn lock_path(journal: &Path) -> PathBuf {
    let mut name = journal.file_name().unwrap_or_default().to_os_string();
    name.push(".lock");
    journal.with_file_name(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_on_the_same_journal_is_refused_until_the_first_is_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let journal = dir.path().join("j.jsonl");
        let first = JournalLock::take(&journal).unwrap();
        let second = JournalLock::take(&journal).unwrap_err().to_string();
        assert!(second.contains("another talkclock (pid "), "{second}");
        drop(first);
        assert!(JournalLock::take(&journal).is_ok());
    }
}
