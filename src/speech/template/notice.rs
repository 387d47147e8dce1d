//! The board's own notices (a controller lost, the machine slept, the journal, the seal):
//! whole sentences of each catalogue's `[notices]`, no voice pack holds them, so the speech
//! engine says them. A count picks the sentence of its plural category where the catalogue
//! has one (`stalled.few`, "4 секунды"), else the plain one.

use super::super::announcement::{Announcement, JournalTrouble, Side};
use super::super::catalogue::Catalogue;
use super::super::grammar::Grammar;

/// The words of `a` when it is one of the board's own notices.
pub(super) fn text(
    catalogue: &Catalogue,
    grammar: &dyn Grammar,
    a: &Announcement,
) -> Option<String> {
    let say = |name: &str, args: &[(&str, &str)]| catalogue.notice(name, args);
    Some(match a {
        Announcement::ControllerLost { device } => say("controller_gone", &[("device", device)]),
        Announcement::ControllerBack { device } => say("controller_back", &[("device", device)]),
        Announcement::Stopping => say("stopping", &[]),
        Announcement::KeyboardClosed => say("keyboard_closed", &[]),
        Announcement::Suspended => say("suspended", &[]),
        Announcement::BrailleAbsent { side, host } => {
            let name = match side {
                Side::White => "braille_absent_white",
                Side::Black => "braille_absent_black",
            };
            say(name, &[("host", host)])
        }
        Announcement::DefaultLanguage => say("default_language", &[]),
        Announcement::Stalled { late_ms } => {
            let (seconds, category) = seconds(grammar, *late_ms);
            let name = counted(catalogue, "stalled", category);
            say(&name, &[("seconds", &seconds)])
        }
        Announcement::Seal { digest } => match digest.as_deref().map(groups) {
            Some(seal) if !seal.is_empty() => say("seal", &[("seal", &seal)]),
            _ => say("seal_none", &[]),
        },
        Announcement::Journal { trouble } => match trouble {
            JournalTrouble::Down => say("journal_down", &[]),
            JournalTrouble::Back => say("journal_back", &[]),
            JournalTrouble::Rewritten { path } => say("journal_rewritten", &[("path", path)]),
            JournalTrouble::Unchained => say("journal_unchained", &[]),
            JournalTrouble::NotRecorded => say("not_recorded", &[]),
            JournalTrouble::LowSpace { free_mb } => {
                say("low_space", &[("free_mb", &free_mb.to_string())])
            }
        },
        Announcement::SetupNotSaved { origin, why } => {
            say("setup_not_saved", &[("origin", origin), ("why", why)])
        }
        _ => return None,
    })
}

/// How late, in seconds to the tenth as the language writes them ("4,2", "4.2"; "4" when the
/// tenths are zero), and the plural category the noun after it takes: CLDR's category of a
/// whole count, "other" for a fraction in all five languages ("4,2 секунды", "4.2 seconds").
fn seconds(grammar: &dyn Grammar, late_ms: i64) -> (String, &'static str) {
    let tenths = (late_ms.max(0) as u64 + 50) / 100;
    if tenths.is_multiple_of(10) {
        let whole = tenths / 10;
        return (whole.to_string(), grammar.plural(whole).name());
    }
    let mark = grammar.decimal_mark();
    (format!("{}{mark}{}", tenths / 10, tenths % 10), "other")
}

/// `name.<category>` when the catalogue has it, else `name`.
fn counted(catalogue: &Catalogue, name: &str, category: &str) -> String {
    let specific = format!("{name}.{category}");
    if catalogue.has_notice(&specific) {
        specific
    } else {
        name.to_string()
    }
}

/// A digest's first 16 hex digits in upper case, in groups of four ("A6EA AD7E 554D 29F1"):
/// enough to tell any edit, short enough to note.
fn groups(digest: &str) -> String {
    let short: String = digest.chars().take(16).collect();
    short
        .as_bytes()
        .chunks(4)
        .map(|c| String::from_utf8_lossy(c).to_uppercase())
        .collect::<Vec<_>>()
        .join(" ")
}
