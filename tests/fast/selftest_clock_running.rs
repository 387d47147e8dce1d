//! `talkclock selftest` on a board whose clock is running: the clock holds the buttons and the
//! sound, so every button would seem dead. The self-test finds the running clock's control
//! socket answering, says so in the arbiter's language with how to stop it, and touches
//! nothing.

use crate::common_daemon;

use std::process::{Command, Stdio};

const CONFIG: &str = "\
[[time_control.stage]]
time = \"5:00\"
[players.white]
language = \"en\"
[players.black]
language = \"en\"
[arbiter]
language = \"en\"
";

#[test]
fn selftest_refuses_to_run_beside_a_running_clock_and_says_how_to_stop_it() {
    let files = common_daemon::Files::new(CONFIG);
    let daemon = files.start(&["--no-audio"]);
    // `start` returns once the clock answers on its socket.
    let socket = daemon.socket.clone();
    // The clock's socket where the self-test looks for the user's own clock.
    let runtime = files.dir.path().join("runtime");
    std::fs::create_dir_all(runtime.join("talkclock")).expect("runtime dir");
    std::os::unix::fs::symlink(&socket, runtime.join("talkclock").join("talkclock.sock"))
        .expect("symlink");
    let reports = files.dir.path().join("reports");
    let out = Command::new(env!("CARGO_BIN_EXE_talkclock"))
        .arg("selftest")
        .arg("--config")
        .arg(&files.config)
        .arg("--report")
        .arg(&reports)
        .env("XDG_RUNTIME_DIR", &runtime)
        .stdin(Stdio::null())
        .output()
        .expect("talkclock selftest");
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(said.contains("The clock is running"), "{said}");
    assert!(said.contains("sudo systemctl stop talkclock"), "{said}");
    assert!(
        !reports.exists(),
        "no report for a self-test that did not run"
    );
    drop(daemon);
}
