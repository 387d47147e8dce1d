//! Two hundred boards in two venues (issue 36): venue A (boards 1–100 and the station) and
//! venue B (101–200) written by `hall init` alone and bridged through a relay that the test
//! cuts, the boards from the board simulator (the harness's `board_sim`: each the board's own
//! core, journal and hall link, in this process), the station the real binary. A flag that
//! falls during the cut is said with its lateness before the venue is said to be back; the
//! cut is said in one sentence each way; both brokers are SIGKILLed; every board's journal is
//! mirrored byte for byte and every alert said once.

use crate::boards::*;
use std::time::{Duration, Instant};
use talkclock_harness::board_sim::{BoardSpec, SimBoards};
use talkclock_harness::hall_audit::mirrored_whole;

/// Boards in all; the first half in venue A.
const BOARDS: u32 = 200;
const IN_A: u32 = 100;

/// White's time on board `n`: boards 10 and 160 flag before the cut, 110 during it; the rest
/// play on.
fn time_of(n: u32) -> &'static str {
    match n {
        10 => "0:08",
        160 => "0:09",
        110 => "0:30",
        _ => "2:00:00",
    }
}

/// The station's transcript lines of `event` ("silent", "back").
fn of_event(lines: &[serde_json::Value], event: &str) -> Vec<serde_json::Value> {
    lines
        .iter()
        .filter(|l| l["event"] == event)
        .cloned()
        .collect()
}

/// The station's flag lines of board `n`.
fn flags_of(lines: &[serde_json::Value], n: u32) -> usize {
    lines
        .iter()
        .filter(|l| l["board"] == n && l["priority"] == "flag")
        .count()
}

