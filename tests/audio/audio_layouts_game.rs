//! A whole game through the real daemon on every layout (one speaker for all, a stereo pair
//! of earpieces, the arbiter on a device of his own), its output taken exactly by the ALSA
//! `file` device: readouts with clicks over them, warnings, a countdown, the flag, its alarm
//! and the arbiter's notices. No sample the daemon wrote passes −1 dBFS (the limiter's
//! ceiling), let alone full scale.
//!
//! The `file` device's slave is `null`, which takes samples as fast as they come (about
//! 2000× real time): a 15-second game is hours of mostly silent samples, so they are not
//! stored but streamed through a FIFO to a reader in this test that keeps only the figures.

use crate::common;

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use common::alsa_file::layouts;
use common::wait_until;

/// What a device's samples showed.
#[derive(Debug, Default, Clone, Copy)]
struct Figures {
    /// Samples (all channels).
    samples: u64,
    /// Samples other than zero.
    sounding: u64,
    /// Largest |s|.
    peak: f32,
    /// Samples with |s| ≥ 1 (full scale).
    at_full: u64,
}

impl Figures {
    fn add(&mut self, s: f32) {
        self.samples += 1;
        if s != 0.0 {
            self.sounding += 1;
        }
        self.peak = self.peak.max(s.abs());
        if s.abs() >= 1.0 || s.is_nan() {
            self.at_full += 1;
        }
    }
}

/// A FIFO the `file` device writes into (once per stream opened) and a thread reading it.
struct Tap {
    path: PathBuf,
    stop: Arc<AtomicBool>,
    reader: JoinHandle<Figures>,
}

impl Tap {
    fn new(path: PathBuf) -> Tap {
        let made = Command::new("mkfifo").arg(&path).status().expect("mkfifo");
        assert!(made.success(), "mkfifo {path:?}");
        let stop = Arc::new(AtomicBool::new(false));
        let (fifo, done) = (path.clone(), stop.clone());
        let reader = std::thread::spawn(move || {
            let mut figures = Figures::default();
            let mut buf = vec![0u8; 1 << 16];
            let mut carry: Vec<u8> = Vec::new();
            // Each open waits for a writer: a stream of the daemon, or `finish`.
            while !done.load(Ordering::Relaxed) {
                let Ok(mut file) = std::fs::File::open(&fifo) else {
                    break;
                };
                while let Ok(n) = file.read(&mut buf) {
                    if n == 0 {
                        break;
                    }
                    carry.extend_from_slice(&buf[..n]);
                    let whole = carry.len() / 4 * 4;
                    for b in carry[..whole].chunks_exact(4) {
                        figures.add(f32::from_le_bytes([b[0], b[1], b[2], b[3]]));
                    }
                    carry.drain(..whole);
                }
            }
            figures
        });
        Tap { path, stop, reader }
    }

    /// After the daemon exited: wakes the reader and returns its figures.
    fn finish(self) -> Figures {
        self.stop.store(true, Ordering::Relaxed);
        drop(std::fs::OpenOptions::new().write(true).open(&self.path));
        self.reader.join().expect("tap reader")
    }
}

/// `!default` and `arbiter` in `config_home`: `file` devices over `null` writing into the
/// FIFO `<name>.fifo` in `dir`.
fn write_asoundrc(config_home: &Path, dir: &Path) {
    let pcm = |name: &str| {
        format!(
            "pcm.{name} {{\n  type file\n  slave.pcm \"null\"\n  \
             file \"|cat > '{}/{}.fifo'\"\n  \
             format \"raw\"\n  hint {{ show on description \"{name}\" }}\n}}\n",
            dir.display(),
            name.trim_start_matches('!'),
        )
    };
    let alsa = config_home.join("alsa");
    std::fs::create_dir_all(&alsa).expect("alsa dir");
    std::fs::write(alsa.join("asoundrc"), pcm("!default") + &pcm("arbiter")).expect("asoundrc");
}

/// `[audio]` for each layout, on the ALSA host.
fn audio_section(layout: &str) -> &'static str {
    match layout {
        "single speaker" => "[audio]\nhost = \"alsa\"\nlayout = \"single_speaker\"\n",
        "stereo pair" => "[audio]\nhost = \"alsa\"\nlayout = \"stereo_pair\"\n",
        _ => {
            "[audio]\nhost = \"alsa\"\nlayout = \"stereo_pair\"\n[[audio.route]]\n\
             listener = \"arbiter\"\ndevice = \"arbiter\"\nchannels = [0, 1]\n"
        }
    }
}

