//! A hall for the broker tests: `talkclock hall init` (the real binary) in a temporary folder,
//! mosquitto on it ([`talkclock_harness::broker::Broker`]), and the `mosquitto_pub` /
//! `mosquitto_sub` clients (MQTT v5, QoS 1) logging in with the credentials files it wrote.

#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use talkclock_harness::broker::Broker;
use talkclock_harness::net::free_port;
use talkclock_harness::process::{wait_until, ChildGuard};

/// The event id of the test halls.
pub const EVENT: &str = "test-cup";

/// How long a message may take to arrive.
pub const DELIVERY: Duration = Duration::from_secs(5);

/// `talkclock/v1/test-cup/board/<board>/<leaf>`.
pub fn topic(board: &str, leaf: &str) -> String {
    format!("talkclock/v1/{EVENT}/board/{board}/{leaf}")
}

/// A hall's folder and its running broker.
pub struct Hall {
    /// The folder `hall init` wrote.
    pub dir: PathBuf,
    /// The broker.
    pub broker: Broker,
    _tmp: tempfile::TempDir,
}

/// A temporary folder that the user `mosquitto` can enter: mosquitto started as root (as in
/// CI) drops to that user before it reads `passwd` and the TLS key.
pub fn open_tempdir() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::set_permissions(tmp.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    tmp
}

