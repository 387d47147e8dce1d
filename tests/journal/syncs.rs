//! What the journal's disk-fault tests share: a daemon without sound whose journal syncs
//! (`fdatasync`) strace tampers with, and the presses its journal holds afterwards.

use crate::common_daemon::{self, Daemon, Files};
use std::path::Path;
use talkclock::journal::{Journal, Record};
use talkclock::table::Request;

/// A daemon without sound (`--no-audio`) on `config` in a fresh folder, run under strace that
/// tampers with its `fdatasync` calls as `inject` says (e.g. `error=ENOSPC:when=5..9`,
/// `delay_enter=1500000:when=3+`; see [`common_daemon::strace_fdatasync`]).
pub fn daemon_with_syncs(config: impl AsRef<str>, inject: &str) -> (Files, Daemon) {
    let files = Files::new(config);
    let daemon = files.start_under(&common_daemon::strace_fdatasync(inject), &["--no-audio"]);
    (files, daemon)
}

/// How many presses the journal at `path` holds (it must read whole).
pub fn presses(path: &Path) -> usize {
    Journal::read(path)
        .expect("the journal reads whole")
        .records
        .iter()
        .filter(|r| {
            matches!(
                r,
                Record::Input {
                    input: Request::Game(talkclock::clock::Input::Press(_)),
                    ..
                }
            )
        })
        .count()
}
