//! `talkclock bench --hall N`: the tournament hall end to end. N boards (`talkclock run
//! --no-audio`, each with `[hall]`) and one station with audio on the private PulseAudio,
//! over a real mosquitto that `talkclock hall init` configured. Every board starts at once;
//! board i's White has `lead + (i − 1) × gap`, so one flag falls every `gap` and the arbiter's
//! earpiece (the null sink) is quiet when it does. For each flag:
//!
//! - its instant on the wall clock, from the board's transcript (the flag's `at_ms`, game
//!   time) and its journal (each record's `wall_ms` and `game_ms`: see `flag_instant`);
//! - when the station's loop received the alert (`received_ms` in the station's transcript);
//! - when the station handed it to the audio (`wall_ms` there);
//! - when its first sound (−34 dBFS) and first audible (−20 dBFS) sample reached the
//!   recorder on the sink's monitor, and how far into the alert as rendered (at the
//!   earpiece's bus gain) that audible sample lies.
//!
//! The recorder stamps its chunks on the monotonic clock and the boards and the station
//! stamp on the wall clock; pairs of both readings are taken every 100 ms through the run
//! and each recorded instant is carried over with the pair nearest to it.

use crate::audio::{AUDIBLE, THRESHOLD};
use crate::board_sim::{BoardSpec, SimBoards};
use crate::broker::Broker;
use crate::daemon::Daemon;
use crate::net::free_port;
use crate::process::ChildGuard;
use crate::pulse::{self, first_sound_time, Recorder};
use crate::relay::Relay;
use crate::stats::{round, Summary};
use serde::Serialize;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// The event name of the bench's hall.
const EVENT: &str = "bench-hall";
/// How often a pair of clock readings is taken, and the recorder drained.
const POLL: Duration = Duration::from_millis(100);
/// The goal of issue 14: flag to the first audible sample in the earpiece, p99.
const GOAL_P99_MS: f64 = 150.0;
/// Issue 36's goals for the station at 200 boards: its share of one core, %, and MB.
const STATION_CPU_GOAL: f64 = 10.0;
const STATION_MB_GOAL: f64 = 64.0;

/// How the hall is measured.
#[derive(Debug, Clone)]
pub struct HallOptions {
    /// The `talkclock` binary (boards and station).
    pub exe: PathBuf,
    /// How many boards (one flag each).
    pub boards: u32,
    /// White's time on board 1.
    pub lead: Duration,
    /// Between two boards' flags.
    pub gap: Duration,
    /// The voice packs folder (the station's default when `None`).
    pub voices: Option<PathBuf>,
    /// The earpiece's `[audio] buffer_frames` (the default when `None`).
    pub buffer_frames: Option<u32>,
    /// Venues: 1, or 2 (the boards in halves; venue B's broker bridged to A's, the station's,
    /// by `hall init --venue b --bridge-to` and `hall add-bridge`, as a technician does).
    pub venues: u32,
    /// The boards simulated in this process ([`crate::board_sim`]) instead of one daemon each.
    pub sim: bool,
    /// How many boards flag, spread evenly over the boards (so over both venues); the others'
    /// White has two hours, and their traffic (states, heartbeats) is the hall's all along.
    pub flags: u32,
}

/// One venue: its broker's folder and port and its boards.
#[derive(Debug, Clone)]
struct Venue {
    /// "a" (the station's), "b".
    name: &'static str,
    dir: PathBuf,
    port: u16,
    first: u32,
    last: u32,
}

impl Venue {
    /// The venues of `options`: boards 1..=half in A and the rest in B.
    fn plan(options: &HallOptions, dir: &Path) -> Result<Vec<Venue>, String> {
        let split = if options.venues > 1 {
            options.boards.div_ceil(2)
        } else {
            options.boards
        };
        let mut venues = vec![Venue {
            name: "a",
            dir: dir.join("broker"),
            port: free_port().map_err(|e| format!("no free port: {e}"))?,
            first: 1,
            last: split,
        }];
        if split < options.boards {
            venues.push(Venue {
                name: "b",
                dir: dir.join("broker-b"),
                port: free_port().map_err(|e| format!("no free port: {e}"))?,
                first: split + 1,
                last: options.boards,
            });
        }
        Ok(venues)
    }

    /// The venue of board `n`.
    fn of(venues: &[Venue], n: u32) -> &Venue {
        venues
            .iter()
            .find(|v| (v.first..=v.last).contains(&n))
            .unwrap_or(&venues[0])
    }
}

/// The boards that flag: `flags` of `boards`, evenly spread, in the order they flag.
fn flagging(boards: u32, flags: u32) -> Vec<u32> {
    let flags = u64::from(flags.clamp(1, boards.max(1)));
    (0..flags)
        .map(|k| 1 + u32::try_from(k * u64::from(boards) / flags).unwrap_or(0))
        .collect()
}

/// One venue's figures, ms.
#[derive(Debug, Clone, Serialize)]
pub struct VenueFigures {
    /// "a" (the station's) or "b" (across the bridge).
    pub venue: String,
    /// Its boards.
    pub boards: u32,
    /// Flag to the station's loop receiving its alert.
    pub flag_to_received_ms: Summary,
    /// Flag to the first audible sample in the arbiter's earpiece.
    pub flag_to_audible_ms: Summary,
}

