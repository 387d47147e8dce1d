//! Where the journal's records go: a file (written at once, synced by its own thread, one sync
//! for every record written meanwhile) or memory (for tests and benchmarks on virtual time).
//! The daemon's `Core` never calls it: it asks for records to be written, and the daemon's
//! journal driver (`daemon::driver`) writes them here and tells the core how far they are
//! durable (see `gate`, which holds what waits for that).

use super::record::Record;
use super::sync::Syncer;
use super::writer::JournalWriter;
use crossbeam_channel::Receiver;
use std::collections::VecDeque;
use std::path::{Path, PathBuf};

/// A record as the journal holds it, once written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    /// Its line, without the newline.
    pub line: String,
    /// Its chained digest (empty in a journal of the old format, which has none).
    pub digest: String,
}

/// A journal the daemon appends to. Records are counted from 1 across games; a record is
/// durable (it survives a crash or power cut) once [`Store::durable`] reaches its number.
/// Each record is chained here, where it is written (see `record::chain`): the line returned
/// is the one the journal holds.
pub trait Store: Send {
    /// Appends one record (written, maybe not yet durable) and returns it as written. An error
    /// means it was not written.
    fn append(&mut self, record: &Record) -> std::io::Result<Written>;
    /// How many records are durable.
    fn durable(&self) -> u64;
    /// Why a sync failed since the last call, if one did: the records after `durable` may
    /// be lost until the next `append` or [`Store::sync_now`] writes them again.
    fn take_failure(&mut self) -> Option<std::io::Error> {
        None
    }
    /// Waits until every record appended is durable.
    fn sync_now(&mut self) -> std::io::Result<()> {
        Ok(())
    }
    /// After a failed sync: writes the records that may have been lost again and syncs them
    /// (here, not on the sync thread). An error means they are still not durable.
    fn repair(&mut self) -> std::io::Result<()> {
        Ok(())
    }
    /// Closes the current game's journal (kept aside as finished) and begins a new one with
    /// its game record; returns it as written.
    fn begin(&mut self, game: &Record) -> std::io::Result<Written>;
    /// Where the records go, for messages.
    fn describe(&self) -> String;
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

/// A journal file, synced by its own thread.
#[derive(Debug)]
pub struct FileStore {
    path: PathBuf,
    writer: Option<JournalWriter>,
    /// The sync thread; none when it could not be started (then each append syncs at once).
    syncer: Option<Syncer>,
    written: u64,
    /// Copies of the lines not known to be durable: (record number, offset, line).
    unsynced: VecDeque<(u64, u64, Vec<u8>)>,
    /// A sync failed: the lines after the durable ones are written again before anything new.
    failed: bool,
    /// Why a sync made in turn failed (no sync thread), until taken.
    sync_failure: Option<std::io::Error>,
}

impl FileStore {
    /// A journal at `path` that is not open yet: `begin` creates it (keeping any file already
    /// there aside).
    pub fn new(path: &Path) -> FileStore {
        let syncer = match Syncer::start() {
            Ok(syncer) => Some(syncer),
            Err(e) => {
                tracing::warn!("no journal sync thread ({e}): each record is synced in turn");
                None
            }
        };
        FileStore {
            path: path.to_path_buf(),
            writer: None,
            syncer,
            written: 0,
            unsynced: VecDeque::new(),
            failed: false,
            sync_failure: None,
        }
    }

