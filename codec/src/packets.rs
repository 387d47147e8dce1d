//! A Vorbis stream kept compressed: its audio packets in memory, each with the frames it
//! yields in a whole decode, so that any stretch of frames can be decoded alone, the same
//! samples [`crate::decode_vorbis`] gives there. A voice pack holds its clips so (a tenth of
//! their decoded size) and decodes a clip when it is said.

use crate::DecodeError;
use lewton::audio::{get_decoded_sample_count, read_audio_packet_generic, PreviousWindowRight};
use lewton::header::{read_header_ident, read_header_setup, IdentHeader, SetupHeader};
use lewton::samples::InterleavedSamples;
use std::io::Cursor;

/// An Ogg Vorbis stream's audio packets, indexed by the frames each yields.
pub struct Packets {
    ident: IdentHeader,
    setup: SetupHeader,
    /// Every audio packet's bytes, one after the other.
    data: Vec<u8>,
    /// Where each packet ends in `data`.
    ends: Vec<u32>,
    /// The first frame each packet yields in a whole decode (the first yields none: it only
    /// primes the decoder); one more entry, the stream's length.
    starts: Vec<u32>,
}

impl std::fmt::Debug for Packets {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Packets")
            .field("rate", &self.rate())
            .field("channels", &self.channels())
            .field("frames", &self.frames())
            .field("packets", &self.ends.len())
            .field("bytes", &self.data.len())
            .finish()
    }
}

impl Packets {
    /// Reads the headers and indexes every audio packet of the Ogg Vorbis stream `bytes`
    /// (the first logical stream; packets of others are left out). Nothing is decoded but
    /// each packet's block size.
    pub fn index(bytes: &[u8]) -> Result<Packets, DecodeError> {
        let mut reader = ogg::PacketReader::new(Cursor::new(bytes));
        let first = reader.read_packet_expected()?;
        let serial = first.stream_serial();
        let ident = read_header_ident(&first.data).map_err(lewton::VorbisError::from)?;
        let mut headers = Vec::with_capacity(2);
        while headers.len() < 2 {
            let packet = reader.read_packet_expected()?;
            if packet.stream_serial() == serial {
                headers.push(packet);
            }
        }
        let setup = read_header_setup(
            &headers[1].data,
            ident.audio_channels,
            (ident.blocksize_0, ident.blocksize_1),
        )
        .map_err(lewton::VorbisError::from)?;
        let mut packets = Packets {
            ident,
            setup,
            data: Vec::with_capacity(bytes.len()),
            ends: Vec::new(),
            starts: vec![0],
        };
        // As lewton's stream reader counts: the granule position of the last page read,
        // which trims the stream's last packet.
        let mut granule: Option<u64> = None;
        let mut frames: u64 = 0;
        while let Some(packet) = reader.read_packet()? {
            if packet.stream_serial() != serial {
                continue;
            }
            let mut yields = if packets.ends.is_empty() {
                0
            } else {
                get_decoded_sample_count(&packets.ident, &packets.setup, &packet.data)? as u64
            };
            if let (Some(at), true) = (granule, packet.last_in_stream()) {
                yields = yields.min(packet.absgp_page().saturating_sub(at));
            }
            if packet.last_in_page() {
                granule = Some(packet.absgp_page());
            } else if let Some(at) = granule.as_mut() {
                *at += yields;
            }
            frames += yields;
            packets.data.extend_from_slice(&packet.data);
            let (Ok(end), Ok(start)) = (u32::try_from(packets.data.len()), u32::try_from(frames))
            else {
                return Err(DecodeError::Vorbis(lewton::VorbisError::BadAudio(
                    lewton::audio::AudioReadError::AudioBadFormat,
                )));
            };
            packets.ends.push(end);
            packets.starts.push(start);
        }
        packets.data.shrink_to_fit();
        packets.ends.shrink_to_fit();
        packets.starts.shrink_to_fit();
        Ok(packets)
    }

    /// Sample rate in Hz.
    pub fn rate(&self) -> u32 {
        self.ident.audio_sample_rate
    }

    /// Channels per frame.
    pub fn channels(&self) -> u16 {
        u16::from(self.ident.audio_channels)
    }

    /// Frames in the stream (samples per channel).
    pub fn frames(&self) -> usize {
        self.starts.last().map_or(0, |&f| f as usize)
    }

