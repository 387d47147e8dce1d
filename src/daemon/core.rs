//! The daemon's decisions, sans-IO: one game at a table with its journal, the buttons'
//! mapper, millisecond stamping, heartbeats, suspend detection, crash restore, and what each
//! listener heard last (for `repeat`) and set (volume, speech rate).
//!
//! Time is an input, as in the clock core: every call takes the monotonic instant and the wall
//! clock it is made at ([`Clocks`]); [`Core::next_wake`] says when to call again;
//! [`Core::drain`] takes what is to be said, printed and sounded. The journal is a
//! [`Store`]: a file in the daemon, memory in tests and benchmarks. Nothing here sleeps,
//! reads a clock or touches a device, so tests drive it on virtual time.

use super::prefs::Prefs;
use super::stamping::{predict, Stamper};
use super::timeline::Timeline;
use crate::clock::{Event, Input, Ms, Phase, Side};
use crate::config::Config;
use crate::control::reply::{Reply, Status};
use crate::control::ArbiterCommand;
use crate::input::event::SourceEvent;
use crate::input::mapper::{ButtonAction, MappedAction, Mapper};
use crate::journal::{Journal, Record, Source, Store};
use crate::speech::Announcement;
use crate::table::{Audience, Listener, Request, Table, TableOutput};
use std::time::Instant;

/// The clocks every call is made at: the monotonic instant (which decides game time), the
/// boot-time clock (`CLOCK_BOOTTIME`, which goes on while the machine sleeps: compared with the
/// monotonic clock, it tells a suspend), and the wall clock in Unix milliseconds (journaled
/// only: an NTP step of the wall clock changes nothing).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clocks {
    /// The monotonic instant.
    pub mono: Instant,
    /// `CLOCK_BOOTTIME` in milliseconds.
    pub boot_ms: i64,
    /// Wall-clock Unix milliseconds.
    pub wall_ms: i64,
}

/// A heartbeat is journaled at least this often while a clock runs (game milliseconds).
pub const HEARTBEAT_MS: Ms = 1_000;

/// A boot-time step this much larger than the monotonic step between heartbeats is a
/// suspend: the clock pauses.
pub const SUSPEND_MS: i64 = 1_000;

/// Waking this much later than asked is a stall (the process was stopped, or starved): the
/// arbiter is told how long it was.
pub const STALL_MS: i64 = 500;

/// What comes into the core.
#[derive(Debug)]
pub enum CoreMsg {
    /// An input reader's event (a button, a device coming or going).
    Source(SourceEvent),
    /// An action asked for by a device with keys of its own (a Braille display's routing
    /// key): carried out like a button's.
    Action(MappedAction),
    /// An arbiter's command from the control socket.
    Command(ArbiterCommand),
    /// The configuration file read again for `reload` (by the caller, who does the I/O), or
    /// why it could not be read.
    Reload(Box<Result<(Config, String), crate::config::ConfigError>>),
}

/// What comes out of the core, in order.
#[derive(Debug, Clone, PartialEq)]
pub enum CoreOutput {
    /// An output of the table: part of the game's record (transcript and voice).
    Table(TableOutput),
    /// Said to one listener only and not part of the game's record (the opponent's time, a
    /// repeat, a volume or rate confirmation).
    Private {
        /// Game time it is said at.
        at_ms: Ms,
        /// Who hears it.
        listener: Listener,
        /// What.
        notice: Announcement,
    },
    /// Free text (help, device notices, the arbiter's message): printed, and spoken by the
    /// system speech engine when there is one.
    Text {
        /// What it is (a hall's station hears the daemon's own notices only).
        kind: TextKind,
        /// Who hears it.
        audience: Audience,
        /// The words, in the listeners' language.
        text: String,
    },
    /// What the set-up menu says to the one using it: spoken and printed, and written to the
    /// transcript as a `menu` line (not part of the game's record).
    Menu {
        /// Game time it is said at.
        at_ms: Ms,
        /// Who hears it.
        listener: Listener,
        /// What.
        notice: Announcement,
    },
    /// A listener's volume or speech rate changed (or was restored from the journal).
    Prefs {
        /// Whose.
        listener: Listener,
        /// The new setting.
        prefs: Prefs,
    },
    /// The settings changed (a new game, a reload): languages and help follow them.
    Settings(Box<Config>),
}

/// What a free text is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextKind {
    /// The daemon's own notice about the board (a controller lost, the machine slept, the
    /// journal, the seal at the end of a game).
    Notice,
    /// The spoken help.
    Help,
    /// The arbiter's own message (`say`).
    Message,
}

/// Why the core cannot go on.
#[derive(Debug, thiserror::Error)]
pub enum CoreError {
    /// The journal could not be written: stopping, so that no acknowledged press is lost.
    #[error("{store}: cannot write the journal: {source}")]
    Journal {
        /// Where the journal is.
        store: String,
        /// Why.
        source: std::io::Error,
    },
}

