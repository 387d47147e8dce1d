//! The arbiter's side of the hall over a real mosquitto: a command to a board through the
//! broker (`talkclock station ctl`), a dead board's game moved onto a spare from the station's
//! mirror (`talkclock import --from-station`, rule 1.7.4), and a board whose credentials are
//! another board's (the broker refuses it; the board says so).

use crate::boards;
use crate::common_daemon;

use boards::*;
use std::process::{Command, Stdio};
use std::time::Duration;

#[test]
fn an_arbiters_pause_through_the_broker_is_applied_and_journaled_by_the_board() {
    let hall = Hall::new(2);
    let _station = hall.station();
    let files = hall.board_files(2, "5:00", hall.broker.port());
    let mut board = hall.board(&files);
    board.key("s");
    board.key("w");
    // The board is connected once its state reached the broker.
    wait_for(Duration::from_secs(20), "board 2 on the broker", || {
        hall.status().contains("board 2  ")
    });
    let (code, reply) = hall.ctl(2, &["pause"]);
    assert_eq!(code, 0, "{reply}");
    assert!(reply.contains("\"ok\":true"), "{reply}");
    assert_eq!(board.ctl(r#"{"cmd":"status"}"#)["phase"], "paused");
    let paused = json_lines(&files.journal)
        .iter()
        .any(|r| r["kind"] == "input" && r["source"] == "arbiter" && r["input"]["game"] == "pause");
    assert!(paused, "the pause is journaled as the arbiter's input");
    // Rule 1.7.8's floor holds on this path as on the control socket: a cut never leaves a
    // player below 15 minutes (here, below the time he has, under 5:00: nothing is taken).
    let before = board.ctl(r#"{"cmd":"status"}"#)["white_ms"].clone();
    let (code, reply) = hall.ctl(2, &["set", "white", "0:01"]);
    assert_eq!(code, 0, "{reply}");
    assert!(reply.contains("\"clamped\":true"), "{reply}");
    assert_eq!(board.ctl(r#"{"cmd":"status"}"#)["white_ms"], before);
    // Words that are no command never leave the station.
    let (code, reply) = hall.ctl(2, &["jump"]);
    assert_eq!(code, 2, "{reply}");
}

/// Catches: a board that read a station's request as a parsed JSON object and wrote it out
/// again for the control socket's parser: the object keeps the last of two `cmd`s, so
/// `{"cmd":"status","cmd":"start"}` started the clock, where the control socket refuses that
/// very line.
#[test]
fn a_request_from_the_hall_naming_two_commands_is_refused_as_on_the_control_socket() {
    let hall = Hall::new(2);
    let _station = hall.station();
    let files = hall.board_files(2, "5:00", hall.broker.port());
    let board = hall.board(&files);
    let replies = hall.subscribe_as("station", &topic(2, "replies"));
    wait_for(Duration::from_secs(20), "board 2 on the broker", || {
        hall.status().contains("board 2  ")
    });
    let twice = r#"{"cmd":"status","cmd":"start"}"#;
    let on_the_socket = board.ctl(twice);
    assert_eq!(on_the_socket["ok"], false, "{on_the_socket}");
    hall.publish_as(
        "station",
        &topic(2, "commands"),
        [format!(r#"{{"id":"twice","request":{twice}}}"#)],
        &[],
    );
    wait_for(Duration::from_secs(20), "the reply to `twice`", || {
        replies
            .lines()
            .iter()
            .any(|l| l.contains(r#""id":"twice""#))
    });
    let lines = replies.lines();
    let reply = lines
        .iter()
        .find(|l| l.contains(r#""id":"twice""#))
        .expect("the reply");
    assert!(
        reply.contains(r#""ok":false"#) && reply.contains("duplicate field `cmd`"),
        "refused with the control socket's words: {reply}"
    );
    assert_eq!(
        board.ctl(r#"{"cmd":"status"}"#)["phase"],
        "not_started",
        "the clock was not started by a request that also said status"
    );
}

#[test]
fn the_arbiter_hears_the_last_alert_again_on_repeat() {
    let hall = Hall::new(1);
    let mut station = hall.station();
    let files = hall.board_files(1, "0:03", hall.broker.port());
    let mut board = hall.board(&files);
    board.key("s");
    board.key("w");
    board.key("b");
    wait_for(
        Duration::from_secs(30),
        "the station's alerts of board 1",
        || {
            let lines = station.lines();
            let count = board_alert_count(&hall.mirror(), 1);
            count.is_some_and(|c| c > 0 && alerts_of(&lines, 1).len() as u64 >= c)
        },
    );
    let lines = station.lines();
    let last = lines.last().expect("a line").clone();
    station.type_line("repeat");
    wait_for(Duration::from_secs(10), "the repeat", || {
        station.lines().iter().any(|l| l["event"] == "repeat")
    });
    let again = station
        .lines()
        .into_iter()
        .find(|l| l["event"] == "repeat")
        .expect("the repeat");
    assert_eq!(again["text"], last["text"], "the last alert, said again");
    assert_eq!(again["board"], 1);
}

#[test]
fn a_dead_boards_game_goes_on_on_a_spare_from_the_stations_mirror() {
    let hall = Hall::new(1);
    let _station = hall.station();
    let files = hall.board_files(1, "5:00", hall.broker.port());
    let mut board = hall.board(&files);
    board.key("s");
    board.key("w");
    board.key("b");
    std::thread::sleep(Duration::from_millis(2500));
    // The board's device dies.
    drop(board);
    wait_for(Duration::from_secs(20), "the mirror of board 1", || {
        mirror_of(&hall.mirror(), 1, &files.journal)
            .is_some_and(|m| std::fs::read(m).ok() == std::fs::read(&files.journal).ok())
    });
    let spare = hall.dir.path().join("spare");
    std::fs::create_dir_all(&spare).expect("spare folder");
    let out = Command::new(env!("CARGO_BIN_EXE_talkclock"))
        .arg("import")
        .arg("--from-station")
        .arg(hall.mirror())
        .args(["--board", "1", "--journal"])
        .arg(spare.join("journal.jsonl"))
        .output()
        .expect("import runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The same game, restored from the board's own journal, for comparison.
    let own = hall.dir.path().join("own");
    std::fs::create_dir_all(&own).expect("folder");
    std::fs::copy(&files.journal, own.join("journal.jsonl")).expect("copy");
    let spare_daemon = common_daemon::start(
        &spare,
        &files.config,
        &spare.join("journal.jsonl"),
        &spare.join("t.jsonl"),
        &["--no-audio"],
    );
    let from_mirror = spare_daemon.ctl(r#"{"cmd":"status"}"#);
    drop(spare_daemon);
    let own_daemon = common_daemon::start(
        &own,
        &files.config,
        &own.join("journal.jsonl"),
        &own.join("t.jsonl"),
        &["--no-audio"],
    );
    let from_journal = own_daemon.ctl(r#"{"cmd":"status"}"#);
    assert_eq!(from_mirror["phase"], "paused", "{from_mirror}");
    for key in ["white_ms", "black_ms", "moves"] {
        assert_eq!(
            from_mirror[key], from_journal[key],
            "{key}: {from_mirror} {from_journal}"
        );
    }
}

/// What a board logs in its first 4 s.
fn log_of_a_board(files: &BoardFiles) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_talkclock"))
        .arg("run")
        .arg("--config")
        .arg(&files.config)
        .arg("--journal")
        .arg(&files.journal)
        .arg("--socket")
        .arg(files.dir.join("ctl.sock"))
        .arg("--no-audio")
        .env("RUST_LOG", "warn")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the board starts");
    std::thread::sleep(Duration::from_secs(4));
    let _ = child.kill();
    let out = child.wait_with_output().expect("its output");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn a_board_with_another_boards_credentials_is_refused_by_the_broker_and_says_so() {
    let hall = Hall::new(3);
    let _station = hall.station();
    let files = hall.board_files_as(2, "5:00", hall.broker.port(), "board-1");
    let log = log_of_a_board(&files);
    assert!(
        log.contains("the broker refused a message of board 2"),
        "the board logs the refusal: {log}"
    );
    assert!(
        !hall.mirror().join("board-2").exists() && !hall.mirror().join("board-1").exists(),
        "nothing of it reached the station"
    );
    // A wrong password: refused at the door, said once.
    let wrong = hall.dir.path().join("wrong.toml");
    std::fs::write(&wrong, "username = \"board-3\"\npassword = \"not-it\"\n").expect("write");
    let files = hall.board_files(3, "5:00", hall.broker.port());
    let text = std::fs::read_to_string(&files.config).expect("config");
    let text = text.replace(
        &hall.credentials("board-3").display().to_string(),
        &wrong.display().to_string(),
    );
    std::fs::write(&files.config, text).expect("write");
    let log = log_of_a_board(&files);
    assert_eq!(
        log.matches("refused the connection").count(),
        1,
        "the refusal is said once: {log}"
    );
}
