//! The game: a pure, sans-IO state machine for two clocks.
//!
//! Time is an input. The caller passes the instant with every input (`handle`), wakes the game
//! at `next_deadline()` (`advance`), and drains the events. Remaining time is always computed
//! from the instant the state was last settled (the anchor), never by counting ticks.
//!
//! With an overtime, the instant a side's main time (or a byo-yomi period) runs out is a
//! deadline like a flag: `advance` begins the next period at that instant, and a press at that
//! very instant is too late for the period that ran out. On an upcount clock time counts up
//! and there is no deadline.
//!
//! Time arithmetic saturates, so no input (an arbiter's typo, a damaged journal) wraps a clock;
//! an arbiter's `set` or `adjust` that would leave a side more than
//! [`MAX_DURATION`](super::time::MAX_DURATION) is refused and changes nothing.

use super::control::TimeControl;
use super::io::{Event, GameResult, Input, Outcome, Reason, Ruling, RulingKind, Stamped};
use super::overtime::OvertimeState;
use super::rules::Rules;
use super::side::Side;
use super::side_clock::SideClock;
use super::time::{Clock, Ms, MAX_DURATION};

/// Where the game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Before `start`.
    NotStarted,
    /// This side's clock runs.
    Running(Side),
    /// The arbiter paused; this side's clock resumes.
    Paused(Side),
    /// `by` stopped the clock (provisional resignation); `running` resumes on a misunderstanding.
    PlayerStopped {
        /// Who stopped it.
        by: Side,
        /// Whose clock was running.
        running: Side,
    },
    /// This side's flag fell.
    Flagged(Side),
    /// The arbiter's ruling, or his result of a game decided on the board, ended the game.
    Finished,
}

/// The per-game settings besides the time control.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSetup {
    /// The time control.
    pub control: TimeControl,
    /// Whose clock starts.
    pub first: Side,
    /// Start times per side (White, Black), for time odds; defaults to stage 1's time.
    pub start_times: [Ms; 2],
    /// The rules: the floor under an arbiter's cut, the draughts rulings.
    pub rules: Rules,
}

impl GameSetup {
    /// Both sides start with stage 1's time; White's clock starts; the draughts rules.
    pub fn new(control: TimeControl) -> GameSetup {
        let start = control.start_time();
        GameSetup {
            control,
            first: Side::White,
            start_times: [start, start],
            rules: Rules::default(),
        }
    }
}

/// A game on two clocks.
#[derive(Debug, Clone)]
pub struct Game {
    control: TimeControl,
    rules: Rules,
    first: Side,
    clocks: [SideClock; 2],
    phase: Phase,
    anchor: Ms,
    result: Option<GameResult>,
    events: Vec<Stamped>,
}

impl Game {
    /// A new game, not started; its timeline's zero is `at`.
    pub fn new(setup: GameSetup, at: Ms) -> Game {
        Game {
            clocks: setup.start_times.map(SideClock::new),
            control: setup.control,
            rules: setup.rules,
            first: setup.first,
            phase: Phase::NotStarted,
            anchor: at,
            result: None,
            events: Vec::new(),
        }
    }

    /// The time control.
    pub fn control(&self) -> &TimeControl {
        &self.control
    }

    /// The rules the game is played under.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Where the game stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The side whose clock runs, if any.
    pub fn running(&self) -> Option<Side> {
        match self.phase {
            Phase::Running(side) => Some(side),
            _ => None,
        }
    }

    /// The result as recorded, if any.
    pub fn result(&self) -> Option<GameResult> {
        self.result
    }

    /// The instant the stored state refers to.
    pub fn anchor(&self) -> Ms {
        self.anchor
    }

    /// Moves completed by a side.
    pub fn moves(&self, side: Side) -> u32 {
        self.clocks[side.index()].moves
    }

    /// A side's 1-based stage number (counting up through repeats).
    pub fn stage_number(&self, side: Side) -> u32 {
        self.clocks[side.index()].stage
    }

