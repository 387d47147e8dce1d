//! The daemon's decisions, sans-IO: one game at a table with its journal, the buttons'
//! mapper, millisecond stamping, heartbeats, suspend detection, crash restore, and what each
//! listener heard last (for `repeat`) and set (volume, speech rate).
//!
//! Inputs in, outputs out, in the shape of str0m's `handle_input` / `poll_output`: time is an
//! input ([`Clocks`], every call takes the instant it is made at), and so are the presses
//! with their stamps, the arbiter's commands ([`CoreMsg`]) and what the journal's driver
//! answers ([`JournalEvent`]: written or not, durable up to where). [`Core::next_wake`] says
//! when to call again; [`Core::drain`] takes what is to be said, printed and sounded, held in
//! a [`Gate`] until the records behind it are written to the journal file (a crash or kill of
//! the daemon cannot take them back; the sync that makes them durable against a power cut
//! comes after, and a sync that fails is told to everyone); [`Core::take_journal`]
//! takes the records to write and the checks to make ([`JournalOp`]). Nothing here writes a
//! file, reads a clock, sleeps or touches a device (`tests/fast/module_order.rs` checks the
//! imports): the daemon's journal driver (`daemon::driver`) does the journal's I/O, so tests
//! drive the core on virtual time with a journal in memory.

mod actions;
mod inputs;
mod journaling;
mod menu;
mod outputs;
mod stall;
mod time;

pub use inputs::{Clocks, CoreMsg, JournalEvent};
pub use journaling::{LOW_SPACE_BYTES, RETRY_MS};
pub use outputs::{CoreError, CoreOutput, JournalOp, RestoreError, TextKind};

use super::prefs::Prefs;
use super::stamping::Stamper;
use super::timeline::Timeline;
use crate::clock::{Input, Ms};
use crate::config::Config;
use crate::control::reply::{Reply, Status};
use crate::input::mapper::Mapper;
use crate::journal::{Gate, Journal, Record, Source};
use crate::speech::Announcement;
use crate::table::{Listener, Request, Table};
use journaling::Down;
use std::time::Instant;

/// A heartbeat is journaled at least this often while a clock runs (game milliseconds).
pub const HEARTBEAT_MS: Ms = 1_000;

/// A boot-time step this much larger than the monotonic step between heartbeats is a
/// suspend: the clock pauses.
pub const SUSPEND_MS: i64 = 1_000;

/// Running this much later than something was due is a late wake-up (logged); when what was
/// due reached a player (something to be said, a press), a stall: the arbiter is told how
/// long it was, once (see `core::stall`).
pub const STALL_MS: i64 = 500;

/// One game as the daemon runs it.
pub struct Core {
    config: Config,
    config_text: String,
    table: Table,
    /// Where the journal is written, for messages.
    journal: String,
    mapper: Mapper,
    timeline: Timeline,
    stamper: Stamper,
    next_seq: u64,
    /// Journal records asked for (counted from 1 across games, less those that failed).
    appended: u64,
    /// What the journal is asked to do, in order, until the driver takes it.
    journal_ops: Vec<JournalOp>,
    last_heartbeat: Ms,
    last_boot_ms: i64,
    last_mono: Instant,
    heard: Vec<(Listener, Announcement)>,
    prefs: Vec<(Listener, Prefs)>,
    free_text_aloud: bool,
    outputs: Vec<CoreOutput>,
    /// Told outputs waiting for the journal: each with the number of records asked for when
    /// it was made; it goes out once that many are written to the journal file.
    gate: Gate<CoreOutput>,
    /// How many journal records are durable (synced to the disk), as the driver last told.
    durable: u64,
    /// Notices about the journal itself, which cannot wait for it.
    urgent: Vec<CoreOutput>,
    down: Option<Down>,
    last_space_check: Option<Instant>,
    /// When the journal file was last checked to be there while no clock ran (the driver
    /// checks it before every record while one runs).
    last_verify: Option<Instant>,
    low_space_told: bool,
    /// The set-up menu, while it is open.
    menu: Option<menu::OpenMenu>,
    /// The name of the file the set-up menu saves to (`None`: the daemon runs on the embedded
    /// default); the driver writes it.
    config_file: Option<String>,
    /// A set-up waiting for the configuration file to be saved before its game begins.
    pending_setup: Option<menu::PendingSetup>,
    /// The late wake-up or stall in progress (told once).
    stall: stall::StallWatch,
}

impl Core {
    /// A new game under `config`; its journal, written at `journal` (a name for messages), is
    /// asked to begin.
    pub fn new(journal: String, config: Config, config_text: String, at: Clocks) -> Core {
        let table = Table::new(&config.table_settings(), 0);
        let mut core = Core::with(journal, config, config_text, table, at, 0, 0);
        core.apply_config_rates();
        core.begin_journal(at);
        core
    }

    /// Restores the unfinished game of `journal` (already read from the file named `name`,
    /// which the driver's store appends to): replayed through the same table, paused at the
    /// last record's time, the clock check said to both players and the arbiter, volume and
    /// rate as they were.
    pub fn restore(
        name: String,
        journal: &Journal,
        table: Table,
        at: Clocks,
    ) -> Result<Core, RestoreError> {
        let config_text = journal.current_config_text().to_string();
        let config = Config::parse(&config_text, "journal")?;
        let game_ms = journal.last_game_ms();
        let mut core = Core::with(
            name,
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
        core.mark_restored(at, game_ms)?;
        if journal.evidence != crate::journal::Evidence::Chained {
            core.journal_notice(crate::speech::JournalTrouble::Unchained);
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
        });
        if self.table.game().running().is_some() {
            self.apply_at(game_ms, at, Source::Restore, Request::Game(Input::Pause))?;
        }
        for listener in [Listener::White, Listener::Black, Listener::Arbiter] {
            self.apply_at(game_ms, at, Source::Restore, Request::ClockCheck(listener))?;
        }
        Ok(())
    }

    fn with(
        journal: String,
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
            journal,
            timeline: Timeline::new(at.mono, offset),
            stamper: Stamper::default(),
            next_seq,
            appended: 0,
            journal_ops: Vec::new(),
            last_heartbeat: offset,
            last_boot_ms: at.boot_ms,
            last_mono: at.mono,
            heard: Vec::new(),
            prefs: Vec::new(),
            free_text_aloud: false,
            outputs: Vec::new(),
            gate: Gate::new(),
            durable: 0,
            urgent: Vec::new(),
            down: None,
            last_space_check: None,
            last_verify: None,
            low_space_told: false,
            menu: None,
            config_file: None,
            pending_setup: None,
            stall: stall::StallWatch::default(),
        }
    }

    /// Where the set-up menu saves: the name of the configuration file the daemon runs on
    /// (the driver holds the file; see [`super::Driven::set_config_file`]).
    pub fn set_config_file_name(&mut self, name: String) {
        self.config_file = Some(name);
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
        self.journal.clone()
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
        let pressed = match &msg {
            CoreMsg::Source(crate::input::event::SourceEvent::Button(raw)) => Some(raw.at),
            _ => None,
        };
        self.check_stall(at, pressed);
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
}
