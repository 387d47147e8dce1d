//! Plain data that crosses into the audio layer: how urgent a sound is and the rendered PCM
//! itself (who hears it is a [`crate::hearing::Listener`]).

use std::sync::Arc;

/// How urgent a piece of speech is; decides queueing and pre-emption per listener.
///
/// `Cue` is mixed on top of whatever plays (never queued, never delayed). A `Readout`
/// replaces any queued or playing readout. A `Warning` cuts a readout in progress.
/// A `Flag` cuts a readout or a warning in progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Priority {
    /// Short sound mixed on top, never queued.
    Cue,
    /// Remaining-time readout; stale ones are dropped.
    Readout,
    /// A time warning required by the rules.
    Warning,
    /// A flag fall.
    Flag,
}

/// Rendered mono speech or sound: f32 samples in -1.0..=1.0 at `rate` Hz.
#[derive(Clone, Debug)]
pub struct Pcm {
    /// Sample rate in Hz.
    pub rate: u32,
    /// Mono samples.
    pub samples: Arc<[f32]>,
}

impl Pcm {
    /// Wraps mono samples at `rate` Hz.
    pub fn new(rate: u32, samples: impl Into<Arc<[f32]>>) -> Self {
        Pcm {
            rate,
            samples: samples.into(),
        }
    }

    /// Length in seconds (0 for a zero rate).
    pub fn duration_secs(&self) -> f64 {
        if self.rate == 0 {
            0.0
        } else {
            self.samples.len() as f64 / f64::from(self.rate)
        }
    }
}