/// One flag's instants, wall-clock Unix milliseconds.
#[derive(Debug, Clone, Serialize)]
pub struct FlagTiming {
    /// The board.
    pub board: u32,
    /// Its venue.
    pub venue: String,
    /// The flag fell on the board.
    pub flag: f64,
    /// The station's loop received the alert.
    pub received: f64,
    /// The station handed it to the audio.
    pub handoff: f64,
    /// Its first sample above −34 dBFS reached the recorder.
    pub sound: f64,
    /// Its first audible sample reached the recorder.
    pub audible: f64,
    /// Of the way to it: how far into the rendered alert its first audible sample lies at
    /// the earpiece's bus gain, ms.
    pub lead_in: f64,
    /// The arbiter's queue may have been busy when it arrived (see [`maybe_busy`]): not
    /// counted.
    pub queued: bool,
}

/// What `--hall` measured, in milliseconds.
#[derive(Debug, Clone, Serialize)]
pub struct HallReport {
    /// Boards in the hall.
    pub boards: u32,
    /// Seconds between two flags.
    pub gap_seconds: f64,
    /// Flag to the station's loop receiving its alert: the board's link, the broker, the
    /// station's MQTT thread (the broker's share).
    pub flag_to_received_ms: Summary,
    /// Received to handed to the audio: the station's queue (looked at every 100 ms) and
    /// phrasing.
    pub received_to_handoff_ms: Summary,
    /// Flag to handed to the audio (the two above together).
    pub flag_to_handoff_ms: Summary,
    /// Handed to the audio to the first sample above −34 dBFS at the sink's monitor.
    pub handoff_to_sound_ms: Summary,
    /// Handed to the audio to the first audible (−20 dBFS) sample at the sink's monitor.
    pub handoff_to_audible_ms: Summary,
    /// Of that: how far into the rendered alert its first audible sample lies at the
    /// earpiece's bus gain (the part inside the recording, not the machine's).
    pub lead_in_ms: Summary,
    /// Flag to the first sample above −34 dBFS.
    pub flag_to_sound_ms: Summary,
    /// Flag to the first audible sample: the whole way (the goal's figure).
    pub flag_to_audible_ms: Summary,
    /// The earpiece's fixed bus gain (the station's arbiter as a board's single speaker,
    /// with room for three listeners), dB.
    pub bus_gain_db: f64,
    /// Flags not counted because their alert waited behind another one.
    pub queued: usize,
    /// Largest minus smallest (wall − monotonic) offset over the run (a step of the wall
    /// clock shows here), ms.
    pub clock_offset_spread_ms: f64,
    /// Per venue (two venues only): flag to the station and to the first audible sample.
    pub venues: Vec<VenueFigures>,
    /// The station's share of one core over the flags' window, %.
    pub station_cpu_percent: f64,
    /// The station's resident memory at the end, and its peak, MB.
    pub station_rss_mb: f64,
    /// The station's peak resident memory, MB.
    pub station_peak_mb: f64,
    /// What the bridge's cut and the brokers' kills did (two venues, simulated boards).
    pub faults: Option<crate::hall_faults::FaultReport>,
    /// Every flag.
    pub flags: Vec<FlagTiming>,
    /// How long the whole run took, s.
    pub bench_seconds: f64,
}

/// Readings of the monotonic and the wall clock taken together.
struct Clocks(Vec<(Instant, f64)>);

impl Clocks {
    fn new() -> Clocks {
        let mut clocks = Clocks(Vec::new());
        clocks.sample();
        clocks
    }

    /// Takes a pair: the wall clock read between two monotonic readings, the tightest of five.
    fn sample(&mut self) {
        let best = (0..5)
            .map(|_| {
                let before = Instant::now();
                let wall = wall_ms_now();
                let after = Instant::now();
                (after - before, before + (after - before) / 2, wall)
            })
            .min_by_key(|(width, _, _)| *width);
        if let Some((_, at, wall)) = best {
            self.0.push((at, wall));
        }
    }

    /// `at` on the wall clock, through the pair nearest to it.
    fn wall_of(&self, at: Instant) -> f64 {
        let distance = |p: &(Instant, f64)| {
            if p.0 > at {
                p.0 - at
            } else {
                at - p.0
            }
        };
        let Some((mono, wall)) = self.0.iter().min_by_key(|p| distance(p)) else {
            return f64::NAN;
        };
        if at >= *mono {
            wall + (at - *mono).as_secs_f64() * 1e3
        } else {
            wall - (*mono - at).as_secs_f64() * 1e3
        }
    }

    /// Largest minus smallest wall − monotonic offset, ms.
    fn spread(&self) -> f64 {
        let Some((first, _)) = self.0.first() else {
            return 0.0;
        };
        let offsets: Vec<f64> = self
            .0
            .iter()
            .map(|(mono, wall)| wall - (*mono - *first).as_secs_f64() * 1e3)
            .collect();
        let max = offsets.iter().copied().fold(f64::MIN, f64::max);
        let min = offsets.iter().copied().fold(f64::MAX, f64::min);
        max - min
    }
}

/// The wall clock now, Unix ms.
pub(crate) fn wall_ms_now() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0.0, |d| d.as_secs_f64() * 1e3)
}

