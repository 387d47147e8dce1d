//! The real `talkclock run` as a child process: started with its own journal, socket and
//! configuration in a folder, ready when it sends systemd's `READY=1` to our notify socket,
//! keys written to its standard input, its text lines read with their arrival times, and its
//! CPU time and memory read from `/proc`.

use crate::process::ChildGuard;
use std::io::{BufRead, BufReader, Write};
use std::os::unix::net::UnixDatagram;
use std::path::{Path, PathBuf};
use std::process::{ChildStdin, Command, Stdio};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// A text line the daemon printed, with when we read it.
#[derive(Debug, Clone)]
pub struct Line {
    /// When the line arrived.
    pub at: Instant,
    /// The line.
    pub text: String,
}

/// CPU time one thread has used.
#[derive(Debug, Clone)]
pub struct ThreadTime {
    /// The thread id.
    pub id: String,
    /// Its name (`comm`).
    pub name: String,
    /// CPU time so far.
    pub cpu: Duration,
}

/// A running daemon.
pub struct Daemon {
    child: ChildGuard,
    stdin: ChildStdin,
    lines: Arc<Mutex<Vec<Line>>>,
    /// Its control socket.
    pub socket: PathBuf,
    /// Its transcript file.
    pub transcript: PathBuf,
    /// From spawn to `READY=1`.
    pub startup: Duration,
}

impl Daemon {
    /// Starts `exe run` in `dir` on `config_text` (with audio unless `no_audio`) and waits
    /// (at most 20 s) until it says it is ready.
    pub fn start(
        exe: &Path,
        dir: &Path,
        config_text: &str,
        no_audio: bool,
    ) -> Result<Daemon, String> {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let config = dir.join("config.toml");
        std::fs::write(&config, config_text).map_err(|e| format!("{}: {e}", config.display()))?;
        let notify_path = dir.join("notify.sock");
        let _ = std::fs::remove_file(&notify_path);
        let notify = UnixDatagram::bind(&notify_path)
            .map_err(|e| format!("{}: {e}", notify_path.display()))?;
        notify
            .set_read_timeout(Some(Duration::from_secs(20)))
            .map_err(|e| e.to_string())?;
        let socket = dir.join("control.sock");
        let transcript = dir.join("transcript.jsonl");
        let mut command = Command::new(exe);
        command
            .arg("run")
            .arg("--config")
            .arg(&config)
            .arg("--journal")
            .arg(dir.join("journal.jsonl"))
            .arg("--socket")
            .arg(&socket)
            .arg("--transcript")
            .arg(&transcript)
            .arg("--text")
            .env("NOTIFY_SOCKET", &notify_path)
            .env("RUST_LOG", "warn,pulseaudio=off")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(log_file(dir)?);
        if no_audio {
            command.arg("--no-audio");
        }
        let spawned = Instant::now();
        let mut child = command
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", exe.display()))?;
        let (stdin, stdout) = (child.stdin.take(), child.stdout.take());
        let mut guard = ChildGuard(Some(child));
        let (Some(stdin), Some(stdout)) = (stdin, stdout) else {
            guard.stop();
            return Err("the daemon's standard input or output is missing".into());
        };
        let mut buf = [0u8; 64];
        let ready = loop {
            match notify.recv(&mut buf) {
                Ok(n) if buf[..n].starts_with(b"READY=1") => break Instant::now(),
                Ok(_) => continue,
                Err(e) => {
                    guard.stop();
                    return Err(format!(
                        "the daemon did not say READY=1 ({e}); see {}",
                        dir.join("daemon.log").display()
                    ));
                }
            }
        };
        let lines = Arc::new(Mutex::new(Vec::new()));
        let sink = lines.clone();
        std::thread::spawn(move || {
            for text in BufReader::new(stdout).lines() {
                let Ok(text) = text else { break };
                let at = Instant::now();
                sink.lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .push(Line { at, text });
            }
        });
        Ok(Daemon {
            child: guard,
            stdin,
            lines,
            socket,
            transcript,
            startup: ready - spawned,
        })
    }