    /// Moves a side has left to its next control; `None` in a rest-of-the-game stage.
    pub fn moves_to_control(&self, side: Side) -> Option<u32> {
        self.clocks[side.index()].moves_to_control(&self.control)
    }

    /// Whether a side's current stage is a control to the end of the game.
    pub fn sudden_death(&self, side: Side) -> bool {
        self.control
            .stage(self.clocks[side.index()].stage)
            .moves
            .is_none()
    }

    /// Where a side stands in overtime; `None` in main time (and without overtime).
    pub fn overtime(&self, side: Side) -> Option<OvertimeState> {
        self.clocks[side.index()].overtime
    }

    /// A side's clock as of the anchor (for inspection and journals).
    pub fn side_clock(&self, side: Side) -> &SideClock {
        &self.clocks[side.index()]
    }

    /// A side's remaining time at `now` (not before the anchor), without changing anything:
    /// in overtime the time left in the current period, on an upcount clock the time used.
    ///
    /// Call [`Game::advance`] first if a flag may have fallen by `now`: this only extrapolates.
    pub fn remaining(&self, side: Side, now: Ms) -> Ms {
        let clock = &self.clocks[side.index()];
        let elapsed = now.saturating_sub(self.anchor).max(0);
        match self.phase {
            Phase::Running(running) if running == side && self.control.is_upcount() => {
                clock.remaining.saturating_add(elapsed)
            }
            Phase::Running(running) if running == side => {
                clock.remaining.saturating_sub(clock.charged(elapsed))
            }
            Phase::Running(running) if self.control.hourglass() => clock
                .remaining
                .saturating_add(self.clocks[running.index()].charged(elapsed)),
            _ => clock.remaining,
        }
    }

    /// The running time a side's clock has run by `now` (not before the anchor): the time it
    /// used (FIDE D.2.10.4), pauses excluded.
    pub fn used(&self, side: Side, now: Ms) -> Ms {
        let used = self.clocks[side.index()].used;
        match self.phase {
            Phase::Running(running) if running == side => {
                used.saturating_add(now.saturating_sub(self.anchor).max(0))
            }
            _ => used,
        }
    }

    /// The instant the running side's remaining time reaches `target`, if it runs and is above.
    /// Never on an upcount clock, whose time only grows.
    pub fn instant_when(&self, side: Side, target: Ms) -> Option<Ms> {
        if self.running() != Some(side) || self.control.is_upcount() {
            return None;
        }
        self.clocks[side.index()]
            .running_time_until(target)
            .map(|t| self.anchor.saturating_add(t))
    }

    /// When the game must next be woken (a flag, or main time or a byo-yomi period running
    /// out), if anything is due. Nothing is ever due on an upcount clock.
    pub fn next_deadline(&self) -> Option<Ms> {
        let side = self.running()?;
        if self.control.is_upcount() {
            return None;
        }
        Some(self.instant_when(side, 0).unwrap_or(self.anchor))
    }

    /// Takes the events produced so far.
    pub fn drain_events(&mut self) -> Vec<Stamped> {
        std::mem::take(&mut self.events)
    }

    /// Brings the game to `now`: a flag that fell at or before `now` fires at its own instant,
    /// and so does each overtime period that began on the way (one per period, so this ends:
    /// every period has time above zero, and their number is finite).
    pub fn advance(&mut self, now: Ms) {
        while let Some(deadline) = self.next_deadline().filter(|&d| d <= now) {
            self.settle(deadline);
            let Some(side) = self.running() else { break };
            self.time_ran_out(side);
        }
        self.settle(now);
    }

    /// The running side's time reached zero: the next overtime period begins, or its flag falls.
    fn time_ran_out(&mut self, side: Side) {
        let Some(overtime) = self.control.overtime().copied() else {
            return self.flag(side);
        };
        let clock = &mut self.clocks[side.index()];
        let next = match clock.overtime {
            None => Some(overtime.enter()),
            Some(state) => overtime.period_ran_out(state),
        };
        let Some(state) = next else {
            return self.flag(side);
        };
        clock.overtime = Some(state);
        clock.remaining = overtime.time();
        clock.delay_left = 0;
        self.emit(Event::Overtime {
            side,
            kind: overtime.kind(),
            state,
        });
    }