/// One game as the daemon runs it.
pub struct Core {
    config: Config,
    config_text: String,
    table: Table,
    store: Box<dyn Store>,
    mapper: Mapper,
    timeline: Timeline,
    stamper: Stamper,
    next_seq: u64,
    last_heartbeat: Ms,
    last_boot_ms: i64,
    last_mono: Instant,
    heard: Vec<(Listener, Announcement)>,
    prefs: Vec<(Listener, Prefs)>,
    free_text_aloud: bool,
    outputs: Vec<CoreOutput>,
    /// Told outputs waiting for the journal: each with the number of records written when it
    /// was made; it goes out once that many are durable.
    held: std::collections::VecDeque<(u64, CoreOutput)>,
    /// Notices about the journal itself, which cannot wait for it.
    urgent: Vec<CoreOutput>,
    down: Option<Down>,
    last_space_check: Option<Instant>,
    /// When the journal file was last checked to be there while no clock ran (a heartbeat
    /// checks it while one runs).
    last_verify: Option<Instant>,
    low_space_told: bool,
    /// The set-up menu, while it is open.
    menu: Option<menu::OpenMenu>,
    /// Where the set-up menu saves (`None`: the daemon runs on the embedded default).
    config_file: Option<Box<dyn super::config_file::ConfigFile>>,
}

mod menu;

/// Below this much free space where the journal is written, the arbiter is warned.
pub const LOW_SPACE_BYTES: u64 = 16 * 1024 * 1024;

/// How often the free space is checked (while the core wakes: a clock runs).
const SPACE_EVERY: std::time::Duration = std::time::Duration::from_secs(30);
/// How often the journal file is checked to be there while no clock runs (while one runs, every
/// heartbeat checks it): a journal deleted while the game is paused is written again before a
/// crash can lose the game.
const VERIFY_EVERY: std::time::Duration = std::time::Duration::from_millis(HEARTBEAT_MS as u64);

/// While the journal cannot be written (a full disk): the records that must be written first
/// once it can (the pause the core made), and when to try again.
#[derive(Debug)]
struct Down {
    pending: Vec<Record>,
    retry_at: Instant,
    /// Everything was written again: the journal works once this many records are durable.
    settling: Option<u64>,
}

/// How often a journal that cannot be written is tried again.
pub const RETRY_MS: u64 = 1_000;

impl Core {
    /// A new game under `config`, its journal begun in `store`.
    pub fn new(
        store: Box<dyn Store>,
        config: Config,
        config_text: String,
        at: Clocks,
    ) -> Result<Core, CoreError> {
        let table = Table::new(&config.table_settings(), 0);
        let mut core = Core::with(store, config, config_text, table, at, 0, 0);
        core.apply_config_rates();
        core.begin_journal(at)?;
        Ok(core)
    }

    /// Restores the unfinished game of `journal` (already read from `store`'s file, which the
    /// store appends to): replayed through the same table, paused at the last record's time,
    /// the clock check said to both players and the arbiter, volume and rate as they were.
    pub fn restore(
        store: Box<dyn Store>,
        journal: &Journal,
        table: Table,
        at: Clocks,
    ) -> Result<Core, String> {
        let config_text = journal.current_config_text().to_string();
        let config = Config::parse(&config_text, "journal").map_err(|e| e.to_string())?;
        let game_ms = journal.last_game_ms();
        let mut core = Core::with(
            store,
            config,
            config_text,
            table,
            at,
            game_ms,
            journal.last_seq() + 1,
        );
        core.table.drain();
        for record in &journal.records {
            if let Record::Preferences {
                listener,
                volume,
                rate,
                ..
            } = record
            {
                core.set_prefs(*listener, Prefs::new(*volume, *rate));
            }
        }
        core.mark_restored(at, game_ms).map_err(|e| e.to_string())?;
        if journal.evidence != crate::journal::Evidence::Chained {
            let text = crate::speech::notices::journal_unchained(core.language(Listener::Arbiter));
            core.text(&[Listener::Arbiter], text);
        }
        core.collect();
        Ok(core)
    }

    /// Journals the restore, pauses a running clock and says the clock check to everyone.
    fn mark_restored(&mut self, at: Clocks, game_ms: Ms) -> Result<(), CoreError> {
        self.write(at, |seq, mono_ms| Record::Restored {
            seq,
            game_ms,
            mono_ms,
            wall_ms: at.wall_ms,
        })?;
        if self.down.is_some() {
            return Err(CoreError::Journal {
                store: self.store.describe(),
                source: std::io::Error::other("the journal cannot be written"),
            });
        }
        if self.table.game().running().is_some() {
            self.apply_at(game_ms, at, Source::Restore, Request::Game(Input::Pause))?;
        }
        for listener in [Listener::White, Listener::Black, Listener::Arbiter] {
            self.apply_at(game_ms, at, Source::Restore, Request::ClockCheck(listener))?;
        }
        Ok(())
    }

