//! One daemon per journal: a second `talkclock run` or an `import` into a journal a daemon is
//! using is refused without touching it. (Before the lock, the second daemon restored the
//! game and appended five records at its own offset; the first then wrote over them, and
//! after the next crash the journal had a broken line in the middle.)

use crate::common_daemon;

use std::process::{Command, Stdio};
use talkclock::journal::Journal;

#[test]
fn a_second_daemon_or_an_import_on_a_journal_in_use_is_refused_without_touching_it() {
    let (files, mut daemon) = common_daemon::quiet("[[time_control.stage]]\ntime = \"5:00\"\n");
    let (dir, config, journal, _) = files.parts();
    assert_eq!(daemon.ctl(r#"{"cmd":"start"}"#)["ok"], true);
    daemon.key("w");
    assert_eq!(daemon.ctl(r#"{"cmd":"pause"}"#)["ok"], true);
    let before = std::fs::read(&journal).unwrap();

    let mut child = Command::new(env!("CARGO_BIN_EXE_talkclock"))
        .arg("run")
        .arg("--no-audio")
        .arg("--config")
        .arg(&config)
        .arg("--journal")
        .arg(&journal)
        .arg("--socket")
        .arg(dir.path().join("other.sock"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() && started.elapsed().as_secs() < 5 {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    if child.try_wait().unwrap().is_none() {
        let _ = child.kill();
        let _ = child.wait();
        panic!("a second daemon is running on the same journal");
    }
    let second = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&second.stderr);
    assert_eq!(second.status.code(), Some(3), "{stderr}");
    assert!(stderr.contains("another talkclock (pid"), "{stderr}");
    assert_eq!(
        std::fs::read(&journal).unwrap(),
        before,
        "the journal was not touched"
    );

    let exported = dir.path().join("spare.jsonl");
    std::fs::write(&exported, &before).unwrap();
    let import = Command::new(env!("CARGO_BIN_EXE_talkclock"))
        .arg("import")
        .arg(&exported)
        .arg("--journal")
        .arg(&journal)
        .output()
        .unwrap();
    assert_eq!(
        import.status.code(),
        Some(3),
        "{}",
        String::from_utf8_lossy(&import.stderr)
    );
    assert_eq!(std::fs::read(&journal).unwrap(), before);
    let files: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("journal-"))
        .collect();
    assert!(files.is_empty(), "nothing set aside: {files:?}");

    assert_eq!(daemon.ctl(r#"{"cmd":"resume"}"#)["ok"], true);
    daemon.terminate();
    Journal::read(&journal).expect("the journal reads whole after both");
}
