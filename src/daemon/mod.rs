//! The daemon: a thin real-time loop around the sans-IO [`Core`]. The input readers, the
//! control socket's connections and the signal handler each send into their own channel; the
//! core thread `select!`s on those channels and on the next deadline, feeds the `Core` the
//! real time, and hands what comes out to the announcer's thread (which renders it, writes
//! the transcript and feeds the audio thread): the core thread only sends.
//!
//! A press crosses three threads: reader → core thread → announcer → audio thread.

pub mod braille_feed;
pub mod config_file;
pub mod core;
#[cfg(test)]
mod core_menu_tests;
#[cfg(test)]
mod core_stall_tests;
#[cfg(test)]
mod core_tests;
pub mod display_feed;
pub mod driver;
mod error;
pub mod hall_feed;
pub mod haptic_feed;
pub mod keys;
mod notify;
pub mod prefs;
pub mod rumble_out;
pub mod stamping;
#[cfg(test)]
mod test_outputs;
pub mod timeline;

pub use self::core::{Clocks, Core, CoreError, CoreMsg, CoreOutput, TextKind};
pub use driver::{Driven, JournalDriver};
pub use error::DaemonError;

use crate::announce::{AnnouncerOptions, AnnouncerThread, Item};
use crate::config::Config;
use crate::control::server;
use crate::control::{ArbiterCommand, ReplyTo, Request};
use crate::hearing::Listener;
use crate::input::device::DeviceId;
use crate::input::event::SourceEvent;
use crate::journal::{wall_now, FileStore, Gate, Journal};
use crossbeam_channel::{select, unbounded, Receiver};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// How `talkclock run` was asked to run.
#[derive(Debug, Clone)]
pub struct RunOptions {
    /// The configuration file; the embedded default when `None`.
    pub config: Option<PathBuf>,
    /// The journal file.
    pub journal: PathBuf,
    /// The control socket.
    pub socket: PathBuf,
    /// The daemon's group may use the control socket too.
    pub socket_group: bool,
    /// The voice packs folder.
    pub voices: Option<PathBuf>,
    /// Write the transcript (`simulate`'s JSON lines) here.
    pub transcript: Option<PathBuf>,
    /// Print announcements as text lines on stdout.
    pub text: bool,
    /// Do not open any audio device.
    pub no_audio: bool,
}

/// The real clocks now.
pub fn clocks_now() -> Clocks {
    Clocks {
        mono: Instant::now(),
        boot_ms: boot_ms(),
        wall_ms: wall_now(),
    }
}

/// `CLOCK_BOOTTIME` in milliseconds (the monotonic clock's if the kernel lacks it).
pub fn boot_ms() -> i64 {
    use rustix::time::{clock_gettime, clock_gettime_dynamic, ClockId, DynamicClockId};
    let t = clock_gettime_dynamic(DynamicClockId::Boottime)
        .unwrap_or_else(|_| clock_gettime(ClockId::Monotonic));
    t.tv_sec * 1000 + i64::from(t.tv_nsec as i32) / 1_000_000
}

