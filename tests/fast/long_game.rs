//! A seven-hour, two-hundred-move game through the real `simulate` binary: the final times
//! must equal, to the millisecond, what the press timestamps say they should be.

use std::process::Command;
use std::time::Instant;

const HOUR: i64 = 3_600_000;

/// Think time for a side's k-th move: 100 to 145 s, spread by a fixed stride.
fn think(k: i64) -> i64 {
    100_000 + (k * 7_919) % 45_001
}

#[test]
fn seven_hours_two_hundred_moves_zero_drift() {
    let dir = tempfile::tempdir().unwrap();
    let mut script = String::from("@0 start\n");
    let mut now = 0;
    let mut spent = [0i64; 2];
    for k in 0..200 {
        let side = k % 2;
        let t = think(k);
        now += t;
        spent[side as usize] += t;
        let name = if side == 0 { "white" } else { "black" };
        script.push_str(&format!("@{}.{:03} press {name}\n", now / 1000, now % 1000));
    }
    let end = now + 1_000;
    script.push_str(&format!("@{}.{:03} end\n", end / 1000, end % 1000));
    std::fs::write(dir.path().join("long.script"), &script).unwrap();
    let config =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("config/fmjd-classical.toml");

    let started = Instant::now();
    let output = Command::new(env!("CARGO_BIN_EXE_talkclock"))
        .args(["simulate", "--config"])
        .arg(&config)
        .arg("--script")
        .arg(dir.path().join("long.script"))
        .output()
        .unwrap();
    let took = started.elapsed();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    eprintln!(
        "simulated {:.2} h, 200 moves, in {took:?} (debug build)",
        end as f64 / HOUR as f64
    );
    assert!(
        end > 6 * HOUR + 30 * 60_000,
        "the game should last about seven hours: {end}"
    );

    // Each side made 100 moves: 2:00:00 for the first 50, an hour at moves 50, 75 and 100.
    let available = 2 * HOUR + 3 * HOUR;
    // The 200th move is Black's, so White's clock has run for the last second too.
    let expected_white = available - spent[0] - 1_000;
    let expected_black = available - spent[1];
    let stdout = String::from_utf8_lossy(&output.stdout);
    let last: serde_json::Value = serde_json::from_str(stdout.lines().last().unwrap()).unwrap();
    assert_eq!(last["event"], "final");
    assert_eq!(last["white_ms"], expected_white);
    assert_eq!(last["black_ms"], expected_black);
    assert_eq!(last["moves"]["white"], 100);
    assert_eq!(last["moves"]["black"], 100);
    assert!(last["result"].is_null());
    let stages = stdout
        .lines()
        .filter(|l| l.contains("\"event\":\"stage\""))
        .count();
    assert_eq!(stages, 6, "three new stages per side");
}
