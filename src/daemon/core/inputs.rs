//! What comes into the core: the clocks every call is made at, the messages of the input
//! readers and the arbiter, and what the journal's driver answers about the records the core
//! asked it to write (written or not, durable up to where, the file checked, the space left).

use crate::config::Config;
use crate::control::ArbiterCommand;
use crate::input::event::SourceEvent;
use crate::input::mapper::MappedAction;
use crate::journal::Record;
use std::time::Instant;

/// The clocks every call is made at: the monotonic instant (which decides game time), the
/// boot-time clock (`CLOCK_BOOTTIME`, which goes on while the machine sleeps: compared with the
/// monotonic clock, it tells a suspend), and the wall clock in Unix milliseconds (journaled
/// only: an NTP step of the wall clock changes nothing).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clocks {
    /// The monotonic instant.
    pub mono: Instant,
    /// `CLOCK_BOOTTIME` in milliseconds.
    pub boot_ms: i64,
    /// Wall-clock Unix milliseconds.
    pub wall_ms: i64,
}

/// What comes into the core.
#[derive(Debug)]
pub enum CoreMsg {
    /// An input reader's event (a button, a device coming or going).
    Source(SourceEvent),
    /// An action asked for by a device with keys of its own (a Braille display's routing
    /// key): carried out like a button's.
    Action(MappedAction),
    /// An arbiter's command from the control socket.
    Command(ArbiterCommand),
    /// The configuration file read again for `reload` (by the caller, who does the I/O), or
    /// why it could not be read.
    Reload(Box<Result<(Config, String), crate::config::ConfigError>>),
}

/// What the journal's driver tells the core about what it asked of the journal (see
/// [`super::JournalOp`]), and what the journal's sync thread made durable.
#[derive(Debug)]
pub enum JournalEvent {
    /// The journal file holds the records up to this one (counted from 1 across games):
    /// written, in the kernel's page cache, so a crash or kill of the daemon cannot lose them
    /// (a power cut still can, until they are durable). What is heard waits for this.
    Written(u64),
    /// The journal is durable up to this record (counted from 1 across games).
    Synced(u64),
    /// A sync failed: the records after the durable ones may be lost until written again.
    SyncFailed(String),
    /// Writing failed (a full disk, the journal gone and not written again): these records,
    /// in order, were not written (the one that failed first).
    Failed {
        /// Why.
        why: String,
        /// The records asked for and not written.
        unwritten: Vec<Record>,
    },
    /// The journal file had been deleted or moved away: it was written there again, whole.
    Rewritten,
    /// Free bytes where the journal is written (none: cannot be told).
    Space(Option<u64>),
    /// The chained digest of the last record written (the journal's seal).
    Sealed(String),
    /// The set-up was saved to the configuration file, or why it could not be.
    SetupSaved(Result<(), String>),
}
