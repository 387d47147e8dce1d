//! The daemon's core loop on real time, in process: the daemon's own core with its journal's
//! driver ([`Driven`]: table and journal, each input written to disk and synced by the
//! journal's sync thread), inputs stamped on arrival and sent over a channel, and a `select!`
//! that sleeps until the core's next wake, as `daemon::core_loop` does. Measures
//! how late flags fall and how long a press takes to switch the clocks.

use crossbeam_channel::{select, unbounded};
use std::path::Path;
use std::time::{Duration, Instant};
use talkclock::clock::{Event, Input, Side};
use talkclock::config::Config;
use talkclock::control::ArbiterCommand;
use talkclock::daemon::{clocks_now, CoreMsg, CoreOutput, Driven, JournalDriver};
use talkclock::input::{DeviceId, RawInput, SourceEvent};
use talkclock::journal::FileStore;
use talkclock::table::{Request, Table, TableOutput};

/// A bench configuration: tournament, both players in English, one stage of `time`.
pub fn config_text(time: &str) -> String {
    format!(
        "mode = \"tournament\"\n\n[game]\nfirst = \"white\"\n\n\
         [[time_control.stage]]\ntime = \"{time}\"\n\n\
         [players.white]\nname = \"White\"\nvision = \"totally_blind\"\nlanguage = \"en\"\n\n\
         [players.black]\nname = \"Black\"\nvision = \"totally_blind\"\nlanguage = \"en\"\n\n\
         [arbiter]\nlanguage = \"en\"\n"
    )
}

fn parse(text: &str) -> Result<Config, String> {
    Config::parse(text, "bench").map_err(|e| e.to_string())
}

/// A small deterministic generator (xorshift64*), so runs need no extra crate.
pub struct Rng(u64);

impl Rng {
    /// Seeded from `seed` (0 is replaced).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }

    /// A number in `lo..=hi`.
    pub fn between(&mut self, lo: u64, hi: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let x = self.0.wrapping_mul(0x2545_F491_4F6C_DD1D);
        lo + x % (hi - lo + 1)
    }
}

/// Flag timing: one game per trial with a random control of `lo_ms..=hi_ms`, started now;
/// returns, per trial, the instant the flag is told (its record written to the journal file;
/// the journal's sync thread syncs it after) minus the true instant of zero (start +
/// control), in microseconds (negative: early). See [`flag_instants`] for the instant it is decided too.
pub fn flag_errors(dir: &Path, trials: usize, lo_ms: u64, hi_ms: u64) -> Result<Vec<f64>, String> {
    Ok(flag_instants(dir, trials, lo_ms, hi_ms)?.1)
}

/// As [`flag_errors`], returning per trial both the error of the instant the core decided the
/// flag (the game over in its table: what the result rests on) and of the instant it was told
/// (that plus the write of its record).
pub fn flag_instants(
    dir: &Path,
    trials: usize,
    lo_ms: u64,
    hi_ms: u64,
) -> Result<(Vec<f64>, Vec<f64>), String> {
    let mut rng = Rng::new(0x7a1c_c10c ^ u64::from(std::process::id()));
    let mut errors = Vec::with_capacity(trials);
    let mut decisions = Vec::with_capacity(trials);
    for trial in 0..trials {
        let length = rng.between(lo_ms, hi_ms);
        let text = config_text(&format!("{}.{:03}", length / 1000, length % 1000));
        let config = parse(&text)?;
        let path = dir.join(format!("flag-{trial}.jsonl"));
        let store = FileStore::new(&path);
        // The flag is told once its record is written; the loop also wakes on the sync thread's
        // signal, as the daemon's does.
        let synced = store.signal();
        let driver = JournalDriver::new(Box::new(store));
        let mut core =
            Driven::new(driver, config, text, clocks_now()).map_err(|e| e.to_string())?;
        // Presses come at any phase of the millisecond the core counts in.
        std::thread::sleep(Duration::from_micros(rng.between(0, 2_999)));
        let started = clocks_now();
        core.handle(
            started,
            CoreMsg::Command(ArbiterCommand::Game(Input::Start)),
        )
        .map_err(|e| e.to_string())?;
        let _ = core.drain();
        let zero = started.mono + Duration::from_millis(length);
        let mut decided = None;
        let fired = loop {
            let timeout = match core.next_wake() {
                Some(wake) => {
                    crossbeam_channel::after(wake.saturating_duration_since(Instant::now()))
                }
                // Flagged and not yet told: the sync thread's signal wakes us (this is only a
                // guard).
                None => crossbeam_channel::after(Duration::from_millis(100)),
            };
            select! {
                recv(synced) -> _ => core.journal_synced(clocks_now()),
                recv(timeout) -> _ => {},
            }
            core.advance(clocks_now()).map_err(|e| e.to_string())?;
            if decided.is_none() && core.table().game().result().is_some() {
                decided = Some(Instant::now());
            }
            if core.drain().iter().any(is_flag) {
                break Instant::now();
            }
            if Instant::now() > zero + Duration::from_secs(2) {
                return Err(format!("no flag 2 s after a {length} ms control"));
            }
        };
        errors.push(signed_us(fired, zero));
        decisions.push(signed_us(decided.unwrap_or(fired), zero));
        let _ = std::fs::remove_file(&path);
    }
    Ok((decisions, errors))
}

