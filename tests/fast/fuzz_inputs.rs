//! Fuzz-style tests: random bytes and mutated valid inputs thrown at the control protocol, the
//! journal reader and the config parser. Never a panic; always a clear error (or a valid
//! result, when the mutation happens to keep the input valid).

use proptest::prelude::*;
use talkclock::config::Config;
use talkclock::control::parse_request;
use talkclock::journal::Journal;

const VALID_REQUESTS: [&str; 6] = [
    r#"{"cmd":"status"}"#,
    r#"{"cmd":"adjust","side":"black","delta":"-5:00"}"#,
    r#"{"cmd":"set","side":"white","time":"45:00"}"#,
    r#"{"cmd":"ruling","ruling":"no-moves","side":"white"}"#,
    r#"{"cmd":"say","audience":"arbiter","text":"Тур окончен"}"#,
    r#"{"cmd":"check","listener":"all"}"#,
];

const JOURNAL: &str = concat!(
    r#"{"kind":"game","seq":0,"wall_ms":0,"config":"[[time_control.stage]]\ntime = \"5:00\"\n"}"#,
    "\n",
    r#"{"kind":"input","seq":1,"game_ms":0,"mono_ms":0,"wall_ms":0,"source":"arbiter","input":"start"}"#,
    "\n",
    r#"{"kind":"input","seq":2,"game_ms":1500,"mono_ms":1500,"wall_ms":0,"source":"white","input":"press white"}"#,
    "\n",
    r#"{"kind":"heartbeat","seq":3,"game_ms":2500,"mono_ms":2500,"wall_ms":0,"white_ms":298500,"black_ms":299000}"#,
    "\n",
);

fn mutate(text: &str, edits: &[(usize, u8)]) -> Vec<u8> {
    let mut bytes = text.as_bytes().to_vec();
    for &(at, byte) in edits {
        if bytes.is_empty() {
            bytes.push(byte);
            continue;
        }
        let i = at % bytes.len();
        match byte % 3 {
            0 => bytes[i] = byte,
            1 => {
                bytes.remove(i);
            }
            _ => bytes.insert(i, byte),
        }
    }
    bytes
}

fn edits() -> impl Strategy<Value = Vec<(usize, u8)>> {
    prop::collection::vec((any::<usize>(), any::<u8>()), 1..12)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_to_the_control_protocol(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        if let Err(message) = parse_request(&bytes) {
            prop_assert!(!message.to_string().is_empty());
        }
    }

    #[test]
    fn mutated_requests_to_the_control_protocol(which in 0usize..6, edits in edits()) {
        let bytes = mutate(VALID_REQUESTS[which], &edits);
        if let Err(message) = parse_request(&bytes) {
            prop_assert!(!message.to_string().is_empty());
        }
    }

    #[test]
    fn random_text_to_the_journal_reader(text in ".{0,400}") {
        match Journal::parse(&text, "fuzz.jsonl") {
            Ok(journal) => { let _ = journal.replay("fuzz.jsonl"); }
            Err(e) => prop_assert!(e.to_string().starts_with("fuzz.jsonl")),
        }
    }

    #[test]
    fn mutated_journals_to_the_journal_reader(edits in edits()) {
        let bytes = mutate(JOURNAL, &edits);
        let text = String::from_utf8_lossy(&bytes);
        match Journal::parse(&text, "fuzz.jsonl") {
            Ok(journal) => {
                if let Err(e) = journal.replay("fuzz.jsonl") {
                    prop_assert!(!e.to_string().is_empty());
                }
            }
            Err(e) => prop_assert!(e.to_string().starts_with("fuzz.jsonl"), "{e}"),
        }
    }

    #[test]
    fn random_text_to_the_config_parser(text in "(?s).{0,300}") {
        if let Err(e) = Config::parse(&text, "fuzz.toml") {
            prop_assert!(e.to_string().starts_with("fuzz.toml: "), "{e}");
            prop_assert!(!e.problems.is_empty());
        }
    }

    #[test]
    fn mutated_configs_to_the_config_parser(edits in edits()) {
        let bytes = mutate(talkclock::config::EMBEDDED_DEFAULT, &edits);
        let text = String::from_utf8_lossy(&bytes);
        if let Err(e) = Config::parse(&text, "fuzz.toml") {
            prop_assert!(e.to_string().starts_with("fuzz.toml: "), "{e}");
            for p in &e.problems {
                prop_assert!(p.line <= text.lines().count() + 1, "line {} of {}", p.line, text.lines().count());
            }
        }
    }
}

#[test]
fn the_valid_journal_used_above_really_is_valid() {
    let journal = Journal::parse(JOURNAL, "j").unwrap();
    let (table, _) = journal.replay("j").unwrap();
    assert_eq!(table.game().moves(talkclock::clock::Side::White), 1);
}
