//! Free-text notices the daemon says in the listener's language (printed, and spoken by the
//! system speech engine where there is one: the voice packs hold only the clock's own words).
//! Their texts are in each language's catalogue (`lang/<code>.toml`, `[notices]`).

use super::catalogue::Catalogue;
use super::Lang;

fn notice(lang: Lang, name: &str, args: &[(&str, &str)]) -> String {
    Catalogue::of(lang).notice(name, args)
}

/// A controller went away (the clock keeps running) or came back.
pub fn controller(lang: Lang, device: &str, back: bool) -> String {
    let name = if back {
        "controller_back"
    } else {
        "controller_gone"
    };
    notice(lang, name, &[("device", device)])
}

/// The clock is stopping (Ctrl-C, SIGTERM): said to everyone as the daemon goes. The journal
/// keeps the game; the next `run` restores it.
pub fn stopping(lang: Lang) -> String {
    notice(lang, "stopping", &[])
}

/// The key pipe (standard input) ended: no more keys come from it; the clock goes on.
pub fn keyboard_closed(lang: Lang) -> String {
    notice(lang, "keyboard_closed", &[])
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

/// The machine slept: the clock was paused, for the arbiter.
pub fn suspended(lang: Lang) -> String {
    notice(lang, "suspended", &[])
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

/// The clock's thread ran late (stopped or starved), for the arbiter: how long.
pub fn stalled(lang: Lang, late_ms: i64) -> String {
    let seconds = format!("{:.1}", late_ms as f64 / 1000.0);
    notice(lang, "stalled", &[("seconds", &seconds)])
}

/// The game is over: the journal's seal (its last digest, the first 16 hex digits in groups
/// of four, enough to tell any edit) for the arbiter to note.
pub fn seal(lang: Lang, digest: &str) -> String {
    let short: String = digest.chars().take(16).collect();
    let groups: Vec<String> = short
        .as_bytes()
        .chunks(4)
        .map(|c| String::from_utf8_lossy(c).to_uppercase())
        .collect();
    let seal = groups.join(" ");
    if seal.is_empty() {
        return notice(lang, "seal_none", &[]);
    }
    notice(lang, "seal", &[("seal", &seal)])
}

/// The journal file was deleted or moved away while the game ran, and was written again.
pub fn journal_rewritten(lang: Lang, path: &str) -> String {
    notice(lang, "journal_rewritten", &[("path", path)])
}

/// The game restored from a journal of the old format (or one whose digests were removed):
/// an edit made to it cannot be told. Said to the arbiter at the restore.
pub fn journal_unchained(lang: Lang) -> String {
    notice(lang, "journal_unchained", &[])
}

/// The journal cannot be written (a full disk): the clock is paused until it can.
pub fn journal_down(lang: Lang) -> String {
    notice(lang, "journal_down", &[])
}

/// The journal can be written again, for the arbiter.
pub fn journal_back(lang: Lang) -> String {
    notice(lang, "journal_back", &[])
}

/// A player's press could not be recorded (the journal cannot be written), so it did nothing.
pub fn not_recorded(lang: Lang) -> String {
    notice(lang, "not_recorded", &[])
}

/// Little free space is left where the journal is written, for the arbiter.
pub fn low_space(lang: Lang, free_mb: u64) -> String {
    notice(lang, "low_space", &[("free_mb", &free_mb.to_string())])
}

/// The set-up menu could not save (for the arbiter): where and why; nothing changed.
pub fn setup_not_saved(lang: Lang, origin: &str, why: &str) -> String {
    notice(lang, "setup_not_saved", &[("origin", origin), ("why", why)])
}
