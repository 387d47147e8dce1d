//! A journal written by talkclock 0.1.0 (commit 8162d3a, before inputs were typed: each input
//! is the words of a script line) still replays to the transcript that version printed, and the
//! daemon restores its game, appending typed records after the old ones.

use crate::common_daemon;

use std::path::Path;
use std::process::Command;
use talkclock::clock::Side;
use talkclock::journal::{Journal, Record};

const OLD: &str = "tests/journals/written-by-0.1.0-8162d3a.jsonl";
const OLD_REPLAY: &str = "tests/journals/written-by-0.1.0-8162d3a.replay.expected";

fn fixture(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(name)
}

#[test]
fn an_old_journal_replays_to_the_transcript_its_version_printed() {
    let out = Command::new(env!("CARGO_BIN_EXE_talkclock"))
        .arg("replay")
        .arg(fixture(OLD))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.contains("this journal carries no digests"),
        "the reader is told the old format vouches for nothing: {stderr}"
    );
    let expected = std::fs::read_to_string(fixture(OLD_REPLAY)).unwrap();
    let replayed = without_clip_keys(&String::from_utf8_lossy(&out.stdout));
    // Since the rule profiles, the clock check names the rules in force as its second
    // sentence; a journal of 0.1.0 has no `rules` and replays under the draughts rules.
    let profile = " Правила русских шашек.";
    assert!(replayed.contains(profile), "{replayed}");
    assert_eq!(
        replayed.replacen(profile, "", 1),
        without_clip_keys(&expected)
    );
}

/// A transcript without the `clips` of its say lines: those name the voice pack's
/// recordings, which became phrase clips after 0.1.0 (the words said are the same).
fn without_clip_keys(transcript: &str) -> String {
    transcript
        .lines()
        .map(|line| match (line.find(r#","clips":["#), line.rfind(']')) {
            (Some(start), Some(end)) if end > start => {
                format!("{}{}", &line[..start], &line[end + 1..])
            }
            _ => line.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// An old journal carries no digests: its game goes on in its own format (chaining only the new
/// records would make an edit to the old ones look vouched for), and the arbiter is told, as
/// `replay` tells its reader. (Before, the new records were chained with no word said.)
#[test]
fn an_old_journal_is_restored_and_continued_with_typed_records_without_digests() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("journal.jsonl");
    let old = std::fs::read_to_string(fixture(OLD)).unwrap();
    std::fs::write(&journal, &old).unwrap();
    let config = dir.path().join("unused.toml");
    std::fs::write(&config, "[[time_control.stage]]\ntime = \"1:00\"\n").unwrap();
    let transcript = dir.path().join("t.jsonl");
    let daemon = common_daemon::start(dir.path(), &config, &journal, &transcript, &["--no-audio"]);
    let status = daemon.ctl(r#"{"cmd":"status"}"#);
    // The times the old journal's own replay gives at its last record (2795 ms of game time).
    let (table, _) = Journal::read(&fixture(OLD)).unwrap().replay("old").unwrap();
    let game = table.game();
    let (white, black) = (
        game.remaining(Side::White, 2_795),
        game.remaining(Side::Black, 2_795),
    );
    assert_eq!(status["phase"], "paused", "{status}");
    assert_eq!(status["white_ms"], white, "{status}");
    assert_eq!(status["black_ms"], black, "{status}");
    assert!(
        daemon.wait_for_text(
            "Журнал партии в старом формате, без контрольных сумм",
            1,
            std::time::Duration::from_secs(5)
        ),
        "the arbiter is told: {}",
        daemon.stdout()
    );
    daemon.terminate();

    let now = std::fs::read_to_string(&journal).unwrap();
    assert!(
        now.starts_with(&old),
        "the old records are kept as they were"
    );
    let added = &now[old.len()..];
    assert!(added.contains(r#""kind":"restored""#), "{added}");
    assert!(
        added.contains(r#""input":{"clock_check":"arbiter"}"#),
        "{added}"
    );
    assert!(
        !added.contains("digest"),
        "continued in its own format: {added}"
    );
    let read = Journal::read(&journal).unwrap();
    assert!(read
        .records
        .iter()
        .any(|r| matches!(r, Record::Restored { .. })));
}
