//! Tests of configuration reading: the shipped files, and every kind of mistake.

use super::*;
use crate::clock::{HOUR, MINUTE, SECOND};

#[test]
fn the_embedded_default_is_a_practice_game() {
    let config = Config::embedded_default().unwrap();
    assert_eq!(config.mode, Mode::Practice);
    assert_eq!(config.control.stages()[0].time, 15 * MINUTE);
    assert_eq!(config.control.stages()[0].increment, 10 * SECOND);
}

#[test]
fn every_shipped_example_is_valid() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("config");
    let mut count = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "toml") {
            Config::load(&path).unwrap_or_else(|e| panic!("{e}"));
            count += 1;
        }
    }
    assert!(
        count >= 6,
        "expected the default and five examples, found {count}"
    );
}

#[test]
fn the_hall_board_example_is_valid_and_names_its_board() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("config/hall/board.toml");
    let config = Config::load(&path).unwrap_or_else(|e| panic!("{e}"));
    let hall = config.hall.expect("a [hall] section");
    assert_eq!(
        (hall.board, hall.port, hall.event.as_str()),
        (1, 1883, "demo")
    );
}

#[test]
fn the_fmjd_example_has_a_repeating_second_stage() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("config/fmjd-classical.toml");
    let config = Config::load(&path).unwrap();
    let stages = config.control.stages();
    assert_eq!((stages[0].moves, stages[0].time), (Some(50), 2 * HOUR));
    assert_eq!(
        (stages[1].moves, stages[1].time, stages[1].repeat),
        (Some(25), HOUR, true)
    );
}

#[test]
fn start_time_overrides_give_odds() {
    let text = "[[time_control.stage]]\ntime = \"10:00\"\n[players.black]\nstart_time = \"3:00\"\n";
    let config = Config::parse(text, "odds.toml").unwrap();
    assert_eq!(config.setup().start_times, [10 * MINUTE, 3 * MINUTE]);
}

#[test]
fn haptics_are_off_unless_asked_and_their_strength_is_checked() {
    let text = "[[time_control.stage]]\ntime = \"10:00\"\n[players.white]\nhaptic = true\n\
                [players.black]\nhaptic = true\nhaptic_strength = 40\n";
    let config = Config::parse(text, "haptic.toml").unwrap();
    assert_eq!(
        [config.players[0].haptic, config.players[1].haptic],
        [Some(100), Some(40)]
    );
    let off = Config::parse("[[time_control.stage]]\ntime = \"10:00\"\n", "off.toml").unwrap();
    assert_eq!(off.players[0].haptic, None);
    let found = problems(
        "[[time_control.stage]]\ntime = \"10:00\"\n[players.white]\nhaptic = true\nhaptic_strength = 5\n",
    );
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!((found[0].0, found[0].1), (5, 19));
    assert!(found[0].2.contains("from 10 to 100"), "{found:?}");
}

fn problems(text: &str) -> Vec<(usize, usize, String)> {
    let err = Config::parse(text, "bad.toml").unwrap_err();
    err.problems
        .into_iter()
        .map(|p| (p.line, p.column, p.message))
        .collect()
}

#[test]
fn an_unknown_key_is_named_with_its_line_and_column() {
    let found = problems("mode = \"practice\"\n[game]\nfrist = \"white\"\n");
    assert_eq!(found.len(), 1);
    let (line, column, message) = &found[0];
    assert_eq!((*line, *column), (3, 1));
    assert!(message.contains("frist"), "{message}");
}

#[test]
fn every_value_problem_is_reported_at_once() {
    let text = "\
mode = \"club\"
[[time_control.stage]]
time = \"1:75:00\"
[players.white]
vision = \"blind\"
language = \"xx\"
";
    let found = problems(text);
    let places: Vec<(usize, usize)> = found.iter().map(|(l, c, _)| (*l, *c)).collect();
    assert_eq!(places, vec![(1, 8), (3, 8), (5, 10), (6, 12)], "{found:?}");
    assert!(found[0].2.contains("\"tournament\", \"practice\""));
    assert!(found[1].2.contains("below 60"));
    assert!(found[3].2.contains("\"ru\", \"en\", \"de\""), "{found:?}");
}

