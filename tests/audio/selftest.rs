//! `talkclock selftest` end to end through the real binary on a private PulseAudio null sink:
//! written-down answers stand in for the hands (a press, a bouncing switch, a button never
//! pressed, "heard somewhere else"), the sink's monitor is recorded, and the test checks that
//! the tone and sentence of White's earpiece came out on the left channel only and Black's on
//! the right only, that the delay measured through the sink's monitor (the loopback) is there,
//! and that the report (text and JSON) holds every answer as given.

use crate::common;

use common::{channels, PulseServer, Recorder, SINK};
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use talkclock::selftest::judge::{Answer, ButtonVerdict};
use talkclock::selftest::{Outcome, Report};

const CONFIG: &str = "\
mode = \"tournament\"
[[time_control.stage]]
time = \"5:00\"
[players.white]
vision = \"sighted\"
language = \"en\"
[players.black]
vision = \"sighted\"
language = \"ru\"
[arbiter]
language = \"en\"
[audio]
layout = \"stereo_pair\"
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
button = \"y\"
action = \"time\"
side = \"black\"
";

/// The hands: the buttons in the bindings' order, then the two earpieces' answers.
const ANSWERS: &str = "\
# White's clock button
terminal w
# Black's clock button, its switch firing again 20 ms later
terminal b
+20 terminal b
# White's time button: never pressed
none
# Black's time button
terminal y
# White's earpiece (left): heard there
terminal w
# Black's earpiece (right): heard somewhere else
terminal y
";

/// The lines the self-test printed, each with when it came.
type Lines = Arc<Mutex<Vec<(Instant, String)>>>;

/// The recorded window between the line starting `from` and the next `[sound] end` (the
/// first 150 ms left out: what played before may still be arriving), as (left, right).
fn window(
    chunks: &[common::Chunk],
    lines: &[(Instant, String)],
    from: &str,
) -> (Vec<f32>, Vec<f32>) {
    let start = lines
        .iter()
        .position(|(_, l)| l.starts_with(from))
        .unwrap_or_else(|| panic!("no line {from:?}: {lines:?}"));
    let end = lines[start..]
        .iter()
        .find(|(_, l)| l == "[sound] end")
        .unwrap_or_else(|| panic!("no end of {from:?}: {lines:?}"))
        .0;
    let begin = lines[start].0 + Duration::from_millis(150);
    let inside: Vec<common::Chunk> = chunks
        .iter()
        .filter(|c| c.at >= begin && c.at <= end)
        .map(|c| common::Chunk {
            at: c.at,
            samples: c.samples.clone(),
        })
        .collect();
    channels(&inside)
}

fn peak(samples: &[f32]) -> f32 {
    samples.iter().fold(0.0, |m, s| m.max(s.abs()))
}

