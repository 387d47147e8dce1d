//! The daemon: one core thread owns the game; the keys, the control socket and the signal
//! handler talk to it over one channel; it sleeps until the next deadline (no polling), journals
//! every input before it takes effect, and hands the outputs to the announcer.

pub mod announcer;
pub mod keys;
mod notify;
pub mod session;
pub mod stamping;
pub mod voices;

use crate::clock::{Event, Input, Phase};
use crate::config::Config;
use crate::control::server::{self, ControlRequest};
use crate::control::Command;
use crate::input::mapper::{Action, Mapper};
use crate::speech::{Lang, Languages, Utterance};
use crate::table::{Listener, Output, Request};
use announcer::Announcer;
use crossbeam_channel::{select, unbounded, Receiver};
use keys::InputMsg;
use session::{Opened, Session};
use std::path::PathBuf;
use std::time::Instant;

/// How `talkclock run` was asked to run.
#[derive(Debug, Clone)]
pub struct RunOptions {
    /// The configuration file; the embedded default when `None`.
    pub config: Option<PathBuf>,
    /// The journal file.
    pub journal: PathBuf,
    /// The control socket.
    pub socket: PathBuf,
    /// The voice packs folder.
    pub voices: Option<PathBuf>,
    /// Write the transcript (`simulate`'s JSON lines) here.
    pub transcript: Option<PathBuf>,
    /// Print announcements as text lines on stdout.
    pub text: bool,
    /// Do not open any audio device.
    pub no_audio: bool,
}

