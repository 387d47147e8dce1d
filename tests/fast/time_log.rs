//! The time log (`talkclock moves`) of journals written by `simulate --journal`, through the
//! real binary: every row worked by hand from the script's comments (issue 35, item 3).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn talkclock(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_talkclock"))
        .args(args)
        .output()
        .expect("talkclock runs")
}

fn scenario(name: &str) -> (String, String) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let path = |ext: &str| dir.join(format!("{name}.{ext}")).display().to_string();
    (path("toml"), path("script"))
}

/// `simulate` of scenario `name`, writing its journal to `journal`.
fn simulate_into(name: &str, journal: &Path) -> Output {
    let (config, script) = scenario(name);
    let journal = journal.to_str().expect("UTF-8 path");
    talkclock(&[
        "simulate",
        "--config",
        &config,
        "--script",
        &script,
        "--journal",
        journal,
    ])
}

/// The journal `simulate --journal` writes for scenario `name`, in a fresh folder.
fn journal_of(name: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let journal = dir.path().join("game.jsonl");
    let out = simulate_into(name, &journal);
    assert!(out.status.success(), "simulate {name}: {out:?}");
    (dir, journal)
}

fn moves(journal: &Path, format: &str) -> Vec<String> {
    let out = talkclock(&[
        "moves",
        "--journal",
        journal.to_str().expect("UTF-8 path"),
        "--format",
        format,
    ]);
    assert!(out.status.success(), "moves: {out:?}");
    String::from_utf8(out.stdout)
        .expect("UTF-8")
        .lines()
        .map(str::to_string)
        .collect()
}

const HEADER: &str = "move,side,game_ms,wall_ms,spent_ms,credited_ms,remaining_ms";

fn csv_of(name: &str) -> Vec<String> {
    let (_dir, journal) = journal_of(name);
    moves(&journal, "csv")
}

#[test]
fn fischer_rows_credit_the_increment_and_leave_pauses_out() {
    // 30:00 + 0:30. White 1:00 → 29:30; Black 0:30 → 30:00; a pause of 7:00, then White's
    // 0:20 + 0:30 more of running time (50 s) → 29:30 − 0:50 + 0:30 = 29:10.
    assert_eq!(
        csv_of("fischer_increment"),
        [
            HEADER,
            "1,white,60000,60000,60000,30000,1770000",
            "1,black,90000,90000,30000,30000,1800000",
            "2,white,560000,560000,50000,30000,1750000",
        ]
    );
}

#[test]
fn bronstein_rows_credit_no_more_than_the_move_took() {
    // 5:00 + 0:03 Bronstein: 2 s spent, 2 s back (5:00); 10 s spent, 3 s back (4:53).
    assert_eq!(
        csv_of("bronstein_delay"),
        [
            HEADER,
            "1,white,2000,2000,2000,2000,300000",
            "1,black,12000,12000,10000,3000,293000",
        ]
    );
}

#[test]
fn a_simple_delay_is_credited_as_the_seconds_the_clock_held() {
    // 1:00 with a 5 s simple delay: White runs 0:00–0:03 and 0:30–0:35 (8 s); the clock held
    // for 5 of them: 1:00 − 8 s + 5 s = 0:57.
    assert_eq!(
        csv_of("simple_delay"),
        [HEADER, "1,white,35000,35000,8000,5000,57000"]
    );
}

#[test]
fn a_new_stage_adds_to_the_time_left_but_is_not_credited() {
    // 2 moves in 5:00, then 1:00 a move. Each move takes 10 s; White's 2nd move completes
    // the stage: 4:40 + 1:00 = 5:40; his 3rd completes the next: 5:30 + 1:00 = 6:30.
    assert_eq!(
        csv_of("repeating_stages"),
        [
            HEADER,
            "1,white,10000,10000,10000,0,290000",
            "1,black,20000,20000,10000,0,290000",
            "2,white,30000,30000,10000,0,340000",
            "2,black,40000,40000,10000,0,340000",
            "3,white,50000,50000,10000,0,390000",
        ]
    );
}

