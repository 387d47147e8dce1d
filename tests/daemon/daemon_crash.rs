//! Crash safety: the real daemon is killed with SIGKILL at random moments of a scripted game,
//! 100 times, and restarted each time. No acknowledged press is lost, the restored times are
//! within a second of the truth, and replaying the journal gives the live transcript.

use crate::common_daemon;

use common_daemon::json_lines;
use std::time::{Duration, Instant};

const CONFIG: &str = "\
mode = \"tournament\"
[[time_control.stage]]
time = \"2:00:00\"
increment = \"0:05\"
[players.white]
vision = \"sighted\"
[players.black]
vision = \"sighted\"
";

/// A small deterministic generator (xorshift), so a failure can be replayed.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

#[test]
fn killed_a_hundred_times_nothing_acknowledged_is_lost() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("game.toml");
    std::fs::write(&config, CONFIG).unwrap();
    let journal = dir.path().join("journal.jsonl");
    let mut rng = Rng(0x5eed_1234_abcd_0042);
    let mut transcripts = Vec::new();
    let mut acknowledged: Vec<serde_json::Value> = Vec::new();
    let mut before_kill: Option<(serde_json::Value, Gap)> = None;
    for round in 0..100 {
        let transcript = dir.path().join(format!("live-{round:03}.jsonl"));
        let mut daemon =
            common_daemon::start(dir.path(), &config, &journal, &transcript, &["--no-audio"]);
        let restored = daemon.ctl(r#"{"cmd":"status"}"#);
        if let Some((status, gap)) = before_kill.take() {
            check_restored(&status, gap, &restored, round);
        }
        if round == 0 {
            assert_eq!(daemon.ctl(r#"{"cmd":"start"}"#)["ok"], true);
        } else if restored["phase"] == "paused" {
            assert_eq!(daemon.ctl(r#"{"cmd":"resume"}"#)["ok"], true);
        }
        // A few moves, each pressed by the side on move.
        for _ in 0..rng.below(4) {
            std::thread::sleep(Duration::from_millis(5 + rng.below(40)));
            let status = daemon.ctl(r#"{"cmd":"status"}"#);
            let key = if status["running"] == "white" {
                "w"
            } else {
                "b"
            };
            daemon.key(key);
            std::thread::sleep(Duration::from_millis(rng.below(15)));
        }
        if rng.below(5) == 0 {
            let _ = daemon.ctl(r#"{"cmd":"adjust","side":"white","delta":"+0:01"}"#);
        }
        std::thread::sleep(Duration::from_millis(30 + rng.below(300)));
        let asked_at = Instant::now();
        let status = daemon.ctl(r#"{"cmd":"status"}"#);
        let status_at = Instant::now();
        std::thread::sleep(Duration::from_millis(rng.below(1500)));
        daemon.child.kill().unwrap();
        let gap = Gap {
            least: status_at.elapsed().as_millis() as i64,
            most: asked_at.elapsed().as_millis() as i64,
        };
        daemon.child.wait().unwrap();
        before_kill = Some((status, gap));
        // Everything the transcript shows was acknowledged: its input was journaled first.
        acknowledged.extend(
            json_lines(&transcript)
                .into_iter()
                .filter(|l| l["event"] == "press"),
        );
        transcripts.push(transcript);
    }
    // One last clean run, stopped with SIGTERM.
    let transcript = dir.path().join("live-final.jsonl");
    let daemon = common_daemon::start(dir.path(), &config, &journal, &transcript, &["--no-audio"]);
    let restored = daemon.ctl(r#"{"cmd":"status"}"#);
    if let Some((status, gap)) = before_kill.take() {
        check_restored(&status, gap, &restored, 100);
    }
    daemon.terminate();
    transcripts.push(transcript);

    let replay = std::process::Command::new(env!("CARGO_BIN_EXE_talkclock"))
        .arg("replay")
        .arg(&journal)
        .output()
        .unwrap();
    assert!(
        replay.status.success(),
        "{}",
        String::from_utf8_lossy(&replay.stderr)
    );
    let replayed: Vec<serde_json::Value> = String::from_utf8_lossy(&replay.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    for press in &acknowledged {
        assert!(replayed.contains(press), "acknowledged press lost: {press}");
    }
    assert!(
        acknowledged.len() > 50,
        "the script should press often: {}",
        acknowledged.len()
    );
    check_live_equals_replay(&transcripts, &replayed);
}

/// How long before the kill the daemon answered `status`: at least the time since the reply
/// came, at most the time since the question went (on a loaded machine the reply can take a
/// few hundred milliseconds to arrive).
#[derive(Debug, Clone, Copy)]
struct Gap {
    least: i64,
    most: i64,
}

/// The restored game is paused with times as of the last record: at most ~1 s lost to the
/// side that was running, the other side exact.
fn check_restored(
    before: &serde_json::Value,
    gap: Gap,
    restored: &serde_json::Value,
    round: usize,
) {
    const SLACK: i64 = 50;
    let ms = |v: &serde_json::Value, k: &str| v[k].as_i64().unwrap();
    match before["running"].as_str() {
        Some(running) => {
            let key = format!("{running}_ms");
            let other = if running == "white" {
                "black_ms"
            } else {
                "white_ms"
            };
            assert_eq!(
                ms(restored, other),
                ms(before, other),
                "round {round}: the stopped clock is exact"
            );
            // The truth at the kill is the status less the gap (known within the gap's bounds);
            // the restore gives the time as of the last record, which is at most about a second
            // older (never newer).
            let restored_ms = ms(restored, &key);
            let short = restored_ms - (ms(before, &key) - gap.most);
            assert!(short >= -SLACK, "round {round}: restored below the truth by {short} ms ({gap:?}): {before} -> {restored}");
            let given_back = restored_ms - (ms(before, &key) - gap.least);
            assert!(
                given_back <= 1_000 + SLACK,
                "round {round}: {given_back} ms given back ({gap:?}): {before} -> {restored}"
            );
        }
        None => {
            assert_eq!(
                ms(restored, "white_ms"),
                ms(before, "white_ms"),
                "round {round}"
            );
            assert_eq!(
                ms(restored, "black_ms"),
                ms(before, "black_ms"),
                "round {round}"
            );
        }
    }
    assert!(
        restored["running"].is_null(),
        "round {round}: a restored game waits, paused, for the arbiter: {restored}"
    );
}

/// Each run's live transcript appears in the replay, in order; between runs the replay may hold
/// a few lines the killed run journaled but had not yet written to its transcript.
fn check_live_equals_replay(transcripts: &[std::path::PathBuf], replayed: &[serde_json::Value]) {
    let mut cursor = 0;
    for (run, path) in transcripts.iter().enumerate() {
        let live = json_lines(path);
        for (i, line) in live.iter().enumerate() {
            if i == 0 && run > 0 {
                let skipped_from = cursor;
                while cursor < replayed.len() && &replayed[cursor] != line {
                    cursor += 1;
                }
                assert!(
                    cursor - skipped_from <= 8,
                    "run {run}: the replay holds {} unexplained lines",
                    cursor - skipped_from
                );
            }
            assert_eq!(
                replayed.get(cursor),
                Some(line),
                "run {run}, line {i} of {}",
                path.display()
            );
            cursor += 1;
        }
    }
    assert_eq!(
        cursor,
        replayed.len(),
        "the replay has lines no run printed after the clean stop"
    );
}
