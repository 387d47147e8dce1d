//! Time controls: a list of stages ("N moves in T", "rest of the game in T", a repeating last
//! stage), with per-stage Fischer increment or Bronstein/simple delay, or an hourglass; after
//! the last stage optionally an overtime (byo-yomi or Canadian); or an upcount clock.

pub use super::overtime::Overtime;
use super::overtime::{MAX_OVERTIME_MOVES, MAX_PERIODS};
use super::time::Ms;
use serde::{Deserialize, Serialize};

/// How a per-move delay works.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DelayKind {
    /// After the press, the mover gets back what he spent on the move, up to the delay.
    Bronstein,
    /// The clock does not count down during the first `delay` of each turn.
    Simple,
}

/// One stage of a time control.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stage {
    /// Moves to make in this stage; `None` means the rest of the game.
    pub moves: Option<u32>,
    /// Time given for the stage (added to the clock when the stage begins).
    pub time: Ms,
    /// Fischer increment credited after each move of the stage.
    pub increment: Ms,
    /// Per-move delay and its kind; `None` for no delay.
    pub delay: Option<(DelayKind, Ms)>,
    /// The stage repeats when completed (last stage only, and only with `moves`).
    pub repeat: bool,
}

impl Stage {
    /// A stage without increment or delay.
    pub fn new(moves: Option<u32>, time: Ms) -> Stage {
        Stage {
            moves,
            time,
            increment: 0,
            delay: None,
            repeat: false,
        }
    }

    /// The simple delay of a turn in this stage, or 0.
    pub fn simple_delay(&self) -> Ms {
        match self.delay {
            Some((DelayKind::Simple, d)) => d,
            _ => 0,
        }
    }

    /// The Bronstein delay of a move in this stage, or 0.
    pub fn bronstein_delay(&self) -> Ms {
        match self.delay {
            Some((DelayKind::Bronstein, d)) => d,
            _ => 0,
        }
    }
}

/// Why a list of stages is not a usable time control.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ControlError {
    /// No stage at all.
    #[error("the time control has no stage")]
    NoStage,
    /// A stage with zero time.
    #[error("stage {0} has no time: give it `time` above zero")]
    ZeroTime(usize),
    /// A stage with `moves = 0`.
    #[error("stage {0} has `moves = 0`: give a positive number of moves, or omit `moves` for the rest of the game")]
    ZeroMoves(usize),
    /// A negative increment or delay.
    #[error("stage {0}: increment and delay cannot be negative")]
    Negative(usize),
    /// A stage that follows a rest-of-the-game stage can never be reached.
    #[error(
        "stage {0} follows a rest-of-the-game stage (one without `moves`) and can never begin"
    )]
    Unreachable(usize),
    /// `repeat` on a stage that is not the last, or without `moves`.
    #[error("stage {0}: `repeat = true` is only for the last stage, and only with `moves`")]
    BadRepeat(usize),
    /// The last stage has moves but says nothing of what follows.
    #[error("the last stage has `moves` but nothing follows it: add a rest-of-the-game stage or `repeat = true`")]
    OpenEnd,
    /// Hourglass with more than one stage, or with increment/delay.
    #[error("an hourglass control has exactly one stage, without moves, increment or delay")]
    BadHourglass,
    /// Overtime after a last stage that never runs out of its own (it has `moves`).
    #[error("overtime begins when the last stage's time runs out: the last stage must be a rest-of-the-game stage (no `moves`, no `repeat`)")]
    OvertimeAfterMoves,
    /// Overtime with an hourglass.
    #[error("an hourglass has no overtime: remove `hourglass` or [time_control.overtime]")]
    OvertimeHourglass,
    /// Byo-yomi with `periods = 0` (or Canadian with `moves = 0`).
    #[error("overtime: `{0}` must be at least 1")]
    OvertimeZeroCount(&'static str),
    /// More byo-yomi periods, or Canadian moves, than a control may have.
    #[error("overtime: `{0}` must be at most {1}")]
    OvertimeTooMany(&'static str, u32),
    /// An overtime period of no time.
    #[error("overtime: a period needs `time` above zero")]
    OvertimeZeroTime,
}

/// A validated time control.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimeControl {
    stages: Vec<Stage>,
    hourglass: bool,
    overtime: Option<Overtime>,
    upcount: bool,
}

