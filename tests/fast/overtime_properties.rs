//! Property tests of overtime (byo-yomi, Canadian) and upcount over random games.
//!
//! An independent reference model replays the same inputs with the rules written out plainly
//! (a side's clock runs down; at zero it enters overtime, takes the next byo-yomi period or
//! flags) and must agree with the core after every input on both clocks, each side's period
//! and the next deadline. Besides: time is conserved (what the clocks lost is the time they
//! ran, what they gained is an increment, an arbiter's change or a period's refill), exactly
//! one flag falls at the instant the model predicts, and an upcount clock never flags and
//! counts exactly the time it ran.

use proptest::prelude::*;
use talkclock::clock::{
    Event, Game, GameSetup, Input, Ms, Overtime, OvertimeState, Side, Stage, Stamped, TimeControl,
    MAX_DURATION, MINUTE, MIN_AFTER_CUT, SECOND,
};

/// A random control: one main stage to the end (with an increment or not), then byo-yomi or
/// Canadian overtime.
fn control() -> impl Strategy<Value = (Ms, Ms, Overtime)> {
    (1i64..4, 0i64..6, prop::bool::ANY, 1u32..5, 1i64..40).prop_map(
        |(minutes, increment, byoyomi, count, seconds)| {
            let time = seconds * SECOND;
            let overtime = if byoyomi {
                Overtime::Byoyomi {
                    periods: count,
                    time,
                }
            } else {
                Overtime::Canadian { moves: count, time }
            };
            (minutes * MINUTE, increment * SECOND, overtime)
        },
    )
}

fn build(main: Ms, increment: Ms, overtime: Overtime) -> TimeControl {
    let mut stage = Stage::new(None, main);
    stage.increment = increment;
    TimeControl::new(vec![stage], false)
        .and_then(|c| c.with_overtime(overtime))
        .expect("a control with overtime")
}

#[derive(Debug, Clone, Copy)]
enum Kind {
    PressRunning,
    /// The running side presses at the very instant its time (or period) runs out.
    PressAtZero,
    PressOther,
    Pause,
    Resume,
    Query,
    Adjust(Ms),
}

fn kind() -> impl Strategy<Value = Kind> {
    prop_oneof![
        12 => Just(Kind::PressRunning),
        3 => Just(Kind::PressAtZero),
        2 => Just(Kind::PressOther),
        1 => Just(Kind::Pause),
        2 => Just(Kind::Resume),
        1 => Just(Kind::Query),
        1 => (-20i64..20).prop_map(|s| Kind::Adjust(s * 7 * SECOND)),
    ]
}

fn steps() -> impl Strategy<Value = Vec<(Ms, Kind)>> {
    prop::collection::vec((0i64..45_000, kind()), 1..80)
}

fn input_for(running: Option<Side>, kind: Kind) -> Input {
    let running = running.unwrap_or(Side::White);
    match kind {
        Kind::PressRunning | Kind::PressAtZero => Input::Press(running),
        Kind::PressOther => Input::Press(running.other()),
        Kind::Pause => Input::Pause,
        Kind::Resume => Input::Resume,
        Kind::Query => Input::Query(running),
        Kind::Adjust(delta) => Input::Adjust(running.other(), delta),
    }
}

/// One side in the reference model.
#[derive(Debug, Clone, Copy, Default)]
struct ModelSide {
    left: Ms,
    overtime: Option<OvertimeState>,
}

/// The rules written out plainly, on the same inputs.
#[derive(Debug, Clone)]
struct Model {
    overtime: Overtime,
    increment: Ms,
    sides: [ModelSide; 2],
    /// The side whose clock runs (or would, when paused).
    on_move: Option<Side>,
    paused: bool,
    flag: Option<(Ms, Side)>,
    now: Ms,
}

impl Model {
    fn new(main: Ms, increment: Ms, overtime: Overtime) -> Model {
        let side = ModelSide {
            left: main,
            overtime: None,
        };
        Model {
            overtime,
            increment,
            sides: [side; 2],
            on_move: None,
            paused: false,
            flag: None,
            now: 0,
        }
    }

    fn running(&self) -> Option<Side> {
        self.on_move.filter(|_| !self.paused && self.flag.is_none())
    }

