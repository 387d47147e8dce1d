//! Running the real `talkclock run` daemon in tests: start it, wait for its socket, talk to
//! it, stop it.
// Each test binary uses a different part of these helpers.
#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::time::{Duration, Instant};

/// A daemon started by a test.
pub struct Daemon {
    pub child: Child,
    pub stdin: ChildStdin,
    pub socket: PathBuf,
    stdout: std::sync::Arc<std::sync::Mutex<String>>,
}

/// A game's files in a fresh temporary folder: the configuration (`game.toml`), and where the
/// journal (`journal.jsonl`) and the transcript (`t.jsonl`) go.
pub struct Files {
    pub dir: tempfile::TempDir,
    pub config: PathBuf,
    pub journal: PathBuf,
    pub transcript: PathBuf,
}

impl Files {
    /// A new folder with `config` written as the configuration.
    pub fn new(config: impl AsRef<str>) -> Files {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("game.toml");
        std::fs::write(&path, config.as_ref()).expect("write the configuration");
        Files {
            journal: dir.path().join("journal.jsonl"),
            transcript: dir.path().join("t.jsonl"),
            config: path,
            dir,
        }
    }

    /// Starts the daemon on these files; `extra` are more arguments (e.g. `--no-audio`).
    pub fn start(&self, extra: &[&str]) -> Daemon {
        start(
            self.dir.path(),
            &self.config,
            &self.journal,
            &self.transcript,
            extra,
        )
    }

    /// As [`Files::start`], under a wrapper command (see [`start_under`]).
    pub fn start_under(&self, wrapper: &[String], extra: &[&str]) -> Daemon {
        start_under(
            wrapper,
            self.dir.path(),
            &self.config,
            &self.journal,
            &self.transcript,
            extra,
        )
    }

    /// The folder, and the three paths (owned, as a test goes on to use them).
    pub fn parts(&self) -> (&tempfile::TempDir, PathBuf, PathBuf, PathBuf) {
        (
            &self.dir,
            self.config.clone(),
            self.journal.clone(),
            self.transcript.clone(),
        )
    }
}

/// The game most daemon tests play: a tournament, five minutes each, two sighted players who
/// hear English.
pub const TOURNAMENT_5_MIN: &str = "\
mode = \"tournament\"
[[time_control.stage]]
time = \"5:00\"
[players.white]
vision = \"sighted\"
language = \"en\"
[players.black]
vision = \"sighted\"
language = \"en\"
";

/// A daemon without sound (`--no-audio`) on `config`, in a fresh folder: the test's files and
/// the running daemon.
pub fn quiet(config: impl AsRef<str>) -> (Files, Daemon) {
    let files = Files::new(config);
    let daemon = files.start(&["--no-audio"]);
    (files, daemon)
}

/// Starts the daemon; `extra` are more arguments (e.g. `--no-audio`).
pub fn start(
    dir: &Path,
    config: &Path,
    journal: &Path,
    transcript: &Path,
    extra: &[&str],
) -> Daemon {
    start_under(&[], dir, config, journal, transcript, extra)
}

/// The wrapper that runs the daemon under strace, tampering with the journal's `fdatasync`
/// calls as `inject` says (e.g. `error=ENOSPC:when=5..9`, `delay_enter=1500000:when=3+`).
pub fn strace_fdatasync(inject: &str) -> Vec<String> {
    [
        "strace",
        "-f",
        "-qq",
        "-o",
        "/dev/null",
        "-e",
        "trace=fdatasync",
        "-e",
        &format!("inject=fdatasync:{inject}"),
        "--",
    ]
    .map(String::from)
    .to_vec()
}

