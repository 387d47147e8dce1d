//! A hall for the tests: `talkclock hall init` in a temporary folder, a real mosquitto on a
//! free port (the harness's `Broker`), boards (`talkclock run --no-audio`, keys on standard
//! input) and the station (`talkclock station --no-audio --transcript`), each a real process.
#![allow(dead_code)]

use crate::common_daemon::{self, Daemon};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
pub use talkclock_harness::broker::Broker;
// Not every test binary that includes this file uses each of these.
#[allow(unused_imports)]
pub use talkclock_harness::hall_audit::{alerts_of, board_alert_count, mirror_of};
pub use talkclock_harness::net::free_port;
#[allow(unused_imports)]
pub use talkclock_harness::relay::Relay;

/// The event of every test hall.
pub const EVENT: &str = "test-hall";

/// A hall's folder, broker and boards.
pub struct Hall {
    pub dir: tempfile::TempDir,
    pub broker: Broker,
    /// Where the boards connect (the broker's port, or a proxy's).
    pub port: u16,
    /// The station's `[[arbiter]]` sections.
    pub arbiters: String,
}

/// The arbiters of every test hall unless a test says otherwise: `chief` (Russian, boards
/// 1–15) and `deputy` (English, 16 on).
pub const ARBITERS: &str = "[[arbiter]]\nname = \"chief\"\nlanguage = \"ru\"\nboards = \"1-15\"\n\
                            [[arbiter]]\nname = \"deputy\"\nlanguage = \"en\"\nboards = \"16-500\"\n";

/// A temporary folder for a hall: mosquitto, started as root, reads its password file as the
/// user `mosquitto`, so it is made 0755.
fn broker_tempdir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::set_permissions(
        dir.path(),
        std::os::unix::fs::PermissionsExt::from_mode(0o755),
    )
    .expect("chmod 755");
    dir
}

/// Checks that the station said each of board `n`'s alerts exactly once (ids 0..K, K the
/// board's own count in its last state); returns them.
pub fn said_once(mirror: &Path, lines: &[serde_json::Value], n: u32) -> Vec<(u64, String, String)> {
    let said = alerts_of(lines, u64::from(n));
    let count = board_alert_count(mirror, n).expect("the board's state");
    let mut ids: Vec<u64> = said.iter().map(|(id, _, _)| *id).collect();
    ids.sort_unstable();
    assert_eq!(
        ids,
        (0..count).collect::<Vec<_>>(),
        "board {n}: every alert exactly once: {said:?}"
    );
    said
}

