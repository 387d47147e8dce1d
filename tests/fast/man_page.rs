//! `talkclock man`: the manual page `make man` writes and the package installs. Its COMMANDS
//! are made from the command's own definitions, so they cannot fall behind `--help`; the rest
//! (keys, configuration, files, exit codes) is written by hand, and these tests check that it
//! is there and names no manual page that does not exist.

use std::process::Command;

fn talkclock(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_talkclock"))
        .args(args)
        .output()
        .expect("talkclock runs");
    assert!(out.status.success(), "talkclock {args:?}: {out:?}");
    String::from_utf8(out.stdout).expect("UTF-8")
}

fn page() -> String {
    talkclock(&["man"])
}

/// The subcommands `talkclock --help` lists (without clap's own `help`).
fn listed_subcommands() -> Vec<String> {
    let help = talkclock(&["--help"]);
    let commands = help
        .split("Commands:")
        .nth(1)
        .expect("--help lists commands");
    let commands = commands.split("\n\n").next().unwrap_or("");
    commands
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect()
}

#[test]
fn the_man_page_names_every_subcommand_help_lists_and_its_options() {
    let page = page();
    assert!(page.contains(".TH TALKCLOCK 1"), "{page}");
    let listed = listed_subcommands();
    assert!(listed.len() >= 15, "--help lists the commands: {listed:?}");
    for sub in &listed {
        let heading = format!(".SS \"talkclock {}\"", sub.replace('-', "\\-"));
        assert!(page.contains(&heading), "no subsection {heading}");
    }
    for nested in [
        "station status",
        "station ctl",
        "station passwd",
        "hall init",
    ] {
        let heading = format!(".SS \"talkclock {nested}\"");
        assert!(page.contains(&heading), "no subsection {heading}");
    }
    assert!(page.contains("socket\\-group"), "run's options are listed");
    for hidden in ["voice\\-master", "listen\\-set", "listen\\-stretch"] {
        assert!(
            !page.contains(&format!("talkclock {hidden}")),
            "the build tools' hidden subcommand {hidden} stays hidden"
        );
    }
}

#[test]
fn help_lists_the_man_subcommand_that_prints_the_page() {
    assert!(
        listed_subcommands().iter().any(|s| s == "man"),
        "`talkclock man` is listed in --help"
    );
}

#[test]
fn the_man_page_has_keys_configuration_files_and_exit_codes() {
    let page = page();
    for section in [
        ".SH DESCRIPTION",
        ".SH COMMANDS",
        ".SH KEYS",
        ".SH CONFIGURATION",
        ".SH FILES",
        ".SH ENVIRONMENT",
        ".SH \"EXIT STATUS\"",
    ] {
        assert!(page.contains(section), "no section {section}");
    }
    let section = |name: &str| -> String {
        let start = page.find(name).expect("the section is there");
        let rest = &page[start + name.len()..];
        rest[..rest.find("\n.SH ").unwrap_or(rest.len())].to_string()
    };
    let keys = section(".SH KEYS");
    for key in [
        "\n.B s\n",
        "\n.BR w \", \" b\n",
        "\n.BR t \", \" y\n",
        "Ctrl\\-C",
    ] {
        assert!(keys.contains(key), "KEYS does not name {key:?}:\n{keys}");
    }
    let config = section(".SH CONFIGURATION");
    for table in [
        "[game]",
        "[time_control]",
        "[time_control.overtime]",
        "[players.white]",
        "[arbiter]",
        "[announce]",
        "[audio]",
        "[input]",
        "[[input.binding]]",
        "[setup]",
        "[[preset]]",
        "[hall]",
        "[display]",
    ] {
        assert!(
            config.contains(table),
            "CONFIGURATION does not name {table}"
        );
    }
    let files = section(".SH FILES");
    for file in [
        "/etc/talkclock/talkclock.toml",
        "/usr/share/talkclock/voices/",
        "/var/lib/talkclock/journal.jsonl",
        "/run/talkclock/talkclock.sock",
        "/lib/systemd/system/talkclock.service",
    ] {
        assert!(files.contains(file), "FILES does not name {file}");
    }
    let exits = section(".SH \"EXIT STATUS\"");
    for code in 0..=7 {
        assert!(
            exits.contains(&format!(".TP\n.B {code}\n")),
            "EXIT STATUS does not say what {code} means"
        );
    }
}

/// Every `name(N)` the page names, read as a person reads it (roff escapes and fonts gone).
fn named_pages(page: &str) -> Vec<String> {
    let plain = page
        .replace("\\-", "-")
        .replace("\\fB", "")
        .replace("\\fI", "")
        .replace("\\fR", "")
        .replace("\\fP", "");
    let mut names = Vec::new();
    let bytes = plain.as_bytes();
    for (at, _) in plain.match_indices('(') {
        let section_ok = bytes.get(at + 1).is_some_and(|b| b.is_ascii_digit())
            && bytes.get(at + 2) == Some(&b')');
        if !section_ok {
            continue;
        }
        let start = plain[..at]
            .rfind(|c: char| !(c.is_ascii_alphanumeric() || "-_.".contains(c)))
            .map_or(0, |i| i + 1);
        if start < at {
            names.push(plain[start..at + 3].to_string());
        }
    }
    names
}

#[test]
fn the_man_page_names_no_manual_page_that_does_not_exist() {
    // The package installs one page, this one; the old page named talkclock-simulate(1) and
    // a page for every subcommand.
    let page = page();
    let others: Vec<String> = named_pages(&page)
        .into_iter()
        .filter(|name| name != "talkclock(1)")
        .collect();
    assert!(
        others.is_empty(),
        "the page names manual pages that are not installed: {others:?}"
    );
    assert!(
        named_pages("see \\fBtalkclock\\-run\\fR(1) and foo(8)") == ["talkclock-run(1)", "foo(8)"],
        "the reader of page names finds them"
    );
}
