//! The spoken set-up menu through the real daemon, driven by button presses only (key lines,
//! as the other daemon tests inject them): every prompt it says is checked in the transcript,
//! the saved file keeps its comments and loads, and the next game runs the chosen control. A
//! locked menu refuses and leaves the file as it was.

#[path = "daemon/common_daemon.rs"]
mod common_daemon;

use common_daemon::{json_lines, Files};
use std::path::Path;
use std::time::{Duration, Instant};
use talkclock::config::{Config, Vision};

const CONFIG: &str = "\
# A practice board at home.
mode = \"practice\"

# Fifteen minutes and ten seconds a move, until the set-up menu changes it.
[[time_control.stage]]
time = \"15:00\"
increment = \"0:10\"

[players.white]
language = \"en\"             # White hears English
[players.black]
language = \"en\"
[arbiter]
language = \"en\"

# The keys of the test: both clocks, a time button, start and the menu.
[[input.binding]]
device = \"terminal\"
button = \"w\"
action = \"press\"
side = \"white\"
[[input.binding]]
device = \"terminal\"
button = \"b\"
action = \"press\"
side = \"black\"
[[input.binding]]
device = \"terminal\"
button = \"t\"
action = \"time\"
side = \"white\"
[[input.binding]]
device = \"terminal\"
button = \"s\"
action = \"start\"
[[input.binding]]
device = \"terminal\"
button = \"m\"
action = \"setup\"
";

/// The texts of the transcript's lines of one kind (`menu`, `start`, …).
fn lines(path: &Path, event: &str) -> Vec<serde_json::Value> {
    json_lines(path)
        .into_iter()
        .filter(|l| l["event"] == event)
        .collect()
}

fn menu_texts(path: &Path) -> Vec<String> {
    lines(path, "menu")
        .iter()
        .map(|l| l["text"].as_str().unwrap_or_default().to_string())
        .collect()
}

/// Presses a key (a human's pace: past the button's lockout against switch bounce) and waits
/// until the transcript holds `count` menu lines.
fn press(daemon: &mut common_daemon::Daemon, transcript: &Path, key: &str, count: usize) {
    std::thread::sleep(Duration::from_millis(200));
    daemon.key(key);
    let end = Instant::now() + Duration::from_secs(10);
    while menu_texts(transcript).len() < count {
        assert!(
            Instant::now() < end,
            "after {key:?}: {:#?}",
            menu_texts(transcript)
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn a_game_is_set_up_by_ear_saved_with_comments_and_played() {
    let files = Files::new(CONFIG);
    let (dir, config, journal, transcript) = files.parts();
    let mut daemon =
        common_daemon::start(dir.path(), &config, &journal, &transcript, &["--no-audio"]);
    let steps: &[(&str, &[&str])] = &[
        (
            "m",
            &[
                "Clock set-up. The move buttons step through the list, start selects, holding \
                 start goes back, the time button repeats.",
                "Time control: fifteen minutes to the end of the game, plus ten seconds per \
                 move, one of six.",
            ],
        ),
        (
            "s",
            &[
                "Rapid: fifteen minutes to the end of the game, plus ten seconds per move, \
               selected, five of eleven.",
            ],
        ),
        (
            "b",
            &[
                "Blitz: five minutes to the end of the game, plus three seconds per move, six \
               of eleven.",
            ],
        ),
        (
            "s",
            &[
                "Time control: five minutes to the end of the game, plus three seconds per \
               move, one of six.",
            ],
        ),
        ("b", &["White: totally blind, English, two of six."]),
        ("s", &["Totally blind, one of five."]),
        ("s", &["Totally blind, selected, one of three."]),
        ("b", &["Low vision, two of three."]),
        ("s", &["Low vision, one of five."]),
        ("t", &["Low vision, one of five."]),
        ("m", &["White: low vision, English, two of six."]),
        ("b", &["Black: totally blind, English, three of six."]),
        ("b", &["White moves first, four of six."]),
        ("b", &["Check and save, five of six."]),
        (
            "s",
            &[
                "Set-up check. Time control: five minutes to the end of the game, plus three \
                 seconds per move. White: low vision, English, five minutes. Black: totally \
                 blind, English, five minutes. White moves first.",
                "Save, one of two.",
            ],
        ),
        ("s", &["Set-up saved."]),
    ];
    let mut expected: Vec<String> = Vec::new();
    for (key, said) in steps {
        expected.extend(said.iter().map(|s| s.to_string()));
        press(&mut daemon, &transcript, key, expected.len());
    }
    assert_eq!(menu_texts(&transcript), expected);
    for line in lines(&transcript, "menu") {
        assert_eq!(line["audience"], serde_json::json!(["arbiter"]));
        assert_eq!(line["language"], "en");
    }

    // The file: the new control and White's vision, every comment kept, a named preset.
    let text = std::fs::read_to_string(&config).unwrap();
    for comment in [
        "# A practice board at home.",
        "# White hears English",
        "# The keys of the test",
    ] {
        assert!(text.contains(comment), "{comment:?} lost:\n{text}");
    }
    let saved = Config::parse(&text, "saved").unwrap();
    assert_eq!(saved.control.stages()[0].time, 5 * 60_000);
    assert_eq!(saved.control.stages()[0].increment, 3_000);
    assert_eq!(saved.players[0].vision, Vision::LowVision);
    assert_eq!(saved.presets.len(), 1);
    assert_eq!(saved.presets[0].name, "Blitz 5 min + 3 s");

    // The next game runs it: White moves within three seconds and has more than five minutes.
    std::thread::sleep(Duration::from_millis(200));
    daemon.key("s");
    daemon.key("w");
    let end = Instant::now() + Duration::from_secs(10);
    let press = loop {
        if let Some(p) = lines(&transcript, "press").pop() {
            break p;
        }
        assert!(Instant::now() < end, "no press in the transcript");
        std::thread::sleep(Duration::from_millis(10));
    };
    let white = press["white_ms"].as_i64().unwrap();
    assert!(white > 5 * 60_000 && white <= 5 * 60_000 + 3_000, "{press}");
    assert_eq!(press["black_ms"], 5 * 60_000);
    daemon.terminate();
}

#[test]
fn a_locked_menu_refuses_and_the_file_stays_as_it_was() {
    let locked = format!("{CONFIG}\n[setup]\nlocked = true   # the arbiter's\n");
    let files = Files::new(&locked);
    let (dir, config, journal, transcript) = files.parts();
    let mut daemon =
        common_daemon::start(dir.path(), &config, &journal, &transcript, &["--no-audio"]);
    press(&mut daemon, &transcript, "m", 1);
    // Start starts the game as ever.
    daemon.key("s");
    let end = Instant::now() + Duration::from_secs(10);
    while lines(&transcript, "start").is_empty() {
        assert!(Instant::now() < end, "start did not start the game");
        std::thread::sleep(Duration::from_millis(10));
    }
    assert_eq!(
        menu_texts(&transcript),
        vec!["The arbiter has locked the set-up.".to_string()]
    );
    daemon.terminate();
    assert_eq!(std::fs::read_to_string(&config).unwrap(), locked);
}
