//! A board's own credentials in hostile hands (issue 31, part 3), on the real station, a real
//! mosquitto and a real board: the messages are published as the board, with `mosquitto_pub`.
//! A record that breaks the chain is kept aside and the board's own mirrored; 20,000 records
//! far ahead of the mirror's gap are refused within bounded memory, and the board is asked
//! again from the gap; a retained state with absurd values is refused, logged, and shown
//! neither by `station status` nor on the dashboard.

use crate::boards;
use crate::common_daemon;
use crate::http;

use boards::*;
use std::net::SocketAddr;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

/// The journal's lines, and its game's id (the first 16 digits of its first digest).
fn journal_of(path: &Path) -> (Vec<String>, String) {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let lines: Vec<String> = text.lines().map(str::to_string).collect();
    let id = lines
        .first()
        .and_then(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .and_then(|v| v["digest"].as_str().map(|d| d.chars().take(16).collect()))
        .unwrap_or_default();
    (lines, id)
}

/// Whether the station's mirror of board 1 is the board's journal, byte for byte.
fn mirrored_whole(hall: &Hall, journal: &Path) -> bool {
    mirror_of(&hall.mirror(), 1, journal)
        .is_some_and(|m| std::fs::read(m).ok() == std::fs::read(journal).ok())
}

/// A record message of board 1's game `id`, numbered `seq`, holding `line`.
fn record_msg(id: &str, seq: usize, line: &str) -> String {
    serde_json::json!({"board": 1, "game": id, "seq": seq, "line": line}).to_string()
}

/// A heartbeat numbered `seq` that takes White's time away, with a digest that chains to
/// nothing.
fn forged_line(seq: usize) -> String {
    format!(
        r#"{{"kind":"heartbeat","seq":{seq},"game_ms":1000,"mono_ms":1000,"wall_ms":1,"white_ms":1,"black_ms":300000,"digest":"{}"}}"#,
        "0".repeat(64)
    )
}

/// A board with a game not yet started, mirrored whole: (board, its files, its journal's
/// lines, its game's id).
fn quiet_board(hall: &Hall) -> (common_daemon::Daemon, BoardFiles, Vec<String>, String) {
    let files = hall.board_files(1, "5:00", hall.broker.port());
    let board = hall.board(&files);
    wait_for(Duration::from_secs(30), "board 1's mirror", || {
        !journal_of(&files.journal).0.is_empty() && mirrored_whole(hall, &files.journal)
    });
    let (lines, id) = journal_of(&files.journal);
    (board, files, lines, id)
}

/// The station's resident memory now and at its peak, kB (`/proc/PID/status`).
fn memory_kb(pid: u32) -> (u64, u64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|n| n.parse().ok())
            .unwrap_or(0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

#[test]
fn a_forged_record_that_breaks_the_chain_is_kept_aside_and_the_boards_own_is_mirrored() {
    let hall = Hall::new(1);
    let station = hall.station_logged("");
    let (mut board, files, lines, id) = quiet_board(&hall);
    let next = lines.len();
    // With board 1's credentials: the next record, twice, each with a broken chain.
    let forged = [forged_line(next), forged_line(next).replace(":1,", ":2,")];
    let payloads: Vec<String> = forged.iter().map(|l| record_msg(&id, next, l)).collect();
    hall.publish_as("board-1", &topic(1, "records"), payloads, &[]);
    // The board's own record of that number: the start.
    board.key("s");
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    while !(journal_of(&files.journal).0.len() > next && mirrored_whole(&hall, &files.journal)) {
        if std::time::Instant::now() > deadline {
            let mirror = mirror_of(&hall.mirror(), 1, &files.journal).expect("a mirror");
            let held = std::fs::read_to_string(mirror).unwrap_or_default();
            panic!(
                "the mirror is not the board's journal: its record {next} is\n{}\nthe board's \
                 is\n{}",
                held.lines().nth(next).unwrap_or("(none)"),
                journal_of(&files.journal)
                    .0
                    .get(next)
                    .map_or("(none)", String::as_str)
            );
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let aside = hall
        .mirror()
        .join("board-1")
        .join(format!("{id}.aside.jsonl"));
    let kept = json_lines(&aside);
    assert_eq!(kept.len(), 2, "both forged records kept aside: {kept:?}");
    for (k, line) in kept.iter().zip(&forged) {
        assert_eq!(k["seq"], next as u64);
        assert_eq!(k["line"], line.as_str());
    }
    let log = station.log();
    assert!(
        log.contains(&format!(
            "board 1, game {id}: record {next} is not mirrored, kept aside: record {next} does \
             not fit the chain"
        )),
        "{log}"
    );
    wait_for(Duration::from_secs(10), "the arbiter told", || {
        station.lines().iter().any(|l| l["event"] == "aside")
    });
    let told: Vec<_> = station
        .lines()
        .into_iter()
        .filter(|l| l["event"] == "aside")
        .collect();
    assert_eq!(told.len(), 1, "one alert to the arbiter: {told:?}");
    assert_eq!(told[0]["board"], 1);
    assert!(
        told[0]["text"]
            .as_str()
            .is_some_and(|t| t.starts_with("Доска 1: запись журнала не сходится")),
        "{told:?}"
    );
    // The game can go to a spare device (rule 1.7.4).
    drop(board);
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
}

#[test]
fn twenty_thousand_far_ahead_records_are_refused_in_bounded_memory_and_the_board_asked_again_from_the_gap(
) {
    /// Each record's line: 16 kB, so the 20,000 are 320 MB.
    const LINE: usize = 16_000;
    /// What the station may grow by (it holds at most 16 MiB ahead of gaps).
    const BOUND_KB: u64 = 48 * 1024;
    const FLOOD: usize = 20_000;
    let hall = Hall::new(1);
    let station = hall.station_logged("");
    let (mut board, files, lines, id) = quiet_board(&hall);
    let gap = lines.len();
    let mirrored = hall.subscribe_as("station", &topic(1, "mirrored"));
    let (_, before) = memory_kb(station.pid().expect("the station runs"));
    let filler = "x".repeat(LINE);
    let payloads = (0..FLOOD).map(|i| record_msg(&id, gap + 1 + i, &filler));
    hall.publish_as("board-1", &topic(1, "records"), payloads, &[]);
    // The broker delivers what its queue for a lagging station holds (mosquitto drops QoS 1
    // messages past `max_queued_messages`, 1000): the station takes what comes, until nothing
    // more has come for two of its summaries (each record either waits, the first 1024
    // numbers past the gap, or is refused and counted in the log); or, on a station without
    // a bound, until it has grown past the bound.
    let refused_in = |log: &str| -> usize {
        log.lines()
            .filter(|l| l.contains(&format!("ahead of the gap at record {gap}")))
            .filter_map(|l| {
                l.split(" records refused")
                    .next()?
                    .rsplit(' ')
                    .next()?
                    .parse::<usize>()
                    .ok()
            })
            .sum()
    };
    let grew = || {
        memory_kb(station.pid().expect("the station runs"))
            .1
            .saturating_sub(before)
    };
    let deadline = std::time::Instant::now() + Duration::from_secs(120);
    let (mut last, mut since) = (0, std::time::Instant::now());
    while grew() <= BOUND_KB && (last == 0 || since.elapsed() < Duration::from_secs(11)) {
        assert!(
            std::time::Instant::now() < deadline,
            "no end to the flood in 120 s: {last} refused; the station's log:\n{}",
            station.log()
        );
        let refused = refused_in(&station.log());
        if refused != last {
            (last, since) = (refused, std::time::Instant::now());
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    let (now, peak) = memory_kb(station.pid().expect("the station runs"));
    assert!(
        grew() <= BOUND_KB,
        "the station grew from a peak of {before} kB to one of {peak} kB (now {now} kB)"
    );
    assert!(
        last > 0 && last <= FLOOD - 1024,
        "{last}: {}",
        station.log()
    );
    wait_for(
        Duration::from_secs(30),
        "board 1 asked to send again from the gap",
        || {
            mirrored.lines().iter().any(|l| {
                l.contains(&format!("\"records\":{gap},")) && l.contains("\"resend\":true")
            })
        },
    );
    // The board's own records go on being mirrored; what waited is kept aside or let go.
    board.key("s");
    wait_for(
        Duration::from_secs(30),
        "board 1's own records mirrored as its journal holds them",
        || journal_of(&files.journal).0.len() > gap + 1 && mirrored_whole(&hall, &files.journal),
    );
    let log = station.log();
    assert!(
        log.contains(&format!("record {} is not mirrored, kept aside", gap + 1))
            && log.contains("records that waited after it were let go"),
        "{log}"
    );
    eprintln!(
        "station memory: peak {before} kB before the flood, {peak} kB after ({now} kB now); \
         {last} records refused"
    );
}

#[test]
fn a_retained_state_with_absurd_values_is_refused_and_shown_neither_by_status_nor_on_the_dashboard()
{
    let hall = Hall::new(2);
    let port = free_port().expect("a free port");
    let addr: SocketAddr = format!("127.0.0.1:{port}").parse().expect("address");
    let station = hall.station_logged(&format!(
        "[dashboard]\nlisten = \"{addr}\"\nboards = \"1-2\"\n"
    ));
    let absurd = serde_json::json!({
        "board": 2, "game": "", "wall_ms": 1_700_000_000_000_i64, "records": 0, "alerts": 0,
        "config_digest": "", "stage": {"white": 1, "black": 1},
        "status": {
            "phase": "exploded<b>x</b>", "running": null, "white_ms": i64::MAX,
            "black_ms": i64::MAX, "moves": {"white": 0, "black": 0}, "result": null
        }
    });
    hall.publish_as("board-2", &topic(2, "state"), [absurd.to_string()], &["-r"]);
    let status = hall.status();
    assert!(
        status.contains("board 2  state refused: its phase is not one the clock has"),
        "{status}"
    );
    assert!(
        !status.contains("exploded") && !status.contains("2562047788015"),
        "{status}"
    );
    wait_for(
        Duration::from_secs(20),
        "the refusal in the station's log",
        || {
            station.log().contains(
                "board 2: a state refused, neither believed nor shown: its phase is not one the \
             clock has",
            )
        },
    );
    assert!(
        !hall.mirror().join("board-2").join("state.json").exists(),
        "not written to the mirror"
    );
    // The dashboard lists board 2 without a state.
    wait_for(Duration::from_secs(20), "the dashboard's page", || {
        std::net::TcpStream::connect(addr).is_ok()
    });
    let events = http::events_until(addr, Duration::from_secs(20), |d| {
        d.contains("\"board\":2,")
    });
    assert!(
        events
            .iter()
            .any(|d| d.contains("\"board\":2,\"shown\":null")),
        "{events:?}"
    );
    assert!(events.iter().all(|d| !d.contains("exploded")), "{events:?}");
}
