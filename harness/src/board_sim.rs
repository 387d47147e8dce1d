//! The board simulator: hundreds of hall boards in one process, each one the board daemon's
//! own parts without its devices and its sound — the sans-IO [`Core`](talkclock::daemon::Core)
//! with its journal's driver (a real hash-chained journal file, synced by its sync thread), the
//! hall link (its own MQTT connection, its will, its outbox of records, alerts and state) and
//! the hall feed (states, heartbeats, alerts as announcements). What reaches the broker is
//! therefore what `talkclock run` with `[hall]` sends, byte for byte, and the station's commands
//! are answered by the core as a board's are (once their records are durable). A board daemon
//! takes about 26 MB; a simulated board a fraction of that, so a test and `bench --hall` can
//! put hundreds on this machine.
//!
//! One thread drives every board: it sleeps until the earliest board's next deadline (its
//! clock's, or its heartbeat's), a sync's signal or a station's command, and then steps the
//! boards that are due, each at the real time of that moment, as the daemon's loop does.

use crossbeam_channel::{unbounded, Receiver, Select, Sender};
use std::path::{Path, PathBuf};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
use talkclock::clock::Input;
use talkclock::config::Config;
use talkclock::control::{ArbiterCommand, Reply, ReplyTo, Request};
use talkclock::daemon::hall_feed::{self, HallFeed};
use talkclock::daemon::{clocks_now, Clocks, CoreMsg, Driven, JournalDriver};
use talkclock::hall::payload::Priority;
use talkclock::journal::FileStore;

/// One simulated board.
struct SimBoard {
    board: u32,
    core: Driven,
    feed: HallFeed,
    /// The journal's sync thread's signal.
    synced: Receiver<()>,
    /// The station's commands, from the link.
    commands: Receiver<Request>,
    /// Replies held until their records are durable: (mark, where, reply).
    held: Vec<(u64, ReplyTo, Reply)>,
    /// When its state is next due (its heartbeat).
    state_due: Instant,
    /// Its game was stopped as a daemon stops.
    stopped: bool,
}

impl SimBoard {
    /// Board `board` under `config_text` (which must have `[hall]`), its journal at `journal`.
    fn open(board: u32, config_text: &str, journal: &Path) -> Result<SimBoard, String> {
        let origin = format!("simulated board {board}");
        let config = Config::parse(config_text, &origin).map_err(|e| e.to_string())?;
        let settings = config
            .hall
            .clone()
            .ok_or_else(|| format!("{origin}: its configuration has no [hall]"))?;
        let store = FileStore::new(journal);
        let synced = store.signal();
        let (durable_tx, durable_rx) = unbounded();
        let driver = JournalDriver::new(Box::new(store))
            .publishing(talkclock::hall::store::Publisher::new(None, durable_tx));
        let core = Driven::new(driver, config, config_text.to_string(), clocks_now())
            .map_err(|e| format!("{origin}: {e}"))?;
        let (commands_tx, commands) = unbounded();
        let link = talkclock::hall::link::start(&settings, durable_rx, commands_tx)
            .map_err(|e| format!("{origin}: {e}"))?;
        let feed = HallFeed::new(link, core.config_text());
        Ok(SimBoard {
            board,
            core,
            feed,
            synced,
            commands,
            held: Vec::new(),
            state_due: Instant::now(),
            stopped: false,
        })
    }

    /// When it must be stepped next, messages aside.
    fn next_wake(&self) -> Instant {
        self.core
            .next_wake()
            .map_or(self.state_due, |w| w.min(self.state_due))
    }

    /// Whether a sync's signal or a command waits.
    fn has_mail(&self) -> bool {
        !self.synced.is_empty() || !self.commands.is_empty()
    }

    /// Stops its game as a daemon stops, once.
    fn stop_game(&mut self, now: Clocks) -> Result<(), String> {
        if !self.stopped {
            self.stopped = true;
            self.core.stopping();
            self.step(now, None)?;
        }
        Ok(())
    }

