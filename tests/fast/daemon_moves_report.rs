//! FIDE D.2.10.4 through the real daemon: a player's `moves` button (the terminal's `u` for
//! White) tells him, and only him, the moves completed and the time each side has used.

use crate::common_daemon::{Files, TOURNAMENT_5_MIN};
use std::time::Duration;

#[test]
fn the_moves_button_tells_its_player_the_moves_and_the_time_used() {
    let files = Files::new(TOURNAMENT_5_MIN);
    let mut daemon = files.start(&["--no-audio"]);
    assert_eq!(daemon.ctl(r#"{"cmd":"start"}"#)["ok"], true);
    std::thread::sleep(Duration::from_millis(1_200));
    daemon.key("w");
    std::thread::sleep(Duration::from_millis(300));
    daemon.key("b");
    assert_eq!(daemon.ctl(r#"{"cmd":"pause"}"#)["ok"], true);
    daemon.key("u");
    std::thread::sleep(Duration::from_millis(500));
    let stdout = daemon.terminate();
    let report: Vec<&str> = stdout
        .lines()
        .filter(|l| l.contains("time used"))
        .collect();
    // White's clock ran some 1.2 s, Black's some 0.3 s (the exact figures are the core's
    // test, on virtual time): to White alone, both sides, moves and time.
    assert_eq!(report.len(), 1, "{stdout}");
    assert!(
        report[0].starts_with("[white] White: one move, time used: ")
            && report[0].contains(" second")
            && report[0].contains(". Black: one move, time used: "),
        "{stdout}"
    );
}