/// Runs the daemon until SIGINT, SIGTERM, `q` on a piped standard input, or Ctrl-C in the
/// terminal.
pub fn run(options: &RunOptions) -> Result<(), DaemonError> {
    let (config, config_text) = load(options)?;
    // `/dev/full`, a FIFO, a folder: not a journal (appending to /dev/full grew memory without
    // bound). Refused before anything is created beside it.
    if let Ok(meta) = std::fs::metadata(&options.journal) {
        if !meta.is_file() {
            return Err(DaemonError::NotAFile(options.journal.display().to_string()));
        }
    }
    // Before the journal is read or written: one daemon per journal.
    let _lock = crate::journal::JournalLock::take(&options.journal)?;
    // A board in a hall: its journal's driver also hands each durable record to the link.
    let hall = config.hall.clone();
    let (durable_tx, durable_rx) = unbounded();
    let publisher = |resumed| {
        hall.is_some()
            .then(|| crate::hall::store::Publisher::new(resumed, durable_tx.clone()))
    };
    let (mut core, synced) = open_core(options, config, config_text, publisher)?;
    let mut announcer = start_announcer(options, core.config())?;
    core.set_free_text_aloud(announcer.speaks_free_text());
    if let Some(path) = &options.config {
        core.set_config_file(Box::new(config_file::DiskConfig::new(path.clone())));
    }

    let access = if options.socket_group {
        server::Access::Group
    } else {
        server::Access::Owner
    };
    let socket = server::bind(&options.socket, access)?;
    let (ctl_tx, ctl_rx) = unbounded::<Request>();
    let hall = match &hall {
        Some(settings) => {
            let link = crate::hall::link::start(settings, durable_rx, ctl_tx.clone())?;
            tracing::info!(
                "hall: board {} of event {}, broker {}:{}",
                settings.board,
                settings.event,
                settings.host,
                settings.port
            );
            Some(hall_feed::HallFeed::new(link, core.config_text()))
        }
        None => None,
    };
    // The board display: a page in use is an error at start, not a page silently missing.
    let display = match &core.config().display {
        Some(settings) => {
            let feed = display_feed::DisplayFeed::start(settings).map_err(DaemonError::Web)?;
            tracing::info!("board display: http://{}/", feed.addr());
            Some(feed)
        }
        None => None,
    };
    let haptic = start_haptics(core.config());
    // The players' Braille displays: one that BRLTTY does not answer for is said once (to
    // him and the arbiter); the game goes on without it.
    let (action_tx, action_rx) = unbounded::<braille_feed::DisplayKey>();
    let (braille, absent) = braille_feed::BrailleFeed::start(core.config(), &action_tx);
    for (side, host, why) in absent {
        tracing::warn!(
            said = true,
            "{}'s Braille display: {why}; the game goes on without it",
            side.name()
        );
        // One line each: the player and the arbiter each read whom it concerns.
        for listener in [Listener::player(side), Listener::Arbiter] {
            let host = host.clone();
            announcer.send(vec![Item::Notice {
                audience: listener.into(),
                notice: crate::speech::Announcement::BrailleAbsent { side, host },
            }]);
        }
    }
    let mut feeds = Feeds {
        hall,
        display,
        haptic,
        braille,
        _actions: action_tx,
    };
    std::thread::spawn(move || server::serve(socket, ctl_tx, access));
    let (input_tx, input_rx) = unbounded::<SourceEvent>();
    let (quit_tx, quit_rx) = unbounded::<keys::Quit>();
    let (closed_tx, closed_rx) = unbounded::<()>();
    let inputs = keys::start(&core.config().input, input_tx, quit_tx.clone(), closed_tx)?;
    announcer.set_raw_terminal(inputs.raw_mode.is_some());
    spawn_signal_thread(quit_tx)?;
    if options.config.is_none() {
        // The embedded default speaks the locale's language: said, with how to change it.
        // Said once the keys and signals are taken, so that Ctrl-C right after it stops the
        // clock cleanly (before, it could come while the terminal was not yet raw and kill it).
        announcer.send(vec![Item::Notice {
            audience: crate::hearing::Audience::of(&Listener::EARS),
            notice: crate::speech::Announcement::DefaultLanguage,
        }]);
    }

    deliver(&mut core, &mut announcer, &mut feeds)?;
    notify::ready();
    tracing::info!(
        "ready: control socket {}, journal {}",
        options.socket.display(),
        core.journal()
    );
    // Last, so that only this thread runs at real-time priority (threads inherit it).
    match crate::realtime::raise_this_thread() {
        Ok(said) => tracing::info!("{said}"),
        Err(why) => tracing::warn!("{why}"),
    }
    let result = core_loop(
        &mut core,
        &mut announcer,
        &mut feeds,
        &Inbox {
            inputs: input_rx,
            actions: action_rx,
            control: ctl_rx,
            quit: quit_rx,
            keyboard_closed: closed_rx,
            synced,
        },
        options,
    );
    notify::stopping();
    let last = core.advance(clocks_now());
    let synced = core.sync_now(clocks_now());
    let delivered = deliver(&mut core, &mut announcer, &mut feeds);
    announcer.shutdown();
    drop(inputs);
    let _ = std::fs::remove_file(&options.socket);
    result
        .and(last.map_err(DaemonError::from))
        .and(synced.map_err(DaemonError::from))
        .and(delivered)
}

