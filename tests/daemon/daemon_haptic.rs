//! The real daemon's transcript shows which vibration pattern each player's controller is
//! given, when: only a player with `haptic = true` feels anything, only what the rules send
//! him, and a press's own feedback never overlaps another pattern (the one it cuts plays
//! again, whole, after it). Driving a rumble motor is not built; these lines are the schedule.

use crate::common_daemon;

use common_daemon::{json_lines, Files};
use serde_json::Value;
use std::time::{Duration, Instant};

/// White, low vision, feels the clock at 70 %; Black hears only. A 5:03 stage: the rules'
/// 5:00 warning comes 3 s into White's first turn.
const CONFIG: &str = "\
mode = \"tournament\"
[[time_control.stage]]
time = \"5:03\"
[players.white]
vision = \"low_vision\"
language = \"en\"
haptic = true
haptic_strength = 70
[players.black]
vision = \"low_vision\"
language = \"en\"
";

fn haptic_lines(path: &std::path::Path) -> Vec<Value> {
    json_lines(path)
        .into_iter()
        .filter(|l| l["event"].as_str().is_some_and(|e| e.starts_with("haptic")))
        .collect()
}

/// (event, pattern, at_ms, end_ms) of each line.
fn spans(lines: &[Value]) -> Vec<(String, String, i64, i64)> {
    lines
        .iter()
        .map(|l| {
            let at = l["at_ms"].as_i64().expect("at_ms");
            let length: i64 = l["pulses"].as_array().map_or(0, |p| {
                p.iter()
                    .map(|p| p[0].as_i64().unwrap_or(0) + p[1].as_i64().unwrap_or(0))
                    .sum()
            });
            (
                l["event"].as_str().unwrap_or("").to_string(),
                l["pattern"].as_str().unwrap_or("").to_string(),
                at,
                at + length,
            )
        })
        .collect()
}

