//! The table: one game on two clocks, its warning scheduler, and who hears what.
//!
//! Pure and on virtual time. `handle(now, request)` first brings everything due up to `now`
//! (flags, warnings, ticks) in time order, each at its own instant, then applies the request.
//! `next_deadline()` is the earliest instant anything is due; `drain()` takes the outputs.

mod history;
mod request;
mod route;
mod settings;

pub use crate::hearing::{Audience, Cue, Listener};
pub use crate::speech::Announcement;
pub use history::NotReached;
pub use request::{Request, Rollback, WordsError};
pub use settings::{Announce, Mode, TableSettings};

use crate::clock::{Event, Game, Ms, Side, Stamped};
use crate::schedule::{marks_for, Fired, MarkKind, Scheduler};
use history::History;

/// One thing that came out of the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableOutput {
    /// An event of the clock core.
    Core(Stamped),
    /// A warning fired (also routed as a spoken notice).
    Warning {
        /// When.
        at_ms: Ms,
        /// Whose time.
        side: Side,
        /// The remaining time at that instant.
        remaining_ms: Ms,
        /// The threshold that fired.
        threshold_ms: Ms,
        /// Who is told.
        audience: Audience,
    },
    /// Something to say.
    Say {
        /// When.
        at_ms: Ms,
        /// Who hears it.
        audience: Audience,
        /// What.
        notice: Announcement,
    },
    /// A short sound.
    Cue {
        /// When.
        at_ms: Ms,
        /// Which sound.
        cue: Cue,
        /// Whose clock it concerns.
        side: Side,
        /// Who hears it.
        audience: Audience,
    },
}

impl TableOutput {
    /// The instant of this output.
    pub fn at_ms(&self) -> Ms {
        match self {
            TableOutput::Core(s) => s.at_ms,
            TableOutput::Warning { at_ms, .. }
            | TableOutput::Say { at_ms, .. }
            | TableOutput::Cue { at_ms, .. } => *at_ms,
        }
    }
}

/// One game at a table, with its scheduler and routing rules.
#[derive(Debug, Clone)]
pub struct Table {
    game: Game,
    scheduler: Scheduler,
    mode: Mode,
    announce: Announce,
    outputs: Vec<TableOutput>,
    /// Where a rollback can go back to.
    history: History,
}

/// What a game in progress cannot take from new settings.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Unchangeable {
    /// Another time control.
    #[error(
        "the time control of a game in progress cannot change: start a new game (new-game) to \
         use it"
    )]
    Control,
    /// Other rules (the game is played under the ones named).
    #[error(
        "the rules of a game in progress cannot change (it is played under {0}): start a new \
         game (new-game) to use them"
    )]
    Rules(&'static str),
}

impl Table {
    /// A table for this configuration, not started; its timeline's zero is `at`.
    pub fn new(config: &TableSettings, at: Ms) -> Table {
        let game = Game::new(config.setup.clone(), at);
        let marks = config.warnings.clone().map(|w| marks_for(&w));
        let scheduler = Scheduler::new(marks, config.announce.remind_after, &game);
        Table {
            game,
            scheduler,
            mode: config.mode,
            announce: config.announce.clone(),
            outputs: Vec::new(),
            history: History::default(),
        }
    }

