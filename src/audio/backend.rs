//! The output-device seam (librespot `Sink`-style): the audio thread only sees
//! [`OutputBackend`] and [`OutputStream`]; [`CpalBackend`] is the real one: PulseAudio through
//! our own stream (`pulse.rs`, which can stop feeding while nothing plays), ALSA through cpal.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use cpal::traits::{DeviceTrait, HostTrait, StreamTrait};
use cpal::{BufferSize, ErrorKind, HostId, StreamConfig};

use crate::audio::config::HostKind;
use crate::audio::error::AudioError;
use crate::audio::pulse;

/// Channel count and sample rate of an open stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StreamFormat {
    /// Interleaved channels per frame.
    pub channels: u16,
    /// Frames per second.
    pub rate: u32,
}

/// Fills one interleaved f32 buffer; called on the device's real-time thread. Returns false
/// when there was nothing to play (the buffer is then silence), which lets a stream that can
/// wait stop asking until [`OutputStream::resume`].
pub type RenderFn = Box<dyn FnMut(&mut [f32], StreamFormat) -> bool + Send + 'static>;

/// Takes the mixer back by the given frames (see [`OutputStream::drop_queued`]).
pub type GoBack = Box<dyn FnOnce(usize) + Send + 'static>;

/// What to open.
#[derive(Clone, Debug)]
pub struct StreamRequest {
    /// Device name or id, or `"default"`.
    pub device: String,
    /// Channels to open with.
    pub channels: u16,
    /// Preferred sample rate.
    pub sample_rate: u32,
    /// Period size in frames.
    pub buffer_frames: u32,
}

/// A running output stream; dropping it stops the sound.
pub trait OutputStream: Send {
    /// Format actually opened.
    fn format(&self) -> StreamFormat;
    /// True once the device or server has gone away and the stream must be rebuilt.
    fn is_lost(&self) -> bool;
    /// Number of callbacks so far (a stalled count also means the stream is dead).
    fn callbacks(&self) -> u64;
    /// A sound was queued: a stream that stopped asking for samples while there was nothing
    /// to play (see [`RenderFn`]) asks again now. Streams that never stop need nothing.
    fn resume(&self) {}
    /// Speech was cut: throws away what the stream has queued at its server and not yet
    /// played, and, before it renders again, calls `go_back` with how many frames that was,
    /// so the mixer renders them again from the cut. Streams without a server's queue to
    /// throw away (ALSA) do nothing.
    fn drop_queued(&self, go_back: GoBack) {
        drop(go_back);
    }
}

/// Opens output streams (called from a helper thread, hence `Sync`).
pub trait OutputBackend: Send + Sync {
    /// Opens and starts a stream on `request.device` that pulls samples from `render`.
    fn open(
        &self,
        request: &StreamRequest,
        render: RenderFn,
    ) -> Result<Box<dyn OutputStream>, AudioError>;

    /// True when [`OutputBackend::open_beside`] may succeed: a device can take a second
    /// stream, mixed with the first by a sound server.
    fn opens_beside(&self) -> bool {
        false
    }

    /// Opens a second stream on `request.device`, mixed with the device's first stream by the
    /// sound server (PulseAudio), so that what it plays never waits behind what the first has
    /// queued. An error where no sound server shares the device.
    fn open_beside(
        &self,
        request: &StreamRequest,
        render: RenderFn,
    ) -> Result<Box<dyn OutputStream>, AudioError> {
        drop(render);
        Err(AudioError::Stream {
            device: request.device.clone(),
            reason: "no sound server to play a second stream beside the first".into(),
        })
    }
}

/// One output device as listed by `talkclock devices`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeviceInfo {
    /// Host the device belongs to (`alsa`, `pulse`).
    pub host: String,
    /// Stable id to put in the config.
    pub id: String,
    /// Human-readable name.
    pub name: String,
    /// True for the host's default output.
    pub is_default: bool,
}

/// Real output: PulseAudio through `pulse.rs`, ALSA through cpal.
#[derive(Clone, Copy, Debug)]
pub struct CpalBackend {
    kind: HostKind,
}

