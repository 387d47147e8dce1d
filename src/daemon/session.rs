//! One game as the daemon runs it: the table, its journal, and the mapping from the process's
//! monotonic clock onto the game's own timeline (which only advances while a daemon runs it).

use crate::clock::{Ms, Phase, Side};
use crate::config::Config;
use crate::journal::{wall_now, Journal, JournalWriter, Record};
use crate::sim::Action;
use crate::table::{Listener, Output, Request, Table};
use std::path::Path;
use std::time::Instant;

/// A game in progress with its journal.
pub struct Session {
    /// The configuration the game is played under.
    pub config: Config,
    /// That configuration's text, as journaled.
    pub config_text: String,
    /// The table.
    pub table: Table,
    journal: JournalWriter,
    origin: Instant,
    offset: Ms,
    last_now: Ms,
    last_heartbeat: Ms,
    last_wall: i64,
    last_mono: Instant,
    stamper: super::stamping::Stamper,
}

/// How a session began.
pub enum Opened {
    /// A new game.
    New(Session),
    /// An unfinished game restored from the journal, with the outputs of the restore.
    Restored(Session, Vec<Output>),
}

impl Session {
    /// Restores the unfinished game in `path`, or starts a new one there. A finished game's
    /// journal is kept beside it (`…-WALLMS.done.jsonl`); a broken one too (`.broken.jsonl`),
    /// so nothing is ever lost.
    pub fn open(path: &Path, config: Config, config_text: String) -> std::io::Result<Opened> {
        if path.exists() {
            match Journal::read(path) {
                Ok(journal) => match journal.replay(&path.display().to_string()) {
                    Ok((table, _)) if table.game().phase() != Phase::Finished => {
                        return Session::restore(path, journal, table)
                            .map(|(s, o)| Opened::Restored(s, o));
                    }
                    Ok(_) => set_aside(path, "done")?,
                    Err(e) => {
                        tracing::error!("{e}; starting a new game");
                        set_aside(path, "broken")?;
                    }
                },
                Err(e) => {
                    tracing::error!("{e}; the journal is kept aside and a new game starts");
                    set_aside(path, "broken")?;
                }
            }
        }
        Ok(Opened::New(Session::create(path, config, config_text)?))
    }

    /// Starts a new game with a new journal at `path`.
    pub fn create(path: &Path, config: Config, config_text: String) -> std::io::Result<Session> {
        let journal = JournalWriter::create(path, &config_text)?;
        let table = Table::new(&config, 0);
        Ok(Session::with(config, config_text, table, journal, 0))
    }

    fn with(
        config: Config,
        config_text: String,
        table: Table,
        journal: JournalWriter,
        offset: Ms,
    ) -> Session {
        Session {
            config,
            config_text,
            table,
            journal,
            origin: Instant::now(),
            offset,
            last_now: offset,
            last_heartbeat: offset,
            last_wall: wall_now(),
            last_mono: Instant::now(),
            stamper: super::stamping::Stamper::default(),
        }
    }

    fn restore(
        path: &Path,
        journal: Journal,
        mut table: Table,
    ) -> std::io::Result<(Session, Vec<Output>)> {
        let config_text = journal.current_config_text().to_string();
        let config = Config::parse(&config_text, "journal").map_err(std::io::Error::other)?;
        let at = journal.last_game_ms();
        let writer = JournalWriter::resume(path, journal.good_len, journal.last_seq())?;
        table.drain();
        let mut session = Session::with(config, config_text, table, writer, at);
        session.journal.append(|seq| Record::Restored {
            seq,
            game_ms: at,
            mono_ms: 0,
            wall_ms: wall_now(),
        })?;
        if session.table.game().running().is_some() {
            session.apply_at(at, "restore", Action::Input(crate::clock::Input::Pause))?;
        }
        for listener in [Listener::White, Listener::Black, Listener::Arbiter] {
            session.apply_at(at, "restore", Action::ClockCheck(listener))?;
        }
        let outputs = session.table.drain();
        tracing::info!(
            "restored the game from {} at {} ms of game time: paused; the arbiter resumes it",
            path.display(),
            at
        );
        Ok((session, outputs))
    }

    /// The game time of a monotonic instant (never going back).
    pub fn game_ms(&mut self, at: Instant) -> Ms {
        // Rounded to the nearest millisecond, not floored: a flooring start would make every
        // flag fall up to a millisecond early; rounding centres the error on zero (±0.5 ms).
        let since = ((at.saturating_duration_since(self.origin).as_micros() + 500) / 1000) as Ms;
        let now = (self.offset + since).max(self.last_now);
        self.last_now = now;
        now
    }

    /// Journals a request (synced) and then applies it; returns the outputs it produced.
    pub fn apply(
        &mut self,
        at: Instant,
        source: &str,
        request: Request,
    ) -> std::io::Result<Vec<Output>> {
        // An input that stops or starts a clock is stamped so that each side's charged time
        // stays within half a millisecond of the truth (see `stamping`).
        let exact = self.offset as f64
            + at.saturating_duration_since(self.origin).as_micros() as f64 / 1000.0;
        let (ends, starts) = super::stamping::predict(self.table.game().phase(), &request);
        let now = self.stamper.choose(exact, ends, starts).max(self.last_now);
        self.last_now = now;
        let before = self.table.game().running();
        let action = match request {
            Request::Game(input) => Action::Input(input),
            Request::ClockCheck(listener) => Action::ClockCheck(listener),
        };
        self.apply_at(now, source, action)?;
        let after = self.table.game().running();
        if before != after {
            self.stamper.record(exact, now, before, after);
        }
        Ok(self.table.drain())
    }

