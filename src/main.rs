//! The `talkclock` command: simulate, check, run a practice game, learn buttons, list devices.

use clap::{Parser, Subcommand};
use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;
use talkclock::cli;

/// A talking game clock for blind and low-vision draughts and chess players.
#[derive(Parser)]
#[command(name = "talkclock", version, about)]
struct Args {
    #[command(subcommand)]
    command: CliCommand,
    /// The full log on standard error (time, level, module), as a service writes it. At a
    /// terminal the log is otherwise only warnings and errors, one plain line each, and none
    /// that repeats what is said; `RUST_LOG` asks for the full log too.
    #[arg(long, global = true)]
    log: bool,
}

#[derive(Subcommand)]
enum CliCommand {
    /// Run a scripted game on virtual time and print one JSON object per line.
    Simulate {
        /// The configuration file (TOML); the embedded default when omitted.
        #[arg(long)]
        config: Option<PathBuf>,
        /// The script: one `@TIME ACTION` per line.
        #[arg(long)]
        script: PathBuf,
        /// Also write the journal the daemon would have written for this game (a new file:
        /// one already there is not replaced). Wall time is the game's time from the Unix
        /// epoch.
        #[arg(long)]
        journal: Option<PathBuf>,
    },
    /// Validate a configuration file and report every problem with line and column.
    Check {
        /// The configuration file (TOML): `talkclock check FILE`; the embedded default when
        /// omitted.
        #[arg(value_name = "FILE", conflicts_with = "config")]
        file: Option<PathBuf>,
        /// The same, as the other commands take it.
        #[arg(long)]
        config: Option<PathBuf>,
    },
    /// Print a voice pack's recordings: `key<TAB>text<TAB>text for the synthesiser<TAB>tone`.
    VoiceCatalog {
        /// The language's code: `ru`, `en`, `de` or `uk`.
        #[arg(long)]
        lang: String,
    },
    /// Speak a time readout (`--time 1:21:02`), or print its words with `--print`.
    Say {
        /// The language's code: `ru`, `en`, `de` or `uk`.
        #[arg(long)]
        lang: String,
        /// The remaining time to read out, `[[h:]mm:]ss[.fff]`.
        #[arg(long)]
        time: String,
        /// Print the words as one line instead of playing them.
        #[arg(long)]
        print: bool,
        /// The configuration whose `speech_rate` it speaks at (the embedded default's when
        /// omitted), as the daemon does.
        #[arg(long)]
        config: Option<PathBuf>,
        /// The speech rate instead, from -1 (slow) through 0 (as recorded) to 1 (fastest).
        #[arg(long, allow_hyphen_values = true)]
        rate: Option<f32>,
    },
    /// Run the clock: the daemon (keys on standard input, the arbiter's control socket).
    Run(RunArgs),
    /// Send a command to the running daemon's control socket and print its reply.
    Ctl {
        /// The control socket; when omitted, this user's daemon's, else the system service's
        /// (/run/talkclock/talkclock.sock).
        #[arg(long)]
        socket: Option<PathBuf>,
        /// The command: status, start, pause, resume, set SIDE TIME, adjust SIDE ±TIME,
        /// ruling …, check LISTENER, say AUDIENCE TEXT, new-game, reload.
        #[arg(required = true, trailing_var_arg = true, allow_hyphen_values = true)]
        words: Vec<String>,
    },
    /// Print a journal's time log: one row per completed move (number, side, game and wall
    /// time, time spent, increment or delay credited, time left).
    Moves {
        /// The journal file.
        #[arg(long)]
        journal: PathBuf,
        /// `csv` (with a header line) or `json` (one object per line).
        #[arg(long, value_enum, default_value = "csv")]
        format: cli::MovesFormat,
    },
    /// Print a journal's game as the JSON lines `simulate` prints.
    Replay {
        /// The journal file.
        journal: PathBuf,
    },
    /// Check a journal and copy it to a file for a spare device (rules 1.7.4, 1.7.8).
    Export {
        /// The journal file; the daemon's default when omitted.
        #[arg(long)]
        journal: Option<PathBuf>,
        /// Where to write the copy.
        #[arg(long)]
        to: PathBuf,
    },
    /// Install an exported journal so that the next `run` restores its game.
    Import {
        /// The exported file (or give --from-station and --board).
        #[arg(required_unless_present = "from_station")]
        file: Option<PathBuf>,
        /// The journal to install it as; the daemon's default when omitted.
        #[arg(long)]
        journal: Option<PathBuf>,
        /// Take the game from a hall station's mirror folder instead (rule 1.7.4: a board's
        /// device died; the spare goes on with its game).
        #[arg(long, requires = "board", conflicts_with = "file")]
        from_station: Option<PathBuf>,
        /// With --from-station: the board.
        #[arg(long)]
        board: Option<u32>,
        /// With --from-station: the game's id (the board's newest game when omitted).
        #[arg(long, requires = "from_station")]
        game: Option<String>,
    },
    /// The arbiter's station of a tournament hall: every board's alerts in the arbiter's
    /// earpiece, a mirror of every board's journal (see `docs/HALL.md`).
    Station(StationArgs),
    /// Restore a damaged journal's game up to its last good record; the rest is kept aside.
    Recover {
        /// The journal; the daemon's default when omitted.
        #[arg(long)]
        journal: Option<PathBuf>,
    },
    /// Ask for each button by ear and write the bindings into the configuration file.
    Learn {
        /// The configuration file to update (created from the embedded default if missing).
        #[arg(long)]
        config: PathBuf,
        /// Testing aid: read presses from this file (one `DEVICE BUTTON` per line) instead
        /// of the devices.
        #[arg(long)]
        inject: Option<PathBuf>,
    },
    /// Check the board's hardware by ear and by hand before a round: every button, every
    /// earpiece and speaker, vibration and Braille; writes a report (and sends it to the
    /// station with `[hall]`). Exit 1 when it found a problem.
    Selftest {
        /// The configuration file (TOML); the embedded default when omitted.
        #[arg(long)]
        config: Option<PathBuf>,
        /// Testing aid: read the answers from this file (a step per line: `DEVICE BUTTON`,
        /// `+MS DEVICE BUTTON` joined to the step before, or `none`) instead of the devices.
        #[arg(long)]
        inject: Option<PathBuf>,
        /// The report's folder; `$XDG_STATE_HOME/talkclock/selftest/` when omitted.
        #[arg(long)]
        report: Option<PathBuf>,
        /// Seconds each step waits for its press or answer (30 for a button, 15 for an
        /// answer when omitted).
        #[arg(long)]
        wait: Option<u64>,
        /// An input that hears the clock's output (a cable from the earpiece jack to the
        /// line-in, a card's monitor, `snd-aloop`, PulseAudio's `SINK.monitor`): the sound's
        /// delay is measured through it. Skipped, and said so, when omitted.
        #[arg(long)]
        loopback: Option<String>,
    },
    /// Try the button bindings by hand: print what each press does (Ctrl-C quits).
    Buttons {
        /// The configuration file (TOML); the embedded default when omitted.
        #[arg(long)]
        config: Option<PathBuf>,
    },
    /// List audio outputs and input controllers.
    Devices,
    /// Learn the vibration patterns: each one's meaning printed, then played on your own
    /// controller (at a terminal Enter goes on, q quits).
    HapticPractice {
        /// The configuration (TOML): your controller and language; the embedded default when
        /// omitted.
        #[arg(long)]
        config: Option<PathBuf>,
        /// `white` or `black`: whose controller (White's when omitted).
        #[arg(long)]
        side: Option<String>,
        /// The language's code: `ru`, `en`, `de` or `uk` (the player's language when omitted).
        #[arg(long)]
        lang: Option<String>,
        /// When not at a terminal: the pause after each pattern, in milliseconds.
        #[arg(long, default_value_t = 1500)]
        pause_ms: u64,
    },
    /// The tournament hall's MQTT broker: `hall init` writes its configuration, passwords and
    /// ACL.
    Hall {
        /// What to do.
        #[command(subcommand)]
        command: HallCommand,
    },
    /// Measure this binary on this machine (flags, presses, audio latency, idle cost, drift).
    ///
    /// Runs the benchmark program `talkclock-bench` from this program's folder with the same
    /// arguments (`--quick`, `--json`, `--idle-secs N`, `--drift-secs N`, `--voices DIR`;
    /// `talkclock bench --help` lists them). Build it with
    /// `cargo build --release -p talkclock-harness`.
    #[command(disable_help_flag = true)]
    Bench {
        /// The benchmark's arguments, passed to `talkclock-bench` as they are.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<OsString>,
    },
    /// Print the manual page (roff): read it with `talkclock man | man -l -`.
    Man,
    /// Make one synthesised recording into a voice-pack clip (voices/build.sh runs it).
    #[command(hide = true)]
    VoiceMaster {
        /// The synthesiser's mono WAV.
        #[arg(long = "in")]
        input: PathBuf,
        /// The clip to write (16-bit WAV).
        #[arg(long)]
        out: PathBuf,
        /// The input says "phrase, phrase."; keep the first, continuing half.
        #[arg(long)]
        continuing: bool,
    },
    /// Join voice-pack clips into one audio file, printing each clip's start and length.
    #[command(hide = true)]
    VoiceJoin {
        /// The file to write (16-bit WAV).
        #[arg(long)]
        out: PathBuf,
        /// Silence before each clip and after the last, in milliseconds.
        #[arg(long, default_value_t = 100)]
        gap_ms: u32,
        /// The clips (mono 16-bit WAV), in order.
        clips: Vec<PathBuf>,
    },
    /// Correct the voice-pack clips whose level the encoding moved (voices/build.sh runs it):
    /// prints how many it changed.
    #[command(hide = true)]
    VoiceRelevel {
        /// The pack's audio as decoded (mono WAV).
        #[arg(long)]
        decoded: PathBuf,
        /// The clips' places in it, as `voice-join` printed them.
        #[arg(long)]
        spans: PathBuf,
        /// The mastered clips (mono 16-bit WAV), in the same order: rewritten where corrected.
        clips: Vec<PathBuf>,
    },
    /// Render the intelligibility test set (`make listen`): one WAV per sentence and a
    /// manifest (`manifest.jsonl`) in `--out`.
    #[command(hide = true)]
    ListenSet {
        /// A language code (`ru`, `en`, `de` …); one with no voice pack gets the manifest alone.
        #[arg(long)]
        lang: String,
        /// The output folder.
        #[arg(long)]
        out: PathBuf,
        /// The speech rate (-1 … 1); the embedded default configuration's when omitted.
        #[arg(long, allow_hyphen_values = true)]
        rate: Option<f32>,
        /// Random readouts added to the edge cases (the set holds at least 100 readouts).
        #[arg(long, default_value_t = 40)]
        random: usize,
        /// The seed of the random readouts.
        #[arg(long, default_value_t = 12)]
        seed: u64,
        /// The voice packs folder instead of the one the daemon would use.
        #[arg(long)]
        voices: Option<PathBuf>,
    },
    /// Speed up every WAV of a folder by the voice packs' tempo for a speech rate (`make listen`).
    #[command(hide = true)]
    ListenStretch {
        /// The speech rate (-1 … 1); the embedded default configuration's when omitted.
        #[arg(long, allow_hyphen_values = true)]
        rate: Option<f32>,
        /// The folder of 16-bit mono WAV files.
        #[arg(long = "in")]
        input: PathBuf,
        /// Where the stretched files go, under the same names.
        #[arg(long)]
        out: PathBuf,
    },
}

