//! The arbiter's `new-game` and `reload` through the real daemon: `new-game` while a game is in
//! progress is refused unless confirmed (`--force`) — before, it closed the game at once — and
//! a `reload` takes the new button bindings (before, it answered ok and kept the old ones).

use crate::common_daemon;

use std::process::Command;
use std::time::Duration;

const CONFIG: &str = "\
[[time_control.stage]]
time = \"5:00\"
[[input.binding]]
device = \"terminal\"
button = \"w\"
action = \"press\"
side = \"white\"
[[input.binding]]
device = \"terminal\"
button = \"b\"
action = \"press\"
side = \"black\"
";

fn ctl(socket: &std::path::Path, words: &[&str]) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_talkclock"))
        .arg("ctl")
        .arg("--socket")
        .arg(socket)
        .args(words)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[test]
fn new_game_during_a_game_needs_force() {
    let (_files, mut daemon) = common_daemon::quiet(CONFIG);
    assert_eq!(daemon.ctl(r#"{"cmd":"start"}"#)["ok"], true);
    daemon.key("w");
    let (code, reply) = ctl(&daemon.socket, &["new-game"]);
    assert_eq!(code, Some(1), "{reply}");
    assert!(reply.contains("--force"), "{reply}");
    let status = daemon.ctl(r#"{"cmd":"status"}"#);
    assert_eq!(status["phase"], "running", "the game goes on: {status}");
    let (code, reply) = ctl(&daemon.socket, &["new-game", "--force"]);
    assert_eq!(code, Some(0), "{reply}");
    assert_eq!(daemon.ctl(r#"{"cmd":"status"}"#)["phase"], "not_started");
    daemon.terminate();
}

#[test]
fn reload_takes_new_button_bindings() {
    let (files, mut daemon) = common_daemon::quiet(CONFIG);
    let config = files.config.clone();
    assert_eq!(daemon.ctl(r#"{"cmd":"start"}"#)["ok"], true);
    assert_eq!(daemon.ctl(r#"{"cmd":"pause"}"#)["ok"], true);
    std::fs::write(&config, CONFIG.replace("button = \"w\"", "button = \"x\"")).unwrap();
    assert_eq!(daemon.ctl(r#"{"cmd":"reload"}"#)["ok"], true);
    assert_eq!(daemon.ctl(r#"{"cmd":"resume"}"#)["ok"], true);
    daemon.key("x");
    let moved = (0..100).any(|_| {
        std::thread::sleep(Duration::from_millis(20));
        daemon.ctl(r#"{"cmd":"status"}"#)["moves"]["white"] == 1
    });
    let status = daemon.ctl(r#"{"cmd":"status"}"#);
    assert!(moved, "the new button x pressed White's clock: {status}");
    assert_eq!(status["running"], "black", "{status}");
    daemon.terminate();
}