    fn with(
        store: Box<dyn Store>,
        config: Config,
        config_text: String,
        table: Table,
        at: Clocks,
        offset: Ms,
        next_seq: u64,
    ) -> Core {
        Core {
            mapper: Mapper::new(&config.input),
            config,
            config_text,
            table,
            store,
            timeline: Timeline::new(at.mono, offset),
            stamper: Stamper::default(),
            next_seq,
            last_heartbeat: offset,
            last_boot_ms: at.boot_ms,
            last_mono: at.mono,
            heard: Vec::new(),
            prefs: Vec::new(),
            free_text_aloud: false,
            outputs: Vec::new(),
            held: std::collections::VecDeque::new(),
            urgent: Vec::new(),
            down: None,
            last_space_check: None,
            last_verify: None,
            low_space_told: false,
            menu: None,
            config_file: None,
        }
    }

    /// Where the set-up menu saves: the configuration file the daemon runs on.
    pub fn set_config_file(&mut self, file: Box<dyn super::config_file::ConfigFile>) {
        self.config_file = Some(file);
    }

    /// Says whether free text (the arbiter's `say`) can be spoken aloud here, for its reply.
    pub fn set_free_text_aloud(&mut self, aloud: bool) {
        self.free_text_aloud = aloud;
    }

    /// The configuration in force.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The configuration's text in force (what the journal holds).
    pub fn config_text(&self) -> &str {
        &self.config_text
    }

    /// What `status` reports, at `at` (nothing is moved on).
    pub fn status(&mut self, at: Instant) -> Status {
        let now = self.timeline.game_ms(at);
        Status::of(self.table.game(), now)
    }

    /// The table (read-only).
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// Where the journal goes.
    pub fn journal(&self) -> String {
        self.store.describe()
    }

    /// A listener's volume and rate.
    pub fn prefs(&self, listener: Listener) -> Prefs {
        self.prefs
            .iter()
            .find(|(l, _)| *l == listener)
            .map_or_else(Prefs::default, |(_, p)| *p)
    }

    /// The game time of a monotonic instant.
    pub fn game_ms(&mut self, at: Instant) -> Ms {
        self.timeline.game_ms(at)
    }

    /// The game time of an instant, rounded down, without taking it as a stamp (for feeds
    /// that schedule on game time).
    pub fn game_time_of(&self, at: Instant) -> Ms {
        self.timeline.exact_ms(at).floor() as Ms
    }

    /// Handles one message at `at`; returns the reply for an arbiter's command. Everything due
    /// up to `at` (flags, warnings, long presses, a heartbeat) is brought about too.
    pub fn handle(&mut self, at: Clocks, msg: CoreMsg) -> Result<Option<Reply>, CoreError> {
        let reply = self.feed(at, msg)?;
        self.advance(at)?;
        Ok(reply)
    }

    /// Handles one message at `at` without bringing the rest of time up to `at`: a caller with
    /// several messages waiting feeds them all (each press at its own instant) before one
    /// [`Core::advance`], so a flag can never fall between a press and an earlier one still
    /// queued.
    pub fn feed(&mut self, at: Clocks, msg: CoreMsg) -> Result<Option<Reply>, CoreError> {
        self.check_stall(at);
        let reply = match msg {
            CoreMsg::Source(event) => {
                self.sync_hold_start();
                for mapped in self.mapper.feed(event) {
                    self.act(mapped.at, at, mapped.action)?;
                }
                None
            }
            CoreMsg::Action(mapped) => {
                self.sync_hold_start();
                self.act(mapped.at, at, mapped.action)?;
                None
            }
            CoreMsg::Command(command) => Some(self.command(at, command)?),
            CoreMsg::Reload(loaded) => Some(self.reload(at, *loaded)?),
        };
        self.collect();
        Ok(reply)
    }

    /// Brings everything due up to `at` about: long presses, flags, warnings, ticks, the
    /// heartbeat, and a pause if the machine slept.
    pub fn advance(&mut self, at: Clocks) -> Result<(), CoreError> {
        self.check_stall(at);
        self.journal_synced(at);
        if self.down.as_ref().is_some_and(|d| at.mono >= d.retry_at) {
            self.flush_pending(at);
        }
        if self
            .last_space_check
            .is_none_or(|t| at.mono >= t + SPACE_EVERY)
        {
            self.last_space_check = Some(at.mono);
            self.check_space();
        }
        if self.table.game().running().is_none()
            && self.last_verify.is_none_or(|t| at.mono >= t + VERIFY_EVERY)
        {
            self.last_verify = Some(at.mono);
            if let Err(e) = self.verify_journal() {
                self.go_down(at, &e.to_string());
            }
        }
        for mapped in self.mapper.advance(at.mono) {
            self.act(mapped.at, at, mapped.action)?;
        }
        let now = self.timeline.game_ms(at.mono);
        let was_running = self.table.game().running().is_some();
        self.table.advance(now);
        if was_running && self.table.game().running().is_none() {
            // A clock stopped on its own (a flag): a heartbeat after it, so that the journal
            // (and its replay, and the hall's mirror) reaches the game's end.
            self.heartbeat(at, now)?;
        }
        if self.table.game().running().is_none() {
            self.last_heartbeat = now;
            self.last_boot_ms = at.boot_ms;
            self.last_mono = at.mono;
        } else if now - self.last_heartbeat >= HEARTBEAT_MS {
            let boot_step = at.boot_ms - self.last_boot_ms;
            let mono_step = at
                .mono
                .saturating_duration_since(self.last_mono)
                .as_millis() as i64;
            self.heartbeat(at, now)?;
            if self.down.is_some() {
                self.collect();
                return Ok(());
            }
            self.last_heartbeat = now;
            self.last_boot_ms = at.boot_ms;
            self.last_mono = at.mono;
            if boot_step - mono_step > SUSPEND_MS {
                tracing::warn!(
                    said = true,
                    "the boot-time clock moved {boot_step} ms while the monotonic clock moved \
                     {mono_step} ms: the machine slept; pausing"
                );
                self.apply_at(now, at, Source::Suspend, Request::Game(Input::Pause))?;
                let text = crate::speech::notices::suspended(self.language(Listener::Arbiter));
                self.text(&[Listener::Arbiter], text);
            }
        }
        self.collect();
        Ok(())
    }

