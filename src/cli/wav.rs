//! Mono WAV files for the voice-pack and listening tools: read through the voice packs' own
//! reader, written as 16-bit samples the way a pack stores them.

use std::path::Path;

use super::Failure;

/// Rate and samples of a mono WAV file (integer or float).
pub(crate) fn read_mono(path: &Path) -> Result<(u32, Vec<f32>), Failure> {
    let (rate, channels, samples) = crate::speech::read_audio(path).map_err(|e| Failure::Read {
        path: path.display().to_string(),
        source: std::io::Error::other(e),
    })?;
    if channels != 1 {
        return Err(Failure::Usage(format!(
            "{}: expected mono, found {channels} channels",
            path.display()
        )));
    }
    Ok((rate, samples))
}

/// Writes `samples` as a mono 16-bit WAV at `rate` (rounded, clipped to the 16-bit range).
pub(crate) fn write_mono16(path: &Path, rate: u32, samples: &[f32]) -> Result<(), Failure> {
    let spec = hound::WavSpec {
        channels: 1,
        sample_rate: rate,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };
    let io =
        |e: hound::Error| Failure::Io(std::io::Error::other(format!("{}: {e}", path.display())));
    let mut writer = hound::WavWriter::create(path, spec).map_err(io)?;
    for s in samples {
        let v = (s * 32_768.0).round().clamp(-32_768.0, 32_767.0) as i16;
        writer.write_sample(v).map_err(io)?;
    }
    writer.finalize().map_err(io)
}