    fn apply_at(&mut self, now: Ms, source: &str, action: Action) -> std::io::Result<()> {
        let (text, request) = match action {
            Action::Input(input) => (input.to_string(), Request::Game(input)),
            Action::ClockCheck(listener) => (
                format!("check {}", listener_name(listener)),
                Request::ClockCheck(listener),
            ),
            Action::End => return Ok(()),
        };
        let mono_ms = Instant::now()
            .saturating_duration_since(self.origin)
            .as_millis() as Ms;
        self.journal.append(|seq| Record::Input {
            seq,
            game_ms: now,
            mono_ms,
            wall_ms: wall_now(),
            source: source.to_string(),
            input: text,
        })?;
        self.table.handle(now, request);
        Ok(())
    }

    /// Brings the table to `at` (flags, warnings) and writes a heartbeat once a second while
    /// a clock runs. Returns the outputs and whether the machine slept (wall and monotonic
    /// clocks disagree by more than a second), in which case the clock has been paused.
    pub fn tick(&mut self, at: Instant) -> std::io::Result<(Vec<Output>, bool)> {
        let now = self.game_ms(at);
        self.table.advance(now);
        let mut slept = false;
        if self.table.game().running().is_some() && now - self.last_heartbeat >= 1_000 {
            let wall = wall_now();
            let wall_step = wall - self.last_wall;
            let mono_step = at.saturating_duration_since(self.last_mono).as_millis() as i64;
            let game = self.table.game();
            let (white_ms, black_ms) = (
                game.remaining(Side::White, now),
                game.remaining(Side::Black, now),
            );
            self.journal.append(|seq| Record::Heartbeat {
                seq,
                game_ms: now,
                mono_ms: at.saturating_duration_since(self.origin).as_millis() as Ms,
                wall_ms: wall,
                white_ms,
                black_ms,
            })?;
            self.last_heartbeat = now;
            self.last_wall = wall;
            self.last_mono = at;
            if (wall_step - mono_step).abs() > 1_000 && self.table.game().running().is_some() {
                tracing::warn!("wall clock jumped {wall_step} ms while the monotonic clock moved {mono_step} ms: the machine slept; pausing");
                self.apply_at(now, "clock-jump", Action::Input(crate::clock::Input::Pause))?;
                slept = true;
            }
        } else if self.table.game().running().is_none() {
            self.last_heartbeat = now;
            self.last_wall = wall_now();
            self.last_mono = at;
        }
        Ok((self.table.drain(), slept))
    }

    /// The monotonic instant of the next thing due: a table deadline or a heartbeat.
    pub fn next_wake(&self) -> Option<Instant> {
        let mut due = self.table.next_deadline();
        if self.table.game().running().is_some() {
            let heartbeat = self.last_heartbeat + 1_000;
            due = Some(due.map_or(heartbeat, |d| d.min(heartbeat)));
        }
        due.map(|ms| {
            self.origin + std::time::Duration::from_millis((ms - self.offset).max(0) as u64)
        })
    }

    /// Takes new settings while the game is paused: journaled first, then applied. The time
    /// control cannot change mid-game.
    pub fn reload(
        &mut self,
        config: Config,
        config_text: String,
    ) -> std::io::Result<Result<(), String>> {
        if config.control != *self.table.game().control() {
            return Ok(Err(
                "the time control of a game in progress cannot change: start a new game (new-game) to use it"
                    .to_string(),
            ));
        }
        let now = self.now();
        self.journal.append(|seq| Record::Config {
            seq,
            game_ms: now,
            wall_ms: wall_now(),
            config: config_text.clone(),
        })?;
        self.table.advance(now);
        let applied = self.table.reconfigure(&config);
        if applied.is_ok() {
            self.config = config;
            self.config_text = config_text;
        }
        Ok(applied)
    }

    /// The journal's path.
    pub fn journal_path(&self) -> &Path {
        self.journal.path()
    }

    /// The current game time.
    pub fn now(&mut self) -> Ms {
        self.game_ms(Instant::now())
    }
}

fn listener_name(listener: Listener) -> &'static str {
    match listener {
        Listener::White => "white",
        Listener::Black => "black",
        Listener::Arbiter => "arbiter",
        Listener::All => "all",
    }
}

/// Moves a journal aside, keeping it: `journal.jsonl` → `journal-WALLMS.KIND.jsonl`.
pub fn set_aside(path: &Path, kind: &str) -> std::io::Result<()> {
    let stem = path
        .file_stem()
        .map_or("journal".into(), |s| s.to_string_lossy().into_owned());
    let aside = path.with_file_name(format!("{stem}-{}.{kind}.jsonl", wall_now()));
    std::fs::rename(path, &aside)?;
    tracing::info!("kept the previous journal as {}", aside.display());
    Ok(())
}
