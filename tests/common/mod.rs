//! Shared parts of the integration tests: test signals and small analysis helpers, and (from
//! the `talkclock-harness` dev crate, whose benchmark uses them too) a private PulseAudio server
//! with a null sink, a `parec` recorder on its monitor, and child-process guards.

#![allow(dead_code)]

use std::time::{Duration, Instant};
use talkclock::audio::Pcm;

pub mod alsa_file;

// Each test crate uses a part of these (as with `dead_code` above).
#[allow(unused_imports)]
pub use talkclock_harness::process::{wait_until, ChildGuard};
#[allow(unused_imports)]
pub use talkclock_harness::pulse::{first_sound_time, Chunk, PulseServer, Recorder, RATE, SINK};

/// Held by each test of the `audio` binary from its start to its end, so that they run one at a
/// time: each points this process at a sound server of its own (`PULSE_SERVER`,
/// `SPEECHD_ADDRESS`… are process-wide) or needs a quiet machine for its timing. A test that
/// failed holding it does not stop the next.
pub fn sound_lock() -> std::sync::MutexGuard<'static, ()> {
    static SOUND: std::sync::Mutex<()> = std::sync::Mutex::new(());
    SOUND
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Joins chunks into (left, right) channels.
pub fn channels(chunks: &[Chunk]) -> (Vec<f32>, Vec<f32>) {
    let mut left = Vec::new();
    let mut right = Vec::new();
    for chunk in chunks {
        for frame in chunk.samples.chunks_exact(2) {
            left.push(frame[0]);
            right.push(frame[1]);
        }
    }
    (left, right)
}

/// Splits interleaved stereo into (left, right).
pub fn deinterleave(samples: &[f32]) -> (Vec<f32>, Vec<f32>) {
    let left = samples.iter().step_by(2).copied().collect();
    let right = samples.iter().skip(1).step_by(2).copied().collect();
    (left, right)
}

/// Index of the first sample with |x| > `threshold`.
pub fn onset(samples: &[f32], threshold: f32) -> Option<usize> {
    samples.iter().position(|s| s.abs() > threshold)
}

/// Index of the last sample with |x| > `threshold`.
pub fn offset(samples: &[f32], threshold: f32) -> Option<usize> {
    samples.iter().rposition(|s| s.abs() > threshold)
}

/// Silent stretches inside a sound: runs of at least `min_run` samples with |x| <=
/// `threshold` between `from` and `to` (inclusive), as (start, length). A tone's zero
/// crossings are far shorter than `min_run`; a buffer underrun (the server played silence
/// while the stream ran dry) is one such run.
pub fn gaps(
    samples: &[f32],
    threshold: f32,
    from: usize,
    to: usize,
    min_run: usize,
) -> Vec<(usize, usize)> {
    let mut found = Vec::new();
    let mut run_start = None;
    let end = to.min(samples.len().saturating_sub(1));
    for (i, sample) in samples.iter().enumerate().take(end + 1).skip(from) {
        let quiet = sample.abs() <= threshold;
        match (quiet, run_start) {
            (true, None) => run_start = Some(i),
            (false, Some(start)) => {
                if i - start >= min_run {
                    found.push((start, i - start));
                }
                run_start = None;
            }
            _ => {}
        }
    }
    found
}

/// Largest |x|.
pub fn peak(samples: &[f32]) -> f32 {
    samples.iter().fold(0.0f32, |m, s| m.max(s.abs()))
}

/// A cosine tone (first sample = `amplitude`, so its start is exact) of `secs` at RATE.
pub fn tone(freq: f32, amplitude: f32, secs: f32) -> Pcm {
    let len = (RATE as f32 * secs) as usize;
    let samples: Vec<f32> = (0..len)
        .map(|i| amplitude * (std::f32::consts::TAU * freq * i as f32 / RATE as f32).cos())
        .collect();
    Pcm::new(RATE, samples)
}

/// p-th percentile (0..=100) of `values` (sorted copy; nearest rank).
pub fn percentile(values: &[f64], p: f64) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(|a, b| a.total_cmp(b));
    if sorted.is_empty() {
        return f64::NAN;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// Installs a tracing subscriber once, so the audio layer's logs show in test output.
pub fn init_logging() {
    let _ = tracing_subscriber::fmt()
        .with_test_writer()
        .with_max_level(tracing::Level::INFO)
        .try_init();
}

/// Records until something was heard and then 400 ms of silence followed (or 8 s passed).
pub fn record_utterance(recorder: &Recorder) -> Vec<Chunk> {
    let mut chunks = Vec::new();
    let start = Instant::now();
    let mut heard_at: Option<Instant> = None;
    while start.elapsed() < Duration::from_secs(8) {
        std::thread::sleep(Duration::from_millis(50));
        let new = recorder.take();
        let (left, right) = channels(&new);
        let loud = left.iter().chain(right.iter()).any(|s| s.abs() > 1e-3);
        chunks.extend(new);
        match (loud, heard_at) {
            (true, _) => heard_at = Some(Instant::now()),
            (false, Some(t)) if t.elapsed() > Duration::from_millis(400) => break,
            _ => {}
        }
    }
    chunks
}
