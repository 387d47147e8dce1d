//! `talkclock-bench --quick --json` (what `talkclock bench --quick --json` runs) on this
//! machine: it must finish, exit 0, and print every figure as a number. The figures are not
//! judged here (goals live in the benchmark itself).
//!
//! It measures the `talkclock` binary of the same target folder, which `cargo test --workspace`
//! (`make test`) builds first, as the root package's tests need it.

use std::path::PathBuf;
use std::process::Command;

/// Every leaf of the report, as a JSON pointer: these must all be present and numeric.
const KEYS: &[&str] = &[
    "/flag_error_us/p50",
    "/flag_error_us/p99",
    "/flag_error_us/max",
    "/press_to_switch_us/p50",
    "/press_to_switch_us/p99",
    "/press_core_us/p99",
    "/press_to_audio_ms/voice_pack/p50",
    "/press_to_audio_ms/voice_pack/p99",
    "/press_to_audio_ms/speech_dispatcher/p50",
    "/press_to_audio_ms/speech_dispatcher/p99",
    "/press_to_audio_ms/ratio_p50",
    "/press_to_audio_ms/voice_pack_clip_onset",
    "/press_to_audible_ms/voice_pack_after_click/p99",
    "/press_to_audible_ms/voice_pack_clip_audible_onset",
    "/press_to_audible_ms/click_during_readout/p99",
    "/press_to_audible_ms/voice_pack_after_idle_path/p99",
    "/idle_cpu_percent",
    "/idle_seconds",
    "/rss_mb",
    "/rss_peak_mb",
    "/startup_ms",
    "/voice_load_ms",
    "/memory/idle_seconds",
    "/memory/one_language_mb",
    "/memory/two_languages_mb",
    "/memory/one_language_peak_mb",
    "/memory/two_languages_peak_mb",
    "/memory/one_language_startup_ms",
    "/memory/two_languages_startup_ms",
    "/drift_ms/realtime",
    "/drift_ms/realtime_seconds",
    "/drift_ms/realtime_vs_own_stamps",
    "/drift_ms/realtime_stamp_spread",
    "/drift_ms/virtual_7h",
    "/readout_seconds/en",
    "/readout_seconds/ru",
    "/readout_hm_seconds/en",
    "/readout_hm_seconds/ru",
    "/readout_render_cold_ms/en",
    "/readout_render_cold_ms/ru",
    "/readout_render_warm_ms/en",
    "/readout_render_warm_ms/ru",
    "/bench_seconds",
];

fn numbers_only(value: &serde_json::Value, at: &str, bad: &mut Vec<String>) {
    match value {
        serde_json::Value::Object(map) => {
            for (k, v) in map {
                numbers_only(v, &format!("{at}/{k}"), bad);
            }
        }
        serde_json::Value::Number(_) => {}
        other => bad.push(format!("{at} = {other}")),
    }
}

/// The `talkclock` binary must be beside `talkclock-bench`, where the benchmark looks for it.
fn assert_talkclock_beside_bench() {
    let bench = PathBuf::from(env!("CARGO_BIN_EXE_talkclock-bench"));
    let exe = bench.with_file_name(format!("talkclock{}", std::env::consts::EXE_SUFFIX));
    assert!(
        exe.is_file(),
        "{} is missing: run the workspace's tests (`cargo test --workspace`, as `make test` \
         does) or `cargo build -p talkclock` first",
        exe.display()
    );
}

#[test]
fn quick_bench_prints_every_figure_as_a_number() {
    assert_talkclock_beside_bench();
    let output = Command::new(env!("CARGO_BIN_EXE_talkclock-bench"))
        .args(["--quick", "--json"])
        .output()
        .expect("run talkclock-bench");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "bench failed: {}\n{stdout}",
        String::from_utf8_lossy(&output.stderr)
    );
    let report: serde_json::Value = serde_json::from_str(&stdout).expect("one JSON object");
    for key in KEYS {
        let value = report.pointer(key);
        assert!(
            value.is_some_and(|v| v.as_f64().is_some_and(f64::is_finite)),
            "{key} is missing or not a finite number: {value:?}"
        );
    }
    let mut bad = Vec::new();
    numbers_only(&report, "", &mut bad);
    assert!(bad.is_empty(), "leaves that are not numbers: {bad:?}");
    assert!(
        report["flag_error_us"]["n"].as_u64() >= Some(200),
        "at least 200 flags"
    );
}

/// `talkclock-bench --under-load --quick`: quiet and loaded figures side by side, and the
/// priority the core thread got, for both rows.
#[test]
fn under_load_prints_quiet_and_loaded_figures() {
    let out = Command::new(env!("CARGO_BIN_EXE_talkclock-bench"))
        .args(["--under-load", "--quick"])
        .output()
        .expect("talkclock-bench runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("load: stress-ng --cpu"), "{text}");
    assert!(text.contains("priority: "), "{text}");
    for row in ["flag decided", "flag told (written)", "press → switch"] {
        let line = text.lines().find(|l| l.starts_with(row)).expect(row);
        let numbers = line
            .split_whitespace()
            .filter(|w| w.parse::<f64>().is_ok())
            .count();
        assert!(numbers >= 6, "{line}");
    }
}

/// `talkclock-bench --slow-syncs --quick --json`: the click and the flag with the journal's
/// syncs as they are and delayed 20 and 80 ms (strace), one row each, every figure a number;
/// and the medians show that neither the click nor the flag waits for the delayed sync (before
/// issue 37 their medians were the delay itself: 21 and 81 ms for the click).
#[test]
fn slow_syncs_print_three_rows_and_the_click_does_not_wait_for_the_sync() {
    let out = Command::new(env!("CARGO_BIN_EXE_talkclock-bench"))
        .args(["--slow-syncs", "--quick", "--json"])
        .output()
        .expect("talkclock-bench runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rows: serde_json::Value = serde_json::from_str(&text).expect("one JSON array");
    let rows = rows.as_array().expect("an array");
    let delays: Vec<_> = rows.iter().map(|r| r["delay_ms"].as_u64()).collect();
    assert_eq!(delays, [Some(0), Some(20), Some(80)], "{text}");
    for row in rows {
        let mut bad = Vec::new();
        for key in [
            "click_us",
            "click_in_core_us",
            "flag_told_us",
            "flag_decided_us",
        ] {
            numbers_only(&row[key], key, &mut bad);
        }
        assert!(bad.is_empty(), "leaves that are not numbers: {bad:?}");
        let delay_us = row["delay_ms"].as_f64().unwrap_or(0.0) * 1e3;
        for key in ["click_in_core_us", "flag_told_us"] {
            let p50 = row[key]["p50"].as_f64().unwrap_or(f64::MAX);
            assert!(
                delay_us == 0.0 || p50 < delay_us / 2.0,
                "{key} waited for the {delay_us} µs sync: {row}"
            );
        }
    }
}