/// `talkclock hall`'s subcommands.
#[derive(Subcommand)]
enum HallCommand {
    /// Write a hall's broker folder: mosquitto.conf, passwd (a random password per board and
    /// for the station), acl, credentials/*.toml (mode 0600) and data/.
    Init(HallInitArgs),
    /// On the station's venue: install the bridge user that `hall init --bridge-to` wrote on a
    /// second venue (its password line and ACL block; every other user is kept).
    AddBridge {
        /// The station's venue's hall folder (`hall init --dir`).
        #[arg(long)]
        dir: PathBuf,
        /// The `bridge-<venue>.user` file from the second venue's hall folder.
        #[arg(long)]
        file: PathBuf,
    },
}

/// `talkclock hall init`'s options.
#[derive(clap::Args)]
struct HallInitArgs {
    /// The boards: a count (30: users board-1 … board-30) or a range for a second venue
    /// (101-200: board-101 … board-200); numbers 1 to 500.
    #[arg(long)]
    boards: talkclock::hall::board_range::BoardRange,
    /// The event id, a topic level: 1 to 64 of A-Z a-z 0-9 _ -.
    #[arg(long)]
    event: String,
    /// The folder to write (created).
    #[arg(long)]
    dir: PathBuf,
    /// The MQTT port.
    #[arg(long, default_value_t = 1883)]
    port: u16,
    /// Listen on this address only (every address when omitted).
    #[arg(long)]
    bind: Option<String>,
    /// A TLS listener too, with this certificate (PEM).
    #[arg(long, requires = "tls_key")]
    tls_cert: Option<PathBuf>,
    /// The TLS certificate's private key (PEM).
    #[arg(long, requires = "tls_cert")]
    tls_key: Option<PathBuf>,
    /// A CA file for the TLS listener (clients' certificates).
    #[arg(long, requires = "tls_cert")]
    tls_ca: Option<PathBuf>,
    /// The TLS listener's port.
    #[arg(long, default_value_t = 8883, requires = "tls_cert")]
    tls_port: u16,
    /// Overwrite an existing hall's files (every password changes; users that `hall init`
    /// did not write, such as a bridge user, are kept).
    #[arg(long)]
    force: bool,
    /// This venue's name (the bridge's user on the station's venue is bridge-NAME).
    #[arg(long)]
    venue: Option<String>,
    /// Bridge this venue to the station's venue's broker at HOST:PORT: writes the bridge
    /// block (bridge.d/, mode 0600) and bridge-NAME.user for `hall add-bridge` there.
    #[arg(long, requires = "venue")]
    bridge_to: Option<String>,
    /// The CA that signed the station's venue's certificate: the bridge uses TLS (then
    /// --bridge-to names its TLS port).
    #[arg(long, requires = "bridge_to")]
    bridge_ca: Option<PathBuf>,
}

