//! The click and the flag on a slow card: the daemon's own core and journal driver, in process
//! as in [`crate::core_loop`], run once as they are and once under strace for each delay of
//! [`DELAYS_MS`], strace holding every `fdatasync` of the process back that long before it runs
//! (`inject=fdatasync:delay_enter=`, as a Raspberry Pi's SD card takes). Each run is a child
//! process, `talkclock-bench --slow-syncs-child`, which prints its figures as one JSON line:
//! - **click**: from a press's stamp to its click coming out of the core (what the daemon hands
//!   to the audio; the audio path after it, 2–3 ms p99, is the full bench's click figure);
//! - **flag told**: from the true instant of zero to the flag coming out of the core;
//!   **flag decided**: to the game over in the core's table.

use crate::core_loop::{config_text, flag_instants, key_event, signed_us};
use crate::stats::Summary;
use crossbeam_channel::{select, unbounded};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};
use talkclock::clock::{Input, Side};
use talkclock::config::Config;
use talkclock::control::ArbiterCommand;
use talkclock::daemon::{clocks_now, CoreMsg, CoreOutput, Driven, JournalDriver};
use talkclock::hearing::Cue;
use talkclock::journal::FileStore;
use talkclock::table::TableOutput;

/// The sync delays measured besides none, in milliseconds: an SD card's small `fdatasync`
/// takes tens of milliseconds, sometimes far more.
pub const DELAYS_MS: [u64; 2] = [20, 80];

/// What one child measured (microseconds).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SyncFigures {
    /// Each journal sync delayed this long (0: as the disk is).
    pub delay_ms: u64,
    /// The measuring thread's scheduling (the daemon's core thread's real-time priority, or
    /// why it could not be had).
    pub priority: String,
    /// Press to click out of the core.
    pub click_us: Summary,
    /// The same from the press reaching the core thread (the rest is the hop from the
    /// stamping thread, which runs at normal priority).
    pub click_in_core_us: Summary,
    /// Zero to the flag out of the core.
    pub flag_told_us: Summary,
    /// Zero to the game over in the core's table.
    pub flag_decided_us: Summary,
}

/// How many presses and flags a child times.
#[derive(Debug, Clone, Copy)]
pub struct Counts {
    /// Presses.
    pub presses: usize,
    /// Flags.
    pub flags: usize,
}

impl Counts {
    /// The counts for a full run, or a quick one.
    pub fn new(quick: bool) -> Counts {
        if quick {
            Counts {
                presses: 60,
                flags: 20,
            }
        } else {
            Counts {
                presses: 300,
                flags: 100,
            }
        }
    }
}

/// The child's work: measures in `dir` and returns the figures for `delay_ms` (the delay is
/// strace's doing; it is only reported here).
pub fn measure(dir: &Path, delay_ms: u64, counts: Counts) -> Result<SyncFigures, String> {
    // The same call the daemon makes on its core thread, on this measuring thread (the
    // journal's sync thread raises itself, as in the daemon).
    let priority = match talkclock::realtime::raise_this_thread() {
        Ok(said) => said,
        Err(why) => why.to_string(),
    };
    let (clicks, in_core) = press_to_click(dir, counts.presses)?;
    let (decided, told) = flag_instants(dir, counts.flags, 10, 40)?;
    Ok(SyncFigures {
        delay_ms,
        priority,
        click_us: Summary::of(&clicks).ok_or("no clicks timed")?,
        click_in_core_us: Summary::of(&in_core).ok_or("no clicks timed")?,
        flag_told_us: Summary::of(&told).ok_or("no flags timed")?,
        flag_decided_us: Summary::of(&decided).ok_or("no flags timed")?,
    })
}

