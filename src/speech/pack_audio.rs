//! Reading a voice pack's audio files: 16-bit or float WAV (`.wav`) and Ogg Vorbis (`.ogg`,
//! decoded by the workspace's `talkclock-codec` crate).

use std::path::Path;

/// Why an audio file could not be decoded.
#[derive(Debug, thiserror::Error)]
pub enum DecodeError {
    /// A `.wav` file that is not a valid WAV.
    #[error("{0}")]
    Wav(#[from] hound::Error),
    /// An `.ogg` file that is not valid Ogg Vorbis.
    #[error("{0}")]
    Vorbis(#[from] talkclock_codec::DecodeError),
    /// The file could not be read.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// Neither `.wav` nor `.ogg`.
    #[error("the file name ends neither in .wav nor in .ogg")]
    UnknownFormat,
}

/// Rate, channels and interleaved samples of the audio file at `path`.
pub fn read_audio(path: &Path) -> Result<(u32, u16, Vec<f32>), DecodeError> {
    match path.extension().and_then(|e| e.to_str()) {
        Some("wav") => read_wav(path),
        Some("ogg") => {
            let decoded = talkclock_codec::decode_vorbis(&std::fs::read(path)?)?;
            Ok((decoded.rate, decoded.channels, decoded.samples))
        }
        _ => Err(DecodeError::UnknownFormat),
    }
}

fn read_wav(path: &Path) -> Result<(u32, u16, Vec<f32>), DecodeError> {
    let reader = hound::WavReader::open(path)?;
    let spec = reader.spec();
    let samples: Vec<f32> = match spec.sample_format {
        hound::SampleFormat::Float => reader.into_samples::<f32>().collect::<Result<_, _>>(),
        hound::SampleFormat::Int => {
            let scale = 1.0 / (1_i64 << (spec.bits_per_sample.clamp(1, 32) - 1)) as f32;
            reader
                .into_samples::<i32>()
                .map(|s| s.map(|v| v as f32 * scale))
                .collect::<Result<_, _>>()
        }
    }?;
    Ok((spec.sample_rate, spec.channels, samples))
}
