//! Speech synthesised to samples by espeak-ng, for a language without a voice pack: the text
//! goes to `espeak-ng --stdout` and its WAV comes back as [`Pcm`], so that it is played through
//! the same routes, volumes and priorities as a pack's (speech-dispatcher, which drives
//! espeak-ng for `speech = "system"`, cannot hand its audio back). The engine's own rate
//! (words a minute) follows the listener's speech rate as a pack's clips do: its normal speed
//! times the packs' tempo 2^rate ([`espeak_wpm`]).
//!
//! espeak-ng is a subprocess rather than a linked library: libespeak-ng keeps one engine per
//! process behind global state, and the crates that bind it are small and little kept.

use super::Pcm;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// The program run when none is given.
pub const ESPEAK: &str = "espeak-ng";

/// espeak-ng's own speed, words a minute, as its manual gives it: the speed at rate 0.
pub const ESPEAK_WPM: f32 = 175.0;

/// How long the engine may take for a line (it takes a fraction of a second).
pub const SYNTH_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

/// Why a line cannot be synthesised.
#[derive(Debug, thiserror::Error)]
pub enum SynthError {
    /// The program cannot be started (not installed).
    #[error("{program}: cannot run it: {source}")]
    Spawn {
        /// The program.
        program: String,
        /// Why.
        source: std::io::Error,
    },
    /// Talking to the program failed.
    #[error("{program}: {source}")]
    Pipe {
        /// The program.
        program: String,
        /// Why.
        source: std::io::Error,
    },
    /// The program failed (an unknown voice, say).
    #[error("{program} failed ({status}): {stderr}")]
    Failed {
        /// The program.
        program: String,
        /// Its exit status.
        status: std::process::ExitStatus,
        /// What it wrote on standard error.
        stderr: String,
    },
    /// The program did not finish in time (it was killed).
    #[error("{program} did not finish within {after:?}")]
    Timeout {
        /// The program.
        program: String,
        /// How long it was given.
        after: std::time::Duration,
    },
    /// Its output is not a WAV file this reads (16-bit integer PCM).
    #[error("{program}: its output is not 16-bit PCM WAV: {problem}")]
    Wav {
        /// The program.
        program: String,
        /// What is wrong.
        problem: String,
    },
}

/// The speech engine that turns a line into samples.
#[derive(Debug, Clone)]
pub struct Synth {
    program: PathBuf,
}

impl Default for Synth {
    fn default() -> Synth {
        Synth::with_program(ESPEAK)
    }
}

impl Synth {
    /// The engine run as `program` (a path, or a name looked up on `PATH`).
    pub fn with_program(program: impl Into<PathBuf>) -> Synth {
        Synth {
            program: program.into(),
        }
    }

    /// `text` said in `voice` (an espeak-ng voice or language code: `de`) at speech `rate`
    /// (the config's −1 … 1), as mono samples at the engine's sample rate.
    pub fn synthesise(&self, voice: &str, text: &str, rate: f32) -> Result<Pcm, SynthError> {
        let program = self.program.display().to_string();
        let pipe = |source| SynthError::Pipe {
            program: program.clone(),
            source,
        };
        let mut child = Command::new(&self.program)
            .args(["--stdout", "--stdin", "-v", voice, "-s"])
            .arg(espeak_wpm(rate).to_string())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|source| SynthError::Spawn {
                program: program.clone(),
                source,
            })?;
        if let Some(mut stdin) = child.stdin.take() {
            // An engine that quit without reading is told by its exit status, below.
            match stdin.write_all(text.as_bytes()) {
                Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => return Err(pipe(e)),
                _ => {}
            }
        }
        // Read on a thread of its own, so that a hung engine is given up on (and killed), not
        // waited for by the announcer.
        let (stdout, stderr) = (child.stdout.take(), child.stderr.take());
        let (tx, rx) = crossbeam_channel::bounded(1);
        std::thread::spawn(move || {
            let read = |pipe: Option<&mut dyn Read>| -> std::io::Result<Vec<u8>> {
                let mut bytes = Vec::new();
                if let Some(pipe) = pipe {
                    pipe.read_to_end(&mut bytes)?;
                }
                Ok(bytes)
            };
            let (mut stdout, mut stderr) = (stdout, stderr);
            let wav = read(stdout.as_mut().map(|p| p as &mut dyn Read));
            let said = read(stderr.as_mut().map(|p| p as &mut dyn Read));
            let _ = tx.send(wav.and_then(|wav| said.map(|said| (wav, said))));
        });
        let (wav, said) = match rx.recv_timeout(SYNTH_TIMEOUT) {
            Ok(read) => read.map_err(pipe)?,
            Err(_) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(SynthError::Timeout {
                    program,
                    after: SYNTH_TIMEOUT,
                });
            }
        };
        let status = child.wait().map_err(pipe)?;
        if !status.success() {
            return Err(SynthError::Failed {
                program,
                status,
                stderr: String::from_utf8_lossy(&said).trim().to_owned(),
            });
        }
        read_wav(&wav).map_err(|problem| SynthError::Wav { program, problem })
    }
}

/// espeak-ng's speed for a speech rate of the config (−1 slowest … 0 its normal … 1 fastest):
/// its normal speed times the tempo a voice pack's clips play at for the same rate, 2^rate
/// (half to twice as fast), so that a German listener and a Russian one at the same rate hear
/// the same pace. speech-dispatcher's scale (80 … 175 … 450 words a minute) made the default
/// rate 0.4 a 285-word-a-minute rush, 23 % faster than the packs' 1.32 (`make listen`).
pub fn espeak_wpm(rate: f32) -> u32 {
    let rate = if rate.is_finite() {
        rate.clamp(-1.0, 1.0)
    } else {
        super::DEFAULT_SPEECH_RATE
    };
    (ESPEAK_WPM * 2f32.powf(rate)).round() as u32
}