#[test]
fn selftest_walks_buttons_and_earpieces_the_left_tone_only_on_the_left_and_reports_every_answer() {
    let _sound = common::sound_lock();
    let dir = tempfile::tempdir().expect("temp dir");
    let _pulse = PulseServer::start(dir.path()).expect("private pulseaudio");
    let recorder = Recorder::start().expect("parec on the sink monitor");
    let config = dir.path().join("board.toml");
    std::fs::write(&config, CONFIG).expect("config");
    let answers = dir.path().join("answers.txt");
    std::fs::write(&answers, ANSWERS).expect("answers");
    let reports = dir.path().join("reports");

    let mut child = Command::new(env!("CARGO_BIN_EXE_talkclock"))
        .arg("selftest")
        .arg("--config")
        .arg(&config)
        .arg("--inject")
        .arg(&answers)
        .arg("--report")
        .arg(&reports)
        .arg("--loopback")
        .arg(format!("{SINK}.monitor"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("talkclock selftest");
    let lines: Lines = Arc::default();
    let stdout = child.stdout.take().expect("stdout");
    let seen = lines.clone();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            seen.lock().expect("lines").push((Instant::now(), line));
        }
    });
    let mut chunks = Vec::new();
    let began = Instant::now();
    let status = loop {
        chunks.extend(recorder.take());
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        assert!(
            began.elapsed() < Duration::from_secs(180),
            "the self-test did not end: {:?}",
            lines.lock().expect("lines")
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    chunks.extend(recorder.take());
    reader.join().expect("reader");
    let mut stderr = String::new();
    if let Some(mut e) = child.stderr.take() {
        use std::io::Read;
        let _ = e.read_to_string(&mut stderr);
    }
    let lines = lines.lock().expect("lines").clone();
    let printed: Vec<&str> = lines.iter().map(|(_, l)| l.as_str()).collect();
    // Three problems (a bouncing switch, a button never pressed, a sound heard elsewhere):
    // the self-test fails, exit 1, said in the arbiter's language.
    assert_eq!(status.code(), Some(1), "{printed:#?}\n{stderr}");
    assert!(
        stderr.contains("Self-test failed. Problems: 3."),
        "{stderr}"
    );

    // White's place: the left channel sounds, the right is silent; Black's the other way.
    let (left, right) = window(&chunks, &lines, "[sound] default channels [0]");
    assert!(
        peak(&left) > 0.05,
        "White's tone and sentence on the left: peak {}",
        peak(&left)
    );
    assert_eq!(
        peak(&right),
        0.0,
        "nothing on the right while White's earpiece is tested"
    );
    let (left, right) = window(&chunks, &lines, "[sound] default channels [1]");
    assert!(
        peak(&right) > 0.05,
        "Black's on the right: peak {}",
        peak(&right)
    );
    assert_eq!(
        peak(&left),
        0.0,
        "nothing on the left while Black's earpiece is tested"
    );
    // Each in the listener's language.
    assert!(
        printed
            .iter()
            .any(|l| l.contains("This is White's earpiece, left side.")),
        "{printed:#?}"
    );
    assert!(
        printed
            .iter()
            .any(|l| l.contains("Это наушник чёрных, справа.")),
        "{printed:#?}"
    );

    // The report, as JSON and text, in the folder given.
    let mut files: Vec<_> = std::fs::read_dir(&reports)
        .expect("reports folder")
        .map(|e| e.expect("entry").path())
        .collect();
    files.sort();
    assert_eq!(files.len(), 2, "{files:?}");
    let json = files
        .iter()
        .find(|p| p.extension().is_some_and(|e| e == "json"));
    let report: Report =
        serde_json::from_str(&std::fs::read_to_string(json.expect("a JSON report")).expect("read"))
            .expect("the report parses");
    assert!(!report.passed);
    assert_eq!(report.problems, 3);
    assert_eq!(report.config_digest.len(), 16);
    assert!(report.program.starts_with("talkclock "));
    let buttons: Vec<&ButtonVerdict> = report
        .outcomes
        .iter()
        .filter_map(|o| match o {
            Outcome::Button { result, .. } => Some(result),
            _ => None,
        })
        .collect();
    assert_eq!(buttons.len(), 4, "{:?}", report.outcomes);
    assert!(
        matches!(buttons[0], ButtonVerdict::Works(p) if p.button == "w" && p.device_match == "terminal")
    );
    assert!(matches!(
        buttons[1],
        ButtonVerdict::Bounces {
            times: 2,
            within_ms: 20,
            ..
        }
    ));
    assert_eq!(buttons[2], &ButtonVerdict::Never);
    assert!(buttons[3].passed());
    let answers: Vec<(Vec<u16>, bool, Answer)> = report
        .outcomes
        .iter()
        .filter_map(|o| match o {
            Outcome::Sound {
                channels,
                played,
                answer,
                ..
            } => Some((channels.clone(), *played, *answer)),
            _ => None,
        })
        .collect();
    assert_eq!(
        answers,
        vec![
            (vec![0], true, Answer::Yes),
            (vec![1], true, Answer::Elsewhere)
        ]
    );
    // The sink's monitor is the loopback: the delay from asking for a burst to hearing it.
    match report.outcomes.last() {
        Some(Outcome::Latency {
            ms: Some(ms),
            skipped: None,
        }) => assert!(*ms > 0.0 && *ms < 1000.0, "delay {ms} ms"),
        other => panic!("the delay measured through the monitor: {other:?}"),
    }
    assert!(
        printed
            .iter()
            .any(|l| l.starts_with("[white] The sound's delay through the loopback: ")),
        "{printed:#?}"
    );
    let text = files
        .iter()
        .find(|p| p.extension().is_some_and(|e| e == "txt"));
    let text = std::fs::read_to_string(text.expect("a text report")).expect("read");
    assert!(text.contains("self-test FAILED"), "{text}");
    assert!(text.contains(&report.config_digest), "{text}");
    assert!(
        text.contains("[black] Кнопка срабатывает больше одного раза"),
        "{text}"
    );
}