/// Waking this much later than asked means the process was stopped or starved…
const STALL_GRACE_AFTER: Duration = Duration::from_millis(200);
/// …and the input readers get this long to pass on the presses made meanwhile.
const STALL_GRACE: Duration = Duration::from_millis(100);

/// What the core thread waits on.
struct Inbox {
    /// Stamped input events from the readers.
    inputs: Receiver<SourceEvent>,
    /// Actions asked for by a Braille display's keys.
    actions: Receiver<braille_feed::DisplayKey>,
    /// The arbiter's commands from the control socket.
    control: Receiver<Request>,
    /// Why to stop (a signal, `q`).
    quit: Receiver<keys::Quit>,
    /// The key pipe ended after carrying keys.
    keyboard_closed: Receiver<()>,
    /// A journal sync ended: what waited for it may go out.
    synced: Receiver<()>,
}

fn core_loop(
    core: &mut Driven,
    announcer: &mut AnnouncerThread,
    feeds: &mut Feeds,
    inbox: &Inbox,
    options: &RunOptions,
) -> Result<(), DaemonError> {
    let Inbox {
        inputs,
        actions,
        control,
        quit,
        keyboard_closed,
        synced,
    } = inbox;
    // Told once: then (or when its reader is gone without a word) no longer waited on.
    let mut keyboard_closed = keyboard_closed.clone();
    // Replies to the arbiter wait for their records to be durable (synced: a reply leaves for
    // another program, unlike a click, which goes once the records are written), then for their
    // announcement to be in the transcript: (the announcer's batch that must be done first,
    // where it goes, the reply).
    let mut replies: Gate<(u64, ReplyTo, crate::control::Reply)> = Gate::new();
    // Replies whose records are durable, waiting for the announcer's batch.
    let mut unsaid: Vec<(u64, ReplyTo, crate::control::Reply)> = Vec::new();
    // The last batch the announcer's thread has done.
    let mut announced = 0;
    let acks = announcer.acks().clone();
    loop {
        let wake = core.next_wake();
        // A board in a hall also wakes to publish its state (its heartbeat to the station),
        // a board display to send its view again.
        let timeout = match wake.into_iter().chain(feeds.next_wake(core)).min() {
            Some(wake) => crossbeam_channel::after(wake.saturating_duration_since(Instant::now())),
            None => crossbeam_channel::never(),
        };
        select! {
            recv(inputs) -> event => {
                let Ok(event) = event else { continue };
                let now = clocks_now();
                let closed = feed_queued(core, Some(event), inputs, now)?;
                core.advance(now)?;
                if closed {
                    tracing::info!("stopping (Ctrl-C in the terminal)");
                    core.stopping();
                    deliver(core, announcer, feeds)?;
                    return Ok(());
                }
            }
            recv(actions) -> key => {
                let Ok(key) = key else { continue };
                let now = clocks_now();
                match key {
                    braille_feed::DisplayKey::Action(action) => {
                        // Presses already made are judged first, each at its own instant.
                        feed_queued(core, None, inputs, now)?;
                        core.feed(now, CoreMsg::Action(action))?;
                        core.advance(now)?;
                    }
                    braille_feed::DisplayKey::Page(side, way) => {
                        feeds.braille.turn_page(core, side, way, now.mono);
                    }
                }
            }
            recv(control) -> request => {
                let Ok(request) = request else { continue };
                let msg = match request.command {
                    ArbiterCommand::Reload => {
                        CoreMsg::Reload(Box::new(load(options)))
                    }
                    command => CoreMsg::Command(command),
                };
                // Presses already made are judged before the command moves time on.
                let now = clocks_now();
                feed_queued(core, None, inputs, now)?;
                let (reply, mark) = core.handle_marked(now, msg)?;
                // The reply goes after the outputs, so a caller that waits for it finds the
                // announcement already handed to the audio and written to the transcript.
                let said = deliver_acked(core, announcer, feeds)?;
                // A command that wrote records is answered once they are durable; one that
                // wrote none (a status) as soon as the announcer is done with its outputs.
                if let Some(reply) = reply {
                    replies.hold(mark, (said, request.reply, reply));
                }
            }
            recv(acks) -> done => match done {
                Ok(done) => announced = announced.max(done),
                // The announcer's thread is gone (it panicked): a clock that cannot speak is
                // no clock. Stopping restarts the service, which restores the game.
                Err(_) => return Err(DaemonError::AnnouncerStopped),
            },
            recv(synced) -> _ => core.journal_synced(clocks_now()),
            recv(keyboard_closed) -> told => {
                if told.is_ok() {
                    core.keyboard_closed();
                }
                keyboard_closed = crossbeam_channel::never();
            }
            recv(quit) -> why => {
                match why {
                    Ok(why) => tracing::info!("stopping ({why})"),
                    Err(_) => tracing::info!("stopping (signal)"),
                }
                core.stopping();
                deliver(core, announcer, feeds)?;
                return Ok(());
            }
            recv(timeout) -> _ => {
                // Presses that arrived meanwhile are judged before the deadline is met. After
                // a stall (the process was stopped or starved) the readers, stopped with us,
                // get a moment to pass on what the kernel kept, stamped when it was made.
                let woke = Instant::now();
                let late = wake.map_or(Duration::ZERO, |w| woke.saturating_duration_since(w));
                let first = if late > STALL_GRACE_AFTER {
                    inputs.recv_timeout(STALL_GRACE).ok()
                } else {
                    None
                };
                let now = clocks_now();
                let closed = feed_queued(core, first, inputs, now)?;
                core.advance(now)?;
                feeds.periodic(core, now);
                if closed {
                    tracing::info!("stopping (Ctrl-C in the terminal)");
                    core.stopping();
                    deliver(core, announcer, feeds)?;
                    return Ok(());
                }
            }
        }
        // Judged before the outputs are drained: a reply whose records are durable now finds
        // what it announces (held until the same records were written) in this drain or an
        // earlier one, not in a later one.
        replies.reach(core.durable());
        let mut ready = replies.release();
        let items = feed_outputs(core, feeds)?;
        let waiting = !(ready.is_empty() && unsaid.is_empty() && replies.is_empty());
        if !waiting || items.is_empty() {
            announcer.send(items);
        } else {
            // Outputs held for the journal come out now: a waiting reply may announce one of
            // them, so each goes after these.
            let said = announcer.send_acked(items);
            let all = ready.iter_mut().chain(unsaid.iter_mut());
            for reply in all.chain(replies.held_mut()) {
                reply.0 = said;
            }
        }
        unsaid.append(&mut ready);
        announced = acks.try_iter().fold(announced, u64::max);
        let (due, later): (Vec<_>, Vec<_>) = std::mem::take(&mut unsaid)
            .into_iter()
            .partition(|(said, _, _)| announced >= *said);
        unsaid = later;
        for (_, to, reply) in due {
            to.send(reply);
        }
    }
}

