//! The spoken set-up menu through the real daemon, driven by button presses only (key lines,
//! as the other daemon tests inject them): every prompt it says is checked in the transcript,
//! the saved file keeps its comments and loads, and the next game runs the chosen control. A
//! locked menu refuses and leaves the file as it was.

use crate::common_daemon;

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
    let (files, mut daemon) = common_daemon::quiet(CONFIG);
    let (_, config, _, transcript) = files.parts();
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
    let (files, mut daemon) = common_daemon::quiet(&locked);
    let (_, config, _, transcript) = files.parts();
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

/// Goes through the menu to a saved Blitz (five minutes plus three seconds): the texts said
/// up to the save, the last one being the save's answer.
fn choose_blitz_and_save(daemon: &mut common_daemon::Daemon, transcript: &Path) -> Vec<String> {
    let steps: &[(&str, usize)] = &[
        ("m", 2),
        ("s", 1),
        ("b", 1),
        ("s", 1),
        ("b", 1),
        ("b", 1),
        ("b", 1),
        ("b", 1),
        ("s", 2),
        ("s", 1),
    ];
    let mut count = 0;
    for (key, said) in steps {
        count += said;
        press(daemon, transcript, key, count);
    }
    menu_texts(transcript)
}

/// A configuration reached through a symlink (`/etc/talkclock/talkclock.toml` linked to a
/// shared folder) is saved to the link's target and the link stays. (Before, the link was
/// replaced by a regular file, its target left unchanged, and the player told "saved".)
#[test]
fn a_save_through_a_symlink_writes_its_target_and_keeps_the_link() {
    let files = Files::new(CONFIG);
    let (dir, real, journal, transcript) = files.parts();
    let link = dir.path().join("link.toml");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let mut daemon =
        common_daemon::start(dir.path(), &link, &journal, &transcript, &["--no-audio"]);
    let said = choose_blitz_and_save(&mut daemon, &transcript);
    daemon.terminate();
    assert_eq!(
        said.last().map(String::as_str),
        Some("Set-up saved."),
        "{said:#?}"
    );
    let meta = std::fs::symlink_metadata(&link).unwrap();
    assert!(meta.file_type().is_symlink(), "the link was replaced");
    let saved = Config::parse(&std::fs::read_to_string(&real).unwrap(), "target").unwrap();
    assert_eq!(
        saved.control.stages()[0].time,
        5 * 60_000,
        "the target is saved"
    );
}

/// A read-only configuration (mode 0444) is not replaced: the save is refused, the arbiter is
/// told why, and the file stays as it was. (Before, it was saved over.)
#[test]
fn a_read_only_config_is_not_saved_over_and_the_arbiter_told_why() {
    use std::os::unix::fs::PermissionsExt;
    let files = Files::new(CONFIG);
    let (_, config, _, transcript) = files.parts();
    std::fs::set_permissions(&config, std::fs::Permissions::from_mode(0o444)).unwrap();
    let mut daemon = files.start(&["--no-audio"]);
    let said = choose_blitz_and_save(&mut daemon, &transcript);
    assert!(
        daemon.wait_for_text("is read-only (mode 444)", 1, Duration::from_secs(5)),
        "{}",
        daemon.stdout()
    );
    daemon.terminate();
    assert_ne!(
        said.last().map(String::as_str),
        Some("Set-up saved."),
        "{said:#?}"
    );
    assert_eq!(std::fs::read_to_string(&config).unwrap(), CONFIG);
}