/// Runs `program --slow-syncs-child` as is and under strace for each of [`DELAYS_MS`], in
/// `dir`; returns their figures, the undelayed first.
pub fn run(program: &Path, dir: &Path, quick: bool) -> Result<Vec<SyncFigures>, String> {
    let mut figures = Vec::new();
    for delay_ms in std::iter::once(0).chain(DELAYS_MS) {
        let mut command = if delay_ms == 0 {
            Command::new(program)
        } else {
            let mut strace = Command::new("strace");
            strace
                .args(["-f", "--seccomp-bpf", "-qq", "-o", "/dev/null"])
                .args(["-e", "trace=fdatasync", "-e"])
                .arg(format!("inject=fdatasync:delay_enter={}", delay_ms * 1000))
                .arg("--")
                .arg(program);
            strace
        };
        let child_dir = dir.join(format!("syncs-{delay_ms}ms"));
        std::fs::create_dir_all(&child_dir).map_err(|e| format!("{}: {e}", child_dir.display()))?;
        command
            .arg("--slow-syncs-child")
            .arg(delay_ms.to_string())
            .arg("--scratch")
            .arg(&child_dir);
        if quick {
            command.arg("--quick");
        }
        let out = command
            .output()
            .map_err(|e| format!("cannot run the slow-sync child (is strace installed?): {e}"))?;
        if !out.status.success() {
            return Err(format!(
                "the slow-sync child ({delay_ms} ms) failed: {}",
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        let text = String::from_utf8_lossy(&out.stdout);
        let line = text.lines().last().unwrap_or_default();
        figures.push(serde_json::from_str(line).map_err(|e| format!("{e}: {line}"))?);
    }
    Ok(figures)
}

/// The figures side by side, one row per delay.
pub fn table(figures: &[SyncFigures]) -> String {
    let mut out = String::from(
        "journal syncs delayed (strace delay_enter): press to click, flag told and decided, \
         p50 / p99 / max in ms\n",
    );
    out += "  delay   | click                  | click, in the core     | flag told              \
            | flag decided\n";
    for f in figures {
        let cell = |s: &Summary| {
            format!(
                "{:>6.2} / {:>6.2} / {:>6.2}",
                s.p50 / 1e3,
                s.p99 / 1e3,
                s.max / 1e3
            )
        };
        let delay = if f.delay_ms == 0 {
            "none".to_string()
        } else {
            format!("{} ms", f.delay_ms)
        };
        out += &format!(
            "  {delay:<7} | {} | {} | {} | {}\n",
            cell(&f.click_us),
            cell(&f.click_in_core_us),
            cell(&f.flag_told_us),
            cell(&f.flag_decided_us)
        );
    }
    if let Some(f) = figures.first() {
        out += &format!(
            "  ({} presses, {} flags a row; measuring thread: {})\n",
            f.click_us.n, f.flag_told_us.n, f.priority
        );
    }
    out
}

/// Presses 100 ms apart (longer than the slowest delay, so each finds the disk's last sync
/// over), each stamped by a sender thread as an input reader stamps it; per press,
/// microseconds from its stamp to its click coming out of the core, waiting on the journal's
/// sync thread as the daemon's loop does when the click is held; and from the press reaching
/// the core thread.
fn press_to_click(dir: &Path, presses: usize) -> Result<(Vec<f64>, Vec<f64>), String> {
    let text = config_text("2:00:00");
    let mut config = Config::parse(&text, "bench").map_err(|e| e.to_string())?;
    config.input.lockout = 0;
    let path = dir.join("clicks.jsonl");
    let store = FileStore::new(&path);
    let synced = store.signal();
    let driver = JournalDriver::new(Box::new(store));
    let mut core = Driven::new(driver, config, text, clocks_now()).map_err(|e| e.to_string())?;
    core.handle(
        clocks_now(),
        CoreMsg::Command(ArbiterCommand::Game(Input::Start)),
    )
    .map_err(|e| e.to_string())?;
    let (tx, mut rx) = unbounded::<(Instant, Side)>();
    let sender = std::thread::spawn(move || {
        for i in 0..presses {
            std::thread::sleep(Duration::from_millis(100));
            let side = if i % 2 == 0 { Side::White } else { Side::Black };
            if tx.send((Instant::now(), side)).is_err() {
                break;
            }
        }
    });
    let mut clicks = Vec::with_capacity(presses);
    let mut in_core = Vec::with_capacity(presses);
    // Presses whose click has not come yet, oldest first (on a slow disk with clicks held
    // for the sync, as before issue 37, a click can come after the next press).
    let mut pending: VecDeque<(Instant, Instant)> = VecDeque::new();
    loop {
        let timeout = match core.next_wake() {
            Some(wake) => crossbeam_channel::after(wake.saturating_duration_since(Instant::now())),
            None => crossbeam_channel::after(Duration::from_millis(100)),
        };
        select! {
            recv(rx) -> press => {
                let Ok((at, side)) = press else {
                    // Every press sent: wait for the last clicks.
                    rx = crossbeam_channel::never();
                    continue;
                };
                let received = Instant::now();
                let key = if side == Side::White { "w" } else { "b" };
                for pressed in [true, false] {
                    core.handle(clocks_now(), CoreMsg::Source(key_event(at, key, pressed)))
                        .map_err(|e| e.to_string())?;
                }
                pending.push_back((at, received));
            }
            recv(synced) -> _ => core.journal_synced(clocks_now()),
            recv(timeout) -> _ => core.advance(clocks_now()).map_err(|e| e.to_string())?,
        }
        let clicked = Instant::now();
        for _ in core.drain().iter().filter(|o| is_click(o)) {
            let (at, received) = pending.pop_front().ok_or("a click without a press")?;
            clicks.push(signed_us(clicked, at));
            in_core.push(signed_us(clicked, received));
        }
        if clicks.len() == presses {
            break;
        }
        if pending
            .front()
            .is_some_and(|(at, _)| at.elapsed() > Duration::from_secs(5))
        {
            return Err("a press was not clicked within 5 s".into());
        }
    }
    let _ = sender.join();
    let _ = std::fs::remove_file(&path);
    Ok((clicks, in_core))
}

fn is_click(output: &CoreOutput) -> bool {
    matches!(
        output,
        CoreOutput::Table(TableOutput::Cue {
            cue: Cue::Click,
            ..
        })
    )
}