    /// Types a key (one line) and returns the instant just before it was written.
    pub fn key(&mut self, key: &str) -> Result<Instant, String> {
        let line = format!("{key}\n");
        let at = Instant::now();
        self.stdin
            .write_all(line.as_bytes())
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("cannot type `{key}` to the daemon: {e}"))?;
        Ok(at)
    }

    /// Takes (and forgets) the text lines read so far.
    pub fn take_lines(&self) -> Vec<Line> {
        std::mem::take(&mut *self.lines.lock().unwrap_or_else(PoisonError::into_inner))
    }

    /// Sends one control request and parses the JSON reply.
    pub fn control(&self, json: &str) -> Result<serde_json::Value, String> {
        let reply =
            talkclock::control::client::request(&self.socket, json).map_err(|e| e.to_string())?;
        serde_json::from_str(&reply).map_err(|e| format!("bad reply `{reply}`: {e}"))
    }

    /// CPU time used so far by each of its threads (id, name, time), from
    /// `/proc/PID/task/*/{comm,schedstat}`.
    pub fn thread_times(&self) -> Result<Vec<ThreadTime>, String> {
        let pid = self.pid()?;
        let tasks = format!("/proc/{pid}/task");
        let mut out = Vec::new();
        for entry in std::fs::read_dir(&tasks).map_err(|e| format!("{tasks}: {e}"))? {
            let Ok(entry) = entry else { continue };
            let Ok(text) = std::fs::read_to_string(entry.path().join("schedstat")) else {
                continue; // the thread ended meanwhile
            };
            let ns = text
                .split_whitespace()
                .next()
                .and_then(|t| t.parse::<u64>().ok())
                .ok_or_else(|| format!("{tasks}: unreadable schedstat `{text}`"))?;
            let name = std::fs::read_to_string(entry.path().join("comm"))
                .map(|n| n.trim().to_string())
                .unwrap_or_default();
            out.push(ThreadTime {
                id: entry.file_name().to_string_lossy().into_owned(),
                name,
                cpu: Duration::from_nanos(ns),
            });
        }
        Ok(out)
    }

    /// A `/proc/PID/status` field in kB (`VmRSS`, `VmHWM`).
    pub fn status_kb(&self, field: &str) -> Result<u64, String> {
        let path = format!("/proc/{}/status", self.pid()?);
        let text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
        text.lines()
            .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))
            .and_then(|v| v.split_whitespace().next()?.parse().ok())
            .ok_or_else(|| format!("{path}: no {field}"))
    }

    /// Sends `signal` (e.g. `libc::SIGSTOP`) to the daemon.
    pub fn signal(&self, signal: libc::c_int) -> Result<(), String> {
        let child = self.child.0.as_ref().ok_or("the daemon has stopped")?;
        crate::process::signal(child, signal).map_err(|e| e.to_string())
    }

    /// The daemon's process id.
    pub fn pid(&self) -> Result<u32, String> {
        self.child
            .id()
            .ok_or_else(|| "the daemon has stopped".into())
    }

    /// Types `q` and waits (at most 5 s) for it to exit; then makes sure it is gone.
    pub fn quit(mut self) {
        let _ = self.key("q");
        if let Some(child) = self.child.0.as_mut() {
            let deadline = Instant::now() + Duration::from_secs(5);
            while Instant::now() < deadline && !matches!(child.try_wait(), Ok(Some(_))) {
                std::thread::sleep(Duration::from_millis(20));
            }
        }
        self.child.stop();
    }
}

fn log_file(dir: &Path) -> Result<std::fs::File, String> {
    let path = dir.join("daemon.log");
    std::fs::File::create(&path).map_err(|e| format!("{}: {e}", path.display()))
}