impl HallInitArgs {
    fn options(self) -> talkclock::hall::init::InitOptions {
        let tls_port = self.tls_port;
        let tls = match (self.tls_cert, self.tls_key) {
            (Some(cert), Some(key)) => Some(talkclock::hall::init::TlsOptions {
                cert,
                key,
                ca: self.tls_ca,
                port: tls_port,
            }),
            _ => None,
        };
        talkclock::hall::init::InitOptions {
            boards: self.boards,
            event: self.event,
            dir: self.dir,
            port: self.port,
            bind: self.bind,
            tls,
            force: self.force,
            venue: self.venue,
            bridge: self
                .bridge_to
                .map(|to| talkclock::hall::init::BridgeOptions {
                    to,
                    ca: self.bridge_ca,
                }),
        }
    }
}

/// `talkclock run`'s options.
#[derive(clap::Args)]
struct RunArgs {
    /// The configuration file (TOML); the embedded default when omitted.
    #[arg(long)]
    config: Option<PathBuf>,
    /// The journal; `$XDG_STATE_HOME/talkclock/journal.jsonl` when omitted.
    #[arg(long)]
    journal: Option<PathBuf>,
    /// The control socket; `$XDG_RUNTIME_DIR/talkclock/talkclock.sock` (a private directory)
    /// when omitted.
    #[arg(long)]
    socket: Option<PathBuf>,
    /// Let the daemon's group use the control socket too (mode 0660): the arbiters of the
    /// packaged service join its group, `talkclock-arbiter`, instead of becoming its user.
    #[arg(long)]
    socket_group: bool,
    /// The voice packs folder.
    #[arg(long)]
    voices: Option<PathBuf>,
    /// Also write the transcript (the JSON lines `simulate` prints) to this file.
    #[arg(long)]
    transcript: Option<PathBuf>,
    /// Print announcements as text lines on stdout too.
    #[arg(long)]
    text: bool,
    /// Do not open audio devices (text lines only).
    #[arg(long)]
    no_audio: bool,
    /// Check the configuration, voice packs and devices, say what is wrong, and exit.
    #[arg(long)]
    check: bool,
}

