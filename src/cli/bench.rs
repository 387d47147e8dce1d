//! `talkclock bench`: runs the measurements of [`crate::bench`] and prints the figures, as a
//! human summary or one JSON object. Fails only when something could not be measured.

use super::Failure;
use crate::bench::{run, BenchOptions};
use std::path::PathBuf;
use std::time::Duration;

/// What `talkclock bench` was asked for.
#[derive(Debug, Clone, Default)]
pub struct BenchArgs {
    /// One JSON object instead of the summary.
    pub json: bool,
    /// Shorter windows and fewer samples (under 30 s).
    pub quick: bool,
    /// Override the idle window, seconds.
    pub idle_secs: Option<u64>,
    /// Override the real-time drift window, seconds.
    pub drift_secs: Option<u64>,
    /// The voice packs folder.
    pub voices: Option<PathBuf>,
}

/// Runs the benchmark on this very binary as the daemon.
pub fn bench(args: &BenchArgs) -> Result<(), Failure> {
    let exe = std::env::current_exe()?;
    let mut options = BenchOptions::new(exe, args.quick);
    options.voices = args.voices.clone();
    if let Some(secs) = args.idle_secs {
        options.idle = Duration::from_secs(secs.max(1));
    }
    if let Some(secs) = args.drift_secs {
        options.drift = Duration::from_secs(secs.max(2));
    }
    let report = run(&options).map_err(|e| {
        Failure::Io(std::io::Error::other(format!(
            "bench: could not measure: {e}"
        )))
    })?;
    if args.json {
        println!("{}", report.json());
    } else {
        print!("{}", report.human());
    }
    Ok(())
}
