//! Two players in two languages through the real daemon: White speaks German (a language
//! with a catalogue and no voice pack), Black Russian. Each earpiece's transcript lines are
//! in its player's language, from the start to the readouts and the spoken help.

use crate::common_daemon::{self, json_lines, Files};
use std::time::Duration;

const CONFIG: &str = "\
mode = \"tournament\"
[[time_control.stage]]
time = \"5:00\"
[players.white]
vision = \"sighted\"
language = \"de\"
[players.black]
vision = \"sighted\"
language = \"ru\"
[arbiter]
language = \"en\"
";

/// Whether `text` is Russian: it has Cyrillic letters and no German ones.
fn is_russian(text: &str) -> bool {
    text.chars()
        .any(|c| ('а'..='я').contains(&c.to_lowercase().next().unwrap_or(c)))
        && !text.chars().any(|c| "äöüßÄÖÜ".contains(c))
}

/// Whether `text` is German: no Cyrillic, and one of the German words the clock says.
fn is_german(text: &str) -> bool {
    !text.chars().any(|c| ('\u{400}'..='\u{4ff}').contains(&c))
        && [
            "Weiß", "Schwarz", "Minute", "Sekunde", "Zug", "Taste", "Uhr", "Stunde", "Klick",
            "Ihr", "Zeit", "Partie",
        ]
        .iter()
        .any(|w| text.contains(w))
}

#[test]
fn white_hears_german_and_black_russian_in_one_game() {
    let files = Files::new(CONFIG);
    let (dir, config, journal, transcript) = files.parts();
    let mut daemon =
        common_daemon::start(dir.path(), &config, &journal, &transcript, &["--no-audio"]);
    assert_eq!(daemon.ctl(r#"{"cmd":"start"}"#)["ok"], true);
    for key in ["w", "b", "w", "t", "y", "h", "j"] {
        std::thread::sleep(Duration::from_millis(200));
        daemon.key(key);
    }
    std::thread::sleep(Duration::from_millis(500));
    let stdout = daemon.terminate();

    // The transcript: the clock's announcements to each earpiece.
    let lines = json_lines(&transcript);
    let said_to = |ear: &str| -> Vec<String> {
        lines
            .iter()
            .filter(|l| l["event"] == "say" && l["audience"] == serde_json::json!([ear]))
            .filter_map(|l| l["text"].as_str().map(str::to_string))
            .collect()
    };
    // The text lines: those and the rest (cues, the spoken help, notices), each marked
    // with its listener.
    let printed_to = |ear: &str| -> Vec<String> {
        let mark = format!("[{ear}] ");
        stdout
            .lines()
            .filter_map(|l| l.strip_prefix(mark.as_str()).map(str::to_string))
            .collect()
    };
    let white = said_to("white");
    let black = said_to("black");
    assert!(white.len() >= 2, "White's lines: {white:?}\n{stdout}");
    assert!(black.len() >= 2, "Black's lines: {black:?}\n{stdout}");
    let white_printed = printed_to("white");
    let black_printed = printed_to("black");
    assert!(white_printed.len() >= 8, "{stdout}");
    assert!(black_printed.len() >= 8, "{stdout}");
    for line in white.iter().chain(&white_printed) {
        assert!(is_german(line), "White hears German: {line:?}\n{stdout}");
    }
    for line in black.iter().chain(&black_printed) {
        assert!(is_russian(line), "Black hears Russian: {line:?}\n{stdout}");
    }
    assert!(
        white_printed
            .iter()
            .any(|l| l.starts_with("Die Taste w auf der Tastatur:")),
        "White's help is German: {stdout}"
    );
    assert!(
        white.iter().any(|l| l.starts_with("Weiß:")),
        "White's readout is German: {white:?}"
    );
    assert!(
        black.iter().any(|l| l.starts_with("Чёрные:")),
        "Black's readout is Russian: {black:?}"
    );
}