impl RunArgs {
    fn options(&self) -> talkclock::daemon::RunOptions {
        talkclock::daemon::RunOptions {
            config: self.config.clone(),
            journal: self.journal.clone().unwrap_or_else(cli::default_journal),
            socket: self
                .socket
                .clone()
                .unwrap_or_else(talkclock::control::server::default_path),
            socket_group: self.socket_group,
            voices: self.voices.clone(),
            transcript: self.transcript.clone(),
            text: self.text,
            no_audio: self.no_audio,
        }
    }
}

/// `talkclock station`'s options.
#[derive(clap::Args)]
#[command(args_conflicts_with_subcommands = false)]
struct StationArgs {
    /// `status`, `ctl`, `pairings`, `results`, `close` or `passwd`; the station itself runs
    /// when omitted.
    #[command(subcommand)]
    command: Option<StationCommand>,
    /// The station's configuration (`station.toml`, see `docs/HALL.md`).
    #[arg(long, global = true)]
    config: Option<PathBuf>,
    /// Also write what is said, as JSON lines, to this file.
    #[arg(long)]
    transcript: Option<PathBuf>,
    /// Print what is said as text lines on stdout too.
    #[arg(long)]
    text: bool,
    /// Do not open audio devices (text lines only).
    #[arg(long)]
    no_audio: bool,
    /// The voice packs folder.
    #[arg(long)]
    voices: Option<PathBuf>,
}

