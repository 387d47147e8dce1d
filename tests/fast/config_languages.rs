//! `talkclock check --config FILE` on a player's, the arbiter's and a station arbiter's
//! `language`: every language with a catalogue is accepted (German, Ukrainian and Polish
//! too), and an unknown one is refused with the languages present named; `say` and
//! `voice-catalog` speak and list Ukrainian.

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
        stderr.contains("expected one of \"ru\", \"en\", \"de\", \"uk\", \"pl\""),
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
        String::from_utf8_lossy(&out.stderr).contains("expected ru, en, de, uk or pl"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn ukrainian_is_accepted_for_a_player_and_the_arbiter() {
    let (out, stderr) = check(&config("uk", "uk"));
    assert_eq!(out.status.code(), Some(0), "{stderr}");
}

fn talkclock(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_talkclock"))
        .args(args)
        .output()
        .expect("talkclock runs");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn say_speaks_ukrainian_from_its_catalogue() {
    for (time, words) in [
        ("21:00", "Двадцять одна хвилина."),
        ("2:00", "Дві хвилини."),
        ("5:00", "П'ять хвилин."),
        ("1:00:00", "Одна година."),
        ("0:01", "Одна секунда."),
        ("1:02:00", "Одна година дві хвилини."),
    ] {
        let said = talkclock(&["say", "--print", "--lang", "uk", "--time", time]);
        assert_eq!(said.trim(), words, "{time}");
    }
}

#[test]
fn voice_catalog_lists_the_ukrainian_clips() {
    let catalog = talkclock(&["voice-catalog", "--lang", "uk"]);
    let lines: Vec<Vec<&str>> = catalog.lines().map(|l| l.split('\t').collect()).collect();
    assert!(lines.len() > 400, "only {} clips", lines.len());
    let mut keys = std::collections::HashSet::new();
    for line in &lines {
        assert_eq!(line.len(), 4, "{line:?}");
        assert!(keys.insert(line[0]), "{} twice", line[0]);
    }
    let text = |key: &str| lines.iter().find(|l| l[0] == key).map(|l| l[1]);
    assert_eq!(text("c_min_21"), Some("двадцять одна хвилина"));
    assert_eq!(text("c_min_1_acc"), Some("одну хвилину"));
    assert_eq!(text("c_hour_1"), Some("одна година"));
    assert_eq!(text("c_move_5"), Some("п'ять ходів"));
    assert_eq!(text("menu_ukrainian"), Some("українська мова"));
    assert_eq!(text("menu_setup"), Some("налаштування годинника"));
    assert_eq!(text("of_6"), Some("із шести"));
}
