//! Tests of the journal: writing, reading, torn lines, bad lines, typed and legacy inputs,
//! replay.

use super::*;
use crate::clock::{Input, Side};
use crate::table::Request;

const CONFIG: &str = "[[time_control.stage]]\ntime = \"5:00\"\n";

fn input(seq: u64, game_ms: i64, request: Request) -> Record {
    Record::Input {
        seq,
        game_ms,
        mono_ms: game_ms,
        wall_ms: 0,
        source: Source::Test,
        input: request,
    }
}

fn write_game(dir: &std::path::Path) -> std::path::PathBuf {
    let path = dir.join("j.jsonl");
    let game = Record::Game {
        seq: 0,
        wall_ms: 0,
        config: CONFIG.to_string(),
        chain: Some(crate::journal::Chain::Sha256),
    };
    let mut w = JournalWriter::create(&path, &game).unwrap();
    w.append(&input(1, 0, Request::Game(Input::Start))).unwrap();
    w.append(&input(2, 10_000, Request::Game(Input::Press(Side::White))))
        .unwrap();
    w.append(&Record::Heartbeat {
        seq: 3,
        game_ms: 11_000,
        mono_ms: 11_000,
        wall_ms: 0,
        white_ms: 290_000,
        black_ms: 299_000,
    })
    .unwrap();
    path
}

#[test]
fn a_written_journal_reads_back_and_replays() {
    let dir = tempfile::tempdir().unwrap();
    let path = write_game(dir.path());
    let journal = Journal::read(&path).unwrap();
    assert_eq!(journal.records.len(), 4);
    assert!(!journal.torn_tail);
    let (table, _) = journal.replay("j").unwrap();
    assert_eq!(
        table.game().remaining(crate::clock::Side::White, 11_000),
        290_000
    );
    assert_eq!(
        table.game().remaining(crate::clock::Side::Black, 11_000),
        299_000
    );
}

#[test]
fn inputs_are_written_typed() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(write_game(dir.path())).unwrap();
    assert!(
        text.contains(r#""source":"test","input":{"game":{"press":"white"}}"#),
        "{text}"
    );
}

#[test]
fn a_torn_last_line_is_tolerated_and_cut_on_resume() {
    let dir = tempfile::tempdir().unwrap();
    let path = write_game(dir.path());
    let mut bytes = std::fs::read(&path).unwrap();
    let full = bytes.len();
    bytes.extend_from_slice(b"{\"seq\":4,\"kind\":\"inp");
    std::fs::write(&path, &bytes).unwrap();
    let journal = Journal::read(&path).unwrap();
    assert!(journal.torn_tail);
    assert_eq!(journal.good_len, full);
    let mut w = JournalWriter::resume(&path, journal.good_len, journal.chain_to()).unwrap();
    w.append(&input(4, 12_000, Request::Game(Input::Press(Side::Black))))
        .unwrap();
    let again = Journal::read(&path).unwrap();
    assert!(!again.torn_tail);
    assert_eq!(again.records.len(), 5);
}

#[test]
fn a_bad_line_in_the_middle_is_an_error_naming_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = write_game(dir.path());
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines[2] = "garbage";
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    let err = Journal::read(&path).unwrap_err().to_string();
    assert!(err.contains("j.jsonl:3: not a journal record"), "{err}");
}

/// The old reader skipped an input it could not parse and went on replaying: a crash-recovery
/// journal that silently drops a press is a wrong clock.
#[test]
fn an_input_record_that_cannot_be_read_is_refused_not_skipped() {
    let dir = tempfile::tempdir().unwrap();
    let path = write_game(dir.path());
    let text = std::fs::read_to_string(&path).unwrap();
    let damaged = text.replace(r#"{"game":{"press":"white"}}"#, r#""press green""#);
    std::fs::write(&path, damaged).unwrap();
    let err = Journal::read(&path).unwrap_err().to_string();
    assert!(err.contains("j.jsonl:3: not a journal record"), "{err}");
    assert!(err.contains("press green"), "{err}");
}

#[test]
fn a_missing_or_repeated_record_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let path = write_game(dir.path());
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let dropped = [lines[0], lines[1], lines[3]].join("\n") + "\n";
    std::fs::write(&path, dropped).unwrap();
    let err = Journal::read(&path).unwrap_err().to_string();
    assert!(err.contains(":3: sequence number 3 follows 1"), "{err}");
}

