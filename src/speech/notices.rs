//! Free-text notices said on this machine only, in the listener's language (printed, and
//! spoken by the system speech engine where there is one: the voice packs hold only the
//! clock's own words). Their texts are in each language's catalogue (`lang/<code>.toml`,
//! `[notices]`). The board's own notices that may reach the hall (a controller lost, the
//! journal, the seal) are announcements instead, phrased by whoever hears them.

use super::catalogue::Catalogue;
use super::Lang;

fn notice(lang: Lang, name: &str, args: &[(&str, &str)]) -> String {
    Catalogue::of(lang).notice(name, args)
}

/// `run` without a configuration: the embedded default speaks the locale's language, and how
/// to choose another is said at start.
pub fn default_language(lang: Lang) -> String {
    notice(lang, "default_language", &[])
}

/// A click or a buzz as a short word, for the text lines when there is no sound (the other
/// cues go with spoken words already).
pub fn cue_word(lang: Lang, cue: crate::hearing::Cue) -> Option<&'static str> {
    use crate::hearing::Cue;
    let name = match cue {
        Cue::Click => "cue_click",
        Cue::Buzz => "cue_buzz",
        _ => return None,
    };
    Some(Catalogue::of(lang).notice_text(name))
}

/// A player's Braille display cannot be reached (BRLTTY is not running, or not on `host`):
/// the game goes on without it. Said once, to him and to the arbiter.
pub fn braille_absent(lang: Lang, white: bool, host: &str) -> String {
    let name = if white {
        "braille_absent_white"
    } else {
        "braille_absent_black"
    };
    notice(lang, name, &[("host", host)])
}

/// There is no audio output: announcements are printed instead.
pub fn no_audio(lang: Lang) -> String {
    notice(lang, "no_audio", &[])
}

/// A language a listener speaks has no voice pack: the system speech engine speaks it.
pub fn unpacked(lang: Lang, language: Lang) -> String {
    notice(lang, "unpacked", &[("language", language.own_name())])
}

/// The speech engine failed to say a language without a voice pack: its lines are printed
/// only. Said once, to the arbiter.
pub fn synth_failed(lang: Lang, language: Lang) -> String {
    notice(lang, "synth_failed", &[("language", language.own_name())])
}
