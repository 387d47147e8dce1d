//! Damage in the middle of the journal never starts a fresh game (before, the file was renamed
//! `.broken.jsonl` and a new game began, with only stderr knowing): the daemon refuses and
//! points to `talkclock recover`, which restores the game up to the last good record and keeps
//! the damaged file and the rest aside; the next run restores it paused for the arbiter.

use crate::common_daemon;

use std::path::Path;
use std::process::{Command, Stdio};

const OLD: &str = "tests/journals/written-by-0.1.0-8162d3a.jsonl";

#[test]
fn recover_restores_the_game_up_to_the_last_good_record_and_keeps_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("journal.jsonl");
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(OLD)).unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    // Line 6 (a heartbeat) becomes a block of NUL bytes, as after a power cut on some cards.
    lines[5] = "\0".repeat(64);
    let damaged = lines.join("\n") + "\n";
    std::fs::write(&journal, &damaged).unwrap();

    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_talkclock"))
            .args(args)
            .arg("--journal")
            .arg(&journal)
            .stdin(Stdio::null())
            .output()
            .unwrap()
    };
    let socket = dir.path().join("s.sock");
    let refused = run(&["run", "--no-audio", "--socket", socket.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(refused.status.code(), Some(3), "{stderr}");
    assert!(
        stderr.contains("journal.jsonl:6:") && stderr.contains("talkclock recover"),
        "{stderr}"
    );

    let recovered = run(&["recover"]);
    let stdout = String::from_utf8_lossy(&recovered.stdout);
    assert!(
        recovered.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&recovered.stderr)
    );
    assert!(
        stdout.contains("up to its last good record (5 records"),
        "{stdout}"
    );
    let good: String = text.lines().take(5).map(|l| format!("{l}\n")).collect();
    assert_eq!(std::fs::read_to_string(&journal).unwrap(), good);
    let kept: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    let damaged_file = kept
        .iter()
        .find(|n| n.ends_with(".damaged.jsonl"))
        .expect("kept");
    assert_eq!(
        std::fs::read(dir.path().join(damaged_file)).unwrap(),
        damaged.as_bytes()
    );
    let rest_file = kept
        .iter()
        .find(|n| n.ends_with(".rest.jsonl"))
        .expect("rest kept");
    let rest = std::fs::read_to_string(dir.path().join(rest_file)).unwrap();
    assert_eq!(rest.lines().count(), 7, "{rest}");

    let config = dir.path().join("unused.toml");
    std::fs::write(&config, "[[time_control.stage]]\ntime = \"1:00\"\n").unwrap();
    let transcript = dir.path().join("t.jsonl");
    let daemon = common_daemon::start(dir.path(), &config, &journal, &transcript, &["--no-audio"]);
    let status = daemon.ctl(r#"{"cmd":"status"}"#);
    assert_eq!(status["phase"], "paused", "{status}");
    assert_eq!(status["moves"]["black"], 1, "{status}");
    daemon.terminate();
}