/// A 10-second game: readouts for both, clicks over them, warnings, a countdown, the flag,
/// its alarm and the arbiter's notices.
fn game_config(layout: &str) -> String {
    "mode = \"tournament\"\n\
     [[time_control.stage]]\ntime = \"0:10\"\n\
     [players.white]\nvision = \"totally_blind\"\nlanguage = \"en\"\nextra_warnings = [\"0:07\", \"0:04\"]\n\
     [players.black]\nvision = \"totally_blind\"\nlanguage = \"ru\"\n\
     [arbiter]\nlanguage = \"en\"\n\
     [announce]\nopponent_time_on_query = true\n"
        .to_string()
        + audio_section(layout)
}

/// Runs the real daemon through a whole game on `layout`; returns each device's figures and
/// the daemon's log.
fn daemon_game(dir: &Path, layout: &str) -> (Vec<(String, Figures)>, String) {
    let home = dir.join(layout.replace(' ', "-"));
    std::fs::create_dir_all(&home).expect("home");
    write_asoundrc(&home, &home);
    let devices = if layout == "separate arbiter device" {
        vec!["default", "arbiter"]
    } else {
        vec!["default"]
    };
    let taps: Vec<(String, Tap)> = devices
        .iter()
        .map(|d| (d.to_string(), Tap::new(home.join(format!("{d}.fifo")))))
        .collect();
    let config = home.join("game.toml");
    std::fs::write(&config, game_config(layout)).expect("config");
    let log_path = home.join("daemon.log");
    let log = std::fs::File::create(&log_path).expect("log file");
    let socket = home.join("ctl.sock");
    let mut child = Command::new(env!("CARGO_BIN_EXE_talkclock"))
        .arg("run")
        .arg("--config")
        .arg(&config)
        .arg("--journal")
        .arg(home.join("journal.jsonl"))
        .arg("--socket")
        .arg(&socket)
        .arg("--transcript")
        .arg(home.join("t.jsonl"))
        .env("XDG_CONFIG_HOME", &home)
        .env_remove("PULSE_SERVER")
        .env("RUST_LOG", "warn")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(log)
        .spawn()
        .expect("the talkclock binary starts");
    let mut keys = child.stdin.take().expect("stdin");
    let ready = wait_until(Duration::from_secs(20), || {
        talkclock::control::client::request(&socket, r#"{"cmd":"status"}"#).is_ok()
    });
    assert!(ready, "{layout}: the daemon did not open its socket");
    let began = Instant::now();
    // (seconds after the start, key): queries over the start announcement, clicks over the
    // readouts, then White's clock runs out (warnings at 7 and 4 s, countdown, flag).
    let script = [
        (0.0, "s"),
        (0.2, "t"),
        (0.25, "y"),
        (1.0, "w"),
        (1.05, "t"),
        (1.6, "b"),
        (1.65, "y"),
        (1.7, "t"),
        (2.2, "w"),
        (2.8, "y"),
        (2.85, "b"),
        (3.0, "t"),
    ];
    for (at, key) in script {
        let due = Duration::from_secs_f64(at);
        std::thread::sleep(due.saturating_sub(began.elapsed()));
        std::io::Write::write_all(&mut keys, format!("{key}\n").as_bytes()).expect("key");
    }
    // White has 10 s less what he used; the flag, its alarm and the notices follow.
    std::thread::sleep(Duration::from_secs(13).saturating_sub(began.elapsed()));
    std::io::Write::write_all(&mut keys, b"q\n").expect("quit");
    let deadline = Instant::now() + Duration::from_secs(40);
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break Some(status);
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            break None;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let log = std::fs::read_to_string(&log_path).unwrap_or_default();
    assert!(
        status.is_some_and(|s| s.success()),
        "{layout}: clean exit: {log}"
    );
    let transcript = std::fs::read_to_string(home.join("t.jsonl")).unwrap_or_default();
    for event in ["\"flag\"", "flag_alarm", "click", "query"] {
        assert!(
            transcript.contains(event),
            "{layout}: the game had a {event}"
        );
    }
    let figures = taps.into_iter().map(|(d, tap)| (d, tap.finish())).collect();
    (figures, log)
}

/// A whole game through the real daemon on each layout: no sample passes −1 dBFS.
#[test]
fn a_whole_game_never_reaches_full_scale_on_any_layout() {
    let _sound = common::sound_lock();
    let dir = tempfile::tempdir().expect("tempdir");
    for (layout, _) in layouts() {
        let (figures, log) = daemon_game(dir.path(), layout);
        for (device, f) in figures {
            eprintln!(
                "{layout}: {device}: {} samples ({} sounding), peak {:.4}, {} at full scale",
                f.samples, f.sounding, f.peak, f.at_full
            );
            assert!(
                f.peak > 0.05,
                "{layout}: {device}: the game was heard: {log}"
            );
            assert_eq!(f.at_full, 0, "{layout}: {device}: samples at full scale");
            assert!(
                f.peak <= talkclock::audio::headroom::HEADROOM_PEAK,
                "{layout}: {device}: peak {} above −1 dBFS",
                f.peak
            );
        }
    }
}