    /// Takes new settings mid-game (a reload while paused): announcements, warnings and modes
    /// change; the time control cannot. Warnings are re-armed below each player's time now.
    pub fn reconfigure(&mut self, config: &TableSettings) -> Result<(), Unchangeable> {
        if config.setup.control != *self.game.control() {
            return Err(Unchangeable::Control);
        }
        if config.setup.rules != self.game.rules() {
            return Err(Unchangeable::Rules(self.game.rules().title()));
        }
        let marks = config.warnings.clone().map(|w| marks_for(&w));
        self.scheduler = Scheduler::new(marks, config.announce.remind_after, &self.game);
        self.mode = config.mode;
        self.announce = config.announce.clone();
        Ok(())
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The scheduler.
    pub fn scheduler(&self) -> &Scheduler {
        &self.scheduler
    }

    /// The earliest instant anything is due (a flag, a warning, a tick, a reminder).
    pub fn next_deadline(&self) -> Option<Ms> {
        match (
            self.game.next_deadline(),
            self.scheduler.next_deadline(&self.game),
        ) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Brings everything due at or before `now` out, each at its own instant.
    pub fn advance(&mut self, now: Ms) {
        while let Some(due) = self.next_deadline().filter(|&d| d <= now) {
            self.game.advance(due);
            self.absorb_core_events();
            let (fired, reminder) = self.scheduler.fire_due(&self.game, due);
            self.route_fired(&fired);
            if let Some(reminder) = reminder {
                let audience = self.audience(&[Listener::player(reminder.side)]);
                self.say(
                    reminder.at,
                    audience,
                    Announcement::Reminder {
                        side: reminder.side,
                    },
                );
            }
            if self.next_deadline() == Some(due) {
                // Nothing moved on (cannot happen with a consistent game); never spin.
                break;
            }
        }
        self.game.advance(now);
        self.absorb_core_events();
    }

    /// Applies a request that arrived at `now`, after everything due before or at `now`.
    pub fn handle(&mut self, now: Ms, request: Request) {
        self.advance(now);
        match request {
            Request::Game(input) => {
                self.game.handle(now, input);
                self.absorb_core_events();
            }
            Request::ClockCheck(listener) => {
                let at = self.game.anchor();
                let notice = Announcement::ClockCheck {
                    rules: self.game.rules(),
                    stages: stage_infos(self.game.control()),
                    white_ms: self.game.remaining(Side::White, at),
                    black_ms: self.game.remaining(Side::Black, at),
                    end: control_end(self.game.control()),
                };
                let audience = self.audience(&[listener]);
                self.say(at, audience, notice);
            }
            Request::Rollback(rollback) => self.roll_back(now, rollback),
        }
    }

    /// The arbiter's rollback (D.2.9): the game and the warnings as they were right after
    /// the move asked for, paused; refused (nothing changed) for a game that is over or a
    /// move not reached.
    fn roll_back(&mut self, now: Ms, rollback: Rollback) {
        let request = Request::Rollback(rollback).to_string();
        if self.game.is_over() {
            self.game.refuse(
                &request,
                "the game is over: a rollback cannot reopen it (the arbiter's ruling decides)",
            );
            return self.absorb_core_events();
        }
        match self.history.go_back(rollback.side, rollback.moves) {
            Ok((game, scheduler)) => {
                self.game
                    .roll_back_to(&game, now, rollback.side, rollback.moves);
                self.scheduler = scheduler;
            }
            Err(e) => self.game.refuse(&request, &e.to_string()),
        }
        self.absorb_core_events();
    }

    /// Takes the outputs produced so far, in time order.
    pub fn drain(&mut self) -> Vec<TableOutput> {
        std::mem::take(&mut self.outputs)
    }

    fn absorb_core_events(&mut self) {
        let events = self.game.drain_events();
        if events.is_empty() {
            return;
        }
        let jumped = self.scheduler.observe(&self.game, &events);
        for stamped in &events {
            self.outputs.push(TableOutput::Core(stamped.clone()));
            self.route_event(stamped);
        }
        self.route_fired(&jumped);
        // The moments a rollback can go back to: the start, and right after each move.
        for stamped in &events {
            match stamped.event {
                Event::Start { side } => {
                    self.history.clear();
                    self.history
                        .remember(side.other(), 0, &self.game, &self.scheduler);
                }
                Event::Press {
                    side, move_number, ..
                } => self
                    .history
                    .remember(side, move_number, &self.game, &self.scheduler),
                _ => {}
            }
        }
    }

    fn route_fired(&mut self, fired: &[Fired]) {
        for f in fired {
            let player = Listener::player(f.side);
            match f.mark.kind {
                MarkKind::Warning => {
                    let audience = self.audience(&[player, Listener::Arbiter]);
                    self.outputs.push(TableOutput::Warning {
                        at_ms: f.at,
                        side: f.side,
                        remaining_ms: f.remaining,
                        threshold_ms: f.mark.remaining,
                        audience: audience.clone(),
                    });
                    let sudden_death = self.game.sudden_death(f.side);
                    let notice = match self.game.control().overtime() {
                        // Warnings fire in main time only: marks are not re-armed in overtime.
                        Some(_) if sudden_death => Announcement::MainTimeWarning {
                            side: f.side,
                            remaining_ms: f.remaining,
                        },
                        _ => Announcement::Warning {
                            side: f.side,
                            remaining_ms: f.remaining,
                            sudden_death,
                        },
                    };
                    self.say(f.at, audience, notice);
                }
                MarkKind::Countdown => {
                    let audience = self.audience(&[player]);
                    let notice = Announcement::Countdown {
                        remaining_ms: f.remaining,
                    };
                    self.say(f.at, audience, notice);
                }
                MarkKind::FlagRising => {
                    let audience = self.audience(&[player]);
                    self.cue(f.at, Cue::FlagRising, f.side, audience);
                }
            }
        }
    }

    /// The audience for these listeners under the mode's rules.
    fn audience(&self, listeners: &[Listener]) -> Audience {
        if self.mode == Mode::Practice && self.announce.practice_to_all {
            Audience::of(&[Listener::All])
        } else {
            Audience::of(listeners)
        }
    }

    fn say(&mut self, at_ms: Ms, audience: Audience, notice: Announcement) {
        if !audience.is_empty() {
            self.outputs.push(TableOutput::Say {
                at_ms,
                audience,
                notice,
            });
        }
    }

    fn cue(&mut self, at_ms: Ms, cue: Cue, side: Side, audience: Audience) {
        if !audience.is_empty() {
            self.outputs.push(TableOutput::Cue {
                at_ms,
                cue,
                side,
                audience,
            });
        }
    }

    fn route_event(&mut self, stamped: &Stamped) {
        let at = stamped.at_ms;
        for (listeners, what) in route::route(&stamped.event, &self.game, &self.announce) {
            let audience = self.audience(&listeners);
            match what {
                route::Said::Words(notice) => self.say(at, audience, notice),
                route::Said::Cue(cue, side) => self.cue(at, cue, side, audience),
            }
        }
    }
}

/// What follows a control's last stage, as the clock check says it.
pub fn control_end(control: &crate::clock::TimeControl) -> crate::speech::ControlEnd {
    use crate::speech::ControlEnd;
    match control.overtime() {
        _ if control.is_upcount() => ControlEnd::Upcount,
        Some(&overtime) => ControlEnd::Overtime(overtime),
        None => ControlEnd::Flag,
    }
}

/// The stages of a control, as the clock check says them (none on an upcount clock).
pub fn stage_infos(control: &crate::clock::TimeControl) -> Vec<crate::speech::StageInfo> {
    if control.is_upcount() {
        return Vec::new();
    }
    control
        .stages()
        .iter()
        .map(|s| crate::speech::StageInfo {
            moves: s.moves,
            time_ms: s.time,
            increment_ms: s.increment,
            delay_ms: s.delay.map_or(0, |(_, d)| d),
            delay_kind: s.delay.map(|(k, _)| k),
            repeat: s.repeat,
        })
        .collect()
}

#[cfg(test)]
mod overtime_tests;
#[cfg(test)]
mod profile_tests;
#[cfg(test)]
mod tests;