    /// Reopens an existing journal for appending after its last good record (a torn last line
    /// is cut off).
    pub fn resume(
        path: &Path,
        good_len: usize,
        chain_to: Option<&str>,
    ) -> std::io::Result<FileStore> {
        let mut store = FileStore::new(path);
        let writer = JournalWriter::resume(path, good_len, chain_to)?;
        store.follow(&writer)?;
        store.writer = Some(writer);
        Ok(store)
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// How many records were appended (across games).
    pub fn written(&self) -> u64 {
        self.written
    }

    /// A channel that gets a message whenever a sync ends: the daemon's loop waits on it to
    /// deliver what waited for the disk. (Never, when records are synced in turn.)
    pub fn signal(&self) -> Receiver<()> {
        self.syncer
            .as_ref()
            .map_or_else(crossbeam_channel::never, Syncer::signal)
    }

    /// Has the sync thread sync `writer`'s file from now on (everything so far is durable).
    fn follow(&mut self, writer: &JournalWriter) -> std::io::Result<()> {
        if let Some(syncer) = &self.syncer {
            syncer.set_file(writer.handle()?, self.written);
        }
        self.unsynced.clear();
        Ok(())
    }

    /// After a failed sync: writes the lines not known durable again, and has them synced
    /// (by the sync thread; here when there is none).
    fn rewrite_unsynced(&mut self) -> std::io::Result<()> {
        if !self.failed {
            return Ok(());
        }
        let Some(writer) = self.writer.as_mut() else {
            return Err(std::io::Error::other("the journal was not begun"));
        };
        if let Some(&(_, offset, _)) = self.unsynced.front() {
            let lines: Vec<&[u8]> = self.unsynced.iter().map(|(_, _, l)| l.as_slice()).collect();
            writer.rewrite_tail(offset, &lines)?;
        }
        match &self.syncer {
            Some(syncer) => {
                let durable = self.written - self.unsynced.len() as u64;
                syncer.recovered(durable);
                syncer.request(self.written);
            }
            None => {
                writer.sync()?;
                self.unsynced.clear();
            }
        }
        self.failed = false;
        Ok(())
    }

    /// Forgets the copies of lines now durable.
    fn prune(&mut self) {
        if let Some(syncer) = &self.syncer {
            let durable = syncer.durable();
            while self.unsynced.front().is_some_and(|(n, _, _)| *n <= durable) {
                self.unsynced.pop_front();
            }
        }
    }
}

/// A journal line (its newline included) as written by `writer`.
fn written_by(writer: &JournalWriter, line: &[u8]) -> Written {
    Written {
        line: String::from_utf8_lossy(line.strip_suffix(b"\n").unwrap_or(line)).into_owned(),
        digest: writer.digest().to_string(),
    }
}

impl Store for FileStore {
    fn append(&mut self, record: &Record) -> std::io::Result<Written> {
        self.rewrite_unsynced()?;
        self.prune();
        let Some(writer) = self.writer.as_mut() else {
            return Err(std::io::Error::other("the journal was not begun"));
        };
        let (offset, line) = writer.append(record)?;
        self.written += 1;
        let written = written_by(writer, &line);
        match &self.syncer {
            Some(syncer) => {
                self.unsynced.push_back((self.written, offset, line));
                syncer.request(self.written);
            }
            None => {
                // Written but not durable: told as a failed sync (the line is written again by
                // `repair`), so that what was written and what is counted stay the same.
                if let Err(e) = writer.sync() {
                    self.unsynced.push_back((self.written, offset, line));
                    self.failed = true;
                    self.sync_failure = Some(e);
                }
            }
        }
        Ok(written)
    }

    fn repair(&mut self) -> std::io::Result<()> {
        if let Some(e) = self.take_failure() {
            tracing::warn!("{}: a sync failed ({e}); writing again", self.describe());
        }
        self.rewrite_unsynced()
    }

    fn durable(&self) -> u64 {
        match (&self.syncer, self.failed) {
            (Some(syncer), false) => syncer.durable().min(self.written),
            (_, true) => self.written - self.unsynced.len() as u64,
            (None, false) => self.written,
        }
    }

    fn take_failure(&mut self) -> Option<std::io::Error> {
        if self.syncer.is_none() {
            return self.sync_failure.take();
        }
        let failure = self.syncer.as_ref()?.take_failure()?;
        let durable = self.syncer.as_ref().map_or(0, Syncer::durable);
        self.unsynced.retain(|(number, _, _)| *number > durable);
        self.failed = true;
        Some(failure)
    }

    fn sync_now(&mut self) -> std::io::Result<()> {
        self.repair()?;
        match &self.syncer {
            Some(syncer) => syncer.wait(self.written),
            None => Ok(()),
        }
    }

    fn begin(&mut self, game: &Record) -> std::io::Result<Written> {
        if self.writer.is_some() {
            // The finished game's last records go to the disk before it is set aside.
            self.sync_now()?;
        }
        if self.path.exists() {
            set_aside(&self.path, "done")?;
        }
        let (writer, line) = JournalWriter::begin(&self.path, game)?;
        let written = written_by(&writer, &line);
        self.written += 1;
        self.failed = false;
        self.follow(&writer)?;
        self.writer = Some(writer);
        Ok(written)
    }

    fn describe(&self) -> String {
        self.path.display().to_string()
    }