enum Msg {
    Input(InputMsg),
    Control(ControlRequest),
    Quit(&'static str),
}

/// Runs the daemon until SIGINT, SIGTERM or `q`.
pub fn run(options: &RunOptions) -> Result<(), String> {
    let (config, config_text) = load(options)?;
    let opened = Session::open(&options.journal, config, config_text).map_err(|e| {
        format!(
            "{}: cannot open the journal: {e}",
            options.journal.display()
        )
    })?;
    let (mut session, first_outputs) = match opened {
        Opened::New(session) => (session, Vec::new()),
        Opened::Restored(session, outputs) => (session, outputs),
    };
    let mut announcer = make_announcer(options, &session.config);

    let (tx, rx) = unbounded::<Msg>();
    let listener = server::bind(&options.socket).map_err(|e| e.to_string())?;
    let (ctl_tx, ctl_rx) = unbounded::<ControlRequest>();
    std::thread::spawn(move || server::serve(listener, ctl_tx));
    {
        let tx = tx.clone();
        std::thread::spawn(move || {
            for request in ctl_rx {
                if tx.send(Msg::Control(request)).is_err() {
                    break;
                }
            }
        });
    }
    let (input_tx, input_rx) = unbounded::<InputMsg>();
    let _inputs = keys::start(&session.config.input, input_tx)?;
    {
        let tx = tx.clone();
        std::thread::spawn(move || {
            for msg in input_rx {
                if tx.send(Msg::Input(msg)).is_err() {
                    break;
                }
            }
        });
    }
    spawn_signal_thread(tx.clone())?;
    let mut mapper = Mapper::new(&session.config.input);

    announcer.deliver(&first_outputs);
    notify::ready();
    tracing::info!(
        "ready: control socket {}, journal {}",
        options.socket.display(),
        session.journal_path().display()
    );
    let result = core_loop(&mut session, &mut announcer, &mut mapper, &rx, options);
    notify::stopping();
    let _ = session.tick(Instant::now());
    announcer.shutdown();
    let _ = std::fs::remove_file(&options.socket);
    result
}

fn load(options: &RunOptions) -> Result<(Config, String), String> {
    let (text, origin) = match &options.config {
        Some(path) => (
            std::fs::read_to_string(path)
                .map_err(|e| format!("{}: cannot read the file: {e}", path.display()))?,
            path.display().to_string(),
        ),
        None => (
            crate::config::EMBEDDED_DEFAULT.to_string(),
            "<embedded default>".to_string(),
        ),
    };
    let config = Config::parse(&text, &origin).map_err(|e| e.to_string())?;
    Ok((config, text))
}

fn make_announcer(options: &RunOptions, config: &Config) -> Announcer {
    let languages = Languages::from_config(config);
    let voices = if options.no_audio {
        None
    } else {
        let tempo = voices::tempo_for_rate(config.audio.speech_rate());
        match voices::Voices::load_at(&voices::voices_dir(options.voices.as_deref()), tempo) {
            Ok(v) => Some(v),
            Err(e) => {
                tracing::error!("{e}: announcements are printed as text only");
                None
            }
        }
    };
    let audio = if options.no_audio || voices.is_none() {
        None
    } else {
        open_audio(&config.audio.output)
    };
    let system = match config.audio.speech {
        crate::config::audio::SpeechEngine::System { rate } if !options.no_audio => {
            let lang = Languages::from_config(config).of(Listener::Arbiter).code();
            match crate::audio::SystemSpeech::new(lang, rate) {
                Ok(speech) => Some(speech),
                Err(e) => {
                    tracing::warn!(
                        "system speech is not available ({e}): speaking with the voice packs"
                    );
                    None
                }
            }
        }
        _ => None,
    };
    let text = options.text || audio.is_none();
    if audio.is_none() && !options.no_audio {
        tracing::warn!("no audio output: announcements are printed as text lines on stdout");
    }
    let transcript = options
        .transcript
        .as_ref()
        .and_then(|p| match std::fs::File::create(p) {
            Ok(f) => Some(f),
            Err(e) => {
                tracing::error!("{}: cannot write the transcript: {e}", p.display());
                None
            }
        });
    Announcer::new(languages, voices, audio, text, transcript).with_system_speech(system)
}

fn open_audio(config: &crate::audio::AudioConfig) -> Option<crate::audio::AudioOut> {
    use crate::audio::{devices, AudioOut};
    match devices(config.host) {
        Ok(list) if !list.is_empty() => {}
        Ok(_) => {
            tracing::warn!("no audio output device found");
            return None;
        }
        Err(e) => {
            tracing::warn!("cannot list audio devices: {e}");
            return None;
        }
    }
    let out = match AudioOut::start(config.clone()) {
        Ok(out) => out,
        Err(e) => {
            tracing::error!("cannot start audio: {e}");
            return None;
        }
    };
    // A device that cannot open now (no sound card at all) would be retried forever: give it
    // a moment, then fall back to text lines and say why. A device lost later is rebuilt.
    let deadline = Instant::now() + std::time::Duration::from_millis(1_500);
    while !out.all_devices_open() && Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    if out.all_devices_open() {
        Some(out)
    } else {
        tracing::warn!("no configured audio output could be opened (is there a sound card?)");
        out.shutdown();
        None
    }
}

fn spawn_signal_thread(tx: crossbeam_channel::Sender<Msg>) -> Result<(), String> {
    use signal_hook::consts::{SIGINT, SIGTERM};
    let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM])
        .map_err(|e| format!("cannot catch signals: {e}"))?;
    std::thread::spawn(move || {
        if signals.forever().next().is_some() {
            let _ = tx.send(Msg::Quit("signal"));
        }
    });
    Ok(())
}

