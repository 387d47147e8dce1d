//! A full disk never stops the daemon mid-game (before, it exited with a line on stderr only):
//! the journal's syncs fail with ENOSPC (injected with strace), the clock pauses, the players
//! and the arbiter are told, the daemon keeps trying, and once the disk takes writes again the
//! arbiter resumes; the journal stays whole. A journal path that is not a regular file
//! (`/dev/full`, a FIFO) is refused at start (before, /dev/full grew memory to 3.5 GB).

use crate::syncs;

use std::process::{Command, Stdio};
use std::time::Duration;
use talkclock::journal::{Journal, Record, Source};
use talkclock::table::Request;

const CONFIG: &str = "\
[[time_control.stage]]
time = \"5:00\"
[players.white]
language = \"en\"
[players.black]
language = \"en\"
[arbiter]
language = \"en\"
";

#[test]
fn a_full_disk_pauses_the_game_and_the_arbiter_resumes_when_space_is_back() {
    // The first syncs (the game record, start, White's press, a heartbeat) go through; from
    // the 5th to the 9th the disk is full. The journal's sync thread makes most of them, so
    // the failure reaches the core from there.
    let (files, mut daemon) = syncs::daemon_with_syncs(CONFIG, "error=ENOSPC:when=5..9");
    let journal = &files.journal;
    assert_eq!(daemon.ctl(r#"{"cmd":"start"}"#)["ok"], true);
    daemon.key("w");
    assert!(
        daemon.wait_for_text(
            "[arbiter] The game's journal cannot be written",
            1,
            Duration::from_secs(8)
        ),
        "{}",
        daemon.stdout()
    );
    // Each line is printed on its own: wait for each.
    for player in ["white", "black"] {
        assert!(
            daemon.wait_for_text(
                &format!("[{player}] The game's journal cannot be written"),
                1,
                Duration::from_secs(2)
            ),
            "{}",
            daemon.stdout()
        );
    }
    let status = daemon.ctl(r#"{"cmd":"status"}"#);
    assert_eq!(status["phase"], "paused", "{status}");
    assert!(
        daemon.wait_for_text(
            "[arbiter] The journal can be written again",
            1,
            Duration::from_secs(10)
        ),
        "{}",
        daemon.stdout()
    );
    let resumed = daemon.ctl(r#"{"cmd":"resume"}"#);
    assert_eq!(resumed["ok"], true, "{resumed}");
    daemon.key("b");
    std::thread::sleep(Duration::from_millis(200));
    daemon.quit();

    let read = Journal::read(journal).expect("the journal is whole");
    assert!(read.records.iter().any(|r| matches!(
        r,
        Record::Input {
            source: Source::Storage,
            input: Request::Game(talkclock::clock::Input::Pause),
            ..
        }
    )));
    assert_eq!(syncs::presses(journal), 2);
}

#[test]
fn a_journal_that_is_not_a_regular_file_is_refused_at_start() {
    let dir = tempfile::tempdir().unwrap();
    for journal in ["/dev/full", "/dev/null"] {
        let out = Command::new(env!("CARGO_BIN_EXE_talkclock"))
            .args(["run", "--no-audio", "--journal", journal, "--socket"])
            .arg(dir.path().join("s.sock"))
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "{journal}: {stderr}");
        assert!(stderr.contains("not a regular file"), "{stderr}");
        assert!(!std::path::Path::new(&format!("{journal}.lock")).exists());
    }
}
