//! `talkclock check --config FILE` through the real binary (issue 11, case 16): every wrong type
//! is reported, each with its line and column; a file that is not UTF-8 is placed at its first
//! bad byte; a huge value is quoted as a short excerpt, never whole.

use std::path::Path;
use std::process::{Command, Output};

fn check(file: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_talkclock"))
        .arg("check")
        .arg("--config")
        .arg(file)
        .env("RUST_LOG", "warn")
        .output()
        .expect("talkclock check runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn three_wrong_types_are_three_problems_each_with_line_and_column() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("game.toml");
    std::fs::write(
        &file,
        "mode = 5\n\
         [game]\n\
         first = true\n\
         [[time_control.stage]]\n\
         time = \"5:00\"\n\
         [players.white]\n\
         countdown = \"ten\"\n",
    )
    .expect("write");
    let out = check(&file);
    let stderr = text(&out.stderr);
    let name = file.display().to_string();
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("3 problems"), "{stderr}");
    for (line, column) in [(1, 8), (3, 9), (7, 13)] {
        assert!(
            stderr.contains(&format!("{name}:{line}:{column}: ")),
            "no problem at {line}:{column}: {stderr}"
        );
    }
}

#[test]
fn a_file_that_is_not_utf8_is_placed_at_its_first_bad_byte() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("game.toml");
    let mut bytes = b"mode = \"tournament\"\n[[time_control.stage]]\ntime = \"5:00\"\n".to_vec();
    bytes.extend_from_slice(b"# \xd0\xb6\xd0\xb8 caf");
    bytes.push(0xff);
    bytes.extend_from_slice(b"\n[players.white]\n");
    std::fs::write(&file, bytes).expect("write");
    let out = check(&file);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    // Line 4: `# жи caf` then the bad byte, the 9th character of the line.
    assert!(
        stderr.contains(&format!("{}:4:9: ", file.display())),
        "the bad byte is placed at line 4, column 9: {stderr}"
    );
    assert!(stderr.contains("UTF-8"), "{stderr}");
}

#[test]
fn a_five_megabyte_value_is_quoted_as_a_short_excerpt() {
    let dir = tempfile::tempdir().expect("tempdir");
    let huge: String = "abcdefghij".repeat(500_000);
    // A wrong type (the parser's message quotes the value) and a wrong choice (the validator's).
    let files = [
        (
            format!("[[time_control.stage]]\ntime = \"5:00\"\n[players.white]\ncountdown = \"{huge}\"\n"),
            ":4:13: ",
        ),
        (
            format!("mode = \"{huge}\"\n[[time_control.stage]]\ntime = \"5:00\"\n"),
            ":1:8: ",
        ),
    ];
    for (content, place) in files {
        let file = dir.path().join("game.toml");
        std::fs::write(&file, content).expect("write");
        let out = check(&file);
        let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
        assert_eq!(out.status.code(), Some(2));
        let size = stdout.len() + stderr.len();
        assert!(size < 4096, "{size} bytes of output");
        assert!(
            stderr.contains(&format!("\"{}…", &huge[..60])),
            "the value is quoted by its first 60 characters and \"…\": {stderr}"
        );
        assert!(
            stderr.contains(place),
            "the problem is placed at {place}: {stderr}"
        );
    }
}

#[test]
fn an_unknown_rule_profile_is_placed_and_the_accepted_ones_named() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("game.toml");
    std::fs::write(
        &file,
        "mode = \"tournament\"\nrules = \"FIDE\"\n[[time_control.stage]]\ntime = \"5:00\"\n",
    )
    .expect("write");
    let out = check(&file);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    let expected = format!(
        "{}:2:9: `rules` cannot be \"FIDE\"; expected one of \"russian-draughts\", \"fide\"",
        file.display()
    );
    assert!(stderr.contains(&expected), "{stderr}");
    assert!(out.stdout.is_empty());
}

