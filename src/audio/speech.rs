//! System speech through the `tts` crate (speech-dispatcher on Linux): a second backend for
//! text with no voice-pack clips. Runs on its own thread so that a missing or hung speech
//! server can never block or crash the caller; failures come back as [`SpeechError`] and
//! the caller falls back to voice packs.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use crossbeam_channel::{Receiver, Sender};
use thiserror::Error;
use tts::{Backends, Tts};

/// Default speech rate on the -1.0 (slowest) ..= 0.0 (engine normal) ..= 1.0 (fastest)
/// scale: brisk, since players listen to short time phrases under pressure.
pub const DEFAULT_SPEECH_RATE: f32 = 0.4;

/// How long connecting to the speech server may take.
const INIT_TIMEOUT: Duration = Duration::from_secs(5);

/// Why system speech is not available or failed.
#[derive(Debug, Error)]
pub enum SpeechError {
    /// The speech server could not be reached or refused us.
    #[error("system speech unavailable: {0}")]
    Unavailable(String),
    /// The speech server did not answer in time.
    #[error("system speech did not start within {0:?}")]
    Timeout(Duration),
    /// The speech thread has stopped (it panicked or the engine went away).
    #[error("system speech stopped")]
    Stopped,
}

enum Request {
    Speak(String, bool),
    Stop,
}

/// Handle to the speech thread. Dropping it disconnects from the speech server.
pub struct SystemSpeech {
    tx: Sender<Request>,
    language: Arc<OnceLock<Option<String>>>,
}

impl SystemSpeech {
    /// Connects to the system speech server at `rate` (see [`DEFAULT_SPEECH_RATE`]) and then,
    /// in the background before the first utterance, picks a voice for `lang` (BCP 47 tag
    /// or prefix such as `"en-GB"`, `"en"`, `"ru"`; empty = server default; listing voices
    /// can take seconds). Never hangs (5 s limit to connect) or panics; a voice missing for
    /// `lang` is logged, not an error.
    pub fn new(lang: &str, rate: f32) -> Result<SystemSpeech, SpeechError> {
        let (ready_tx, ready_rx) = crossbeam_channel::bounded(1);
        let (tx, rx) = crossbeam_channel::unbounded();
        let lang = lang.trim().to_owned();
        let language = Arc::new(OnceLock::new());
        let chosen = language.clone();
        std::thread::Builder::new()
            .name("talkclock-tts".into())
            .spawn(move || {
                let init = catch_unwind(AssertUnwindSafe(|| connect(rate)));
                let mut tts = match init {
                    Ok(Ok(tts)) => {
                        let _ = ready_tx.send(Ok(()));
                        tts
                    }
                    Ok(Err(e)) => {
                        let _ = ready_tx.send(Err(e));
                        return;
                    }
                    Err(_) => {
                        let _ = ready_tx.send(Err(SpeechError::Unavailable(
                            "speech engine panicked while starting".into(),
                        )));
                        return;
                    }
                };
                let voice = catch_unwind(AssertUnwindSafe(|| choose_voice(&mut tts, &lang)));
                let _ = chosen.set(voice.unwrap_or(None));
                serve(tts, &rx);
            })
            .map_err(|e| SpeechError::Unavailable(format!("cannot spawn thread: {e}")))?;
        match ready_rx.recv_timeout(INIT_TIMEOUT) {
            Ok(Ok(())) => Ok(SystemSpeech { tx, language }),
            Ok(Err(e)) => Err(e),
            Err(crossbeam_channel::RecvTimeoutError::Timeout) => {
                Err(SpeechError::Timeout(INIT_TIMEOUT))
            }
            Err(crossbeam_channel::RecvTimeoutError::Disconnected) => Err(SpeechError::Stopped),
        }
    }

    /// Lang tag of the voice chosen for `lang`: `None` until the choice is made, or if
    /// no voice matched (then the server's default voice speaks).
    pub fn language(&self) -> Option<&str> {
        self.language.get().and_then(|l| l.as_deref())
    }

    /// Speaks `text`; `interrupt` first cuts what is being said. Returns at once.
    pub fn speak(&self, text: &str, interrupt: bool) -> Result<(), SpeechError> {
        self.tx
            .send(Request::Speak(text.to_owned(), interrupt))
            .map_err(|_| SpeechError::Stopped)
    }

    /// Stops speaking.
    pub fn stop(&self) -> Result<(), SpeechError> {
        self.tx
            .send(Request::Stop)
            .map_err(|_| SpeechError::Stopped)
    }
}

/// Maps -1..=1 onto the engine's min..normal..max rate.
fn engine_rate(tts: &Tts, rate: f32) -> f32 {
    scale_rate(rate, tts.min_rate(), tts.normal_rate(), tts.max_rate())
}

/// A speech rate of the config (−1 slowest … 0 the engine's normal … 1 fastest) on an
/// engine's own scale from `slowest` through `normal` to `fastest`; a rate that is not a
/// number is [`DEFAULT_SPEECH_RATE`].
pub fn scale_rate(rate: f32, slowest: f32, normal: f32, fastest: f32) -> f32 {
    let rate = if rate.is_finite() {
        rate.clamp(-1.0, 1.0)
    } else {
        DEFAULT_SPEECH_RATE
    };
    if rate >= 0.0 {
        normal + rate * (fastest - normal)
    } else {
        normal + rate * (normal - slowest)
    }
}

fn connect(rate: f32) -> Result<Tts, SpeechError> {
    let unavailable = |e: tts::Error| SpeechError::Unavailable(e.to_string());
    let mut tts = Tts::new(Backends::SpeechDispatcher).map_err(unavailable)?;
    let engine_rate = engine_rate(&tts, rate);
    tts.set_rate(engine_rate).map_err(unavailable)?;
    Ok(tts)
}

/// Picks the voice for `lang`: an exact tag match, else the shortest (then alphabetically
/// first) tag with that prefix, so `"en"` gives `en-gb` rather than `en-029`.
/// `Tts::voice()` panics on speech-dispatcher; `voices()` + `set_voice` work.
fn choose_voice(tts: &mut Tts, lang: &str) -> Option<String> {
    if lang.is_empty() {
        return None;
    }
    let wanted = lang.to_ascii_lowercase();
    let voices = match tts.voices() {
        Ok(voices) => voices,
        Err(e) => {
            tracing::warn!(lang, "cannot list system voices: {e}");
            return None;
        }
    };
    let tag = |v: &tts::Voice| v.language().as_str().to_ascii_lowercase();
    let voice = voices.iter().find(|v| tag(v) == wanted).or_else(|| {
        voices
            .iter()
            .filter(|v| tag(v).starts_with(&format!("{wanted}-")))
            .min_by_key(|v| (tag(v).len(), tag(v)))
    });
    let Some(voice) = voice else {
        tracing::warn!(lang, "no system voice for language; using the default");
        return None;
    };
    if let Err(e) = tts.set_voice(voice) {
        tracing::warn!(lang, "cannot select system voice: {e}");
        return None;
    }
    Some(voice.language().as_str().to_owned())
}

fn serve(mut tts: Tts, rx: &Receiver<Request>) {
    for request in rx {
        let result = match request {
            Request::Speak(text, interrupt) => tts.speak(text, interrupt).map(|_| ()),
            Request::Stop => tts.stop().map(|_| ()),
        };
        if let Err(e) = result {
            tracing::warn!("system speech: {e}");
        }
    }
}