    /// Journals a heartbeat: both sides' times at game time `now`.
    fn heartbeat(&mut self, at: Clocks, now: Ms) -> Result<(), CoreError> {
        let game = self.table.game();
        let (white_ms, black_ms) = (
            game.remaining(Side::White, now),
            game.remaining(Side::Black, now),
        );
        self.write(at, |seq, mono_ms| Record::Heartbeat {
            seq,
            game_ms: now,
            mono_ms,
            wall_ms: at.wall_ms,
            white_ms,
            black_ms,
        })?;
        Ok(())
    }

    /// Checks (at each heartbeat) that the journal file is still there; a journal deleted or
    /// moved away while the game runs is written again whole, and the arbiter is told.
    fn verify_journal(&mut self) -> Result<(), CoreError> {
        let rewritten = self.store.verify().map_err(|source| CoreError::Journal {
            store: self.store.describe(),
            source,
        })?;
        if rewritten {
            tracing::warn!(
                said = true,
                "{}: the journal was deleted or moved away while the game ran; written again",
                self.store.describe()
            );
            let text = crate::speech::notices::journal_rewritten(
                self.language(Listener::Arbiter),
                &self.store.describe(),
            );
            self.text(&[Listener::Arbiter], text);
        }
        Ok(())
    }

    /// Tells the arbiter when the core wakes much later than it asked to (the process was
    /// stopped or starved): flags and presses are still judged at their own instants, but what
    /// was due was said late.
    fn check_stall(&mut self, at: Clocks) {
        let Some(asked) = self.next_due() else {
            return;
        };
        let late = at.mono.saturating_duration_since(asked).as_millis() as i64;
        if late > STALL_MS {
            tracing::warn!(
                said = true,
                "the clock's thread ran {late} ms late (stopped or starved)"
            );
            let text = crate::speech::notices::stalled(self.language(Listener::Arbiter), late);
            self.text(&[Listener::Arbiter], text);
        }
    }

    /// The instant anything is next due: a flag, a warning, a tick, a heartbeat, a long press,
    /// or (while no clock runs) the check that the journal file is still there.
    pub fn next_wake(&self) -> Option<Instant> {
        let verify = match (self.table.game().running(), self.last_verify) {
            (None, Some(last)) => Some(last + VERIFY_EVERY),
            _ => None,
        };
        [self.next_due(), verify].into_iter().flatten().min()
    }

    /// The instant the game next needs the core: a flag, a warning, a tick, a heartbeat, a long
    /// press (a stall is measured against it).
    fn next_due(&self) -> Option<Instant> {
        let mut due = self.table.next_deadline();
        if self.table.game().running().is_some() {
            let heartbeat = self.last_heartbeat + HEARTBEAT_MS;
            due = Some(due.map_or(heartbeat, |d| d.min(heartbeat)));
        }
        let table = due.map(|ms| self.timeline.instant_of(ms));
        let retry = self.down.as_ref().map(|d| d.retry_at);
        [table, self.mapper.next_deadline(), retry]
            .into_iter()
            .flatten()
            .min()
    }

    /// Takes what is to be said, printed and sounded, in order, as far as the journal allows:
    /// nothing is told (a press's click, a flag, a reply) before the records behind it are
    /// durable, so a crash can never take back what a player heard. The rest waits for a
    /// later call (the daemon calls again whenever a sync ends). Notices that the journal
    /// cannot be written go first: they cannot wait for it.
    pub fn drain(&mut self) -> Vec<CoreOutput> {
        self.collect();
        let mark = self.store.written();
        self.held.extend(
            std::mem::take(&mut self.outputs)
                .into_iter()
                .map(|o| (mark, o)),
        );
        let durable = self.store.durable();
        let mut ready = std::mem::take(&mut self.urgent);
        while let Some((mark, _)) = self.held.front() {
            if *mark > durable {
                break;
            }
            if let Some((_, output)) = self.held.pop_front() {
                ready.push(output);
            }
        }
        ready
    }

    /// How many journal records were written so far: a reply made now may be sent once
    /// [`Core::is_durable`] says so.
    pub fn written(&self) -> u64 {
        self.store.written()
    }