/// Runs `talkclock hall init --event test-cup --dir DIR --bind 127.0.0.1 ARGS…`, which must
/// succeed.
pub fn hall_init(dir: &Path, args: &[&str]) -> Output {
    let out = Command::new(env!("CARGO_BIN_EXE_talkclock"))
        .args([
            "hall",
            "init",
            "--event",
            EVENT,
            "--bind",
            "127.0.0.1",
            "--dir",
        ])
        .arg(dir)
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "hall init failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

impl Hall {
    /// A hall of `boards` boards on a free port, its broker running.
    pub fn start(boards: u32) -> Hall {
        Hall::start_with(&["--boards", &boards.to_string()], |_| {})
    }

    /// A hall that `hall init ARGS… --port <free port>` wrote; `before_start` runs on its
    /// folder before its broker starts.
    pub fn start_with(args: &[&str], before_start: impl FnOnce(&Path)) -> Hall {
        let tmp = open_tempdir();
        let dir = tmp.path().join("hall");
        let port = free_port().unwrap().to_string();
        let mut all = args.to_vec();
        all.extend(["--port", &port]);
        hall_init(&dir, &all);
        before_start(&dir);
        let broker = Broker::start(&dir).unwrap_or_else(|e| panic!("{e}"));
        Hall {
            dir,
            broker,
            _tmp: tmp,
        }
    }

    /// The password `hall init` gave `user`, read from its credentials file.
    pub fn password(&self, user: &str) -> String {
        let file = self.dir.join("credentials").join(format!("{user}.toml"));
        talkclock::hall::credentials::read(&file).unwrap().password
    }

    /// Host, port, MQTT v5, QoS 1, and this login (user, password), if any.
    fn client_args(&self, login: Option<(&str, &str)>) -> Vec<String> {
        let mut args: Vec<String> = ["-h", "127.0.0.1", "-V", "mqttv5", "-q", "1", "-p"]
            .map(String::from)
            .to_vec();
        args.push(self.broker.port().to_string());
        if let Some((user, password)) = login {
            args.extend(["-u", user, "-P", password].map(String::from));
        }
        args
    }

    /// `mosquitto_pub -d` with this login (user, password), or anonymous; more arguments in
    /// `extra` (they may override `-V`).
    pub fn publish_with(
        &self,
        login: Option<(&str, &str)>,
        topic: &str,
        message: &str,
        extra: &[&str],
    ) -> Published {
        let out = Command::new("mosquitto_pub")
            .args(self.client_args(login))
            .args(["-d", "-t", topic, "-m", message])
            .args(extra)
            .output()
            .expect("mosquitto_pub runs (install mosquitto-clients)");
        Published {
            code: out.status.code(),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    }

    /// `mosquitto_pub -d` as `user` with its own password.
    pub fn publish(&self, user: &str, topic: &str, message: &str) -> Published {
        self.publish_with(Some((user, &self.password(user))), topic, message, &[])
    }

    /// `mosquitto_sub -d -v` as `user` on `topics` (more arguments in `extra`), once it is
    /// subscribed.
    pub fn subscribe(&self, user: &str, topics: &[&str], extra: &[&str]) -> Subscriber {
        // mosquitto_sub flushes its standard output after a message but not after its `-d`
        // trace, so "Subscribed" would wait in the buffer: line-buffered through stdbuf (it
        // then execs mosquitto_sub, whose pid the guard keeps).
        let mut command = Command::new("stdbuf");
        command.args(["-oL", "mosquitto_sub"]);
        let password = self.password(user);
        command
            .args(self.client_args(Some((user, &password))))
            .args(["-d", "-v"]);
        for t in topics {
            command.args(["-t", t]);
        }
        let mut child = command
            .args(extra)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("mosquitto_sub runs (install mosquitto-clients)");
        let lines = Arc::new(Mutex::new(Vec::new()));
        for stream in [
            child
                .stdout
                .take()
                .map(|s| Box::new(s) as Box<dyn std::io::Read + Send>),
            child
                .stderr
                .take()
                .map(|s| Box::new(s) as Box<dyn std::io::Read + Send>),
        ]
        .into_iter()
        .flatten()
        {
            let sink = lines.clone();
            std::thread::spawn(move || {
                for line in BufReader::new(stream).lines().map_while(Result::ok) {
                    sink.lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .push(line);
                }
            });
        }
        let subscriber = Subscriber {
            _child: ChildGuard(Some(child)),
            lines,
        };
        assert!(
            subscriber.wait_for(|l| l.starts_with("Subscribed (mid:")),
            "{user} did not subscribe to {topics:?}: {:?}\nbroker log:\n{}",
            subscriber.lines(),
            self.broker.log()
        );
        subscriber
    }
}

/// What `mosquitto_pub -d` did.
#[derive(Debug)]
pub struct Published {
    /// Its exit code.
    pub code: Option<i32>,
    /// The `-d` trace (CONNACK, PUBACK with its reason code).
    pub stdout: String,
    /// Warnings and errors.
    pub stderr: String,
}

impl Published {
    /// The reason code of the PUBACK, if one came.
    pub fn puback(&self) -> Option<u8> {
        let at = self.stdout.find("received PUBACK")?;
        let rest = &self.stdout[at..];
        let rc = rest.split("RC:").nth(1)?;
        rc.chars()
            .take_while(char::is_ascii_digit)
            .collect::<String>()
            .parse()
            .ok()
    }

    /// Connected, and the broker accepted the message: PUBACK 0 (delivered) or 16 ("no
    /// matching subscribers", which MQTT v5 counts as a success).
    pub fn accepted(&self) -> bool {
        self.code == Some(0) && matches!(self.puback(), Some(0 | 16))
    }
}

/// A running `mosquitto_sub` and every line it printed (trace and messages).
pub struct Subscriber {
    _child: ChildGuard,
    lines: Arc<Mutex<Vec<String>>>,
}

impl Subscriber {
    /// Every line so far.
    pub fn lines(&self) -> Vec<String> {
        self.lines
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Waits (at most [`DELIVERY`]) for a line that `check` accepts.
    pub fn wait_for(&self, check: impl Fn(&str) -> bool) -> bool {
        wait_until(DELIVERY, || self.lines().iter().any(|l| check(l)))
    }

    /// Waits for the message `topic payload` (what `-v` prints).
    pub fn got(&self, topic: &str, payload: &str) -> bool {
        let line = format!("{topic} {payload}");
        self.wait_for(|l| l == line)
    }

    /// Whether `payload` arrived on any topic by now.
    pub fn has_payload(&self, payload: &str) -> bool {
        let tail = format!(" {payload}");
        self.lines().iter().any(|l| l.ends_with(&tail))
    }
}
