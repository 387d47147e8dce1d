//! The journal's driver: the I/O half of the sans-IO [`Core`]. It takes what the core asks of
//! the journal ([`JournalOp`]: records to append, a new game's journal, a repair after a full
//! disk, a check that the file is there, the free space, the seal), does it in order on a
//! [`Store`] (a file, synced by its own thread, in the daemon; memory in tests), and answers
//! with [`JournalEvent`]s, among them how far the journal is written (what is heard goes out
//! then) and how far it is durable (replies and the hall wait for that). A board in a hall also
//! hands each line written to its [`Publisher`], which sends it once durable.
//!
//! [`Driven`] is a core with its driver: each call into the core is followed by the driver's
//! turn, so the daemon's loop, the tests and the benchmarks drive the same pair.

use super::config_file::ConfigFile;
use super::core::{
    Clocks, Core, CoreError, CoreMsg, CoreOutput, JournalEvent, JournalOp, RestoreError,
};
use crate::control::reply::Reply;
use crate::hall::store::Publisher;
use crate::journal::{Journal, Record, Store, Written};
use crate::table::Table;

/// Does the journal's I/O for a core.
pub struct JournalDriver {
    store: Box<dyn Store>,
    publisher: Option<Publisher>,
    /// Records the store holds (counted from 1 across games, as the core counts them).
    written: u64,
    /// The chained digest of the last record written (the seal, when the game ends).
    digest: String,
    /// What the core asked for, taken from it (kept to reuse its room).
    ops: Vec<JournalOp>,
    /// The configuration file the set-up menu saves to (`None`: the embedded default).
    config_file: Option<Box<dyn ConfigFile>>,
}

impl JournalDriver {
    /// A driver writing to `store`.
    pub fn new(store: Box<dyn Store>) -> JournalDriver {
        JournalDriver {
            store,
            publisher: None,
            written: 0,
            digest: String::new(),
            ops: Vec::new(),
            config_file: None,
        }
    }

    /// Also hands each line written, once durable, to `publisher` (a board in a hall).
    pub fn publishing(mut self, publisher: Publisher) -> JournalDriver {
        self.publisher = Some(publisher);
        self
    }

    /// Where the journal is written, for messages.
    pub fn describe(&self) -> String {
        self.store.describe()
    }

    fn error(&self, source: std::io::Error) -> CoreError {
        CoreError::Journal {
            store: self.store.describe(),
            source,
        }
    }

    /// Does what `core` asked of the journal, in order, and tells it how that went (and how
    /// far the journal is written and durable), at `at`; again while the answers ask for
    /// more. A new game's journal that cannot begin is an error: the daemon stops rather than
    /// play on without one.
    pub fn run(&mut self, core: &mut Core, at: Clocks) -> Result<(), CoreError> {
        loop {
            core.take_journal(&mut self.ops);
            if self.ops.is_empty() {
                return Ok(());
            }
            let mut ops = std::mem::take(&mut self.ops);
            let done = self.perform(core, at, &mut ops);
            ops.clear();
            self.ops = ops;
            done?;
            core.journal_event(at, JournalEvent::Written(self.written));
            self.synced(core, at);
        }
    }

