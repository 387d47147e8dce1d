//! TRF-16 round columns against a fixture written by hand from FIDE's description: player
//! rows `001`, starting rank in columns 5–8, name in 15–47, round N's block from column
//! 92 + 10 (N − 1): opponent (4 columns), colour at +5, result at +7.

use super::*;
use crate::station::round::results::{BoardResult, Ending};
use std::path::PathBuf;

/// Four players; round 1 played (1–3 1-0, 4–2 draw), round 2 paired: 4 (White) – 1,
/// 2 (White) – 3, results not yet in.
const FIXTURE: &str = "\
012 Hall Open 2026
042 2026/12/03
001    1 m    Ivanov, Ivan                      2100 RUS             1990/01/01  1.0    1     3 w 1     4 b
001    2 m    Petrov, Petr                      2000 RUS             1990/01/01  0.5    2     4 b =     3 w
001    3 m    Sidorov, Sidor                    1900 RUS             1990/01/01  0.0    4     1 b 0     2 b
001    4 m    Smirnova, Anna                    1800 RUS             1990/01/01  0.5    3     2 w =     1 w
";

/// The characters of columns `from..=to` (1-based) of the line of player `rank`.
fn cols(text: &str, rank: u32, from: usize, to: usize) -> String {
    let line = text
        .lines()
        .find(|l| l.starts_with("001") && l[4..8].trim() == rank.to_string())
        .expect("the player's row");
    line.chars().skip(from - 1).take(to + 1 - from).collect()
}

#[test]
fn round_blocks_start_at_column_92_and_every_ten() {
    assert_eq!(block_column(1), 92);
    assert_eq!(block_column(2), 102);
    assert_eq!(block_column(9), 172);
    // The fixture as written: player 1's round-1 block is columns 92–99.
    assert_eq!(cols(FIXTURE, 1, 92, 99), "   3 w 1");
}

#[test]
fn round_2s_pairings_are_numbered_by_each_pairs_higher_ranked_player() {
    let pairs = pairings(FIXTURE, "open.trf", 2).expect("pairings");
    /// Board, White, Black, White's rank, Black's rank.
    type Row<'a> = (u32, &'a str, &'a str, Option<u32>, Option<u32>);
    let got: Vec<Row> = pairs
        .iter()
        .map(|p| {
            (
                p.board,
                p.white.as_str(),
                p.black.as_str(),
                p.white_rank,
                p.black_rank,
            )
        })
        .collect();
    assert_eq!(
        got,
        vec![
            (1, "Smirnova, Anna", "Ivanov, Ivan", Some(4), Some(1)),
            (2, "Petrov, Petr", "Sidorov, Sidor", Some(2), Some(3)),
        ]
    );
    // Round 1, read the same way.
    let first = pairings(FIXTURE, "open.trf", 1).expect("round 1");
    assert_eq!(first[0].white, "Ivanov, Ivan");
    assert_eq!(first[1].white, "Smirnova, Anna");
}

#[test]
fn every_malformed_row_is_told_with_its_line_in_one_pass() {
    let broken = FIXTURE
        .replace("001    2 m", "001   x2 m")
        .replace("     1 w", "     1 q");
    let err = pairings(&broken, "open.trf", 2).expect_err("two bad rows");
    let TrfError::Lines(lines) = &err else {
        panic!("{err}")
    };
    let at: Vec<usize> = lines.iter().map(|l| l.line).collect();
    // Line 4: no rank; line 6: no colour; line 5 (player 3) then names 2, whose row is bad.
    assert_eq!(at, vec![4, 5, 6], "{err}");
    let text = err.to_string();
    assert!(
        text.contains("open.trf:4: columns 5-8 hold no starting rank"),
        "{text}"
    );
    assert!(
        text.contains("open.trf:6: round 2: column 107 holds no colour"),
        "{text}"
    );
}

/// Round 2 of the fixture, as `station pairings` keeps it.
fn round_2() -> Round {
    Round {
        round: 2,
        source: PathBuf::from("open.trf"),
        trf: Some(FIXTURE.to_string()),
        latin1: false,
        pairings: pairings(FIXTURE, "open.trf", 2).expect("pairings"),
    }
}

fn result(board: u32, outcome: Option<Outcome>) -> BoardResult {
    BoardResult {
        board,
        white: String::new(),
        black: String::new(),
        result: outcome.map(|o| (o, Ending::Arbiter)),
        game: None,
    }
}

#[test]
fn the_results_fill_round_2s_columns_opponent_colour_and_code() {
    let round = round_2();
    // Board 1 (4 – 1): 0-1; board 2 (2 – 3): a draw.
    let results = [
        result(1, Some(Outcome::Black)),
        result(2, Some(Outcome::Draw)),
    ];
    let filled = fill_round(FIXTURE, 2, &round, &results).expect("filled");
    // Worked by hand: columns 102–105 the opponent, 107 the colour, 109 the code.
    assert_eq!(cols(&filled, 1, 102, 109), "   4 b 1");
    assert_eq!(cols(&filled, 4, 102, 109), "   1 w 0");
    assert_eq!(cols(&filled, 2, 102, 109), "   3 w =");
    assert_eq!(cols(&filled, 3, 102, 109), "   2 b =");
    // Round 1's block and every other line stay as they were.
    assert_eq!(cols(&filled, 3, 92, 99), "   1 b 0");
    assert!(filled.starts_with("012 Hall Open 2026\n042 2026/12/03\n"));
    assert_eq!(filled.lines().count(), FIXTURE.lines().count());
    // An unfinished game: opponent and colour, no code.
    let open = fill_round(FIXTURE, 2, &round, &[result(1, Some(Outcome::White))]).unwrap();
    assert_eq!(cols(&open, 1, 102, 109), "   4 b 0");
    assert_eq!(cols(&open, 2, 102, 107), "   3 w");
    assert_eq!(cols(&open, 2, 108, 109).trim(), "");
}

#[test]
fn a_forfeit_fills_plus_for_the_winner_and_minus_for_the_loser() {
    let round = round_2();
    // Board 1 (4 – 1): White (rank 4) wins by forfeit; board 2 (2 – 3): Black (rank 3) does.
    let forfeit = |board, outcome| BoardResult {
        result: Some((outcome, Ending::Forfeit)),
        ..result(board, None)
    };
    let results = [forfeit(1, Outcome::White), forfeit(2, Outcome::Black)];
    let filled = fill_round(FIXTURE, 2, &round, &results).expect("filled");
    // Worked by hand, as above: column 109 holds `+` for the winner, `-` for the loser.
    assert_eq!(cols(&filled, 4, 102, 109), "   1 w +");
    assert_eq!(cols(&filled, 1, 102, 109), "   4 b -");
    assert_eq!(cols(&filled, 2, 102, 109), "   3 w -");
    assert_eq!(cols(&filled, 3, 102, 109), "   2 b +");
}
