//! Where the journal's records go: a file (synced before an input takes effect) or memory (for
//! tests and benchmarks on virtual time). The daemon's `Core` only sees this trait.

use super::record::Record;
use super::writer::JournalWriter;
use std::path::{Path, PathBuf};

/// A journal the core appends to. Each `append` is durable when it returns `Ok`.
pub trait Store: Send {
    /// Appends one record.
    fn append(&mut self, record: &Record) -> std::io::Result<()>;
    /// Closes the current game's journal (kept aside as finished) and begins a new one with
    /// its game record.
    fn begin(&mut self, game: &Record) -> std::io::Result<()>;
    /// Where the records go, for messages.
    fn describe(&self) -> String;
    /// The chained digest of the last record (see `record::chain`).
    fn digest(&self) -> String;
    /// Checks that the journal is still where it is written; if it was deleted or moved away,
    /// writes it there again whole and returns `true`.
    fn verify(&mut self) -> std::io::Result<bool> {
        Ok(false)
    }
    /// Free bytes where the records go, when that can be told.
    fn free_bytes(&self) -> Option<u64> {
        None
    }
}

/// A journal file.
#[derive(Debug)]
pub struct FileStore {
    path: PathBuf,
    writer: Option<JournalWriter>,
}

impl FileStore {
    /// A journal at `path` that is not open yet: `begin` creates it (keeping any file already
    /// there aside).
    pub fn new(path: &Path) -> FileStore {
        FileStore {
            path: path.to_path_buf(),
            writer: None,
        }
    }

    /// Reopens an existing journal for appending after its last good record (a torn last line
    /// is cut off).
    pub fn resume(path: &Path, good_len: usize, digest: &str) -> std::io::Result<FileStore> {
        Ok(FileStore {
            path: path.to_path_buf(),
            writer: Some(JournalWriter::resume(path, good_len, digest)?),
        })
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Store for FileStore {
    fn append(&mut self, record: &Record) -> std::io::Result<()> {
        match self.writer.as_mut() {
            Some(writer) => writer.append(record),
            None => Err(std::io::Error::other("the journal was not begun")),
        }
    }

    fn begin(&mut self, game: &Record) -> std::io::Result<()> {
        if self.path.exists() {
            set_aside(&self.path, "done")?;
        }
        self.writer = Some(JournalWriter::create(&self.path, game)?);
        Ok(())
    }

    fn describe(&self) -> String {
        self.path.display().to_string()
    }

    fn digest(&self) -> String {
        self.writer
            .as_ref()
            .map_or_else(String::new, |w| w.digest().to_string())
    }

    fn verify(&mut self) -> std::io::Result<bool> {
        match self.writer.as_mut() {
            Some(writer) => writer.rewrite_if_gone(),
            None => Ok(false),
        }
    }

    fn free_bytes(&self) -> Option<u64> {
        let dir = match self.path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        let stat = rustix::fs::statvfs(dir).ok()?;
        Some(stat.f_bavail.saturating_mul(stat.f_frsize))
    }
}

/// Moves a journal aside, keeping it: `journal.jsonl` → `journal-WALLMS.KIND.jsonl`.
pub fn set_aside(path: &Path, kind: &str) -> std::io::Result<PathBuf> {
    let stem = path
        .file_stem()
        .map_or("journal".into(), |s| s.to_string_lossy().into_owned());
    let aside = path.with_file_name(format!("{stem}-{}.{kind}.jsonl", super::wall_now()));
    std::fs::rename(path, &aside)?;
    tracing::info!("kept the previous journal as {}", aside.display());
    Ok(aside)
}

/// A journal in memory: every game's records, the current one last.
#[derive(Debug, Default, Clone)]
pub struct MemoryStore {
    /// Each game's records, oldest game first.
    pub games: Vec<Vec<Record>>,
    /// Appends fail (as a full disk would) while this is set.
    pub failing: bool,
    /// The chained digest of the last record.
    pub digest: String,
    /// Free bytes it reports (none: unknown).
    pub free: Option<u64>,
}

impl MemoryStore {
    /// The current game's records.
    pub fn records(&self) -> &[Record] {
        self.games.last().map_or(&[], Vec::as_slice)
    }
}

impl Store for MemoryStore {
    fn append(&mut self, record: &Record) -> std::io::Result<()> {
        if self.failing {
            return Err(std::io::Error::other("no space left on device (simulated)"));
        }
        match self.games.last_mut() {
            Some(game) => {
                let (_, digest) =
                    super::record::line_of(record, &self.digest).map_err(std::io::Error::other)?;
                game.push(record.clone());
                self.digest = digest;
                Ok(())
            }
            None => Err(std::io::Error::other("the journal was not begun")),
        }
    }

    fn begin(&mut self, game: &Record) -> std::io::Result<()> {
        let (_, digest) = super::record::line_of(game, "").map_err(std::io::Error::other)?;
        self.games.push(vec![game.clone()]);
        self.digest = digest;
        Ok(())
    }

    fn describe(&self) -> String {
        "memory".to_string()
    }

    fn digest(&self) -> String {
        self.digest.clone()
    }

    fn free_bytes(&self) -> Option<u64> {
        self.free
    }
}

/// A store shared with the test that made it, so the test can look at what was written.
#[derive(Debug, Default, Clone)]
pub struct SharedMemoryStore(pub std::sync::Arc<std::sync::Mutex<MemoryStore>>);

impl SharedMemoryStore {
    /// A copy of what was written so far.
    pub fn snapshot(&self) -> MemoryStore {
        match self.0.lock() {
            Ok(store) => store.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        }
    }

    /// Makes appends fail (or succeed again).
    pub fn set_failing(&self, failing: bool) {
        match self.0.lock() {
            Ok(mut store) => store.failing = failing,
            Err(poisoned) => poisoned.into_inner().failing = failing,
        }
    }
}

impl Store for SharedMemoryStore {
    fn append(&mut self, record: &Record) -> std::io::Result<()> {
        let mut store = self
            .0
            .lock()
            .map_err(|_| std::io::Error::other("poisoned"))?;
        store.append(record)
    }

    fn begin(&mut self, game: &Record) -> std::io::Result<()> {
        let mut store = self
            .0
            .lock()
            .map_err(|_| std::io::Error::other("poisoned"))?;
        store.begin(game)
    }

    fn describe(&self) -> String {
        "memory".to_string()
    }

    fn digest(&self) -> String {
        self.snapshot().digest
    }

    fn free_bytes(&self) -> Option<u64> {
        self.snapshot().free
    }
}
