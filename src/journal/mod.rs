//! The crash-safe journal: every input that changes the game, synced before it is acknowledged,
//! with heartbeats of the running clock. It restores a game after a crash, settles a claim
//! about the clock (1.7.10), and moves a game onto a spare device (1.7.4, 1.7.8).

pub mod gate;
pub mod lock;
pub mod reader;
pub mod record;
pub mod store;
pub mod sync;
pub mod time_log;
pub mod writer;

pub use gate::Gate;
pub use lock::{JournalLock, LockError};
pub use reader::{Evidence, Journal, JournalError};
pub use record::{wall_now, Chain, Record, Source};
pub use store::{FileStore, MemoryStore, SharedMemoryStore, Store, Written};
pub use writer::JournalWriter;

#[cfg(test)]
mod tests;
