//! Why the daemon could not start or had to stop, each with its documented exit code
//! (README, "Exit codes").

use crate::config::ConfigError;
use crate::control::server::SocketError;
use crate::journal::JournalError;

/// Why `talkclock run` stopped with an error.
#[derive(Debug, thiserror::Error)]
pub enum DaemonError {
    /// The configuration cannot be read or is not valid (exit 2).
    #[error("{0}")]
    Config(#[from] ConfigError),
    /// The journal cannot be read: damaged, or not a journal (exit 3). It is left as it is.
    #[error(
        "{0}\nthe journal is damaged: talkclock does not start a new game over it. \
         `talkclock recover --journal FILE` restores its game up to the last good record (the \
         rest is kept aside) for the arbiter to confirm; to play a new game instead, move the \
         file away or give another --journal."
    )]
    DamagedJournal(#[from] JournalError),
    /// Another daemon uses the journal (exit 3). It was not touched.
    #[error("{0}")]
    Locked(#[from] crate::journal::LockError),
    /// The journal path is not a regular file (a device, a FIFO, a folder) (exit 3).
    #[error(
        "{0}: not a regular file: a journal must be a file of its own (give another --journal)"
    )]
    NotAFile(String),
    /// The journal cannot be written (exit 3).
    #[error("{0}: stopping so that no acknowledged press is lost")]
    Journal(#[from] super::CoreError),
    /// The game in the journal cannot be restored (exit 3).
    #[error("cannot restore the game from the journal: {0}")]
    Restore(#[from] super::core::RestoreError),
    /// The announcer cannot open: its voice packs cannot be loaded (exit 4) or its
    /// transcript file cannot be written (exit 7).
    #[error(transparent)]
    Announce(#[from] crate::announce::AnnounceError),
    /// The control socket cannot be opened (exit 5).
    #[error("{0}")]
    Socket(#[from] SocketError),
    /// An input device named in the bindings cannot be read (exit 6).
    #[error("{0}")]
    Input(#[from] super::keys::KeysError),
    /// The hall's link cannot start: its credentials or certificate cannot be read (exit 2,
    /// as a configuration problem).
    #[error("{0}\n(the board's [hall] section names it)")]
    Hall(#[from] crate::hall::link::HallError),
    /// The board display cannot be served: its address is in use or not this machine's
    /// (exit 2, as a configuration problem).
    #[error("{0}\n(the board's [display] section names it)")]
    Web(crate::web::WebError),
    /// Signals cannot be caught (exit 1).
    #[error("cannot catch signals: {0}")]
    Signals(std::io::Error),
    /// The announcer's thread cannot start (exit 1).
    #[error("cannot start the announcer's thread: {0}")]
    AnnouncerThread(std::io::Error),
    /// The announcer's thread stopped (it panicked): nothing could be said any more, so the
    /// daemon stops and its service restarts it, the game restored from the journal (exit 1).
    #[error("the announcer's thread stopped: nothing can be said; stopping so that the game is restored")]
    AnnouncerStopped,
}

impl DaemonError {
    /// The process exit code for this error.
    pub fn exit_code(&self) -> u8 {
        match self {
            DaemonError::Config(_) | DaemonError::Hall(_) | DaemonError::Web(_) => 2,
            DaemonError::DamagedJournal(_)
            | DaemonError::Locked(_)
            | DaemonError::NotAFile(_)
            | DaemonError::Journal(_)
            | DaemonError::Restore(_) => 3,
            DaemonError::Announce(crate::announce::AnnounceError::Voices(_)) => 4,
            DaemonError::Socket(_) => 5,
            DaemonError::Input(_) => 6,
            DaemonError::Announce(crate::announce::AnnounceError::Transcript { .. }) => 7,
            DaemonError::Signals(_)
            | DaemonError::AnnouncerThread(_)
            | DaemonError::AnnouncerStopped => 1,
        }
    }
}
