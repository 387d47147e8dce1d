//! `talkclock selftest`: the board's hardware checked by ear and by hand ([`crate::selftest`])
//! through its real devices: the buttons' readers, the audio routes (a tone and a sentence of
//! espeak-ng's at each place), the controllers' motors, the Braille displays; the report
//! written beside the journal and, with `[hall]`, sent to the station as the board's retained
//! `selftest` message.

use super::Failure;
use crate::audio::loopback::{self, Capture};
use crate::audio::{AudioOut, Pcm, Priority, Synth};
use crate::braille::{Key, Link};
use crate::config::Config;
use crate::hall::mqtt::{self, Endpoint, LinkEvent};
use crate::hall::topics::Kind;
use crate::hall::Topics;
use crate::hearing::Listener;
use crate::input::rumble::{GilrsRumble, Rumble};
use crate::input::sources::spawn_all;
use crate::input::{RawInput, SourceEvent};
use crate::selftest::check::Place;
use crate::selftest::{judge, script, Io, Limits, Report, Walk};
use crate::speech::Lang;
use crossbeam_channel::{Receiver, RecvTimeoutError};
use rumqttc::v5::mqttbytes::QoS;
use std::collections::VecDeque;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// What `talkclock selftest` is given.
#[derive(Debug, Clone, Default)]
pub struct SelftestOptions {
    /// The configuration file; the embedded default when `None`.
    pub config: Option<PathBuf>,
    /// Testing aid: the answers written down ([`script`]) instead of the devices' presses.
    pub inject: Option<PathBuf>,
    /// Where the report goes; `$XDG_STATE_HOME/talkclock/selftest/` when `None`.
    pub report: Option<PathBuf>,
    /// Seconds each step waits for its press or answer (30 for a button, 15 for an answer
    /// when `None`).
    pub wait: Option<u64>,
    /// An input that hears the output (a loopback), for the sound's delay; skipped when
    /// `None`.
    pub loopback: Option<String>,
}

/// The default folder of the reports: `selftest/` beside the default journal.
pub fn default_report_dir() -> PathBuf {
    let journal = super::default_journal();
    journal
        .parent()
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
        .join("selftest")
}

/// Runs the self-test; fails (exit 1) when it found a problem, after writing the report.
pub fn selftest(options: &SelftestOptions) -> Result<(), Failure> {
    let (text, origin) = match &options.config {
        Some(path) => (Config::read_text(path)?, path.display().to_string()),
        None => (
            Config::default_text(Lang::of_environment()),
            "<embedded default>".to_string(),
        ),
    };
    let config = Config::parse(&text, &origin)?;
    let started_ms = crate::journal::wall_now();
    let report = Report {
        format: Report::FORMAT,
        program: format!("talkclock {}", env!("CARGO_PKG_VERSION")),
        host: host_name(),
        board: config.hall.as_ref().map(|h| h.board),
        started_ms,
        ended_ms: started_ms,
        config: origin,
        config_digest: crate::daemon::hall_feed::config_digest(&text),
        devices: Vec::new(),
        outcomes: Vec::new(),
        said: Vec::new(),
        problems: 0,
        passed: false,
    };
    let hands = match &options.inject {
        Some(path) => {
            let shown = path.display().to_string();
            let written = std::fs::read_to_string(path).map_err(|source| Failure::Read {
                path: shown.clone(),
                source,
            })?;
            Hands::Script(script::parse(&written, &shown, Instant::now())?.into())
        }
        None => {
            if let Some(path) = running_clock() {
                let lang = config.arbiter_language;
                let path = path.display().to_string();
                return Err(Failure::Stopped(lang.words(
                    "selftest",
                    "running",
                    &[("path", &path)],
                )));
            }
            Hands::devices(&config)?
        }
    };
    let out = AudioOut::start(config.audio.output.clone())
        .map_err(|e| Failure::NoAudio(e.to_string()))?;
    let mut limits = Limits::default();
    if let Some(secs) = options.wait {
        limits.button = Duration::from_secs(secs);
        limits.answer = Duration::from_secs(secs);
    }
    let board = Board {
        end: if hands.raw_mode() { "\r\n" } else { "\n" },
        hands,
        rate: config.audio.speech_rate(),
        displays: displays(&config),
        out,
        synth: Synth::default(),
        devices: Vec::new(),
        routed: config
            .audio
            .output
            .routes
            .iter()
            .map(|r| r.listener)
            .collect(),
        loopback: options.loopback.clone(),
        host: config.audio.output.host,
    };
    let (mut report, mut board) = Walk::new(&config, board, limits, report).run();
    report.devices = std::mem::take(&mut board.devices);
    report.close(crate::journal::wall_now());
    let dir = options.report.clone().unwrap_or_else(default_report_dir);
    let lang = config.arbiter_language;
    let written = report.write(&dir)?;
    let file = written.display().to_string();
    board.say(
        Listener::Arbiter,
        lang,
        &lang.words("selftest", "report", &[("file", &file)]),
    );
    if let Some(hall) = &config.hall {
        let said = match publish(hall, &report) {
            Ok(()) => lang.word("selftest", "sent").to_string(),
            Err(error) => lang.words("selftest", "not_sent", &[("error", &error)]),
        };
        board.say(Listener::Arbiter, lang, &said);
    }
    board.out.shutdown();
    drop(board);
    if report.passed {
        Ok(())
    } else {
        let n = report.problems.to_string();
        Err(Failure::Stopped(lang.words(
            "selftest",
            "failed",
            &[("n", &n)],
        )))
    }
}