#[derive(Subcommand)]
enum StationCommand {
    /// Print every board of the event in one line each.
    Status,
    /// Send an arbiter's command to one board and print its reply: the words `talkclock ctl`
    /// takes (pause, resume, set SIDE TIME, adjust SIDE ±TIME, ruling …, check LISTENER, …).
    Ctl {
        /// The board.
        board: u32,
        /// The command.
        #[arg(required = true, trailing_var_arg = true, allow_hyphen_values = true)]
        words: Vec<String>,
    },
    /// Take a round's pairings (a TRF-16 file's round N, a PGN with [Round], [Board], [White],
    /// [Black] tags, or a CSV board,white,black), keep them in the station's folder and send
    /// each board its players' names (a board not online gets them when it connects).
    Pairings {
        /// The pairings file.
        file: PathBuf,
        /// The round (needed for TRF-16 and CSV; a PGN's [Round] otherwise).
        #[arg(long)]
        round: Option<u32>,
    },
    /// Write round N's results: results.csv, each game's time log, and the TRF-16 file with
    /// the round's columns filled when the pairings came from one.
    Results {
        /// The round.
        #[arg(long)]
        round: u32,
    },
    /// Close the event on the broker: clear every retained message of its boards (their last
    /// states and connection flags, as each board, with the credentials beside the station's)
    /// and the station's mirror progress, so that the event id can be used again.
    Close {
        /// Clear even boards heard of within silent_after (still running).
        #[arg(long)]
        force: bool,
    },
    /// Read the arbiters' dashboard password from standard input (its first line) and print
    /// the `password_hash = "…"` line for `[dashboard]` in station.toml.
    Passwd,
}

fn station(args: StationArgs) -> Result<(), cli::Failure> {
    if let Some(StationCommand::Passwd) = args.command {
        return cli::station_passwd();
    }
    let config = args
        .config
        .ok_or_else(|| cli::Failure::Usage("station: give --config station.toml".into()))?;
    match args.command {
        None => cli::station(&talkclock::station::run::StationOptions {
            config,
            transcript: args.transcript,
            text: args.text,
            no_audio: args.no_audio,
            voices: args.voices,
        }),
        Some(StationCommand::Status) => cli::station_status(&config),
        Some(StationCommand::Ctl { board, words }) => cli::station_ctl(&config, board, &words),
        Some(StationCommand::Pairings { file, round }) => {
            cli::station_pairings(&config, &file, round)
        }
        Some(StationCommand::Results { round }) => cli::station_results(&config, round),
        Some(StationCommand::Close { force }) => cli::station_close(&config, force),
        Some(StationCommand::Passwd) => cli::station_passwd(),
    }
}