#[test]
fn check_says_which_rule_profile_is_in_force() {
    let dir = tempfile::tempdir().expect("tempdir");
    for (line, said) in [
        (
            "",
            "rules = \"russian-draughts\": Russian draughts rules, section 1.7",
        ),
        (
            "rules = \"fide\"\n",
            "rules = \"fide\": FIDE Laws of Chess, Appendix D",
        ),
    ] {
        let file = dir.path().join("game.toml");
        std::fs::write(
            &file,
            format!("{line}[[time_control.stage]]\ntime = \"5:00\"\n"),
        )
        .expect("write");
        let out = check(&file);
        let stdout = text(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        assert!(stdout.contains(said), "{stdout}");
    }
}

#[test]
fn check_describes_the_overtime_and_upcount_and_places_an_overtime_mistake() {
    let scenarios = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let out = check(&scenarios.join("byoyomi_periods.toml"));
    assert_eq!(out.status.code(), Some(0));
    assert!(
        text(&out.stdout)
            .contains("(1 stage(s), then byo-yomi: 3 period(s) of 0:10, Tournament mode"),
        "{}",
        text(&out.stdout)
    );
    let out = check(&scenarios.join("canadian_overtime.toml"));
    assert!(text(&out.stdout).contains("then Canadian: 2 move(s) in 0:20"));
    let out = check(&scenarios.join("upcount.toml"));
    assert!(text(&out.stdout).contains("(upcount (time counts up from zero, no flag)"));
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("game.toml");
    std::fs::write(
        &file,
        "[[time_control.stage]]\nmoves = 40\ntime = \"2:00:00\"\n\
         [[time_control.stage]]\ntime = \"1:00:00\"\n\
         [time_control.overtime]\nkind = \"byoyomi\"\nperiods = 0\ntime = \"0:30\"\n",
    )
    .expect("write");
    let out = check(&file);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(&format!(
            "{}:8:11: overtime: `periods` must be a whole number from 1 to 1000",
            file.display()
        )),
        "{stderr}"
    );
}

/// The problems of `check`, each as `LINE:COLUMN: message`, in order.
fn listed(out: &Output, file: &Path) -> Vec<String> {
    let name = format!("{}:", file.display());
    text(&out.stderr)
        .lines()
        .filter_map(|l| l.strip_prefix(&name))
        .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
        .map(str::to_string)
        .collect()
}

/// An unknown key, a wrong type and three bad values in one file: all five in one pass.
/// (Before, only the unknown key and the type error were told; the values after they were
/// fixed.)
#[test]
fn every_problem_of_every_kind_is_listed_in_one_pass() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("game.toml");
    std::fs::write(
        &file,
        "mode = \"practice\"\n\
         colour = \"blue\"\n\
         [[time_control.stage]]\n\
         time = 5\n\
         moves = 0\n\
         [players.white]\n\
         language = \"xx\"\n\
         vision = \"purple\"\n",
    )
    .expect("write");
    let out = check(&file);
    let found = listed(&out, &file);
    assert_eq!(out.status.code(), Some(2), "{found:#?}");
    let places: Vec<&str> = found
        .iter()
        .map(|p| p.split(": ").next().unwrap_or_default())
        .collect();
    assert_eq!(places, ["2:1", "4:8", "5:9", "7:12", "8:10"], "{found:#?}");
    assert!(found[0].contains("unknown field `colour`"), "{found:#?}");
    assert!(
        found[1].contains("`time_control.stage.time`: invalid type"),
        "{found:#?}"
    );
    assert!(found[2].contains("`moves`"), "{found:#?}");
    assert!(found[3].contains("`language`"), "{found:#?}");
    assert!(found[4].contains("`vision`"), "{found:#?}");
}

/// Three unknown tables are three problems. (Before, the first was passed over: its table was
/// taken to run on into the next one's blanked lines.)
#[test]
fn three_unknown_tables_are_each_named() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("game.toml");
    std::fs::write(
        &file,
        "[foo]\na = 1\n[bar]\nb = 2\n[baz]\nc = 3\n[[time_control.stage]]\ntime = \"5:00\"\n",
    )
    .expect("write");
    let out = check(&file);
    let found = listed(&out, &file);
    assert_eq!(found.len(), 3, "{found:#?}");
    for (problem, table) in found.iter().zip(["foo", "bar", "baz"]) {
        assert!(
            problem.contains(&format!("unknown field `{table}`")),
            "{found:#?}"
        );
    }
}

