//! A board's hardware self-test reaches the station: `talkclock selftest` (the real binary,
//! its answers written down, its sound on ALSA's `null` device) on a board with `[hall]` sends
//! its report as the board's retained `selftest` message; the running station keeps it beside
//! the board's mirror, `station status` says which boards passed this round, and a round whose
//! pairings come later makes the earlier self-test "not this round".

use crate::boards::{wait_for, Hall};
use std::process::Command;
use std::time::Duration;

/// The board's buttons, appended to its configuration.
const BUTTONS: &str = "\
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
";

/// Both buttons work, and each earpiece is heard where it says.
const ANSWERS: &str = "terminal w\nterminal b\nterminal w\nterminal b\n";

#[test]
fn a_board_s_self_test_report_reaches_the_station_and_status_says_who_passed_this_round() {
    let hall = Hall::new(2);
    let mut station = hall.station();
    let port = hall.broker.port();
    let files = hall.board_files(1, "5:00", port);
    hall.board_files(2, "5:00", port);
    let mut config = std::fs::read_to_string(&files.config).expect("config");
    // ALSA's `null` device takes the sound (the hall tier has no sound server of its own).
    config.push_str("[audio]\nhost = \"alsa\"\ndevice = \"null\"\n");
    config.push_str(BUTTONS);
    std::fs::write(&files.config, config).expect("config");
    let answers = files.dir.join("answers.txt");
    std::fs::write(&answers, ANSWERS).expect("answers");

    let out = Command::new(env!("CARGO_BIN_EXE_talkclock"))
        .arg("selftest")
        .arg("--config")
        .arg(&files.config)
        .arg("--inject")
        .arg(&answers)
        .arg("--report")
        .arg(files.dir.join("reports"))
        .output()
        .expect("talkclock selftest");
    let printed = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{printed}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Said in the arbiter's language (Russian on this board).
    assert!(printed.contains("Самопроверка пройдена."), "{printed}");
    assert!(
        printed.contains("Отчёт отправлен на пост судей."),
        "{printed}"
    );

    // The station keeps it beside the board's mirror.
    let kept = hall.mirror().join("board-1");
    wait_for(
        Duration::from_secs(10),
        "the station keeps the report",
        || {
            std::fs::read_dir(&kept).is_ok_and(|d| {
                d.flatten()
                    .any(|e| e.file_name().to_string_lossy().starts_with("selftest-"))
            })
        },
    );
    let status = hall.status();
    let line = |n: u32| {
        status
            .lines()
            .find(|l| l.starts_with(&format!("board {n} ")) || *l == format!("board {n}"))
            .map(str::to_string)
    };
    let one = line(1).unwrap_or_else(|| panic!("board 1 in {status}"));
    assert!(one.contains("selftest passed"), "{status}");

    // A round given after it: the self-test was an earlier round's.
    std::thread::sleep(Duration::from_millis(1100));
    talkclock::station::round::Round {
        round: 2,
        source: "pairings.csv".into(),
        trf: None,
        latin1: false,
        pairings: Vec::new(),
    }
    .save(&hall.mirror())
    .expect("the round's pairings");
    let status = hall.status();
    assert!(
        status
            .lines()
            .any(|l| l.starts_with("board 1 ") && l.contains("selftest not this round")),
        "{status}"
    );
    station.kill();
}