fn core_loop(
    session: &mut Session,
    announcer: &mut Announcer,
    mapper: &mut Mapper,
    rx: &Receiver<Msg>,
    options: &RunOptions,
) -> Result<(), String> {
    let journal_error =
        |e: std::io::Error| format!("journal: {e}: stopping so that no press is lost");
    loop {
        let wake = match (session.next_wake(), mapper.next_deadline()) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let timeout = match wake {
            Some(wake) => crossbeam_channel::after(wake.saturating_duration_since(Instant::now())),
            None => crossbeam_channel::never(),
        };
        let msg = select! {
            recv(rx) -> msg => msg.ok(),
            recv(timeout) -> _ => None,
        };
        match msg {
            None => {}
            Some(Msg::Quit(why)) => {
                tracing::info!("stopping ({why})");
                return Ok(());
            }
            Some(Msg::Input(InputMsg::Quit)) => {
                tracing::info!("stopping (quit key)");
                return Ok(());
            }
            Some(Msg::Input(InputMsg::Source(event))) => {
                let terminal_closed = matches!(
                    &event,
                    crate::input::event::SourceEvent::Disconnected { device, .. }
                        if *device == crate::input::device::DeviceId::terminal()
                );
                for command in mapper.feed(event) {
                    act(session, announcer, command.at, command.action).map_err(journal_error)?;
                }
                if terminal_closed {
                    tracing::info!("stopping (Ctrl-C in the terminal)");
                    return Ok(());
                }
            }
            Some(Msg::Control(request)) => {
                let reply =
                    control(session, announcer, request.command, options).map_err(journal_error)?;
                let _ = request.reply.send(reply);
            }
        }
        for command in mapper.advance(Instant::now()) {
            act(session, announcer, command.at, command.action).map_err(journal_error)?;
        }
        let (outputs, slept) = session.tick(Instant::now()).map_err(journal_error)?;
        announcer.deliver(&outputs);
        if slept {
            tracing::warn!("the clock was paused after a suspend; the arbiter resumes it");
        }
    }
}

/// Tells the arbiter and the players, each in his language, that a controller went or came
/// back (free text: printed, and spoken by the system speech engine when there is one).
fn device_notice(session: &Session, announcer: &mut Announcer, device: &str, back: bool) {
    let languages = Languages::from_config(&session.config);
    for listener in [Listener::Arbiter, Listener::White, Listener::Black] {
        let text = match (languages.of(listener), back) {
            (Lang::Ru, false) => format!("Контроллер отключён: {device}. Часы идут."),
            (Lang::Ru, true) => format!("Контроллер снова подключён: {device}."),
            (Lang::En, false) => {
                format!("Controller disconnected: {device}. The clock keeps running.")
            }
            (Lang::En, true) => format!("Controller connected again: {device}."),
        };
        announcer.say_text(&crate::table::Audience::of(&[listener]), &text);
    }
}

/// Who a request came from, for the journal.
fn source_of(request: &Request) -> &'static str {
    match request {
        Request::Game(Input::Press(side) | Input::Query(side) | Input::Stop(side)) => side.name(),
        _ => "arbiter",
    }
}

/// Carries out what a button asked for.
fn act(
    session: &mut Session,
    announcer: &mut Announcer,
    at: Instant,
    action: Action,
) -> std::io::Result<()> {
    match action {
        Action::Table(request) => {
            let outputs = session.apply(at, source_of(&request), request)?;
            announcer.deliver(&outputs);
        }
        Action::OpponentTime(side) => {
            let now = session.game_ms(at);
            session.table.advance(now);
            announcer.deliver(&session.table.drain());
            let notice = crate::speech::Announcement::OpponentTime {
                side: side.other(),
                remaining_ms: session.table.game().remaining(side.other(), now),
            };
            announcer.say_local(now, Listener::player(side), &notice);
        }
        Action::Repeat(listener) => announcer.repeat(listener),
        Action::Help(listener) => {
            let audience = crate::table::Audience::of(&[listener]);
            for line in crate::input::help_for(&session.config, listener) {
                announcer.say_text(&audience, &line);
            }
        }
        Action::VolumeUp(listener) | Action::VolumeDown(listener) => {
            tracing::info!(
                "volume buttons for {listener:?}: per-listener volume is not adjustable yet"
            );
        }
        Action::DeviceAdded { device } => tracing::info!("input device connected: {device}"),
        Action::DeviceLost { device } => {
            tracing::warn!("input device lost: {device}; the clock keeps running");
            device_notice(session, announcer, &device.to_string(), false);
        }
        Action::DeviceBack { device } => {
            tracing::info!("input device back: {device}");
            device_notice(session, announcer, &device.to_string(), true);
        }
    }
    Ok(())
}