/// What one recorded chunk held, on the wall clock: its first audible sample and whether any
/// sample was sound (−34 dBFS).
struct Heard {
    /// When the chunk arrived.
    at: f64,
    /// Its first audible sample.
    audible: Option<f64>,
    /// Its first sample above [`THRESHOLD`].
    first_sound: Option<f64>,
    /// Any sample above [`THRESHOLD`].
    sound: bool,
}

/// Drains the recorder into [`Heard`] chunks (the samples themselves are not kept).
fn drain(recorder: &Recorder, clocks: &Clocks, heard: &mut Vec<Heard>) {
    for chunk in recorder.take() {
        let one = std::slice::from_ref(&chunk);
        let (audible, first_sound) = (
            first_sound_time(one, AUDIBLE),
            first_sound_time(one, THRESHOLD),
        );
        heard.push(Heard {
            at: clocks.wall_of(chunk.at),
            audible: audible.map(|a| clocks.wall_of(a)),
            first_sound: first_sound.map(|a| clocks.wall_of(a)),
            sound: chunk.samples.iter().any(|s| s.abs() > THRESHOLD),
        });
    }
}

/// White's time as a time control string ("m:ss.mmm").
fn time_text(time: Duration) -> String {
    let ms = time.as_millis();
    format!("{}:{:02}.{:03}", ms / 60_000, (ms / 1000) % 60, ms % 1000)
}

/// Board `n`'s configuration: a tournament game, White (totally blind, Russian) to flag.
fn board_config(n: u32, time: Duration, port: u16, credentials: &Path) -> String {
    format!(
        "mode = \"tournament\"\n\
         [[time_control.stage]]\ntime = \"{}\"\n\
         [players.white]\nvision = \"totally_blind\"\nlanguage = \"ru\"\n\
         [players.black]\nvision = \"low_vision\"\nlanguage = \"en\"\n\
         [arbiter]\nlanguage = \"ru\"\n\
         [hall]\nurl = \"mqtt://127.0.0.1:{port}\"\nevent = \"{EVENT}\"\nboard = {n}\n\
         credentials = \"{}\"\n",
        time_text(time),
        credentials.display()
    )
}

/// The station's configuration: one arbiter (Russian) with every board, his earpiece the
/// private server's default sink.
fn station_config(options: &HallOptions, port: u16, broker_dir: &Path, dir: &Path) -> String {
    let mut text = format!(
        "[broker]\nurl = \"mqtt://127.0.0.1:{port}\"\nevent = \"{EVENT}\"\n\
         credentials = \"{}\"\n\
         [station]\nmirror = \"{}\"\n\
         [[arbiter]]\nname = \"chief\"\nlanguage = \"ru\"\nboards = \"1-{}\"\n",
        broker_dir
            .join("credentials")
            .join("station.toml")
            .display(),
        dir.join("mirror").display(),
        options.boards
    );
    // The default layout (a stereo pair) routes no arbiter: his earpiece is the whole sink.
    text.push_str("[arbiter.audio]\nlayout = \"single_speaker\"\n");
    if let Some(frames) = options.buffer_frames {
        let _ = writeln!(text, "buffer_frames = {frames}");
    }
    text
}

/// `talkclock hall init` for a venue of the bench's hall: the first venue as one hall, a
/// second one bridged to it (`bridge_to`, the first's port).
fn hall_init(exe: &Path, venue: &Venue, bridge_to: Option<u16>) -> Result<(), String> {
    let mut command = Command::new(exe);
    command
        .args(["hall", "init", "--boards"])
        .arg(format!("{}-{}", venue.first, venue.last))
        .args(["--event", EVENT, "--dir"])
        .arg(&venue.dir)
        .args(["--port", &venue.port.to_string(), "--bind", "127.0.0.1"]);
    if let Some(port) = bridge_to {
        command
            .args(["--venue", venue.name, "--bridge-to"])
            .arg(format!("127.0.0.1:{port}"));
    }
    run_tool(&mut command, "hall init")
}

/// `talkclock hall add-bridge`: venue `b`'s bridge user installed on venue `a`.
fn add_bridge(exe: &Path, a: &Venue, b: &Venue) -> Result<(), String> {
    let mut command = Command::new(exe);
    command
        .args(["hall", "add-bridge", "--dir"])
        .arg(&a.dir)
        .arg("--file")
        .arg(b.dir.join(format!("bridge-{}.user", b.name)));
    run_tool(&mut command, "hall add-bridge")
}

