//! The real binary on a machine with no sound card (this one): `run --check` says that no
//! audio output can play (before, it counted ALSA's plugins — "audio: 11 output device(s)" —
//! and the daemon then printed instead), and `say` exits 1, output failed, saying why and
//! what to do instead (before, exit 2, kept for bad input, and "see the log" named no log).

use std::process::Command;

fn talkclock(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_talkclock"))
        .args(args)
        // No PulseAudio server may be reached from here, whatever the machine runs.
        .env("PULSE_SERVER", "unix:/nonexistent/talkclock-test")
        .env_remove("RUST_LOG")
        .output()
        .expect("talkclock runs")
}

#[test]
fn run_check_with_no_sound_card_says_no_audio_output() {
    let dir = tempfile::tempdir().expect("temp dir");
    let journal = dir.path().join("journal.jsonl");
    let out = talkclock(&["run", "--check", "--journal", journal.to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    let audio = stdout
        .lines()
        .find(|l| l.starts_with("audio:"))
        .unwrap_or_else(|| panic!("no audio line: {stdout}"));
    assert!(audio.starts_with("audio: no audio output: "), "{audio}");
    assert!(audio.contains("printed as text lines"), "{audio}");
}

#[test]
fn say_with_no_audio_exits_1_and_says_what_to_do() {
    let out = talkclock(&["say", "--lang", "en", "--time", "5:00"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("nothing was said:"), "{stderr}");
    assert!(stderr.contains("talkclock say --print"), "{stderr}");
    assert!(!stderr.contains("see the log"), "{stderr}");
}
