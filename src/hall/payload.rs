//! The hall's payloads, version 1: JSON objects, one per MQTT message. Every payload names
//! its board and game, so a message is understood wherever it lands; records and alerts carry
//! numbers that make a second copy recognisable (the station keeps the first).

use crate::clock::Ms;
use crate::speech::Announcement;
use crate::speech::Lang;
use serde::{Deserialize, Serialize};

/// One journal record (`…/records`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordMsg {
    /// The board's number.
    pub board: u32,
    /// The game's id (see [`game_id`]).
    pub game: String,
    /// The record's sequence number in its game (0: the game record).
    pub seq: u64,
    /// The journal line, exactly as the board's journal holds it (with its digest).
    pub line: String,
}

/// How urgent an alert is: the station says flags before warnings before the rest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Priority {
    /// A flag fell.
    Flag,
    /// A time warning.
    Warning,
    /// Everything else the rules address to the arbiter.
    Other,
}

/// What a board's rules address to the arbiter (`…/alerts`): a notice the station phrases in
/// its arbiter's language (the clock's announcements and the board's own notices alike).
/// Boards before issue 36 sent their own notices as `text` in their arbiter's language; the
/// station still reads and says it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AlertMsg {
    /// The board's number.
    pub board: u32,
    /// The game's id.
    pub game: String,
    /// The alert's number in its game, from 0.
    pub id: u64,
    /// Wall-clock Unix milliseconds of the event on the board.
    pub wall_ms: i64,
    /// The game's time of the event.
    pub game_ms: Ms,
    /// How urgent.
    pub priority: Priority,
    /// The notice, when it is one of the clock's announcements.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notice: Option<Announcement>,
    /// Free text in `lang`: only from boards before issue 36 (which sent their own notices so);
    /// a board now sends every notice as `notice`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// The language of `text`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lang: Option<Lang>,
}

/// The board's state (`…/state`, retained), at least every few seconds: it is also the
/// board's heartbeat.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StateMsg {
    /// The board's number.
    pub board: u32,
    /// The game's id.
    pub game: String,
    /// Wall-clock Unix milliseconds the times were taken at.
    pub wall_ms: i64,
    /// How many records the game has so far (the next sequence number).
    pub records: u64,
    /// How many alerts the game has so far.
    pub alerts: u64,
    /// The SHA-256 of the configuration the game is played under (hex, first 16 digits).
    pub config_digest: String,
    /// Each side's stage of the time control, from 1.
    pub stage: Stages,
    /// What `talkclock ctl status` says: phase, times, who runs, moves, result.
    pub status: serde_json::Value,
    /// The players' names (absent from boards that predate them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub names: Option<Names>,
}

/// The players' names, as the board's configuration gives them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Names {
    /// White's.
    pub white: String,
    /// Black's.
    pub black: String,
}

/// Each side's stage of the time control (1 = the first).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Stages {
    /// White's.
    pub white: u32,
    /// Black's.
    pub black: u32,
}

/// How far the station's mirror of a board's game goes (`…/mirrored`, retained, from the
/// station): the board sends again from there.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mirrored {
    /// The game's id.
    pub game: String,
    /// The station holds records `0..records` of it, without a gap.
    pub records: u64,
    /// The station holds alerts `0..alerts` of it, without a gap.
    pub alerts: u64,
    /// The station missed something: send again from here (not only what is new).
    #[serde(default)]
    pub resend: bool,
}

/// A command from the station (`…/commands`): the control socket's request, with an id.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CommandMsg {
    /// Chosen by the station; the reply carries it back.
    pub id: String,
    /// The request, as the control socket takes it (`{"cmd":"pause"}`), kept exactly as
    /// written: the board reads it as its control socket reads a line.
    pub request: Box<serde_json::value::RawValue>,
}

/// The board's answer (`…/replies`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReplyMsg {
    /// The command's id.
    pub id: String,
    /// The board's number.
    pub board: u32,
    /// The control socket's reply (`{"ok":true,…}`).
    pub reply: serde_json::Value,
}

/// A game's id: the first 16 hex digits of its game record's digest (the record holds the
/// wall clock it began at and its configuration).
pub fn game_id(game_digest: &str) -> String {
    game_digest.chars().take(16).collect()
}

/// The `digest` field of a journal line.
pub fn line_digest(line: &str) -> Option<String> {
    let value: serde_json::Value = serde_json::from_str(line).ok()?;
    value.get("digest")?.as_str().map(str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::Side;

    #[test]
    fn an_alert_with_a_notice_survives_the_wire() {
        let alert = AlertMsg {
            board: 12,
            game: "ab".into(),
            id: 3,
            wall_ms: 5,
            game_ms: 6,
            priority: Priority::Flag,
            notice: Some(Announcement::Flag { side: Side::White }),
            text: None,
            lang: None,
        };
        let json = serde_json::to_string(&alert).unwrap();
        assert!(
            json.contains(r#""notice":{"kind":"flag","side":"white"}"#),
            "{json}"
        );
        assert_eq!(serde_json::from_str::<AlertMsg>(&json).unwrap(), alert);
    }

    #[test]
    fn a_boards_own_notice_travels_as_data_not_as_words() {
        let alert = AlertMsg {
            board: 104,
            game: "ab".into(),
            id: 7,
            wall_ms: 5,
            game_ms: 6,
            priority: Priority::Other,
            notice: Some(Announcement::Seal {
                digest: Some("a6eaad7e".into()),
            }),
            text: None,
            lang: None,
        };
        let json = serde_json::to_string(&alert).unwrap();
        assert!(
            json.contains(r#""notice":{"kind":"seal","digest":"a6eaad7e"}"#)
                && !json.contains("text"),
            "{json}"
        );
        assert_eq!(serde_json::from_str::<AlertMsg>(&json).unwrap(), alert);
        let trouble = Announcement::Journal {
            trouble: crate::speech::JournalTrouble::LowSpace { free_mb: 3 },
        };
        let json = serde_json::to_string(&trouble).unwrap();
        assert_eq!(
            json,
            r#"{"kind":"journal","trouble":{"what":"low_space","free_mb":3}}"#
        );
    }

    #[test]
    fn an_older_boards_text_alert_still_reads() {
        let json = r#"{"board":104,"game":"g","id":1,"wall_ms":5,"game_ms":6,"priority":"other",
            "text":"Партия окончена. Печать журнала: A6EA AD7E 554D 29F1.","lang":"ru"}"#;
        let alert: AlertMsg = serde_json::from_str(json).unwrap();
        assert_eq!(alert.notice, None);
        assert_eq!(alert.lang, Some(Lang::Ru));
        assert!(alert.text.is_some_and(|t| t.starts_with("Партия окончена")));
    }

    #[test]
    fn a_state_without_names_from_an_older_board_still_reads() {
        let json = r#"{"board":3,"game":"g","wall_ms":1,"records":2,"alerts":0,
            "config_digest":"d","stage":{"white":1,"black":1},"status":{"phase":"running"}}"#;
        let state: StateMsg = serde_json::from_str(json).unwrap();
        assert_eq!(state.names, None);
        let named = StateMsg {
            names: Some(Names {
                white: "Иванов".into(),
                black: "Smith".into(),
            }),
            ..state
        };
        let back: StateMsg = serde_json::from_str(&serde_json::to_string(&named).unwrap()).unwrap();
        assert_eq!(back, named);
    }

    #[test]
    fn flags_come_before_warnings_before_the_rest() {
        assert!(Priority::Flag < Priority::Warning && Priority::Warning < Priority::Other);
    }
}
