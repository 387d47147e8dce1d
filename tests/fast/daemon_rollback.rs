//! The arbiter's rollback (D.2.9) through the real daemon: `talkclock ctl rollback 1` takes
//! the game back to Black's first move (both clocks as the press left them, paused, White to
//! move), every listener is told, it is journaled, and a restart replays to the same game. A
//! move never reached is refused with its reason, and nothing changes.

use crate::common_daemon::{json_lines, Files, TOURNAMENT_5_MIN};
use std::time::Duration;

#[test]
fn a_rollback_restores_the_clocks_of_that_move_and_survives_a_restart() {
    let files = Files::new(TOURNAMENT_5_MIN);
    let mut daemon = files.start(&["--no-audio"]);
    assert_eq!(daemon.ctl(r#"{"cmd":"start"}"#)["ok"], true);
    for key in ["w", "b", "w"] {
        std::thread::sleep(Duration::from_millis(300));
        daemon.key(key);
    }
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(daemon.ctl(r#"{"cmd":"pause"}"#)["ok"], true);
    // The clocks as Black's first press left them.
    let presses: Vec<serde_json::Value> = json_lines(&files.transcript)
        .into_iter()
        .filter(|l| l["event"] == "press")
        .collect();
    assert_eq!(presses.len(), 3, "{presses:?}");
    let (white_ms, black_ms) = (&presses[1]["white_ms"], &presses[1]["black_ms"]);

    let (ok, said) = daemon.ctl_words(&["rollback", "2"]);
    assert!(!ok, "Black's move 2 was never made: {said}");
    assert!(
        said.contains("black's move 2 has not been reached"),
        "{said}"
    );

    let (ok, said) = daemon.ctl_words(&["rollback", "1"]);
    assert!(ok, "{said}");
    assert!(said.contains("rolled_back"), "{said}");
    let status = daemon.ctl(r#"{"cmd":"status"}"#);
    assert_eq!(status["phase"], "paused", "{status}");
    assert_eq!(
        (&status["white_ms"], &status["black_ms"]),
        (white_ms, black_ms)
    );
    assert_eq!(status["moves"]["white"], 1, "{status}");
    assert_eq!(status["moves"]["black"], 1, "{status}");
    // Everyone is told: one line for all three, in English.
    std::thread::sleep(Duration::from_millis(300));
    let told = json_lines(&files.transcript)
        .into_iter()
        .filter(|l| l["event"] == "say")
        .filter_map(|l| l["text"].as_str().map(str::to_string))
        .find(|t| t.starts_with("Clock set back to move one."));
    let told = told.expect("the rollback is said");
    assert!(told.ends_with("White to move. Clock paused."), "{told}");
    drop(daemon.terminate());

    // The journal holds the rollback: a restart replays to the same game.
    let daemon = files.start(&["--no-audio"]);
    let status = daemon.ctl(r#"{"cmd":"status"}"#);
    assert_eq!(
        (&status["white_ms"], &status["black_ms"]),
        (white_ms, black_ms)
    );
    assert_eq!(status["moves"]["white"], 1, "{status}");
    assert_eq!(status["moves"]["black"], 1, "{status}");
    let journal = std::fs::read_to_string(&files.journal).expect("the journal");
    assert!(
        journal.contains(r#""source":"arbiter","input":{"rollback":{"moves":1,"side":"black"}}"#),
        "{journal}"
    );
    drop(daemon.terminate());
}