/// Two bad values in one stage are two problems, and a type error names its key. (Before, the
/// stage stopped at its first bad value, and the type error said only "invalid type".)
#[test]
fn a_second_bad_value_in_a_stage_is_told_and_a_type_error_names_its_key() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("game.toml");
    std::fs::write(
        &file,
        "[[time_control.stage]]\ntime = \"5:00\"\nmoves = 0\nincrement = \"x\"\n\
         [players.white]\nlanguage = 5\n",
    )
    .expect("write");
    let out = check(&file);
    let found = listed(&out, &file);
    assert_eq!(found.len(), 3, "{found:#?}");
    assert!(found[0].starts_with("3:9: stage 1: `moves`"), "{found:#?}");
    assert!(found[1].starts_with("4:13: `increment`"), "{found:#?}");
    assert!(
        found[2].starts_with("6:12: `players.white.language`: invalid type"),
        "{found:#?}"
    );
}

/// `talkclock check FILE`, as a user first types it (before, only `--config FILE` was taken).
#[test]
fn check_takes_the_file_as_a_positional_argument() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("game.toml");
    std::fs::write(&file, "mode = 5\n[[time_control.stage]]\ntime = \"5:00\"\n").expect("write");
    let out = Command::new(env!("CARGO_BIN_EXE_talkclock"))
        .arg("check")
        .arg(&file)
        .output()
        .expect("talkclock check runs");
    let found = listed(&out, &file);
    assert_eq!(out.status.code(), Some(2), "{found:#?}");
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(found[0].starts_with("1:8: `mode`"), "{found:#?}");
}

/// A configuration that does not load does not hide a script's bad lines: `simulate` tells
/// both, each with its place.
#[test]
fn simulate_tells_the_configurations_problems_and_every_bad_script_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    let config = dir.path().join("game.toml");
    std::fs::write(&config, "mode = 5\n").expect("write");
    let script = dir.path().join("game.script");
    std::fs::write(
        &script,
        "@0:00 start\n@0:01 jump white\n@0:02 press purple\n",
    )
    .expect("write");
    let out = Command::new(env!("CARGO_BIN_EXE_talkclock"))
        .arg("simulate")
        .arg("--config")
        .arg(&config)
        .arg("--script")
        .arg(&script)
        .output()
        .expect("talkclock simulate runs");
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(out.stdout.is_empty());
    let config_place = format!("{}:1:8: `mode`", config.display());
    assert!(stderr.contains(&config_place), "{stderr}");
    for line in [2, 3] {
        let place = format!("{}:{line}: ", script.display());
        assert!(stderr.contains(&place), "{place}: {stderr}");
    }
}

/// A station's configuration is checked as the station reads it, every problem in one pass.
/// (Before, `check` read it as a clock's and named three of its four tables; the station
/// itself stopped at the first problem.)
#[test]
fn check_lists_every_problem_of_a_stations_configuration() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("station.toml");
    std::fs::write(
        &file,
        "[broker]\nurl = \"mqtt://localhost:1883\"\nevent = \"bad event!\"\n\
         credentials = \"c\"\n[station]\nsilent_after = \"never\"\n[[arbiter]]\nname = \"A\"\n\
         language = \"xx\"\nboards = \"1-\"\n",
    )
    .expect("write");
    let out = check(&file);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("4 problems"), "{stderr}");
    for said in [
        "event `bad event!`",
        "silent_after `never`",
        "language `xx`",
        "boards `1-`",
    ] {
        assert!(stderr.contains(said), "{said}: {stderr}");
    }
    std::fs::write(
        &file,
        "[broker]\nurl = \"mqtt://localhost:1883\"\nevent = \"e\"\ncredentials = \"c\"\n\
         [foo]\na = 1\n[bar]\nb = 2\n[[arbiter]]\nname = \"A\"\nboards = 5\n",
    )
    .expect("write");
    let out = check(&file);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    for said in [
        "line 5, column 2: unknown field `foo`",
        "line 7, column 2: unknown field `bar`",
        "line 11, column 10: `arbiter.boards`: invalid type",
    ] {
        assert!(stderr.contains(said), "{said}: {stderr}");
    }
}
