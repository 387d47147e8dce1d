//! Golden transcripts: every `tests/scenarios/NAME.script` is run through the real
//! `talkclock simulate` binary (with `NAME.toml` as its config) and its output compared with
//! `NAME.expected`. The numbers in each script's comments were worked out by hand.
//!
//! After a deliberate change of the format, `UPDATE_GOLDEN=1 cargo test --test fast scenarios`
//! rewrites the expected files; read the diff before committing it.

use std::path::{Path, PathBuf};
use std::process::Command;

fn scenario_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios")
}

fn run(script: &Path) -> (String, String, Option<i32>) {
    let config = script.with_extension("toml");
    let mut command = Command::new(env!("CARGO_BIN_EXE_talkclock"));
    command.arg("simulate").arg("--script").arg(script);
    if config.exists() {
        command.arg("--config").arg(&config);
    }
    let output = command.output().expect("the talkclock binary runs");
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
        output.status.code(),
    )
}

#[test]
fn every_scenario_matches_its_golden_transcript() {
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    let mut scripts: Vec<PathBuf> = std::fs::read_dir(scenario_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "script"))
        .collect();
    scripts.sort();
    assert!(scripts.len() >= 12, "scenarios went missing: {scripts:?}");
    let mut failures = Vec::new();
    for script in &scripts {
        let (stdout, stderr, code) = run(script);
        assert_eq!(code, Some(0), "{}: {stderr}", script.display());
        let expected_path = script.with_extension("expected");
        if update {
            std::fs::write(&expected_path, &stdout).unwrap();
            continue;
        }
        let expected = std::fs::read_to_string(&expected_path)
            .unwrap_or_else(|_| panic!("{} is missing", expected_path.display()));
        if stdout != expected {
            failures.push(format!(
                "{}\n--- expected\n{expected}--- got\n{stdout}",
                script.display()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_bad_script_exits_2_names_each_line_and_prints_no_transcript() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("bad.script");
    std::fs::write(
        &script,
        "@0 start\n@0:05 press grey\n@0:03 press white\n@1:00 fly\n",
    )
    .unwrap();
    let (stdout, stderr, code) = run(&script);
    assert_eq!(code, Some(2));
    assert_eq!(stdout, "", "no partial output");
    assert!(
        stderr.contains("bad.script:2: `grey` is not a side"),
        "{stderr}"
    );
    assert!(
        stderr.contains("bad.script:4: unknown action `fly`"),
        "{stderr}"
    );
}

#[test]
fn a_bad_config_exits_2_with_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("game.script");
    std::fs::write(&script, "@0 start\n@1:00 end\n").unwrap();
    std::fs::write(
        dir.path().join("game.toml"),
        "[[time_control.stage]]\ntime = \"5:00\"\nincrement = \"ten\"\n",
    )
    .unwrap();
    let (stdout, stderr, code) = run(&script);
    assert_eq!(code, Some(2));
    assert_eq!(stdout, "");
    assert!(
        stderr.contains("game.toml:3:13: `increment`: `ten` is not a time"),
        "{stderr}"
    );
}

#[test]
fn a_missing_script_is_a_clear_error() {
    let (stdout, stderr, code) = run(Path::new("/nonexistent/game.script"));
    assert_eq!(code, Some(2));
    assert_eq!(stdout, "");
    assert!(
        stderr.contains("/nonexistent/game.script: cannot read the file"),
        "{stderr}"
    );
}

#[test]
fn check_accepts_the_examples_and_refuses_a_broken_file() {
    let good = Command::new(env!("CARGO_BIN_EXE_talkclock"))
        .args(["check", "--config"])
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("config/fmjd-classical.toml"))
        .output()
        .unwrap();
    assert!(good.status.success());
    assert!(String::from_utf8_lossy(&good.stdout).contains("is valid"));

    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.toml");
    std::fs::write(
        &bad,
        "mode = \"club\"\n[players.white]\nvision = \"none\"\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_talkclock"))
        .args(["check", "--config"])
        .arg(&bad)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("3 problems"), "{stderr}");
    assert!(
        stderr.contains(":1:8:") && stderr.contains(":3:10:"),
        "{stderr}"
    );
}

#[test]
fn say_print_reads_a_time_in_words() {
    let say = |lang: &str, time: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_talkclock"))
            .args(["say", "--lang", lang, "--time", time, "--print"])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    assert_eq!(say("ru", "1:21:02"), "Один час двадцать одна минута.\n");
    assert_eq!(say("en", "1:21:02"), "One hour twenty-one minutes.\n");
    assert_eq!(say("ru", "9:02"), "Девять минут две секунды.\n");
    assert_eq!(say("en", "0:01"), "One second.\n");
    let bad = Command::new(env!("CARGO_BIN_EXE_talkclock"))
        .args(["say", "--lang", "xx", "--time", "1:00", "--print"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("`xx` is not a language"));
}

#[test]
fn the_voice_catalog_lists_every_clip_with_its_text() {
    let out = Command::new(env!("CARGO_BIN_EXE_talkclock"))
        .args(["voice-catalog", "--lang", "ru"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.lines().count() > 90);
    assert!(
        text.lines().any(|l| l.starts_with("n_1f\tодна\t")),
        "{text}"
    );
    assert!(text.lines().all(|l| l.split('\t').count() == 4));
    assert!(
        text.lines()
            .any(|l| l == "c_min_21_end\tдвадцать одна минута\tдв+адцать одн+а мин+ута\tfinal"),
        "{text}"
    );
    assert!(text
        .lines()
        .any(|l| l.starts_with("c_min_21\t") && l.ends_with("\tcontinuing")));
}