impl TimeControl {
    /// Checks the stages and builds the control.
    pub fn new(stages: Vec<Stage>, hourglass: bool) -> Result<TimeControl, ControlError> {
        match Self::problems(&stages, hourglass).into_iter().next() {
            Some(problem) => Err(problem),
            None => Ok(TimeControl {
                stages,
                hourglass,
                overtime: None,
                upcount: false,
            }),
        }
    }

    /// This control with an overtime after its last stage, if the two go together.
    pub fn with_overtime(self, overtime: Overtime) -> Result<TimeControl, ControlError> {
        match Self::overtime_problems(&self.stages, self.hourglass, &overtime)
            .into_iter()
            .next()
        {
            Some(problem) => Err(problem),
            None => Ok(TimeControl {
                overtime: Some(overtime),
                ..self
            }),
        }
    }

    /// An upcount clock: each side's time counts up from zero while it runs, and no flag
    /// falls. It has no stages of its own (one rest-of-the-game stage of no time stands in for
    /// them), no increment, delay, hourglass or overtime.
    pub fn upcount() -> TimeControl {
        TimeControl {
            stages: vec![Stage::new(None, 0)],
            hourglass: false,
            overtime: None,
            upcount: true,
        }
    }

    /// Every problem with an overtime after these stages (empty when they go together).
    pub fn overtime_problems(
        stages: &[Stage],
        hourglass: bool,
        overtime: &Overtime,
    ) -> Vec<ControlError> {
        let mut problems = Vec::new();
        if stages
            .last()
            .is_some_and(|last| last.moves.is_some() || last.repeat)
        {
            problems.push(ControlError::OvertimeAfterMoves);
        }
        if hourglass {
            problems.push(ControlError::OvertimeHourglass);
        }
        let (count, name, max) = match *overtime {
            Overtime::Byoyomi { periods, .. } => (periods, "periods", MAX_PERIODS),
            Overtime::Canadian { moves, .. } => (moves, "moves", MAX_OVERTIME_MOVES),
        };
        if count == 0 {
            problems.push(ControlError::OvertimeZeroCount(name));
        }
        if count > max {
            problems.push(ControlError::OvertimeTooMany(name, max));
        }
        if overtime.time() <= 0 {
            problems.push(ControlError::OvertimeZeroTime);
        }
        problems
    }

    /// The overtime after the last stage, if any.
    pub fn overtime(&self) -> Option<&Overtime> {
        self.overtime.as_ref()
    }

    /// Whether time counts up from zero (no flag, no stages).
    pub fn is_upcount(&self) -> bool {
        self.upcount
    }

    /// A one-line description for `talkclock check`: "2 stage(s)", "1 stage(s), then
    /// byo-yomi: 5 periods of 0:30", "1 stage(s), then Canadian: 10 moves in 5:00", "upcount
    /// (time counts up from zero, no flag)".
    pub fn summary(&self) -> String {
        use super::time::Clock;
        if self.upcount {
            return "upcount (time counts up from zero, no flag)".to_string();
        }
        let stages = format!("{} stage(s)", self.stages.len());
        match self.overtime {
            None => stages,
            Some(Overtime::Byoyomi { periods, time }) => {
                format!(
                    "{stages}, then byo-yomi: {periods} period(s) of {}",
                    Clock(time)
                )
            }
            Some(Overtime::Canadian { moves, time }) => {
                format!(
                    "{stages}, then Canadian: {moves} move(s) in {}",
                    Clock(time)
                )
            }
        }
    }