fn run_tool(command: &mut Command, what: &str) -> Result<(), String> {
    let out = command
        .output()
        .map_err(|e| format!("cannot run talkclock {what}: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!(
            "talkclock {what} failed: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        ))
    }
}

/// The running station: `talkclock station` with audio, its log and transcript in `dir`.
struct Station {
    child: ChildGuard,
    log: PathBuf,
    transcript: PathBuf,
}

impl Station {
    fn start(options: &HallOptions, config: &Path, dir: &Path) -> Result<Station, String> {
        let log = dir.join("station.log");
        let transcript = dir.join("station.jsonl");
        let log_file =
            std::fs::File::create(&log).map_err(|e| format!("{}: {e}", log.display()))?;
        let mut command = Command::new(&options.exe);
        command
            .args(["station", "--config"])
            .arg(config)
            .arg("--transcript")
            .arg(&transcript)
            .env("RUST_LOG", "info,pulseaudio=off")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(log_file);
        if let Some(voices) = &options.voices {
            command.arg("--voices").arg(voices);
        }
        let child = command
            .spawn()
            .map_err(|e| format!("cannot start {} station: {e}", options.exe.display()))?;
        let mut station = Station {
            child: ChildGuard(Some(child)),
            log,
            transcript,
        };
        let mut exited = None;
        let connected = crate::process::wait_until(Duration::from_secs(20), || {
            if let Some(Ok(Some(status))) = station.child.0.as_mut().map(|c| c.try_wait()) {
                exited = Some(status);
                return true;
            }
            std::fs::read_to_string(&station.log)
                .is_ok_and(|l| l.contains("station: connected to the broker"))
        });
        let log = || std::fs::read_to_string(&station.log).unwrap_or_default();
        if let Some(status) = exited {
            station.child.0 = None;
            return Err(format!(
                "the station exited ({status}); its log:\n{}",
                log().trim()
            ));
        }
        if !connected {
            station.child.stop();
            return Err(format!(
                "the station did not connect to the broker within 20 s; its log:\n{}",
                log().trim()
            ));
        }
        Ok(station)
    }

    /// Every line it said, in order.
    fn said(&self) -> Vec<Said> {
        json_lines(&self.transcript)
            .iter()
            .filter_map(|l| {
                Some(Said {
                    board: u32::try_from(l["board"].as_u64()?).ok()?,
                    flag: l["event"] == "alert" && l["priority"] == "flag",
                    received: l["received_ms"].as_f64(),
                    handoff: l["wall_ms"].as_f64()?,
                    chars: l["text"].as_str()?.chars().count(),
                })
            })
            .collect()
    }
}

/// A line of the station's transcript.
struct Said {
    board: u32,
    /// A flag's alert.
    flag: bool,
    /// When the alert reached the station's loop (alerts only).
    received: Option<f64>,
    /// When it was handed to the audio.
    handoff: f64,
    /// The length of its text.
    chars: usize,
}

/// Whether the arbiter's queue may still have been busy with `previous` when an alert arrived
/// at `received`. The station takes the next alert once the last one's length and 400 ms
/// have passed: the length of its rendered sound, or 70 ms a character for a text the voice
/// packs cannot say (the game's seal), which is silent here. So the earpiece must have been
/// quiet for 450 ms before, and a silent line's 70 ms a character must be over.
fn maybe_busy(previous: Option<&Said>, received: f64, heard: &[Heard]) -> bool {
    let quiet_for = 450.0;
    let sounding = heard
        .iter()
        .any(|h| h.sound && h.at >= received - quiet_for && h.at <= received);
    let Some(previous) = previous else {
        return sounding;
    };
    let silent = !heard
        .iter()
        .any(|h| h.sound && h.at >= previous.handoff && h.at <= received);
    let text_over = previous.handoff + 70.0 * previous.chars as f64 + quiet_for;
    sounding || (silent && text_over > received)
}

/// A JSON-lines file's lines that parse (none when it cannot be read).
pub(crate) fn json_lines(path: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect()
}

/// The station's flag alerts as rendered, to find how far into each its first audible sample
/// lies at the earpiece's bus gain.
struct LeadIn {
    voices: talkclock::announce::voices::Voices,
    /// The earpiece's bus gain times its speech volume.
    gain: f32,
    /// The arbiter's speech rate, and the one the packs were loaded at.
    rate: f32,
}

impl LeadIn {
    fn new(options: &HallOptions, station_toml: &Path) -> Result<LeadIn, String> {
        use talkclock::announce::voices::{tempo_for_rate, voices_dir, Voices};
        let station = talkclock::station::config::StationConfig::load(station_toml)
            .map_err(|e| e.to_string())?;
        let arbiter = station
            .arbiters
            .first()
            .ok_or("the station has no arbiter")?;
        let audio = &arbiter.speech.audio;
        let device = audio
            .output
            .routes
            .iter()
            .find(|r| r.listener == talkclock::hearing::Listener::Arbiter)
            .ok_or("the arbiter's earpiece has no route")?;
        let channel = device.channels.first().copied().unwrap_or(0);
        let gain = audio.output.bus_gain(&device.device, channel) * audio.output.speech_volume;
        let rate = audio.speech_rate();
        let voices = Voices::load_at(&voices_dir(options.voices.as_deref()), tempo_for_rate(rate))?;
        Ok(LeadIn { voices, gain, rate })
    }

    /// Milliseconds from the first sample of board `board`'s flag alert (Russian, as the
    /// station says it) to its first audible one at the bus gain.
    fn of(&self, board: u32) -> Result<f64, String> {
        use talkclock::clock::Side;
        use talkclock::speech::{phrase, Announcement, Lang};
        let said = phrase(
            Lang::Ru,
            &Announcement::Board {
                board,
                late_ms: None,
                notice: Box::new(Announcement::Flag { side: Side::White }),
            },
        );
        let pcm = self
            .voices
            .render_at(Lang::Ru, &said, self.rate, self.rate)?;
        // Mono: one sample a frame.
        let audible = pcm
            .samples
            .iter()
            .position(|s| (s * self.gain).abs() > AUDIBLE)
            .ok_or_else(|| format!("board {board}'s rendered flag alert is never audible"))?;
        Ok(audible as f64 * 1e3 / f64::from(pcm.rate.max(1)))
    }
}

/// A board's flag instant on the wall clock (Unix ms): the flag's game time (its transcript)
/// plus the board's wall − game offset. The offset is the smallest `wall_ms − game_ms` over
/// the journal's records: a record's wall time is read when it is written, at or after its
/// game time, and with 30 boards starting at once on two cores the `start` record alone was
/// written up to 13 ms late; the heartbeats agree within 1 ms.
fn flag_instant(journal: &Path, transcript: &Path) -> Result<f64, String> {
    let offset = json_lines(journal)
        .iter()
        .filter_map(|r| Some(r["wall_ms"].as_f64()? - r["game_ms"].as_f64()?))
        .fold(f64::INFINITY, f64::min);
    if !offset.is_finite() {
        return Err(format!("{}: no record with its times", journal.display()));
    }
    let flag = json_lines(transcript)
        .into_iter()
        .find(|l| l["event"] == "flag")
        .and_then(|l| l["at_ms"].as_f64())
        .ok_or_else(|| format!("{}: no flag", transcript.display()))?;
    Ok(flag + offset)
}

/// Measures the hall in `dir` (which must exist; mosquitto, run as root, reads it as the
/// user `mosquitto`, so it is made 0755).
pub fn run(options: &HallOptions, dir: &Path) -> Result<HallReport, String> {
    use std::os::unix::fs::PermissionsExt;
    let began = Instant::now();
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o755))
        .map_err(|e| format!("{}: {e}", dir.display()))?;
    let pulse_dir = dir.join("pulse");
    std::fs::create_dir_all(&pulse_dir).map_err(|e| format!("{}: {e}", pulse_dir.display()))?;
    // Before any thread starts: the station (a child) finds the private server this way.
    let _server = pulse::PulseServer::start(&pulse_dir)?;

    let venues = Venue::plan(options, dir)?;
    let station_venue = &venues[0];
    // The bridge goes through a relay, which the fault phase cuts.
    let relay = if venues.len() > 1 {
        Some(Relay::new(station_venue.port).map_err(|e| format!("the bridge's relay: {e}"))?)
    } else {
        None
    };
    for venue in &venues {
        let bridge_to = (venue.name != station_venue.name)
            .then(|| relay.as_ref().map_or(station_venue.port, |r| r.port));
        hall_init(&options.exe, venue, bridge_to)?;
        if bridge_to.is_some() {
            add_bridge(&options.exe, station_venue, venue)?;
        }
    }
    // The station's venue first: the bridge finds it up.
    let mut brokers = Vec::new();
    for venue in &venues {
        brokers.push(Broker::start(&venue.dir)?);
    }
    let recorder = Recorder::start()?;
    let result = measure(
        options,
        dir,
        &venues,
        &recorder,
        (&mut brokers, relay.as_ref()),
    );
    recorder.stop();
    for broker in &mut brokers {
        broker.stop();
    }
    let mut report = result?;
    report.bench_seconds = round(began.elapsed().as_secs_f64(), 1);
    Ok(report)
}

