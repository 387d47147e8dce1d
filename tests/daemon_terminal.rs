//! The real daemon at a terminal, as a screen-reader user meets it: Ctrl-C says that the clock
//! is stopping, in each listener's language (before, it said "controller lost, the clock keeps
//! running", half in English, while the daemon stopped); SIGTERM says the same.

#[path = "daemon/common_daemon.rs"]
mod common_daemon;
#[path = "daemon/pty.rs"]
mod pty;

use std::process::Command;
use std::time::Duration;

const CONFIG: &str = "\
[[time_control.stage]]
time = \"5:00\"
[players.white]
language = \"ru\"
[players.black]
language = \"en\"
[arbiter]
language = \"en\"
";

#[test]
fn ctrl_c_at_the_terminal_says_the_clock_is_stopping_in_each_language() {
    let files = common_daemon::Files::new(CONFIG);
    let (dir, config, journal, _) = files.parts();
    let socket = dir.path().join("ctl.sock");
    let mut command = Command::new(env!("CARGO_BIN_EXE_talkclock"));
    command
        .arg("run")
        .arg("--no-audio")
        .arg("--config")
        .arg(&config)
        .arg("--journal")
        .arg(&journal)
        .arg("--socket")
        .arg(&socket)
        .env_remove("RUST_LOG");
    let mut daemon = pty::AtTerminal::start(command);
    let end = std::time::Instant::now() + Duration::from_secs(10);
    while !socket.exists() {
        assert!(std::time::Instant::now() < end, "{}", daemon.output());
        std::thread::sleep(Duration::from_millis(20));
    }
    // The terminal is in raw mode once the reader runs: Ctrl-C is a key, not a signal.
    std::thread::sleep(Duration::from_millis(300));
    daemon.type_bytes(b"\x03");
    assert_eq!(
        daemon.wait_exit(Duration::from_secs(10)),
        Some(0),
        "{}",
        daemon.output()
    );
    let out = daemon.output();
    assert!(out.contains("Часы останавливаются."), "{out}");
    assert!(out.contains("The clock is stopping."), "{out}");
    for lost in ["Контроллер отключён", "Controller disconnected"] {
        assert!(!out.contains(lost), "{lost}: {out}");
    }
}

#[test]
fn sigterm_says_the_clock_is_stopping() {
    let files = common_daemon::Files::new(CONFIG);
    let (dir, config, journal, transcript) = files.parts();
    let daemon = common_daemon::start(dir.path(), &config, &journal, &transcript, &["--no-audio"]);
    let pid = daemon.child.id() as i32;
    // SAFETY: the pid is our child's, still running.
    assert_eq!(
        unsafe { talkclock_harness::libc::kill(pid, talkclock_harness::libc::SIGTERM) },
        0
    );
    assert!(
        daemon.wait_for_text("The clock is stopping.", 1, Duration::from_secs(5)),
        "{}",
        daemon.stdout()
    );
    assert!(daemon.stdout().contains("Часы останавливаются."));
}
