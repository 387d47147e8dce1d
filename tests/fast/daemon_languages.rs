//! Two players in two languages through the real daemon: White speaks German (a language
//! with a catalogue and no voice pack), Black Russian; White Ukrainian, Black Russian; then
//! two of the new languages, White Ukrainian and Black Polish. Each earpiece's transcript lines
//! are in its player's language, from the start to the readouts and the spoken help.

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

/// Whether `text` is Ukrainian: Cyrillic, none of the letters only Russian has, and one of
/// the Ukrainian words the clock says or a letter only Ukrainian has.
fn is_ukrainian(text: &str) -> bool {
    let lower = text.to_lowercase();
    lower.chars().any(|c| ('а'..='я').contains(&c))
        && !lower.chars().any(|c| "ыэъё".contains(c))
        && (lower.chars().any(|c| "іїєґ'".contains(c))
            || [
                "білі",
                "чорні",
                "хвилин",
                "секунд",
                "годин",
                "хід",
                "ходи",
                "клац",
                "пауза",
            ]
            .iter()
            .any(|w| lower.contains(w)))
}

/// Whether `text` is Polish: no Cyrillic, and a letter only Polish has among the
/// languages here or one of the Polish words the clock says.
fn is_polish(text: &str) -> bool {
    let lower = text.to_lowercase();
    !lower.chars().any(|c| ('\u{400}'..='\u{4ff}').contains(&c))
        && !lower.chars().any(|c| "äöüß".contains(c))
        && (lower.chars().any(|c| "ąęłśżźćńó".contains(c))
            || [
                "białe", "czarne", "minut", "sekund", "godzin", "ruch", "klik", "zegar",
            ]
            .iter()
            .any(|w| lower.contains(w)))
}

/// Plays a short game through the daemon with `config` and returns what each earpiece was
/// said (the transcript) and printed (the text lines): (White's said, White's printed,
/// Black's said, Black's printed, all of standard output).
fn play(config_text: &str) -> (Vec<String>, Vec<String>, Vec<String>, Vec<String>, String) {
    let files = Files::new(config_text);
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
    let lines = json_lines(&transcript);
    let said_to = |ear: &str| -> Vec<String> {
        lines
            .iter()
            .filter(|l| l["event"] == "say" && l["audience"] == serde_json::json!([ear]))
            .filter_map(|l| l["text"].as_str().map(str::to_string))
            .collect()
    };
    let printed_to = |ear: &str| -> Vec<String> {
        let mark = format!("[{ear}] ");
        stdout
            .lines()
            .filter_map(|l| l.strip_prefix(mark.as_str()).map(str::to_string))
            .collect()
    };
    (
        said_to("white"),
        printed_to("white"),
        said_to("black"),
        printed_to("black"),
        stdout,
    )
}

#[test]
fn white_hears_ukrainian_and_black_polish_in_one_game() {
    let config = CONFIG
        .replace("language = \"de\"", "language = \"uk\"")
        .replace(
            "language = \"ru\"\n[arbiter]",
            "language = \"pl\"\n[arbiter]",
        );
    let (white, white_printed, black, black_printed, stdout) = play(&config);
    assert!(white.len() >= 2, "White's lines: {white:?}\n{stdout}");
    assert!(black.len() >= 2, "Black's lines: {black:?}\n{stdout}");
    assert!(white_printed.len() >= 8, "{stdout}");
    assert!(black_printed.len() >= 8, "{stdout}");
    for line in white.iter().chain(&white_printed) {
        assert!(
            is_ukrainian(line),
            "White hears Ukrainian: {line:?}\n{stdout}"
        );
    }
    for line in black.iter().chain(&black_printed) {
        assert!(is_polish(line), "Black hears Polish: {line:?}\n{stdout}");
    }
    assert!(
        white.iter().any(|l| l.starts_with("Білі:")),
        "White's readout is Ukrainian: {white:?}"
    );
    assert!(
        black.iter().any(|l| l.starts_with("Czarne:")),
        "Black's readout is Polish: {black:?}"
    );
}

#[test]
fn white_hears_german_and_black_russian_in_one_game() {
    let (white, white_printed, black, black_printed, stdout) = play(CONFIG);
    assert!(white.len() >= 2, "White's lines: {white:?}\n{stdout}");
    assert!(black.len() >= 2, "Black's lines: {black:?}\n{stdout}");
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

#[test]
fn white_hears_ukrainian_and_black_russian_in_one_game() {
    let config = CONFIG.replacen("language = \"de\"", "language = \"uk\"", 1);
    let (white, white_printed, black, black_printed, stdout) = play(&config);
    assert!(white.len() >= 2, "White's lines: {white:?}\n{stdout}");
    assert!(black.len() >= 2, "Black's lines: {black:?}\n{stdout}");
    assert!(white_printed.len() >= 8, "{stdout}");
    assert!(black_printed.len() >= 8, "{stdout}");
    for line in white.iter().chain(&white_printed) {
        assert!(
            is_ukrainian(line),
            "White hears Ukrainian: {line:?}\n{stdout}"
        );
    }
    for line in black.iter().chain(&black_printed) {
        assert!(is_russian(line), "Black hears Russian: {line:?}\n{stdout}");
    }
    assert!(
        white_printed
            .iter()
            .any(|l| l.starts_with("Клавіша w на клавіатурі:")),
        "White's help is Ukrainian: {stdout}"
    );
    assert!(
        white.iter().any(|l| l.starts_with("Білі:")),
        "White's readout is Ukrainian: {white:?}"
    );
    assert!(
        black.iter().any(|l| l.starts_with("Чёрные:")),
        "Black's readout is Russian: {black:?}"
    );
}