    fn verify(&mut self) -> std::io::Result<bool> {
        let Some(writer) = self.writer.as_mut() else {
            return Ok(false);
        };
        if !writer.rewrite_if_gone()? {
            return Ok(false);
        }
        // The file written again was synced whole: everything in it is durable.
        if let Some(writer) = self.writer.take() {
            let followed = self.follow(&writer);
            self.writer = Some(writer);
            followed?;
        }
        self.failed = false;
        Ok(true)
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
    /// Records appended, across games.
    pub written: u64,
    /// While set, only this many records are durable (a slow disk); unset: all of them.
    pub durable_up_to: Option<u64>,
    /// A sync failure to report once (as the file store's sync thread would).
    pub sync_failure: Option<String>,
}

impl MemoryStore {
    /// The current game's records.
    pub fn records(&self) -> &[Record] {
        self.games.last().map_or(&[], Vec::as_slice)
    }
}

impl Store for MemoryStore {
    fn append(&mut self, record: &Record) -> std::io::Result<Written> {
        if self.failing {
            return Err(std::io::Error::other("no space left on device (simulated)"));
        }
        match self.games.last_mut() {
            Some(game) => {
                let (line, digest) =
                    super::record::line_of(record, &self.digest).map_err(std::io::Error::other)?;
                game.push(record.clone());
                self.digest = digest.clone();
                self.written += 1;
                Ok(Written { line, digest })
            }
            None => Err(std::io::Error::other("the journal was not begun")),
        }
    }

    fn begin(&mut self, game: &Record) -> std::io::Result<Written> {
        let (line, digest) = super::record::line_of(game, "").map_err(std::io::Error::other)?;
        self.games.push(vec![game.clone()]);
        self.digest = digest.clone();
        self.written += 1;
        Ok(Written { line, digest })
    }

    fn durable(&self) -> u64 {
        self.durable_up_to
            .map_or(self.written, |d| d.min(self.written))
    }

    fn take_failure(&mut self) -> Option<std::io::Error> {
        self.sync_failure.take().map(std::io::Error::other)
    }

    fn describe(&self) -> String {
        "memory".to_string()
    }

    fn free_bytes(&self) -> Option<u64> {
        self.free
    }
}

/// A store shared with the test that made it, so the test can look at what was written.
#[derive(Debug, Default, Clone)]
pub struct SharedMemoryStore(pub std::sync::Arc<std::sync::Mutex<MemoryStore>>);

impl SharedMemoryStore {
    /// Runs `f` on the store (a poisoned lock is taken over: a test's panic elsewhere).
    fn with<R>(&self, f: impl FnOnce(&mut MemoryStore) -> R) -> R {
        match self.0.lock() {
            Ok(mut store) => f(&mut store),
            Err(poisoned) => f(&mut poisoned.into_inner()),
        }
    }

    /// A copy of what was written so far.
    pub fn snapshot(&self) -> MemoryStore {
        self.with(|store| store.clone())
    }

    /// Holds durability at the records written so far (a slow disk), or lets it go.
    pub fn hold_durable(&self, hold: bool) {
        self.with(|store| store.durable_up_to = hold.then_some(store.written));
    }

    /// Has the next look at the syncs report that one failed.
    pub fn fail_a_sync(&self, why: &str) {
        self.with(|store| store.sync_failure = Some(why.to_string()));
    }

    /// Makes appends fail (or succeed again).
    pub fn set_failing(&self, failing: bool) {
        self.with(|store| store.failing = failing);
    }
}

impl Store for SharedMemoryStore {
    fn append(&mut self, record: &Record) -> std::io::Result<Written> {
        let mut store = self
            .0
            .lock()
            .map_err(|_| std::io::Error::other("poisoned"))?;
        store.append(record)
    }

    fn begin(&mut self, game: &Record) -> std::io::Result<Written> {
        let mut store = self
            .0
            .lock()
            .map_err(|_| std::io::Error::other("poisoned"))?;
        store.begin(game)
    }

    fn durable(&self) -> u64 {
        self.with(|store| store.durable())
    }

    fn take_failure(&mut self) -> Option<std::io::Error> {
        self.with(MemoryStore::take_failure)
    }

    fn describe(&self) -> String {
        "memory".to_string()
    }

    fn free_bytes(&self) -> Option<u64> {
        self.with(|store| store.free)
    }
}
