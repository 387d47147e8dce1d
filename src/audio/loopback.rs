//! A loopback: an input that hears the clock's own output (a cable from the earpiece jack to
//! the line-in, a sound card's monitor, ALSA's `snd-aloop`, PulseAudio's `<sink>.monitor`).
//! [`Capture`] records it with each chunk's arrival time, and [`first_loud`] finds when a sound
//! reached it, so the self-test can measure the delay from asking for a sound to hearing it.

use super::backend::connect;
use super::config::HostKind;
use super::error::AudioError;
use cpal::traits::{DeviceTrait, HostTrait, StreamTrait};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// One chunk read from the input: when it arrived, and its interleaved samples.
#[derive(Debug, Clone)]
pub struct Chunk {
    /// When the input callback had it.
    pub at: Instant,
    /// Interleaved samples.
    pub samples: Vec<f32>,
}

/// A recording input stream.
pub struct Capture {
    _stream: cpal::Stream,
    chunks: Arc<Mutex<Vec<Chunk>>>,
    /// Samples per second.
    pub rate: u32,
    /// Channels per frame.
    pub channels: u16,
}

impl Capture {
    /// Opens the input `device` (an id or name as `talkclock devices` would print it) on the
    /// host `kind`, and starts recording.
    pub fn open(kind: HostKind, device: &str) -> Result<Capture, AudioError> {
        let (host, _) = connect(kind)?;
        let not_found = || AudioError::DeviceNotFound(device.to_owned());
        let found = host
            .input_devices()
            .map_err(|_| not_found())?
            .find(|d| {
                d.id().is_ok_and(|id| id.id() == device)
                    || d.description().is_ok_and(|desc| desc.name() == device)
            })
            .ok_or_else(not_found)?;
        let supported = found
            .default_input_config()
            .map_err(|e| AudioError::Stream {
                device: device.to_owned(),
                reason: e.to_string(),
            })?;
        let config = cpal::StreamConfig {
            channels: supported.channels(),
            sample_rate: supported.sample_rate(),
            buffer_size: cpal::BufferSize::Fixed(supported.sample_rate() / 200),
        };
        let chunks: Arc<Mutex<Vec<Chunk>>> = Arc::default();
        let sink = chunks.clone();
        let stream = found
            .build_input_stream(
                config,
                move |data: &[f32], _: &cpal::InputCallbackInfo| {
                    let chunk = Chunk {
                        at: Instant::now(),
                        samples: data.to_vec(),
                    };
                    sink.lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .push(chunk);
                },
                |e| tracing::warn!("loopback input: {e}"),
                Some(Duration::from_secs(3)),
            )
            .map_err(|e| AudioError::Stream {
                device: device.to_owned(),
                reason: e.to_string(),
            })?;
        stream.play().map_err(|e| AudioError::Stream {
            device: device.to_owned(),
            reason: e.to_string(),
        })?;
        Ok(Capture {
            _stream: stream,
            chunks,
            rate: config.sample_rate,
            channels: config.channels,
        })
    }

    /// Takes (and forgets) what was recorded so far.
    pub fn take(&self) -> Vec<Chunk> {
        std::mem::take(&mut *self.chunks.lock().unwrap_or_else(PoisonError::into_inner))
    }
}

/// When the first frame louder than `threshold` (any channel) reached the input: its chunk's
/// arrival minus the frames after it in that chunk. Only chunks that arrived after `after`.
pub fn first_loud(
    chunks: &[Chunk],
    channels: u16,
    rate: u32,
    threshold: f32,
    after: Instant,
) -> Option<Instant> {
    let channels = usize::from(channels.max(1));
    for chunk in chunks.iter().filter(|c| c.at > after) {
        let frames = chunk.samples.len() / channels;
        let loud = chunk
            .samples
            .chunks_exact(channels)
            .position(|frame| frame.iter().any(|s| s.abs() > threshold));
        if let Some(frame) = loud {
            let later = (frames - frame - 1) as f64 / f64::from(rate.max(1));
            return Some(
                chunk
                    .at
                    .checked_sub(Duration::from_secs_f64(later))
                    .unwrap_or(chunk.at),
            );
        }
    }
    None
}

/// The loudest sample of `chunks` (the input's noise when nothing plays).
pub fn peak(chunks: &[Chunk]) -> f32 {
    chunks
        .iter()
        .flat_map(|c| c.samples.iter())
        .fold(0.0, |m, s| m.max(s.abs()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_loud_frame_is_dated_back_from_its_chunk_s_arrival() {
        let start = Instant::now();
        let at = start + Duration::from_millis(100);
        // Stereo at 1000 Hz: 10 frames, the loud one the 6th (4 frames after it: 4 ms).
        let mut samples = vec![0.0f32; 20];
        samples[11] = 0.5;
        let chunks = [
            Chunk {
                at: start + Duration::from_millis(50),
                samples: vec![0.9; 20],
            },
            Chunk { at, samples },
        ];
        // The loud chunk before `after` is left out.
        let found = first_loud(&chunks, 2, 1000, 0.1, start + Duration::from_millis(60));
        assert_eq!(found, Some(at - Duration::from_millis(4)));
        assert_eq!(first_loud(&chunks, 2, 1000, 0.95, start), None);
        assert_eq!(peak(&chunks), 0.9);
    }
}
