//! What each `talkclock` subcommand does, kept out of `main` so tests can call it.

pub mod bench;
mod buttons;
mod hall;
pub mod haptic_practice;
mod learn;
pub mod man;
mod selftest;
mod station;
pub use station::{
    import_from_station, station, station_close, station_ctl, station_pairings, station_passwd,
    station_results, station_status,
};
mod listen;
pub mod listen_set;
mod simulated_journal;
mod voice_tools;
mod wav;

use crate::config::{Config, ConfigError};
use crate::sim::{parse_script, simulate_game, ScriptError};
pub use buttons::buttons;
pub use hall::{hall_add_bridge, hall_init};
pub use learn::learn;
pub use listen::{listen_set_command, listen_stretch, ListenSetOptions};
pub use selftest::{selftest, SelftestOptions};
use std::io::Write;
use std::path::Path;
pub use voice_tools::{voice_catalog, voice_join, voice_master, voice_relevel};

/// Why a subcommand failed, and the exit code that says so.
#[derive(Debug, thiserror::Error)]
pub enum Failure {
    /// A bad configuration file (exit 2).
    #[error("{0}")]
    Config(#[from] ConfigError),
    /// A bad script (exit 2).
    #[error("{0}")]
    Script(#[from] ScriptError),
    /// A file could not be read (exit 2).
    #[error("{path}: cannot read the file: {source}")]
    Read {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// A bad argument on the command line (exit 2).
    #[error("{0}")]
    Usage(String),
    /// Words that are no `ctl` command (exit 2).
    #[error(transparent)]
    CtlUsage(#[from] crate::control::client::CtlUsage),
    /// A bad events file for `learn --inject` (exit 2).
    #[error("{0}")]
    Inject(#[from] crate::input::inject::InjectError),
    /// Learning could not write the file (exit 1).
    #[error("{0}")]
    Learn(#[from] crate::input::learn::LearnError),
    /// Learning stopped before every button was learned, said in the listener's language
    /// (exit 1).
    #[error("{0}")]
    Stopped(String),
    /// Output or a device failed (exit 1).
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// The daemon could not start or had to stop (its own exit codes, see [`DaemonError`]).
    #[error("{0}")]
    Daemon(#[from] crate::daemon::DaemonError),
    /// A journal cannot be read (exit 3).
    #[error("{0}")]
    Journal(#[from] crate::journal::JournalError),
    /// A journal is in use by a daemon (exit 3).
    #[error("{0}")]
    Locked(#[from] crate::journal::LockError),
    /// The voice packs cannot be loaded (exit 4).
    #[error("{0}")]
    Voices(#[from] crate::announce::voices::VoicesError),
    /// No audio output can play here: nothing was said (exit 1).
    #[error("{0}")]
    NoAudio(String),
    /// `hall init` refused its options or an existing hall (exit 2), or could not write
    /// (exit 1).
    #[error("{0}")]
    HallInit(#[from] crate::hall::init::InitError),
    /// `hall add-bridge` refused its folder or file (exit 2), or could not write (exit 1).
    #[error("{0}")]
    HallAddBridge(#[from] crate::hall::add_bridge::AddBridgeError),
    /// The daemon refused a control request (exit 1; its reply is printed).
    #[error("")]
    Refused,
    /// The hall's station could not run (2 for its configuration, 1 otherwise).
    #[error("{0}")]
    Station(#[from] crate::station::run::StationError),
    /// An event could not be closed on its broker (the station's codes, 1 otherwise).
    #[error("{0}")]
    Close(#[from] crate::station::close::CloseError),
    /// A round's pairings file has malformed lines, or cannot be read (exit 2).
    #[error("{0}")]
    Pairings(#[from] crate::station::round::pairings::PairingsError),
    /// A round's results cannot be written (exit 1).
    #[error("{0}")]
    Results(#[from] crate::station::round::results::ResultsError),
}

impl Failure {
    /// 2 for bad input, 3 for a journal, 4 for the voice packs, the daemon's own codes, 1 for
    /// everything else.
    pub fn exit_code(&self) -> u8 {
        match self {
            Failure::Daemon(e) => e.exit_code(),
            Failure::Station(e) => e.exit_code(),
            Failure::Close(e) => e.exit_code(),
            Failure::Journal(_) | Failure::Locked(_) => 3,
            Failure::Voices(_) => 4,
            Failure::Refused => 1,
            Failure::HallInit(e) => {
                if e.is_usage() {
                    2
                } else {
                    1
                }
            }
            Failure::HallAddBridge(e) => {
                if e.is_usage() {
                    2
                } else {
                    1
                }
            }
            Failure::Config(_)
            | Failure::Script(_)
            | Failure::Read { .. }
            | Failure::Usage(_)
            | Failure::CtlUsage(_)
            | Failure::Pairings(_)
            | Failure::Inject(_) => 2,
            Failure::Learn(_)
            | Failure::Stopped(_)
            | Failure::Io(_)
            | Failure::NoAudio(_)
            | Failure::Results(_) => 1,
        }
    }
}

/// Writes lines to standard output, buffered.
fn print_lines(lines: impl IntoIterator<Item = String>) -> Result<(), Failure> {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for line in lines {
        writeln!(out, "{line}")?;
    }
    out.flush()?;
    Ok(())
}

/// Loads the given configuration file, or the embedded default.
pub fn load_config(path: Option<&Path>) -> Result<Config, ConfigError> {
    match path {
        Some(path) => Config::load(path),
        None => Config::embedded_default(),
    }
}

/// Whether the file at `path` is a station's configuration: TOML with a `[broker]` table.
fn is_station_config(path: &Path) -> bool {
    std::fs::read_to_string(path)
        .ok()
        .and_then(|text| text.parse::<toml::Table>().ok())
        .is_some_and(|table| table.contains_key("broker"))
}

/// `talkclock simulate`: prints the transcript, or nothing at all when the input is bad.
/// Every problem of the configuration and of the script is told in one run: a configuration
/// that does not load does not hide the script's bad lines.
pub fn simulate(
    config: Option<&Path>,
    script: &Path,
    journal: Option<&Path>,
) -> Result<(), Failure> {
    let config_text = match config {
        Some(path) => Config::read_text(path),
        None => Ok(crate::config::EMBEDDED_DEFAULT.to_string()),
    };
    let config = load_config(config);
    let text = std::fs::read_to_string(script).map_err(|source| Failure::Read {
        path: script.display().to_string(),
        source,
    })?;
    let steps = parse_script(&text, &script.display().to_string());
    let (config, steps) = match (config, steps) {
        (Ok(config), Ok(steps)) => (config, steps),
        (Err(config), Err(script)) => {
            eprint!("{config}");
            return Err(script.into());
        }
        (Err(config), _) => return Err(config.into()),
        (_, Err(script)) => return Err(script.into()),
    };
    let (lines, end) = simulate_game(&config, &steps);
    if let Some(path) = journal {
        // The text was read when the configuration was: it cannot fail now but on a race.
        let text = config_text.map_err(Failure::from)?;
        simulated_journal::write(path, &text, &steps, &end)?;
    }
    print_lines(lines)
}

/// How `talkclock moves` prints the time log.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum MovesFormat {
    /// A header line, then one comma-separated row per move.
    Csv,
    /// One JSON object per move, a line each.
    Json,
}

/// `talkclock moves`: the journal's time log.
pub fn moves(path: &Path, format: MovesFormat) -> Result<(), Failure> {
    let name = path.display().to_string();
    let journal = crate::journal::Journal::read(path)?;
    warn_evidence(&journal, &name);
    let rows = crate::journal::time_log::time_log(&journal, &name)?;
    let lines = match format {
        MovesFormat::Csv => crate::journal::time_log::csv_text(&rows)
            .lines()
            .map(str::to_string)
            .collect(),
        MovesFormat::Json => rows
            .iter()
            .map(|row| serde_json::to_string(row).map_err(std::io::Error::other))
            .collect::<Result<Vec<_>, _>>()?,
    };
    print_lines(lines)
}

/// `talkclock check`: says the file is good, or lists every problem.
pub fn check(config: Option<&Path>) -> Result<(), Failure> {
    // A station's configuration (its `[broker]`) is checked as the station reads it.
    if let Some(path) = config.filter(|p| is_station_config(p)) {
        let station = crate::station::config::StationConfig::load(path)
            .map_err(crate::station::run::StationError::from)?;
        println!(
            "{}: the station's configuration is valid (event {}, {} arbiter(s))",
            path.display(),
            station.event,
            station.arbiters.len()
        );
        return Ok(());
    }
    let loaded = load_config(config)?;
    let name = config.map_or("<embedded default>".to_string(), |p| {
        p.display().to_string()
    });
    println!("{name}: the configuration is valid ({})", summary(&loaded));
    Ok(())
}

/// What `check` and `run --check` say of a valid configuration: its stages, mode and rules.
fn summary(config: &Config) -> String {
    format!(
        "{}, {:?} mode, rules = \"{}\": {}",
        config.control.summary(),
        config.mode,
        config.rules.name(),
        config.rules.title()
    )
}

pub(crate) fn language(code: &str) -> Result<crate::speech::Lang, Failure> {
    crate::speech::Lang::from_code(code).ok_or_else(|| {
        Failure::Usage(format!(
            "`{code}` is not a language; expected {}",
            crate::speech::Lang::codes_listed()
        ))
    })
}

/// `talkclock say`: a time readout, printed (`--print`) or spoken through the voice pack.
pub fn say(
    lang: &str,
    time: &str,
    print: bool,
    config: Option<&Path>,
    rate: Option<f32>,
) -> Result<(), Failure> {
    let lang = language(lang)?;
    let ms = crate::clock::time::parse_duration(time)
        .map_err(|e| Failure::Usage(format!("--time: {e}")))?;
    let rate = match rate {
        Some(r) if (-1.0..=1.0).contains(&r) => r,
        Some(r) => {
            return Err(Failure::Usage(format!(
                "--rate {r}: the speech rate is from -1 (slow) through 0 (as recorded) to 1 \
                 (fastest)"
            )))
        }
        None => load_config(config)?.audio.speech_rate(),
    };
    let utterance = crate::speech::readout(lang, ms);
    if print {
        println!("{}", utterance.text);
        return Ok(());
    }
    crate::announce::speak_once(lang, &utterance, rate).map_err(|e| match e {
        crate::announce::SpeakError::Voices(why) => Failure::Voices(why),
        no_audio @ crate::announce::SpeakError::NoAudio(_) => {
            Failure::NoAudio(no_audio.to_string())
        }
    })
}

/// The default journal: `$XDG_STATE_HOME/talkclock/journal.jsonl` (or under `~/.local/state`).
pub fn default_journal() -> std::path::PathBuf {
    let base = std::env::var_os("XDG_STATE_HOME")
        .filter(|d| !d.is_empty())
        .map(std::path::PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME").map(|h| std::path::PathBuf::from(h).join(".local/state"))
        })
        .unwrap_or_else(std::env::temp_dir);
    base.join("talkclock").join("journal.jsonl")
}

/// `talkclock run`: the daemon, or with `--check` a report on what it would use.
pub fn run(options: crate::daemon::RunOptions, check_only: bool) -> Result<(), Failure> {
    if check_only {
        return check_run(&options);
    }
    Ok(crate::daemon::run(&options)?)
}

fn check_run(options: &crate::daemon::RunOptions) -> Result<(), Failure> {
    let config = load_config(options.config.as_deref())?;
    println!("configuration: valid ({})", summary(&config));
    let dir = crate::announce::voices::voices_dir(options.voices.as_deref());
    let voices = crate::announce::voices::Voices::load(&dir).map_err(Failure::Voices)?;
    for lang in crate::speech::Lang::ALL {
        match voices.pack(lang) {
            Some(pack) => println!(
                "voice pack {}: {} ({})",
                lang.code(),
                pack.voice(),
                dir.display()
            ),
            None => println!(
                "voice pack {}: none in {}: announcements in {} are spoken by the system's speech \
                 engine (espeak-ng), and printed as text if it cannot start",
                lang.code(),
                dir.display(),
                lang.code()
            ),
        }
    }
    // Opened, as the daemon opens them: ALSA lists plugins (null, jack, oss…) on a machine
    // with no sound card, and a count of those says nothing about what can play.
    match crate::announce::open_audio(&config.audio.output) {
        Ok(out) => {
            out.shutdown();
            println!(
                "audio: {} opened and can play",
                config.audio.output.devices().join(", ")
            );
        }
        Err(why) => {
            println!("audio: no audio output: {why}; announcements are printed as text lines")
        }
    }
    if let Some(hall) = &config.hall {
        match crate::hall::credentials::read(&hall.credentials) {
            Ok(c) => println!(
                "hall: board {} of event {} at {}:{} as {} (the broker is not tried here)",
                hall.board, hall.event, hall.host, hall.port, c.username
            ),
            Err(e) => println!("hall: {e}: the daemon would not start"),
        }
    }
    check_haptics(&config);
    if let Some(display) = &config.display {
        // Only tried: a port another program holds would stop the daemon's start.
        let free = std::net::TcpListener::bind(display.listen).map(drop);
        println!(
            "board display: http://{}/ ({}, digits at {} %, White on the {}){}",
            display.listen,
            display.scheme.word().replace('_', " "),
            display.size,
            match display.white {
                crate::config::display::ScreenHalf::Left => "left",
                crate::config::display::ScreenHalf::Right => "right",
            },
            match free {
                Ok(()) => String::new(),
                Err(e) => format!(": cannot listen there ({e}): the daemon would not start"),
            }
        );
    }
    Ok(())
}

/// `run --check` on vibration: each player with `haptic = true`, his own controller, whether
/// it is connected now and has a rumble motor.
fn check_haptics(config: &crate::config::Config) {
    use crate::clock::Side;
    let owners = crate::daemon::haptic_feed::own_controllers(config);
    let problems = crate::daemon::haptic_feed::problems(config);
    if owners.iter().all(Option::is_none) && problems.is_empty() {
        return;
    }
    let devices = crate::input::list_devices();
    for (side, owner) in [Side::White, Side::Black].into_iter().zip(owners) {
        let Some(uuid) = owner else { continue };
        let name = side.name();
        let state = if !devices
            .gamepads
            .iter()
            .any(|g| g.uuid.as_deref() == Some(uuid.as_str()))
        {
            "not connected now".to_string()
        } else if devices.without_rumble.contains(&uuid) {
            "connected, but it has no rumble motor: nothing will vibrate for this player".into()
        } else {
            "connected, with rumble".into()
        };
        println!("haptic, {name}: controller uuid:{uuid}: {state}");
    }
    for problem in problems {
        println!("haptic: {problem}");
    }
}

/// `talkclock ctl`: one request to the daemon.
pub fn ctl(socket: Option<&Path>, words: &[String]) -> Result<(), Failure> {
    let json = crate::control::client::request_for(words)?.to_string();
    let socket = socket.map_or_else(
        crate::control::server::client_default_path,
        Path::to_path_buf,
    );
    let reply = crate::control::client::request(&socket, &json)
        .map_err(|e| Failure::Io(std::io::Error::other(e)))?;
    println!("{reply}");
    if reply.contains("\"ok\":false") {
        return Err(Failure::Refused);
    }
    Ok(())
}

/// `talkclock replay`: the journal's game as transcript lines.
pub fn replay(path: &Path) -> Result<(), Failure> {
    let name = path.display().to_string();
    let journal = crate::journal::Journal::read(path)?;
    warn_evidence(&journal, &name);
    let mut lines = Vec::new();
    journal.replay_with(&name, |config, outputs| {
        let languages = config.languages();
        for output in &outputs {
            lines.extend(crate::transcript::transcript_lines(&languages, output));
        }
    })?;
    print_lines(lines)
}

/// Tells on stderr what a journal's tamper evidence cannot vouch for (the old format).
fn warn_evidence(journal: &crate::journal::Journal, name: &str) {
    if let Some(warning) = journal.evidence_warning(name) {
        eprintln!("warning: {warning}");
    }
}

/// `talkclock export`: checks the journal and copies its good part.
pub fn export(journal: Option<&Path>, to: &Path) -> Result<(), Failure> {
    let path = journal.map_or_else(default_journal, Path::to_path_buf);
    let read = crate::journal::Journal::read(&path)?;
    warn_evidence(&read, &path.display().to_string());
    let bytes = std::fs::read(&path)?;
    std::fs::write(to, &bytes[..read.good_len])?;
    println!(
        "exported {} records of {} to {}",
        read.records.len(),
        path.display(),
        to.display()
    );
    Ok(())
}

/// `talkclock import`: installs an exported journal (the one in place is kept aside).
pub fn import(file: &Path, journal: Option<&Path>) -> Result<(), Failure> {
    let read = crate::journal::Journal::read(file)?;
    warn_evidence(&read, &file.display().to_string());
    read.replay(&file.display().to_string())?;
    let target = journal.map_or_else(default_journal, Path::to_path_buf);
    if let Some(dir) = target.parent() {
        std::fs::create_dir_all(dir)?;
    }
    // A journal a daemon is using is never replaced under it.
    let _lock = crate::journal::JournalLock::take(&target)?;
    if target.exists() {
        crate::journal::store::set_aside(&target, "replaced")?;
    }
    std::fs::write(&target, &std::fs::read(file)?[..read.good_len])?;
    println!(
        "imported {} records into {}: the next `talkclock run` restores the game",
        read.records.len(),
        target.display()
    );
    Ok(())
}

/// `talkclock recover`: a damaged journal's game, restored up to its last good record. The
/// damaged file is kept whole (`…-WALLMS.damaged.jsonl`), the part after the last good record
/// too (`…-WALLMS.rest.jsonl`), and the good part becomes the journal: the next `run` restores
/// the game paused, says the clock check, and the arbiter confirms by resuming.
pub fn recover(journal: Option<&Path>) -> Result<(), Failure> {
    let path = journal.map_or_else(default_journal, Path::to_path_buf);
    let _lock = crate::journal::JournalLock::take(&path)?;
    let name = path.display().to_string();
    let bytes = std::fs::read(&path).map_err(|source| Failure::Read {
        path: name.clone(),
        source,
    })?;
    let text = String::from_utf8_lossy(&bytes);
    let (good, problem) = crate::journal::Journal::parse_prefix(&text, &name)?;
    let Some(problem) = problem else {
        println!("{name}: the journal reads whole; nothing to recover");
        return Ok(());
    };
    let (table, _) = good.replay(&name)?;
    // The good part is a prefix of the text, which may hold replacement characters after it.
    let good_bytes = &text.as_bytes()[..good.good_len];
    let rest = &bytes[good_bytes.len().min(bytes.len())..];
    let stamp = crate::journal::wall_now();
    let stem = path
        .file_stem()
        .map_or("journal".into(), |s| s.to_string_lossy().into_owned());
    let damaged = path.with_file_name(format!("{stem}-{stamp}.damaged.jsonl"));
    let rest_file = path.with_file_name(format!("{stem}-{stamp}.rest.jsonl"));
    std::fs::write(&damaged, &bytes)?;
    std::fs::write(&rest_file, rest)?;
    let temporary = path.with_extension("jsonl.recover");
    std::fs::write(&temporary, good_bytes)?;
    std::fs::rename(&temporary, &path)?;
    let game = table.game();
    let at = good.last_game_ms();
    println!(
        "{name}: recovered the game up to its last good record ({} records, game time {}; White \
         {}, Black {}).\nThe first problem: {problem}\nKept aside: the damaged journal as {}, \
         the {} lines after the last good record as {}.\nThe next `talkclock run` restores the \
         game paused and says the clock check: the arbiter checks the times and resumes.",
        good.records.len(),
        crate::clock::time::Clock(at),
        crate::clock::time::Clock(game.remaining(crate::clock::Side::White, at)),
        crate::clock::time::Clock(game.remaining(crate::clock::Side::Black, at)),
        damaged.display(),
        rest.split(|b| *b == b'\n')
            .filter(|l| !l.is_empty())
            .count(),
        rest_file.display(),
    );
    Ok(())
}

/// `talkclock devices`: input controllers, then audio outputs.
pub fn devices() -> Result<(), Failure> {
    learn::print_input_devices();
    match crate::audio::devices(crate::audio::HostKind::Auto) {
        Ok(list) if list.is_empty() => println!("No audio outputs were found."),
        Ok(list) => {
            println!("audio outputs:");
            for d in list {
                let default = if d.is_default { " (default)" } else { "" };
                println!("  {} {}: {}{default}", d.host, d.id, d.name);
            }
        }
        Err(e) => println!("audio outputs: cannot list them: {e}"),
    }
    Ok(())
}