    /// Applies an input that arrived at `now`. What fell due at or before `now` is handled first,
    /// so a press at the instant of zero does not count (rule 1.7.9).
    pub fn handle(&mut self, now: Ms, input: Input) {
        self.advance(now);
        match input {
            Input::Start => self.start(),
            Input::Press(side) => self.press(side),
            Input::Pause => self.pause(),
            Input::Resume => self.resume(),
            Input::Set(side, time) => self.change_time(input, side, time),
            Input::Adjust(side, delta) => {
                let requested = self.clocks[side.index()].remaining.saturating_add(delta);
                self.change_time(input, side, requested)
            }
            Input::Stop(side) => self.player_stop(side),
            Input::Ruling(ruling) => self.ruling(input, ruling),
            Input::Query(side) => self.query(side),
            Input::Result(outcome) => self.arbiters_result(input, outcome),
            Input::Forfeit(side) => self.forfeit(input, side),
        }
    }

    /// Folds the running time since the anchor into the stored state; `now` never goes back.
    fn settle(&mut self, now: Ms) {
        let now = now.max(self.anchor);
        let elapsed = now.saturating_sub(self.anchor);
        if let Phase::Running(side) = self.phase {
            if self.control.is_upcount() {
                let clock = &mut self.clocks[side.index()];
                clock.remaining = clock.remaining.saturating_add(elapsed);
                clock.turn_spent = clock.turn_spent.saturating_add(elapsed);
                clock.used = clock.used.saturating_add(elapsed);
                self.anchor = now;
                return;
            }
            let charged = self.clocks[side.index()].run_for(elapsed);
            if self.control.hourglass() {
                let other = &mut self.clocks[side.other().index()];
                other.remaining = other.remaining.saturating_add(charged);
            }
        }
        self.anchor = now;
    }

    fn emit(&mut self, event: Event) {
        self.events.push(Stamped {
            at_ms: self.anchor,
            event,
        });
    }

    fn reject(&mut self, input: Input, reason: &str) {
        self.refuse(&input.to_string(), reason);
    }

    /// Refuses a request that is not a clock input (`rollback 30 black`): a `rejected` event
    /// at the anchor, nothing changed.
    pub fn refuse(&mut self, request: &str, reason: &str) {
        self.emit(Event::Rejected {
            input: request.to_string(),
            reason: reason.to_string(),
        });
    }