fn measure(
    options: &HallOptions,
    dir: &Path,
    venues: &[Venue],
    recorder: &Recorder,
    (brokers, relay): (&mut [Broker], Option<&Relay>),
) -> Result<HallReport, String> {
    let config = dir.join("station.toml");
    let station_venue = &venues[0];
    std::fs::write(
        &config,
        station_config(options, station_venue.port, &station_venue.dir, dir),
    )
    .map_err(|e| format!("{}: {e}", config.display()))?;
    let mut station = Station::start(options, &config, dir)?;
    let flaggers = flagging(options.boards, options.flags);
    // Board n's White: the k-th to flag has `lead + k × gap` (the lead grows with the boards
    // to start and set going first); the others two hours.
    let lead = options.lead + Duration::from_millis(30) * options.boards;
    // With the faults (simulated boards in two venues): venue B's last board flags during the
    // bridge's cut, after the measured flags.
    let faults = options.sim && relay.is_some();
    let cut_flagger = (faults && !flaggers.contains(&options.boards)).then_some(options.boards);
    let after_flags = options.gap * u32::try_from(flaggers.len()).unwrap_or(u32::MAX);
    let configs: Vec<(u32, String)> = (1..=options.boards)
        .map(|n| {
            let time = flaggers
                .iter()
                .position(|f| *f == n)
                .map_or(Duration::from_secs(2 * 3600), |k| {
                    lead + options.gap * u32::try_from(k).unwrap_or(u32::MAX)
                });
            let time = if cut_flagger == Some(n) {
                lead + after_flags + crate::hall_faults::CUT_FLAG_AFTER
            } else {
                time
            };
            let venue = Venue::of(venues, n);
            let credentials = venue
                .dir
                .join("credentials")
                .join(format!("board-{n}.toml"));
            (n, board_config(n, time, venue.port, &credentials))
        })
        .collect();
    let mut boards = Boards::Daemons(Vec::new());
    let result = (|| -> Result<HallReport, String> {
        boards = start_boards(options, dir, &configs)?;
        let mut report = collect(
            options,
            dir,
            &station,
            &mut boards,
            recorder,
            venues,
            &flaggers,
        )?;
        if let (Boards::Sim(sim), Some(relay), Some(b)) = (&mut boards, relay, venues.get(1)) {
            let journals: Vec<(u32, PathBuf)> = (1..=options.boards)
                .map(|n| (n, sim_journal(dir, n)))
                .collect();
            let hall = crate::hall_faults::Faulted {
                transcript: &station.transcript,
                mirror: &dir.join("mirror"),
                boards: &journals,
                first_of_b: b.first,
                cut_flagger,
                relay,
                brokers,
            };
            report.faults = Some(crate::hall_faults::run(hall, sim)?);
        }
        Ok(report)
    })();
    let stopped = boards.stop();
    station.child.stop();
    let report = result?;
    stopped?;
    Ok(report)
}