/// The control socket of a clock that is running here (the user's own, or the service's),
/// if one answers: it holds the devices the self-test needs.
fn running_clock() -> Option<PathBuf> {
    use crate::control::server::{default_path, SERVICE_SOCKET};
    [default_path(), PathBuf::from(SERVICE_SOCKET)]
        .into_iter()
        .find(|path| std::os::unix::net::UnixStream::connect(path).is_ok())
}

/// The machine's name (`/etc/hostname`), or `?`.
fn host_name() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .map(|h| h.trim().to_string())
        .unwrap_or_else(|_| "?".into())
}

/// Where the presses come from.
enum Hands {
    /// The devices' readers.
    Devices {
        rx: Receiver<SourceEvent>,
        /// Kept while the readers run (the terminal's raw mode among them).
        _started: crate::input::sources::Started,
        raw_mode: bool,
    },
    /// Written-down answers, a step each.
    Script(VecDeque<Vec<RawInput>>),
}

impl Hands {
    fn devices(config: &Config) -> Result<Hands, Failure> {
        let (tx, rx) = crossbeam_channel::unbounded::<SourceEvent>();
        let started = spawn_all(&config.input, std::io::stdin().is_terminal(), &tx)
            .map_err(|e| Failure::Io(std::io::Error::other(e)))?;
        for note in &started.notes {
            eprintln!("note: {note}");
        }
        let raw_mode = started.raw_mode.is_some();
        Ok(Hands::Devices {
            rx,
            _started: started,
            raw_mode,
        })
    }

    fn raw_mode(&self) -> bool {
        matches!(self, Hands::Devices { raw_mode: true, .. })
    }
}

/// A player's Braille display and the routing keys pressed on it.
struct Display {
    listener: Listener,
    link: Link,
    /// Why it did not answer at the start, if it did not.
    absent: Option<String>,
    keys: Receiver<u32>,
}

fn displays(config: &Config) -> Vec<Display> {
    let mut out = Vec::new();
    for (i, listener) in [Listener::White, Listener::Black].into_iter().enumerate() {
        let Some(braille) = &config.players[i].braille else {
            continue;
        };
        let settings = crate::braille::Settings {
            host: braille
                .host
                .clone()
                .unwrap_or_else(crate::braille::client::default_host),
            key_file: braille.key_file.clone(),
        };
        let (tx, keys) = crossbeam_channel::unbounded();
        let (link, result) = Link::start(settings, listener.name().into(), move |key| {
            if let Key::Route(cell) = key {
                let _ = tx.send(u32::from(cell));
            }
        });
        out.push(Display {
            listener,
            link,
            absent: result.err().map(|e| e.to_string()),
            keys,
        });
    }
    out
}

/// The board's devices as the walk uses them.
struct Board {
    hands: Hands,
    out: AudioOut,
    synth: Synth,
    rate: f32,
    displays: Vec<Display>,
    /// Line ending (raw mode at a terminal needs `\r\n`).
    end: &'static str,
    /// The input devices seen, named.
    devices: Vec<String>,
    /// The listeners with a route (one without hears nothing; the terminal shows the text).
    routed: Vec<Listener>,
    /// The loopback input, when one was named.
    loopback: Option<String>,
    /// The audio host the loopback is on (the output's).
    host: crate::audio::HostKind,
}