/// Mono samples from a 16-bit PCM WAV. espeak-ng writing to a pipe cannot seek back to fill
/// in the lengths, so its header claims 2 GB: the samples end where the bytes do.
fn read_wav(bytes: &[u8]) -> Result<Pcm, String> {
    let bytes = with_true_lengths(bytes);
    let reader = hound::WavReader::new(bytes.as_slice()).map_err(|e| e.to_string())?;
    let spec = reader.spec();
    if spec.sample_format != hound::SampleFormat::Int || spec.bits_per_sample != 16 {
        return Err(format!(
            "{:?} {} bits a sample",
            spec.sample_format, spec.bits_per_sample
        ));
    }
    let channels = usize::from(spec.channels.max(1));
    let samples = reader
        .into_samples::<i16>()
        .collect::<Result<Vec<i16>, _>>()
        .map_err(|e| e.to_string())?;
    // Mixed down to mono: the mean of a frame's channels.
    let frames: Vec<f32> = samples
        .chunks_exact(channels)
        .map(|frame| frame.iter().map(|s| f32::from(*s) / 32768.0).sum::<f32>() / channels as f32)
        .collect();
    Ok(Pcm::new(spec.sample_rate, frames))
}

/// The WAV with its RIFF and `data` lengths set to the bytes there are (whole sample frames
/// of up to 8 bytes are not known here: a torn last sample is cut to an even length).
fn with_true_lengths(bytes: &[u8]) -> Vec<u8> {
    let mut wav = bytes.to_vec();
    let set = |wav: &mut Vec<u8>, at: usize, len: usize| {
        let len = u32::try_from(len).unwrap_or(u32::MAX).to_le_bytes();
        if let Some(field) = wav.get_mut(at..at + 4) {
            field.copy_from_slice(&len);
        }
    };
    if wav.len() < 12 || &wav[..4] != b"RIFF" {
        return wav;
    }
    let total = wav.len();
    set(&mut wav, 4, total - 8);
    let mut at = 12;
    while at + 8 <= total {
        let size = u32::from_le_bytes([wav[at + 4], wav[at + 5], wav[at + 6], wav[at + 7]]);
        let body = at + 8;
        if &wav[at..at + 4] == b"data" {
            let there = (total - body) & !1;
            wav.truncate(body + there);
            set(&mut wav, 4, body + there - 8);
            set(&mut wav, at + 4, there);
            break;
        }
        // Chunks are padded to an even length.
        at = body
            .saturating_add(size as usize)
            .saturating_add(size as usize & 1);
    }
    wav
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn espeaks_speed_follows_the_packs_tempo_for_each_rate() {
        assert_eq!(espeak_wpm(-1.0), 88);
        assert_eq!(espeak_wpm(0.0), 175);
        assert_eq!(espeak_wpm(1.0), 350);
        assert_eq!(espeak_wpm(0.4), 231);
        assert_eq!(espeak_wpm(7.0), 350);
        assert_eq!(
            espeak_wpm(f32::NAN),
            espeak_wpm(super::super::DEFAULT_SPEECH_RATE)
        );
    }

    #[test]
    fn a_missing_program_is_an_error_not_a_panic() {
        let synth = Synth::with_program("/nonexistent/espeak-ng");
        let err = synth.synthesise("de", "Weiß", 0.0).unwrap_err();
        assert!(matches!(err, SynthError::Spawn { .. }), "{err}");
    }

    #[test]
    fn a_failing_program_is_an_error_with_its_words() {
        // An engine that refuses (as espeak-ng does an unknown voice) with words and a status.
        let dir = tempfile::tempdir().expect("tempdir");
        let script = dir.path().join("espeak-ng");
        std::fs::write(&script, "#!/bin/sh\necho no voice >&2\nexit 3\n").expect("script");
        let mut mode = std::fs::metadata(&script).expect("script").permissions();
        std::os::unix::fs::PermissionsExt::set_mode(&mut mode, 0o755);
        std::fs::set_permissions(&script, mode).expect("chmod");
        let err = Synth::with_program(&script)
            .synthesise("xx", "Weiß", 0.0)
            .unwrap_err();
        match err {
            SynthError::Failed { stderr, .. } => assert_eq!(stderr, "no voice"),
            other => panic!("{other}"),
        }
    }

    #[test]
    fn a_streamed_wav_ends_where_its_bytes_do() {
        // espeak-ng's header to a pipe: RIFF and data lengths of about 2 GB, then 3 samples.
        let mut wav = Vec::new();
        wav.extend(b"RIFF\x24\xf0\xff\x7fWAVEfmt ");
        wav.extend(16u32.to_le_bytes());
        wav.extend(1u16.to_le_bytes());
        wav.extend(1u16.to_le_bytes());
        wav.extend(22_050u32.to_le_bytes());
        wav.extend(44_100u32.to_le_bytes());
        wav.extend(2u16.to_le_bytes());
        wav.extend(16u16.to_le_bytes());
        wav.extend(b"data\x00\xf0\xff\x7f");
        for s in [0i16, 16_384, -32_768] {
            wav.extend(s.to_le_bytes());
        }
        let pcm = read_wav(&wav).expect("a streamed WAV reads");
        assert_eq!(pcm.rate, 22_050);
        assert_eq!(&*pcm.samples, &[0.0, 0.5, -1.0]);
    }
}
