//! `talkclock learn` through the real binary with injected presses: the bindings written, the
//! comments and other settings of the file kept, and nothing written when learning fails.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use talkclock::config::{ActionKind, Config, DeviceMatch, Mode};
use talkclock::table::Listener;

const CONFIG: &str = r#"# Tournament board 3 — keep this note.
mode = "tournament"   # the rules of 1.7 in full

[[time_control.stage]]
moves = 50
time = "2:00:00"      # two hours for fifty moves

[[time_control.stage]]
time = "1:00:00"

[players.white]
name = "Ivanov"
language = "ru"

[arbiter]
language = "en"       # learn mode speaks the arbiter's language

[input]
lockout = "0:00.200"  # this pedal bounces a lot

# The arbiter's pause key stays as it is.
[[input.binding]]
device = "terminal"
button = "p"
action = "pause"
side = "arbiter"

# Old shared pad: to be replaced.
[[input.binding]]
device = "any"
button = "South"
action = "press"
side = "white"
"#;

const PAD: &str = "0300c0de000000000000000000000000";

fn run(dir: &Path, config: &Path, events: &str) -> Output {
    let inject = dir.join("events.txt");
    std::fs::write(&inject, events).unwrap_or_else(|e| panic!("write events: {e}"));
    Command::new(env!("CARGO_BIN_EXE_talkclock"))
        .arg("learn")
        .arg("--config")
        .arg(config)
        .arg("--inject")
        .arg(&inject)
        .output()
        .unwrap_or_else(|e| panic!("run talkclock: {e}"))
}

fn setup() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("temp dir: {e}"));
    let config = dir.path().join("board3.toml");
    std::fs::write(&config, CONFIG).unwrap_or_else(|e| panic!("write config: {e}"));
    (dir, config)
}

fn good_events() -> String {
    format!(
        "# White's clock: the left button of the shared pad, pressed twice to confirm\n\
         uuid:{PAD} West\nuuid:{PAD} West\n\
         # Black's clock: a foot pedal; the first confirmation is another key\n\
         evdev:USB Foot Switch KEY_B\nevdev:USB Foot Switch KEY_A\n\
         evdev:USB Foot Switch KEY_B\nevdev:USB Foot Switch KEY_B\n\
         # White's time: West again is refused (already White's clock), then North\n\
         uuid:{PAD} West\nuuid:{PAD} North\nuuid:{PAD} North\n\
         # Black's time\n\
         uuid:{PAD} East\nuuid:{PAD} East\n"
    )
}

#[test]
fn learned_buttons_are_written_and_the_comments_survive() {
    let (dir, config) = setup();
    let output = run(dir.path(), &config, &good_events());
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let prompts: Vec<&str> = stdout.lines().filter(|l| l.starts_with("Press ")).collect();
    assert_eq!(
        prompts,
        vec![
            "Press White's clock button.",
            "Press Black's clock button.",
            "Press White's time button.",
            "Press Black's time button.",
        ],
        "{stdout}"
    );
    assert!(stdout.contains(
        "The B button on USB Foot Switch. Press it again to confirm, or press another button."
    ));
    assert!(stdout.contains("That was another button. Press Black's clock button."));
    assert!(stdout.contains(
        "That button is already White's clock button. Press another button for White's time button."
    ));
    assert!(stdout.contains("Black's time button is set."));
    let saved = format!("All buttons are set. Saved to {}.\n", config.display());
    assert!(stdout.ends_with(&saved), "{stdout}");

    let written = std::fs::read_to_string(&config).unwrap_or_else(|e| panic!("read: {e}"));
    for line in CONFIG.lines().filter(|l| l.contains('#')) {
        assert!(written.contains(line), "lost `{line}` in:\n{written}");
    }
    let loaded = Config::parse(&written, "board3.toml").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(loaded.mode, Mode::Tournament);
    assert_eq!(loaded.input.lockout, 200);
    assert_eq!(loaded.players[0].name, "Ivanov");
    let bindings: Vec<(String, &str, &str, Listener)> = loaded
        .input
        .bindings
        .iter()
        .map(|b| {
            (
                b.device.to_string(),
                b.button.as_str(),
                b.action.name(),
                b.listener,
            )
        })
        .collect();
    let pad = format!("uuid:{PAD}");
    assert_eq!(
        bindings,
        vec![
            ("terminal".into(), "p", "pause", Listener::Arbiter),
            (pad.clone(), "West", "press", Listener::White),
            (
                "evdev:USB Foot Switch".into(),
                "KEY_B",
                "press",
                Listener::Black
            ),
            (pad.clone(), "North", "time", Listener::White),
            (pad, "East", "time", Listener::Black),
        ]
    );
    assert!(loaded
        .input
        .bindings
        .iter()
        .all(|b| b.device != DeviceMatch::Any && b.action != ActionKind::Stop));
}