    /// Whether the first `mark` journal records are durable.
    pub fn is_durable(&self, mark: u64) -> bool {
        self.store.durable() >= mark
    }

    /// Takes note of a sync that ended: when it failed, the clock pauses as for a full disk
    /// (the records it held are written again when the journal works).
    pub fn journal_synced(&mut self, at: Clocks) {
        if let Some(e) = self.store.take_failure() {
            match self.down.as_mut() {
                // Written again, and that failed too: try again later (everyone was told).
                Some(down) => down.settling = None,
                None => self.go_down(at, &format!("sync failed: {e}")),
            }
        } else if self.down.as_ref().is_some_and(|d| d.settling.is_some()) {
            self.flush_pending(at);
        }
    }

    /// Waits until every record written is durable (when the daemon stops).
    pub fn sync_now(&mut self) -> Result<(), CoreError> {
        self.store.sync_now().map_err(|source| CoreError::Journal {
            store: self.store.describe(),
            source,
        })
    }

    /// Moves the table's outputs into ours, remembering what each listener heard. When the
    /// game ends, the arbiter is told the journal's seal (the chained digest of its last
    /// record) to note on the scoresheet: any later edit of the journal shows.
    fn collect(&mut self) {
        self.sync_hold_start();
        let mut ended = false;
        for output in self.table.drain() {
            ended |= matches!(
                &output,
                TableOutput::Core(stamped) if matches!(stamped.event, Event::Result { .. })
            );
            if let TableOutput::Say {
                audience, notice, ..
            } = &output
            {
                for listener in [Listener::White, Listener::Black, Listener::Arbiter] {
                    if audience.reaches(listener) {
                        self.remember(listener, notice);
                    }
                }
            }
            self.outputs.push(CoreOutput::Table(output));
        }
        if ended {
            let seal = self.store.digest();
            tracing::info!(
                "game over; journal {} sealed with digest {seal}",
                self.store.describe()
            );
            let text = crate::speech::notices::seal(self.language(Listener::Arbiter), &seal);
            self.text(&[Listener::Arbiter], text);
        }
    }

    fn remember(&mut self, listener: Listener, notice: &Announcement) {
        self.heard.retain(|(l, _)| *l != listener);
        self.heard.push((listener, notice.clone()));
    }

    fn language(&self, listener: Listener) -> crate::speech::Lang {
        self.config.languages().of(listener)
    }

    fn text(&mut self, listeners: &[Listener], text: String) {
        self.text_of(TextKind::Notice, listeners, text);
    }

    fn text_of(&mut self, kind: TextKind, listeners: &[Listener], text: String) {
        self.outputs.push(CoreOutput::Text {
            kind,
            audience: Audience::of(listeners),
            text,
        });
    }

    fn private(&mut self, at_ms: Ms, listener: Listener, notice: Announcement) {
        self.outputs.push(CoreOutput::Private {
            at_ms,
            listener,
            notice,
        });
    }

    /// Writes a record with the next sequence number; the closure gets it and the monotonic
    /// milliseconds since this core began. Returns whether it was written: when the journal
    /// cannot be written (a full disk), the core pauses the clock, tells everyone, and keeps
    /// trying; nothing is applied that is not journaled.
    fn write(
        &mut self,
        at: Clocks,
        build: impl FnOnce(u64, Ms) -> Record,
    ) -> Result<bool, CoreError> {
        if let Err(e) = self.verify_journal() {
            self.go_down(at, &e.to_string());
            return Ok(false);
        }
        if self.down.is_some() && !self.flush_pending(at) {
            return Ok(false);
        }
        let record = build(self.next_seq, self.timeline.mono_ms(at.mono));
        match self.store.append(&record) {
            Ok(()) => {
                self.next_seq += 1;
                Ok(true)
            }
            Err(e) => {
                self.go_down(at, &e.to_string());
                Ok(false)
            }
        }
    }

    /// The journal cannot be written: the clock pauses at once (the pause is written first
    /// when the journal can be written again), and the players and the arbiter are told, each
    /// in his language. The daemon never exits mid-game for it.
    fn go_down(&mut self, at: Clocks, why: &str) {
        if self.down.is_some() {
            return;
        }
        tracing::error!(
            said = true,
            "{}: cannot write the journal ({why}): the clock is paused until it can",
            self.store.describe()
        );
        let mut pending = Vec::new();
        let now = self.timeline.game_ms(at.mono);
        self.table.advance(now);
        if self.table.game().running().is_some() {
            let pause = Request::Game(Input::Pause);
            pending.push(Record::Input {
                seq: self.next_seq,
                game_ms: now,
                mono_ms: self.timeline.mono_ms(at.mono),
                wall_ms: at.wall_ms,
                source: Source::Storage,
                input: pause,
            });
            self.next_seq += 1;
            self.table.handle(now, pause);
        }
        self.down = Some(Down {
            pending,
            retry_at: at.mono + std::time::Duration::from_millis(RETRY_MS),
            settling: None,
        });
        self.collect();
        for listener in [Listener::Arbiter, Listener::White, Listener::Black] {
            let text = crate::speech::notices::journal_down(self.language(listener));
            self.urgent.push(CoreOutput::Text {
                kind: TextKind::Notice,
                audience: Audience::of(&[listener]),
                text,
            });
        }
    }