/// A key of the terminal pressed (or released) at `at`, as the core's input reader sends it.
pub(crate) fn key_event(at: Instant, key: &str, pressed: bool) -> SourceEvent {
    SourceEvent::Button(RawInput {
        at,
        device: DeviceId::terminal(),
        button: key.to_string(),
        pressed,
        repeat: false,
        lag: None,
    })
}

fn is_flag(output: &CoreOutput) -> bool {
    matches!(output, CoreOutput::Table(TableOutput::Core(s)) if matches!(s.event, Event::Flag { .. }))
}

/// `a − b` in microseconds, signed.
pub fn signed_us(a: Instant, b: Instant) -> f64 {
    match a.checked_duration_since(b) {
        Some(d) => d.as_secs_f64() * 1e6,
        None => -(b.duration_since(a).as_secs_f64() * 1e6),
    }
}

/// Press timing: `presses` presses, each stamped on arrival by a sender thread (as an input
/// reader does), sent over a channel to the core thread, mapped by the daemon's input
/// [`Mapper`] (the terminal's `w` and `b`; the lockout is set to 0 so that presses 2 ms apart
/// all count), journaled and applied (the journal's sync thread syncs it meanwhile: neither
/// the switch nor its click waits for the disk; see [`crate::slow_syncs`]).
/// Returns, per press, microseconds from the stamp to the clocks having switched; and the
/// same for the table alone (no journal), which is the core's own share.
pub fn press_to_switch(dir: &Path, presses: usize) -> Result<(Vec<f64>, Vec<f64>), String> {
    let text = config_text("2:00:00");
    let config = parse(&text)?;
    let path = dir.join("press.jsonl");
    let mut fast = config.clone();
    fast.input.lockout = 0;
    let driver = JournalDriver::new(Box::new(FileStore::new(&path)));
    let mut core = Driven::new(driver, fast, text, clocks_now()).map_err(|e| e.to_string())?;
    core.handle(
        clocks_now(),
        CoreMsg::Command(ArbiterCommand::Game(Input::Start)),
    )
    .map_err(|e| e.to_string())?;
    let (tx, rx) = unbounded::<(Instant, Side)>();
    let sender = std::thread::spawn(move || {
        for i in 0..presses {
            std::thread::sleep(Duration::from_millis(2));
            let side = if i % 2 == 0 { Side::White } else { Side::Black };
            if tx.send((Instant::now(), side)).is_err() {
                break;
            }
        }
    });
    let mut with_journal = Vec::with_capacity(presses);
    for (at, side) in rx.iter() {
        let key = if side == Side::White { "w" } else { "b" };
        core.handle(clocks_now(), CoreMsg::Source(key_event(at, key, true)))
            .map_err(|e| e.to_string())?;
        let switched = Instant::now();
        core.handle(
            clocks_now(),
            CoreMsg::Source(key_event(switched, key, false)),
        )
        .map_err(|e| e.to_string())?;
        let _ = core.drain();
        if core.table().game().running() != Some(side.other()) {
            return Err(format!("a press by {side:?} did not switch the clocks"));
        }
        with_journal.push(signed_us(switched, at));
    }
    let _ = sender.join();
    let _ = std::fs::remove_file(&path);

    let mut table = Table::new(&config.table_settings(), 0);
    table.handle(0, Request::Game(Input::Start));
    let origin = Instant::now();
    let mut core_only = Vec::with_capacity(presses);
    for i in 0..presses {
        let side = if i % 2 == 0 { Side::White } else { Side::Black };
        let at = Instant::now();
        let now = at.duration_since(origin).as_millis() as i64;
        table.handle(now, Request::Game(Input::Press(side)));
        let _ = table.drain();
        core_only.push(signed_us(Instant::now(), at));
    }
    Ok((with_journal, core_only))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bench_config_is_valid() {
        assert!(parse(&config_text("0.250")).is_ok());
        assert!(parse(&config_text("2:00:00")).is_ok());
    }

    #[test]
    fn signed_us_is_negative_when_early() {
        let a = Instant::now();
        let b = a + Duration::from_micros(250);
        assert_eq!(signed_us(b, a).round(), 250.0);
        assert_eq!(signed_us(a, b).round(), -250.0);
    }

    #[test]
    fn rng_stays_in_range() {
        let mut rng = Rng::new(1);
        for _ in 0..1000 {
            let x = rng.between(20, 30);
            assert!((20..=30).contains(&x));
        }
    }
}
