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
/// after them answers at once with the moves), their clicks wait for the disk (none before the
/// first sync ends) and share its syncs (all four within two syncs of the first press, where
/// one sync per press on the core thread took 6 s), and a SIGKILL right after the last click
/// loses none of them. Before the journal's sync thread, the status waited 4.5 s behind the
/// syncs and the last click came 6 s after the first press.
#[test]
fn presses_are_decided_at_once_and_clicked_once_durable_sharing_the_slow_syncs() {
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
    for i in 0..PRESSES {
        daemon.key(if i % 2 == 0 { "w" } else { "b" });
        std::thread::sleep(Duration::from_millis(250));
    }
    let asked = Instant::now();
    let status = daemon.ctl(r#"{"cmd":"status"}"#);
    let answered = asked.elapsed();
    assert_eq!(status["moves"]["white"], 2, "{status}");
    assert_eq!(status["moves"]["black"], 2, "{status}");
    assert!(
        answered < Duration::from_millis(500),
        "the status waited {answered:?} for the disk"
    );
    let mut seen = Vec::new();
    let all_clicked = talkclock_harness::process::wait_until(Duration::from_secs(10), || {
        let n = clicks_in(transcript);
        while seen.len() < n {
            seen.push(first.elapsed());
        }
        n >= PRESSES
    });
    assert!(all_clicked, "clicks heard: {seen:?}");
    eprintln!("clicks after the first press: {seen:?}");
    assert!(
        seen[0] >= Duration::from_millis(1_400),
        "a click came before its press was on the disk: {seen:?}"
    );
    assert!(
        seen[PRESSES - 1] < Duration::from_millis(4_000),
        "the presses did not share the syncs: {seen:?}"
    );
    drop(daemon); // SIGKILL to the daemon and strace
    assert_eq!(
        syncs::presses(&files.journal),
        PRESSES,
        "no acknowledged press is lost"
    );
}
