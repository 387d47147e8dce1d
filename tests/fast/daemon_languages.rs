//! Two players in two languages through the real daemon: White speaks German or Ukrainian (a
//! language with a catalogue and no voice pack), Black Russian. Each earpiece's transcript
//! lines are in its player's language, from the start to the readouts and the spoken help.

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

/// Whether `text` is Ukrainian: Cyrillic with none of Russian's own letters, and a letter of
/// Ukrainian's own or a word of the clock's with none ("клацання").
fn is_ukrainian(text: &str) -> bool {
    let lower = text.to_lowercase();
    lower.chars().any(|c| ('а'..='я').contains(&c))
        && !lower.chars().any(|c| "ыэъё".contains(c))
        && (lower.chars().any(|c| "іїєґ'".contains(c)) || lower.contains("клацання"))
}

/// Each player's lines in a short game: what the transcript says to White's and Black's
/// earpieces, and the text lines printed for each, with the whole output.
struct Heard {
    white: Vec<String>,
    black: Vec<String>,
    white_printed: Vec<String>,
    black_printed: Vec<String>,
    stdout: String,
}

/// Plays a few moves, readouts and both players' help under `config`.
fn play(config_text: &str) -> Heard {
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
    let heard = Heard {
        white: said_to("white"),
        black: said_to("black"),
        white_printed: printed_to("white"),
        black_printed: printed_to("black"),
        stdout,
    };
    let stdout = &heard.stdout;
    assert!(
        heard.white.len() >= 2,
        "White's lines: {:?}\n{stdout}",
        heard.white
    );
    assert!(
        heard.black.len() >= 2,
        "Black's lines: {:?}\n{stdout}",
        heard.black
    );
    assert!(heard.white_printed.len() >= 8, "{stdout}");
    assert!(heard.black_printed.len() >= 8, "{stdout}");
    for line in heard.black.iter().chain(&heard.black_printed) {
        assert!(is_russian(line), "Black hears Russian: {line:?}\n{stdout}");
    }
    assert!(
        heard.black.iter().any(|l| l.starts_with("Чёрные:")),
        "Black's readout is Russian: {:?}",
        heard.black
    );
    heard
}

#[test]
fn white_hears_german_and_black_russian_in_one_game() {
    let Heard {
        white,
        white_printed,
        stdout,
        ..
    } = play(CONFIG);
    for line in white.iter().chain(&white_printed) {
        assert!(is_german(line), "White hears German: {line:?}\n{stdout}");
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
}

#[test]
fn white_hears_ukrainian_and_black_russian_in_one_game() {
    let Heard {
        white,
        white_printed,
        stdout,
        ..
    } = play(&CONFIG.replacen("language = \"de\"", "language = \"uk\"", 1));
    for line in white.iter().chain(&white_printed) {
        assert!(
            is_ukrainian(line),
            "White hears Ukrainian: {line:?}\n{stdout}"
        );
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
}