#[test]
fn learning_again_replaces_the_learned_buttons() {
    let (dir, config) = setup();
    assert!(run(dir.path(), &config, &good_events()).status.success());
    let again = "terminal w\nterminal w\nterminal b\nterminal b\nterminal t\nterminal t\nterminal y\nterminal y\n";
    let output = run(dir.path(), &config, again);
    assert!(output.status.success());
    let written = std::fs::read_to_string(&config).unwrap_or_else(|e| panic!("read: {e}"));
    let loaded = Config::parse(&written, "board3.toml").unwrap_or_else(|e| panic!("{e}"));
    let buttons: Vec<&str> = loaded
        .input
        .bindings
        .iter()
        .map(|b| b.button.as_str())
        .collect();
    assert_eq!(buttons, vec!["p", "w", "b", "t", "y"]);
    assert_eq!(
        written.matches("# Learned with `talkclock learn`.").count(),
        1
    );
    assert!(written.contains("# Old shared pad: to be replaced."));
}

#[test]
fn learn_speaks_russian_when_the_arbiter_does() {
    let (dir, config) = setup();
    let russian = CONFIG.replace(
        "language = \"en\"       # learn mode",
        "language = \"ru\"       # learn mode",
    );
    std::fs::write(&config, &russian).unwrap_or_else(|e| panic!("write: {e}"));
    let output = run(dir.path(), &config, &good_events());
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    let first = stdout.lines().next().unwrap_or("");
    assert_eq!(first, "Нажмите кнопку часов белых.");
    assert!(
        stdout.contains("Левая кнопка на пульте «injected controller». Нажмите ещё раз, чтобы подтвердить, или нажмите другую кнопку."),
        "{stdout}"
    );
    assert!(stdout.contains("Это была другая кнопка. Нажмите кнопку часов чёрных."));
    assert!(stdout.contains("Кнопка времени чёрных назначена."));
    assert!(stdout.contains("Все кнопки назначены. Сохранено в "));
}

#[test]
fn presses_that_end_too_soon_write_nothing() {
    let (dir, config) = setup();
    let output = run(
        dir.path(),
        &config,
        &format!("uuid:{PAD} West\nuuid:{PAD} West\n"),
    );
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("the input ended before Black's clock button was learned"),
        "{stderr}"
    );
    let written = std::fs::read_to_string(&config).unwrap_or_else(|e| panic!("read: {e}"));
    assert_eq!(written, CONFIG);
}

#[test]
fn a_bad_events_line_is_named_and_nothing_is_written() {
    let (dir, config) = setup();
    let output = run(dir.path(), &config, "terminal w\nany South\n");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("events.txt:2: "), "{stderr}");
    assert!(output.stdout.is_empty());
    let written = std::fs::read_to_string(&config).unwrap_or_else(|e| panic!("read: {e}"));
    assert_eq!(written, CONFIG);
}

#[test]
fn a_bad_configuration_is_refused_with_its_place() {
    let (dir, config) = setup();
    let bad = CONFIG.replace("side = \"arbiter\"", "side = \"white\"");
    std::fs::write(&config, &bad).unwrap_or_else(|e| panic!("write: {e}"));
    let output = run(dir.path(), &config, &good_events());
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("board3.toml:26:8: `pause` is the arbiter's action"),
        "{stderr}"
    );
}