    /// Tries to write what waits; returns whether the journal works again (everything written
    /// since it failed is durable).
    fn flush_pending(&mut self, at: Clocks) -> bool {
        let retry = at.mono + std::time::Duration::from_millis(RETRY_MS);
        let Some(down) = self.down.as_mut() else {
            return true;
        };
        if down.settling.is_none() {
            if self.store.repair().is_err() {
                down.retry_at = retry;
                return false;
            }
            while let Some(record) = down.pending.first() {
                if self.store.append(record).is_err() {
                    down.retry_at = retry;
                    return false;
                }
                down.pending.remove(0);
            }
            down.settling = Some(self.store.written());
        }
        if down
            .settling
            .is_some_and(|mark| self.store.durable() < mark)
        {
            down.retry_at = retry;
            return false;
        }
        self.down = None;
        tracing::info!(
            "{}: the journal can be written again",
            self.store.describe()
        );
        let text = crate::speech::notices::journal_back(self.language(Listener::Arbiter));
        self.text(&[Listener::Arbiter], text);
        true
    }

    /// Warns the arbiter (once, until space comes back) when little space is left where the
    /// journal is written.
    fn check_space(&mut self) {
        let Some(free) = self.store.free_bytes() else {
            return;
        };
        if free >= LOW_SPACE_BYTES {
            self.low_space_told = false;
        } else if !self.low_space_told {
            self.low_space_told = true;
            tracing::warn!("{}: {free} bytes left", self.store.describe());
            let text = crate::speech::notices::low_space(
                self.language(Listener::Arbiter),
                free / (1024 * 1024),
            );
            self.text(&[Listener::Arbiter], text);
        }
    }

    /// Whether the journal cannot be written now.
    pub fn journal_down(&self) -> bool {
        self.down.is_some()
    }

    fn begin_journal(&mut self, at: Clocks) -> Result<(), CoreError> {
        let game = Record::Game {
            seq: 0,
            wall_ms: at.wall_ms,
            config: self.config_text.clone(),
            chain: Some(crate::journal::Chain::Sha256),
        };
        self.store
            .begin(&game)
            .map_err(|source| CoreError::Journal {
                store: self.store.describe(),
                source,
            })?;
        self.next_seq = 1;
        // Volume and rate belong to the listener, not the game: carried into the new journal.
        for (listener, prefs) in self.prefs.clone() {
            self.journal_prefs(at, listener, prefs)?;
        }
        Ok(())
    }

    fn journal_prefs(
        &mut self,
        at: Clocks,
        listener: Listener,
        prefs: Prefs,
    ) -> Result<(), CoreError> {
        let game_ms = self.timeline.last();
        self.write(at, |seq, _| Record::Preferences {
            seq,
            game_ms,
            wall_ms: at.wall_ms,
            listener,
            volume: prefs.volume,
            rate: prefs.rate,
        })?;
        Ok(())
    }

    /// A player's speech rate from the configuration (`speech_rate_level`, saved by the set-up
    /// menu), at the start of a game; his volume stays as it was.
    fn apply_config_rates(&mut self) {
        for side in [Side::White, Side::Black] {
            let Some(level) = self.config.player(side).speech_rate_level else {
                continue;
            };
            let listener = Listener::player(side);
            let old = self.prefs(listener);
            if old.rate_level() != level {
                self.set_prefs(listener, Prefs::new(old.volume, level as i8 - 5));
            }
        }
    }

    fn set_prefs(&mut self, listener: Listener, prefs: Prefs) {
        self.prefs.retain(|(l, _)| *l != listener);
        self.prefs.push((listener, prefs));
        self.outputs.push(CoreOutput::Prefs { listener, prefs });
    }

    /// Journals a request (synced) and then applies it, stamped at the instant `pressed` it
    /// was made: an input that stops or starts a clock is stamped so that each side's charged
    /// time stays within half a millisecond of the truth (see `stamping`).
    fn apply(
        &mut self,
        pressed: Instant,
        at: Clocks,
        source: Source,
        request: Request,
    ) -> Result<bool, CoreError> {
        let exact = self.timeline.exact_ms(pressed);
        let (ends, starts) = predict(self.table.game().phase(), &request);
        let now = self
            .timeline
            .settle(self.stamper.choose(exact, ends, starts));
        let before = self.table.game().running();
        let applied = self.apply_at(now, at, source, request)?;
        let after = self.table.game().running();
        if before != after {
            self.stamper.record(exact, now, before, after);
        }
        Ok(applied)
    }