/// Starts the daemon under a wrapper command (e.g. `strace … --`), or directly when `wrapper`
/// is empty.
pub fn start_under(
    wrapper: &[String],
    dir: &Path,
    config: &Path,
    journal: &Path,
    transcript: &Path,
    extra: &[&str],
) -> Daemon {
    let socket = dir.join("ctl.sock");
    let binary = env!("CARGO_BIN_EXE_talkclock");
    let mut command = match wrapper.split_first() {
        Some((program, args)) => {
            let mut c = Command::new(program);
            c.args(args).arg(binary);
            c
        }
        None => Command::new(binary),
    };
    // Its own process group, so that a test that fails kills a wrapped daemon too (strace
    // killed alone lets its tracee run on).
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    let mut child = command
        .arg("run")
        .arg("--config")
        .arg(config)
        .arg("--journal")
        .arg(journal)
        .arg("--socket")
        .arg(&socket)
        .arg("--transcript")
        .arg(transcript)
        .args(extra)
        .env("RUST_LOG", "warn,pulseaudio=off")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the talkclock binary starts");
    let stdin = child.stdin.take().expect("stdin");
    // Read stdout as it comes, so a full pipe can never block the daemon.
    let stdout = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
    if let Some(mut out) = child.stdout.take() {
        let sink = stdout.clone();
        std::thread::spawn(move || {
            use std::io::Read;
            let mut buf = [0u8; 4096];
            while let Ok(n) = out.read(&mut buf) {
                if n == 0 {
                    break;
                }
                if let Ok(mut text) = sink.lock() {
                    text.push_str(&String::from_utf8_lossy(&buf[..n]));
                }
            }
        });
    }
    let deadline = Instant::now() + Duration::from_secs(20);
    while talkclock::control::client::request(&socket, r#"{"cmd":"status"}"#).is_err() {
        assert!(
            Instant::now() < deadline,
            "the daemon did not open its socket"
        );
        assert!(
            child.try_wait().expect("wait").is_none(),
            "the daemon exited early"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    Daemon {
        child,
        stdin,
        socket,
        stdout,
    }
}

impl Drop for Daemon {
    /// A test that fails half-way must not leave its daemon running.
    fn drop(&mut self) {
        if let Ok(group) = i32::try_from(self.child.id()) {
            // SAFETY: kill(2) on the process group this test started.
            unsafe {
                talkclock_harness::libc::kill(-group, talkclock_harness::libc::SIGKILL);
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Daemon {
    /// Types a key line, as a player's button would.
    pub fn key(&mut self, key: &str) {
        writeln!(self.stdin, "{key}").expect("write a key");
        self.stdin.flush().expect("flush keys");
    }

    /// Runs `talkclock ctl --socket SOCKET WORDS…`: whether it succeeded, and what it
    /// printed (standard output, then standard error).
    pub fn ctl_words(&self, words: &[&str]) -> (bool, String) {
        let out = Command::new(env!("CARGO_BIN_EXE_talkclock"))
            .arg("ctl")
            .arg("--socket")
            .arg(&self.socket)
            .args(words)
            .output()
            .expect("talkclock ctl runs");
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        (out.status.success(), text)
    }

    /// Sends one control request and returns the reply as JSON.
    pub fn ctl(&self, request: &str) -> serde_json::Value {
        let reply = talkclock::control::client::request(&self.socket, request).expect("reply");
        serde_json::from_str(&reply).expect("the reply is JSON")
    }

    /// Stops the daemon with SIGTERM and waits for a clean exit.
    pub fn terminate(mut self) -> String {
        // Sent directly (no `kill` program needed) by the harness, which holds the `unsafe`.
        talkclock_harness::process::sigterm(&self.child).expect("SIGTERM sent");
        let exit = self.child.wait().expect("wait");
        assert!(
            exit.success(),
            "the daemon exits cleanly on SIGTERM: {exit:?}"
        );
        std::thread::sleep(Duration::from_millis(50));
        let text = self.stdout.lock().map(|t| t.clone()).unwrap_or_default();
        text
    }
}

/// JSON lines of a file.
pub fn json_lines(path: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

impl Daemon {
    /// Waits until the daemon's standard output holds `needle` `count` times (announcements are
    /// printed with `--text` as they are handed to the audio); false after `limit`.
    pub fn wait_for_text(&self, needle: &str, count: usize, limit: Duration) -> bool {
        let end = Instant::now() + limit;
        while Instant::now() < end {
            let seen = self
                .stdout
                .lock()
                .map(|t| t.matches(needle).count())
                .unwrap_or(0);
            if seen >= count {
                return true;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        false
    }

    /// Stops the daemon with `q` on its standard input (the way that also reaches it under a
    /// wrapper such as strace, which does not pass SIGTERM on) and waits for a clean exit.
    pub fn quit(mut self) -> String {
        self.key("q");
        let exit = self.child.wait().expect("wait");
        assert!(exit.success(), "the daemon exits cleanly on q: {exit:?}");
        std::thread::sleep(Duration::from_millis(50));
        self.stdout()
    }

    /// What the daemon printed so far.
    pub fn stdout(&self) -> String {
        self.stdout.lock().map(|t| t.clone()).unwrap_or_default()
    }
}
