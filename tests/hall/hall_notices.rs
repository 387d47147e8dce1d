//! A board's own notices travel as data and are phrased by the listener's side (issue 36,
//! item 4): a Russian board's seal at the end of its game reaches an English station in
//! English, from the real station over a real mosquitto.

use crate::boards::*;
use std::time::Duration;
use talkclock::speech::{phrase, Announcement, Lang};

/// The fault: an English arbiter heard "Board 104: Партия окончена. Печать журнала…", the
/// board's notice carried as text in the board's language.
#[test]
fn a_russian_boards_seal_reached_an_english_arbiter_in_russian() {
    let mut hall = Hall::new(16);
    hall.arbiters =
        "[[arbiter]]\nname = \"deputy\"\nlanguage = \"en\"\nboards = \"1-500\"\n".into();
    let station = hall.station();
    // Board 16's arbiter speaks Russian (every test board's does).
    let files = hall.board_files(16, "0:04", hall.broker.port());
    let mut board = hall.board(&files);
    board.key("s");
    board.key("w");
    board.key("b");
    // White's flag falls, the game is over: the board tells its seal to its arbiter, and so to
    // the station.
    let sealed = |text: &str| {
        let lower = text.to_lowercase();
        lower.contains("seal") || lower.contains("печать")
    };
    wait_for(
        Duration::from_secs(60),
        "board 16's seal at the station",
        || {
            alerts_of(&station.lines(), 16)
                .iter()
                .any(|(_, _, text)| sealed(text))
        },
    );
    let said = alerts_of(&station.lines(), 16);
    let seal = said
        .iter()
        .map(|(_, _, text)| text.clone())
        .find(|text| sealed(text))
        .unwrap_or_default();
    assert!(
        !seal.chars().any(|c| ('\u{400}'..='\u{4ff}').contains(&c)),
        "the English arbiter heard Russian: {seal:?}"
    );
    // Hand-checked English: "Board 16: Game over. The journal's seal: 1A2B 3C4D 5E6F 7081."
    let digits = seal
        .strip_prefix("Board sixteen: Game over. The journal's seal: ")
        .and_then(|rest| rest.strip_suffix('.'))
        .unwrap_or_else(|| panic!("the seal in English: {seal:?}"));
    let groups: Vec<&str> = digits.split(' ').collect();
    assert_eq!(groups.len(), 4, "{seal:?}");
    assert!(
        groups
            .iter()
            .all(|g| g.len() == 4 && g.chars().all(|c| c.is_ascii_hexdigit())),
        "{seal:?}"
    );
    // The words are the station's own phrasing of the notice the board sent as data.
    let expected = phrase(
        Lang::En,
        &Announcement::Board {
            board: 16,
            late_ms: None,
            notice: Box::new(Announcement::Seal {
                digest: Some(digits.replace(' ', "").to_lowercase()),
            }),
        },
    )
    .text;
    assert_eq!(seal, expected);
    drop(board);
}

/// A board from before issue 36 sends its own notices as text in its arbiter's language: the
/// station still reads that payload and says the text after the board's number (it cannot
/// translate words).
#[test]
fn an_older_boards_text_notice_is_still_said() {
    let mut hall = Hall::new(16);
    hall.arbiters =
        "[[arbiter]]\nname = \"deputy\"\nlanguage = \"en\"\nboards = \"1-500\"\n".into();
    let station = hall.station();
    let words = "Партия окончена. Печать журнала: A6EA AD7E 554D 29F1.";
    let said = |lines: &[serde_json::Value]| {
        alerts_of(lines, 16)
            .into_iter()
            .map(|(_, _, text)| text)
            .find(|text| text.contains(words))
    };
    // Sent again until the station, subscribed by then, says it (it keeps the first copy).
    let mut heard = None;
    for _ in 0..30 {
        let old = serde_json::json!({
            "board": 16, "game": "0123456789abcdef", "id": 0,
            "wall_ms": talkclock::journal::wall_now(), "game_ms": 0, "priority": "other",
            "text": words, "lang": "ru",
        });
        hall.publish_as("board-16", &topic(16, "alerts"), [old.to_string()], &[]);
        std::thread::sleep(Duration::from_secs(1));
        heard = said(&station.lines());
        if heard.is_some() {
            break;
        }
    }
    assert_eq!(
        heard.as_deref(),
        Some(format!("Board 16: {words}").as_str())
    );
}
