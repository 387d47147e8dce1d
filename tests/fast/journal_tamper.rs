//! The journal is tamper-evident (rule 1.7.10 settles claims from it): a hand edit that keeps
//! the order — 55 minutes more for White — is refused by `replay`, `export` and the daemon's
//! restore, naming the first record that does not fit; and at the end of a game the arbiter is
//! told the journal's seal. (Before, such an edit replayed and restored as if written so.)

use crate::common_daemon;

use std::process::{Command, Stdio};
use std::time::Duration;

const CONFIG: &str = "\
[[time_control.stage]]
time = \"5:00\"
[arbiter]
language = \"en\"
";

fn talkclock(args: &[&std::ffi::OsStr]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_talkclock"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

/// A game in which White moved and the arbiter gave him a minute (`+1:00`), then (when
/// `pause`) paused; the daemon stopped. Its files.
fn game_with_a_minute_given(pause: bool) -> common_daemon::Files {
    let (files, mut daemon) = common_daemon::quiet(CONFIG);
    assert_eq!(daemon.ctl(r#"{"cmd":"start"}"#)["ok"], true);
    daemon.key("w");
    let reply = daemon.ctl(r#"{"cmd":"adjust","side":"white","delta":"+1:00"}"#);
    assert_eq!(reply["ok"], true, "{reply}");
    if pause {
        assert_eq!(daemon.ctl(r#"{"cmd":"pause"}"#)["ok"], true);
    }
    daemon.terminate();
    files
}

/// `replay`, `export` and the daemon's restore all refuse `journal` with exit 3, naming
/// `place`; the journal is left as it was.
fn refused_everywhere(dir: &std::path::Path, journal: &std::path::Path, place: &str) {
    let before = std::fs::read(journal).unwrap();
    let replay = talkclock(&["replay".as_ref(), journal.as_os_str()]);
    let stderr = String::from_utf8_lossy(&replay.stderr);
    assert_eq!(replay.status.code(), Some(3), "replay: {stderr}");
    assert!(stderr.contains(place), "replay: {stderr}");

    let out = dir.join("spare.jsonl");
    let export = talkclock(&[
        "export".as_ref(),
        "--journal".as_ref(),
        journal.as_os_str(),
        "--to".as_ref(),
        out.as_os_str(),
    ]);
    let stderr = String::from_utf8_lossy(&export.stderr);
    assert_eq!(export.status.code(), Some(3), "export: {stderr}");
    assert!(stderr.contains(place), "export: {stderr}");

    let run = talkclock(&[
        "run".as_ref(),
        "--no-audio".as_ref(),
        "--journal".as_ref(),
        journal.as_os_str(),
        "--socket".as_ref(),
        dir.join("s2.sock").as_os_str(),
    ]);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(3), "run: {stderr}");
    assert!(stderr.contains(place), "run: {stderr}");
    assert_eq!(
        std::fs::read(journal).unwrap(),
        before,
        "the journal is left as it was"
    );
}

#[test]
fn an_edit_that_keeps_the_order_is_refused_with_its_line() {
    let files = game_with_a_minute_given(true);
    let (dir, _, journal, _) = files.parts();
    let text = std::fs::read_to_string(&journal).unwrap();
    let line = text
        .lines()
        .position(|l| l.contains(r#"{"adjust":["white",60000]}"#))
        .expect("the adjust record")
        + 1;
    let edited = text.replace(r#"["white",60000]"#, r#"["white",3360000]"#);
    std::fs::write(&journal, edited).unwrap();
    let place = format!("journal.jsonl:{line}: this record does not fit the chain");
    refused_everywhere(dir.path(), &journal, &place);
}

#[test]
fn the_arbiter_is_told_the_seal_when_the_game_ends() {
    let (files, daemon) = common_daemon::quiet(CONFIG.replace("5:00", "0:01"));
    let journal = files.journal.clone();
    assert_eq!(daemon.ctl(r#"{"cmd":"start"}"#)["ok"], true);
    // White's one second runs out: a loss on time ends the game.
    assert!(
        daemon.wait_for_text(
            "[arbiter] Game over. The journal's seal: ",
            1,
            Duration::from_secs(5)
        ),
        "{}",
        daemon.stdout()
    );
    let said = daemon.stdout();
    daemon.terminate();
    let read = talkclock::journal::Journal::read(&journal).unwrap();
    let seal: String = read
        .digest
        .chars()
        .take(16)
        .collect::<String>()
        .to_uppercase();
    let shown = said
        .lines()
        .find(|l| l.contains("seal"))
        .unwrap()
        .replace(' ', "");
    assert!(shown.contains(&seal), "{shown} / {seal}");
}

/// The arbiter's +1:00 edited into +20:00, then every `"digest"` removed: the journal declares
/// its chain in its game record, so it is refused, not taken for one of the old format. (Before,
/// it replayed, exported and restored with no warning, and `run` chained what it appended.)
#[test]
fn a_journal_stripped_of_its_digests_is_refused_not_taken_for_the_old_format() {
    let files = game_with_a_minute_given(true);
    let (dir, _, journal, _) = files.parts();
    let text = std::fs::read_to_string(&journal).unwrap();
    let stripped: String = text
        .replace(r#"["white",60000]"#, r#"["white",1200000]"#)
        .lines()
        .map(|line| match line.find(r#","digest":""#) {
            Some(at) => format!("{}}}\n", &line[..at]),
            None => format!("{line}\n"),
        })
        .collect();
    assert!(!stripped.contains("digest"), "{stripped}");
    std::fs::write(&journal, &stripped).unwrap();
    let place = "journal.jsonl:1: this record carries no digest, but the journal is chained";
    refused_everywhere(dir.path(), &journal, place);
}

/// An edited last record with its newline removed is tampering, not a torn write: refused
/// with its line. (Before, it was cut off as a torn line with only a log warning.)
#[test]
fn an_edited_last_record_without_its_newline_is_refused_not_cut_off_as_torn() {
    let files = game_with_a_minute_given(false);
    let (dir, _, journal, _) = files.parts();
    let text = std::fs::read_to_string(&journal).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let last = lines.len();
    // The edit: the last record's wall clock, one digit more.
    let edited_last = {
        let line = lines[last - 1];
        let at = line.find(r#""wall_ms":"#).expect("a wall_ms") + r#""wall_ms":"#.len();
        format!("{}9{}", &line[..at], &line[at..])
    };
    let mut edited = lines[..last - 1].join("\n");
    edited.push('\n');
    edited.push_str(&edited_last);
    std::fs::write(&journal, &edited).unwrap();
    let place = format!("journal.jsonl:{last}: this record does not fit the chain");
    refused_everywhere(dir.path(), &journal, &place);
}
