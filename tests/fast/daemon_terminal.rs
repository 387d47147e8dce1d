//! The real daemon at a terminal, as a screen-reader user meets it: Ctrl-C says that the clock
//! is stopping, in each listener's language (before, it said "controller lost, the clock keeps
//! running", half in English, while the daemon stopped); SIGTERM says the same.

use crate::common_daemon;
use crate::pty;

use std::process::Command;
use std::time::Duration;

const CONFIG: &str = "\
[[time_control.stage]]
time = \"5:00\"
[players.white]
language = \"ru\"
[players.black]
language = \"en\"
[arbiter]
language = \"en\"
";

#[test]
fn ctrl_c_at_the_terminal_says_the_clock_is_stopping_in_each_language() {
    let files = common_daemon::Files::new(CONFIG);
    let (dir, config, journal, _) = files.parts();
    let socket = dir.path().join("ctl.sock");
    let mut command = Command::new(env!("CARGO_BIN_EXE_talkclock"));
    command
        .arg("run")
        .arg("--no-audio")
        .arg("--config")
        .arg(&config)
        .arg("--journal")
        .arg(&journal)
        .arg("--socket")
        .arg(&socket)
        .env_remove("RUST_LOG");
    let mut daemon = pty::AtTerminal::start(command);
    let end = std::time::Instant::now() + Duration::from_secs(10);
    while !socket.exists() {
        assert!(std::time::Instant::now() < end, "{}", daemon.output());
        std::thread::sleep(Duration::from_millis(20));
    }
    // The terminal is in raw mode once the reader runs: Ctrl-C is a key, not a signal.
    std::thread::sleep(Duration::from_millis(300));
    daemon.type_bytes(b"\x03");
    assert_eq!(
        daemon.wait_exit(Duration::from_secs(10)),
        Some(0),
        "{}",
        daemon.output()
    );
    let out = daemon.output();
    assert!(out.contains("Часы останавливаются."), "{out}");
    assert!(out.contains("The clock is stopping."), "{out}");
    for lost in ["Контроллер отключён", "Controller disconnected"] {
        assert!(!out.contains(lost), "{lost}: {out}");
    }
}

#[test]
fn sigterm_says_the_clock_is_stopping() {
    let (_files, daemon) = common_daemon::quiet(CONFIG);
    let pid = daemon.child.id() as i32;
    // SAFETY: the pid is our child's, still running.
    assert_eq!(
        unsafe { talkclock_harness::libc::kill(pid, talkclock_harness::libc::SIGTERM) },
        0
    );
    assert!(
        daemon.wait_for_text("The clock is stopping.", 1, Duration::from_secs(5)),
        "{}",
        daemon.stdout()
    );
    assert!(daemon.stdout().contains("Часы останавливаются."));
}

/// `talkclock run` at a terminal with no configuration, as `make run` starts it.
fn run_default(dir: &std::path::Path, lang: &str) -> pty::AtTerminal {
    let mut command = Command::new(env!("CARGO_BIN_EXE_talkclock"));
    command
        .arg("run")
        .arg("--no-audio")
        .arg("--journal")
        .arg(dir.join("journal.jsonl"))
        .arg("--socket")
        .arg(dir.join("ctl.sock"))
        .env_remove("RUST_LOG")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", lang);
    pty::AtTerminal::start(command)
}

/// An English reader's first lines: the clock speaks English (before, the embedded default
/// answered in Russian), says so and how to change it; no line carries a timestamp, a module
/// path, a colour code or the list of listeners that names everyone; a press without sound
/// is a word.
#[test]
fn at_a_terminal_the_default_speaks_the_locales_language_in_plain_lines() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut daemon = run_default(dir.path(), "en_GB.UTF-8");
    let first = "Speaking English, as the locale says.";
    assert!(
        daemon.wait_for(first, Duration::from_secs(10)),
        "{}",
        daemon.output()
    );
    std::thread::sleep(Duration::from_millis(300));
    daemon.type_bytes(b"s");
    assert!(
        daemon.wait_for("White to move", Duration::from_secs(5)),
        "{}",
        daemon.output()
    );
    daemon.type_bytes(b"w");
    assert!(
        daemon.wait_for("click", Duration::from_secs(5)),
        "{}",
        daemon.output()
    );
    daemon.type_bytes(b"\x03");
    assert_eq!(daemon.wait_exit(Duration::from_secs(10)), Some(0));
    let out = daemon.output();
    assert!(out.lines().any(|l| l.starts_with(first)), "{out}");
    for noise in ["\x1b[", " INFO ", "talkclock::", "[white,black,arbiter]"] {
        assert!(
            !out.contains(noise),
            "{noise:?} in what a screen reader reads:\n{out}"
        );
    }
    for russian in ["Ходят", "Нет вывода"] {
        assert!(!out.contains(russian), "{russian}: {out}");
    }
}

#[test]
fn a_russian_locale_gets_the_default_in_russian() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut daemon = run_default(dir.path(), "ru_RU.UTF-8");
    assert!(
        daemon.wait_for(
            "Говорю по-русски, как велит локаль.",
            Duration::from_secs(10)
        ),
        "{}",
        daemon.output()
    );
    daemon.type_bytes(b"\x03");
    assert_eq!(daemon.wait_exit(Duration::from_secs(10)), Some(0));
}

/// A Polish locale: the default speaks Polish, says so in Polish, and the game's lines are
/// Polish ("Grają białe.").
#[test]
fn a_polish_locale_gets_the_default_in_polish() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut daemon = run_default(dir.path(), "pl_PL.UTF-8");
    assert!(
        daemon.wait_for(
            "Mówię po polsku, jak każą ustawienia regionalne.",
            Duration::from_secs(10)
        ),
        "{}",
        daemon.output()
    );
    std::thread::sleep(Duration::from_millis(300));
    daemon.type_bytes(b"s");
    assert!(
        daemon.wait_for("Grają białe.", Duration::from_secs(5)),
        "{}",
        daemon.output()
    );
    daemon.type_bytes(b"\x03");
    assert_eq!(daemon.wait_exit(Duration::from_secs(10)), Some(0));
}
