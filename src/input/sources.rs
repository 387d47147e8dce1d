//! Starting the readers a configuration needs, all sending into one channel: game
//! controllers always, evdev devices when bindings want them, the terminal on request.

use super::evdev_source::{self, Wanted};
use super::event::SourceEvent;
use super::gilrs_source;
use super::terminal_source::{self, RawMode};
use crate::input::bindings::{DeviceMatch, InputConfig};
use crossbeam_channel::Sender;

/// Why the readers a configuration needs cannot start.
#[derive(Debug, thiserror::Error)]
pub enum SourcesError {
    /// An evdev device named in the bindings exists but cannot be opened.
    #[error("{0}")]
    Device(#[from] super::evdev_source::EvdevError),
    /// The terminal cannot be put in raw mode, or its reader cannot start.
    #[error("cannot read the terminal: {0}")]
    Terminal(std::io::Error),
}

/// What was started, and what could not be.
#[derive(Debug, Default)]
pub struct Started {
    /// How many readers run.
    pub readers: usize,
    /// Sentences about readers that could not start (the clock goes on without them).
    pub notes: Vec<String>,
    /// Raw mode, held while the terminal reader runs; dropping it restores the terminal.
    pub raw_mode: Option<RawMode>,
}

/// Starts the readers for `config`; `terminal` adds the terminal reader (raw mode). A named
/// evdev device that exists but cannot be opened is an error naming it.
pub fn spawn_all(
    config: &InputConfig,
    terminal: bool,
    tx: &Sender<SourceEvent>,
) -> Result<Started, SourcesError> {
    let mut started = Started::default();
    match gilrs_source::spawn(tx.clone()) {
        Ok(_) => started.readers += 1,
        Err(e) => started.notes.push(e.to_string()),
    }
    let wanted = Wanted::from_config(config);
    if !wanted.is_empty() {
        match evdev_source::spawn(wanted.clone(), tx.clone()) {
            Ok(_) => started.readers += 1,
            Err(e) if !wanted.named.is_empty() => return Err(SourcesError::Device(e)),
            Err(e) => started.notes.push(e.to_string()),
        }
    }
    let terminal_bound = config
        .bindings
        .iter()
        .any(|b| matches!(b.device, DeviceMatch::Terminal | DeviceMatch::Any));
    if terminal && terminal_bound {
        let guard = RawMode::enable().map_err(SourcesError::Terminal)?;
        terminal_source::spawn(tx.clone()).map_err(SourcesError::Terminal)?;
        started.raw_mode = Some(guard);
        started.readers += 1;
    }
    Ok(started)
}