/// Simulated board `n`'s journal.
fn sim_journal(dir: &Path, n: u32) -> PathBuf {
    dir.join(format!("sim-board-{n}.jsonl"))
}

/// The hall's boards: real daemons, or simulated in this process ([`crate::board_sim`]).
enum Boards {
    /// `talkclock run --no-audio`, one per board: (board, its folder, the daemon).
    Daemons(Vec<(u32, PathBuf, Daemon)>),
    /// The simulator.
    Sim(SimBoards),
}

/// Starts every board and sets White's clock going on each at once.
fn start_boards(
    options: &HallOptions,
    dir: &Path,
    configs: &[(u32, String)],
) -> Result<Boards, String> {
    if options.sim {
        let specs: Vec<BoardSpec> = configs
            .iter()
            .map(|(n, text)| BoardSpec {
                board: *n,
                config: format!("{text}[game]\nfirst = \"white\"\n"),
                journal: sim_journal(dir, *n),
            })
            .collect();
        let sim = SimBoards::start(&specs)?;
        // White first: the start sets White's clock going.
        sim.start_all();
        return Ok(Boards::Sim(sim));
    }
    let mut daemons = Vec::new();
    for (n, text) in configs {
        let board_dir = dir.join(format!("board-{n}"));
        daemons.push((
            *n,
            board_dir.clone(),
            Daemon::start(&options.exe, &board_dir, text, true)?,
        ));
    }
    // Every board at once: started, then White and Black press, so White's clock runs.
    for (_, _, board) in &mut daemons {
        board.key("s")?;
        board.key("w")?;
        board.key("b")?;
    }
    Ok(Boards::Daemons(daemons))
}

impl Boards {
    /// Board `n`'s flag instant on the wall clock (Unix ms).
    fn flag_of(&mut self, n: u32) -> Result<f64, String> {
        match self {
            Boards::Daemons(daemons) => {
                let (_, board_dir, board) = daemons
                    .iter()
                    .find(|(m, _, _)| *m == n)
                    .ok_or_else(|| format!("no board {n}"))?;
                flag_instant(&board_dir.join("journal.jsonl"), &board.transcript)
            }
            Boards::Sim(sim) => sim
                .flags()
                .iter()
                .find(|f| f.board == n)
                .map(|f| f.wall_ms)
                .ok_or_else(|| format!("simulated board {n} told no flag")),
        }
    }

    fn stop(self) -> Result<(), String> {
        match self {
            Boards::Daemons(daemons) => {
                for (_, _, board) in daemons {
                    board.quit();
                }
                Ok(())
            }
            Boards::Sim(sim) => sim.stop(),
        }
    }
}

