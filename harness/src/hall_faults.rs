//! What `bench --hall N --venues 2 --hall-sim` does to the hall after its flags, and what came
//! of it: the bridge between the venues cut for 60 s (a relay on the bridge's way) while one of
//! venue B's boards flags, each venue's broker SIGKILLed and started again, and then every
//! board's game stopped: how the station told the cut, whether the flag of the cut was said
//! with its lateness before its board was said back, and whether the station ends up with every
//! board's journal byte for byte and every alert said exactly once.

use crate::board_sim::SimBoards;
use crate::broker::Broker;
use crate::hall::{json_lines, wall_ms_now as wall_ms};
use crate::hall_audit::{alerts_of, alerts_received, board_alert_count, mirrored_whole};
use crate::relay::Relay;
use serde::Serialize;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How long the bridge is cut.
pub const CUT: Duration = Duration::from_secs(60);
/// After the measured flags, when the flag of the cut falls (its board's White has this much
/// more than the last measured flag's).
pub const CUT_FLAG_AFTER: Duration = Duration::from_secs(30);

/// The flag that fell while the bridge was cut.
#[derive(Debug, Clone, Serialize)]
pub struct CutFlag {
    /// Its board (in venue B).
    pub board: u32,
    /// It fell while the bridge was cut.
    pub fell_during_cut: bool,
    /// How late the station said it was, ms.
    pub late_ms: Option<i64>,
    /// It was said before its board was said back.
    pub before_back: bool,
}

/// What the faults did.
#[derive(Debug, Clone, Serialize)]
pub struct FaultReport {
    /// The bridge was cut this long, s.
    pub cut_seconds: f64,
    /// The station's "no contact" sentences from the cut to the end.
    pub silent_sentences: usize,
    /// Its "back in contact" sentences.
    pub back_sentences: usize,
    /// From the bridge's return to the last of venue B's boards said back, s.
    pub mend_to_back_seconds: Option<f64>,
    /// The flag of the cut.
    pub cut_flag: Option<CutFlag>,
    /// The brokers SIGKILLed and started again, in order.
    pub broker_kills: Vec<String>,
    /// Boards whose journal the station holds byte for byte at the end.
    pub mirrors_whole: u32,
    /// Boards in all.
    pub boards: u32,
    /// Alerts a board counted that the station never received.
    pub alerts_missing: u64,
    /// Alerts received and not said yet when the audit ended (the arbiter's queue: every
    /// board's "clock stopping" at the end of the run, said one after another).
    pub alerts_unsaid: u64,
    /// Alerts the station said more than once.
    pub alerts_doubled: u64,
}

/// The hall as the fault phase needs it.
pub struct Faulted<'a> {
    /// The station's transcript and mirror.
    pub transcript: &'a Path,
    /// The station's mirror folder.
    pub mirror: &'a Path,
    /// The boards, and each one's journal.
    pub boards: &'a [(u32, PathBuf)],
    /// Venue B's first board.
    pub first_of_b: u32,
    /// The board that flags during the cut, if one does.
    pub cut_flagger: Option<u32>,
    /// The relay on the bridge's way.
    pub relay: &'a Relay,
    /// The brokers: venue A's, then B's.
    pub brokers: &'a mut [Broker],
}

/// Each board said back in the lines from `from` on, with the index of its line.
fn said_back(lines: &[serde_json::Value], from: usize) -> Vec<(usize, u32)> {
    (from..lines.len())
        .filter(|&i| lines[i]["event"] == "back")
        .flat_map(|i| {
            let boards: Vec<u32> = serde_json::from_value(lines[i]["boards"].clone())
                .unwrap_or_else(|_| {
                    vec![u32::try_from(lines[i]["board"].as_u64().unwrap_or(0)).unwrap_or(0)]
                });
            boards.into_iter().map(move |n| (i, n))
        })
        .collect()
}