    fn period_time(&self) -> Ms {
        match self.overtime {
            Overtime::Byoyomi { time, .. } | Overtime::Canadian { time, .. } => time,
        }
    }

    /// The clock of `side` reached zero at `at`.
    fn zero(&mut self, side: Side, at: Ms) {
        let time = self.period_time();
        let s = &mut self.sides[side.index()];
        let next = match (self.overtime, s.overtime) {
            (Overtime::Byoyomi { periods, .. }, None) => Some((1, Some(periods), None)),
            (Overtime::Canadian { moves, .. }, None) => Some((1, None, Some(moves))),
            (Overtime::Byoyomi { .. }, Some(o)) if o.periods_left > Some(1) => {
                Some((o.period + 1, o.periods_left.map(|p| p - 1), None))
            }
            _ => None,
        };
        match next {
            Some((period, periods_left, moves_left)) => {
                s.left = time;
                s.overtime = Some(OvertimeState {
                    period,
                    periods_left,
                    moves_left,
                });
            }
            None => self.flag = Some((at, side)),
        }
    }

    fn run_to(&mut self, until: Ms) {
        while let Some(side) = self.running() {
            let left = self.sides[side.index()].left;
            if left > until - self.now {
                self.sides[side.index()].left -= until - self.now;
                break;
            }
            self.now += left;
            self.sides[side.index()].left = 0;
            self.zero(side, self.now);
        }
        self.now = until;
    }

    fn apply(&mut self, at: Ms, input: Input) {
        self.run_to(at);
        match input {
            Input::Start => self.on_move = Some(Side::White),
            Input::Press(side) if self.running() == Some(side) => {
                let time = self.period_time();
                let s = &mut self.sides[side.index()];
                match (self.overtime, s.overtime) {
                    (_, None) => s.left += self.increment,
                    (Overtime::Byoyomi { .. }, Some(_)) => s.left = time,
                    (Overtime::Canadian { moves, .. }, Some(o)) => {
                        let left = o.moves_left.unwrap_or(moves) - 1;
                        s.overtime = Some(if left == 0 {
                            s.left = time;
                            OvertimeState {
                                period: o.period + 1,
                                moves_left: Some(moves),
                                ..o
                            }
                        } else {
                            OvertimeState {
                                moves_left: Some(left),
                                ..o
                            }
                        });
                    }
                }
                self.on_move = Some(side.other());
            }
            Input::Pause if self.running().is_some() => self.paused = true,
            Input::Resume if self.paused && self.flag.is_none() => self.paused = false,
            Input::Adjust(side, delta) if self.flag.is_none() => {
                let old = self.sides[side.index()].left;
                let requested = old + delta;
                if requested > MAX_DURATION && requested > old {
                    return;
                }
                self.sides[side.index()].left = if requested >= old {
                    requested
                } else {
                    requested.max(old.min(MIN_AFTER_CUT))
                };
            }
            _ => {}
        }
    }

    fn next_deadline(&self) -> Option<Ms> {
        self.running()
            .map(|side| self.now + self.sides[side.index()].left)
    }
}

struct Played {
    events: Vec<Stamped>,
    game: Game,
    model: Model,
    end: Ms,
    /// Time during which some clock ran.
    running_time: Ms,
    /// What the clocks gained: increments, refills of a period, arbiter's changes.
    credits: Ms,
}