#[test]
fn stage_problems_point_at_the_stage() {
    let text = "\
[[time_control.stage]]
time = \"1:00:00\"
[[time_control.stage]]
moves = 20
time = \"30:00\"
";
    let found = problems(text);
    assert_eq!(found.len(), 2, "{found:?}");
    assert_eq!(found[0].0, 3);
    assert!(
        found[0]
            .2
            .contains("stage 2 follows a rest-of-the-game stage"),
        "{found:?}"
    );
    assert!(found[1].2.contains("nothing follows it"), "{found:?}");
}

#[test]
fn a_delay_needs_its_kind_and_a_kind_needs_its_delay() {
    let found = problems("[[time_control.stage]]\ntime = \"5:00\"\ndelay = \"0:03\"\n");
    assert_eq!(found[0].0, 3);
    assert!(found[0].2.contains("delay_kind"));
    let found = problems("[[time_control.stage]]\ntime = \"5:00\"\ndelay_kind = \"simple\"\n");
    assert!(found[0].2.contains("without `delay`"));
}

#[test]
fn a_missing_time_control_or_time_is_explained() {
    let found = problems("mode = \"practice\"\n");
    assert!(found[0].2.contains("[time_control]"));
    let found = problems("[[time_control.stage]]\nmoves = 40\n");
    assert!(found[0].2.contains("has no `time`"), "{found:?}");
    assert_eq!(found[0].0, 1);
}

#[test]
fn a_syntax_error_has_a_place() {
    let found = problems("[[time_control.stage]]\ntime = 1:00\n");
    assert_eq!(found[0].0, 2);
}

#[test]
fn a_wrong_type_has_a_place() {
    let found = problems("[[time_control.stage]]\ntime = \"5:00\"\nmoves = \"forty\"\n");
    assert_eq!(found[0].0, 3, "{found:?}");
}

#[test]
fn the_report_names_the_file_line_and_column() {
    let err = Config::parse(
        "mode = \"club\"\n[[time_control.stage]]\ntime = \"5:00\"\n",
        "my.toml",
    )
    .unwrap_err();
    let shown = err.to_string();
    assert!(shown.starts_with("my.toml: 1 problem"), "{shown}");
    assert!(
        shown.contains("my.toml:1:8: `mode` cannot be \"club\""),
        "{shown}"
    );
}

fn places(found: &[(usize, usize, String)]) -> Vec<(usize, usize)> {
    found.iter().map(|(l, c, _)| (*l, *c)).collect()
}

#[test]
fn every_wrong_type_is_reported_not_only_the_first() {
    let found = problems(
        "mode = 5\n[game]\nfirst = true\n[[time_control.stage]]\ntime = 300\n\
         [players.white]\ncountdown = \"ten\"\n",
    );
    assert_eq!(
        places(&found),
        [(1, 8), (3, 9), (5, 8), (7, 13)],
        "{found:?}"
    );
}

#[test]
fn a_table_where_a_value_belongs_takes_its_keys_with_it() {
    // `[mode]` is reported once; its `x` is not then blamed on the table above it.
    let found = problems(
        "[[time_control.stage]]\ntime = \"5:00\"\n[game]\nfirst = \"white\"\n[mode]\nx = 1\n\
         [players.white]\nvision = 3\n",
    );
    assert_eq!(places(&found), [(5, 1), (8, 10)], "{found:?}");
}

#[test]
fn a_key_blanked_for_its_type_is_not_reported_missing_too() {
    let found = problems(
        "[[time_control.stage]]\ntime = \"5:00\"\n[[audio.route]]\nlistener = 5\nchannels = [0]\n\
         [game]\nfirst = 1\n",
    );
    assert_eq!(places(&found), [(4, 12), (7, 9)], "{found:?}");
    assert!(
        found.iter().all(|(_, _, m)| !m.contains("missing")),
        "{found:?}"
    );
}

#[test]
fn a_syntax_error_ends_the_report() {
    // Past an unclosed header, `vision` would fall into [[time_control.stage]]: not reported.
    let found = problems("[game]\nfirst = 1\n[[time_control.stage]]\ntime = \"5:00\"\n[players.white\nvision = \"x\"\n");
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, 5, "{found:?}");
}