/// The players' controllers' patterns; their motors driven through gilrs when a player has
/// haptics on (a problem is said at start and goes on without them).
fn start_haptics(config: &Config) -> haptic_feed::HapticFeed {
    let feed = haptic_feed::HapticFeed::new(config);
    if !feed.is_on() {
        return feed;
    }
    for problem in haptic_feed::problems(config) {
        tracing::warn!("{problem}");
    }
    let rumble: Result<_, Box<dyn std::error::Error>> = crate::input::rumble::GilrsRumble::open()
        .map_err(Into::into)
        .and_then(|r| {
            rumble_out::RumbleOut::start(Box::new(r), haptic_feed::own_controllers(config))
                .map_err(Into::into)
        });
    match rumble {
        Ok(rumble) => feed.with_rumble(rumble),
        Err(e) => {
            tracing::warn!("vibration: {e}; the patterns go to the transcript only");
            feed
        }
    }
}

/// Who takes the core's outputs besides the announcer.
struct Feeds {
    /// The hall's link (a board in one).
    hall: Option<hall_feed::HallFeed>,
    /// The board display (`[display]`).
    display: Option<display_feed::DisplayFeed>,
    /// The players' controllers (`haptic = true`).
    haptic: haptic_feed::HapticFeed,
    /// The players' Braille displays (`braille = true`).
    braille: braille_feed::BrailleFeed,
    /// Kept open so that the core's `actions` channel never disconnects (a disconnected
    /// channel would wake the loop for ever).
    _actions: crossbeam_channel::Sender<braille_feed::DisplayKey>,
}

