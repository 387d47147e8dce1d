//! The announcer's own words about this machine's sound, in the listener's language: no audio
//! output, a language without a voice pack, the speech engine failing, and the click and buzz
//! as words (printed, and spoken by the system speech engine where there is one). Their texts
//! are in each language's catalogue (`lang/<code>.toml`, `[notices]`). The board's own notices
//! (a controller lost, the journal, the seal, a Braille display absent) are announcements
//! instead, phrased by whoever hears them ([`crate::speech::Announcement`]).

use super::catalogue::Catalogue;
use super::Lang;

fn notice(lang: Lang, name: &str, args: &[(&str, &str)]) -> String {
    Catalogue::of(lang).notice(name, args)
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
