//! talkclock's benchmark and test harness, kept out of the shipped library: a private
//! PulseAudio server with a null sink and a `parec` recorder ([`pulse`]), a private
//! speech-dispatcher ([`speechd`]), child processes stopped with SIGTERM ([`process`]), the real
//! daemon as a child process ([`daemon`]), the hall's mosquitto broker ([`broker`]), headless
//! Chromium through chromedriver for the web pages' tests ([`browser`]), the tests' artifacts
//! folder ([`artifacts`]), hundreds of hall boards in one process ([`board_sim`]: the board's
//! own core, journal and hall link without its devices), and the benchmark itself (`talkclock-bench`, which
//! `talkclock bench` runs; `--hall N` measures a tournament hall end to end, [`hall`];
//! `--slow-syncs` the click and the flag with the journal's syncs delayed, [`slow_syncs`]).
//!
//! The benchmark measures the real `talkclock` binary on this machine: flag timing and press
//! handling in the daemon's core loop, idle cost, memory and startup of the real daemon,
//! press-to-sound through the voice packs and through speech-dispatcher on a private
//! PulseAudio null sink, drift on real and virtual time, and how long readouts are. See
//! `docs/PERFORMANCE.md`. It uses only the public API of the `talkclock` library.
//!
//! A figure that misses its goal is reported, never an error: [`run`] fails only when
//! something could not be measured (no PulseAudio, no voice packs, a daemon that died).

pub mod artifacts;
pub mod audio;
pub mod board_sim;
pub mod broker;
pub mod browser;
pub mod core_loop;
pub mod daemon;
pub mod drift;
pub mod hall;
pub mod hall_audit;
pub mod hall_faults;
pub mod loudness;
pub mod memory;
pub mod net;
pub mod process;
pub mod pulse;
pub mod readout;
pub mod relay;
pub mod report;
pub mod slow_syncs;
pub mod speechd;
pub mod stats;
pub mod under_load;
pub mod virtual_game;

use report::{AudioLatency, DriftFigures, Report};
use stats::Summary;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use talkclock::announce::voices::{tempo_for_rate, voices_dir, Voices};
use talkclock::audio::{SystemSpeech, DEFAULT_SPEECH_RATE};

/// How much to measure.
#[derive(Debug, Clone)]
pub struct BenchOptions {
    /// The `talkclock` binary to run as the daemon.
    pub exe: PathBuf,
    /// The voice packs folder (the daemon's default when `None`).
    pub voices: Option<PathBuf>,
    /// Flags to time (at least 200 asked for by the goals).
    pub flags: usize,
    /// Shortest and longest random control for a flag, ms.
    pub flag_ms: (u64, u64),
    /// Presses to time through the core loop.
    pub presses: usize,
    /// Idle window.
    pub idle: Duration,
    /// The idle window of the memory daemons (one language, two languages): 30 s, as the
    /// goals say.
    pub memory_idle: Duration,
    /// Real-time drift window.
    pub drift: Duration,
    /// Time queries to time per speech path.
    pub audio_rounds: usize,
    /// The daemon's `[audio] buffer_frames` (its default when `None`).
    pub buffer_frames: Option<u32>,
}

/// The memory goals' idle window (issue 37).
pub const MEMORY_IDLE: Duration = Duration::from_secs(30);

impl BenchOptions {
    /// The full run (about three minutes) or `--quick` (about 80 s; both include the memory
    /// daemons' 30 s idle).
    pub fn new(exe: PathBuf, quick: bool) -> BenchOptions {
        if quick {
            BenchOptions {
                exe,
                voices: None,
                flags: 200,
                flag_ms: (10, 40),
                presses: 300,
                idle: Duration::from_secs(4),
                memory_idle: MEMORY_IDLE,
                drift: Duration::from_secs(15),
                audio_rounds: 3,
                buffer_frames: None,
            }
        } else {
            BenchOptions {
                exe,
                voices: None,
                flags: 250,
                flag_ms: (20, 150),
                presses: 2_000,
                idle: Duration::from_secs(60),
                memory_idle: MEMORY_IDLE,
                drift: Duration::from_secs(120),
                audio_rounds: 15,
                buffer_frames: None,
            }
        }
    }
}