impl Hall {
    /// `talkclock hall init --boards N` and its broker, started.
    pub fn new(boards: u32) -> Hall {
        let dir = broker_tempdir();
        let port = free_port().expect("a free port");
        let out = Command::new(env!("CARGO_BIN_EXE_talkclock"))
            .args([
                "hall",
                "init",
                "--boards",
                &boards.to_string(),
                "--event",
                EVENT,
            ])
            .arg("--dir")
            .arg(dir.path().join("broker"))
            .args(["--port", &port.to_string(), "--bind", "127.0.0.1"])
            .output()
            .expect("talkclock hall init runs");
        assert!(
            out.status.success(),
            "hall init failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let broker = Broker::start(&dir.path().join("broker")).expect("mosquitto starts");
        Hall {
            dir,
            broker,
            port,
            arbiters: ARBITERS.to_string(),
        }
    }

    /// A board's credentials file.
    pub fn credentials(&self, name: &str) -> PathBuf {
        self.dir
            .path()
            .join("broker")
            .join("credentials")
            .join(format!("{name}.toml"))
    }

    /// A board's folder: its configuration (a 5 s tournament game, White totally blind in
    /// Russian, Black low-vision in English) with `[hall]`, its journal and transcript.
    pub fn board_files(&self, n: u32, time: &str, port: u16) -> BoardFiles {
        self.board_files_as(n, time, port, &format!("board-{n}"))
    }

    /// As [`Hall::board_files`], with another user's credentials.
    pub fn board_files_as(&self, n: u32, time: &str, port: u16, user: &str) -> BoardFiles {
        let dir = self.dir.path().join(format!("board-{n}"));
        std::fs::create_dir_all(&dir).expect("board folder");
        let config = dir.join("game.toml");
        std::fs::write(
            &config,
            format!(
                "mode = \"tournament\"\n\
                 [[time_control.stage]]\ntime = \"{time}\"\n\
                 [players.white]\nvision = \"totally_blind\"\nlanguage = \"ru\"\n\
                 [players.black]\nvision = \"low_vision\"\nlanguage = \"en\"\n\
                 [arbiter]\nlanguage = \"ru\"\n\
                 [hall]\nurl = \"mqtt://127.0.0.1:{port}\"\nevent = \"{EVENT}\"\nboard = {n}\n\
                 credentials = \"{}\"\n",
                self.credentials(user).display()
            ),
        )
        .expect("write the board's configuration");
        BoardFiles {
            journal: dir.join("journal.jsonl"),
            transcript: dir.join("t.jsonl"),
            config,
            dir,
        }
    }

    /// Starts a board.
    pub fn board(&self, files: &BoardFiles) -> Daemon {
        common_daemon::start(
            &files.dir,
            &files.config,
            &files.journal,
            &files.transcript,
            &["--no-audio"],
        )
    }

    /// The station's configuration, its arbiters [`Hall::arbiters`].
    pub fn station_config(&self) -> PathBuf {
        self.station_config_with("")
    }

    /// As [`Hall::station_config`], with `extra` (more sections) at its end.
    pub fn station_config_with(&self, extra: &str) -> PathBuf {
        let path = self.dir.path().join("station.toml");
        std::fs::write(
            &path,
            format!(
                "[broker]\nurl = \"mqtt://127.0.0.1:{}\"\nevent = \"{EVENT}\"\ncredentials = \"{}\"\n\
                 [station]\nmirror = \"mirror\"\nsilent_after = \"0:04\"\nlate_after = \"0:03\"\n\
                 {}{extra}",
                self.broker.port(),
                self.credentials("station").display(),
                self.arbiters
            ),
        )
        .expect("write station.toml");
        path
    }

    /// The station's mirror folder.
    pub fn mirror(&self) -> PathBuf {
        self.dir.path().join("mirror")
    }

    /// Starts the station (its transcript appended to, over restarts).
    pub fn station(&self) -> Station {
        self.station_with("")
    }

    /// Starts the station with `extra` at the end of its configuration (a `[dashboard]`).
    pub fn station_with(&self, extra: &str) -> Station {
        self.station_wrapped(&[], extra, None)
    }

    /// As [`Hall::station_with`], its log (warnings and errors) kept for [`Station::log`].
    pub fn station_logged(&self, extra: &str) -> Station {
        let starts = std::fs::read_dir(self.dir.path())
            .map(|d| {
                d.flatten()
                    .filter(|e| e.file_name().to_string_lossy().starts_with("log-station-"))
                    .count()
            })
            .unwrap_or(0);
        let log = self.dir.path().join(format!("log-station-{starts:03}.txt"));
        self.station_wrapped(&[], extra, Some(&log))
    }

    /// As [`Hall::station_with`], under `wrapper` (e.g. `prlimit --nofile=1024:1024 --`, which
    /// execs the station), its log (standard error) into `log` when given.
    pub fn station_wrapped(&self, wrapper: &[&str], extra: &str, log: Option<&Path>) -> Station {
        let config = self.station_config_with(extra);
        let starts = std::fs::read_dir(self.dir.path())
            .map(|d| {
                d.flatten()
                    .filter(|e| e.file_name().to_string_lossy().starts_with("station-"))
                    .count()
            })
            .unwrap_or(0);
        let part = self.dir.path().join(format!("station-{starts:03}.jsonl"));
        let binary = env!("CARGO_BIN_EXE_talkclock");
        let mut command = match wrapper.split_first() {
            Some((program, args)) => {
                let mut c = Command::new(program);
                c.args(args).arg(binary);
                c
            }
            None => Command::new(binary),
        };
        let stderr = match log {
            Some(path) => Stdio::from(std::fs::File::create(path).expect("the station's log")),
            None => Stdio::inherit(),
        };
        let log = log.map(Path::to_path_buf);
        let child = command
            .args(["station", "--no-audio", "--config"])
            .arg(&config)
            .arg("--transcript")
            .arg(&part)
            .env("RUST_LOG", "warn")
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(stderr)
            .spawn()
            .expect("talkclock station starts");
        Station {
            child: Some(child),
            part,
            log,
        }
    }

    /// `mosquitto_pub` (MQTT v5, QoS 1) as `user` with its own password: each of `payloads`
    /// (one line each) a message on `topic`, read from its standard input (`-l`); `extra` are
    /// more arguments (`-r`). Returns once the broker has taken them all.
    pub fn publish_as(
        &self,
        user: &str,
        topic: &str,
        payloads: impl IntoIterator<Item = String>,
        extra: &[&str],
    ) {
        use std::io::Write;
        let password = talkclock::hall::credentials::read(&self.credentials(user))
            .expect("the credentials")
            .password;
        let mut child = Command::new("mosquitto_pub")
            .args(["-h", "127.0.0.1", "-V", "mqttv5", "-q", "1", "-p"])
            .arg(self.broker.port().to_string())
            .args(["-u", user, "-P", &password, "-t", topic, "-l"])
            .args(extra)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("mosquitto_pub runs (install mosquitto-clients)");
        let mut stdin = child.stdin.take().expect("its standard input");
        for payload in payloads {
            assert!(!payload.contains('\n'), "one message a line");
            writeln!(stdin, "{payload}").expect("write a message");
        }
        drop(stdin);
        let out = child.wait_with_output().expect("mosquitto_pub ends");
        assert!(
            out.status.success(),
            "mosquitto_pub as {user}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }

    /// `talkclock station status`'s output.
    pub fn status(&self) -> String {
        let out = Command::new(env!("CARGO_BIN_EXE_talkclock"))
            .args(["station", "status", "--config"])
            .arg(self.station_config())
            .output()
            .expect("station status runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// `talkclock station ctl BOARD WORDS…`: (exit code, reply).
    pub fn ctl(&self, board: u32, words: &[&str]) -> (i32, String) {
        let out = Command::new(env!("CARGO_BIN_EXE_talkclock"))
            .args(["station", "ctl", "--config"])
            .arg(self.station_config())
            .arg(board.to_string())
            .args(words)
            .output()
            .expect("station ctl runs");
        (
            out.status.code().unwrap_or(-1),
            format!(
                "{}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            ),
        )
    }
}

impl Hall {
    /// `mosquitto_sub -v` (MQTT v5, QoS 1) as `user` on `topic`: what it printed so far.
    pub fn subscribe_as(&self, user: &str, topic: &str) -> Subscriber {
        use std::io::BufRead;
        let password = talkclock::hall::credentials::read(&self.credentials(user))
            .expect("the credentials")
            .password;
        // Line-buffered through stdbuf, which then execs mosquitto_sub (the guard kills it).
        let mut child = Command::new("stdbuf")
            .args([
                "-oL",
                "mosquitto_sub",
                "-h",
                "127.0.0.1",
                "-V",
                "mqttv5",
                "-q",
                "1",
            ])
            .arg("-p")
            .arg(self.broker.port().to_string())
            .args(["-u", user, "-P", &password, "-v", "-t", topic])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("mosquitto_sub runs (install mosquitto-clients)");
        let lines = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        if let Some(out) = child.stdout.take() {
            let sink = lines.clone();
            std::thread::spawn(move || {
                for line in std::io::BufReader::new(out).lines().map_while(Result::ok) {
                    sink.lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner)
                        .push(line);
                }
            });
        }
        Subscriber {
            _child: talkclock_harness::process::ChildGuard(Some(child)),
            lines,
        }
    }
}

/// A running `mosquitto_sub` and the lines it printed.
pub struct Subscriber {
    _child: talkclock_harness::process::ChildGuard,
    lines: std::sync::Arc<std::sync::Mutex<Vec<String>>>,
}

impl Subscriber {
    /// Every line so far.
    pub fn lines(&self) -> Vec<String> {
        self.lines
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }
}

/// A board's files.
pub struct BoardFiles {
    pub dir: PathBuf,
    pub config: PathBuf,
    pub journal: PathBuf,
    pub transcript: PathBuf,
}

/// A running station; its lines go to one transcript file per start, read together.
pub struct Station {
    child: Option<Child>,
    part: PathBuf,
    log: Option<PathBuf>,
}

impl Station {
    /// What it logged so far (started with [`Hall::station_logged`] or a log file).
    pub fn log(&self) -> String {
        self.log
            .as_ref()
            .and_then(|p| std::fs::read_to_string(p).ok())
            .unwrap_or_default()
    }

    /// Its process id.
    pub fn pid(&self) -> Option<u32> {
        self.child.as_ref().map(Child::id)
    }

    /// Every line it said, over every start (parsed).
    pub fn lines(&self) -> Vec<serde_json::Value> {
        let dir = self.part.parent().expect("a folder");
        let mut parts: Vec<PathBuf> = std::fs::read_dir(dir)
            .expect("read the folder")
            .flatten()
            .map(|e| e.path())
            .filter(|p| {
                p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.starts_with("station-") && n.ends_with(".jsonl"))
            })
            .collect();
        parts.sort();
        parts
            .iter()
            .flat_map(|p| {
                std::fs::read_to_string(p)
                    .unwrap_or_default()
                    .lines()
                    .filter_map(|l| serde_json::from_str(l).ok())
                    .collect::<Vec<serde_json::Value>>()
            })
            .collect()
    }

    /// Types a line on its standard input (`repeat`, `quit`).
    pub fn type_line(&mut self, line: &str) {
        use std::io::Write;
        let stdin = self
            .child
            .as_mut()
            .and_then(|c| c.stdin.as_mut())
            .expect("the station's standard input");
        writeln!(stdin, "{line}").expect("write to the station");
        stdin.flush().expect("flush");
    }

    /// SIGKILL.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

impl Drop for Station {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Waits until `check` holds, at most `limit`; says `what` when it does not.
pub fn wait_for(limit: Duration, what: &str, mut check: impl FnMut() -> bool) {
    let deadline = Instant::now() + limit;
    while !check() {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// A board's topic of kind `leaf` (`records`, `state`).
pub fn topic(board: u32, leaf: &str) -> String {
    format!("talkclock/v1/{EVENT}/board/{board}/{leaf}")
}

/// The lines of a JSON-lines file.
pub fn json_lines(path: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect()
}

/// `talkclock replay`'s lines.
pub fn replay(journal: &Path) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_talkclock"))
        .arg("replay")
        .arg(journal)
        .output()
        .expect("replay runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

impl Hall {
    /// A second venue bridged to `a`, the station's, as a technician sets one up: `hall init
    /// --boards RANGE --venue b --bridge-to 127.0.0.1:BRIDGE_TO` (`a`'s port, or a relay's),
    /// the bridge user installed on `a` with `hall add-bridge` and `a`'s broker reloaded, and
    /// this venue's broker started.
    pub fn bridged(a: &Hall, range: &str, bridge_to: u16) -> Hall {
        let dir = broker_tempdir();
        let port = free_port().expect("a free port");
        let folder = dir.path().join("broker");
        let out = Command::new(env!("CARGO_BIN_EXE_talkclock"))
            .args(["hall", "init", "--boards", range, "--event", EVENT])
            .arg("--dir")
            .arg(&folder)
            .args(["--port", &port.to_string(), "--bind", "127.0.0.1"])
            .args(["--venue", "b", "--bridge-to"])
            .arg(format!("127.0.0.1:{bridge_to}"))
            .output()
            .expect("talkclock hall init runs");
        assert!(
            out.status.success(),
            "hall init --venue b: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let out = Command::new(env!("CARGO_BIN_EXE_talkclock"))
            .args(["hall", "add-bridge", "--dir"])
            .arg(a.dir.path().join("broker"))
            .arg("--file")
            .arg(folder.join("bridge-b.user"))
            .output()
            .expect("talkclock hall add-bridge runs");
        assert!(
            out.status.success(),
            "hall add-bridge: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        a.broker.reload().expect("venue A's broker reloads");
        let broker = Broker::start(&folder).unwrap_or_else(|e| panic!("{e}"));
        Hall {
            dir,
            broker,
            port,
            arbiters: ARBITERS.to_string(),
        }
    }
}