#[test]
fn byo_yomi_rows_show_the_period_refilled() {
    // 1:00 + 3 × 0:10 (the script's comments): Black's 1st move at 1:25 took 65 s, the last 5
    // of them in period 1, refilled to 0:10; White's 2nd, 47 s, 7 of them in his period;
    // Black's 2nd at 2:22 came the instant period 1 ran out: period 2 is full, nothing
    // credited; White's 3rd took 3 s.
    assert_eq!(
        csv_of("byoyomi_periods"),
        [
            HEADER,
            "1,white,20000,20000,20000,0,40000",
            "1,black,85000,85000,65000,5000,10000",
            "2,white,132000,132000,47000,7000,10000",
            "2,black,142000,142000,10000,0,10000",
            "3,white,145000,145000,3000,3000,10000",
        ]
    );
}

#[test]
fn an_hourglass_move_credits_nothing_to_the_mover() {
    // Hourglass 1:00: White spends 10 s (0:50); Black spends 30 s of his 1:10 (0:40).
    assert_eq!(
        csv_of("hourglass"),
        [
            HEADER,
            "1,white,10000,10000,10000,0,50000",
            "1,black,40000,40000,30000,0,40000",
        ]
    );
}

#[test]
fn json_rows_carry_the_same_values_under_their_names() {
    let (_dir, journal) = journal_of("fischer_increment");
    let rows = moves(&journal, "json");
    assert_eq!(rows.len(), 3);
    let first: serde_json::Value = serde_json::from_str(&rows[0]).expect("a JSON object");
    assert_eq!(
        first,
        serde_json::json!({
            "move": 1, "side": "white", "game_ms": 60000, "wall_ms": 60000,
            "spent_ms": 60000, "credited_ms": 30000, "remaining_ms": 1770000
        })
    );
}

#[test]
fn a_simulated_journal_replays_to_the_transcript_simulate_printed() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let journal = dir.path().join("game.jsonl");
    let out = simulate_into("rule_1_7_11_stop_and_rulings", &journal);
    assert!(out.status.success(), "{out:?}");
    let printed = String::from_utf8(out.stdout).expect("UTF-8");
    let without_final: Vec<&str> = printed
        .lines()
        .filter(|l| !l.contains("\"event\":\"final\""))
        .collect();
    let replay = talkclock(&["replay", journal.to_str().expect("UTF-8 path")]);
    assert!(replay.status.success(), "{replay:?}");
    let replayed = String::from_utf8(replay.stdout).expect("UTF-8");
    assert_eq!(replayed.lines().collect::<Vec<_>>(), without_final);
}

#[test]
fn simulate_does_not_write_over_a_file_already_there() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let journal = dir.path().join("game.jsonl");
    std::fs::write(&journal, "a game that must not be lost\n").expect("written");
    let out = simulate_into("fischer_increment", &journal);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("a file is already there"),
        "{out:?}"
    );
    assert_eq!(
        std::fs::read_to_string(&journal).expect("still there"),
        "a game that must not be lost\n"
    );
}

#[test]
fn moves_refuses_a_damaged_journal_and_names_it() {
    let (_dir, journal) = journal_of("fischer_increment");
    let text = std::fs::read_to_string(&journal).expect("readable");
    let edited = text.replacen("\"press\"", "\"pause\"", 1);
    assert_ne!(edited, text, "the journal holds a press to edit");
    std::fs::write(&journal, edited).expect("written");
    let out = talkclock(&["moves", "--journal", journal.to_str().expect("UTF-8 path")]);
    assert_eq!(out.status.code(), Some(3), "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("game.jsonl"),
        "{out:?}"
    );
}

#[test]
fn a_rollback_takes_the_later_moves_out_of_the_log() {
    // rollback_fischer.script: 30:00 + 0:30. Moves 1 and 2 of each side, then back to Black's
    // move 1 at 6:00; White's move 2 is played again at 8:00 (a minute after the resume at
    // 7:00): 29:30 - 1:00 + 0:30 = 29:00. The log has White's 2nd move once, as replayed.
    assert_eq!(
        csv_of("rollback_fischer"),
        [
            HEADER,
            "1,white,60000,60000,60000,30000,1770000",
            "1,black,90000,90000,30000,30000,1800000",
            "2,white,480000,480000,60000,30000,1740000",
        ]
    );
}