fn collect(
    options: &HallOptions,
    dir: &Path,
    station: &Station,
    boards: &mut Boards,
    recorder: &Recorder,
    venues: &[Venue],
    flaggers: &[u32],
) -> Result<HallReport, String> {
    let mut clocks = Clocks::new();
    let mut heard = Vec::new();
    let pid = station.child.id().ok_or("the station is not running")?;
    let cpu_from = (Instant::now(), cpu_seconds(pid)?);
    let flags_n = u32::try_from(flaggers.len()).unwrap_or(u32::MAX);
    let total = options.lead + Duration::from_millis(30) * options.boards + options.gap * flags_n;
    let deadline = Instant::now() + total + Duration::from_secs(60);
    // Until every flag was handed to the audio and the earpiece has been quiet for 1 s since.
    loop {
        std::thread::sleep(POLL);
        clocks.sample();
        drain(recorder, &clocks, &mut heard);
        let flags: Vec<Said> = station.said().into_iter().filter(|s| s.flag).collect();
        if flags.len() >= flaggers.len() {
            let last_handoff = flags.iter().map(|f| f.handoff).fold(f64::MIN, f64::max);
            let last_sound = heard
                .iter()
                .rev()
                .find(|h| h.sound)
                .map_or(last_handoff, |h| h.at.max(last_handoff));
            if wall_ms_now() - last_sound > 1_000.0 {
                break;
            }
        }
        if Instant::now() > deadline {
            return Err(format!(
                "the station said {} of {} flags within {:.0} s; see {}",
                flags.len(),
                flaggers.len(),
                (total + Duration::from_secs(60)).as_secs_f64(),
                dir.display()
            ));
        }
    }
    let cpu = (cpu_seconds(pid)? - cpu_from.1) / cpu_from.0.elapsed().as_secs_f64() * 100.0;
    let memory = (status_mb(pid, "VmRSS")?, status_mb(pid, "VmHWM")?);
    let said = station.said();
    let lead_in = LeadIn::new(options, &dir.join("station.toml"))?;
    let mut flags = Vec::new();
    for n in flaggers {
        let flag = boards.flag_of(*n)?;
        let at = said
            .iter()
            .position(|s| s.flag && s.board == *n)
            .ok_or_else(|| format!("the station said no flag of board {n}"))?;
        let handoff = said[at].handoff;
        let received = said[at]
            .received
            .ok_or_else(|| format!("board {n}: the station's flag line has no received_ms"))?;
        let previous = at.checked_sub(1).and_then(|i| said.get(i));
        // Stamps are whole milliseconds (floored): the audio may start within the one the
        // hand-off was stamped in.
        let from = received.min(handoff) - 1.0;
        let audible = heard
            .iter()
            .filter_map(|h| h.audible)
            .find(|a| *a >= from)
            .ok_or_else(|| format!("board {n}: no audible sound after its flag was handed over"))?;
        let sound = heard
            .iter()
            .filter_map(|h| h.first_sound)
            .find(|a| *a >= from)
            .unwrap_or(audible);
        flags.push(FlagTiming {
            board: *n,
            venue: Venue::of(venues, *n).name.to_string(),
            flag,
            received,
            handoff,
            sound,
            audible,
            lead_in: lead_in.of(*n)?,
            queued: maybe_busy(previous, received, &heard),
        });
    }
    let mut report = report(options, flags, clocks.spread(), lead_in.gain)?;
    if venues.len() > 1 {
        report.venues = venues
            .iter()
            .map(|v| venue_figures(v, &report.flags))
            .collect::<Result<_, _>>()?;
    }
    report.station_cpu_percent = round(cpu, 2);
    report.station_rss_mb = round(memory.0, 1);
    report.station_peak_mb = round(memory.1, 1);
    Ok(report)
}

/// A process's user and system CPU time so far, s.
fn cpu_seconds(pid: u32) -> Result<f64, String> {
    let path = format!("/proc/{pid}/stat");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
    // After the command's name in parentheses: state is field 3, utime 14, stime 15.
    let rest = text
        .rsplit_once(") ")
        .map(|(_, r)| r)
        .ok_or_else(|| format!("{path}: no command name"))?;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| -> Result<f64, String> {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .ok_or_else(|| format!("{path}: field {} is not a number", i + 3))
    };
    // SAFETY: sysconf only reads a configuration value.
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    let hz = if hz > 0 { hz as f64 } else { 100.0 };
    Ok((ticks(11)? + ticks(12)?) / hz)
}

/// A field of `/proc/PID/status` in kB, as MB.
fn status_mb(pid: u32, field: &str) -> Result<f64, String> {
    let path = format!("/proc/{pid}/status");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
    text.lines()
        .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map(|kb| kb / 1024.0)
        .ok_or_else(|| format!("{path}: no {field}"))
}

/// A venue's flags, summarised (those that waited behind another alert left out).
fn venue_figures(venue: &Venue, flags: &[FlagTiming]) -> Result<VenueFigures, String> {
    let counted: Vec<&FlagTiming> = flags
        .iter()
        .filter(|f| f.venue == venue.name && !f.queued)
        .collect();
    let of = |f: fn(&FlagTiming) -> f64| {
        let values: Vec<f64> = counted.iter().map(|t| f(t)).collect();
        Summary::of(&values).ok_or_else(|| {
            format!(
                "venue {}: no flag counted (give more --hall-flags, or a longer --hall-gap)",
                venue.name
            )
        })
    };
    Ok(VenueFigures {
        venue: venue.name.to_string(),
        boards: venue.last + 1 - venue.first,
        flag_to_received_ms: of(|t| t.received - t.flag)?,
        flag_to_audible_ms: of(|t| t.audible - t.flag)?,
    })
}

fn report(
    options: &HallOptions,
    flags: Vec<FlagTiming>,
    spread: f64,
    gain: f32,
) -> Result<HallReport, String> {
    let counted: Vec<&FlagTiming> = flags.iter().filter(|f| !f.queued).collect();
    let of = |what: &str, f: fn(&FlagTiming) -> f64| {
        let values: Vec<f64> = counted.iter().map(|t| f(t)).collect();
        Summary::of(&values).ok_or_else(|| {
            format!("{what}: every flag waited behind another alert (make --hall-gap longer)")
        })
    };
    Ok(HallReport {
        boards: options.boards,
        gap_seconds: options.gap.as_secs_f64(),
        flag_to_received_ms: of("flag to received", |t| t.received - t.flag)?,
        received_to_handoff_ms: of("received to hand-off", |t| t.handoff - t.received)?,
        flag_to_handoff_ms: of("flag to hand-off", |t| t.handoff - t.flag)?,
        handoff_to_sound_ms: of("hand-off to sound", |t| t.sound - t.handoff)?,
        handoff_to_audible_ms: of("hand-off to audible", |t| t.audible - t.handoff)?,
        lead_in_ms: of("lead-in", |t| t.lead_in)?,
        flag_to_sound_ms: of("flag to sound", |t| t.sound - t.flag)?,
        flag_to_audible_ms: of("flag to audible", |t| t.audible - t.flag)?,
        bus_gain_db: round(20.0 * f64::from(gain).log10(), 1),
        queued: flags.len() - counted.len(),
        clock_offset_spread_ms: round(spread, 3),
        venues: Vec::new(),
        station_cpu_percent: 0.0,
        station_rss_mb: 0.0,
        station_peak_mb: 0.0,
        faults: None,
        flags,
        bench_seconds: 0.0,
    })
}