impl Feeds {
    /// When the feeds want the loop to wake next (they send something at least this often;
    /// a controller's pattern waits for the one playing).
    fn next_wake(&self, core: &Core) -> Option<Instant> {
        let now = Instant::now();
        let haptic = self.haptic.next_due().map(|due| {
            let wait = due.saturating_sub(core.game_time_of(now)).max(0);
            now + Duration::from_millis(wait as u64)
        });
        let hall = self.hall.as_ref().map(|_| now + hall_feed::STATE_EVERY);
        let display = self
            .display
            .as_ref()
            .map(|_| now + display_feed::REFRESH_EVERY);
        let braille = self.braille.next_wake(core);
        hall.into_iter()
            .chain(display)
            .chain(haptic)
            .chain(braille)
            .min()
    }

    /// What the feeds send when they are due, events or not.
    fn periodic(&mut self, core: &mut Core, now: Clocks) {
        if let Some(feed) = self.hall.as_mut() {
            feed.state(core, now.mono, now.wall_ms, false);
        }
        if let Some(feed) = self.display.as_mut() {
            feed.refresh(core, now.mono);
        }
        self.braille.refresh(core, now.mono);
    }
}

/// Hands the core's outputs to the feeds (the hall, the display) and to the announcer's
/// thread.
fn deliver(
    core: &mut Driven,
    announcer: &mut AnnouncerThread,
    feeds: &mut Feeds,
) -> Result<(), DaemonError> {
    let items = feed_outputs(core, feeds)?;
    announcer.send(items);
    Ok(())
}

/// Like [`deliver`], asking the announcer's thread to acknowledge: returns the number it will
/// acknowledge once the outputs are said and written.
fn deliver_acked(
    core: &mut Driven,
    announcer: &mut AnnouncerThread,
    feeds: &mut Feeds,
) -> Result<u64, DaemonError> {
    let items = feed_outputs(core, feeds)?;
    Ok(announcer.send_acked(items))
}

/// Does what the core asked of the journal, then hands the core's outputs to the feeds;
/// returns what the announcer is to say and write, the controllers' patterns due last.
fn feed_outputs(core: &mut Driven, feeds: &mut Feeds) -> Result<Vec<Item>, DaemonError> {
    let now = clocks_now();
    // A failed sync's warning first: the repair the driver makes next may sync on this thread
    // (a store without a sync thread), and on a slow card that takes as long again.
    let mut outputs = core.take_urgent();
    core.run(now)?;
    outputs.extend(core.drain());
    if let Some(feed) = feeds.hall.as_mut() {
        feed.outputs(core, &outputs, now.mono, now.wall_ms);
    }
    if let Some(feed) = feeds.display.as_mut() {
        feed.outputs(core, &outputs, now.mono);
    }
    feeds.braille.outputs(core, &outputs, now.mono);
    let mut haptic = feeds.haptic.outputs(&outputs);
    let mut items: Vec<Item> = outputs.into_iter().map(item_of).collect();
    haptic.extend(feeds.haptic.due(core.game_time_of(Instant::now())));
    if !haptic.is_empty() {
        items.push(Item::Lines(haptic));
    }
    Ok(items)
}

