//! The README read aloud: lines a screen reader can say in one breath, few table lines, the
//! two commands first; and what it, `--help` and the packaging say agrees with what the
//! program and the package do (issue 32).

use std::path::Path;
use std::process::Command;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn readme() -> String {
    std::fs::read_to_string(root().join("README.md")).expect("README.md is readable")
}

fn talkclock(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_talkclock"))
        .args(args)
        .output()
        .expect("talkclock runs");
    assert!(out.status.success(), "talkclock {args:?}: {out:?}");
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// The longest README line, in characters: a screen reader reads a line in one breath.
const LONGEST_LINE: usize = 120;
/// The most table lines the README may have: large tables live in `docs/`.
const MOST_TABLE_LINES: usize = 10;

#[test]
fn readme_lines_are_short_enough_to_hear_in_one_breath() {
    let long: Vec<String> = readme()
        .lines()
        .enumerate()
        .filter(|(_, line)| line.chars().count() > LONGEST_LINE)
        .map(|(n, line)| format!("line {}: {} characters", n + 1, line.chars().count()))
        .collect();
    assert!(
        long.is_empty(),
        "README lines longer than {LONGEST_LINE} characters: {long:?}"
    );
}

#[test]
fn readme_has_few_table_lines() {
    let tables = readme()
        .lines()
        .filter(|line| line.trim_start().starts_with('|'))
        .count();
    assert!(
        tables <= MOST_TABLE_LINES,
        "the README has {tables} table lines (at most {MOST_TABLE_LINES}): make them lists, or \
         move large reference tables to docs/"
    );
}

#[test]
fn readme_begins_with_the_two_commands() {
    let text = readme();
    let head: Vec<&str> = text.lines().take(10).collect();
    for command in ["make run", "make test"] {
        assert!(
            head.iter()
                .any(|line| line.trim_start().starts_with(command)),
            "the README's first 10 lines do not give `{command}`: {head:#?}"
        );
    }
}

#[test]
fn readme_says_how_to_read_the_manual_from_the_source_tree() {
    let text = readme();
    assert!(text.contains("make man"), "the README names `make man`");
    assert!(
        text.contains("man -l target/man/talkclock.1"),
        "the README says how to read the page make man writes"
    );
}

#[test]
fn run_help_names_the_group_the_packaged_service_gives_its_socket() {
    let unit = std::fs::read_to_string(root().join("config/talkclock.service"))
        .expect("the unit is readable");
    let group = unit
        .lines()
        .find_map(|line| line.strip_prefix("Group="))
        .expect("the unit names a Group")
        .trim()
        .to_string();
    let help = talkclock(&["run", "--help"]);
    let socket_group = help
        .split("--socket-group")
        .nth(1)
        .expect("run --help lists --socket-group");
    // Its own text only: up to the next option's line.
    let socket_group: String = socket_group
        .lines()
        .take_while(|line| !line.trim_start().starts_with('-'))
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        socket_group.contains(&format!("`{group}`")) || socket_group.contains(&group),
        "run --help's --socket-group does not name the unit's group {group}: {socket_group}"
    );
    assert!(
        readme().contains(&format!("adduser ARBITER {group}")),
        "the README does not tell the arbiter to join {group}"
    );
}

#[test]
fn readme_names_every_column_voice_catalog_prints() {
    let catalog = talkclock(&["voice-catalog", "--lang", "en"]);
    let columns = catalog
        .lines()
        .next()
        .expect("the catalog has lines")
        .split('\t')
        .count();
    let text = readme().replace("\n  ", " ");
    let line = text
        .lines()
        .find(|l| l.contains("`talkclock voice-catalog"))
        .expect("the README lists voice-catalog");
    let named = line
        .split('`')
        .find(|span| span.starts_with("key<TAB>"))
        .expect("the README names voice-catalog's columns")
        .split("<TAB>")
        .count();
    assert_eq!(
        named, columns,
        "voice-catalog prints {columns} columns; the README names {named}: {line}"
    );
}

#[test]
fn the_readme_example_script_does_what_its_comments_say() {
    // Its `adjust` line must change the time: under the draughts rules a cut of the 15:00
    // default game is held at the 15:00 floor (rule 1.7.8) and changes nothing.
    let text = readme();
    let section = text
        .split("## Scenario scripts")
        .nth(1)
        .expect("the README has its scenario scripts section");
    let script = section
        .split("```")
        .nth(1)
        .expect("the section has an example script");
    let file = std::env::temp_dir().join(format!("readme-example-{}.script", std::process::id()));
    std::fs::write(
        &file,
        script.trim_start_matches(|c: char| c.is_alphanumeric()),
    )
    .expect("the script is written");
    let out = talkclock(&["simulate", "--script", file.to_str().expect("a UTF-8 path")]);
    let _ = std::fs::remove_file(&file);
    let adjusts: Vec<&str> = out
        .lines()
        .filter(|l| l.contains("\"event\":\"adjust\""))
        .collect();
    assert!(!adjusts.is_empty(), "the example sets or adjusts a time");
    for line in adjusts {
        assert!(
            line.contains("\"clamped\":false"),
            "the example's set or adjust changes nothing on the default game: {line}"
        );
    }
}

#[test]
fn packaging_scripts_name_only_scripts_in_the_repository() {
    let dir = root().join("packaging/deb");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("packaging/deb is readable") {
        let path = entry.expect("an entry").path();
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        for word in text.split(|c: char| c.is_whitespace() || "'\"`()=;".contains(c)) {
            if !word.ends_with(".sh") || word.contains('$') {
                continue;
            }
            // A path out of the repository (`../shared/…`) is not in it, wherever it exists.
            let inside = !word.starts_with('/') && !word.split('/').any(|part| part == "..");
            let exists = inside && (root().join(word).is_file() || dir.join(word).is_file());
            if !exists {
                missing.push(format!("{}: {word}", path.display()));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "packaging scripts name scripts that are not in the repository: {missing:?}"
    );
}
