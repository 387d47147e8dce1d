//! `talkclock bench --under-load`: the core loop's flag timing and press handling measured
//! side by side on a quiet machine and with every core busy (`stress-ng --cpu N`), with the
//! core thread at the real-time priority the daemon asks for. Goals (issue 11, case 9): under
//! that load, flag error max < 2 ms and press→switch p99 < 0.5 ms.

use crate::core_loop;
use crate::process::ChildGuard;
use crate::stats::Summary;
use std::path::Path;
use std::process::{Command, Stdio};

/// One run's figures, in microseconds.
pub struct Figures {
    /// What the thread's priority was.
    pub priority: String,
    /// Flag error (decided − due): the game over in the core's table.
    pub flag_decided: Summary,
    /// Flag error (told − due): decided, and its record written to the journal file (its sync
    /// on the journal's thread comes after).
    pub flag: Summary,
    /// Press → clocks switched (its record written; synced after).
    pub press: Summary,
}

fn measure(dir: &Path, flags: usize, presses: usize) -> Result<Figures, String> {
    // The same call the daemon makes on its core thread, on this measuring thread.
    let priority = match talkclock::realtime::raise_this_thread() {
        Ok(said) => said,
        Err(why) => why.to_string(),
    };
    let (decided, flag) = core_loop::flag_instants(dir, flags, 10, 40)?;
    let (press, _) = core_loop::press_to_switch(dir, presses)?;
    Ok(Figures {
        priority,
        flag_decided: Summary::of(&decided).ok_or("no flag measured")?,
        flag: Summary::of(&flag).ok_or("no flag measured")?,
        press: Summary::of(&press).ok_or("no press measured")?,
    })
}

/// Measures quiet, then under `stress-ng --cpu N` (N = the cores here).
pub fn run(dir: &Path, quick: bool) -> Result<(Figures, Figures, usize), String> {
    let (flags, presses) = if quick { (100, 200) } else { (300, 600) };
    std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    let quiet = {
        let dir = dir.join("quiet");
        std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        std::thread::spawn(move || measure(&dir, flags, presses))
            .join()
            .map_err(|_| "the quiet measurement panicked".to_string())??
    };
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    let stress = Command::new("stress-ng")
        .args(["--cpu", &cores.to_string(), "--timeout", "600s", "--quiet"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start stress-ng (install stress-ng): {e}"))?;
    let mut guard = ChildGuard(Some(stress));
    std::thread::sleep(std::time::Duration::from_secs(1));
    let loaded = {
        let dir = dir.join("loaded");
        std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        std::thread::spawn(move || measure(&dir, flags, presses))
            .join()
            .map_err(|_| "the loaded measurement panicked".to_string())
    };
    guard.stop();
    Ok((quiet, loaded??, cores))
}

/// The figures as a table, quiet and loaded side by side.
pub fn human(quiet: &Figures, loaded: &Figures, cores: usize) -> String {
    let row = |name: &str, q: &Summary, l: &Summary, goal: &str| {
        format!(
            "{name:<22} quiet p50 {:>8.0} p99 {:>8.0} max {:>8.0}   loaded p50 {:>8.0} p99 {:>8.0} max {:>8.0}   {goal}\n",
            q.p50, q.p99, q.max, l.p50, l.p99, l.max
        )
    };
    let mut out = format!(
        "talkclock bench --under-load (µs; load: stress-ng --cpu {cores})\npriority: {}\n",
        loaded.priority
    );
    out += &row(
        "flag decided",
        &quiet.flag_decided,
        &loaded.flag_decided,
        "goal: loaded max < 2000",
    );
    out += &row(
        "flag told (written)",
        &quiet.flag,
        &loaded.flag,
        "(decided + the record's write)",
    );
    out += &row(
        "press → switch",
        &quiet.press,
        &loaded.press,
        "goal: loaded p99 < 500",
    );
    out
}
