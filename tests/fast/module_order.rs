//! The modules of `src/` form a DAG in the order `src/lib.rs` draws: a module may use only
//! modules of a lower layer. This test reads every `crate::NAME` path in `src/` (comments left
//! out) and fails on one that points sideways or up. It also keeps the real-time core sans-IO:
//! the daemon's core (`src/daemon/core.rs`, `src/daemon/core/`) and the clock (`src/clock/`)
//! name no file, socket, write sink, audio or journal store.

use std::collections::BTreeSet;
use std::path::Path;

/// The layers, lowest first (the same as the map in `src/lib.rs`).
const LAYERS: &[&[&str]] = &[
    &["clock", "realtime"],
    &["hearing", "schedule"],
    &["input", "audio", "control"],
    &["speech"],
    &["table"],
    &["config", "transcript", "haptic", "braille"],
    &["journal", "sim", "setup", "announce"],
    &["hall", "web", "selftest"],
    &["daemon"],
    &["station"],
    &["cli", "logging"],
];

fn layer(module: &str) -> Option<usize> {
    LAYERS.iter().position(|l| l.contains(&module))
}

/// The lines of code of `text`: comments left out, and nothing from an inline
/// `#[cfg(test)] mod … { … }` at the end of the file on (a unit test may build its fixture with
/// a higher layer, e.g. a table test from a configuration's text).
fn code_lines(text: &str) -> Vec<&str> {
    let mut code_lines = Vec::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let code = line.trim_start();
        if code.starts_with("#[cfg(test)]") {
            let next = lines.peek().map_or("", |l| l.trim());
            if next.starts_with("mod ") && next.ends_with('{') {
                break;
            }
        }
        if code.starts_with("//") {
            continue;
        }
        code_lines.push(code);
    }
    code_lines
}

/// Every `crate::NAME` that `text` (the source of a file of `module`) uses, outside comments
/// and outside an inline test module at the end of the file (see [`code_lines`]).
fn uses(module: &str, text: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for code in code_lines(text) {
        let mut rest = code;
        while let Some(at) = rest.find("crate::") {
            rest = &rest[at + 7..];
            // `crate::a::…`, or a group `crate::{a::…, b}`: each first name counts.
            let group = rest
                .strip_prefix('{')
                .map(|g| g.split(',').collect::<Vec<_>>());
            let heads = group.unwrap_or_else(|| vec![rest]);
            for head in heads {
                let name: String = head
                    .trim_start()
                    .chars()
                    .take_while(|c| c.is_ascii_lowercase() || *c == '_')
                    .collect();
                if !name.is_empty() && name != module {
                    found.insert(name);
                }
            }
        }
    }
    found
}

/// The imports against the order in one file of `module`.
fn violations(module: &str, file: &str, text: &str) -> Vec<String> {
    let Some(own) = layer(module) else {
        return vec![format!(
            "{file}: module `{module}` is not in the layer list"
        )];
    };
    uses(module, text)
        .into_iter()
        .filter_map(|used| match layer(&used) {
            Some(l) if l < own => None,
            Some(_) => Some(format!(
                "{file}: `{module}` uses `crate::{used}`, which is not below it"
            )),
            None => Some(format!("{file}: `crate::{used}` is not in the layer list")),
        })
        .collect()
}

/// What the sans-IO core may not name: (what, why).
const IO: &[(&str, &str)] = &[
    ("std::fs", "a file"),
    ("std::net", "a socket"),
    ("std::io::Write", "a write sink"),
    ("crate::audio", "the audio layer"),
];

/// Whether `file` (relative to `src/`) is part of the sans-IO core.
fn in_core(file: &str) -> bool {
    file == "daemon/core.rs" || file.starts_with("daemon/core/") || file.starts_with("clock/")
}