/// Carries out an arbiter's command and builds its reply line.
fn control(
    session: &mut Session,
    announcer: &mut Announcer,
    command: Command,
    options: &RunOptions,
) -> std::io::Result<String> {
    let at = Instant::now();
    let reply = match command {
        Command::Status => status(session),
        Command::Game(input) => {
            let outputs = session.apply(at, "arbiter", Request::Game(input))?;
            announcer.deliver(&outputs);
            game_reply(&outputs)
        }
        Command::Check(listener) => {
            let outputs = session.apply(at, "arbiter", Request::ClockCheck(listener))?;
            announcer.deliver(&outputs);
            serde_json::json!({"ok": true}).to_string()
        }
        Command::Say(listener, text) => {
            let aloud = announcer.say_text(&crate::table::Audience::of(&[listener]), &text);
            serde_json::json!({"ok": true, "spoken": aloud}).to_string()
        }
        Command::NewGame => {
            let config = session.config.clone();
            let text = session.config_text.clone();
            session::set_aside(&options.journal, "done")?;
            *session = Session::create(&options.journal, config, text)?;
            serde_json::json!({"ok": true}).to_string()
        }
        Command::Reload => reload(session, announcer, options)?,
    };
    Ok(reply)
}

fn reload(
    session: &mut Session,
    announcer: &mut Announcer,
    options: &RunOptions,
) -> std::io::Result<String> {
    let phase = session.table.game().phase();
    let (config, text) = match load(options) {
        Ok(loaded) => loaded,
        Err(message) => return Ok(crate::control::protocol::error_reply(&message)),
    };
    match phase {
        Phase::NotStarted | Phase::Finished => {
            announcer.set_languages(Languages::from_config(&config));
            session::set_aside(&options.journal, "done")?;
            *session = Session::create(&options.journal, config, text)?;
            Ok(serde_json::json!({"ok": true, "new_game": true}).to_string())
        }
        Phase::Paused(_) => {
            let languages = Languages::from_config(&config);
            match session.reload(config, text)? {
                Ok(()) => {
                    announcer.set_languages(languages);
                    Ok(serde_json::json!({"ok": true, "new_game": false}).to_string())
                }
                Err(message) => Ok(crate::control::protocol::error_reply(&message)),
            }
        }
        _ => Ok(crate::control::protocol::error_reply(
            "reload only while the clock is paused or between games: pause first",
        )),
    }
}

fn status(session: &mut Session) -> String {
    let now = session.now();
    session.table.advance(now);
    let game = session.table.game();
    use crate::clock::Side;
    serde_json::json!({
        "ok": true,
        "game_ms": now,
        "phase": format!("{:?}", game.phase()),
        "running": game.running(),
        "white_ms": game.remaining(Side::White, now),
        "black_ms": game.remaining(Side::Black, now),
        "moves": {"white": game.moves(Side::White), "black": game.moves(Side::Black)},
        "result": game.result(),
    })
    .to_string()
}

fn game_reply(outputs: &[Output]) -> String {
    let mut events = Vec::new();
    for output in outputs {
        if let Output::Core(stamped) = output {
            if let Event::Rejected { reason, .. } = &stamped.event {
                return crate::control::protocol::error_reply(reason);
            }
            events.push(serde_json::to_value(stamped).unwrap_or_default());
        }
    }
    serde_json::json!({"ok": true, "events": events}).to_string()
}

/// Speaks one utterance through the voice pack on the default output, then returns.
pub fn speak_once(lang: Lang, utterance: &Utterance) -> Result<(), String> {
    let voices = voices::Voices::load(&voices::voices_dir(None))?;
    let pcm = voices.render(lang, utterance)?;
    let config = crate::audio::AudioConfig::single_speaker("default");
    let audio = open_audio(&config).ok_or("no audio output could be opened (see the log)")?;
    audio.speak(
        crate::audio::Audience::All,
        pcm,
        crate::audio::Priority::Readout,
    );
    audio.shutdown();
    Ok(())
}