/// What the announcer makes of one of the core's outputs.
fn item_of(output: CoreOutput) -> Item {
    match output {
        CoreOutput::Table(output) => Item::Record(output),
        CoreOutput::Private {
            at_ms,
            listener,
            notice,
        } => Item::Private {
            at_ms,
            listener,
            notice,
        },
        CoreOutput::Menu {
            at_ms,
            listener,
            notice,
        } => Item::Menu {
            at_ms,
            listener,
            notice,
        },
        CoreOutput::Notice { audience, notice } => Item::Notice { audience, notice },
        CoreOutput::Text { audience, text, .. } => Item::Text { audience, text },
        CoreOutput::Prefs { listener, prefs } => Item::Hearing {
            listener,
            volume_steps: prefs.volume,
            rate_offset: prefs.rate_offset(),
        },
        CoreOutput::Settings(config) => Item::Languages(config.languages()),
    }
}

/// Feeds `first` and every input event already queued to the core, in the order they were
/// made, each judged at its own instant; time is not moved on (the caller advances once
/// after). Returns whether the terminal was closed (Ctrl-C).
fn feed_queued(
    core: &mut Driven,
    first: Option<SourceEvent>,
    inputs: &Receiver<SourceEvent>,
    now: Clocks,
) -> Result<bool, DaemonError> {
    let mut events: Vec<SourceEvent> = first.into_iter().chain(inputs.try_iter()).collect();
    events.sort_by_key(SourceEvent::at);
    let mut closed = false;
    for event in events {
        // The terminal's reader ends on Ctrl-C: the daemon stops (and says so); that is not a
        // controller lost while the clock runs on.
        if matches!(
            &event,
            SourceEvent::Disconnected { device, .. } if *device == DeviceId::terminal()
        ) {
            closed = true;
            continue;
        }
        core.feed(now, CoreMsg::Source(event))?;
    }
    Ok(closed)
}

fn load(options: &RunOptions) -> Result<(Config, String), crate::config::ConfigError> {
    let (text, origin) = match &options.config {
        Some(path) => (Config::read_text(path)?, path.display().to_string()),
        None => (
            Config::default_text(crate::speech::Lang::of_environment()),
            "<embedded default>".to_string(),
        ),
    };
    let config = Config::parse(&text, &origin)?;
    Ok((config, text))
}

/// Restores the unfinished game in the journal, or starts a new one there. A finished game's
/// journal is kept beside it (`…-WALLMS.done.jsonl`). A journal that cannot be read is refused:
/// the daemon does not start over a damaged game.
/// Also returns the channel that tells when a journal sync ended. `publisher` makes the hall's
/// publisher, for a board in one (given the game resumed: its id and lines).
fn open_core(
    options: &RunOptions,
    config: Config,
    text: String,
    publisher: impl FnOnce(Option<(String, Vec<String>)>) -> Option<crate::hall::store::Publisher>,
) -> Result<(Driven, Receiver<()>), DaemonError> {
    let path = &options.journal;
    let now = clocks_now();
    if path.exists() {
        let journal = Journal::read(path)?;
        let name = path.display().to_string();
        let (table, _) = journal.replay(&name)?;
        if table.game().phase() != crate::clock::Phase::Finished {
            if journal.torn_tail {
                tracing::warn!(
                    "{name}: the last line was torn (power lost while writing it; it was never \
                     acknowledged): cut off"
                );
            }
            if let Some(warning) = journal.evidence_warning(&name) {
                tracing::warn!(said = true, "{warning}");
            }
            let store = FileStore::resume(path, journal.good_len, journal.chain_to()).map_err(
                |source| {
                    DaemonError::Journal(crate::daemon::CoreError::Journal {
                        store: name.clone(),
                        source,
                    })
                },
            )?;
            let synced = store.signal();
            let driver = driving(store, publisher(resumed_lines(path, journal.good_len)));
            let core = Driven::restore(driver, &journal, table, now)?;
            tracing::info!("restored the game from {name}: paused; the arbiter resumes it");
            return Ok((core, synced));
        }
    }
    let store = FileStore::new(path);
    let synced = store.signal();
    let driver = driving(store, publisher(None));
    Ok((Driven::new(driver, config, text, now)?, synced))
}

/// The journal's driver on `store`, publishing to the hall when a board is in one.
fn driving(store: FileStore, publisher: Option<crate::hall::store::Publisher>) -> JournalDriver {
    let driver = JournalDriver::new(Box::new(store));
    match publisher {
        Some(publisher) => driver.publishing(publisher),
        None => driver,
    }
}

