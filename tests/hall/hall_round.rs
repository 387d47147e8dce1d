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

/// `talkclock station SUBCOMMAND …` with the hall's station configuration: (code, output).
fn station_command(hall: &Hall, args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_talkclock"))
        .arg("station")
        .args(args)
        .arg("--config")
        .arg(hall.station_config())
        .output()
        .expect("station runs");
    (
        out.status.code().unwrap_or(-1),
        format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
    )
}

/// The last record's digest of a journal.
fn last_digest(journal: &std::path::Path) -> String {
    json_lines(journal)
        .last()
        .and_then(|r| r["digest"].as_str().map(str::to_string))
        .expect("a digest")
}

#[test]
fn thirty_boards_end_a_round_and_every_board_is_in_the_results_with_its_result() {
    const BOARDS: u32 = 30;
    let hall = Hall::new(BOARDS);
    let _station = hall.station();
    let pairings = hall.dir.path().join("round-1.csv");
    let mut csv = String::from("board,white,black\n");
    for n in 1..=BOARDS {
        csv.push_str(&format!("{n},White {n},\"Black, {n}\"\n"));
    }
    std::fs::write(&pairings, csv).expect("pairings");
    let (code, out) = station_command(
        &hall,
        &["pairings", pairings.to_str().expect("path"), "--round", "1"],
    );
    assert_eq!(code, 0, "{out}");
    // Odd boards: Black's flag falls (a 4 s game; White moved). Even boards: the arbiter's result, board
    // 2k White's win when k is odd, a draw when even; board 30 is still being played.
    let files: Vec<BoardFiles> = (1..=BOARDS)
        .map(|n| {
            let time = if n % 2 == 1 { "0:04" } else { "5:00" };
            hall.board_files(n, time, hall.broker.port())
        })
        .collect();
    let mut boards: Vec<_> = files.iter().map(|f| hall.board(f)).collect();
    for board in boards.iter_mut() {
        board.key("s");
        board.key("w");
    }
    wait_for(Duration::from_secs(60), "every board on the broker", || {
        let status = hall.status();
        (1..=BOARDS).all(|n| status.contains(&format!("board {n}  ")))
    });
    for n in (2..BOARDS).step_by(2) {
        let outcome = if (n / 2) % 2 == 1 { "white" } else { "draw" };
        let (code, reply) = hall.ctl(n, &["result", outcome]);
        assert_eq!(code, 0, "board {n}: {reply}");
    }
    for (i, f) in files.iter().enumerate() {
        let n = i as u32 + 1;
        if n == BOARDS {
            continue;
        }
        wait_for(
            Duration::from_secs(60),
            &format!("board {n}'s result"),
            || {
                json_lines(&f.transcript)
                    .iter()
                    .any(|l| l["event"] == "result")
            },
        );
    }
    let dir = results_of_round_1(&hall, &files, Duration::from_secs(60));
    let text = std::fs::read_to_string(dir.join("results.csv")).expect("results.csv");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "board,white,black,result,ended,white_time,black_time,white_moves,black_moves,digest,time_log"
    );
    assert_eq!(lines.len(), 1 + BOARDS as usize, "{text}");
    for (i, f) in files.iter().enumerate() {
        let n = i as u32 + 1;
        let line = lines[n as usize];
        let (result, ended) = match n {
            BOARDS => ("unfinished", ""),
            n if n % 2 == 1 => ("1-0", "flag"),
            n if (n / 2) % 2 == 1 => ("1-0", "arbiter"),
            _ => ("½-½", "arbiter"),
        };
        let start = format!("{n},White {n},\"Black, {n}\",{result},{ended},");
        assert!(line.starts_with(&start), "board {n}: {line}");
        let fields: Vec<&str> = line.rsplitn(3, ',').collect();
        assert_eq!(fields[0], format!("board-{n}.moves.csv"), "{line}");
        assert_eq!(fields[1], last_digest(&f.journal), "board {n}: the digest");
        if n % 2 == 1 {
            assert!(
                line.contains(",0:00,1,0,"),
                "board {n}: Black's flag: {line}"
            );
        }
        assert_eq!(
            std::fs::read_to_string(dir.join(format!("board-{n}.moves.csv"))).expect("log"),
            boards_time_log(&f.journal),
            "board {n}: the time log"
        );
    }
}

/// The players' names in a board's last state the station holds.
fn names_shown(hall: &Hall, board: u32) -> Option<(String, String)> {
    let path = hall
        .mirror()
        .join(format!("board-{board}"))
        .join("state.json");
    let state: serde_json::Value = serde_json::from_slice(&std::fs::read(path).ok()?).ok()?;
    Some((
        state["names"]["white"].as_str()?.to_string(),
        state["names"]["black"].as_str()?.to_string(),
    ))
}

