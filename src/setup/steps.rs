//! How the menu steps a number: the sensible steps and bounds of each field, and the custom
//! control being built stage by stage.

use crate::clock::{DelayKind, Ms, Overtime, Stage, TimeControl, HOUR, MINUTE, SECOND};
use crate::speech::{Addition, Field, OvertimeChoice};

/// The most stages a custom control has.
pub const MAX_STAGES: i64 = 3;

/// The least and the most a field may be.
pub fn bounds(field: Field) -> (i64, i64) {
    match field {
        Field::Stages => (1, MAX_STAGES),
        Field::Moves(_) => (1, 200),
        Field::Time(_) | Field::StartTime(_) => (5 * SECOND, 9 * HOUR),
        Field::Addition(_) => (SECOND, 10 * MINUTE),
        Field::SpeechRate(_) => (1, 9),
        Field::Periods => (1, 30),
        Field::PeriodMoves => (1, 100),
        Field::PeriodTime => (5 * SECOND, HOUR),
    }
}

/// The step up from `value`: small steps where small differences matter.
fn step_up(field: Field, value: i64) -> i64 {
    match field {
        Field::Stages | Field::SpeechRate(_) | Field::Periods => 1,
        Field::Moves(_) | Field::PeriodMoves => {
            if value < 10 {
                1
            } else {
                5
            }
        }
        Field::Time(_) | Field::StartTime(_) | Field::PeriodTime => match value {
            v if v < MINUTE => 5 * SECOND,
            v if v < 10 * MINUTE => MINUTE,
            v if v < HOUR => 5 * MINUTE,
            _ => 15 * MINUTE,
        },
        Field::Addition(_) => match value {
            v if v < 10 * SECOND => SECOND,
            v if v < MINUTE => 5 * SECOND,
            _ => 30 * SECOND,
        },
    }
}

/// The value one step up (`up`) or down from `value`, within the field's bounds. Going down
/// takes the step that going up from the result would take, so that up then down returns.
pub fn step(field: Field, value: i64, up: bool) -> i64 {
    let (low, high) = bounds(field);
    let next = if up {
        value.saturating_add(step_up(field, value))
    } else {
        value.saturating_sub(step_up(field, value.saturating_sub(1)))
    };
    next.clamp(low, high)
}

/// One stage of a custom control as the menu builds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StageDraft {
    /// Moves; `None` for the rest of the game.
    pub moves: Option<u32>,
    /// The stage's time.
    pub time: Ms,
    /// What is added per move.
    pub addition: Addition,
    /// How much.
    pub amount: Ms,
    /// The last stage repeats.
    pub repeat: bool,
}

impl StageDraft {
    /// A stage as the control has it.
    pub fn of(stage: &Stage) -> StageDraft {
        let (addition, amount) = match stage.delay {
            Some((kind, ms)) => (Addition::Delay(kind), ms),
            None if stage.increment > 0 => (Addition::Fischer, stage.increment),
            None => (Addition::None, 10 * SECOND),
        };
        StageDraft {
            moves: stage.moves,
            time: stage.time,
            addition,
            amount,
            repeat: stage.repeat,
        }
    }

    /// The stage it makes.
    pub fn stage(&self) -> Stage {
        let mut stage = Stage::new(self.moves, self.time);
        stage.repeat = self.repeat;
        match self.addition {
            Addition::None => {}
            Addition::Fischer => stage.increment = self.amount,
            Addition::Delay(kind) => stage.delay = Some((kind, self.amount)),
        }
        stage
    }
}

/// The custom control being built: its stages so far, and what follows the last one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Custom {
    /// The stages, as many as chosen.
    pub stages: Vec<StageDraft>,
    /// What follows the last stage.
    pub overtime: OvertimeChoice,
    /// Byo-yomi: how many periods.
    pub periods: u32,
    /// Canadian: moves per period.
    pub period_moves: u32,
    /// Each period's time.
    pub period_time: Ms,
}

impl Custom {
    /// Starts from a control's stages (so stepping begins at the values in force).
    pub fn from(control: &TimeControl) -> Custom {
        let mut custom = Custom {
            stages: control.stages().iter().map(StageDraft::of).collect(),
            overtime: OvertimeChoice::None,
            periods: 5,
            period_moves: 10,
            period_time: 30 * SECOND,
        };
        if control.is_upcount() {
            // An upcount clock has no stages to start from: a common one instead.
            custom.stages = vec![StageDraft::of(&Stage::new(None, 15 * MINUTE))];
        }
        match control.overtime() {
            Some(&Overtime::Byoyomi { periods, time }) => {
                custom.overtime = OvertimeChoice::Byoyomi;
                custom.periods = periods;
                custom.period_time = time;
            }
            Some(&Overtime::Canadian { moves, time }) => {
                custom.overtime = OvertimeChoice::Canadian;
                custom.period_moves = moves;
                custom.period_time = time;
            }
            None => {}
        }
        custom
    }

