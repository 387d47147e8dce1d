//! A damaged journal is refused, never replaced: the daemon names the file and line and exits
//! with code 3, leaving the file as it was; a torn last line (power lost while writing) is
//! still cut, and the log says so.

use std::path::Path;
use std::process::{Command, Stdio};

const OLD: &str = "tests/journals/written-by-0.1.0-8162d3a.jsonl";

fn run(dir: &Path, journal: &Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_talkclock"))
        .arg("run")
        .arg("--no-audio")
        .arg("--journal")
        .arg(journal)
        .arg("--socket")
        .arg(dir.join("ctl.sock"))
        .env("RUST_LOG", "info")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            // `q` on standard input stops a daemon that did start.
            use std::io::Write;
            if let Some(stdin) = child.stdin.as_mut() {
                let _ = stdin.write_all(b"q\n");
            }
            child.wait_with_output()
        })
        .unwrap()
}

#[test]
fn a_journal_with_a_damaged_middle_record_is_refused_with_its_line_and_kept() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("journal.jsonl");
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(OLD)).unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    lines[4] = "\0\0\0\0\0\0\0\0".to_string();
    let damaged = lines.join("\n") + "\n";
    std::fs::write(&journal, &damaged).unwrap();
    let out = run(dir.path(), &journal);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(stderr.contains("journal.jsonl:5:"), "{stderr}");
    assert!(stderr.contains("damaged"), "{stderr}");
    assert_eq!(
        std::fs::read_to_string(&journal).unwrap(),
        damaged,
        "left as it was"
    );
    let files: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| !n.ends_with(".lock"))
        .collect();
    assert_eq!(
        files,
        vec!["journal.jsonl"],
        "no new game, no file set aside"
    );
}

#[test]
fn a_torn_last_line_is_cut_and_the_game_restored() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("journal.jsonl");
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(OLD)).unwrap();
    std::fs::write(&journal, format!("{text}{{\"kind\":\"inp")).unwrap();
    let out = run(dir.path(), &journal);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("torn"), "{stderr}");
    let now = std::fs::read_to_string(&journal).unwrap();
    assert!(now.starts_with(&text));
    assert!(
        now[text.len()..].starts_with("{\"kind\":\"restored\""),
        "the torn line was cut: {}",
        &now[text.len()..]
    );
}