#[test]
fn a_journal_must_begin_with_its_game() {
    let err = Journal::parse(
        "{\"seq\":0,\"kind\":\"restored\",\"game_ms\":0,\"mono_ms\":0,\"wall_ms\":0}\n",
        "x",
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("does not begin with a game record"), "{err}");
}

/// A hand edit that keeps the order (White's time in a heartbeat) was accepted: rule 1.7.10
/// settles claims from this record.
#[test]
fn an_edited_record_breaks_the_chain_at_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = write_game(dir.path());
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.lines().all(|l| l.contains("\"digest\":\"")), "{text}");
    let edited = text.replace("\"white_ms\":290000", "\"white_ms\":3590000");
    assert_ne!(edited, text);
    std::fs::write(&path, edited).unwrap();
    let err = Journal::read(&path).unwrap_err().to_string();
    assert!(
        err.contains("j.jsonl:4: this record does not fit the chain"),
        "{err}"
    );
}

#[test]
fn a_resumed_journal_chains_on_from_its_last_digest() {
    let dir = tempfile::tempdir().unwrap();
    let path = write_game(dir.path());
    let journal = Journal::read(&path).unwrap();
    assert_eq!(journal.digest.len(), 64);
    let mut w = JournalWriter::resume(&path, journal.good_len, journal.chain_to()).unwrap();
    w.append(&input(4, 12_000, Request::Game(Input::Press(Side::Black))))
        .unwrap();
    let again = Journal::read(&path).unwrap();
    assert_eq!(again.digest, w.digest());
    // Dropping a record in the middle cannot be hidden by renumbering either.
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let renumbered = [
        lines[0],
        lines[1],
        &lines[3].replace("\"seq\":3", "\"seq\":2"),
    ]
    .join("\n");
    std::fs::write(&path, renumbered + "\n").unwrap();
    let err = Journal::read(&path).unwrap_err().to_string();
    assert!(err.contains(":3: this record does not fit"), "{err}");
}

/// The lines of the game [`write_game`] writes, without their digests and the game record's
/// declaration of the chain: a journal of the old format.
fn old_format(path: &std::path::Path) -> String {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|line| {
            let line = line.replace(r#","chain":"sha256""#, "");
            match line.find(r#","digest":""#) {
                Some(at) => format!("{}}}\n", &line[..at]),
                None => format!("{line}\n"),
            }
        })
        .collect()
}

#[test]
fn a_journal_of_the_old_format_is_read_as_unchained_and_continued_without_digests() {
    let dir = tempfile::tempdir().unwrap();
    let path = write_game(dir.path());
    assert_eq!(Journal::read(&path).unwrap().evidence, Evidence::Chained);
    let old = old_format(&path);
    std::fs::write(&path, &old).unwrap();
    let journal = Journal::read(&path).unwrap();
    assert_eq!(journal.evidence, Evidence::Unchained);
    assert_eq!(journal.chain_to(), None);
    assert!(journal.evidence_warning("j").is_some());
    let mut w = JournalWriter::resume(&path, journal.good_len, journal.chain_to()).unwrap();
    w.append(&input(4, 12_000, Request::Game(Input::Press(Side::Black))))
        .unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.starts_with(&old));
    assert!(!text.contains("digest"), "{text}");
    assert_eq!(Journal::read(&path).unwrap().records.len(), 5);
}

#[test]
fn an_old_journal_continued_with_digests_is_read_as_chained_from_its_first_digest() {
    let dir = tempfile::tempdir().unwrap();
    let path = write_game(dir.path());
    std::fs::write(&path, old_format(&path)).unwrap();
    let journal = Journal::read(&path).unwrap();
    // As a version before this one continued an old journal: chained from "".
    let mut w = JournalWriter::resume(&path, journal.good_len, Some("")).unwrap();
    w.append(&input(4, 12_000, Request::Game(Input::Press(Side::Black))))
        .unwrap();
    let again = Journal::read(&path).unwrap();
    assert_eq!(again.evidence, Evidence::ChainedFrom { line: 5 });
    assert_eq!(again.chain_to(), Some(w.digest()));
    assert!(again.evidence_warning("j").unwrap().contains("line 5"));
}