/// The game in a journal being resumed, for the hall: its id and its lines (the good part).
fn resumed_lines(path: &std::path::Path, good_len: usize) -> Option<(String, Vec<String>)> {
    let text = std::fs::read(path).ok()?;
    let text = String::from_utf8_lossy(text.get(..good_len)?).into_owned();
    let lines: Vec<String> = text.lines().map(str::to_string).collect();
    let id = crate::hall::payload::game_id(&crate::hall::payload::line_digest(lines.first()?)?);
    Some((id, lines))
}

/// The announcer `options` ask for, speaking as `config` says, on its own thread.
fn start_announcer(options: &RunOptions, config: &Config) -> Result<AnnouncerThread, DaemonError> {
    let announcer = crate::announce::Announcer::open(&AnnouncerOptions {
        voices: options.voices.clone(),
        transcript: options.transcript.clone(),
        text: options.text,
        no_audio: options.no_audio,
        ..AnnouncerOptions::speaking(config)
    })?;
    AnnouncerThread::start(announcer).map_err(DaemonError::AnnouncerThread)
}

/// Catches the signals that would otherwise end the process mid-game. SIGINT and SIGTERM stop
/// the daemon cleanly (through `quit`); SIGHUP (the terminal or the SSH session closed),
/// SIGQUIT, SIGUSR1, SIGUSR2, SIGPIPE, SIGALRM, SIGVTALRM, SIGPROF, SIGIO, SIGXCPU and SIGXFSZ
/// are logged and the game goes on (none reloads anything). SIGPIPE is logged once only: a
/// log written to a closed pipe raises it again.
fn spawn_signal_thread(quit: crossbeam_channel::Sender<keys::Quit>) -> Result<(), DaemonError> {
    use signal_hook::consts::{
        SIGALRM, SIGHUP, SIGINT, SIGIO, SIGPIPE, SIGPROF, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2,
        SIGVTALRM, SIGXCPU, SIGXFSZ,
    };
    const STOP: [(i32, keys::Quit); 2] = [
        (SIGINT, keys::Quit::Interrupt),
        (SIGTERM, keys::Quit::Terminate),
    ];
    const IGNORED: [(i32, &str); 11] = [
        (SIGHUP, "SIGHUP"),
        (SIGQUIT, "SIGQUIT"),
        (SIGUSR1, "SIGUSR1"),
        (SIGUSR2, "SIGUSR2"),
        (SIGPIPE, "SIGPIPE"),
        (SIGALRM, "SIGALRM"),
        (SIGVTALRM, "SIGVTALRM"),
        (SIGPROF, "SIGPROF"),
        (SIGIO, "SIGIO"),
        (SIGXCPU, "SIGXCPU"),
        (SIGXFSZ, "SIGXFSZ"),
    ];
    let caught = STOP
        .iter()
        .map(|(number, _)| *number)
        .chain(IGNORED.iter().map(|(number, _)| *number));
    let mut signals = signal_hook::iterator::Signals::new(caught).map_err(DaemonError::Signals)?;
    std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            let mut pipe_logged = false;
            for signal in signals.forever() {
                if let Some((_, why)) = STOP.iter().find(|(number, _)| *number == signal) {
                    let _ = quit.send(*why);
                    return;
                }
                let name = IGNORED
                    .iter()
                    .find(|(number, _)| *number == signal)
                    .map_or("an unexpected signal", |(_, name)| name);
                match signal {
                    SIGHUP => tracing::warn!(
                        "SIGHUP (the terminal or the SSH session closed?): the clock keeps \
                         running; stop it with SIGTERM or `q`"
                    ),
                    SIGPIPE if pipe_logged => {}
                    SIGPIPE => {
                        pipe_logged = true;
                        tracing::warn!(
                            "SIGPIPE (a reader went away): ignored; further ones are not logged"
                        );
                    }
                    _ => tracing::warn!(
                        "{name} ({signal}): ignored, the clock keeps running; stop it with \
                         SIGTERM"
                    ),
                }
            }
        })
        .map_err(DaemonError::Signals)?;
    Ok(())
}