impl HallReport {
    /// The JSON object.
    pub fn json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
    }

    /// A table: each part of the way, p50 / p99 / max side by side, and the goal.
    pub fn human(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "the hall: {} boards{}, {} of them flag, one every {:.1} s; one arbiter's earpiece on \
             a private PulseAudio null sink",
            self.boards,
            if self.venues.len() > 1 {
                format!(" in {} venues bridged by hall init", self.venues.len())
            } else {
                String::new()
            },
            self.flags.len(),
            self.gap_seconds
        );
        let _ = writeln!(
            out,
            "{:<44} {:>9} {:>9} {:>9} {:>4}",
            "ms", "p50", "p99", "max", "n"
        );
        let rows = [
            (
                "flag → station received (board, broker)",
                &self.flag_to_received_ms,
            ),
            (
                "received → handed to audio (station)",
                &self.received_to_handoff_ms,
            ),
            ("  flag → handed to audio", &self.flag_to_handoff_ms),
            (
                "handed to audio → first sound (−34 dBFS)",
                &self.handoff_to_sound_ms,
            ),
            (
                "handed to audio → first audible (−20 dBFS)",
                &self.handoff_to_audible_ms,
            ),
            ("  of which inside the alert's recording", &self.lead_in_ms),
            ("flag → first sound (total)", &self.flag_to_sound_ms),
            ("flag → first audible (total)", &self.flag_to_audible_ms),
        ];
        for (name, s) in rows {
            let _ = writeln!(
                out,
                "{:<44} {:>9.1} {:>9.1} {:>9.1} {:>4}",
                name, s.p50, s.p99, s.max, s.n
            );
        }
        let _ = writeln!(
            out,
            "(the earpiece's bus gain is {:.1} dB, so the first audible sample can lie well into \
             the alert)",
            self.bus_gain_db
        );
        for v in &self.venues {
            for (what, s) in [
                ("flag → station received", &v.flag_to_received_ms),
                ("flag → first audible", &v.flag_to_audible_ms),
            ] {
                let _ = writeln!(
                    out,
                    "{:<44} {:>9.1} {:>9.1} {:>9.1} {:>4}",
                    format!("venue {} ({} boards): {what}", v.venue, v.boards),
                    s.p50,
                    s.p99,
                    s.max,
                    s.n
                );
            }
        }
        let station_met =
            self.station_cpu_percent < STATION_CPU_GOAL && self.station_peak_mb < STATION_MB_GOAL;
        let _ = writeln!(
            out,
            "the station over the flags: {:.2} % of a core, {:.1} MB resident, {:.1} MB peak \
             [{}: < {STATION_CPU_GOAL:.0} % and < {STATION_MB_GOAL:.0} MB]",
            self.station_cpu_percent,
            self.station_rss_mb,
            self.station_peak_mb,
            if station_met {
                "meets goal"
            } else {
                "MISSES goal"
            }
        );
        if let Some(faults) = &self.faults {
            out.push_str(&faults.human());
        }
        let met = self.flag_to_audible_ms.p99 <= GOAL_P99_MS;
        let _ = writeln!(
            out,
            "[{}: flag → first audible p99 ≤ {GOAL_P99_MS:.0} ms]",
            if met { "meets goal" } else { "MISSES goal" }
        );
        if self.queued > 0 {
            let _ = writeln!(
                out,
                "{} flag(s) not counted: their alert waited behind another one \
                 (a longer --hall-gap avoids it)",
                self.queued
            );
        }
        let _ = writeln!(
            out,
            "(wall − monotonic clock offset moved {:.3} ms over the run; benchmark took {:.0} s)",
            self.clock_offset_spread_ms, self.bench_seconds
        );
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_are_minutes_seconds_and_milliseconds() {
        assert_eq!(time_text(Duration::from_millis(7_500)), "0:07.500");
        assert_eq!(time_text(Duration::from_millis(65_250)), "1:05.250");
    }

    #[test]
    fn an_instant_is_carried_to_the_wall_clock_by_the_nearest_pair() {
        let t0 = Instant::now();
        let clocks = Clocks(vec![
            (t0, 1_000.0),
            (t0 + Duration::from_secs(10), 11_000.5),
        ]);
        assert_eq!(clocks.wall_of(t0 + Duration::from_secs(1)), 2_000.0);
        assert_eq!(clocks.wall_of(t0 + Duration::from_secs(9)), 10_000.5);
        assert!((clocks.spread() - 0.5).abs() < 1e-9);
    }

    #[test]
    fn the_flagging_boards_are_spread_over_both_halves() {
        assert_eq!(flagging(200, 4), [1, 51, 101, 151]);
        assert_eq!(flagging(3, 10), [1, 2, 3]);
        assert_eq!(flagging(30, 30), (1..=30).collect::<Vec<_>>());
    }
}
