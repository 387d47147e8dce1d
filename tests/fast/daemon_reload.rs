//! `reload` on the real daemon: refused while a clock runs, taken while paused (journaled, so a
//! restored game keeps the new settings), and never allowed to change a running game's control.

use crate::common_daemon;

use common_daemon::json_lines;

fn config(language: &str, time: &str) -> String {
    format!(
        "mode = \"tournament\"\n[[time_control.stage]]\ntime = \"{time}\"\n\
         [players.white]\nvision = \"sighted\"\nlanguage = \"{language}\"\n\
         [players.black]\nvision = \"sighted\"\nlanguage = \"{language}\"\n\
         [arbiter]\nlanguage = \"{language}\"\n"
    )
}

#[test]
fn reload_while_paused_keeps_the_game_and_survives_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.toml");
    std::fs::write(&path, config("ru", "10:00")).unwrap();
    let journal = dir.path().join("j.jsonl");
    let first = dir.path().join("t1.jsonl");
    let daemon = common_daemon::start(dir.path(), &path, &journal, &first, &["--no-audio"]);
    assert_eq!(daemon.ctl(r#"{"cmd":"start"}"#)["ok"], true);
    let refused = daemon.ctl(r#"{"cmd":"reload"}"#);
    assert_eq!(refused["ok"], false, "{refused}");
    assert!(refused["error"].as_str().unwrap().contains("pause first"));

    assert_eq!(daemon.ctl(r#"{"cmd":"pause"}"#)["ok"], true);
    std::fs::write(&path, config("en", "5:00")).unwrap();
    let control_changed = daemon.ctl(r#"{"cmd":"reload"}"#);
    assert_eq!(control_changed["ok"], false);
    assert!(control_changed["error"]
        .as_str()
        .unwrap()
        .contains("time control"));

    std::fs::write(&path, config("en", "10:00")).unwrap();
    let taken = daemon.ctl(r#"{"cmd":"reload"}"#);
    assert_eq!(taken, serde_json::json!({"ok": true, "new_game": false}));
    assert_eq!(daemon.ctl(r#"{"cmd":"resume"}"#)["ok"], true);
    let said: Vec<String> = json_lines(&first)
        .iter()
        .filter(|l| l["event"] == "say")
        .map(|l| l["text"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        said.last().map(String::as_str),
        Some("Clock resumed."),
        "{said:?}"
    );
    let mut daemon = daemon;
    daemon.child.kill().unwrap();
    daemon.child.wait().unwrap();

    // Restarted with the file changed again: the journal's reloaded settings win.
    std::fs::write(&path, config("ru", "10:00")).unwrap();
    let second = dir.path().join("t2.jsonl");
    let daemon = common_daemon::start(dir.path(), &path, &journal, &second, &["--no-audio"]);
    daemon.terminate();
    let restored: Vec<String> = json_lines(&second)
        .iter()
        .filter(|l| l["event"] == "say")
        .map(|l| l["text"].as_str().unwrap().to_string())
        .collect();
    assert!(
        restored.iter().any(|t| t.starts_with("Clock check.")),
        "{restored:?}"
    );

    let replay = std::process::Command::new(env!("CARGO_BIN_EXE_talkclock"))
        .arg("replay")
        .arg(&journal)
        .output()
        .unwrap();
    let live =
        std::fs::read_to_string(&first).unwrap() + &std::fs::read_to_string(&second).unwrap();
    assert_eq!(String::from_utf8_lossy(&replay.stdout), live);
}
