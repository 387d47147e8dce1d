//! The dashboard's words, from each language's catalogue (`[words.dashboard]`): the page's own labels ([`PageWords`]),
//! the phase of a game, and an alert's text. A board's notices keep the station's spoken
//! wording (`speech::phrase`); counts follow a colon or an abbreviation ("3 с назад"), so no
//! number needs a declined noun.

use crate::clock::{Outcome, Reason, Side};
use crate::speech::Lang;
use crate::speech::{phrase, Announcement};
use serde::Serialize;
use std::collections::BTreeMap;

/// Words in each of the page's languages, by language code.
pub type Texts = BTreeMap<&'static str, String>;

/// `make(lang)` in each of `langs`.
pub fn texts(langs: &[Lang], make: impl Fn(Lang) -> String) -> Texts {
    langs.iter().map(|l| (l.code(), make(*l))).collect()
}

/// The catalogues' area of the dashboard's words (`[words.dashboard]`).
const AREA: &str = "dashboard";

/// The words of a phase as `status` names it (`running`, `paused`, …).
pub fn phase(lang: Lang, word: &str) -> String {
    match word {
        "not_started" | "running" | "paused" | "player_stopped" | "flagged" | "finished" => {
            lang.word(AREA, &format!("phase_{word}")).to_string()
        }
        _ => "?".to_string(),
    }
}

/// The result, as the station says it ("Победа белых по времени.").
pub fn result(lang: Lang, outcome: Outcome, reason: Reason) -> String {
    phrase(lang, &Announcement::Result { outcome, reason }).text
}

/// A board's notice, as the station says it without the board's number.
pub fn notice(lang: Lang, notice: &Announcement) -> String {
    phrase(lang, notice).text
}

/// A board went silent (`back` false) or came back.
pub fn silent(lang: Lang, board: u32, back: bool) -> String {
    let name = if back { "back_board" } else { "silent_board" };
    lang.words(AREA, name, &[("board", &board.to_string())])
}

/// Several boards went silent (`back` false) or came back: "Нет связи с досками: 3, 101–200"
/// (also the banner of the boards silent now).
pub fn boards(lang: Lang, boards: &[u32], back: bool) -> String {
    let name = if back { "back_boards" } else { "silent_boards" };
    let list = crate::speech::board_runs(boards)
        .into_iter()
        .map(|(first, last)| match last - first {
            0 => first.to_string(),
            1 => format!("{first}, {last}"),
            _ => format!("{first}–{last}"),
        })
        .collect::<Vec<_>>()
        .join(", ");
    lang.words(AREA, name, &[("boards", &list)])
}

/// A record of a board was kept aside: it does not fit the chain of the board's journal
/// (said after the board's number).
pub fn aside(lang: Lang) -> &'static str {
    lang.word(AREA, "aside")
}

/// A side's name in the table.
pub fn side(lang: Lang, side: Side) -> &'static str {
    lang.word(
        AREA,
        match side {
            Side::White => "side_white",
            Side::Black => "side_black",
        },
    )
}

