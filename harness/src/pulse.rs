//! A private PulseAudio server with a null sink, and a `parec` recorder on its monitor: real-time
//! audio with no sound card, for the benchmark and the audio tests. Every server is a child
//! process of ours and is stopped when its guard drops.

use crate::process::{wait_until, ChildGuard};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Sample rate of the private sink and of the recorder.
pub const RATE: u32 = 48_000;
/// Name of the private null sink.
pub const SINK: &str = "tc_sink";
/// The server's command-line socket in its folder (see [`PulseServer::command`]).
const CLI_SOCKET: &str = "pulse-cli";

/// The environment a client needs to reach the private server in `dir`.
pub fn client_env(dir: &Path) -> Vec<(&'static str, PathBuf)> {
    vec![
        (
            "PULSE_SERVER",
            PathBuf::from(format!("unix:{}", dir.join("pulse-native").display())),
        ),
        ("PULSE_RUNTIME_PATH", dir.join("pulse-run")),
        ("PULSE_STATE_PATH", dir.join("pulse-state")),
        ("PULSE_COOKIE", dir.join("pulse-cookie")),
    ]
}

/// Points this process (and the children it starts later) at the private server in `dir`.
/// Call it before other threads start: it sets environment variables.
pub fn use_server(dir: &Path) {
    for (key, value) in client_env(dir) {
        std::env::set_var(key, value);
    }
}

/// A private PulseAudio server (null sink, float samples) in a folder, plus a 20 ms keep-alive
/// stream of zeros so that the idle sink does not stall.
pub struct PulseServer {
    /// The server's folder (socket, logs).
    pub dir: PathBuf,
    /// The native protocol socket.
    pub socket: PathBuf,
    server: ChildGuard,
    keepalive: ChildGuard,
}

impl PulseServer {
    /// Starts the server in `dir` and points this process at it (see [`use_server`]).
    pub fn start(dir: &Path) -> Result<PulseServer, String> {
        let socket = dir.join("pulse-native");
        let script = dir.join("default.pa");
        std::fs::write(
            &script,
            format!(
                "load-module module-null-sink sink_name={SINK} rate={RATE} channels=2 format=float32le\n\
                 set-default-sink {SINK}\n\
                 load-module module-native-protocol-unix auth-anonymous=1 socket={}\n\
                 load-module module-cli-protocol-unix socket={}\n",
                socket.display(),
                dir.join(CLI_SOCKET).display()
            ),
        )
        .map_err(|e| format!("{}: {e}", script.display()))?;
        use_server(dir);
        let mut server = PulseServer {
            dir: dir.to_owned(),
            socket,
            server: ChildGuard(None),
            keepalive: ChildGuard(None),
        };
        server.launch()?;
        Ok(server)
    }

    fn launch(&mut self) -> Result<(), String> {
        let _ = std::fs::remove_file(&self.socket);
        let log_path = self.dir.join("pulseaudio.log");
        let log =
            std::fs::File::create(&log_path).map_err(|e| format!("{}: {e}", log_path.display()))?;
        let child = Command::new("pulseaudio")
            .args([
                "-n",
                "--daemonize=no",
                "--exit-idle-time=-1",
                "--use-pid-file=no",
            ])
            .args(["--disable-shm=yes", "--log-target=stderr", "-F"])
            .arg(self.dir.join("default.pa"))
            .env("HOME", &self.dir)
            .current_dir(&self.dir)
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .map_err(|e| format!("cannot start pulseaudio (install pulseaudio): {e}"))?;
        self.server = ChildGuard(Some(child));
        let up = wait_until(Duration::from_secs(10), || {
            Command::new("pactl")
                .arg("info")
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success())
        });
        if !up {
            return Err(format!(
                "the private pulseaudio did not come up; see {}",
                log_path.display()
            ));
        }
        let keepalive = Command::new("pacat")
            .args(["--playback", "--raw", "--format=float32le", "--channels=2"])
            .args([&format!("--rate={RATE}"), "--latency-msec=20"])
            .arg(format!("--device={SINK}"))
            .arg("/dev/zero")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start the pacat keep-alive: {e}"))?;
        self.keepalive = ChildGuard(Some(keepalive));
        Ok(())
    }

    /// Runs one command of the server's command line (`pacmd`'s language, spoken to the
    /// server's CLI socket directly: `pacmd` wants a pid file this server does not write), as
    /// `kill-sink-input 3`; returns what the server answered (empty when all went well).
    pub fn command(&self, line: &str) -> Result<String, String> {
        use std::io::Write;
        let path = self.dir.join(CLI_SOCKET);
        let mut cli = std::os::unix::net::UnixStream::connect(&path)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        cli.set_read_timeout(Some(Duration::from_secs(5)))
            .map_err(|e| e.to_string())?;
        // Closing our side ends the session (the CLI's `exit` would stop the server), so the
        // answer is everything up to the end.
        cli.write_all(format!("{line}\n").as_bytes())
            .and_then(|()| cli.shutdown(std::net::Shutdown::Write))
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let mut answer = String::new();
        cli.read_to_string(&mut answer)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(answer
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with("Welcome") && !l.starts_with(">>>"))
            .collect::<Vec<_>>()
            .join("\n"))
    }

    /// Stops the server (the "device" disappears).
    pub fn kill(&mut self) {
        self.keepalive.stop();
        self.server.stop();
    }

    /// Starts it again on the same socket (the "device" returns).
    pub fn relaunch(&mut self) -> Result<(), String> {
        self.launch()
    }
}