    /// Every problem with these stages (empty when they make a good control).
    pub fn problems(stages: &[Stage], hourglass: bool) -> Vec<ControlError> {
        let mut problems = Vec::new();
        if stages.is_empty() {
            problems.push(ControlError::NoStage);
            return problems;
        }
        let last = stages.len() - 1;
        for (i, stage) in stages.iter().enumerate() {
            let number = i + 1;
            if stage.time <= 0 {
                problems.push(ControlError::ZeroTime(number));
            }
            if stage.moves == Some(0) {
                problems.push(ControlError::ZeroMoves(number));
            }
            let delay = stage.delay.map_or(0, |(_, d)| d);
            if stage.increment < 0 || delay < 0 {
                problems.push(ControlError::Negative(number));
            }
            if i > 0 && stages[i - 1].moves.is_none() {
                problems.push(ControlError::Unreachable(number));
            }
            if stage.repeat && (i != last || stage.moves.is_none()) {
                problems.push(ControlError::BadRepeat(number));
            }
        }
        if stages[last].moves.is_some() && !stages[last].repeat {
            problems.push(ControlError::OpenEnd);
        }
        if hourglass
            && (stages.len() != 1
                || stages[0].moves.is_some()
                || stages[0].increment != 0
                || stages[0].delay.is_some())
        {
            problems.push(ControlError::BadHourglass);
        }
        problems
    }

    /// The stages as configured.
    pub fn stages(&self) -> &[Stage] {
        &self.stages
    }

    /// Whether time spent by the mover is added to the opponent.
    pub fn hourglass(&self) -> bool {
        self.hourglass
    }

    /// The stage in force for a 1-based stage number that counts up through repeats.
    pub fn stage(&self, number: u32) -> &Stage {
        let index = (number.max(1) - 1) as usize;
        &self.stages[index.min(self.stages.len() - 1)]
    }

    /// The time a side starts with, before any override.
    pub fn start_time(&self) -> Ms {
        self.stages[0].time
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::time::{HOUR, MINUTE};

    #[test]
    fn accepts_common_controls() {
        let fmjd = vec![Stage::new(Some(50), 2 * HOUR), Stage::new(None, HOUR)];
        assert!(TimeControl::new(fmjd, false).is_ok());
        let mut repeating = Stage::new(Some(40), 2 * HOUR);
        repeating.repeat = true;
        assert!(TimeControl::new(vec![repeating], false).is_ok());
        assert!(TimeControl::new(vec![Stage::new(None, 5 * MINUTE)], true).is_ok());
    }

    #[test]
    fn names_each_problem() {
        assert_eq!(TimeControl::new(vec![], false), Err(ControlError::NoStage));
        assert_eq!(
            TimeControl::new(vec![Stage::new(Some(40), HOUR)], false),
            Err(ControlError::OpenEnd)
        );
        let unreachable = vec![Stage::new(None, HOUR), Stage::new(None, HOUR)];
        assert_eq!(
            TimeControl::problems(&unreachable, false),
            vec![ControlError::Unreachable(2)]
        );
        let mut early_repeat = Stage::new(Some(40), HOUR);
        early_repeat.repeat = true;
        let problems = TimeControl::problems(&[early_repeat, Stage::new(None, HOUR)], false);
        assert_eq!(problems, vec![ControlError::BadRepeat(1)]);
        let two = vec![Stage::new(Some(40), HOUR), Stage::new(None, HOUR)];
        assert_eq!(
            TimeControl::problems(&two, true),
            vec![ControlError::BadHourglass]
        );
        assert_eq!(
            TimeControl::problems(&[Stage::new(Some(0), 0)], false),
            vec![
                ControlError::ZeroTime(1),
                ControlError::ZeroMoves(1),
                ControlError::OpenEnd
            ]
        );
    }

    #[test]
    fn stage_numbers_run_on_through_repeats() {
        let mut last = Stage::new(Some(20), HOUR);
        last.repeat = true;
        let control = TimeControl::new(vec![Stage::new(Some(40), 2 * HOUR), last], false).unwrap();
        assert_eq!(control.stage(1).time, 2 * HOUR);
        assert_eq!(control.stage(2).time, HOUR);
        assert_eq!(control.stage(7).time, HOUR);
    }
}