impl CpalBackend {
    /// A backend on `kind`; hosts are connected at each `open`, so a restarted sound
    /// server is picked up when a lost stream is rebuilt.
    pub fn new(kind: HostKind) -> Self {
        CpalBackend { kind }
    }
}

const STREAM_TIMEOUT: Duration = Duration::from_secs(3);

/// Connects to the host chosen by `kind` (never cpal's `default_host`, whose PulseAudio
/// default buffer is ~2 s: we always ask for a fixed buffer).
pub(crate) fn connect(kind: HostKind) -> Result<(cpal::Host, HostKind), AudioError> {
    let unavailable = |host: HostKind, e: cpal::Error| AudioError::HostUnavailable {
        host: host.name().to_owned(),
        reason: e.to_string(),
    };
    match kind {
        HostKind::Alsa => cpal::host_from_id(HostId::Alsa)
            .map(|h| (h, HostKind::Alsa))
            .map_err(|e| unavailable(HostKind::Alsa, e)),
        HostKind::Pulse => cpal::host_from_id(HostId::PulseAudio)
            .map(|h| (h, HostKind::Pulse))
            .map_err(|e| unavailable(HostKind::Pulse, e)),
        HostKind::Auto => {
            if cpal::available_hosts().contains(&HostId::PulseAudio) {
                match connect(HostKind::Pulse) {
                    Ok(found) => return Ok(found),
                    Err(e) => tracing::debug!("no PulseAudio, using ALSA: {e}"),
                }
            }
            connect(HostKind::Alsa)
        }
    }
}

fn device_matches(device: &cpal::Device, name: &str) -> bool {
    device.id().is_ok_and(|id| id.id() == name)
        || device.description().is_ok_and(|d| d.name() == name)
}

pub(crate) fn find_device(host: &cpal::Host, name: &str) -> Result<cpal::Device, AudioError> {
    let not_found = || AudioError::DeviceNotFound(name.to_owned());
    if name == "default" {
        return host.default_output_device().ok_or_else(not_found);
    }
    let mut devices = host.output_devices().map_err(|_| not_found())?;
    devices
        .find(|d| device_matches(d, name))
        .ok_or_else(not_found)
}

struct CpalStream {
    _stream: cpal::Stream,
    format: StreamFormat,
    lost: Arc<AtomicBool>,
    callbacks: Arc<AtomicU64>,
}

impl OutputStream for CpalStream {
    fn format(&self) -> StreamFormat {
        self.format
    }
    fn is_lost(&self) -> bool {
        self.lost.load(Ordering::Relaxed)
    }
    fn callbacks(&self) -> u64 {
        self.callbacks.load(Ordering::Relaxed)
    }
}

fn error_handler(device: String, lost: Arc<AtomicBool>) -> impl FnMut(cpal::Error) + Send {
    let mut reported = 0u64;
    move |error: cpal::Error| match error.kind() {
        ErrorKind::DeviceNotAvailable
        | ErrorKind::HostUnavailable
        | ErrorKind::StreamInvalidated => {
            if !lost.swap(true, Ordering::Relaxed) {
                tracing::error!(device = %device, "audio output lost: {error}");
            }
        }
        ErrorKind::Xrun => tracing::debug!(device = %device, "audio underrun"),
        _ => {
            reported += 1;
            if reported <= 3 || reported.is_power_of_two() {
                tracing::warn!(device = %device, count = reported, "audio stream error: {error}");
            }
        }
    }
}

impl OutputBackend for CpalBackend {
    fn open(
        &self,
        request: &StreamRequest,
        render: RenderFn,
    ) -> Result<Box<dyn OutputStream>, AudioError> {
        if matches!(self.kind, HostKind::Pulse | HostKind::Auto) {
            match pulse::connect() {
                Ok(client) => return pulse::open(client, request, render, pulse::Role::Speech),
                Err(e) if self.kind == HostKind::Pulse => return Err(e),
                Err(e) => {
                    tracing::debug!("no PulseAudio, using ALSA: {e}");
                    return open_cpal(HostKind::Alsa, request, render);
                }
            }
        }
        open_cpal(self.kind, request, render)
    }

    fn opens_beside(&self) -> bool {
        matches!(self.kind, HostKind::Pulse | HostKind::Auto)
    }