/// One chunk read from `parec`: when it arrived and its interleaved stereo samples.
pub struct Chunk {
    /// When the chunk was read.
    pub at: Instant,
    /// Interleaved stereo samples.
    pub samples: Vec<f32>,
}

/// Records the private sink's monitor with `parec` (stereo f32, 2 ms latency) in real time.
pub struct Recorder {
    child: ChildGuard,
    reader: Option<JoinHandle<()>>,
    chunks: Arc<Mutex<Vec<Chunk>>>,
}

impl Recorder {
    /// Starts recording; fails when `parec` cannot start or delivers nothing within 5 s.
    pub fn start() -> Result<Recorder, String> {
        let mut child = Command::new("parec")
            .args(["--raw", "--format=float32le", "--channels=2"])
            .args([&format!("--rate={RATE}"), "--latency-msec=2"])
            .arg(format!("--device={SINK}.monitor"))
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start parec (install pulseaudio-utils): {e}"))?;
        let stdout = child.stdout.take();
        let mut guard = ChildGuard(Some(child));
        let Some(mut stdout) = stdout else {
            guard.stop();
            return Err("parec has no standard output".into());
        };
        let chunks = Arc::new(Mutex::new(Vec::new()));
        let sink = chunks.clone();
        let reader = std::thread::spawn(move || {
            let mut buf = vec![0u8; 1024];
            let mut carry: Vec<u8> = Vec::new();
            while let Ok(n) = stdout.read(&mut buf) {
                if n == 0 {
                    break;
                }
                let at = Instant::now();
                carry.extend_from_slice(&buf[..n]);
                let whole = carry.len() / 8 * 8;
                let samples = carry[..whole]
                    .chunks_exact(4)
                    .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                    .collect();
                carry.drain(..whole);
                sink.lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .push(Chunk { at, samples });
            }
        });
        let recorder = Recorder {
            child: guard,
            reader: Some(reader),
            chunks,
        };
        if !wait_until(Duration::from_secs(5), || recorder.frames() > 0) {
            return Err("parec delivered nothing from the sink monitor".into());
        }
        Ok(recorder)
    }

    /// Frames recorded so far.
    pub fn frames(&self) -> usize {
        let chunks = self.chunks.lock().unwrap_or_else(PoisonError::into_inner);
        chunks.iter().map(|c| c.samples.len() / 2).sum()
    }

    /// Takes (and forgets) everything recorded so far.
    pub fn take(&self) -> Vec<Chunk> {
        std::mem::take(&mut *self.chunks.lock().unwrap_or_else(PoisonError::into_inner))
    }

    /// Stops `parec` and its reader thread.
    pub fn stop(mut self) {
        self.child.stop();
        if let Some(reader) = self.reader.take() {
            let _ = reader.join();
        }
    }
}

/// When the first frame louder than `threshold` (either channel) reached the recorder,
/// estimated from its chunk's arrival time minus the frames that followed it in that chunk.
pub fn first_sound_time(chunks: &[Chunk], threshold: f32) -> Option<Instant> {
    first_sound_time_in(chunks, threshold, &[0, 1])
}

/// As [`first_sound_time`], looking only at `channels` (0 left, 1 right).
pub fn first_sound_time_in(
    chunks: &[Chunk],
    threshold: f32,
    channels: &[usize],
) -> Option<Instant> {
    for chunk in chunks {
        let frames = chunk.samples.len() / 2;
        let hit = chunk
            .samples
            .chunks_exact(2)
            .position(|f| channels.iter().any(|&c| f[c].abs() > threshold));
        if let Some(i) = hit {
            let after = (frames - i) as f64 / f64::from(RATE);
            return Some(
                chunk
                    .at
                    .checked_sub(Duration::from_secs_f64(after))
                    .unwrap_or(chunk.at),
            );
        }
    }
    None
}

/// When the last frame louder than `threshold` arrived (its chunk's arrival time).
pub fn last_sound_time(chunks: &[Chunk], threshold: f32) -> Option<Instant> {
    chunks
        .iter()
        .rev()
        .find(|c| c.samples.iter().any(|s| s.abs() > threshold))
        .map(|c| c.at)
}
