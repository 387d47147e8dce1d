//! The journal deleted (or moved away) while the daemon runs: noticed at the next record (a
//! heartbeat comes every second while a clock runs), written again whole, and the arbiter is
//! told; a crash after that loses nothing. (Before, it went unnoticed and the game was lost at
//! the next crash.)

use crate::common_daemon;

use std::time::Duration;
use talkclock::journal::{Journal, Record};

const CONFIG: &str = "\
[[time_control.stage]]
time = \"5:00\"
[arbiter]
language = \"en\"
";

/// Deletes the journal under the running daemon; the arbiter must be told within 5 s that it
/// was written again.
fn delete_and_hear_it_written_again(daemon: &common_daemon::Daemon, journal: &std::path::Path) {
    std::fs::remove_file(journal).unwrap();
    assert!(
        daemon.wait_for_text(
            "[arbiter] The journal file was deleted or moved away",
            1,
            Duration::from_secs(5)
        ),
        "{}",
        daemon.stdout()
    );
}

#[test]
fn a_journal_deleted_during_the_game_is_written_again_and_the_arbiter_told() {
    let (files, mut daemon) = common_daemon::quiet(CONFIG);
    let journal = files.journal.clone();
    assert_eq!(daemon.ctl(r#"{"cmd":"start"}"#)["ok"], true);
    daemon.key("w");
    std::thread::sleep(Duration::from_millis(100));
    delete_and_hear_it_written_again(&daemon, &journal);
    let read = Journal::read(&journal).expect("written again, whole");
    let presses = read
        .records
        .iter()
        .filter(|r| matches!(r, Record::Input { .. }))
        .count();
    assert!(presses >= 2, "start and White's press are there: {presses}");
    // A crash now loses nothing: the next daemon restores the game.
    daemon.child.kill().unwrap();
    daemon.child.wait().unwrap();
    let daemon = files.start(&["--no-audio"]);
    let status = daemon.ctl(r#"{"cmd":"status"}"#);
    assert_eq!(status["moves"]["white"], 1, "{status}");
    assert_eq!(status["phase"], "paused", "{status}");
    daemon.terminate();
}

/// The journal deleted while the game is paused, then a crash: the file is written again
/// within a second although no record is being written, so the next daemon restores the game.
/// (Before, the check ran only when a record was written: the restart began a silent new game.)
#[test]
fn a_journal_deleted_while_the_game_is_paused_is_written_again_before_a_crash() {
    let (files, mut daemon) = common_daemon::quiet(CONFIG);
    let journal = files.journal.clone();
    assert_eq!(daemon.ctl(r#"{"cmd":"start"}"#)["ok"], true);
    daemon.key("w");
    daemon.key("b");
    // The keys and the control socket are two ways in: the pause waits for both presses.
    let end = std::time::Instant::now() + Duration::from_secs(10);
    loop {
        let status = daemon.ctl(r#"{"cmd":"status"}"#);
        if status["moves"]["white"] == 1 && status["moves"]["black"] == 1 {
            break;
        }
        assert!(std::time::Instant::now() < end, "the presses: {status}");
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(daemon.ctl(r#"{"cmd":"pause"}"#)["ok"], true);
    delete_and_hear_it_written_again(&daemon, &journal);
    daemon.child.kill().unwrap();
    daemon.child.wait().unwrap();
    let daemon = files.start(&["--no-audio"]);
    let status = daemon.ctl(r#"{"cmd":"status"}"#);
    assert_eq!(status["moves"]["white"], 1, "{status}");
    assert_eq!(status["moves"]["black"], 1, "{status}");
    assert_eq!(status["phase"], "paused", "{status}");
    daemon.terminate();
}
