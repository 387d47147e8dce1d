//! The real daemon on a private PulseAudio null sink with a temporary control socket: a short
//! game played through the socket and injected presses; the journal, the spoken output, the
//! transcript and the final times are checked.

use crate::common;
use crate::common_daemon;

use common::{channels, peak, record_utterance, PulseServer, Recorder};
use common_daemon::json_lines;
use std::time::Duration;
use talkclock::journal::{Journal, Record};

const CONFIG: &str = "\
mode = \"tournament\"
[[time_control.stage]]
time = \"5:00\"
[players.white]
vision = \"sighted\"
language = \"ru\"
[players.black]
vision = \"sighted\"
language = \"en\"
";

#[test]
fn a_short_game_through_the_real_daemon() {
    let _sound = common::sound_lock();
    let files = common_daemon::Files::new(CONFIG);
    let _pulse = PulseServer::start(files.dir.path()).expect("private pulseaudio");
    let recorder = Recorder::start().expect("parec on the sink monitor");
    let mut daemon = files.start(&["--text"]);
    let (journal, transcript) = (&files.journal, &files.transcript);

    assert_eq!(daemon.ctl(r#"{"cmd":"start"}"#)["ok"], true);
    for key in ["w", "b", "w"] {
        std::thread::sleep(Duration::from_millis(300));
        daemon.key(key);
    }
    // Let the start announcement and clicks end, then White asks for his time.
    record_utterance(&recorder);
    daemon.key("t");
    assert!(
        daemon.wait_for_text("[white] Белые:", 1, Duration::from_secs(5)),
        "{}",
        daemon.stdout()
    );
    let chunks = record_utterance(&recorder);
    let (left, right) = channels(&chunks);
    assert!(
        peak(&left) > 0.05,
        "White's readout is heard in his (left) earpiece"
    );
    assert!(
        peak(&right) < 1e-4,
        "Black's earpiece stays silent: {}",
        peak(&right)
    );

    let refused = daemon.ctl(r#"{"cmd":"resume"}"#);
    assert_eq!(
        refused["ok"], false,
        "resume while running is refused: {refused}"
    );
    assert_eq!(
        daemon.ctl(r#"{"cmd":"adjust","side":"black","delta":"+1:00"}"#)["ok"],
        true
    );
    assert_eq!(daemon.ctl(r#"{"cmd":"pause"}"#)["ok"], true);
    let status = daemon.ctl(r#"{"cmd":"status"}"#);
    let bad = daemon.ctl("{\"cmd\": \"fly\"}");
    assert_eq!(bad["ok"], false);
    let stdout = daemon.terminate();

    // The journal holds every input, in order, and heartbeats of the running clock.
    let read = Journal::read(journal).unwrap();
    let inputs: Vec<(i64, String)> = read
        .records
        .iter()
        .filter_map(|r| match r {
            Record::Input { game_ms, input, .. } => Some((*game_ms, input.to_string())),
            _ => None,
        })
        .collect();
    let names: Vec<&str> = inputs.iter().map(|(_, i)| i.as_str()).collect();
    assert_eq!(
        names,
        vec![
            "start",
            "press white",
            "press black",
            "press white",
            "query white",
            "resume",
            "adjust black +1:00",
            "pause"
        ]
    );
    assert!(read
        .records
        .iter()
        .any(|r| matches!(r, Record::Heartbeat { .. })));

    // The final times follow from the journaled instants alone.
    let t = |name: &str| {
        inputs
            .iter()
            .rev()
            .find(|(_, i)| i == name)
            .map(|(t, _)| *t)
            .unwrap()
    };
    let start = inputs[0].0;
    let white_first = inputs[1].0;
    let black_first = inputs[2].0;
    let white_second = t("press white");
    let pause = t("pause");
    let white = 300_000 - (white_first - start) - (white_second - black_first);
    let black = 300_000 - (black_first - white_first) - (pause - white_second) + 60_000;
    assert_eq!(status["white_ms"], white, "{status}");
    assert_eq!(status["black_ms"], black, "{status}");
    assert_eq!(status["moves"]["white"], 2);

    // The spoken output: White's readout, to him only, in Russian; and printed as text.
    let lines = json_lines(transcript);
    let readout = lines
        .iter()
        .find(|l| {
            l["event"] == "say" && l["text"].as_str().is_some_and(|t| t.starts_with("Белые:"))
        })
        .expect("a readout for White");
    assert_eq!(readout["audience"], serde_json::json!(["white"]));
    assert!(stdout.contains("[white] Белые:"), "{stdout}");

    // Replaying the journal gives the live transcript.
    let replay = std::process::Command::new(env!("CARGO_BIN_EXE_talkclock"))
        .arg("replay")
        .arg(journal)
        .output()
        .unwrap();
    assert!(replay.status.success());
    let live = std::fs::read_to_string(transcript).unwrap();
    assert_eq!(String::from_utf8_lossy(&replay.stdout), live);
}

/// A reply to the arbiter goes out only once its announcement is in the transcript: a caller
/// that reads the transcript on the reply finds the line there. The announcer renders and
/// writes on a thread of its own (issue 33); without its acknowledgement, the reply overtook
/// the line.
#[test]
fn a_reply_never_overtakes_its_announcement_in_the_transcript() {
    let files = common_daemon::Files::new(CONFIG);
    let (dir, config, journal, transcript) = files.parts();
    let daemon = common_daemon::start(dir.path(), &config, &journal, &transcript, &["--no-audio"]);
    // Whole lines only: a line being written meanwhile is not one yet.
    let lines = || {
        std::fs::read_to_string(&transcript)
            .unwrap_or_default()
            .matches('\n')
            .count()
    };
    assert_eq!(daemon.ctl(r#"{"cmd":"start"}"#)["ok"], true);
    let mut before = lines();
    assert!(before > 0, "the start is in the transcript on its reply");
    for round in 0..20 {
        for cmd in ["pause", "resume"] {
            let reply = daemon.ctl(&format!(r#"{{"cmd":"{cmd}"}}"#));
            assert_eq!(reply["ok"], true, "{cmd}: {reply}");
            let now = lines();
            assert!(
                now > before,
                "round {round}: `{cmd}` was answered before its announcement reached the \
                 transcript ({before} lines then, {now} now)"
            );
            before = now;
        }
    }
    daemon.terminate();
}
