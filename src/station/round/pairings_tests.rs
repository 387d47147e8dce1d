//! The pairings readers against fixtures written by hand: a CSV with and without its header,
//! a PGN with the Seven Tag Roster and `[Board]`, and every malformed line told at once.

use super::*;

#[test]
fn a_csv_with_or_without_its_header_gives_every_board() {
    let with = "board,white,black\n2,\"Petrov, Petr\",Sidorov\n1,Ivanov,Smirnova\n";
    let pairs = csv(with, "r.csv").expect("pairings");
    assert_eq!(pairs.len(), 2);
    assert_eq!((pairs[0].board, pairs[0].white.as_str()), (1, "Ivanov"));
    assert_eq!(
        (pairs[1].white.as_str(), pairs[1].black.as_str()),
        ("Petrov, Petr", "Sidorov")
    );
    let without = "# round 3\n\n1,Ivanov,Smirnova\n";
    assert_eq!(
        csv(without, "r.csv").expect("pairings")[0].black,
        "Smirnova"
    );
}

#[test]
fn every_malformed_csv_line_is_told_with_its_number() {
    let text = "board,white,black\n1,Ivanov\nx,A,B\n2,\"Open,B\n3,C,D\n3,E,F\n4,,G\n5,A\u{7}B,C\n";
    let err = csv(text, "r.csv").expect_err("bad lines").to_string();
    let told: Vec<&str> = err.lines().collect();
    assert_eq!(
        told,
        vec![
            "r.csv:2: 2 fields: expected board,white,black",
            "r.csv:3: \"x\" is no board number (1 or more)",
            "r.csv:4: a quote is not closed",
            "r.csv:6: board 3 is already paired on line 5",
            "r.csv:7: a player's name is empty",
            "r.csv:8: a player's name is longer than 100 characters or holds control characters",
        ],
        "{err}"
    );
}

const PGN: &str = r#"[Event "Hall Open"]
[Site "Moscow"]
[Date "2026.12.03"]
[Round "2"]
[Board "1"]
[White "Smirnova, Anna"]
[Black "Ivanov, Ivan"]
[Result "*"]

*

[Event "Hall Open"]
[Site "Moscow"]
[Date "2026.12.03"]
[Round "2.2"]
[White "Petrov, Petr"]
[Black "Sidorov, Sidor"]
[Result "*"]

*
"#;

#[test]
fn a_pgns_round_board_white_and_black_tags_give_the_pairings() {
    let (round, pairs) = pgn(PGN, "r.pgn", None).expect("pairings");
    assert_eq!(round, 2);
    let got: Vec<(u32, &str, &str)> = pairs
        .iter()
        .map(|p| (p.board, p.white.as_str(), p.black.as_str()))
        .collect();
    assert_eq!(
        got,
        vec![
            (1, "Smirnova, Anna", "Ivanov, Ivan"),
            (2, "Petrov, Petr", "Sidorov, Sidor"),
        ]
    );
    // Another round asked for: none of these games.
    assert!(pgn(PGN, "r.pgn", Some(3)).expect("read").1.is_empty());
}

#[test]
fn a_pgn_game_without_a_board_or_round_and_a_broken_tag_are_told_with_their_lines() {
    let text = PGN
        .replace("[Board \"1\"]", "[Board \"one\"]")
        .replace("[Round \"2.2\"]", "[Round \"?\"]")
        .replace("[Site \"Moscow\"]\n[Date", "[Site Moscow]\n[Date");
    let err = match pgn(&text, "r.pgn", None) {
        Err(PairingsError::Trf(e)) => e.to_string(),
        other => panic!("{other:?}"),
    };
    let told: Vec<&str> = err.lines().collect();
    assert_eq!(
        told,
        vec![
            "r.pgn:1: the game has no board number ([Board] \"one\", [Round] \"2\")",
            "r.pgn:2: not a tag pair [Name \"value\"]: [Site Moscow]",
            "r.pgn:12: the game's [Round] is no round number: \"?\"",
            "r.pgn:13: not a tag pair [Name \"value\"]: [Site Moscow]",
        ],
        "{err}"
    );
}
