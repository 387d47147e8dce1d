//! Decoding of voice-pack audio. The Vorbis decoder's generic code is compiled in the crate
//! that names its types; kept here, behind plain functions, it is built optimised even in
//! a debug build of talkclock (see the workspace's `[profile.dev.package]`), where a whole
//! pack otherwise takes seconds to decode. A stream can be decoded whole
//! ([`decode_vorbis`]) or kept compressed and decoded a stretch at a time ([`Packets`]).

use std::io::Cursor;

mod packets;

pub use packets::Packets;

/// Why a file could not be decoded.
#[derive(Debug, thiserror::Error)]
pub enum DecodeError {
    /// The bytes are not valid Ogg Vorbis.
    #[error("{0}")]
    Vorbis(#[from] lewton::VorbisError),
    /// Samples asked of a compressed stream that it does not hold.
    #[error("samples {start}..{end} are not inside the stream's {frames} frames")]
    Outside {
        /// The first frame asked for.
        start: usize,
        /// The frame after the last one asked for.
        end: usize,
        /// The stream's frames.
        frames: usize,
    },
}

impl From<lewton::audio::AudioReadError> for DecodeError {
    fn from(e: lewton::audio::AudioReadError) -> DecodeError {
        DecodeError::Vorbis(e.into())
    }
}

impl From<ogg::OggReadError> for DecodeError {
    fn from(e: ogg::OggReadError) -> DecodeError {
        DecodeError::Vorbis(e.into())
    }
}

/// Decoded audio: rate in Hz, channel count, and samples (interleaved) in -1.0..1.0.
#[derive(Debug, Clone, PartialEq)]
pub struct Decoded {
    /// Sample rate in Hz.
    pub rate: u32,
    /// Channels per frame.
    pub channels: u16,
    /// Interleaved samples.
    pub samples: Vec<f32>,
}

/// Decodes a whole Ogg Vorbis stream held in memory.
pub fn decode_vorbis(bytes: &[u8]) -> Result<Decoded, DecodeError> {
    let mut reader = lewton::inside_ogg::OggStreamReader::new(Cursor::new(bytes))?;
    let rate = reader.ident_hdr.audio_sample_rate;
    let channels = u16::from(reader.ident_hdr.audio_channels);
    let mut samples = Vec::new();
    while let Some(packet) = reader.read_dec_packet_itl()? {
        samples.extend(packet.into_iter().map(|v| f32::from(v) / 32_768.0));
    }
    Ok(Decoded {
        rate,
        channels,
        samples,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn garbage_is_an_error() {
        assert!(decode_vorbis(b"OggS not really").is_err());
        assert!(decode_vorbis(b"").is_err());
        assert!(Packets::index(b"OggS not really").is_err());
        assert!(Packets::index(b"").is_err());
    }
}