    /// Whether an overtime may follow: the last stage is to the end of the game.
    pub fn may_have_overtime(&self) -> bool {
        self.stages.last().is_some_and(|s| s.moves.is_none())
    }

    /// Sets how many stages there are: stages are kept or added (40 moves in 2 hours before
    /// the last), and the last one is made a rest-of-the-game or repeating stage.
    pub fn resize(&mut self, count: usize) {
        let filler = StageDraft {
            moves: Some(40),
            time: 2 * HOUR,
            addition: Addition::None,
            amount: 10 * SECOND,
            repeat: false,
        };
        self.stages.resize(count.max(1), filler);
        let last = self.stages.len() - 1;
        for (i, stage) in self.stages.iter_mut().enumerate() {
            if i < last {
                stage.repeat = false;
                stage.moves = Some(stage.moves.unwrap_or(40));
            } else if !stage.repeat {
                stage.moves = None;
            }
        }
    }

    /// The control these stages make, if it is one.
    pub fn control(&self) -> Option<TimeControl> {
        let stages = self.stages.iter().map(StageDraft::stage).collect();
        let control = TimeControl::new(stages, false).ok()?;
        let overtime = match self.overtime {
            OvertimeChoice::None => return Some(control),
            _ if !self.may_have_overtime() => return Some(control),
            OvertimeChoice::Byoyomi => Overtime::Byoyomi {
                periods: self.periods,
                time: self.period_time,
            },
            OvertimeChoice::Canadian => Overtime::Canadian {
                moves: self.period_moves,
                time: self.period_time,
            },
        };
        control.with_overtime(overtime).ok()
    }

    /// Stage `number` (1-based), if there is one.
    pub fn get_mut(&mut self, number: u32) -> Option<&mut StageDraft> {
        self.stages.get_mut((number as usize).checked_sub(1)?)
    }

    /// Stage `number` (1-based), if there is one.
    pub fn get(&self, number: u32) -> Option<&StageDraft> {
        self.stages.get((number as usize).checked_sub(1)?)
    }
}

/// The additions offered, in order.
pub const ADDITIONS: [Addition; 4] = [
    Addition::None,
    Addition::Fischer,
    Addition::Delay(DelayKind::Bronstein),
    Addition::Delay(DelayKind::Simple),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_steps_are_fine_low_and_coarse_high() {
        let f = Field::Time(1);
        assert_eq!(step(f, 5 * MINUTE, true), 6 * MINUTE);
        assert_eq!(step(f, 10 * MINUTE, true), 15 * MINUTE);
        assert_eq!(step(f, 10 * MINUTE, false), 9 * MINUTE);
        assert_eq!(step(f, 15 * MINUTE, false), 10 * MINUTE);
        assert_eq!(step(f, HOUR, true), HOUR + 15 * MINUTE);
        assert_eq!(step(f, HOUR, false), 55 * MINUTE);
        assert_eq!(step(f, 5 * SECOND, false), 5 * SECOND);
        assert_eq!(step(f, 9 * HOUR, true), 9 * HOUR);
    }

    #[test]
    fn up_then_down_comes_back() {
        for field in [Field::Time(1), Field::Addition(1), Field::Moves(1)] {
            let (low, high) = bounds(field);
            let mut v = low;
            while v < high {
                let up = step(field, v, true);
                assert_eq!(step(field, up, false), v, "{field:?} at {v}");
                v = up;
            }
        }
    }

    #[test]
    fn resizing_keeps_stages_and_closes_the_last() {
        let control = TimeControl::new(vec![Stage::new(None, 15 * MINUTE)], false).unwrap();
        let mut custom = Custom::from(&control);
        custom.resize(2);
        assert_eq!(custom.stages[0].moves, Some(40));
        assert_eq!(custom.stages[0].time, 15 * MINUTE);
        assert_eq!(custom.stages[1].moves, None);
        assert!(custom.control().is_some());
        custom.resize(1);
        assert_eq!(custom.stages.len(), 1);
        assert_eq!(custom.stages[0].moves, None);
    }
}
