//! `talkclock check --config FILE` on a player's, the arbiter's and a station arbiter's
//! `language`: every language with a catalogue is accepted (German and Polish too), and an
//! unknown one is refused with the languages present named.

use std::process::{Command, Output};

fn check(config: &str) -> (Output, String) {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("game.toml");
    std::fs::write(&file, config).expect("write");
    let out = Command::new(env!("CARGO_BIN_EXE_talkclock"))
        .arg("check")
        .arg("--config")
        .arg(&file)
        .env("RUST_LOG", "warn")
        .output()
        .expect("talkclock check runs");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    (out, stderr)
}

fn config(white: &str, arbiter: &str) -> String {
    format!(
        "[[time_control.stage]]\ntime = \"5:00\"\n[players.white]\nlanguage = \"{white}\"\n\
         [players.black]\nlanguage = \"ru\"\n[arbiter]\nlanguage = \"{arbiter}\"\n"
    )
}

#[test]
fn german_is_accepted_for_a_player_and_the_arbiter() {
    let (out, stderr) = check(&config("de", "de"));
    assert_eq!(out.status.code(), Some(0), "{stderr}");
}

#[test]
fn polish_is_accepted_for_a_player_and_the_arbiter() {
    let (out, stderr) = check(&config("pl", "pl"));
    assert_eq!(out.status.code(), Some(0), "{stderr}");
}

#[test]
fn an_unknown_language_is_refused_naming_the_languages_present() {
    let (out, stderr) = check(&config("xx", "en"));
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("\"xx\""), "{stderr}");
    assert!(
        stderr.contains("expected one of \"ru\", \"en\", \"de\", \"pl\""),
        "{stderr}"
    );
}

#[test]
fn say_speaks_german_from_its_catalogue() {
    let out = Command::new(env!("CARGO_BIN_EXE_talkclock"))
        .args(["say", "--print", "--lang", "de", "--time", "1:02:00"])
        .output()
        .expect("talkclock say runs");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        "Eine Stunde zwei Minuten."
    );
    let out = Command::new(env!("CARGO_BIN_EXE_talkclock"))
        .args(["say", "--print", "--lang", "xx", "--time", "1:02:00"])
        .output()
        .expect("talkclock say runs");
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("expected ru, en, de or pl"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