    /// Does `ops` in order. After a write that fails, the records asked for after it are not
    /// written either (they go back to the core with it, to be written first once the journal
    /// works); the seal and the space are still told.
    fn perform(
        &mut self,
        core: &mut Core,
        at: Clocks,
        ops: &mut Vec<JournalOp>,
    ) -> Result<(), CoreError> {
        let mut failed: Option<(String, Vec<Record>)> = None;
        for op in ops.drain(..) {
            if let Some((_, unwritten)) = failed.as_mut() {
                match op {
                    JournalOp::Append(record) => {
                        unwritten.push(record);
                        continue;
                    }
                    JournalOp::Repair | JournalOp::Verify => continue,
                    _ => {}
                }
            }
            match op {
                JournalOp::Begin(game) => {
                    let written = self.store.begin(&game).map_err(|e| self.error(e))?;
                    self.wrote(&game, written);
                }
                JournalOp::Append(record) => {
                    if let Err(e) = self.append(core, at, &record) {
                        failed = Some((e.to_string(), vec![record]));
                    }
                }
                JournalOp::Repair => {
                    if let Err(e) = self.store.repair() {
                        failed = Some((e.to_string(), Vec::new()));
                    }
                }
                JournalOp::Verify => match self.store.verify() {
                    Ok(true) => core.journal_event(at, JournalEvent::Rewritten),
                    Ok(false) => {}
                    Err(e) => failed = Some((e.to_string(), Vec::new())),
                },
                JournalOp::CheckSpace => {
                    core.journal_event(at, JournalEvent::Space(self.store.free_bytes()));
                }
                JournalOp::Seal => {
                    core.journal_event(at, JournalEvent::Sealed(self.digest.clone()))
                }
                JournalOp::SaveSetup(text) => {
                    let saved = match self.config_file.as_mut() {
                        Some(file) => file.save(&text).map_err(|e| e.to_string()),
                        None => Err("no configuration file to save to".to_string()),
                    };
                    core.journal_event(at, JournalEvent::SetupSaved(saved));
                }
            }
        }
        if let Some((why, unwritten)) = failed {
            core.journal_event(at, JournalEvent::Failed { why, unwritten });
        }
        Ok(())
    }

    /// Appends one record, after checking that the journal file is still there (one deleted
    /// or moved away is written again whole, and the core told).
    fn append(&mut self, core: &mut Core, at: Clocks, record: &Record) -> std::io::Result<()> {
        if self.store.verify()? {
            core.journal_event(at, JournalEvent::Rewritten);
        }
        let written = self.store.append(record)?;
        self.wrote(record, written);
        Ok(())
    }

    fn wrote(&mut self, record: &Record, written: Written) {
        self.written += 1;
        self.digest.clone_from(&written.digest);
        if let Some(publisher) = self.publisher.as_mut() {
            publisher.written(self.written, record, written);
        }
    }

    /// Tells `core` (at `at`) whether a sync failed since the last look, and how far the
    /// journal is durable; the hall's lines durable now go out. The daemon calls it whenever
    /// the sync thread signals.
    pub fn synced(&mut self, core: &mut Core, at: Clocks) {
        if let Some(e) = self.store.take_failure() {
            core.journal_event(at, JournalEvent::SyncFailed(e.to_string()));
        }
        self.durable(core, at);
    }

    /// Tells `core` how far the journal is durable (no failure is taken).
    fn durable(&mut self, core: &mut Core, at: Clocks) {
        let durable = self.store.durable();
        if let Some(publisher) = self.publisher.as_mut() {
            publisher.synced(durable);
        }
        core.journal_event(at, JournalEvent::Synced(durable));
    }

    /// Waits until every record written is durable (when the daemon stops), and tells `core`.
    pub fn sync_now(&mut self, core: &mut Core, at: Clocks) -> Result<(), CoreError> {
        let synced = self.store.sync_now().map_err(|e| self.error(e));
        self.synced(core, at);
        synced
    }
}

/// A core with its journal's driver: every call that may ask something of the journal is
/// followed by the driver's turn. It reads as the core ([`std::ops::Deref`]) for everything
/// else.
pub struct Driven {
    core: Core,
    driver: JournalDriver,
    /// The clocks of the last call (a sync looked at between calls is told at them).
    last: Clocks,
}

impl Driven {
    /// A new game under `config`, its journal begun by `driver`.
    pub fn new(
        driver: JournalDriver,
        config: crate::config::Config,
        config_text: String,
        at: Clocks,
    ) -> Result<Driven, CoreError> {
        let core = Core::new(driver.describe(), config, config_text, at);
        let mut driven = Driven {
            core,
            driver,
            last: at,
        };
        driven.driver.run(&mut driven.core, at)?;
        Ok(driven)
    }

