//! Errors of the audio layer.

use thiserror::Error;

/// Something the audio layer could not do. None of these stop the clock: callers log them.
#[derive(Debug, Error)]
pub enum AudioError {
    /// The configured output device does not exist (or not right now).
    #[error("audio device {0:?} not found")]
    DeviceNotFound(String),
    /// The audio host (ALSA, PulseAudio) could not be reached.
    #[error("audio host {host} unavailable: {reason}")]
    HostUnavailable {
        /// Host name.
        host: String,
        /// What went wrong.
        reason: String,
    },
    /// The device exists but the stream could not be opened or started.
    #[error("cannot open audio stream on {device:?}: {reason}")]
    Stream {
        /// Device name from the configuration.
        device: String,
        /// What went wrong.
        reason: String,
    },
    /// The route configuration is inconsistent.
    #[error("audio configuration: {0}")]
    Config(String),
    /// The audio thread has stopped.
    #[error("audio thread is not running")]
    Stopped,
}