/// How many bursts the loopback measurement plays (the median is reported).
const BURSTS: usize = 5;

/// A 1 kHz burst of 30 ms at half scale, at 48 kHz: what the loopback listens for.
fn burst() -> Pcm {
    let rate = 48_000u32;
    let n = rate as usize * 30 / 1000;
    let samples: Vec<f32> = (0..n)
        .map(|i| 0.5 * (2.0 * std::f32::consts::PI * 1000.0 * i as f32 / rate as f32).sin())
        .collect();
    Pcm::new(rate, samples)
}

/// The tone before each place's sentence: 880 Hz for 250 ms.
fn tone(rate: u32) -> Vec<f32> {
    let n = rate as usize / 4;
    let fade = rate as usize / 100;
    (0..n)
        .map(|i| {
            let t = i as f32 / rate as f32;
            let edge = (i.min(n - 1 - i) as f32 / fade as f32).min(1.0);
            0.3 * edge * (2.0 * std::f32::consts::PI * 880.0 * t).sin()
        })
        .chain(std::iter::repeat_n(0.0, rate as usize / 6))
        .collect()
}

impl Board {
    fn print(&self, line: &str) {
        let mut stdout = std::io::stdout().lock();
        let _ = write!(stdout, "{line}{}", self.end);
        let _ = stdout.flush();
    }