/// What in one file of the core does I/O or names a journal store (whose calls do): `std::fs`,
/// `std::net`, `std::io::Write` (also in a group, `std::io::{…, Write}`), `crate::audio`, or
/// any name ending in `Store` (the `Store` trait, `FileStore`, `MemoryStore`…), or the set-up
/// menu's configuration file (`ConfigFile`, `DiskConfig`).
fn io_in_core(file: &str, text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for code in code_lines(text) {
        for (path, what) in IO {
            if code.contains(path) {
                found.push(format!("{file}: the core uses `{path}` ({what}): `{code}`"));
            }
        }
        if let Some(at) = code.find("std::io::{") {
            let group = &code[at..code[at..].find('}').map_or(code.len(), |end| at + end)];
            if group
                .split(|c: char| !c.is_alphanumeric())
                .any(|w| w == "Write")
            {
                found.push(format!(
                    "{file}: the core uses `std::io::Write` (a write sink): `{code}`"
                ));
            }
        }
        let store = code
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .find(|word| word.ends_with("Store"));
        if let Some(store) = store {
            found.push(format!(
                "{file}: the core names `{store}` (a journal store: its calls do I/O; ask the \
                 journal with a JournalOp instead): `{code}`"
            ));
        }
        let file_handle = code
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .find(|word| *word == "ConfigFile" || *word == "DiskConfig");
        if let Some(name) = file_handle {
            found.push(format!(
                "{file}: the core names `{name}` (a file it would write: ask the driver with \
                 JournalOp::SaveSetup instead): `{code}`"
            ));
        }
    }
    found
}

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn every_import_in_src_follows_the_module_order() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut problems = Vec::new();
    for file in &files {
        let relative = file.strip_prefix(&src).unwrap();
        let first = relative.components().next().unwrap().as_os_str();
        let module = first.to_string_lossy().trim_end_matches(".rs").to_string();
        let name = file.file_name().unwrap().to_string_lossy();
        let test_only =
            name == "tests.rs" || name.ends_with("_tests.rs") || name == "tests_support.rs";
        if module == "lib" || module == "main" || test_only {
            continue;
        }
        let text = std::fs::read_to_string(file).unwrap();
        problems.extend(violations(&module, &relative.display().to_string(), &text));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_core_does_no_io_and_calls_no_journal_store() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut problems = Vec::new();
    let mut checked = 0;
    for file in &files {
        let relative = file.strip_prefix(&src).unwrap().display().to_string();
        let name = file.file_name().unwrap().to_string_lossy();
        let test_only = name == "tests.rs" || name.ends_with("_tests.rs");
        if !in_core(&relative) || test_only {
            continue;
        }
        checked += 1;
        let text = std::fs::read_to_string(file).unwrap();
        problems.extend(io_in_core(&relative, &text));
    }
    assert!(checked >= 5, "the core's files were found: {checked}");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn io_in_the_core_is_caught() {
    let caught = |text: &str| io_in_core("daemon/core.rs", text).len();
    assert_eq!(caught("use std::fs::File;\n"), 1);
    assert_eq!(caught("    let s = std::net::TcpStream::connect(a);\n"), 1);
    assert_eq!(caught("use std::io::{Read, Write};\n"), 1);
    assert_eq!(caught("use std::io::Write;\n"), 1);
    assert_eq!(caught("use crate::audio::AudioOut;\n"), 1);
    assert_eq!(caught("use crate::journal::{Record, Store};\n"), 1);
    assert_eq!(caught("    store: Box<dyn Store>,\n"), 1);
    assert_eq!(caught("    let s = FileStore::new(p);\n"), 1);
    assert_eq!(
        caught("    config_file: Option<Box<dyn super::config_file::ConfigFile>>,\n"),
        1
    );
    assert_eq!(
        caught("// a Store is not named in code here; std::fs either\n"),
        0
    );
    assert_eq!(
        caught("use std::io::ErrorKind;\nuse crate::journal::Record;\n"),
        0
    );
    assert!(in_core("daemon/core/gate.rs") && in_core("clock/game.rs"));
    assert!(!in_core("daemon/driver.rs") && !in_core("daemon/core_tests.rs"));
}

#[test]
fn an_upward_or_sideways_import_is_caught() {
    let upward = violations("clock", "clock/x.rs", "use crate::table::Table;\n");
    assert_eq!(upward.len(), 1, "{upward:?}");
    let sideways = violations(
        "input",
        "input/x.rs",
        "    let j = crate::journal::Journal::read(p);\n",
    );
    assert_eq!(sideways.len(), 1, "{sideways:?}");
    let commented = violations("clock", "clock/x.rs", "// see crate::table\n");
    assert!(commented.is_empty());
    let unit_test = "#[cfg(test)]\nmod core_tests;\nuse crate::table::T;\n";
    assert_eq!(
        violations("clock", "clock/x.rs", unit_test).len(),
        1,
        "a test module's declaration stops nothing"
    );
    let inline =
        "use crate::speech::Lang;\n#[cfg(test)]\nmod tests {\n    use crate::config::Config;\n}\n";
    assert!(violations("table", "table/x.rs", inline).is_empty());
    let downward = violations(
        "table",
        "table/x.rs",
        "use crate::{clock::Ms, schedule::Scheduler};\n",
    );
    assert!(downward.is_empty(), "{downward:?}");
    let grouped = violations(
        "table",
        "table/x.rs",
        "use crate::{clock::Ms, daemon::Core};\n",
    );
    assert_eq!(grouped.len(), 1, "{grouped:?}");
}

#[test]
fn the_announcer_stands_below_the_daemon_and_the_station() {
    for user in ["daemon", "station"] {
        let uses = violations(user, "x.rs", "use crate::announce::Announcer;\n");
        assert!(uses.is_empty(), "{user}: {uses:?}");
    }
    for above in ["daemon", "station"] {
        let up = violations(
            "announce",
            "announce/x.rs",
            &format!("use crate::{above}::X;\n"),
        );
        assert_eq!(up.len(), 1, "the announcer may not use `{above}`: {up:?}");
    }
}