    /// Journals an input and applies it; an input that cannot be journaled is not applied
    /// (returns `false`), and a player is told his press was not recorded.
    fn apply_at(
        &mut self,
        now: Ms,
        at: Clocks,
        source: Source,
        request: Request,
    ) -> Result<bool, CoreError> {
        // Whatever fell due before this instant happens first, at its own instant.
        self.table.advance(now);
        let written = self.write(at, |seq, mono_ms| Record::Input {
            seq,
            game_ms: now,
            mono_ms,
            wall_ms: at.wall_ms,
            source,
            input: request,
        })?;
        if !written {
            let player = match source {
                Source::White => Some(Listener::White),
                Source::Black => Some(Listener::Black),
                _ => None,
            };
            if let Some(player) = player {
                let text = crate::speech::notices::not_recorded(self.language(player));
                self.text(&[player], text);
            }
            self.collect();
            return Ok(false);
        }
        self.table.handle(now, request);
        self.collect();
        Ok(true)
    }

    /// Carries out what a button asked for, pressed at `pressed` (in the set-up menu, when it
    /// is open).
    fn act(&mut self, pressed: Instant, at: Clocks, action: ButtonAction) -> Result<(), CoreError> {
        if self.menu.is_some() {
            return self.menu_action(pressed, at, action);
        }
        self.act_outside_menu(pressed, at, action)
    }

    /// Carries out a button's action in the game.
    fn act_outside_menu(
        &mut self,
        pressed: Instant,
        at: Clocks,
        action: ButtonAction,
    ) -> Result<(), CoreError> {
        match action {
            ButtonAction::Game(input) => {
                let request = Request::Game(input);
                self.apply(pressed, at, source_of(&request), request)?;
            }
            ButtonAction::ClockCheck(listener) => {
                let request = Request::ClockCheck(listener);
                self.apply(pressed, at, source_of(&request), request)?;
            }
            ButtonAction::OpponentTime(side) => {
                let now = self.timeline.game_ms(pressed);
                self.table.advance(now);
                self.collect();
                let notice = Announcement::OpponentTime {
                    side: side.other(),
                    remaining_ms: self.table.game().remaining(side.other(), now),
                };
                self.private(now, Listener::player(side), notice);
            }
            ButtonAction::Repeat(listener) => {
                let now = self.timeline.game_ms(pressed);
                match self.heard.iter().find(|(l, _)| *l == listener) {
                    Some((_, notice)) => {
                        let notice = notice.clone();
                        self.private(now, listener, notice);
                    }
                    None => tracing::info!("nothing to repeat for {}", listener.name()),
                }
            }
            ButtonAction::VolumeUp(listener) | ButtonAction::VolumeDown(listener) => {
                let up = matches!(action, ButtonAction::VolumeUp(_));
                let prefs = self.prefs(listener).volume_step(up);
                self.change_prefs(pressed, at, listener, prefs)?;
                let notice = Announcement::Volume {
                    level: prefs.volume_level(),
                };
                let now = self.timeline.game_ms(pressed);
                self.private(now, listener, notice);
            }
            ButtonAction::RateUp(listener) | ButtonAction::RateDown(listener) => {
                let up = matches!(action, ButtonAction::RateUp(_));
                let prefs = self.prefs(listener).rate_step(up);
                self.change_prefs(pressed, at, listener, prefs)?;
                let notice = Announcement::SpeechRate {
                    level: prefs.rate_level(),
                };
                let now = self.timeline.game_ms(pressed);
                self.private(now, listener, notice);
            }
            ButtonAction::Help(listener) => {
                let listener = menu::spoken_to(listener);
                for line in self.config.help_for(listener) {
                    self.text_of(TextKind::Help, &[listener], line);
                }
            }
            ButtonAction::Setup(listener) => self.open_menu(pressed, at, listener)?,
            ButtonAction::DeviceAdded { device } => {
                tracing::info!("input device connected: {device}");
            }
            ButtonAction::DeviceLost { device } => {
                tracing::warn!(
                    said = true,
                    "input device lost: {device}; the clock keeps running"
                );
                self.device_notice(&device.to_string(), false);
            }
            ButtonAction::DeviceBack { device } => {
                tracing::info!("input device back: {device}");
                self.device_notice(&device.to_string(), true);
            }
        }
        Ok(())
    }

    fn change_prefs(
        &mut self,
        pressed: Instant,
        at: Clocks,
        listener: Listener,
        prefs: Prefs,
    ) -> Result<(), CoreError> {
        let _ = self.timeline.game_ms(pressed);
        self.journal_prefs(at, listener, prefs)?;
        self.set_prefs(listener, prefs);
        Ok(())
    }

    /// Tells the arbiter and the players, each in his language, that a controller went or came
    /// back.
    fn device_notice(&mut self, device: &str, back: bool) {
        self.tell_everyone(|lang| crate::speech::notices::controller(lang, device, back));
    }

    /// The daemon is stopping (Ctrl-C at its terminal, SIGINT, SIGTERM, `q` on its key pipe):
    /// everyone is told, each in his language, before it goes.
    pub fn stopping(&mut self) {
        self.tell_everyone(crate::speech::notices::stopping);
        self.collect();
    }

    /// The key pipe ended after carrying keys: everyone is told once that the keyboard is gone
    /// and how to stop the clock, which goes on.
    pub fn keyboard_closed(&mut self) {
        self.tell_everyone(crate::speech::notices::keyboard_closed);
        self.collect();
    }