#[test]
fn two_hundred_simulated_boards_in_two_venues_lose_nothing_through_a_bridge_cut_and_two_broker_kills(
) {
    let mut a = Hall::new(IN_A);
    a.arbiters =
        "[[arbiter]]\nname = \"chief\"\nlanguage = \"en\"\nboards = \"1-200\"\n".to_string();
    let relay = Relay::new(a.broker.port()).expect("a relay");
    let mut b = Hall::bridged(&a, &format!("{}-{BOARDS}", IN_A + 1), relay.port);
    let station = a.station();

    // Each board's configuration as a real board's (its venue's broker and credentials), White
    // to move first.
    let specs: Vec<BoardSpec> = (1..=BOARDS)
        .map(|n| {
            let venue = if n <= IN_A { &a } else { &b };
            let files = venue.board_files(n, time_of(n), venue.broker.port());
            let text = std::fs::read_to_string(&files.config).expect("the board's configuration");
            BoardSpec {
                board: n,
                config: format!("{text}[game]\nfirst = \"white\"\n"),
                journal: files.journal,
            }
        })
        .collect();
    let mut sim = SimBoards::start(&specs).unwrap_or_else(|e| panic!("{e}"));
    sim.start_all();

    // Every board reaches the station, in both venues; the two early flags are said.
    let mirrored = |n: u32| mirror_of(&a.mirror(), n, &specs[n as usize - 1].journal).is_some();
    wait_for(Duration::from_secs(60), "every board mirrored", || {
        (1..=BOARDS).all(mirrored)
    });
    wait_for(
        Duration::from_secs(30),
        "the flags of boards 10 and 160",
        || {
            let lines = station.lines();
            flags_of(&lines, 10) == 1 && flags_of(&lines, 160) == 1
        },
    );

    // The bridge is cut: venue B's boards fall silent for the station together, and board
    // 110's flag falls meanwhile.
    relay.cut();
    let cut_at = wall_ms();
    wait_for(Duration::from_secs(40), "board 110's flag", || {
        sim.flags().iter().any(|f| f.board == 110)
    });
    let flag_110 = sim
        .flags()
        .iter()
        .find(|f| f.board == 110)
        .map(|f| f.wall_ms);
    assert!(
        flag_110.is_some_and(|at| at > cut_at),
        "board 110's flag fell during the cut (cut at {cut_at}, flag at {flag_110:?})"
    );
    wait_for(Duration::from_secs(20), "venue B said silent", || {
        !of_event(&station.lines(), "silent").is_empty()
    });
    // Longer than `late_after` (3 s): its flag is said with how late it is.
    std::thread::sleep(Duration::from_secs(5));
    let lines = station.lines();
    let silent = of_event(&lines, "silent");
    assert_eq!(
        silent.len(),
        1,
        "one sentence for the cut:\n{}",
        brief(&lines)
    );
    let venue_b: Vec<u32> = (IN_A + 1..=BOARDS).collect();
    assert_eq!(
        silent[0]["boards"],
        serde_json::json!(venue_b),
        "{}",
        silent[0]
    );
    assert_eq!(flags_of(&lines, 110), 0, "said before the bridge is back");
    relay.mend();
    // Back in one sentence, then only what changed: each board of venue B said back once (a
    // board is back once it has caught up, so one may come a moment after the others).
    let named_back = |lines: &[serde_json::Value]| -> Vec<(usize, u32)> {
        (0..lines.len())
            .filter(|&i| lines[i]["event"] == "back")
            .flat_map(|i| {
                let boards: Vec<u32> = serde_json::from_value(lines[i]["boards"].clone())
                    .unwrap_or_else(|_| vec![lines[i]["board"].as_u64().unwrap_or(0) as u32]);
                boards.into_iter().map(move |n| (i, n))
            })
            .filter(|(_, n)| *n > IN_A)
            .collect()
    };
    wait_for(Duration::from_secs(60), "venue B said back", || {
        named_back(&station.lines()).len() >= venue_b.len()
    });
    let lines = station.lines();
    let back = named_back(&lines);
    let mut boards_back: Vec<u32> = back.iter().map(|(_, n)| *n).collect();
    boards_back.sort_unstable();
    assert_eq!(
        boards_back,
        venue_b,
        "each board of B back once:\n{}",
        brief(&lines)
    );
    let mut sentences: Vec<usize> = back.iter().map(|(i, _)| *i).collect();
    sentences.dedup();
    assert!(
        sentences.len() <= 3,
        "the return in one sentence, then what changed:\n{}",
        brief(&lines)
    );
    let back_110 = back
        .iter()
        .find(|(_, n)| *n == 110)
        .map_or(usize::MAX, |(i, _)| *i);
    let flag = lines
        .iter()
        .position(|l| l["board"] == 110 && l["priority"] == "flag")
        .unwrap_or_else(|| panic!("board 110's flag not said:\n{}", brief(&lines)));
    assert!(
        flag < back_110,
        "the flag of the cut before its board is said back:\n{}",
        brief(&lines)
    );
    assert!(
        lines[flag]["late_ms"].as_i64().is_some_and(|l| l > 3_000),
        "said with how late: {}",
        lines[flag]
    );

    // Each venue's broker SIGKILLed and started again, mid-game.
    for venue in [&mut b, &mut a] {
        venue.broker.kill();
        std::thread::sleep(Duration::from_millis(500));
        venue.broker.restart().expect("mosquitto starts again");
        std::thread::sleep(Duration::from_secs(3));
    }

    // The boards' games stop as daemons stop them (journaled to the end); the station ends
    // up with every board's journal, byte for byte, and every alert once.
    sim.stop_games();
    let began = Instant::now();
    for spec in &specs {
        let n = spec.board;
        let limit = Duration::from_secs(90).saturating_sub(began.elapsed());
        wait_for(
            limit.max(Duration::from_secs(1)),
            &format!("board {n} mirrored whole"),
            || {
                let whole = mirrored_whole(&a.mirror(), n, &spec.journal);
                let count = board_alert_count(&a.mirror(), n);
                let said = alerts_of(&station.lines(), u64::from(n)).len() as u64;
                // The last state (counting the "clock stopping" alert) may come after the alert.
                whole && count.is_some_and(|c| said == c)
            },
        );
    }
    sim.stop().unwrap_or_else(|e| panic!("{e}"));
    let lines = station.lines();
    for spec in &specs {
        let n = spec.board;
        let said = said_once(&a.mirror(), &lines, n);
        let flags = usize::from(matches!(n, 10 | 110 | 160));
        assert_eq!(flags_of(&lines, n), flags, "board {n}'s flags: {said:?}");
    }
}

/// The station's lines, one a line, without their lists of boards.
fn brief(lines: &[serde_json::Value]) -> String {
    lines
        .iter()
        .map(|l| {
            let mut l = l.clone();
            if let Some(o) = l.as_object_mut() {
                if let Some(b) = o.get("boards").and_then(|b| b.as_array()) {
                    let (first, last) = (b.first().cloned(), b.last().cloned());
                    o.insert(
                        "boards".into(),
                        serde_json::json!([first, "…", last, b.len()]),
                    );
                }
            }
            l.to_string()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn wall_ms() -> f64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0.0, |d| d.as_secs_f64() * 1e3)
}