    /// Plays `pcm` to `listener` and waits until it has played; true when it did.
    fn play(&self, listener: Listener, pcm: Pcm) -> bool {
        let length = Duration::from_secs_f64(pcm.duration_secs());
        self.out.speak(listener, pcm, Priority::Warning);
        if !self.out.handed_over(Duration::from_secs(2)) {
            return false;
        }
        let began = Instant::now();
        while !self.out.is_playing(listener) {
            if began.elapsed() > Duration::from_secs(2) {
                return false;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let limit = length + Duration::from_secs(3);
        while self.out.is_playing(listener) {
            if began.elapsed() > limit {
                return false;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        true
    }

    fn speech(&self, lang: Lang, text: &str) -> Option<Pcm> {
        match self.synth.synthesise(lang.code(), text, self.rate) {
            Ok(pcm) => Some(pcm),
            Err(e) => {
                tracing::warn!("selftest: the sentence is printed only: {e}");
                None
            }
        }
    }

    fn seen(&mut self, raw: &RawInput) {
        let name = raw.device.to_string();
        if !self.devices.contains(&name) {
            self.devices.push(name);
        }
    }
}

impl Io for Board {
    fn say(&mut self, listener: Listener, lang: Lang, text: &str) {
        self.print(&format!("[{}] {text}", listener.name()));
        if let Some(display) = self.displays.iter().find(|d| d.listener == listener) {
            display.link.show(text.to_string());
        }
        if self.routed.contains(&listener) {
            if let Some(pcm) = self.speech(lang, text) {
                self.play(listener, pcm);
            }
        }
    }

    fn sound(&mut self, place: &Place, lang: Lang, text: &str) -> bool {
        let Some(&listener) = place.listeners.first() else {
            return false;
        };
        self.print(&format!(
            "[sound] {} channels {:?}: {text}",
            place.device, place.channels
        ));
        let pcm = match self.speech(lang, text) {
            Some(said) => {
                let mut samples = tone(said.rate);
                samples.extend_from_slice(&said.samples);
                Pcm::new(said.rate, samples)
            }
            None => Pcm::new(48_000, tone(48_000)),
        };
        let played = self.play(listener, pcm);
        self.print("[sound] end");
        played
    }

    fn hands(&mut self, wanted: &dyn Fn(&RawInput) -> bool, limit: Duration) -> Vec<RawInput> {
        let events = match &mut self.hands {
            Hands::Script(steps) => steps.pop_front().unwrap_or_default(),
            Hands::Devices { rx, .. } => gather(rx, wanted, limit),
        };
        for raw in &events {
            self.seen(raw);
        }
        events
    }

    fn vibrate(&mut self, uuid: &str) -> Result<(), String> {
        let mut rumble = GilrsRumble::open().map_err(|e| e.to_string())?;
        rumble
            .play(uuid, &[[400, 200], [400, 200], [400, 0]], 100)
            .map_err(|e| e.to_string())
    }

    fn braille(
        &mut self,
        listener: Listener,
        text: &str,
        limit: Duration,
    ) -> Result<Option<u32>, String> {
        let Some(display) = self.displays.iter().find(|d| d.listener == listener) else {
            return Err("no display".into());
        };
        if let Some(why) = &display.absent {
            return Err(why.clone());
        }
        while display.keys.try_recv().is_ok() {}
        display.link.show(text.to_string());
        self.print(&format!("[{} braille] {text}", listener.name()));
        match display.keys.recv_timeout(limit) {
            Ok(cell) => Ok(Some(cell)),
            Err(_) => Ok(None),
        }
    }

    fn latency(&mut self) -> Result<f64, String> {
        let Some(device) = self.loopback.clone() else {
            return Err("no loopback named (--loopback DEVICE)".into());
        };
        let Some(&listener) = self.routed.first() else {
            return Err("no route to play on".into());
        };
        let capture = Capture::open(self.host, &device)
            .map_err(|e| format!("the loopback {device} cannot be opened: {e}"))?;
        std::thread::sleep(Duration::from_millis(500));
        let noise = loopback::peak(&capture.take());
        let threshold = (noise * 4.0).max(0.02);
        let mut delays = Vec::new();
        for _ in 0..BURSTS {
            capture.take();
            let asked = Instant::now();
            self.out.speak(listener, burst(), Priority::Warning);
            std::thread::sleep(Duration::from_millis(700));
            let chunks = capture.take();
            if let Some(heard) =
                loopback::first_loud(&chunks, capture.channels, capture.rate, threshold, asked)
            {
                delays.push(heard.saturating_duration_since(asked).as_secs_f64() * 1000.0);
            }
        }
        if delays.is_empty() {
            return Err(format!(
                "the loopback {device} heard none of {BURSTS} bursts: is it plugged in?"
            ));
        }
        delays.sort_by(f64::total_cmp);
        Ok(delays[delays.len() / 2])
    }
}

/// The events from the readers until a press `wanted` accepts (and the bounce window after
/// it), or `limit`.
fn gather(
    rx: &Receiver<SourceEvent>,
    wanted: &dyn Fn(&RawInput) -> bool,
    limit: Duration,
) -> Vec<RawInput> {
    let mut events = Vec::new();
    let mut until = Instant::now() + limit;
    let mut got = false;
    loop {
        match rx.recv_deadline(until) {
            Ok(SourceEvent::Button(raw)) => {
                if !got && wanted(&raw) {
                    got = true;
                    until = until.min(raw.at + judge::BOUNCE_WINDOW + Duration::from_millis(50));
                }
                events.push(raw);
            }
            Ok(_) => {}
            Err(RecvTimeoutError::Timeout) | Err(RecvTimeoutError::Disconnected) => break,
        }
    }
    events
}

/// Sends the report to the station: the board's retained `selftest` message, acknowledged by
/// the broker.
fn publish(hall: &crate::config::hall::HallSettings, report: &Report) -> Result<(), String> {
    let credentials =
        crate::hall::credentials::read(&hall.credentials).map_err(|e| e.to_string())?;
    let topics = Topics::new(&hall.event);
    let endpoint = Endpoint {
        host: hall.host.clone(),
        port: hall.port,
        tls: hall.tls,
        ca: hall.ca.clone(),
        client_id: format!("talkclock-{}-board-{}-selftest", hall.event, hall.board),
        credentials,
        will: None,
    };
    let (client, events) = mqtt::connect(&endpoint).map_err(|e| e.to_string())?;
    let payload = serde_json::to_vec(report).map_err(|e| e.to_string())?;
    let topic = topics.board(hall.board, Kind::SelfTest);
    let until = Instant::now() + Duration::from_secs(10);
    let mut why = "the broker did not answer".to_string();
    let mut sent = false;
    let result = loop {
        let Some(left) = until.checked_duration_since(Instant::now()) else {
            break Err(why);
        };
        match events.recv_timeout(left) {
            Ok(LinkEvent::Up) if !sent => {
                sent = true;
                if let Err(e) =
                    client.publish(topic.clone(), QoS::AtLeastOnce, true, payload.clone())
                {
                    break Err(e.to_string());
                }
            }
            Ok(LinkEvent::Acked) if sent => break Ok(()),
            Ok(LinkEvent::Refused(w)) => break Err(format!("the broker refused it ({w})")),
            Ok(LinkEvent::Down(w)) => why = w,
            Ok(_) => {}
            Err(_) => break Err(why),
        }
    };
    let _ = client.disconnect();
    result
}
