//! A wall-clock step (NTP setting the clock of a Pi without a real-time clock) while a game
//! runs: the daemon's wall clock is stepped an hour forward and back with libfaketime (only
//! `CLOCK_REALTIME` of this one process; the monotonic and boot-time clocks are left alone).
//! Nothing changes: no pause, no "the machine slept", the clocks run on as before; the journal
//! records the wall clock as it was told. (Before suspend was told by `CLOCK_BOOTTIME`, the
//! wall clock's step was taken for a suspend and paused the game.)

use crate::common_daemon;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use talkclock::journal::{Journal, Record, Source};

const CONFIG: &str = "\
mode = \"tournament\"
[[time_control.stage]]
time = \"1:00\"
[players.white]
language = \"en\"
[players.black]
language = \"en\"
[arbiter]
language = \"en\"
";

/// The multithreaded libfaketime (installed by `.ci/install-deps.sh`).
fn libfaketime() -> PathBuf {
    let found = std::fs::read_dir("/usr/lib")
        .expect("/usr/lib")
        .filter_map(|e| e.ok())
        .map(|e| e.path().join("faketime/libfaketimeMT.so.1"))
        .find(|p| p.exists());
    found.expect("libfaketime is installed (apt install libfaketime; see .ci/install-deps.sh)")
}

fn set_offset(file: &Path, offset: &str) {
    std::fs::write(file, format!("{offset}\n")).expect("write the faketime offset");
}

#[test]
fn a_wall_clock_step_of_an_hour_either_way_changes_nothing() {
    let files = common_daemon::Files::new(CONFIG);
    let (dir, config, journal, transcript) = files.parts();
    let offset = dir.path().join("faketime");
    set_offset(&offset, "+0");
    let wrapper: Vec<String> = vec![
        "env".into(),
        format!("LD_PRELOAD={}", libfaketime().display()),
        format!("FAKETIME_TIMESTAMP_FILE={}", offset.display()),
        "FAKETIME_NO_CACHE=1".into(),
        "FAKETIME_DONT_FAKE_MONOTONIC=1".into(),
    ];
    let daemon = common_daemon::start_under(
        &wrapper,
        dir.path(),
        &config,
        &journal,
        &transcript,
        &["--no-audio"],
    );
    daemon.ctl(r#"{"cmd":"start"}"#);
    let started = Instant::now();
    std::thread::sleep(Duration::from_millis(1_500));
    set_offset(&offset, "+3600");
    std::thread::sleep(Duration::from_millis(2_500));
    set_offset(&offset, "+0");
    std::thread::sleep(Duration::from_millis(2_500));
    let status = daemon.ctl(r#"{"cmd":"status"}"#);
    let ran = started.elapsed().as_millis() as i64;
    let out = daemon.quit();

    assert_eq!(status["phase"], "running", "{status}");
    let white = status["white_ms"].as_i64().expect("white_ms");
    assert!(
        (60_000 - ran - white).abs() < 300,
        "White's clock ran on as the monotonic clock did: {white} ms left after {ran} ms"
    );
    assert!(!out.contains("slept"), "{out}");
    let read = Journal::read(&journal).expect("the journal reads");
    assert!(
        !read.records.iter().any(|r| matches!(
            r,
            Record::Input {
                source: Source::Suspend,
                ..
            }
        )),
        "no suspend was journaled"
    );
    // The step happened in the daemon: its heartbeats carry the wall clock an hour ahead, then
    // back.
    let walls: Vec<i64> = read
        .records
        .iter()
        .filter_map(|r| match r {
            Record::Heartbeat { wall_ms, .. } => Some(*wall_ms),
            _ => None,
        })
        .collect();
    let steps: Vec<i64> = walls.windows(2).map(|w| w[1] - w[0]).collect();
    assert!(
        steps.iter().any(|s| *s > 3_500_000) && steps.iter().any(|s| *s < -3_500_000),
        "the wall clock stepped an hour forward and back: {steps:?}"
    );
}
