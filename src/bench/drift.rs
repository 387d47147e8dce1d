//! Real-time drift: the real daemon (no audio) plays a game with scripted presses typed on
//! its standard input; the clocks it reports after the last press are compared with the
//! remaining times computed from the instants we typed each press.

use super::core_loop::{config_text, Rng};
use super::daemon::Daemon;
use std::path::Path;
use std::time::{Duration, Instant};

/// What the real-time run showed.
#[derive(Debug, Clone, Copy)]
pub struct Drift {
    /// Largest |reported − expected| over both sides after the last press, in ms.
    pub drift_ms: f64,
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
    let mut last = started;
    let mut presses = 0;
    let mut side = 0; // White's clock runs first.
    while last.duration_since(started) < window {
        let think = Duration::from_millis(rng.between(300, 3_000));
        std::thread::sleep((last + think).saturating_duration_since(Instant::now()));
        let at = daemon.key(if side == 0 { "w" } else { "b" })?;
        spent[side] += at.duration_since(last).as_secs_f64() * 1e3;
        last = at;
        side = 1 - side;
        presses += 1;
    }
    let reported = last_press(daemon, presses)?;
    let expected = [START_MS - spent[0], START_MS - spent[1]];
    let drift_ms = (0..2)
        .map(|i| (reported[i] - expected[i]).abs())
        .fold(0.0, f64::max);
    Ok(Drift {
        drift_ms,
        presses,
        seconds: last.duration_since(started).as_secs_f64(),
    })
}

/// The clocks after the `presses`-th press, from the daemon's transcript (waits up to 5 s).
fn last_press(daemon: &Daemon, presses: usize) -> Result<[f64; 2], String> {
    if presses == 0 {
        return Err("no press was made: the drift window is too short".into());
    }
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let text = std::fs::read_to_string(&daemon.transcript)
            .map_err(|e| format!("{}: {e}", daemon.transcript.display()))?;
        let found: Vec<serde_json::Value> = text
            .lines()
            .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
            .filter(|v| v["event"] == "press")
            .collect();
        if found.len() >= presses {
            let last = &found[presses - 1];
            let ms = |key: &str| {
                last[key]
                    .as_f64()
                    .ok_or_else(|| format!("a press line without {key}: {last}"))
            };
            return Ok([ms("white_ms")?, ms("black_ms")?]);
        }
        if Instant::now() > deadline {
            return Err(format!(
                "the transcript shows {} of {presses} presses",
                found.len()
            ));
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}