fn main() -> ExitCode {
    let args = Args::parse();
    // libasound prints its own errors on stderr (dozens of `ALSA lib …` lines with no sound
    // card); the daemon says what it means in one sentence instead.
    talkclock::audio::silence_alsa_errors();
    talkclock::logging::init(args.log);
    let outcome = match args.command {
        CliCommand::Simulate {
            config,
            script,
            journal,
        } => cli::simulate(config.as_deref(), &script, journal.as_deref()),
        CliCommand::Moves { journal, format } => cli::moves(&journal, format),
        CliCommand::Check { file, config } => cli::check(file.or(config).as_deref()),
        CliCommand::Run(run) => cli::run(run.options(), run.check),
        CliCommand::Ctl { socket, words } => cli::ctl(socket.as_deref(), &words),
        CliCommand::Replay { journal } => cli::replay(&journal),
        CliCommand::Export { journal, to } => cli::export(journal.as_deref(), &to),
        CliCommand::Import {
            file,
            journal,
            from_station,
            board,
            game,
        } => match (file, from_station, board) {
            (_, Some(dir), Some(board)) => {
                cli::import_from_station(&dir, board, game.as_deref(), journal.as_deref())
            }
            (Some(file), _, _) => cli::import(&file, journal.as_deref()),
            _ => Err(cli::Failure::Usage(
                "import: give the exported file, or --from-station DIR --board N".into(),
            )),
        },
        CliCommand::Station(args) => station(args),
        CliCommand::Recover { journal } => cli::recover(journal.as_deref()),
        CliCommand::Devices => cli::devices(),
        CliCommand::HapticPractice {
            config,
            side,
            lang,
            pause_ms,
        } => haptic_practice(
            config.as_deref(),
            side.as_deref(),
            lang.as_deref(),
            pause_ms,
        ),
        CliCommand::Hall {
            command: HallCommand::Init(init),
        } => cli::hall_init(&init.options()),
        CliCommand::Hall {
            command: HallCommand::AddBridge { dir, file },
        } => cli::hall_add_bridge(&dir, &file),
        CliCommand::VoiceCatalog { lang } => cli::voice_catalog(&lang),
        CliCommand::ListenSet {
            lang,
            out,
            rate,
            random,
            seed,
            voices,
        } => cli::listen_set_command(&cli::ListenSetOptions {
            lang,
            out,
            rate,
            random,
            seed,
            voices,
        }),
        CliCommand::ListenStretch { rate, input, out } => cli::listen_stretch(rate, &input, &out),
        CliCommand::Say {
            lang,
            time,
            print,
            config,
            rate,
        } => cli::say(&lang, &time, print, config.as_deref(), rate),
        CliCommand::Bench { args } => Err(cli::bench::bench(&args)),
        CliCommand::Learn { config, inject } => cli::learn(&config, inject.as_deref()),
        CliCommand::Buttons { config } => cli::buttons(config.as_deref()),
        CliCommand::Selftest {
            config,
            inject,
            report,
            wait,
            loopback,
        } => cli::selftest(&cli::SelftestOptions {
            config,
            inject,
            report,
            wait,
            loopback,
        }),
        CliCommand::Man => man_page(),
        CliCommand::VoiceMaster {
            input,
            out,
            continuing,
        } => cli::voice_master(&input, &out, continuing),
        CliCommand::VoiceJoin { out, gap_ms, clips } => cli::voice_join(&out, gap_ms, &clips),
        CliCommand::VoiceRelevel {
            decoded,
            spans,
            clips,
        } => cli::voice_relevel(&decoded, &spans, &clips),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            eprint!("{failure}");
            if !failure.to_string().ends_with('\n') {
                eprintln!();
            }
            ExitCode::from(failure.exit_code())
        }
    }
}

/// `talkclock haptic-practice`, its words checked.
fn haptic_practice(
    config: Option<&std::path::Path>,
    side: Option<&str>,
    lang: Option<&str>,
    pause_ms: u64,
) -> Result<(), cli::Failure> {
    let side = match side {
        None => None,
        Some("white") => Some(talkclock::clock::Side::White),
        Some("black") => Some(talkclock::clock::Side::Black),
        Some(other) => {
            return Err(cli::Failure::Usage(format!(
                "--side {other}: expected `white` or `black`"
            )))
        }
    };
    let lang = match lang {
        None => None,
        Some(code) => Some(talkclock::speech::Lang::from_code(code).ok_or_else(|| {
            cli::Failure::Usage(format!(
                "--lang {code}: expected {}",
                talkclock::speech::Lang::codes_listed()
            ))
        })?),
    };
    cli::haptic_practice::run(
        config,
        side,
        lang,
        std::time::Duration::from_millis(pause_ms),
    )
}

/// `talkclock man`: the manual page, its COMMANDS made from the same definitions as `--help`.
fn man_page() -> Result<(), cli::Failure> {
    use clap::CommandFactory;
    let mut command = Args::command();
    command.build();
    let page = cli::man::page(&command);
    std::io::Write::write_all(&mut std::io::stdout().lock(), page.as_bytes())?;
    Ok(())
}
