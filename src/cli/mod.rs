//! What each `talkclock` subcommand does, kept out of `main` so tests can call it.

mod buttons;
mod learn;
mod terminal;

use crate::config::{Config, ConfigError};
use crate::sim::{parse_script, simulate as run_script, ScriptError};
pub use buttons::buttons;
pub use learn::{devices, learn};
use std::io::Write;
use std::path::Path;
pub use terminal::run_terminal;

/// Why a subcommand failed, and the exit code that says so.
#[derive(Debug, thiserror::Error)]
pub enum Failure {
    /// A bad configuration file (exit 2).
    #[error("{0}")]
    Config(#[from] ConfigError),
    /// A bad script (exit 2).
    #[error("{0}")]
    Script(#[from] ScriptError),
    /// A file could not be read (exit 2).
    #[error("{path}: cannot read the file: {source}")]
    Read {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// A bad events file for `learn --inject` (exit 2).
    #[error("{0}")]
    Inject(#[from] crate::input::inject::InjectError),
    /// Learning stopped before every button was learned (exit 1).
    #[error("{0}")]
    Learn(#[from] crate::input::learn::LearnError),
    /// Output or a device failed (exit 1).
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

impl Failure {
    /// 2 for bad input, 1 for everything else.
    pub fn exit_code(&self) -> u8 {
        match self {
            Failure::Config(_) | Failure::Script(_) | Failure::Read { .. } | Failure::Inject(_) => {
                2
            }
            Failure::Learn(_) | Failure::Io(_) => 1,
        }
    }
}

/// Loads the given configuration file, or the embedded default.
pub fn load_config(path: Option<&Path>) -> Result<Config, ConfigError> {
    match path {
        Some(path) => Config::load(path),
        None => Config::embedded_default(),
    }
}

/// `talkclock simulate`: prints the transcript, or nothing at all when the input is bad.
pub fn simulate(config: Option<&Path>, script: &Path) -> Result<(), Failure> {
    let config = load_config(config)?;
    let text = std::fs::read_to_string(script).map_err(|source| Failure::Read {
        path: script.display().to_string(),
        source,
    })?;
    let steps = parse_script(&text, &script.display().to_string())?;
    let lines = run_script(&config, &steps);
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for line in lines {
        writeln!(out, "{line}")?;
    }
    out.flush()?;
    Ok(())
}

/// `talkclock check`: says the file is good, or lists every problem.
pub fn check(config: Option<&Path>) -> Result<(), Failure> {
    let loaded = load_config(config)?;
    let name = config.map_or("<embedded default>".to_string(), |p| {
        p.display().to_string()
    });
    let stages = loaded.control.stages().len();
    println!(
        "{name}: the configuration is valid ({stages} stage(s), {:?} mode)",
        loaded.mode
    );
    Ok(())
}