/// A folder of ours under the temporary directory, removed on drop.
pub struct Scratch(pub PathBuf);

impl Scratch {
    /// `talkclock-bench-PID` under the temporary directory, empty.
    pub fn new() -> Result<Scratch, String> {
        let dir = std::env::temp_dir().join(format!("talkclock-bench-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        Ok(Scratch(dir))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn summary(values: &[f64], what: &str) -> Result<Summary, String> {
    Summary::of(values).ok_or_else(|| format!("{what}: nothing was measured"))
}

/// Runs every measurement and returns the figures. When something cannot be measured, the
/// scratch folder (logs of the daemons and servers) is kept and named in the error.
pub fn run(options: &BenchOptions) -> Result<Report, String> {
    let scratch = Scratch::new()?;
    match run_in(options, &scratch.0) {
        Ok(report) => Ok(report),
        Err(e) => {
            let kept = scratch.0.clone();
            std::mem::forget(scratch);
            Err(format!("{e} (logs kept in {})", kept.display()))
        }
    }
}

fn run_in(options: &BenchOptions, dir: &Path) -> Result<Report, String> {
    let began = Instant::now();
    // Environment first, before any thread starts: the private servers' addresses.
    let pulse_dir = dir.join("pulse");
    std::fs::create_dir_all(&pulse_dir).map_err(|e| format!("{}: {e}", pulse_dir.display()))?;
    let server = pulse::PulseServer::start(&pulse_dir)?;
    let speechd_dir = dir.join("speechd");
    std::fs::create_dir_all(&speechd_dir).map_err(|e| format!("{}: {e}", speechd_dir.display()))?;
    let speechd_guard = speechd::start(&speechd_dir)?;

    // At the default speech rate, as the daemon loads them (time-stretched once at load).
    let tempo = tempo_for_rate(DEFAULT_SPEECH_RATE);
    let loading = Instant::now();
    let voices = Voices::load_at(&voices_dir(options.voices.as_deref()), tempo)?;
    let voice_load_ms = loading.elapsed().as_secs_f64() * 1e3;
    let render_cost = readout::render_cost_ms(&voices)?;
    let lengths = readout::lengths(&voices)?;
    let clip_onset = readout::readout_onset_ms(&voices, audio::THRESHOLD)?;
    let clip_audible_onset = readout::readout_onset_ms(&voices, audio::AUDIBLE)?;
    let virtual_game = virtual_game::seven_hour_game(&virtual_game::fmjd_config()?);

    let core = {
        let (dir, o) = (dir.join("core"), options.clone());
        std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        std::thread::spawn(move || {
            let flags = core_loop::flag_errors(&dir, o.flags, o.flag_ms.0, o.flag_ms.1)?;
            let presses = core_loop::press_to_switch(&dir, o.presses)?;
            Ok::<_, String>((flags, presses))
        })
    };
    let drift = {
        let (dir, exe, window) = (dir.join("drift"), options.exe.clone(), options.drift);
        std::thread::spawn(move || drift::realtime(&exe, &dir, window))
    };

    let sound = measure_sound(options, dir);
    let resident = memory::idle_memory(
        &options.exe,
        &dir.join("memory"),
        &[
            ("one-language", memory::config_in("en", "en")),
            ("two-languages", memory::config_in("ru", "en")),
        ],
        options.memory_idle,
    );
    drop(speechd_guard);
    drop(server);
    // Both threads are joined before any error is returned, so no daemon is left behind.
    let (core, drift) = (core.join(), drift.join());
    let (flags, (presses, press_core)) =
        core.map_err(|_| "the core-loop measurement panicked".to_string())??;
    let drift = drift.map_err(|_| "the drift measurement panicked".to_string())??;
    let sound = sound?;
    let resident = resident?;
    let (one, two) = match resident[..] {
        [one, two] => (one, two),
        _ => return Err("the memory daemons were not all measured".into()),
    };

    let by_lang = |f: fn(&readout::ReadoutLength) -> f64| {
        lengths
            .iter()
            .map(|l| (l.lang.code().to_string(), stats::round(f(l), 3)))
            .collect()
    };
    let sounds = |o: &[audio::Onset]| o.iter().map(|o| o.sound).collect::<Vec<_>>();
    let audible = |o: &[audio::Onset]| o.iter().map(|o| o.audible).collect::<Vec<_>>();
    let voice_pack = summary(&sounds(&sound.voice_pack), "press to audio (voice pack)")?;
    let speech_dispatcher = summary(&sounds(&sound.system), "press to audio (speech-dispatcher)")?;
    let audible_pack = summary(&audible(&sound.voice_pack), "press to audible (voice pack)")?;
    let audible_system = summary(
        &audible(&sound.system),
        "press to audible (speech-dispatcher)",
    )?;
    Ok(Report {
        flag_error_us: summary(&flags, "flag error")?,
        press_to_switch_us: summary(&presses, "press to switch")?,
        press_core_us: summary(&press_core, "press in the core")?,
        press_to_audio_ms: AudioLatency {
            ratio_p50: stats::round(speech_dispatcher.p50 / voice_pack.p50, 3),
            voice_pack_clip_onset: stats::round(clip_onset, 2),
            voice_pack,
            speech_dispatcher,
        },
        press_to_audible_ms: report::Audible {
            speedup_p50: stats::round(audible_system.p50 / audible_pack.p50, 3),
            speedup_p99: stats::round(audible_system.p99 / audible_pack.p99, 3),
            voice_pack: audible_pack,
            speech_dispatcher: audible_system,
            voice_pack_after_idle: summary(
                &audible(&sound.voice_pack_after_idle),
                "press to audible after idle (voice pack)",
            )?,
            voice_pack_after_click: summary(
                &audible(&sound.voice_pack_after_click),
                "press to audible after a click (voice pack)",
            )?,
            voice_pack_clip_audible_onset: stats::round(clip_audible_onset, 2),
            voice_pack_after_idle_path: summary(
                &audible(&sound.voice_pack_after_idle)
                    .iter()
                    .map(|ms| ms - clip_audible_onset)
                    .collect::<Vec<_>>(),
                "press to the readout's start after idle (voice pack)",
            )?,
            click: summary(&audible(&sound.click), "press to click")?,
            click_during_readout: summary(
                &audible(&sound.click_during_readout),
                "press to click during a readout",
            )?,
            click_after_idle: summary(
                &audible(&sound.click_after_idle),
                "press to click after idle",
            )?,
        },
        idle_cpu_percent: stats::round(sound.idle.cpu_percent, 4),
        idle_cpu_by_thread: sound
            .idle
            .by_thread
            .iter()
            .map(|(k, v)| (k.clone(), stats::round(*v, 4)))
            .collect(),
        idle_seconds: options.idle.as_secs_f64(),
        rss_mb: stats::round(sound.idle.rss_mb, 2),
        rss_peak_mb: stats::round(sound.idle.rss_peak_mb, 2),
        startup_ms: stats::round(sound.startup_ms, 2),
        voice_load_ms: stats::round(voice_load_ms, 2),
        memory: report::Memory {
            idle_seconds: options.memory_idle.as_secs_f64(),
            one_language_mb: stats::round(one.rss_mb, 2),
            two_languages_mb: stats::round(two.rss_mb, 2),
            one_language_peak_mb: stats::round(one.peak_mb, 2),
            two_languages_peak_mb: stats::round(two.peak_mb, 2),
            one_language_startup_ms: stats::round(one.startup_ms, 2),
            two_languages_startup_ms: stats::round(two.startup_ms, 2),
        },
        drift_ms: DriftFigures {
            realtime: stats::round(drift.drift_ms, 3),
            realtime_vs_own_stamps: stats::round(drift.own_stamps_drift_ms, 3),
            realtime_stamp_spread: stats::round(drift.stamp_spread_ms, 3),
            realtime_seconds: stats::round(drift.seconds, 1),
            realtime_presses: drift.presses as f64,
            virtual_7h: virtual_game.drift_ms as f64,
        },
        readout_seconds: by_lang(|l| l.exact_seconds),
        readout_hm_seconds: by_lang(|l| l.readout_seconds),
        readout_render_cold_ms: render_cost
            .iter()
            .map(|(lang, cold, _)| (lang.code().to_string(), stats::round(*cold, 3)))
            .collect(),
        readout_render_warm_ms: render_cost
            .iter()
            .map(|(lang, _, warm)| (lang.code().to_string(), stats::round(*warm, 3)))
            .collect(),
        bench_seconds: stats::round(began.elapsed().as_secs_f64(), 1),
    })
}

/// What the daemon with audio showed.
struct Sound {
    startup_ms: f64,
    idle: audio::Idle,
    voice_pack: Vec<audio::Onset>,
    system: Vec<audio::Onset>,
    voice_pack_after_idle: Vec<audio::Onset>,
    voice_pack_after_click: Vec<audio::Onset>,
    click: Vec<audio::Onset>,
    click_during_readout: Vec<audio::Onset>,
    click_after_idle: Vec<audio::Onset>,
}

fn measure_sound(options: &BenchOptions, dir: &Path) -> Result<Sound, String> {
    let recorder = pulse::Recorder::start()?;
    let speech = SystemSpeech::new("en", DEFAULT_SPEECH_RATE).map_err(|e| e.to_string())?;
    let mut config = core_loop::config_text("2:00:00");
    if let Some(frames) = options.buffer_frames {
        config += &format!("\n[audio]\nbuffer_frames = {frames}\n");
    }
    let mut daemon = daemon::Daemon::start(&options.exe, &dir.join("daemon"), &config, false)?;
    let result = measure_daemon(options, &mut daemon, &recorder, &speech);
    daemon.quit();
    recorder.stop();
    result
}

fn measure_daemon(
    options: &BenchOptions,
    daemon: &mut daemon::Daemon,
    recorder: &pulse::Recorder,
    speech: &SystemSpeech,
) -> Result<Sound, String> {
    let startup_ms = daemon.startup.as_secs_f64() * 1e3;
    daemon.key("s")?;
    std::thread::sleep(Duration::from_millis(200));
    audio::wait_for_silence(recorder)?;
    let idle = audio::idle(daemon, options.idle)?;
    let (voice_pack, system) =
        audio::press_to_audio(daemon, recorder, speech, options.audio_rounds)?;
    let rounds = options.audio_rounds;
    let voice_pack_after_idle = audio::press_to_audio_after_idle(daemon, recorder, rounds)?;
    let voice_pack_after_click = audio::press_to_audio_after_click(daemon, recorder, rounds)?;
    let click_during_readout =
        audio::press_to_click_during_readout(daemon, recorder, rounds.div_ceil(2))?;
    let click = audio::press_to_click(daemon, recorder, rounds, audio::AWAKE_QUIET)?;
    let click_after_idle = audio::press_to_click(daemon, recorder, rounds, audio::rested())?;
    Ok(Sound {
        startup_ms,
        idle,
        voice_pack,
        system,
        voice_pack_after_idle,
        voice_pack_after_click,
        click,
        click_during_readout,
        click_after_idle,
    })
}

/// The C library constants the tests send (signal numbers).
pub use libc;