#[test]
fn the_rounds_names_reach_each_paired_board_online_or_later_and_a_bad_file_applies_nothing() {
    let hall = Hall::new(3);
    let _station = hall.station();
    let files: Vec<BoardFiles> = (1..=3)
        .map(|n| hall.board_files(n, "5:00", hall.broker.port()))
        .collect();
    let _one = hall.board(&files[0]);
    let _two = hall.board(&files[1]);
    wait_for(Duration::from_secs(20), "boards 1 and 2's states", || {
        names_shown(&hall, 1).is_some() && names_shown(&hall, 2).is_some()
    });
    let before_two = names_shown(&hall, 2);
    // A file with two bad lines: both told, with their line numbers; nothing applied.
    let bad = hall.dir.path().join("bad.csv");
    std::fs::write(
        &bad,
        "board,white,black\n1,Anna\nx,Clara,Denis\n3,Clara,Denis\n",
    )
    .expect("write");
    let (code, out) = station_command(
        &hall,
        &["pairings", bad.to_str().expect("path"), "--round", "2"],
    );
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("bad.csv:2: 2 fields"), "{out}");
    assert!(out.contains("bad.csv:3: \"x\" is no board number"), "{out}");
    let kept = hall
        .dir
        .path()
        .join("rounds")
        .join("round-2")
        .join("pairings.json");
    assert!(!kept.exists(), "nothing applied");
    let good = hall.dir.path().join("round-2.csv");
    std::fs::write(
        &good,
        "1,Anna Ivanova,Boris Petrov\n3,Clara Schmidt,Denis Roy\n",
    )
    .expect("write");
    let (code, out) = station_command(
        &hall,
        &["pairings", good.to_str().expect("path"), "--round", "2"],
    );
    assert_eq!(code, 0, "{out}");
    let want = |w: &str, b: &str| Some((w.to_string(), b.to_string()));
    wait_for(Duration::from_secs(30), "board 1 shows its pairing", || {
        names_shown(&hall, 1) == want("Anna Ivanova", "Boris Petrov")
    });
    // Board 3 was not online: it gets its names when it connects.
    let _three = hall.board(&files[2]);
    wait_for(Duration::from_secs(30), "board 3 shows its pairing", || {
        names_shown(&hall, 3) == want("Clara Schmidt", "Denis Roy")
    });
    // Board 2 is not in the file: it keeps its names.
    assert_eq!(names_shown(&hall, 2), before_two);
}

/// Four players of a TRF-16 file, round 1 paired: 1 (White) – 3 on board 1, 4 (White) – 2 on
/// board 2 (boards by each pair's higher-ranked player). Written by hand: round 1's block is
/// columns 92–99.
const TRF: &str = "\
012 Hall Open 2026
001    1 m    Ivanov, Ivan                      2100 RUS             1990/01/01  0.0    1     3 w
001    2 m    Petrov, Petr                      2000 RUS             1990/01/01  0.0    2     4 b
001    3 m    Sidorov, Sidor                    1900 RUS             1990/01/01  0.0    3     1 b
001    4 m    Smirnova, Anna                    1800 RUS             1990/01/01  0.0    4     2 w
";

#[test]
fn a_rounds_results_fill_the_trf_16_files_round_columns_for_the_pairing_program() {
    let hall = Hall::new(2);
    let _station = hall.station();
    let trf = hall.dir.path().join("open.trf");
    std::fs::write(&trf, TRF).expect("write");
    let (code, out) = station_command(
        &hall,
        &["pairings", trf.to_str().expect("path"), "--round", "1"],
    );
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("board 1: Ivanov, Ivan - Sidorov, Sidor"),
        "{out}"
    );
    assert!(
        out.contains("board 2: Smirnova, Anna - Petrov, Petr"),
        "{out}"
    );
    let files: Vec<BoardFiles> = (1..=2)
        .map(|n| hall.board_files(n, "5:00", hall.broker.port()))
        .collect();
    let mut boards: Vec<_> = files.iter().map(|f| hall.board(f)).collect();
    for board in boards.iter_mut() {
        board.key("s");
        board.key("w");
    }
    wait_for(Duration::from_secs(30), "both boards on the broker", || {
        let status = hall.status();
        status.contains("board 1  ") && status.contains("board 2  ")
    });
    // Board 1: Black (Sidorov, 3) wins. Board 2: Black (Petrov, 2) never came; White (Smirnova, 4) moved and
    // the arbiter rules the forfeit.
    for (n, words) in [
        (1, &["result", "black"][..]),
        (2, &["result", "white", "--forfeit"]),
    ] {
        let (code, reply) = hall.ctl(n, words);
        assert_eq!(code, 0, "{reply}");
    }
    let dir = results_of_round_1(&hall, &files, Duration::from_secs(30));
    let filled = std::fs::read_to_string(dir.join("open.trf")).expect("the filled file");
    let block = |rank: usize| -> String {
        let line = filled.lines().nth(rank).expect("the player's row");
        line.chars().skip(91).take(8).collect()
    };
    assert_eq!(block(1), "   3 w 0");
    assert_eq!(block(3), "   1 b 1");
    assert_eq!(block(2), "   4 b -");
    assert_eq!(block(4), "   2 w +");
    assert_eq!(filled.lines().next(), Some("012 Hall Open 2026"));
    let results = std::fs::read_to_string(dir.join("results.csv")).expect("results.csv");
    assert!(
        results.contains("\n1,\"Ivanov, Ivan\",\"Sidorov, Sidor\",0-1,arbiter,"),
        "{results}"
    );
    assert!(
        results.contains("\n2,\"Smirnova, Anna\",\"Petrov, Petr\",1-0,forfeit,"),
        "{results}"
    );
}

/// Waits until every board of `files` (boards 1, 2, …) is mirrored whole, runs `station
/// results --round 1`, and returns the round's folder.
fn results_of_round_1(hall: &Hall, files: &[BoardFiles], limit: Duration) -> std::path::PathBuf {
    for (i, f) in files.iter().enumerate() {
        let n = i as u32 + 1;
        wait_for(limit, &format!("board {n} mirrored"), || {
            mirror_of(&hall.mirror(), n, &f.journal)
                .is_some_and(|m| std::fs::read(m).ok() == std::fs::read(&f.journal).ok())
        });
    }
    let (code, out) = station_command(hall, &["results", "--round", "1"]);
    assert_eq!(code, 0, "{out}");
    hall.dir.path().join("rounds").join("round-1")
}
