//! One utterance rendered or spoken once, outside a game (`talkclock say`, the tests).

use super::open::{open_audio, NoAudio};
use super::voices::{self, VoicesError};
use crate::speech::{Lang, Utterance};

/// Renders one utterance with the voice pack at a speech `rate` (the config's scale, as the
/// daemon speaks it).
pub fn render_once(
    lang: Lang,
    utterance: &Utterance,
    rate: f32,
) -> Result<crate::audio::Pcm, VoicesError> {
    let tempo = voices::tempo_for_rate(rate);
    let voices = voices::Voices::load_at(&voices::voices_dir(None), tempo)?;
    voices.render(lang, utterance)
}

/// Why [`speak_once`] could not speak.
#[derive(Debug, thiserror::Error)]
pub enum SpeakError {
    /// The voice pack cannot render it.
    #[error(transparent)]
    Voices(#[from] VoicesError),
    /// No audio output can play here.
    #[error("nothing was said: {0}; `talkclock say --print` prints the readout instead")]
    NoAudio(#[from] NoAudio),
}

/// Speaks one utterance through the voice pack on the default output at a speech `rate`, then
/// returns.
pub fn speak_once(lang: Lang, utterance: &Utterance, rate: f32) -> Result<(), SpeakError> {
    let pcm = render_once(lang, utterance, rate)?;
    let config = crate::audio::AudioConfig::single_speaker("default");
    let audio = open_audio(&config)?;
    audio.speak(
        crate::hearing::Listener::All,
        pcm,
        crate::audio::Priority::Readout,
    );
    audio.shutdown();
    Ok(())
}
