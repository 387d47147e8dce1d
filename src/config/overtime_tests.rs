//! Tests of `[time_control.overtime]` and `upcount = true`: what reads, and each mistake at
//! its line and column.

use super::*;
use crate::clock::{Overtime, SECOND};

fn problems(text: &str) -> Vec<(usize, usize, String)> {
    let err = Config::parse(text, "bad.toml").unwrap_err();
    err.problems
        .into_iter()
        .map(|p| (p.line, p.column, p.message))
        .collect()
}

#[test]
fn byoyomi_and_canadian_overtime_are_read() {
    let text = "[[time_control.stage]]\ntime = \"1:00:00\"\n[time_control.overtime]\n\
                kind = \"byoyomi\"\nperiods = 5\ntime = \"0:30\"\n";
    let config = Config::parse(text, "byo.toml").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        config.control.overtime(),
        Some(&Overtime::Byoyomi {
            periods: 5,
            time: 30 * SECOND
        })
    );
    let text = "[[time_control.stage]]\ntime = \"1:00:00\"\n[time_control.overtime]\n\
                kind = \"canadian\"\nmoves = 10\ntime = \"5:00\"\n";
    let config = Config::parse(text, "canadian.toml").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        config.control.overtime(),
        Some(&Overtime::Canadian {
            moves: 10,
            time: 300 * SECOND
        })
    );
}

#[test]
fn upcount_is_read_and_needs_no_stage() {
    let config = Config::parse("[time_control]\nupcount = true\n", "up.toml")
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(config.control.is_upcount());
    assert_eq!(config.setup().start_times, [0, 0]);
}

#[test]
fn overtime_after_a_stage_with_moves_is_refused_at_that_stage() {
    let text = "[[time_control.stage]]\nmoves = 40\ntime = \"2:00:00\"\nrepeat = true\n\
                [time_control.overtime]\nkind = \"byoyomi\"\nperiods = 5\ntime = \"0:30\"\n";
    let found = problems(text);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!((found[0].0, found[0].1), (1, 1));
    assert!(found[0].2.contains("rest-of-the-game"), "{found:?}");
}

#[test]
fn hourglass_with_overtime_is_refused() {
    let text = "[time_control]\nhourglass = true\n[[time_control.stage]]\ntime = \"5:00\"\n\
                [time_control.overtime]\nkind = \"canadian\"\nmoves = 10\ntime = \"5:00\"\n";
    let found = problems(text);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].2.contains("hourglass"), "{found:?}");
}

#[test]
fn each_overtime_mistake_is_named_at_its_place() {
    let text = "\
[[time_control.stage]]
time = \"1:00:00\"
[time_control.overtime]
kind = \"byoyomi\"
periods = 0
moves = 10
time = \"0:00\"
";
    let found = problems(text);
    let places: Vec<(usize, usize)> = found.iter().map(|(l, c, _)| (*l, *c)).collect();
    assert_eq!(places, vec![(5, 11), (6, 9), (7, 8)], "{found:?}");
    assert!(found[0]
        .2
        .contains("`periods` must be a whole number from 1 to 1000"));
    assert!(found[1].2.contains("`moves` is for `kind = \"canadian\"`"));
    assert!(found[2].2.contains("a period needs `time` above zero"));
    let found = problems(
        "[[time_control.stage]]\ntime = \"1:00\"\n[time_control.overtime]\nkind = \"fischer\"\ntime = \"0:30\"\n",
    );
    assert_eq!((found[0].0, found[0].1), (4, 8), "{found:?}");
    assert!(found[0].2.contains("expected byoyomi or canadian"));
    let found =
        problems("[[time_control.stage]]\ntime = \"1:00\"\n[time_control.overtime]\nmoves = 5\n");
    let messages: Vec<&str> = found.iter().map(|(_, _, m)| m.as_str()).collect();
    assert!(
        messages.iter().any(|m| m.contains("needs `time`")),
        "{messages:?}"
    );
    assert!(
        messages.iter().any(|m| m.contains("needs `kind")),
        "{messages:?}"
    );
}

#[test]
fn upcount_refuses_stages_hourglass_overtime_and_start_times() {
    let text = "\
[time_control]
upcount = true
hourglass = true
[[time_control.stage]]
time = \"5:00\"
[time_control.overtime]
kind = \"byoyomi\"
periods = 1
time = \"0:30\"
[players.white]
start_time = \"1:00\"
";
    let found = problems(text);
    let messages: Vec<&str> = found.iter().map(|(_, _, m)| m.as_str()).collect();
    assert_eq!(found.len(), 4, "{found:?}");
    assert!(messages[0].contains("`hourglass = true` cannot go together"));
    assert!(messages[1].contains("remove the [[time_control.stage]]"));
    assert!(messages[2].contains("no overtime"));
    assert!(messages[3].contains("starts from zero"));
    assert_eq!((found[3].0, found[3].1), (11, 14));
}
