//! Audio output for talkclock: rendered speech and synthesised cues, routed per listener
//! (White, Black, Arbiter) to device channels, with per-listener queue policy; plus the
//! system speech backend (speech-dispatcher through the `tts` crate), and espeak-ng's speech as
//! samples for a language without a voice pack; a loopback input for measuring the delay.

mod alsa_errors;
mod backend;
mod config;
mod cue;
mod device;
mod error;
pub mod headroom;
pub mod interpolate;
pub mod limiter;
pub mod loopback;
mod mixer;
mod out;
mod pulse;
mod rewind;
mod speech;
mod synth;
mod types;
mod voice;
mod volume;

pub use alsa_errors::silence_alsa_errors;
pub use backend::{
    devices, CpalBackend, DeviceInfo, OutputBackend, OutputStream, RenderFn, StreamFormat,
    StreamRequest,
};
pub use config::{AudioConfig, HostKind, Route, DEFAULT_BUFFER_FRAMES};
pub use cue::{render as render_cue, CUE_RATE};
pub use device::IDLE_AFTER;
pub use error::AudioError;
pub use out::AudioOut;
pub use speech::{scale_rate, SpeechError, SystemSpeech, DEFAULT_SPEECH_RATE};
pub use synth::{espeak_wpm, Synth, SynthError, ESPEAK, ESPEAK_WPM};
pub use types::{Pcm, Priority};
pub use volume::{gain_for_step, VOLUME_MAX_STEP, VOLUME_MIN_STEP, VOLUME_STEP_DB};