    /// One text to everyone: one line per language spoken at the table, to the listeners who
    /// speak it (a text said once when all three share a language).
    fn tell_everyone(&mut self, text: impl Fn(crate::speech::Lang) -> String) {
        for (lang, listeners) in self.config.languages().groups(&Listener::EARS) {
            self.text(&listeners, text(lang));
        }
    }

    /// Carries out an arbiter's command.
    fn command(&mut self, at: Clocks, command: ArbiterCommand) -> Result<Reply, CoreError> {
        Ok(match command {
            ArbiterCommand::Status => {
                let now = self.timeline.game_ms(at.mono);
                self.table.advance(now);
                self.collect();
                Reply::Status(Status::of(self.table.game(), now))
            }
            ArbiterCommand::Game(input) => {
                let first = self.outputs.len();
                if !self.apply(at.mono, at, Source::Arbiter, Request::Game(input))? {
                    return Ok(Reply::error(
                        "the journal cannot be written (is the disk full?): nothing was applied; \
                         the clock stays paused until the journal can be written",
                    ));
                }
                game_reply(&self.outputs[first..])
            }
            ArbiterCommand::Check(listener) => {
                self.apply(at.mono, at, Source::Arbiter, Request::ClockCheck(listener))?;
                Reply::Done
            }
            ArbiterCommand::Say(listener, text) => {
                self.text_of(TextKind::Message, &[listener], text);
                Reply::Said {
                    spoken: self.free_text_aloud,
                }
            }
            ArbiterCommand::NewGame { force } => {
                let in_progress = matches!(
                    self.table.game().phase(),
                    Phase::Running(_) | Phase::Paused(_) | Phase::PlayerStopped { .. }
                );
                if in_progress && !force {
                    return Ok(Reply::error(
                        "a game is in progress: new-game would close it. Its journal is kept; to \
                         close it anyway, send new-game --force",
                    ));
                }
                let config = self.config.clone();
                let text = self.config_text.clone();
                self.new_game(at, config, text)?;
                Reply::NewGame { new_game: true }
            }
            ArbiterCommand::Reload => Reply::error("reload: the configuration was not read"),
        })
    }

    /// Begins a new game under `config` (the old journal is kept aside as finished).
    fn new_game(&mut self, at: Clocks, config: Config, text: String) -> Result<(), CoreError> {
        self.collect();
        self.table = Table::new(&config.table_settings(), 0);
        self.table.drain();
        self.mapper = Mapper::new(&config.input);
        self.timeline = Timeline::new(at.mono, 0);
        self.stamper = Stamper::default();
        self.heard.clear();
        self.config = config;
        self.config_text = text;
        self.last_heartbeat = 0;
        self.apply_config_rates();
        self.begin_journal(at)?;
        self.outputs
            .push(CoreOutput::Settings(Box::new(self.config.clone())));
        Ok(())
    }

    fn reload(
        &mut self,
        at: Clocks,
        loaded: Result<(Config, String), crate::config::ConfigError>,
    ) -> Result<Reply, CoreError> {
        let (config, text) = match loaded {
            Ok(loaded) => loaded,
            Err(unread) => return Ok(Reply::error(&unread.to_string())),
        };
        let now = self.timeline.game_ms(at.mono);
        self.table.advance(now);
        self.collect();
        match self.table.game().phase() {
            Phase::NotStarted | Phase::Finished => {
                self.new_game(at, config, text)?;
                Ok(Reply::NewGame { new_game: true })
            }
            Phase::Paused(_) => {
                if config.control != *self.table.game().control() {
                    return Ok(Reply::error(
                        "the time control of a game in progress cannot change: start a new game (new-game) to use it",
                    ));
                }
                self.write(at, |seq, _| Record::Config {
                    seq,
                    game_ms: now,
                    wall_ms: at.wall_ms,
                    config: text.clone(),
                })?;
                match self.table.reconfigure(&config.table_settings()) {
                    Ok(()) => {
                        self.mapper = Mapper::new(&config.input);
                        self.config = config;
                        self.config_text = text;
                        self.outputs
                            .push(CoreOutput::Settings(Box::new(self.config.clone())));
                        Ok(Reply::NewGame { new_game: false })
                    }
                    Err(refused) => Ok(Reply::error(&refused.to_string())),
                }
            }
            _ => Ok(Reply::error(
                "reload only while the clock is paused or between games: pause first",
            )),
        }
    }
}

/// Who a request came from, for the journal.
fn source_of(request: &Request) -> Source {
    match request {
        Request::Game(Input::Press(side) | Input::Query(side) | Input::Stop(side)) => match side {
            Side::White => Source::White,
            Side::Black => Source::Black,
        },
        _ => Source::Arbiter,
    }
}

/// The reply to a game input: its events, or the reason it was refused.
fn game_reply(outputs: &[CoreOutput]) -> Reply {
    let mut events = Vec::new();
    for output in outputs {
        if let CoreOutput::Table(TableOutput::Core(stamped)) = output {
            if let Event::Rejected { reason, .. } = &stamped.event {
                return Reply::error(reason);
            }
            events.push(stamped.clone());
        }
    }
    Reply::Events { events }
}
