//! Audio configuration: which host, buffer size, and where each listener's sound goes.

use crate::audio::error::AudioError;
use crate::audio::headroom;
use crate::hearing::Listener;

/// Which audio host (cpal backend) to use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum HostKind {
    /// PulseAudio (native protocol) if a server answers, otherwise ALSA.
    #[default]
    Auto,
    /// ALSA directly (the `default` PCM, hinted PCMs, cards).
    Alsa,
    /// PulseAudio / pipewire-pulse native protocol.
    Pulse,
}

impl HostKind {
    /// Short lowercase name, as used in logs and `talkclock devices`.
    pub fn name(self) -> &'static str {
        match self {
            HostKind::Auto => "auto",
            HostKind::Alsa => "alsa",
            HostKind::Pulse => "pulse",
        }
    }
}

/// Where one listener hears their sound.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Route {
    /// The listener.
    pub listener: Listener,
    /// DeviceOutput device name or id (see [`crate::audio::devices`]), or `"default"`.
    pub device: String,
    /// Zero-based output channels that carry this listener's sound (0 = left, 1 = right).
    pub channels: Vec<u16>,
}

/// Validated-enough audio settings (the project's config layer does the user-facing checks).
#[derive(Clone, Debug, PartialEq)]
pub struct AudioConfig {
    /// Audio host.
    pub host: HostKind,
    /// Requested period (callback) size in frames; small keeps latency low.
    pub buffer_frames: u32,
    /// Requested output sample rate in Hz (speech at other rates is resampled).
    pub sample_rate: u32,
    /// Volume of clicks, buzzes and the flag alarm, 0.0 = silent, 1.0 = full scale.
    pub cue_volume: f32,
    /// Gain applied to speech, 1.0 = as rendered.
    pub speech_volume: f32,
    /// One route per listener; a listener without a route hears nothing.
    pub routes: Vec<Route>,
}

/// Default period: 960 frames = 20 ms at 48 kHz. With 480 frames (10 ms) the PulseAudio
/// stream dropped most of a tone on a 2-vCPU VM (6 runs of 6, 2026-11-30: long runs of silence
/// inside the phrase at the sink's monitor); 720 and 960 played it whole. Request → sound
/// measured there with 960: p50 ≈ 10–29 ms (see `docs/PERFORMANCE.md`).
pub const DEFAULT_BUFFER_FRAMES: u32 = 960;

impl Default for AudioConfig {
    /// One stereo device: White on the left, Black on the right, the arbiter unrouted.
    fn default() -> Self {
        AudioConfig::stereo_pair("default")
    }
}

impl AudioConfig {
    /// White's earpiece on the left and Black's on the right of `device`; no arbiter route.
    pub fn stereo_pair(device: &str) -> Self {
        AudioConfig {
            host: HostKind::Auto,
            buffer_frames: DEFAULT_BUFFER_FRAMES,
            sample_rate: 48_000,
            cue_volume: 0.5,
            speech_volume: 1.0,
            routes: vec![
                Route {
                    listener: Listener::White,
                    device: device.to_owned(),
                    channels: vec![0],
                },
                Route {
                    listener: Listener::Black,
                    device: device.to_owned(),
                    channels: vec![1],
                },
            ],
        }
    }

    /// Everyone on both channels of one speaker (practice at home).
    pub fn single_speaker(device: &str) -> Self {
        let mut config = AudioConfig::stereo_pair(device);
        config.routes = Listener::EARS
            .iter()
            .map(|&listener| Route {
                listener,
                device: device.to_owned(),
                channels: vec![0, 1],
            })
            .collect();
        config
    }

    /// The route of `listener`, if any.
    pub fn route(&self, listener: Listener) -> Option<&Route> {
        self.routes.iter().find(|r| r.listener == listener)
    }

    /// Distinct device names, in order of first use.
    pub fn devices(&self) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        for route in &self.routes {
            if !names.contains(&route.device) {
                names.push(route.device.clone());
            }
        }
        names
    }

    /// Channel count to open `device` with: enough for every route, at least stereo.
    pub fn device_channels(&self, device: &str) -> u16 {
        self.routes
            .iter()
            .filter(|r| r.device == device)
            .flat_map(|r| r.channels.iter().map(|c| c + 1))
            .max()
            .unwrap_or(0)
            .max(2)
    }

    /// Fixed gain of `device`'s channel `channel` bus: room for one utterance at full scale
    /// with a cue on top, below −1 dBFS, however many listeners share the channel (the rule
    /// is in [`crate::audio::headroom`]). A channel nobody is routed to has gain 1.
    pub fn bus_gain(&self, device: &str, channel: u16) -> f32 {
        let routed = self
            .routes
            .iter()
            .any(|r| r.device == device && r.channels.contains(&channel));
        if routed {
            headroom::bus_gain(self.speech_volume, self.cue_volume)
        } else {
            1.0
        }
    }

    /// [`AudioConfig::bus_gain`] of each of `device`'s channels.
    pub fn bus_gains(&self, device: &str) -> Vec<f32> {
        (0..self.device_channels(device))
            .map(|c| self.bus_gain(device, c))
            .collect()
    }

    /// Checks the parts the audio layer relies on; reports every problem at once.
    pub fn validate(&self) -> Result<(), AudioError> {
        let mut problems = Vec::new();
        if self.buffer_frames == 0 || self.buffer_frames > 16_384 {
            problems.push(format!(
                "buffer_frames {} not in 1..=16384",
                self.buffer_frames
            ));
        }
        if !(8_000..=192_000).contains(&self.sample_rate) {
            problems.push(format!(
                "sample_rate {} not in 8000..=192000",
                self.sample_rate
            ));
        }
        if !(0.0..=1.0).contains(&self.cue_volume) {
            problems.push(format!("cue_volume {} not in 0..=1", self.cue_volume));
        }
        if !(0.0..=4.0).contains(&self.speech_volume) {
            problems.push(format!("speech_volume {} not in 0..=4", self.speech_volume));
        }
        for listener in Listener::EARS {
            if self
                .routes
                .iter()
                .filter(|r| r.listener == listener)
                .count()
                > 1
            {
                problems.push(format!("{listener:?} has more than one route"));
            }
        }
        for route in &self.routes {
            if route.channels.is_empty() || route.channels.iter().any(|&c| c >= 32) {
                problems.push(format!(
                    "{:?}: channels {:?} must be 1 to 32 indices below 32",
                    route.listener, route.channels
                ));
            }
            if route.device.trim().is_empty() {
                problems.push(format!("{:?}: empty device name", route.listener));
            }
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(AudioError::Config(problems.join("; ")))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_is_valid_stereo() {
        let config = AudioConfig::default();
        assert!(config.validate().is_ok());
        assert_eq!(config.device_channels("default"), 2);
        assert_eq!(config.devices(), vec!["default".to_owned()]);
    }

    #[test]
    fn validate_reports_every_problem() {
        let mut config = AudioConfig {
            buffer_frames: 0,
            cue_volume: 2.0,
            ..AudioConfig::default()
        };
        config.routes[1].listener = Listener::White;
        let message = config.validate().err().map(|e| e.to_string());
        let message = message.unwrap_or_default();
        assert!(message.contains("buffer_frames"), "{message}");
        assert!(message.contains("cue_volume"), "{message}");
        assert!(message.contains("more than one route"), "{message}");
    }
}