/// Plays the steps on the core and the model side by side, comparing them after each input.
fn play(
    (main, increment, overtime): (Ms, Ms, Overtime),
    steps: &[(Ms, Kind)],
    tail: Ms,
) -> Result<Played, TestCaseError> {
    let control = build(main, increment, overtime);
    let mut game = Game::new(GameSetup::new(control), 0);
    let mut model = Model::new(main, increment, overtime);
    game.handle(0, Input::Start);
    model.apply(0, Input::Start);
    let mut events = game.drain_events();
    let (mut now, mut running_time, mut credits) = (0, 0, 0);
    let ending = [(0, Kind::Resume), (tail, Kind::Query)];
    for &(gap, kind) in steps.iter().chain(ending.iter()) {
        prop_assert_eq!(game.next_deadline(), model.next_deadline());
        let next = match (kind, model.next_deadline()) {
            (Kind::PressAtZero, Some(zero)) => zero,
            _ => now + gap,
        };
        let was_running = game.running().is_some();
        game.advance(next);
        let advanced = game.drain_events();
        if was_running {
            let stopped = advanced.iter().find_map(|s| match s.event {
                Event::Flag { .. } => Some(s.at_ms),
                _ => None,
            });
            running_time += stopped.unwrap_or(next) - now;
        }
        for s in &advanced {
            if let Event::Overtime { .. } = s.event {
                credits += overtime_time(overtime);
            }
        }
        events.extend(advanced);
        let input = input_for(game.running().or(model.on_move), kind);
        let before = Side::BOTH.map(|s| game.remaining(s, next));
        game.handle(next, input);
        model.apply(next, input);
        for s in game.drain_events() {
            match s.event {
                Event::Press { side, .. } => {
                    credits += game.remaining(side, next) - before[side.index()];
                }
                Event::Adjust { old_ms, new_ms, .. } => credits += new_ms - old_ms,
                _ => {}
            }
            events.push(s);
        }
        for side in Side::BOTH {
            prop_assert_eq!(game.remaining(side, next), model.sides[side.index()].left);
            prop_assert_eq!(game.overtime(side), model.sides[side.index()].overtime);
        }
        now = next;
    }
    Ok(Played {
        events,
        game,
        model,
        end: now,
        running_time,
        credits,
    })
}

fn overtime_time(overtime: Overtime) -> Ms {
    match overtime {
        Overtime::Byoyomi { time, .. } | Overtime::Canadian { time, .. } => time,
    }
}

fn flags(events: &[Stamped]) -> Vec<(Ms, Side)> {
    events
        .iter()
        .filter_map(|s| match s.event {
            Event::Flag { side } => Some((s.at_ms, side)),
            _ => None,
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn the_core_agrees_with_the_reference_model_after_every_input(c in control(), steps in steps()) {
        let played = play(c, &steps, 0)?;
        prop_assert_eq!(flags(&played.events), played.model.flag.map(|(at, side)| vec![(at, side)]).unwrap_or_default());
    }

    #[test]
    fn exactly_one_flag_falls_at_the_instant_the_model_predicts(c in control(), steps in steps()) {
        let played = play(c, &steps, 10 * 3_600_000)?;
        let flags = flags(&played.events);
        prop_assert_eq!(flags.len(), 1, "{:?}", played.events);
        prop_assert_eq!(Some(flags[0]), played.model.flag);
        prop_assert_eq!(played.game.remaining(flags[0].1, played.end), 0);
    }

    #[test]
    fn time_lost_is_time_run_and_time_gained_is_a_credit(c in control(), steps in steps()) {
        let played = play(c, &steps, 0)?;
        let left: Ms = Side::BOTH.iter().map(|&s| played.game.remaining(s, played.end)).sum();
        prop_assert_eq!(2 * c.0 + played.credits - played.running_time, left);
    }

    #[test]
    fn an_upcount_clock_counts_exactly_the_time_it_ran_and_never_flags(steps in steps()) {
        let mut game = Game::new(GameSetup::new(TimeControl::upcount()), 0);
        game.handle(0, Input::Start);
        let (mut now, mut running_time) = (0, 0);
        let ending = [(0, Kind::Resume), (10 * 3_600_000, Kind::Query)];
        for &(gap, kind) in steps.iter().chain(ending.iter()) {
            prop_assert_eq!(game.next_deadline(), None);
            if game.running().is_some() {
                running_time += gap;
            }
            now += gap;
            let input = input_for(game.running(), kind);
            game.handle(now, input);
        }
        let events = game.drain_events();
        prop_assert!(flags(&events).is_empty());
        let adjusted = events.iter().any(|s| matches!(s.event, Event::Adjust { .. }));
        prop_assert!(!adjusted, "an upcount clock took an adjustment");
        let used: Ms = Side::BOTH.iter().map(|&s| game.remaining(s, now)).sum();
        prop_assert_eq!(used, running_time);
    }
}
