//! The station speaks each board's alerts in its arbiter's language, a new language too: a
//! Polish arbiter hears board 3's flag in Polish, hand-checked, from the real station over a
//! real mosquitto (issue 34).

use crate::boards::*;
use std::time::Duration;
use talkclock::clock::Side;
use talkclock::speech::{phrase, Announcement, Lang};

#[test]
fn a_polish_arbiter_hears_a_boards_flag_in_polish() {
    let mut hall = Hall::new(3);
    hall.arbiters =
        "[[arbiter]]\nname = \"sedzia\"\nlanguage = \"pl\"\nboards = \"1-500\"\n".into();
    let station = hall.station();
    let files = hall.board_files(3, "0:04", hall.broker.port());
    let mut board = hall.board(&files);
    board.key("s");
    board.key("w");
    board.key("b");
    // White's clock runs out; the station says the flag to its arbiter.
    wait_for(
        Duration::from_secs(60),
        "board 3's flag at the station",
        || {
            alerts_of(&station.lines(), 3)
                .iter()
                .any(|(_, priority, _)| priority == "flag")
        },
    );
    let said = alerts_of(&station.lines(), 3);
    let flag = said
        .iter()
        .find(|(_, priority, _)| priority == "flag")
        .map(|(_, _, text)| text.clone())
        .unwrap_or_default();
    let polish = Lang::from_code("pl").expect("Polish is a language");
    let line = station
        .lines()
        .into_iter()
        .find(|l| l["board"] == 3 && l["priority"] == "flag")
        .expect("the flag's line");
    let expected = phrase(
        polish,
        &Announcement::Board {
            board: 3,
            late_ms: line["late_ms"].as_i64(),
            notice: Box::new(Announcement::Flag { side: Side::White }),
        },
    )
    .text;
    assert_eq!(flag, expected);
    // Hand-checked Polish: "Szachownica trzy: spadła chorągiewka białych."
    assert!(
        flag.contains("trzy") && flag.contains("spadła chorągiewka białych"),
        "the flag in Polish: {flag:?}"
    );
    drop(board);
}