#[test]
fn a_file_that_is_not_utf8_is_placed_at_its_first_bad_byte() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.toml");
    std::fs::write(&path, b"mode = \"practice\"\n# \xd0\xb6\xff\n").unwrap();
    let err = Config::load(&path).unwrap_err();
    assert_eq!(
        (err.problems[0].line, err.problems[0].column),
        (2, 4),
        "{err}"
    );
    assert!(err.problems[0].message.contains("0xFF"), "{err}");
}

#[test]
fn a_huge_value_is_quoted_as_an_excerpt() {
    let huge = "x".repeat(1_000_000);
    let found = problems(&format!(
        "mode = \"{huge}\"\n[[time_control.stage]]\ntime = \"5:00\"\nmoves = \"{huge}\"\n"
    ));
    for (_, _, message) in &found {
        assert!(
            message.chars().count() < 200,
            "{} characters",
            message.len()
        );
        assert!(message.contains(&format!("{}…", &huge[..60])), "{message}");
    }
}

#[test]
fn a_display_section_is_read_and_each_mistake_placed() {
    let stage = "[[time_control.stage]]\ntime = \"5:00\"\n";
    let good = "[display]\nlisten = \"127.0.0.1:8080\"\nscheme = \"black_on_white\"\nsize = 80\nwhite = \"right\"\n";
    let display = Config::parse(&format!("{good}{stage}"), "d.toml")
        .unwrap()
        .display
        .unwrap();
    assert_eq!(display.listen.to_string(), "127.0.0.1:8080");
    assert_eq!(
        (display.scheme, display.size, display.white),
        (
            display::Scheme::BlackOnWhite,
            80,
            display::ScreenHalf::Right
        )
    );
    assert!(Config::parse(stage, "d.toml").unwrap().display.is_none());
    let bad = "[display]\nlisten = \"localhost\"\nscheme = \"pink\"\nsize = 20\nwhite = \"up\"\n";
    let error = Config::parse(&format!("{bad}{stage}"), "d.toml")
        .unwrap_err()
        .to_string();
    for (line, what) in [
        (2, "listen `localhost`"),
        (3, "scheme `pink`"),
        (4, "size 20"),
        (5, "white `up`"),
    ] {
        assert!(
            error.contains(&format!("d.toml:{line}:")) && error.contains(what),
            "no `{what}` at line {line}: {error}"
        );
    }
    let missing = Config::parse(&format!("[display]\nsize = 90\n{stage}"), "d.toml").unwrap_err();
    assert!(missing.to_string().contains("needs `listen`"), "{missing}");
}

#[test]
fn a_braille_display_is_read_per_player_and_a_bad_host_is_placed() {
    let text = "\
[[time_control.stage]]
time = \"5:00\"
[players.white]
braille = true
braille_host = \"127.0.0.1:1\"
braille_key_file = \"/tmp/k\"
[players.black]
braille_host = \"127.0.0.1:2\"
";
    let config = Config::parse(text, "b.toml").unwrap();
    assert_eq!(
        config.players[0].braille,
        Some(BrailleDisplay {
            host: Some("127.0.0.1:1".into()),
            key_file: Some("/tmp/k".into()),
        })
    );
    // A host without `braille = true` turns nothing on.
    assert_eq!(config.players[1].braille, None);
    let bad = "\
[[time_control.stage]]
time = \"5:00\"
[players.black]
braille = true
braille_host = \"127.0.0.1:x\"
braille_key_file = \"\"
";
    let found = problems(bad);
    assert_eq!(places(&found), vec![(5, 16), (6, 20)], "{found:?}");
    assert!(found[0].2.contains("HOST:N"), "{found:?}");
    for good in [":0", "localhost", "::1:3"] {
        assert!(brlapi_host_ok(good), "{good}");
    }
    for bad in ["", "h:70000", "a b:1", "h:64000"] {
        assert!(!brlapi_host_ok(bad), "{bad}");
    }
}

#[test]
fn the_embedded_default_speaks_the_language_asked_for_everywhere() {
    use crate::speech::Lang;
    assert_eq!(Config::default_text(Lang::Ru), EMBEDDED_DEFAULT);
    let english = Config::parse(&Config::default_text(Lang::En), "en").unwrap();
    assert_eq!(english.players[0].language, Lang::En);
    assert_eq!(english.players[1].language, Lang::En);
    assert_eq!(english.arbiter_language, Lang::En);
    let default = Config::embedded_default().unwrap();
    assert_eq!(english.input.bindings, default.input.bindings);
}
