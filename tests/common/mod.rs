//! Shared parts of the integration tests: a private PulseAudio server with a null sink,
//! a `parec` recorder on its monitor, test signals and small analysis helpers.
//! Every server is a child process of the test and is killed when its guard drops.

#![allow(dead_code)]

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use talkclock::audio::Pcm;

/// Sample rate used by the tests and the private sink.
pub const RATE: u32 = 48_000;
/// Name of the private null sink.
pub const SINK: &str = "tc_sink";

/// Kills and reaps a child process (started by this test) on drop.
pub struct ChildGuard(pub Option<Child>);

impl ChildGuard {
    /// SIGTERM (so servers stop their own helpers), then SIGKILL after 2 s; reaps it.
    pub fn stop(&mut self) {
        if let Some(mut child) = self.0.take() {
            if let Ok(pid) = libc::pid_t::try_from(child.id()) {
                // SAFETY: kill(2) on our own child with a valid signal number.
                unsafe { libc::kill(pid, libc::SIGTERM) };
            }
            let exited = wait_until(Duration::from_secs(2), || {
                child.try_wait().is_ok_and(|s| s.is_some())
            });
            if !exited {
                let _ = child.kill();
            }
            let _ = child.wait();
        }
    }
}

impl Drop for ChildGuard {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Polls `check` every 20 ms until it is true or `limit` passes.
pub fn wait_until(limit: Duration, mut check: impl FnMut() -> bool) -> bool {
    let deadline = Instant::now() + limit;
    while Instant::now() < deadline {
        if check() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    check()
}

/// A private PulseAudio server (null sink, float samples) in `dir`, plus a 20 ms
/// keep-alive stream of zeros so the idle sink does not stall.
pub struct PulseServer {
    pub dir: PathBuf,
    pub socket: PathBuf,
    server: ChildGuard,
    keepalive: ChildGuard,
}

impl PulseServer {
    /// Starts the server and points this process at it (`PULSE_SERVER` and friends).
    pub fn start(dir: &Path) -> PulseServer {
        let socket = dir.join("pulse-native");
        let script = dir.join("default.pa");
        std::fs::write(
            &script,
            format!(
                "load-module module-null-sink sink_name={SINK} rate={RATE} channels=2 format=float32le\n\
                 set-default-sink {SINK}\n\
                 load-module module-native-protocol-unix auth-anonymous=1 socket={}\n",
                socket.display()
            ),
        )
        .expect("write default.pa");
        std::env::set_var("PULSE_SERVER", format!("unix:{}", socket.display()));
        std::env::set_var("PULSE_RUNTIME_PATH", dir.join("pulse-run"));
        std::env::set_var("PULSE_STATE_PATH", dir.join("pulse-state"));
        std::env::set_var("PULSE_COOKIE", dir.join("pulse-cookie"));
        let mut server = PulseServer {
            dir: dir.to_owned(),
            socket,
            server: ChildGuard(None),
            keepalive: ChildGuard(None),
        };
        server.launch();
        server
    }

    fn launch(&mut self) {
        let _ = std::fs::remove_file(&self.socket);
        let log = std::fs::File::create(self.dir.join("pulseaudio.log")).expect("log file");
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
            .expect("start pulseaudio (run install-deps.sh)");
        self.server = ChildGuard(Some(child));
        let up = wait_until(Duration::from_secs(10), || {
            Command::new("pactl")
                .arg("info")
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success())
        });
        assert!(up, "private pulseaudio did not come up; see {:?}", self.dir);
        let keepalive = Command::new("pacat")
            .args(["--playback", "--raw", "--format=float32le", "--channels=2"])
            .args([&format!("--rate={RATE}"), "--latency-msec=20"])
            .arg(format!("--device={SINK}"))
            .arg("/dev/zero")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start pacat keep-alive");
        self.keepalive = ChildGuard(Some(keepalive));
    }

    /// Kills the server (the "device" disappears).
    pub fn kill(&mut self) {
        self.keepalive.stop();
        self.server.stop();
    }

    /// Starts it again on the same socket (the "device" returns).
    pub fn relaunch(&mut self) {
        self.launch();
    }
}

/// One chunk read from `parec`: when it arrived and its interleaved stereo samples.
pub struct Chunk {
    pub at: Instant,
    pub samples: Vec<f32>,
}

/// Records the private sink's monitor with `parec` (stereo f32, low latency) in real time.
pub struct Recorder {
    child: ChildGuard,
    reader: Option<JoinHandle<()>>,
    chunks: Arc<Mutex<Vec<Chunk>>>,
}

impl Recorder {
    pub fn start() -> Recorder {
        let mut child = Command::new("parec")
            .args(["--raw", "--format=float32le", "--channels=2"])
            .args([&format!("--rate={RATE}"), "--latency-msec=2"])
            .arg(format!("--device={SINK}.monitor"))
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start parec");
        let mut stdout = child.stdout.take().expect("parec stdout");
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
                sink.lock().expect("chunks").push(Chunk { at, samples });
            }
        });
        let recorder = Recorder {
            child: ChildGuard(Some(child)),
            reader: Some(reader),
            chunks,
        };
        assert!(
            wait_until(Duration::from_secs(5), || recorder.frames() > 0),
            "parec delivered nothing"
        );
        recorder
    }

    /// Frames recorded so far.
    pub fn frames(&self) -> usize {
        let chunks = self.chunks.lock().expect("chunks");
        chunks.iter().map(|c| c.samples.len() / 2).sum()
    }

    /// Takes (and forgets) everything recorded so far.
    pub fn take(&self) -> Vec<Chunk> {
        std::mem::take(&mut *self.chunks.lock().expect("chunks"))
    }

    pub fn stop(mut self) {
        self.child.stop();
        if let Some(reader) = self.reader.take() {
            let _ = reader.join();
        }
    }
}