/// Cuts, kills and stops, then audits the station.
pub fn run(hall: Faulted<'_>, sim: &mut SimBoards) -> Result<FaultReport, String> {
    let from = json_lines(hall.transcript).len();
    let venue_b: Vec<u32> = hall
        .boards
        .iter()
        .map(|(n, _)| *n)
        .filter(|n| *n >= hall.first_of_b)
        .collect();

    // The cut: 60 s, and at least 8 s after the flag of the cut (it is said late).
    hall.relay.cut();
    let cut_at = (Instant::now(), wall_ms());
    let mut fell = None;
    while cut_at.0.elapsed() < CUT
        || fell.is_some_and(|f: f64| wall_ms() - f < 8_000.0) && cut_at.0.elapsed() < CUT * 2
    {
        std::thread::sleep(Duration::from_millis(200));
        if fell.is_none() {
            fell = hall
                .cut_flagger
                .and_then(|b| sim.flags().iter().find(|f| f.board == b).map(|f| f.wall_ms));
        }
    }
    hall.relay.mend();
    let mended = Instant::now();
    let cut_seconds = cut_at.0.elapsed().as_secs_f64();

    // Back: every board of B said back (at most 90 s).
    let mut back_at = None;
    while mended.elapsed() < Duration::from_secs(90) {
        let lines = json_lines(hall.transcript);
        let back: Vec<u32> = said_back(&lines, from)
            .into_iter()
            .map(|(_, n)| n)
            .collect();
        if venue_b.iter().all(|n| back.contains(n)) {
            back_at = Some(mended.elapsed().as_secs_f64());
            break;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    let lines = json_lines(hall.transcript);
    let cut_flag = hall.cut_flagger.map(|board| {
        let said = (from..lines.len())
            .find(|&i| lines[i]["board"] == board && lines[i]["priority"] == "flag");
        let back = said_back(&lines, from)
            .into_iter()
            .find(|(_, n)| *n == board)
            .map(|(i, _)| i);
        CutFlag {
            board,
            fell_during_cut: fell.is_some_and(|f| f > cut_at.1),
            late_ms: said.and_then(|i| lines[i]["late_ms"].as_i64()),
            before_back: matches!((said, back), (Some(s), Some(b)) if s < b),
        }
    });

    // Each venue's broker killed and started again, B's first.
    let mut broker_kills = Vec::new();
    for (broker, venue) in hall.brokers.iter_mut().rev().zip(["b", "a"]) {
        broker.kill();
        std::thread::sleep(Duration::from_secs(1));
        broker.restart()?;
        broker_kills.push(format!("venue {venue}"));
        std::thread::sleep(Duration::from_secs(8));
    }

    // Every game stopped; the station is given 120 s to hold all of it.
    sim.stop_games();
    let stopped = Instant::now();
    let whole = |lines: &[serde_json::Value]| -> (u32, u64, u64, u64) {
        let mut mirrors = 0;
        let (mut missing, mut unsaid, mut doubled) = (0, 0, 0);
        for (n, journal) in hall.boards {
            if mirrored_whole(hall.mirror, *n, journal) {
                mirrors += 1;
            }
            let said = alerts_of(lines, u64::from(*n));
            let mut ids: Vec<u64> = said.iter().map(|(id, _, _)| *id).collect();
            ids.sort_unstable();
            let all = ids.len() as u64;
            ids.dedup();
            doubled += all - ids.len() as u64;
            let received = alerts_received(hall.mirror, *n, journal);
            let count = board_alert_count(hall.mirror, *n).unwrap_or(0);
            missing += (0..count)
                .filter(|id| received.binary_search(id).is_err())
                .count() as u64;
            unsaid += received
                .iter()
                .filter(|id| ids.binary_search(id).is_err())
                .count() as u64;
        }
        (mirrors, missing, unsaid, doubled)
    };
    let boards = u32::try_from(hall.boards.len()).unwrap_or(u32::MAX);
    let (mirrors_whole, alerts_missing, alerts_unsaid, alerts_doubled) = loop {
        let now = whole(&json_lines(hall.transcript));
        let done = now.0 == boards && now.1 == 0;
        if done || stopped.elapsed() > Duration::from_secs(120) {
            break now;
        }
        std::thread::sleep(Duration::from_secs(1));
    };
    let lines = json_lines(hall.transcript);
    let count = |event: &str| {
        (from..lines.len())
            .filter(|&i| lines[i]["event"] == event)
            .count()
    };
    Ok(FaultReport {
        cut_seconds: crate::stats::round(cut_seconds, 1),
        silent_sentences: count("silent"),
        back_sentences: count("back"),
        mend_to_back_seconds: back_at.map(|s| crate::stats::round(s, 1)),
        cut_flag,
        broker_kills,
        mirrors_whole,
        boards,
        alerts_missing,
        alerts_unsaid,
        alerts_doubled,
    })
}

impl FaultReport {
    /// Lines for the bench's table.
    pub fn human(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "the bridge cut for {:.0} s: {} \"no contact\" and {} \"back in contact\" sentence(s); \
             the last of venue B said back {} after the bridge returned",
            self.cut_seconds,
            self.silent_sentences,
            self.back_sentences,
            self.mend_to_back_seconds
                .map_or("never (within 90 s)".to_string(), |s| format!("{s:.1} s"))
        );
        if let Some(f) = &self.cut_flag {
            let _ = writeln!(
                out,
                "board {}'s flag {} the cut: said {}, {} its board was said back",
                f.board,
                if f.fell_during_cut {
                    "fell during"
                } else {
                    "did NOT fall during"
                },
                f.late_ms
                    .map_or("without its lateness".to_string(), |l| format!(
                        "{:.1} s late",
                        l as f64 / 1e3
                    )),
                if f.before_back {
                    "before"
                } else {
                    "NOT before"
                }
            );
        }
        let _ = writeln!(
            out,
            "brokers SIGKILLed and started again: {}; then every game stopped: {} of {} journals \
             mirrored byte for byte, {} alert(s) never received, {} said twice ({} received and \
             still waiting to be said when the audit ended)",
            self.broker_kills.join(", "),
            self.mirrors_whole,
            self.boards,
            self.alerts_missing,
            self.alerts_doubled,
            self.alerts_unsaid
        );
        out
    }
}