    /// Handles what waits and what is due at `now`; returns its flags' wall instants (Unix
    /// ms), as its alerts carry them.
    fn step(&mut self, now: Clocks, extra: Option<CoreMsg>) -> Result<Vec<f64>, String> {
        let fail = |e: talkclock::daemon::CoreError| format!("board {}: {e}", self.board);
        for _ in self.synced.try_iter() {
            self.core.journal_synced(now);
        }
        if let Some(msg) = extra {
            self.core.handle(now, msg).map_err(fail)?;
        }
        for request in self.commands.try_iter().collect::<Vec<_>>() {
            let (reply, mark) = match request.command {
                // A simulated board has no configuration file to read again.
                ArbiterCommand::Reload => (
                    Some(Reply::error(
                        "a simulated board has no configuration file to reload",
                    )),
                    0,
                ),
                command => self
                    .core
                    .handle_marked(now, CoreMsg::Command(command))
                    .map_err(fail)?,
            };
            if let Some(reply) = reply {
                self.held.push((mark, request.reply, reply));
            }
        }
        self.core.advance(now).map_err(fail)?;
        let mut outputs = self.core.take_urgent();
        self.core.run(now).map_err(fail)?;
        outputs.extend(self.core.drain());
        let game_now = self.core.game_ms(now.mono);
        let flags = outputs
            .iter()
            .filter_map(hall_feed::alert_of)
            .filter(|(_, priority, _)| *priority == Priority::Flag)
            .map(|(at, _, _)| now.wall_ms as f64 - (game_now - at.unwrap_or(game_now)) as f64)
            .collect();
        self.feed
            .outputs(&mut self.core, &outputs, now.mono, now.wall_ms);
        if now.mono >= self.state_due {
            self.feed
                .state(&mut self.core, now.mono, now.wall_ms, false);
            self.state_due = now.mono + hall_feed::STATE_EVERY;
        }
        let mut still = Vec::new();
        for (mark, to, reply) in std::mem::take(&mut self.held) {
            if self.core.is_durable(mark) {
                to.send(reply);
            } else {
                still.push((mark, to, reply));
            }
        }
        self.held = still;
        Ok(flags)
    }
}

/// What the simulator's thread is asked.
enum Ask {
    /// Start every board's game (White's clock runs when the configuration says White first).
    StartAll,
    /// Every board's game stopped as a daemon stops (its last records journaled); the links
    /// go on publishing them.
    StopGames,
    /// The games stopped if they were not, and the thread ends (the links with it).
    Stop,
}

/// One board to simulate: its number, its configuration (with `[hall]`) and its journal.
#[derive(Debug, Clone)]
pub struct BoardSpec {
    /// The board's number (as in its `[hall]`).
    pub board: u32,
    /// Its configuration's text.
    pub config: String,
    /// Its journal file.
    pub journal: PathBuf,
}

/// A flag a simulated board told: the board and the flag's instant, wall-clock Unix ms.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SimFlag {
    /// The board.
    pub board: u32,
    /// When the flag fell.
    pub wall_ms: f64,
}

/// The simulated boards and their thread.
pub struct SimBoards {
    asks: Sender<Ask>,
    flags: Receiver<SimFlag>,
    thread: Option<JoinHandle<Result<(), String>>>,
    told: Vec<SimFlag>,
}