/// The page's own words, in one language.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PageWords {
    /// The language's own name (the language switch).
    pub language_name: &'static str,
    /// The page's title; `{event}` is the event's id.
    pub title: &'static str,
    /// The language switch's label.
    pub language: &'static str,
    /// The connection to the station is lost.
    pub lost: &'static str,
    /// The table's caption.
    pub caption: &'static str,
    /// The columns: board, White, White's time, Black, Black's time, to move, game, latest
    /// warning or flag, connection, last heard, hardware self-test.
    pub columns: [&'static str; 11],
    /// The self-test column: passed, failed (`{n}` problems), not this round, none.
    pub selftest: [&'static str; 4],
    /// Said after a sorted column's name: how it is sorted.
    pub sorted_by: &'static str,
    /// A board never heard from.
    pub never: &'static str,
    /// Connection: online.
    pub online: &'static str,
    /// Connection: silent.
    pub silent: &'static str,
    /// Connection: the broker says its link is lost.
    pub offline: &'static str,
    /// Last heard `{n}` seconds ago.
    pub seconds_ago: &'static str,
    /// Last heard `{n}` minutes ago.
    pub minutes_ago: &'static str,
    /// White and Black, as the table names the side to move.
    pub sides: [&'static str; 2],
    /// The alerts' heading.
    pub alerts: &'static str,
    /// How the alerts are ordered.
    pub alerts_order: &'static str,
    /// No alert yet.
    pub no_alerts: &'static str,
    /// `{n}` alerts not acknowledged.
    pub unacknowledged: &'static str,
    /// The button that acknowledges an alert.
    pub acknowledge: &'static str,
    /// An acknowledged alert's mark.
    pub acknowledged: &'static str,
    /// "Board {n}" before an alert.
    pub board: &'static str,
    /// The arbiters' login's heading.
    pub login_title: &'static str,
    /// The page is read-only for everyone: no password is set.
    pub read_only: &'static str,
    /// Not logged in: commands need the password.
    pub logged_out: &'static str,
    /// Logged in.
    pub logged_in: &'static str,
    /// The password field.
    pub password: &'static str,
    /// Log in.
    pub log_in: &'static str,
    /// Log out.
    pub log_out: &'static str,
    /// The password was wrong.
    pub wrong_password: &'static str,
    /// Too many wrong passwords from this computer: locked out for `{n}` seconds more.
    pub login_locked: &'static str,
    /// The station is checking other logins (or this computer's last one) now.
    pub login_busy: &'static str,
    /// The commands' heading.
    pub commands: &'static str,
    /// The command field.
    pub command: &'static str,
    /// Each command, in the page's order: pause, resume, adjust, set, the rulings
    /// misunderstanding, resign, draw, no moves, and the rollback to a move.
    pub command_names: [&'static str; 9],
    /// The rollback's move number field.
    pub move_number: &'static str,
    /// The side field.
    pub side: &'static str,
    /// The time field.
    pub time: &'static str,
    /// Send.
    pub send: &'static str,
    /// The board did it.
    pub done: &'static str,
    /// The board refused: `{error}` follows.
    pub refused: &'static str,
    /// No answer.
    pub no_answer: &'static str,
    /// The session ended: log in again.
    pub session_ended: &'static str,
}

/// The page's words in `lang`.
pub fn page_words(lang: Lang) -> PageWords {
    let w = |name: &str| lang.word(AREA, name);
    PageWords {
        language_name: w("language_name"),
        title: w("title"),
        language: w("language"),
        lost: w("lost"),
        caption: w("caption"),
        columns: words(lang, "columns"),
        selftest: words(lang, "selftest"),
        sorted_by: w("sorted_by"),
        never: w("never"),
        online: w("online"),
        silent: w("silent"),
        offline: w("offline"),
        seconds_ago: w("seconds_ago"),
        minutes_ago: w("minutes_ago"),
        sides: words(lang, "sides"),
        alerts: w("alerts"),
        alerts_order: w("alerts_order"),
        no_alerts: w("no_alerts"),
        unacknowledged: w("unacknowledged"),
        acknowledge: w("acknowledge"),
        acknowledged: w("acknowledged"),
        board: w("board"),
        login_title: w("login_title"),
        read_only: w("read_only"),
        logged_out: w("logged_out"),
        logged_in: w("logged_in"),
        password: w("password"),
        log_in: w("log_in"),
        log_out: w("log_out"),
        wrong_password: w("wrong_password"),
        login_locked: w("login_locked"),
        login_busy: w("login_busy"),
        commands: w("commands"),
        command: w("command"),
        command_names: words(lang, "command_names"),
        move_number: w("move_number"),
        side: w("side"),
        time: w("time"),
        send: w("send"),
        done: w("done"),
        refused: w("refused"),
        no_answer: w("no_answer"),
        session_ended: w("session_ended"),
    }
}

/// The words `<name>_0`, `<name>_1`, … of `lang`: a list's entries in the page's order.
fn words<const N: usize>(lang: Lang, name: &str) -> [&'static str; N] {
    std::array::from_fn(|i| lang.word(AREA, &format!("{name}_{i}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_phase_has_words_in_every_language() {
        for word in [
            "not_started",
            "running",
            "paused",
            "player_stopped",
            "flagged",
            "finished",
        ] {
            for lang in Lang::ALL {
                assert_ne!(phase(lang, word), "?", "{word}");
            }
        }
    }

    #[test]
    fn a_result_is_said_as_the_station_says_it() {
        let ru = result(Lang::Ru, Outcome::White, Reason::TimeForfeit);
        assert!(ru.contains("бел"), "{ru}");
        let en = result(Lang::En, Outcome::Draw, Reason::Draw1713);
        assert!(en.to_lowercase().contains("draw"), "{en}");
    }

    #[test]
    fn several_boards_are_written_as_runs() {
        assert_eq!(
            boards(Lang::Ru, &[3, 5, 6, 101, 102, 103, 200], false),
            "Нет связи с досками: 3, 5, 6, 101–103, 200"
        );
        assert_eq!(
            boards(Lang::En, &[101, 102, 103], true),
            "Back in contact: boards 101–103"
        );
    }

    #[test]
    fn the_page_words_are_whole_in_every_language() {
        for lang in Lang::ALL {
            let w = page_words(lang);
            let json = serde_json::to_value(&w).unwrap();
            for (key, value) in json.as_object().unwrap() {
                let empty = match value {
                    serde_json::Value::String(s) => s.is_empty(),
                    serde_json::Value::Array(a) => a.iter().any(|s| s.as_str() == Some("")),
                    _ => true,
                };
                assert!(!empty, "{lang:?} {key}");
            }
            assert!(w.title.contains("{event}"));
        }
    }
}
