//! An arbiter's round over a real mosquitto: the arbiter's result of a game decided on the
//! board through the station (`station ctl N result …`), the station's time log of each
//! mirrored game, and the round's results file (issue 35).

use crate::boards;

use boards::*;
use std::process::Command;
use std::time::Duration;

/// `talkclock moves --journal J --format csv` on the board's own journal.
fn boards_time_log(journal: &std::path::Path) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_talkclock"))
        .args(["moves", "--format", "csv", "--journal"])
        .arg(journal)
        .output()
        .expect("moves runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn the_arbiters_result_through_the_station_ends_the_game_and_the_station_logs_its_moves() {
    let hall = Hall::new(1);
    let _station = hall.station();
    let files = hall.board_files(1, "5:00", hall.broker.port());
    let mut board = hall.board(&files);
    board.key("s");
    for _ in 0..3 {
        board.key("w");
        board.key("b");
    }
    wait_for(Duration::from_secs(20), "board 1 on the broker", || {
        hall.status().contains("board 1  ")
    });
    let (code, reply) = hall.ctl(1, &["result", "black"]);
    assert_eq!(code, 0, "{reply}");
    assert!(reply.contains("\"ok\":true"), "{reply}");
    let status = board.ctl(r#"{"cmd":"status"}"#);
    assert_eq!(status["phase"], "finished", "{status}");
    // The board refuses a second result: the game is over.
    let again = board.ctl(r#"{"cmd":"result","outcome":"draw"}"#);
    assert!(again.to_string().contains("game is over"), "{again}");
    let journaled = json_lines(&files.journal).iter().any(|r| {
        r["kind"] == "input" && r["source"] == "arbiter" && r["input"]["game"]["result"] == "black"
    });
    assert!(journaled, "the result is journaled as the arbiter's input");
    let result = json_lines(&files.transcript)
        .into_iter()
        .find(|l| l["event"] == "result")
        .expect("a result in the transcript");
    assert_eq!(result["outcome"], "black");
    assert_eq!(result["reason"], "arbiter");
    let mut mirror = None;
    wait_for(Duration::from_secs(20), "board 1 mirrored whole", || {
        mirror = mirror_of(&hall.mirror(), 1, &files.journal)
            .filter(|m| std::fs::read(m).ok() == std::fs::read(&files.journal).ok());
        mirror.is_some()
    });
    let mirror = mirror.expect("the mirror");
    assert_eq!(
        replay(&mirror),
        std::fs::read_to_string(&files.transcript).expect("the transcript"),
        "a replay of the mirror agrees with the board, result included"
    );
    let expected = boards_time_log(&files.journal);
    // Presses this close together may be taken as one (the board's debounce): some moves.
    assert!(
        expected.lines().count() >= 3,
        "a header and moves: {expected}"
    );
    let log = mirror.with_extension("moves.csv");
    wait_for(Duration::from_secs(20), "the station's time log", || {
        std::fs::read_to_string(&log).ok().as_deref() == Some(expected.as_str())
    });
}
