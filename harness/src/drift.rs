//! Real-time drift: the real daemon (no audio) plays a game with scripted presses typed on
//! its standard input; the clocks it reports after the last press are compared with the
//! remaining times computed from the instants we typed each press.

use crate::core_loop::{config_text, Rng};
use crate::daemon::Daemon;
use std::path::Path;
use std::time::{Duration, Instant};

/// What the real-time run showed.
#[derive(Debug, Clone, Copy)]
pub struct Drift {
    /// Largest |reported − expected| over both sides after the last press, in ms.
    pub drift_ms: f64,
    /// The same against the daemon's own millisecond stamps of each press (the core alone).
    pub own_stamps_drift_ms: f64,
    /// Spread of (daemon's stamp − our typing instant) over the start and every press, in ms:
    /// millisecond rounding (up to 1 ms) plus the daemon reading its input late.
    pub stamp_spread_ms: f64,
    /// Presses made.
    pub presses: usize,
    /// How long the clock ran, in seconds.
    pub seconds: f64,
}

const START_MS: f64 = 2.0 * 3_600_000.0;

/// Runs a game of about `window` with presses 0.3–3 s apart.
pub fn realtime(exe: &Path, dir: &Path, window: Duration) -> Result<Drift, String> {
    let mut daemon = Daemon::start(exe, dir, &config_text("2:00:00"), true)?;
    let result = play(&mut daemon, window);
    daemon.quit();
    result
}

fn play(daemon: &mut Daemon, window: Duration) -> Result<Drift, String> {
    let mut rng = Rng::new(0xd71f7 ^ u64::from(std::process::id()));
    let started = daemon.key("s")?;
    let mut spent = [0.0f64; 2];
    let mut typed = Vec::new(); // ms after the start, as we typed each press
    let mut last_at = started;
    let mut presses = 0;
    let mut side = 0; // White's clock runs first.
    while last_at.duration_since(started) < window {
        let think = Duration::from_millis(rng.between(300, 3_000));
        std::thread::sleep((last_at + think).saturating_duration_since(Instant::now()));
        let at = daemon.key(if side == 0 { "w" } else { "b" })?;
        spent[side] += at.duration_since(last_at).as_secs_f64() * 1e3;
        typed.push(at.duration_since(started).as_secs_f64() * 1e3);
        last_at = at;
        side = 1 - side;
        presses += 1;
    }
    let lines = transcript(daemon, presses)?;
    let last = &lines.presses[presses - 1];
    let reported = [last.white_ms, last.black_ms];
    let expected = [START_MS - spent[0], START_MS - spent[1]];
    // The same from the daemon's own millisecond stamps (`at_ms`): the core's arithmetic alone.
    let mut own = [0.0f64; 2];
    let mut from = lines.start_ms;
    for (i, press) in lines.presses.iter().enumerate() {
        own[i % 2] += press.at_ms - from;
        from = press.at_ms;
    }
    let own_expected = [START_MS - own[0], START_MS - own[1]];
    let largest = |e: [f64; 2]| {
        (0..2)
            .map(|i| (reported[i] - e[i]).abs())
            .fold(0.0, f64::max)
    };
    // How unevenly the daemon stamped the presses, against when we typed them (0 = the start).
    let lags = lines
        .presses
        .iter()
        .zip(&typed)
        .map(|(p, t)| p.at_ms - lines.start_ms - t);
    let (low, high) = lags.fold((0.0f64, 0.0f64), |(l, h), x| (l.min(x), h.max(x)));
    Ok(Drift {
        drift_ms: largest(expected),
        stamp_spread_ms: high - low,
        own_stamps_drift_ms: largest(own_expected),
        presses,
        seconds: last_at.duration_since(started).as_secs_f64(),
    })
}

/// A press line of the transcript.
struct Press {
    at_ms: f64,
    white_ms: f64,
    black_ms: f64,
}

/// The start and press lines of the daemon's transcript.
struct Lines {
    start_ms: f64,
    presses: Vec<Press>,
}

/// Reads the transcript once it shows `presses` presses (waits up to 5 s).
fn transcript(daemon: &Daemon, presses: usize) -> Result<Lines, String> {
    if presses == 0 {
        return Err("no press was made: the drift window is too short".into());
    }
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let text = std::fs::read_to_string(&daemon.transcript)
            .map_err(|e| format!("{}: {e}", daemon.transcript.display()))?;
        let values: Vec<serde_json::Value> = text
            .lines()
            .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
            .collect();
        let number = |v: &serde_json::Value, key: &str| {
            v[key]
                .as_f64()
                .ok_or_else(|| format!("a transcript line without {key}: {v}"))
        };
        let found = values.iter().filter(|v| v["event"] == "press").count();
        if found >= presses {
            let start = values
                .iter()
                .find(|v| v["event"] == "start")
                .ok_or("the transcript has no start line")?;
            let mut lines = Lines {
                start_ms: number(start, "at_ms")?,
                presses: Vec::new(),
            };
            for v in values.iter().filter(|v| v["event"] == "press") {
                lines.presses.push(Press {
                    at_ms: number(v, "at_ms")?,
                    white_ms: number(v, "white_ms")?,
                    black_ms: number(v, "black_ms")?,
                });
            }
            return Ok(lines);
        }
        if Instant::now() > deadline {
            return Err(format!("the transcript shows {found} of {presses} presses"));
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}