    /// Whether the game has ended for good (a flag, or the arbiter's ruling): no rollback
    /// reopens it.
    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Flagged(_) | Phase::Finished)
    }

    /// Takes the game back to `earlier` (this same game as it stood right after `side`'s
    /// move `move_number`, or at its start), at `now`: both clocks, stages, move counts,
    /// overtime and result as they were then, the clock paused with the side to move ready
    /// to run. The game's timeline goes on from `now` (its anchor never goes back).
    pub fn roll_back_to(&mut self, earlier: &Game, now: Ms, side: Side, move_number: u32) {
        let events = std::mem::take(&mut self.events);
        let now = now.max(self.anchor);
        *self = earlier.clone();
        self.events = events;
        self.anchor = now;
        self.phase = match self.phase {
            Phase::Running(to_move) | Phase::Paused(to_move) => Phase::Paused(to_move),
            other => other,
        };
        self.emit(Event::RolledBack {
            side,
            move_number,
            white_ms: self.clocks[0].remaining,
            black_ms: self.clocks[1].remaining,
        });
    }

    fn record(&mut self, outcome: Outcome, reason: Reason) {
        self.result = Some(GameResult { outcome, reason });
        self.emit(Event::Result { outcome, reason });
    }

    fn flag(&mut self, side: Side) {
        self.phase = Phase::Flagged(side);
        self.emit(Event::Flag { side });
        self.record(Outcome::win(side.other()), Reason::TimeForfeit);
    }

    fn start(&mut self) {
        if self.phase != Phase::NotStarted {
            return self.reject(Input::Start, "the game has already started");
        }
        let side = self.first;
        self.clocks[side.index()].begin_turn(&self.control);
        self.phase = Phase::Running(side);
        self.emit(Event::Start { side });
    }

    fn press(&mut self, side: Side) {
        if self.running() != Some(side) {
            return self.emit(Event::IgnoredPress { side });
        }
        let overtime = self.control.overtime().copied();
        let clock = &mut self.clocks[side.index()];
        let stage = self.control.stage(clock.stage);
        clock.moves += 1;
        clock.moves_in_stage += 1;
        let mut new_stage = None;
        if let (Some(overtime), Some(state)) = (overtime, clock.overtime) {
            // No increment or delay in overtime; the period is refilled or counted down.
            let (state, refill) = overtime.after_move(state);
            clock.overtime = Some(state);
            if refill {
                clock.remaining = overtime.time();
            }
        } else {
            let credit = stage
                .increment
                .saturating_add(clock.turn_spent.min(stage.bronstein_delay()));
            clock.remaining = clock.remaining.saturating_add(credit);
        }
        let completed = clock.overtime.is_none() && stage.moves == Some(clock.moves_in_stage);
        if completed {
            clock.stage += 1;
            clock.moves_in_stage = 0;
            let added = self.control.stage(clock.stage).time;
            clock.remaining = clock.remaining.saturating_add(added);
            new_stage = Some((clock.stage, added));
        }
        let move_number = clock.moves;
        let opponent = side.other();
        self.clocks[opponent.index()].begin_turn(&self.control);
        self.phase = Phase::Running(opponent);
        self.emit(Event::Press {
            side,
            move_number,
            white_ms: self.clocks[0].remaining,
            black_ms: self.clocks[1].remaining,
        });
        if let Some((stage, added_ms)) = new_stage {
            self.emit(Event::Stage {
                side,
                stage,
                added_ms,
            });
        }
    }

    fn pause(&mut self) {
        match self.phase {
            Phase::Running(side) => {
                self.phase = Phase::Paused(side);
                self.emit(Event::Pause);
            }
            _ => self.reject(Input::Pause, "no clock is running"),
        }
    }

    fn resume(&mut self) {
        match self.phase {
            Phase::Paused(side) => {
                self.phase = Phase::Running(side);
                self.emit(Event::Resume);
            }
            _ => self.reject(Input::Resume, "the clock is not paused"),
        }
    }

    fn change_time(&mut self, input: Input, side: Side, requested: Ms) {
        if self.control.is_upcount() {
            return self.reject(
                input,
                "an upcount clock counts the time used: there is no time to give or take",
            );
        }
        if matches!(self.phase, Phase::Flagged(_) | Phase::Finished) {
            return self.reject(
                input,
                "the game is over: times can no longer change (1.7.10)",
            );
        }
        let old_ms = self.clocks[side.index()].remaining;
        if requested > MAX_DURATION && requested > old_ms {
            let reason = format!(
                "{side} would have {}, more than {} (the most an arbiter can give a side)",
                Clock(requested),
                Clock(MAX_DURATION)
            );
            return self.reject(input, &reason);
        }
        // Under every profile a cut leaves no less than nothing: a side cannot owe time.
        let new_ms = match self.rules.cut_floor() {
            Some(floor) if requested < old_ms => requested.max(old_ms.min(floor)),
            _ => requested,
        }
        .max(0);
        self.clocks[side.index()].remaining = new_ms;
        self.emit(Event::Adjust {
            side,
            old_ms,
            new_ms,
            clamped: new_ms != requested,
        });
        if new_ms <= 0 && self.running() == Some(side) {
            self.time_ran_out(side);
        }
    }

    fn player_stop(&mut self, by: Side) {
        let Phase::Running(running) = self.phase else {
            return self.reject(Input::Stop(by), "no clock is running");
        };
        self.phase = Phase::PlayerStopped { by, running };
        self.emit(Event::PlayerStop { side: by });
        self.record(Outcome::win(by.other()), Reason::Resignation);
    }

    fn ruling(&mut self, input: Input, ruling: Ruling) {
        let stopped = match self.phase {
            Phase::PlayerStopped { by, running } => Some((by, running)),
            _ => None,
        };
        match (ruling, stopped) {
            (Ruling::Misunderstanding, Some((_, running))) => {
                self.emit_ruling(RulingKind::Misunderstanding, None);
                self.result = None;
                self.phase = Phase::Running(running);
                self.emit(Event::Resume);
            }
            (Ruling::Resign, Some(_)) => {
                self.emit_ruling(RulingKind::Resign, None);
                self.phase = Phase::Finished;
            }
            (Ruling::Draw | Ruling::NoMoves(_), _) if !self.rules.draughts_rulings() => {
                let rule = if ruling == Ruling::Draw {
                    "1.7.13"
                } else {
                    "1.7.12"
                };
                let reason = format!(
                    "`{}` is rule {rule} of the Russian draughts rules; this game is played \
                     under {}",
                    input,
                    self.rules.title()
                );
                self.reject(input, &reason)
            }
            (Ruling::Draw, Some(_)) => {
                if !(self.sudden_death(Side::White) && self.sudden_death(Side::Black)) {
                    return self.reject(
                        input,
                        "a draw by 1.7.13 needs a control to the end of the game",
                    );
                }
                self.emit_ruling(RulingKind::Draw, None);
                self.phase = Phase::Finished;
                self.record(Outcome::Draw, Reason::Draw1713);
            }
            (Ruling::NoMoves(side), _) => {
                if self.phase != Phase::Flagged(side) {
                    return self.reject(
                        input,
                        "no-moves (1.7.12) needs that side's flag to have fallen",
                    );
                }
                self.emit_ruling(RulingKind::NoMoves, Some(side));
                self.phase = Phase::Finished;
                self.record(Outcome::win(side), Reason::NoMoves);
            }
            (_, None) => self.reject(input, "no player has stopped the clock"),
        }
    }

    /// The arbiter's result for a game decided on the board: recorded, and the game ends. A
    /// game already over (a flag, a ruling, an earlier result) or not begun is refused.
    fn arbiters_result(&mut self, input: Input, outcome: Outcome) {
        if self.is_over() {
            return self.reject(input, "the game is over: its result stands");
        }
        if self.phase == Phase::NotStarted {
            return self.reject(input, "the game has not started");
        }
        self.phase = Phase::Finished;
        self.record(outcome, Reason::Arbiter);
    }

    /// The arbiter's forfeit: `side` loses a game it did not play (it may not have begun:
    /// an absent player's clock need not be started). Refused for a game already over, and once
    /// `side` has completed a move.
    fn forfeit(&mut self, input: Input, side: Side) {
        if self.is_over() {
            return self.reject(
                input,
                "the game is over: its result stands (a ruling decides a fallen flag)",
            );
        }
        if self.moves(side) > 0 {
            return self.reject(
                input,
                "that side has moved: a game played is decided by `result`, not a forfeit",
            );
        }
        self.phase = Phase::Finished;
        self.record(Outcome::win(side.other()), Reason::Forfeit);
    }

    fn emit_ruling(&mut self, ruling: RulingKind, side: Option<Side>) {
        self.emit(Event::Ruling { ruling, side });
    }

    fn query(&mut self, side: Side) {
        let remaining_ms = self.remaining(side, self.anchor);
        let opponent_ms = self.remaining(side.other(), self.anchor);
        let moves_to_control = self.moves_to_control(side);
        self.emit(Event::Query {
            side,
            remaining_ms,
            opponent_ms,
            moves_to_control,
            overtime: self.overtime(side),
        });
    }
}