impl SimBoards {
    /// Opens every board (each connects to its broker) in the thread that drives them, which
    /// keeps the boards already open going meanwhile (opening hundreds takes seconds: the
    /// first must not fall silent for the station); returns once all are open.
    pub fn start(specs: &[BoardSpec]) -> Result<SimBoards, String> {
        let specs = specs.to_vec();
        let (asks, asked) = unbounded();
        let (flags_tx, flags) = unbounded();
        let (ready_tx, ready) = crossbeam_channel::bounded(1);
        let thread = std::thread::Builder::new()
            .name("board simulator".into())
            .spawn(move || {
                let mut boards = Vec::with_capacity(specs.len());
                for spec in &specs {
                    let opened =
                        SimBoard::open(spec.board, &spec.config, &spec.journal).and_then(|board| {
                            boards.push(board);
                            step_due(&mut boards, false, &flags_tx)
                        });
                    if let Err(e) = opened {
                        let _ = ready_tx.send(Err(e.clone()));
                        return Err(e);
                    }
                }
                let _ = ready_tx.send(Ok(()));
                drive(boards, &asked, &flags_tx)
            })
            .map_err(|e| format!("cannot start the board simulator's thread: {e}"))?;
        let mut sim = SimBoards {
            asks,
            flags,
            thread: Some(thread),
            told: Vec::new(),
        };
        match ready.recv() {
            Ok(Ok(())) => Ok(sim),
            Ok(Err(e)) => {
                let _ = sim.finish();
                Err(e)
            }
            Err(_) => Err(sim
                .finish()
                .err()
                .unwrap_or_else(|| "the board simulator's thread ended".into())),
        }
    }

    /// Starts every board's game.
    pub fn start_all(&self) {
        let _ = self.asks.send(Ask::StartAll);
    }

    /// The flags told so far, in the order they were told.
    pub fn flags(&mut self) -> &[SimFlag] {
        self.told.extend(self.flags.try_iter());
        &self.told
    }

    /// Stops every board's game as a daemon stops (its last records journaled and then
    /// published: the boards stay connected until [`SimBoards::stop`]).
    pub fn stop_games(&self) {
        let _ = self.asks.send(Ask::StopGames);
    }

    /// Stops every board's game (if [`SimBoards::stop_games`] did not) and the boards, and
    /// waits for the thread; what it failed with, if it did.
    pub fn stop(mut self) -> Result<(), String> {
        self.finish()
    }

    fn finish(&mut self) -> Result<(), String> {
        let _ = self.asks.send(Ask::Stop);
        match self.thread.take() {
            Some(thread) => thread
                .join()
                .map_err(|_| "the board simulator's thread panicked".to_string())?,
            None => Ok(()),
        }
    }
}

impl Drop for SimBoards {
    fn drop(&mut self) {
        let _ = self.finish();
    }
}

/// The simulator's loop.
fn drive(
    mut boards: Vec<SimBoard>,
    asked: &Receiver<Ask>,
    flags: &Sender<SimFlag>,
) -> Result<(), String> {
    loop {
        let wake = boards.iter().map(SimBoard::next_wake).min();
        let mut select = Select::new();
        select.recv(asked);
        for board in &boards {
            select.recv(&board.synced);
            select.recv(&board.commands);
        }
        let timeout = wake.map_or(Duration::from_secs(1), |w| {
            w.saturating_duration_since(Instant::now())
        });
        // Which one is ready does not matter: every board with mail or due is stepped.
        let _ = select.ready_timeout(timeout);
        let mut start = false;
        for ask in asked.try_iter() {
            match ask {
                Ask::StartAll => start = true,
                Ask::StopGames | Ask::Stop => {
                    let now = clocks_now();
                    for board in &mut boards {
                        board.stop_game(now)?;
                    }
                    if matches!(ask, Ask::Stop) {
                        return Ok(());
                    }
                }
            }
        }
        step_due(&mut boards, start, flags)?;
    }
}

/// Steps every board that has mail or is due now (each board's game started, with `start`);
/// their flags go to `flags`.
fn step_due(boards: &mut [SimBoard], start: bool, flags: &Sender<SimFlag>) -> Result<(), String> {
    let now = clocks_now();
    for board in boards {
        if start || board.has_mail() || board.next_wake() <= now.mono {
            let extra = start.then_some(CoreMsg::Command(ArbiterCommand::Game(Input::Start)));
            for wall_ms in board.step(now, extra)? {
                let _ = flags.send(SimFlag {
                    board: board.board,
                    wall_ms,
                });
            }
        }
    }
    Ok(())
}
