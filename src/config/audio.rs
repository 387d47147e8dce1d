//! The `[audio]` section: which output device and channels each listener hears, how loud the
//! cues are, and which speech engine speaks.
//!
//! ```toml
//! [audio]
//! layout = "stereo_pair"      # White left, Black right (earpieces); or "single_speaker"
//! device = "default"
//! host = "auto"               # auto | pulse | alsa
//! buffer_frames = 960         # 20 ms: small, for low latency, and whole on a busy VM
//! cue_volume = 0.5            # 0 = silent cues
//! speech_volume = 1.0
//! speech = "voice_pack"       # or "system" (speech-dispatcher; default output only)
//! speech_rate = 0.4           # -1 slow … 0 normal … 1 twice as fast (both engines)
//! [[audio.route]]             # replaces the layout's route for that listener
//! listener = "arbiter"
//! device = "USB Audio"
//! channels = [0, 1]
//! ```

use super::diagnostic::Collector;
use crate::audio::{self, AudioConfig, HostKind, Route};
use crate::hearing::Listener;
use serde::Deserialize;
use toml::Spanned;

/// `[audio]` as written.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawAudio {
    layout: Option<Spanned<String>>,
    device: Option<String>,
    host: Option<Spanned<String>>,
    buffer_frames: Option<Spanned<i64>>,
    cue_volume: Option<Spanned<f64>>,
    speech_volume: Option<Spanned<f64>>,
    speech: Option<Spanned<String>>,
    speech_rate: Option<Spanned<f64>>,
    #[serde(default)]
    route: Vec<Spanned<RawRoute>>,
}

/// `[[audio.route]]` as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawRoute {
    listener: Spanned<String>,
    device: Option<String>,
    channels: Spanned<Vec<i64>>,
}

/// Which engine speaks.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SpeechEngine {
    /// The recorded voice packs, routed per earpiece.
    VoicePack,
    /// The system speech engine (speech-dispatcher), on its default output only.
    System {
        /// -1 slow … 0 normal … 1 fastest.
        rate: f32,
    },
}

/// Validated audio settings.
#[derive(Debug, Clone, PartialEq)]
pub struct AudioSettings {
    /// What the audio layer is given.
    pub output: AudioConfig,
    /// Which engine speaks.
    pub speech: SpeechEngine,
    /// How fast speech is: -1 slow … 0 the voice pack's pace / engine normal … 1 fastest.
    pub rate: f32,
}

impl AudioSettings {
    /// The configured speech rate (both engines use it).
    pub fn speech_rate(&self) -> f32 {
        self.rate
    }
}

impl Default for AudioSettings {
    fn default() -> AudioSettings {
        AudioSettings {
            output: AudioConfig::stereo_pair("default"),
            speech: SpeechEngine::VoicePack,
            rate: audio::DEFAULT_SPEECH_RATE,
        }
    }
}

/// Checks `[audio]`, recording every problem.
pub fn audio_settings(c: &mut Collector, raw: &RawAudio) -> AudioSettings {
    let device = raw.device.clone().unwrap_or_else(|| "default".to_string());
    let mut output = match raw.layout.as_ref().map(|l| l.get_ref().as_str()) {
        None | Some("stereo_pair") => AudioConfig::stereo_pair(&device),
        Some("single_speaker") => AudioConfig::single_speaker(&device),
        Some(other) => {
            if let Some(layout) = &raw.layout {
                c.at(layout.span(), format!("`layout` cannot be \"{other}\"; expected \"stereo_pair\" or \"single_speaker\""));
            }
            AudioConfig::stereo_pair(&device)
        }
    };
    if let Some(host) = &raw.host {
        output.host = match host.get_ref().as_str() {
            "auto" => HostKind::Auto,
            "pulse" => HostKind::Pulse,
            "alsa" => HostKind::Alsa,
            other => {
                c.at(
                    host.span(),
                    format!(
                        "`host` cannot be \"{other}\"; expected \"auto\", \"pulse\" or \"alsa\""
                    ),
                );
                HostKind::Auto
            }
        };
    }
    if let Some(frames) = &raw.buffer_frames {
        match u32::try_from(*frames.get_ref()) {
            Ok(n) if (64..=8192).contains(&n) => output.buffer_frames = n,
            _ => c.at(
                frames.span(),
                "`buffer_frames` is a number of frames from 64 to 8192",
            ),
        }
    }
    for (value, target, key) in [
        (&raw.cue_volume, &mut output.cue_volume, "cue_volume"),
        (
            &raw.speech_volume,
            &mut output.speech_volume,
            "speech_volume",
        ),
    ] {
        if let Some(v) = value {
            if (0.0..=1.0).contains(v.get_ref()) {
                *target = *v.get_ref() as f32;
            } else {
                c.at(v.span(), format!("`{key}` is from 0 (silent) to 1"));
            }
        }
    }
    for spanned in &raw.route {
        if let Some(route) = route(c, spanned.get_ref(), &device) {
            output.routes.retain(|r| r.listener != route.listener);
            output.routes.push(route);
        }
    }
    let rate = match &raw.speech_rate {
        Some(r) if (-1.0..=1.0).contains(r.get_ref()) => *r.get_ref() as f32,
        Some(r) => {
            c.at(
                r.span(),
                "`speech_rate` is from -1 (slow) through 0 (normal) to 1 (fastest)",
            );
            audio::DEFAULT_SPEECH_RATE
        }
        None => audio::DEFAULT_SPEECH_RATE,
    };
    let speech = match raw
        .speech
        .as_ref()
        .map(|s| (s.get_ref().as_str(), s.span()))
    {
        None | Some(("voice_pack", _)) => SpeechEngine::VoicePack,
        Some(("system", _)) => SpeechEngine::System { rate },
        Some((other, span)) => {
            c.at(
                span,
                format!("`speech` cannot be \"{other}\"; expected \"voice_pack\" or \"system\""),
            );
            SpeechEngine::VoicePack
        }
    };
    AudioSettings {
        output,
        speech,
        rate,
    }
}

fn route(c: &mut Collector, raw: &RawRoute, device: &str) -> Option<Route> {
    let listener = match raw.listener.get_ref().as_str() {
        "white" => Listener::White,
        "black" => Listener::Black,
        "arbiter" => Listener::Arbiter,
        other => {
            c.at(raw.listener.span(), format!("`listener` cannot be \"{other}\"; expected \"white\", \"black\" or \"arbiter\""));
            return None;
        }
    };
    let mut channels = Vec::new();
    for &ch in raw.channels.get_ref() {
        match u16::try_from(ch) {
            Ok(ch) if ch < 32 => channels.push(ch),
            _ => {
                c.at(
                    raw.channels.span(),
                    format!("channel {ch} is not a channel number from 0 (left) to 31"),
                );
                return None;
            }
        }
    }
    if channels.is_empty() {
        c.at(
            raw.channels.span(),
            "`channels` is empty: give at least one, e.g. [0] for left",
        );
        return None;
    }
    Some(Route {
        listener,
        device: raw.device.clone().unwrap_or_else(|| device.to_string()),
        channels,
    })
}