#[test]
fn the_file_store_counts_what_its_sync_thread_made_durable() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("j.jsonl");
    let mut store = FileStore::new(&path);
    let signal = store.signal();
    let game = Record::Game {
        seq: 0,
        wall_ms: 0,
        config: CONFIG.to_string(),
        chain: Some(crate::journal::Chain::Sha256),
    };
    store.begin(&game).unwrap();
    assert_eq!((store.written(), store.durable()), (1, 1), "begun synced");
    for seq in 1..=20 {
        let side = if seq % 2 == 0 {
            Side::Black
        } else {
            Side::White
        };
        store
            .append(&input(
                seq,
                seq as i64 * 100,
                Request::Game(Input::Press(side)),
            ))
            .unwrap();
    }
    assert_eq!(store.written(), 21);
    // The thread says when a sync ends; soon all are durable.
    signal
        .recv_timeout(std::time::Duration::from_secs(10))
        .expect("a sync ended");
    store.sync_now().unwrap();
    assert_eq!(store.durable(), 21);
    assert!(store.take_failure().is_none());
    let read = Journal::read(&path).unwrap();
    assert_eq!(read.records.len(), 21);
}

/// A game in byo-yomi restored from its journal comes back in the same period with the same
/// time left in it (the journal stores inputs only: the periods are derived again on replay).
#[test]
fn a_game_restored_in_overtime_comes_back_in_the_same_period() {
    const BYOYOMI: &str = "[[time_control.stage]]\ntime = \"1:00\"\n\
        [time_control.overtime]\nkind = \"byoyomi\"\nperiods = 5\ntime = \"0:10\"\n";
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("j.jsonl");
    let game = Record::Game {
        seq: 0,
        wall_ms: 0,
        config: BYOYOMI.to_string(),
        chain: Some(crate::journal::Chain::Sha256),
    };
    let mut w = JournalWriter::create(&path, &game).unwrap();
    w.append(&input(1, 0, Request::Game(Input::Start))).unwrap();
    w.append(&input(2, 10_000, Request::Game(Input::Press(Side::White))))
        .unwrap();
    // Black's main time ran out at 70 s; periods 1 and 2 ran out at 80 and 90 s.
    w.append(&Record::Heartbeat {
        seq: 3,
        game_ms: 95_000,
        mono_ms: 95_000,
        wall_ms: 0,
        white_ms: 50_000,
        black_ms: 5_000,
    })
    .unwrap();
    let journal = Journal::read(&path).unwrap();
    let (mut table, outputs) = journal.replay("j").unwrap();
    let periods: Vec<u32> = outputs
        .iter()
        .filter_map(|o| match o {
            crate::table::TableOutput::Core(crate::clock::Stamped {
                event: crate::clock::Event::Overtime { state, .. },
                ..
            }) => Some(state.period),
            _ => None,
        })
        .collect();
    assert_eq!(periods, vec![1, 2, 3]);
    let game = table.game();
    assert_eq!(
        game.overtime(Side::Black),
        Some(crate::clock::OvertimeState {
            period: 3,
            periods_left: Some(3),
            moves_left: None,
        })
    );
    assert_eq!(game.remaining(Side::Black, 95_000), 5_000);
    assert_eq!(game.overtime(Side::White), None);
    // Paused on restore and resumed by the arbiter: period 3 goes on where it stopped.
    table.handle(95_000, Request::Game(Input::Pause));
    table.handle(200_000, Request::Game(Input::Resume));
    assert_eq!(table.next_deadline(), Some(205_000));
    table.advance(205_000);
    assert_eq!(
        table.game().overtime(Side::Black).map(|o| o.periods_left),
        Some(Some(2))
    );
}
