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

/// What one player of a game must hear: every line in his language, his readout beginning so,
/// and (when given) his spoken help beginning so.
struct Hears {
    language: &'static str,
    is: fn(&str) -> bool,
    readout: &'static str,
    help: Option<&'static str>,
}

/// Plays a game with White in `config`'s first language and Black in its second, and checks
/// each earpiece against what its player must hear.
fn check(config: &str, white_hears: Hears, black_hears: Hears) {
    let (white, white_printed, black, black_printed, stdout) = play(config);
    for (side, said, printed, hears) in [
        ("White", &white, &white_printed, &white_hears),
        ("Black", &black, &black_printed, &black_hears),
    ] {
        assert!(said.len() >= 2, "{side}'s lines: {said:?}\n{stdout}");
        assert!(printed.len() >= 8, "{stdout}");
        for line in said.iter().chain(printed) {
            assert!(
                (hears.is)(line),
                "{side} hears {}: {line:?}\n{stdout}",
                hears.language
            );
        }
        assert!(
            said.iter().any(|l| l.starts_with(hears.readout)),
            "{side}'s readout is {}: {said:?}",
            hears.language
        );
        if let Some(help) = hears.help {
            assert!(
                printed.iter().any(|l| l.starts_with(help)),
                "{side}'s help is {}: {stdout}",
                hears.language
            );
        }
    }
}

#[test]
fn white_hears_ukrainian_and_black_polish_in_one_game() {
    let config = CONFIG
        .replace("language = \"de\"", "language = \"uk\"")
        .replace(
            "language = \"ru\"\n[arbiter]",
            "language = \"pl\"\n[arbiter]",
        );
    check(
        &config,
        Hears {
            language: "Ukrainian",
            is: is_ukrainian,
            readout: "Білі:",
            help: Some("Клавіша w на клавіатурі:"),
        },
        Hears {
            language: "Polish",
            is: is_polish,
            readout: "Czarne:",
            help: None,
        },
    );
}

#[test]
fn white_hears_german_and_black_russian_in_one_game() {
    check(
        CONFIG,
        Hears {
            language: "German",
            is: is_german,
            readout: "Weiß:",
            help: Some("Die Taste w auf der Tastatur:"),
        },
        RUSSIAN,
    );
}

/// Black hears Russian.
const RUSSIAN: Hears = Hears {
    language: "Russian",
    is: is_russian,
    readout: "Чёрные:",
    help: None,
};

#[test]
fn white_hears_ukrainian_and_black_russian_in_one_game() {
    let config = CONFIG.replacen("language = \"de\"", "language = \"uk\"", 1);
    check(
        &config,
        Hears {
            language: "Ukrainian",
            is: is_ukrainian,
            readout: "Білі:",
            help: Some("Клавіша w на клавіатурі:"),
        },
        RUSSIAN,
    );
}