    /// Bytes held: the packets and their index.
    pub fn bytes(&self) -> usize {
        self.data.len() + 4 * (self.ends.len() + self.starts.len())
    }

    /// Frames `start..start + frames`, interleaved, 16-bit: the packets that yield them
    /// decoded, after the one before them (which primes the decoder's overlap).
    pub fn decode(&self, start: usize, frames: usize) -> Result<Vec<i16>, DecodeError> {
        let end = start.saturating_add(frames);
        if end > self.frames() {
            return Err(DecodeError::Outside {
                start,
                end,
                frames: self.frames(),
            });
        }
        let channels = usize::from(self.ident.audio_channels);
        let mut out = Vec::with_capacity(frames * channels);
        if frames == 0 {
            return Ok(out);
        }
        // The packet whose frames hold `start`: the last one starting at or before it.
        let first = self.starts[..self.ends.len()]
            .partition_point(|&s| s as usize <= start)
            .saturating_sub(1);
        let mut window = PreviousWindowRight::new();
        if first > 0 {
            let _: InterleavedSamples<i16> = read_audio_packet_generic(
                &self.ident,
                &self.setup,
                self.packet(first - 1),
                &mut window,
            )?;
        }
        let mut at = self.starts[first] as usize;
        for index in first..self.ends.len() {
            if at >= end {
                break;
            }
            let decoded: InterleavedSamples<i16> = read_audio_packet_generic(
                &self.ident,
                &self.setup,
                self.packet(index),
                &mut window,
            )?;
            let yields = (self.starts[index + 1] - self.starts[index]) as usize;
            let samples = &decoded.samples[..(yields * channels).min(decoded.samples.len())];
            let from = start.saturating_sub(at).min(yields);
            let to = (end - at).min(yields);
            out.extend_from_slice(&samples[from * channels..to * channels]);
            at += yields;
        }
        Ok(out)
    }

    /// The bytes of packet `index`.
    fn packet(&self, index: usize) -> &[u8] {
        let from = match index {
            0 => 0,
            i => self.ends[i - 1] as usize,
        };
        &self.data[from..self.ends[index] as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pack_audio(pack: &str) -> Vec<u8> {
        let path = format!("{}/../voices/{pack}/clips.ogg", env!("CARGO_MANIFEST_DIR"));
        std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
    }

    /// What `decode_vorbis` gives, as 16-bit samples.
    fn whole(bytes: &[u8]) -> Vec<i16> {
        crate::decode_vorbis(bytes)
            .expect("decodes")
            .samples
            .iter()
            .map(|&s| (s * 32_768.0) as i16)
            .collect()
    }

    #[test]
    fn any_stretch_decoded_alone_is_the_same_as_in_the_whole_stream() {
        let bytes = pack_audio("en-slt");
        let all = whole(&bytes);
        let packets = Packets::index(&bytes).expect("indexes");
        assert_eq!(packets.frames(), all.len());
        assert_eq!((packets.rate(), packets.channels()), (24_000, 1));
        // A fifth of the decoded 16-bit samples, at most.
        assert!(packets.bytes() < all.len() * 2 / 5, "{packets:?}");
        let mut start = 0usize;
        let mut step = 1usize;
        while start < all.len() {
            let frames = (step * 7919) % 40_000 + 1;
            let frames = frames.min(all.len() - start);
            let alone = packets.decode(start, frames).expect("decodes a stretch");
            assert!(
                alone == all[start..start + frames],
                "frames {start}..{} differ from the whole stream's",
                start + frames
            );
            start += frames + (step * 104_729) % 300_000;
            step += 1;
        }
        let end = all.len();
        assert_eq!(
            packets.decode(end - 10, 10).expect("the end"),
            all[end - 10..]
        );
        assert_eq!(packets.decode(0, 10).expect("the start"), all[..10]);
    }

    #[test]
    fn a_stretch_past_the_end_is_refused() {
        let packets = Packets::index(&pack_audio("en-slt")).expect("indexes");
        let frames = packets.frames();
        assert!(matches!(
            packets.decode(frames - 5, 10),
            Err(DecodeError::Outside { .. })
        ));
        assert!(packets.decode(frames, 0).expect("nothing").is_empty());
    }
}
