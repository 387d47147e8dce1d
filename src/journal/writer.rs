//! Appending to a journal file: each record is one line. Writing a line and syncing it are
//! separate steps, so that the store can sync on its own thread and one sync covers every line
//! written meanwhile (group commit); nothing is acknowledged before its line is synced.

use super::record::Record;
use std::fs::{File, OpenOptions};
use std::io::{Seek, Write};
use std::path::{Path, PathBuf};

/// An open journal file, appending.
#[derive(Debug)]
pub struct JournalWriter {
    path: PathBuf,
    file: File,
    digest: String,
    /// Whether records are chained (`false` only for a journal of the old format continued).
    chained: bool,
}

impl JournalWriter {
    /// Starts a new journal at `path` (replacing any file there) with its game record.
    pub fn create(path: &Path, game: &Record) -> std::io::Result<JournalWriter> {
        Ok(JournalWriter::begin(path, game)?.0)
    }

    /// [`JournalWriter::create`], also returning the game record's line (newline included).
    pub fn begin(path: &Path, game: &Record) -> std::io::Result<(JournalWriter, Vec<u8>)> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
        let file = OpenOptions::new()
            .create(true)
            .read(true)
            .write(true)
            .truncate(true)
            .open(path)?;
        let mut writer = JournalWriter {
            path: path.to_path_buf(),
            file,
            digest: String::new(),
            chained: true,
        };
        let (_, line) = writer.append(game)?;
        writer.sync()?;
        sync_dir(path);
        Ok((writer, line))
    }

    /// Reopens an existing journal for appending after its last good record (a torn last
    /// line is cut off first), chaining on from `chain_to`, the last record's digest, or
    /// writing on without digests (`None`: a journal of the old format, see
    /// [`super::Journal::chain_to`]).
    pub fn resume(
        path: &Path,
        good_len: usize,
        chain_to: Option<&str>,
    ) -> std::io::Result<JournalWriter> {
        let file = OpenOptions::new().write(true).open(path)?;
        file.set_len(good_len as u64)?;
        file.sync_all()?;
        let file = OpenOptions::new().read(true).append(true).open(path)?;
        Ok(JournalWriter {
            path: path.to_path_buf(),
            file,
            digest: chain_to.unwrap_or_default().to_string(),
            chained: chain_to.is_some(),
        })
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Appends a record as one line, chained to the one before, without syncing it; returns
    /// the line (newline included) and the offset it starts at. A write that fails (a full
    /// disk) leaves no partial line behind: the file is cut back to where it was, so a later
    /// append after space comes back is a whole line.
    pub fn append(&mut self, record: &Record) -> std::io::Result<(u64, Vec<u8>)> {
        let (mut line, digest) = if self.chained {
            super::record::line_of(record, &self.digest).map_err(std::io::Error::other)?
        } else {
            let line = super::record::plain_line_of(record).map_err(std::io::Error::other)?;
            (line, String::new())
        };
        line.push('\n');
        let before = self.file.metadata()?.len();
        if let Err(e) = self.file.write_all(line.as_bytes()) {
            self.cut_back(before);
            return Err(e);
        }
        self.digest = digest;
        Ok((before, line.into_bytes()))
    }

    /// Syncs every line written so far to the disk.
    pub fn sync(&self) -> std::io::Result<()> {
        self.file.sync_data()
    }

    /// A second handle on the open file, for a thread that syncs it.
    pub fn handle(&self) -> std::io::Result<File> {
        self.file.try_clone()
    }

    /// Writes `lines` again from `offset` on (where the first of them began), not synced:
    /// after a failed sync the kernel may have dropped those pages, so the lines are written
    /// from the copies the store kept.
    pub fn rewrite_tail(&mut self, offset: u64, lines: &[&[u8]]) -> std::io::Result<()> {
        self.file.set_len(offset)?;
        self.file.seek(std::io::SeekFrom::End(0))?;
        for line in lines {
            if let Err(e) = self.file.write_all(line) {
                self.cut_back(offset);
                return Err(e);
            }
        }
        Ok(())
    }

    /// Cuts a partial write off and writes on from the new end (a file opened without
    /// O_APPEND would otherwise leave a hole of NUL bytes).
    fn cut_back(&mut self, len: u64) {
        let _ = self.file.set_len(len);
        let _ = self.file.seek(std::io::SeekFrom::End(0));
    }

    /// Whether the file at the journal's path is still the one being written; if it was
    /// deleted, moved away or replaced, the whole journal is written there again from the
    /// open file (every record so far, byte for byte) and `true` is returned.
    pub fn rewrite_if_gone(&mut self) -> std::io::Result<bool> {
        use std::os::unix::fs::{FileExt, MetadataExt};
        let ours = self.file.metadata()?;
        let same = match std::fs::metadata(&self.path) {
            Ok(there) => there.dev() == ours.dev() && there.ino() == ours.ino(),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => false,
            Err(e) => return Err(e),
        };
        if same {
            return Ok(false);
        }
        let mut bytes = vec![0u8; ours.len() as usize];
        self.file.read_exact_at(&mut bytes, 0)?;
        let temporary = self.path.with_extension("jsonl.rewrite");
        if let Some(dir) = self.path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
        {
            let mut fresh = File::create(&temporary)?;
            fresh.write_all(&bytes)?;
            fresh.sync_all()?;
        }
        std::fs::rename(&temporary, &self.path)?;
        sync_dir(&self.path);
        self.file = OpenOptions::new()
            .read(true)
            .append(true)
            .open(&self.path)?;
        Ok(true)
    }

    /// The digest of the last record written.
    pub fn digest(&self) -> &str {
        &self.digest
    }
}

/// Syncs the directory holding a new file, so the file's name survives a crash too.
fn sync_dir(path: &Path) {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        if let Ok(handle) = File::open(dir) {
            let _ = handle.sync_all();
        }
    }
}