fn wait_for(
    path: &std::path::Path,
    what: impl Fn(&[Value]) -> bool,
    limit: Duration,
) -> Vec<Value> {
    let since = Instant::now();
    loop {
        let lines = haptic_lines(path);
        if what(&lines) || since.elapsed() > limit {
            return lines;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn patterns_go_to_the_players_own_controller_and_never_overlap_a_press() {
    let (files, mut daemon) = common_daemon::quiet(CONFIG);
    let transcript = files.transcript.clone();
    assert_eq!(daemon.ctl(r#"{"cmd":"start"}"#)["ok"], true);
    // White asks his time: 5:02 is five short pulses.
    std::thread::sleep(Duration::from_millis(200));
    daemon.key("t");
    // The 5:00 warning starts about 3 s in; White presses while it plays.
    let warned = wait_for(
        &transcript,
        |l| l.iter().any(|l| l["pattern"] == "rules_warning"),
        Duration::from_secs(8),
    );
    assert!(
        warned.iter().any(|l| l["pattern"] == "rules_warning"),
        "{warned:?}"
    );
    std::thread::sleep(Duration::from_millis(400));
    daemon.key("w");
    // Black's press and a press out of turn: he has no haptics, so nothing is felt anywhere.
    std::thread::sleep(Duration::from_millis(300));
    daemon.key("b");
    std::thread::sleep(Duration::from_millis(100));
    daemon.key("b");
    let lines = wait_for(
        &transcript,
        |l| l.iter().filter(|l| l["pattern"] == "rules_warning").count() >= 3,
        Duration::from_secs(8),
    );
    daemon.quit();

    assert!(
        lines.iter().all(|l| l["side"] == "white"),
        "only White's controller: {lines:?}"
    );
    let s = spans(&lines);
    let events: Vec<(&str, &str)> = s
        .iter()
        .map(|(e, p, _, _)| (e.as_str(), p.as_str()))
        .collect();
    assert_eq!(
        events,
        [
            ("haptic", "time"),
            ("haptic", "rules_warning"),
            ("haptic_cut", "rules_warning"),
            ("haptic", "press_accepted"),
            ("haptic", "rules_warning"),
        ],
        "{lines:?}"
    );
    let time = &lines[0];
    assert_eq!(time["strength"], 70);
    assert_eq!(
        time["pulses"],
        serde_json::json!([[150, 250], [150, 250], [150, 250], [150, 250], [150, 0]]),
        "5:02 counted as five minutes"
    );
    // Nothing starts while another pattern plays, except a press cutting it at that instant.
    for pair in s.windows(2) {
        let ((_, _, _, end), (event, _, at, _)) = (&pair[0], &pair[1]);
        if event == "haptic" && pair[0].0 == "haptic" {
            assert!(at >= end, "overlap: {pair:?}");
        }
    }
    let (_, _, cut_at, _) = s[2];
    let (_, _, press_at, press_end) = s[3];
    assert_eq!(cut_at, press_at, "the press cuts the warning at once");
    assert!(
        s[4].2 >= press_end + 600,
        "the warning again after the press: {s:?}"
    );
}

/// `run --check` names each player's controller for vibration, and says plainly when a
/// player with `haptic = true` has none of his own (a shared one would vibrate in the
/// opponent's hands).
#[test]
fn run_check_reports_each_players_controller_for_vibration() {
    let config = "\
[[time_control.stage]]
time = \"5:00\"
[players.white]
haptic = true
[players.black]
haptic = true
[[input.binding]]
device = \"uuid:0123456789abcdef0123456789abcdef\"
button = \"South\"
action = \"press\"
side = \"white\"
[[input.binding]]
device = \"any\"
button = \"East\"
action = \"press\"
side = \"black\"
";
    let files = Files::new(config);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_talkclock"))
        .args(["run", "--check", "--config"])
        .arg(&files.config)
        .output()
        .expect("talkclock run --check");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.contains(
            "haptic, white: controller uuid:0123456789abcdef0123456789abcdef: not connected now"
        ),
        "{text}"
    );
    assert!(
        text.contains("haptic: haptic = true: black's press button is not on a game controller named by its uuid; nothing will vibrate for this player"),
        "{text}"
    );
}

/// The practice mode teaches every pattern with its meaning, in the player's language, and
/// says why nothing vibrates when he has no controller of his own.
#[test]
fn practice_shows_every_pattern_with_its_meaning_in_both_languages() {
    for (lang, first, why, time) in [
        (
            "en",
            "1/14. press accepted: tap",
            "Nothing will vibrate (white's press button is not on a game controller named by its uuid)",
            "12/14. your time: 1:12:00: very long | long | short, short",
        ),
        (
            "ru",
            "1/14. ход принят: касание",
            "Вибрации не будет (кнопка хода не на вашем собственном игровом контроллере",
            "12/14. ваше время: 1:12:00: очень длинный | длинный | короткий, короткий",
        ),
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_talkclock"))
            .args(["haptic-practice", "--lang", lang, "--pause-ms", "0"])
            .stdin(std::process::Stdio::null())
            .output()
            .expect("talkclock haptic-practice");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{text}");
        for needle in [first, why, time] {
            assert!(text.contains(needle), "{lang}: {needle:?} in\n{text}");
        }
        assert_eq!(text.lines().filter(|l| l.contains("/14. ")).count(), 14, "{text}");
    }
}

/// A player who opens the set-up menu with his own button feels each key taken as a tap on
/// his controller (the prompts are spoken, printed and shown on his Braille display).
#[test]
fn the_set_up_menu_is_felt_by_the_player_using_it() {
    let config = "\
mode = \"practice\"
[[time_control.stage]]
time = \"15:00\"
[players.white]
language = \"en\"
haptic = true
[players.black]
language = \"en\"
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
button = \"s\"
action = \"start\"
side = \"white\"
[[input.binding]]
device = \"terminal\"
button = \"m\"
action = \"setup\"
side = \"white\"
";
    let (files, mut daemon) = common_daemon::quiet(config);
    let transcript = files.transcript.clone();
    for key in ["m", "b", "b"] {
        std::thread::sleep(Duration::from_millis(250));
        daemon.key(key);
    }
    let lines = wait_for(&transcript, |l| l.len() >= 3, Duration::from_secs(8));
    let menus: Vec<Value> = json_lines(&transcript)
        .into_iter()
        .filter(|l| l["event"] == "menu")
        .collect();
    daemon.quit();
    assert!(menus.len() >= 3, "the menu spoke: {menus:?}");
    let felt: Vec<(&str, &str)> = lines
        .iter()
        .map(|l| {
            (
                l["side"].as_str().unwrap_or(""),
                l["pattern"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        &felt[..3],
        [("white", "press_accepted"); 3],
        "{lines:?}\n{menus:?}"
    );
}
