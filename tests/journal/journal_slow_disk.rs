//! A slow SD card: every journal sync takes 1.5 s (strace delays `fdatasync`). A press made
//! 0.5 s before the flag is judged at the instant it was made, not when the core thread got
//! back from the disk. (Before, presses were stamped no earlier than the last tick and such a
//! press lost on time, 13 runs of 13.)

use crate::syncs;

use std::time::{Duration, Instant};
use talkclock::journal::{Journal, Record};
use talkclock::table::Request;

const CONFIG: &str = "\
mode = \"tournament\"
[[time_control.stage]]
time = \"0:03\"
[players.white]
language = \"en\"
vision = \"sighted\"
[players.black]
language = \"en\"
vision = \"sighted\"
[arbiter]
language = \"en\"
";

/// Every sync after the game record and the start takes 1.5 s.
const SLOW: &str = "delay_enter=1500000:when=3+";

#[test]
fn a_press_before_the_flag_counts_however_slow_the_disk() {
    // The game record and the start are synced at once; every sync after them takes 1.5 s.
    let (files, mut daemon) = syncs::daemon_with_syncs(CONFIG, SLOW);
    let started = daemon.ctl(r#"{"cmd":"start"}"#);
    let start_at = Instant::now();
    let start_ms = started["events"][0]["at_ms"].as_i64().expect("start");
    // White presses 2.5 s into his 3 s, while the core thread waits on the disk.
    std::thread::sleep(Duration::from_millis(2_500).saturating_sub(start_at.elapsed()));
    let pressed = start_at.elapsed();
    daemon.key("w");
    std::thread::sleep(Duration::from_millis(4_000));
    let status = daemon.ctl(r#"{"cmd":"status"}"#);
    daemon.quit();
    // White's press counted: his clock stopped with time left (Black's 3 s may have run out
    // since, which is Black's flag, not White's).
    assert_eq!(status["moves"]["white"], 1, "{status}");
    assert!(
        status["white_ms"].as_i64().is_some_and(|ms| ms > 0),
        "{status}"
    );
    assert_ne!(
        status["result"]["outcome"], "black",
        "White did not lose on time: {status}"
    );

    let read = Journal::read(&files.journal).unwrap();
    let stamp = read
        .records
        .iter()
        .find_map(|r| match r {
            Record::Input {
                game_ms,
                input: Request::Game(talkclock::clock::Input::Press(_)),
                ..
            } => Some(*game_ms),
            _ => None,
        })
        .expect("the press is journaled");
    let made = start_ms + pressed.as_millis() as i64;
    assert!(
        (stamp - made).abs() <= 50,
        "the press is stamped when it was made ({made} ms), not when the disk let go: {stamp} ms"
    );
}

/// Cue lines (`"event":"cue"`, `"cue":"click"`) in the transcript so far.
fn clicks_in(transcript: &std::path::Path) -> usize {
    std::fs::read_to_string(transcript)
        .unwrap_or_default()
        .lines()
        .filter(|l| l.contains(r#""event":"cue""#) && l.contains(r#""cue":"click""#))
        .count()
}

const PRESSES: usize = 4;

/// Every sync takes 1.5 s. Four presses 250 ms apart are decided at once (a status asked right
/// after them answers at once with the moves) and clicked at once: each click as soon as its
/// press is written to the journal file, all four before the first sync after the first press
/// could end; a SIGKILL right after the last click, with its syncs still under way, loses none
/// of them (the file's pages are the kernel's, not the process's). Before issue 37, the clicks
/// waited for the syncs: the first came 1.5 s after its press.
#[test]
fn presses_are_clicked_once_written_before_a_slow_sync_and_a_kill_loses_none() {
    let (files, mut daemon) = syncs::daemon_with_syncs(CONFIG.replace("0:03", "5:00"), SLOW);
    let transcript = &files.transcript;
    daemon.ctl(r#"{"cmd":"start"}"#);
    // The start's own syncs may still be under way: let them end.
    assert!(talkclock_harness::process::wait_until(
        Duration::from_secs(10),
        || { std::fs::read_to_string(transcript).is_ok_and(|t| t.contains(r#""event":"start""#)) }
    ));
    std::thread::sleep(Duration::from_millis(1_600));
    let first = Instant::now();
    let mut seen = Vec::new();
    for i in 0..PRESSES {
        daemon.key(if i % 2 == 0 { "w" } else { "b" });
        let clicked = talkclock_harness::process::wait_until(Duration::from_secs(5), || {
            clicks_in(transcript) > i
        });
        assert!(clicked, "press {i} was never clicked: {seen:?}");
        seen.push(first.elapsed());
        std::thread::sleep(Duration::from_millis(250).saturating_sub(first.elapsed() - seen[i]));
    }
    // Killed at once: the last syncs are still under way.
    let killed_at = first.elapsed();
    let status = daemon.ctl(r#"{"cmd":"status"}"#);
    assert_eq!(status["moves"]["white"], 2, "{status}");
    assert_eq!(status["moves"]["black"], 2, "{status}");
    drop(daemon); // SIGKILL to the daemon and strace
    eprintln!("clicks after the first press: {seen:?}; killed at {killed_at:?}");
    assert!(
        seen[PRESSES - 1] < Duration::from_millis(1_400),
        "the clicks waited for the slow syncs (1.5 s each): {seen:?}"
    );
    assert_eq!(
        syncs::presses(&files.journal),
        PRESSES,
        "no clicked press is lost to a kill"
    );
}

/// The journal's syncs turn slow (1 s) and fail (EIO) from the first after the start on: the
/// press was clicked at once, when it was written (long before its sync failed); the failure
/// then brings the second word, to both players and the arbiter, that the journal cannot be
/// written and the last press may not be recorded (the clock pauses). The press is in the
/// journal file even so (a kill after a failed sync on a real disk may lose it: what the
/// warning says). Before issue 37 no click came until the record was durable, after the
/// failure.
#[test]
fn a_sync_that_fails_after_the_click_tells_everyone_the_press_may_not_be_recorded() {
    // strace counts each thread's calls: the game record is synced on the core thread, the
    // start by the sync thread (its 1st); every sync after that (the press's, or a heartbeat's
    // just before it) waits 1 s and fails, the repairs too.
    let (files, mut daemon) = syncs::daemon_with_syncs(
        CONFIG.replace("0:03", "5:00"),
        "error=EIO:delay_enter=1000000:when=2+",
    );
    let transcript = &files.transcript;
    daemon.ctl(r#"{"cmd":"start"}"#);
    let pressed = Instant::now();
    daemon.key("w");
    assert!(
        talkclock_harness::process::wait_until(Duration::from_secs(5), || clicks_in(transcript)
            > 0),
        "the press was never clicked"
    );
    let clicked = pressed.elapsed();
    let warning = "[white] The game's journal cannot be written";
    let warned_early = daemon.stdout().contains(warning);
    assert!(
        daemon.wait_for_text(warning, 1, Duration::from_secs(5)),
        "no second word after the failed sync: {}",
        daemon.stdout()
    );
    let warned = pressed.elapsed();
    eprintln!("clicked {clicked:?}, warned {warned:?} after the press");
    for who in ["[black]", "[arbiter]"] {
        let line = format!("{who} The game's journal cannot be written");
        assert!(
            daemon.wait_for_text(&line, 1, Duration::from_secs(2)),
            "{}",
            daemon.stdout()
        );
    }
    assert!(
        !warned_early && clicked < Duration::from_millis(700),
        "the click ({clicked:?} after the press) did not come before the sync failed (1 s); \
         the warning came {warned:?} after the press"
    );
    let status = daemon.ctl(r#"{"cmd":"status"}"#);
    assert_eq!(status["phase"], "paused", "{status}");
    drop(daemon); // SIGKILL to the daemon and strace
    assert_eq!(
        syncs::presses(&files.journal),
        1,
        "the press is in the journal file"
    );
}