    /// Restores the unfinished game of `journal` (see [`Core::restore`]); the driver's store
    /// appends to its file. A restore whose first record cannot be written is refused.
    pub fn restore(
        driver: JournalDriver,
        journal: &Journal,
        table: Table,
        at: Clocks,
    ) -> Result<Driven, RestoreError> {
        let core = Core::restore(driver.describe(), journal, table, at)?;
        let mut driven = Driven {
            core,
            driver,
            last: at,
        };
        driven.driver.run(&mut driven.core, at)?;
        if driven.core.journal_down() {
            return Err(RestoreError::Down {
                store: driven.driver.describe(),
            });
        }
        Ok(driven)
    }

    /// [`Core::handle`], then the driver's turn.
    pub fn handle(&mut self, at: Clocks, msg: CoreMsg) -> Result<Option<Reply>, CoreError> {
        self.last = at;
        let reply = self.core.handle(at, msg)?;
        self.driver.run(&mut self.core, at)?;
        Ok(reply)
    }

    /// [`Driven::handle`], also returning the mark the reply waits for in a durability gate:
    /// the records asked for by the time it was made, or 0 when it asked for none (a `status`
    /// is answered at once). Taken before the driver's turn, so that a reply whose record then
    /// fails to be written waits until it is written again and durable.
    pub fn handle_marked(
        &mut self,
        at: Clocks,
        msg: CoreMsg,
    ) -> Result<(Option<Reply>, u64), CoreError> {
        self.last = at;
        let before = self.core.written();
        let reply = self.core.handle(at, msg)?;
        let after = self.core.written();
        self.driver.run(&mut self.core, at)?;
        Ok((reply, if after > before { after } else { 0 }))
    }

    /// [`Core::feed`], then the driver's turn.
    pub fn feed(&mut self, at: Clocks, msg: CoreMsg) -> Result<Option<Reply>, CoreError> {
        self.last = at;
        let reply = self.core.feed(at, msg)?;
        self.driver.run(&mut self.core, at)?;
        Ok(reply)
    }

    /// [`Core::advance`], then the driver's turn.
    pub fn advance(&mut self, at: Clocks) -> Result<(), CoreError> {
        self.last = at;
        self.core.advance(at)?;
        self.driver.run(&mut self.core, at)
    }

    /// A sync ended (the sync thread's signal): the core is told how far the journal is
    /// durable, or that the sync failed (what that asks of the journal is done at the next
    /// [`Driven::run`] or call).
    pub fn journal_synced(&mut self, at: Clocks) {
        self.last = at;
        self.driver.synced(&mut self.core, at);
    }

    /// The configuration file the set-up menu saves to: the driver writes it when the core
    /// asks ([`JournalOp::SaveSetup`]); the core knows its name, for what it says.
    pub fn set_config_file(&mut self, file: Box<dyn ConfigFile>) {
        self.core.set_config_file_name(file.name());
        self.driver.config_file = Some(file);
    }

    /// The driver's turn: does what the core asked of the journal.
    pub fn run(&mut self, at: Clocks) -> Result<(), CoreError> {
        self.last = at;
        self.driver.run(&mut self.core, at)
    }

    /// [`Core::drain`], the core told first how far the journal is durable now.
    pub fn drain(&mut self) -> Vec<CoreOutput> {
        self.driver.durable(&mut self.core, self.last);
        self.core.drain()
    }

    /// Whether the first `mark` journal records are durable now.
    pub fn is_durable(&mut self, mark: u64) -> bool {
        self.driver.durable(&mut self.core, self.last);
        self.core.durable() >= mark
    }

    /// Waits until every record written is durable (when the daemon stops).
    pub fn sync_now(&mut self, at: Clocks) -> Result<(), CoreError> {
        self.driver.sync_now(&mut self.core, at)?;
        self.driver.run(&mut self.core, at)
    }
}

impl std::ops::Deref for Driven {
    type Target = Core;

    fn deref(&self) -> &Core {
        &self.core
    }
}

impl std::ops::DerefMut for Driven {
    fn deref_mut(&mut self) -> &mut Core {
        &mut self.core
    }
}