    fn open_beside(
        &self,
        request: &StreamRequest,
        render: RenderFn,
    ) -> Result<Box<dyn OutputStream>, AudioError> {
        // Only through the sound server: a second ALSA stream could take the device from the
        // first, or be refused by it.
        if !self.opens_beside() {
            return Err(AudioError::Stream {
                device: request.device.clone(),
                reason: "ALSA plays one stream per device".into(),
            });
        }
        pulse::open(pulse::connect()?, request, render, pulse::Role::Cues)
    }
}

/// Opens a stream on cpal's host for `kind` (ALSA, or PulseAudio through cpal).
fn open_cpal(
    kind: HostKind,
    request: &StreamRequest,
    mut render: RenderFn,
) -> Result<Box<dyn OutputStream>, AudioError> {
    let (host, kind) = connect(kind)?;
    let device = find_device(&host, &request.device)?;
    let stream_error = |e: cpal::Error| AudioError::Stream {
        device: request.device.clone(),
        reason: format!("{} ({})", e, kind.name()),
    };
    let mut rate = request.sample_rate;
    let supports = |rate: u32| {
        device.supported_output_configs().is_ok_and(|mut configs| {
            configs.any(|c| {
                c.sample_format() == cpal::SampleFormat::F32
                    && c.channels() >= request.channels
                    && (c.min_sample_rate()..=c.max_sample_rate()).contains(&rate)
            })
        })
    };
    if !supports(rate) {
        if let Ok(default) = device.default_output_config() {
            rate = default.sample_rate();
        }
    }
    let config = StreamConfig {
        channels: request.channels,
        sample_rate: rate,
        buffer_size: BufferSize::Fixed(request.buffer_frames),
    };
    let format = StreamFormat {
        channels: request.channels,
        rate,
    };
    let lost = Arc::new(AtomicBool::new(false));
    let callbacks = Arc::new(AtomicU64::new(0));
    let counter = callbacks.clone();
    let stream = device
        .build_output_stream::<f32, _, _>(
            config,
            move |data: &mut [f32], _info: &cpal::OutputCallbackInfo| {
                counter.fetch_add(1, Ordering::Relaxed);
                render(data, format);
            },
            error_handler(request.device.clone(), lost.clone()),
            Some(STREAM_TIMEOUT),
        )
        .map_err(stream_error)?;
    stream.play().map_err(stream_error)?;
    log_open(request, kind.name(), rate);
    Ok(Box::new(CpalStream {
        _stream: stream,
        format,
        lost,
        callbacks,
    }))
}

/// Logs a stream opened for `request` on `host` at `rate`.
pub(crate) fn log_open(request: &StreamRequest, host: &str, rate: u32) {
    tracing::info!(
        device = %request.device,
        host,
        rate,
        channels = request.channels,
        buffer_frames = request.buffer_frames,
        "audio output open"
    );
}

/// Lists output devices of the host `kind` would pick (for `talkclock devices`).
pub fn devices(kind: HostKind) -> Result<Vec<DeviceInfo>, AudioError> {
    let (host, kind) = connect(kind)?;
    let default = host.default_output_device();
    let default_id = default.as_ref().and_then(|d| d.id().ok());
    let devices = host
        .output_devices()
        .map_err(|e| AudioError::HostUnavailable {
            host: kind.name().to_owned(),
            reason: e.to_string(),
        })?
        .collect::<Vec<_>>();
    let default_listed = devices.iter().any(|d| {
        d.id()
            .ok()
            .is_some_and(|id| Some(&id) == default_id.as_ref())
    });
    // ALSA's `default` PCM is often not among the hints: list it anyway, first.
    let unlisted_default = default.filter(|_| !default_listed);
    Ok(unlisted_default
        .into_iter()
        .chain(devices)
        .filter_map(|d| {
            let id = d.id().ok()?;
            let name = d
                .description()
                .map(|desc| desc.name().to_owned())
                .unwrap_or_else(|_| id.id().to_owned());
            Some(DeviceInfo {
                host: kind.name().to_owned(),
                id: id.id().to_owned(),
                name,
                is_default: default_id.as_ref() == Some(&id),
            })
        })
        .collect())
}
