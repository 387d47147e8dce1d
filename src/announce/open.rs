//! Opening an announcer: its options, the voice packs, the audio outputs, the system speech
//! engine (or the engine that says a language without a pack) and the transcript file.

use super::voices::{self, Voices, VoicesError};
use super::Announcer;
use crate::config::audio::{AudioSettings, SpeechEngine};
use crate::config::Config;
use crate::speech::Languages;
use crate::table::Listener;
use std::path::PathBuf;
use std::time::Instant;

/// How an announcer speaks and where it writes.
#[derive(Debug, Clone)]
pub struct AnnouncerOptions {
    /// Which language each listener hears.
    pub languages: Languages,
    /// The configured audio: outputs and routes, speech engine, speech rate.
    pub audio: AudioSettings,
    /// The voice packs' folder (see [`voices::voices_dir`]).
    pub voices: Option<PathBuf>,
    /// Write the transcript (JSON lines) here.
    pub transcript: Option<PathBuf>,
    /// Print what is said as text lines on stdout (also done when no audio can play).
    pub text: bool,
    /// Open no audio device and load no voice pack.
    pub no_audio: bool,
    /// Text lines end in `\r\n` (the terminal is in raw mode).
    pub raw_terminal: bool,
}

impl AnnouncerOptions {
    /// Speaking as `config` says, with audio, no transcript and no text lines.
    pub fn speaking(config: &Config) -> AnnouncerOptions {
        AnnouncerOptions {
            languages: config.languages(),
            audio: config.audio.clone(),
            voices: None,
            transcript: None,
            text: false,
            no_audio: false,
            raw_terminal: false,
        }
    }
}

/// Why an announcer cannot be opened.
#[derive(Debug, thiserror::Error)]
pub enum AnnounceError {
    /// The voice packs cannot be loaded.
    #[error("{0}\n(run with --no-audio to print the announcements instead)")]
    Voices(VoicesError),
    /// The transcript file cannot be written.
    #[error("{path}: cannot write the transcript: {source}")]
    Transcript {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
}

impl Announcer {
    /// The announcer `options` ask for. Without a sound card it prints text lines instead,
    /// and says so once to the arbiter.
    pub fn open(options: &AnnouncerOptions) -> Result<Announcer, AnnounceError> {
        let languages = options.languages;
        let rate = options.audio.speech_rate();
        let voices = if options.no_audio {
            None
        } else {
            let tempo = voices::tempo_for_rate(rate);
            let dir = voices::voices_dir(options.voices.as_deref());
            // Only the languages spoken: another is loaded when a listener switches to it.
            let loaded = Voices::load_for(&dir, tempo, &languages.spoken())
                .map_err(AnnounceError::Voices)?;
            loaded.warm_in_background();
            Some(loaded)
        };
        let audio = if options.no_audio {
            None
        } else {
            open_audio(&options.audio.output)
                .map_err(|why| tracing::info!("{why}"))
                .ok()
        };
        let system = match options.audio.speech {
            SpeechEngine::System { rate } if !options.no_audio => {
                let lang = languages.of(Listener::Arbiter).code();
                match crate::audio::SystemSpeech::new(lang, rate) {
                    Ok(speech) => Some(speech),
                    Err(e) => {
                        tracing::warn!(
                            "system speech is not available ({e}): speaking with the voice packs"
                        );
                        None
                    }
                }
            }
            _ => None,
        };
        let text = options.text || audio.is_none();
        let silent = audio.is_none() && !options.no_audio;
        let transcript =
            match &options.transcript {
                Some(path) => Some(std::fs::File::create(path).map_err(|source| {
                    AnnounceError::Transcript {
                        path: path.display().to_string(),
                        source,
                    }
                })?),
                None => None,
            };
        let unpacked = match (&voices, &audio, &system) {
            (Some(voices), Some(_), None) => Some(unpacked_speech(voices, languages)),
            _ => None,
        };
        let mut announcer = Announcer::new(languages, voices, audio, text, transcript)
            .with_system_speech(system)
            .with_unpacked_speech(unpacked)
            .with_base_rate(rate);
        announcer.set_raw_terminal(options.raw_terminal);
        if silent {
            // Said once, as a sentence, in the arbiter's language: no sound card, text instead.
            let notice = crate::speech::notices::no_audio(languages.of(Listener::Arbiter));
            tracing::warn!(said = true, "{notice}");
            announcer.say_text(&Listener::Arbiter.into(), &notice);
        }
        Ok(announcer)
    }
}

/// The speech engine that says the languages the listeners speak without a voice pack
/// (German), to their own routes like a pack. Each such
/// language is said once at the start, in the arbiter's language (and whether the engine
/// works, at its first line: see [`Announcer`]).
fn unpacked_speech(voices: &Voices, languages: Languages) -> crate::audio::Synth {
    let arbiter = languages.of(Listener::Arbiter);
    let mut unpacked: Vec<crate::speech::Lang> = Vec::new();
    for ear in Listener::EARS {
        let lang = languages.of(ear);
        if voices.pack(lang).is_some() || unpacked.contains(&lang) {
            continue;
        }
        let notice = crate::speech::notices::unpacked(arbiter, lang);
        tracing::warn!(said = true, "{notice}");
        unpacked.push(lang);
    }
    // A language chosen later in the set-up menu may have no pack either: the engine is
    // always there to say it.
    crate::audio::Synth::default()
}

/// Why no configured audio output can play.
#[derive(Debug, thiserror::Error)]
pub enum NoAudio {
    /// The host lists no output device.
    #[error("no audio output device was found (is there a sound card?)")]
    NoDevice,
    /// The host's devices cannot be listed.
    #[error("the audio devices cannot be listed: {0}")]
    CannotList(crate::audio::AudioError),
    /// The audio thread cannot start.
    #[error("audio cannot start: {0}")]
    CannotStart(crate::audio::AudioError),
    /// The configured outputs did not open in time.
    #[error("the configured audio output ({0}) cannot be opened (is there a sound card?)")]
    CannotOpen(String),
}

/// Opens the configured outputs, giving a device that cannot open now (no sound card at all,
/// which would be retried for ever) a moment; why not, when none can play. A device lost
/// later is rebuilt by the audio thread.
pub fn open_audio(config: &crate::audio::AudioConfig) -> Result<crate::audio::AudioOut, NoAudio> {
    use crate::audio::{devices, AudioOut};
    match devices(config.host) {
        Ok(list) if !list.is_empty() => {}
        Ok(_) => return Err(NoAudio::NoDevice),
        Err(e) => return Err(NoAudio::CannotList(e)),
    }
    let out = AudioOut::start(config.clone()).map_err(NoAudio::CannotStart)?;
    let deadline = Instant::now() + std::time::Duration::from_millis(1_500);
    while !out.all_devices_open() && Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    if out.all_devices_open() {
        Ok(out)
    } else {
        out.shutdown();
        Err(NoAudio::CannotOpen(config.devices().join(", ")))
    }
}
