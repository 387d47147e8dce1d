//! Plain data that crosses into the audio layer: who hears a sound, how urgent it is,
//! the rendered PCM itself and the synthesised cues.

use std::sync::Arc;

/// Who an announcement is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Audience {
    /// The player with the white pieces (their earpiece).
    White,
    /// The player with the black pieces (their earpiece).
    Black,
    /// The arbiter's earpiece or speaker.
    Arbiter,
    /// Every configured listener.
    All,
}

impl Audience {
    /// The listeners this audience expands to.
    pub fn listeners(self) -> &'static [Listener] {
        match self {
            Audience::White => &[Listener::White],
            Audience::Black => &[Listener::Black],
            Audience::Arbiter => &[Listener::Arbiter],
            Audience::All => &Listener::ALL,
        }
    }
}

/// One physical listener, each with their own output route and speech queue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Listener {
    /// The white player.
    White,
    /// The black player.
    Black,
    /// The arbiter.
    Arbiter,
}

impl Listener {
    /// Every listener, in a fixed order.
    pub const ALL: [Listener; 3] = [Listener::White, Listener::Black, Listener::Arbiter];
}

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

/// A synthesised feedback sound.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cue {
    /// A press was accepted.
    Click,
    /// A press was ignored (wrong side, clock paused, …).
    Buzz,
    /// A flag fell.
    FlagAlarm,
    /// A soft tick while the flag rises (last 2 minutes of a stage).
    Tick,
}
