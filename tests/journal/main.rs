//! The journal's disk faults under strace: a full disk (syncs failing with ENOSPC) and a slow SD
//! card (each sync delayed 1.5 s).

#[path = "../daemon/common_daemon.rs"]
mod common_daemon;
mod syncs;

mod journal_full_disk;
mod journal_slow_disk;