/// Joins chunks into (left, right) channels.
pub fn channels(chunks: &[Chunk]) -> (Vec<f32>, Vec<f32>) {
    let mut left = Vec::new();
    let mut right = Vec::new();
    for chunk in chunks {
        for frame in chunk.samples.chunks_exact(2) {
            left.push(frame[0]);
            right.push(frame[1]);
        }
    }
    (left, right)
}

/// Splits interleaved stereo into (left, right).
pub fn deinterleave(samples: &[f32]) -> (Vec<f32>, Vec<f32>) {
    let left = samples.iter().step_by(2).copied().collect();
    let right = samples.iter().skip(1).step_by(2).copied().collect();
    (left, right)
}

/// Index of the first sample with |x| > `threshold`.
pub fn onset(samples: &[f32], threshold: f32) -> Option<usize> {
    samples.iter().position(|s| s.abs() > threshold)
}

/// Index of the last sample with |x| > `threshold`.
pub fn offset(samples: &[f32], threshold: f32) -> Option<usize> {
    samples.iter().rposition(|s| s.abs() > threshold)
}

/// Largest |x|.
pub fn peak(samples: &[f32]) -> f32 {
    samples.iter().fold(0.0f32, |m, s| m.max(s.abs()))
}

/// A cosine tone (first sample = `amplitude`, so its start is exact) of `secs` at RATE.
pub fn tone(freq: f32, amplitude: f32, secs: f32) -> Pcm {
    let len = (RATE as f32 * secs) as usize;
    let samples: Vec<f32> = (0..len)
        .map(|i| amplitude * (std::f32::consts::TAU * freq * i as f32 / RATE as f32).cos())
        .collect();
    Pcm::new(RATE, samples)
}

/// Time when the first frame louder than `threshold` reached the recorder, estimated
/// from the arrival time of its chunk minus the frames that followed it in that chunk.
pub fn first_sound_time(chunks: &[Chunk], threshold: f32) -> Option<Instant> {
    for chunk in chunks {
        let frames = chunk.samples.len() / 2;
        let hit = chunk
            .samples
            .chunks_exact(2)
            .position(|f| f[0].abs() > threshold || f[1].abs() > threshold);
        if let Some(i) = hit {
            let after = (frames - i) as f64 / f64::from(RATE);
            return Some(chunk.at - Duration::from_secs_f64(after));
        }
    }
    None
}

/// p-th percentile (0..=100) of `values` (sorted copy; nearest rank).
pub fn percentile(values: &[f64], p: f64) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(|a, b| a.total_cmp(b));
    if sorted.is_empty() {
        return f64::NAN;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// Installs a tracing subscriber once, so the audio layer's logs show in test output.
pub fn init_logging() {
    let _ = tracing_subscriber::fmt()
        .with_test_writer()
        .with_max_level(tracing::Level::INFO)
        .try_init();
}
