//! One side's clock: its remaining time as of the game's anchor instant, the delay left in the
//! current turn, its move and stage counts, and where it stands in overtime. Its arithmetic saturates: no input, however
//! absurd, makes it wrap.

use super::control::TimeControl;
use super::overtime::OvertimeState;
use super::time::Ms;

/// The state of one side's clock, as of the game's anchor instant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SideClock {
    /// Remaining time at the anchor: in main time the main time, in overtime the time left in
    /// the current period, on an upcount clock the time used.
    pub remaining: Ms,
    /// Simple delay left in the current turn at the anchor.
    pub delay_left: Ms,
    /// Running time spent in the current turn at the anchor (pauses excluded).
    pub turn_spent: Ms,
    /// Moves completed.
    pub moves: u32,
    /// 1-based stage number, counting up through repeats.
    pub stage: u32,
    /// Moves completed in the current stage.
    pub moves_in_stage: u32,
    /// Where the side stands in overtime; `None` while in main time.
    pub overtime: Option<OvertimeState>,
    /// Running time this side's clock has run so far at the anchor (pauses excluded, delays
    /// included): the time used that FIDE D.2.10.4 lets a player ask for.
    pub used: Ms,
}

impl SideClock {
    /// A clock at the start of the game with `start` on it.
    pub fn new(start: Ms) -> SideClock {
        SideClock {
            remaining: start,
            delay_left: 0,
            turn_spent: 0,
            moves: 0,
            stage: 1,
            moves_in_stage: 0,
            overtime: None,
            used: 0,
        }
    }

    /// How much of `elapsed` running time is charged to the clock (the rest is simple delay).
    pub fn charged(&self, elapsed: Ms) -> Ms {
        elapsed.saturating_sub(self.delay_left).max(0)
    }

    /// Folds `elapsed` running time into the stored values; returns the time charged.
    pub fn run_for(&mut self, elapsed: Ms) -> Ms {
        let charged = self.charged(elapsed);
        self.delay_left = self.delay_left.saturating_sub(elapsed).max(0);
        self.turn_spent = self.turn_spent.saturating_add(elapsed);
        self.used = self.used.saturating_add(elapsed);
        self.remaining = self.remaining.saturating_sub(charged);
        charged
    }

    /// Running time from the anchor until the remaining time falls to `target`.
    pub fn running_time_until(&self, target: Ms) -> Option<Ms> {
        (self.remaining > target).then(|| {
            self.delay_left
                .saturating_add(self.remaining.saturating_sub(target))
        })
    }

    /// Begins a new turn for this side: resets the time spent and the simple delay.
    /// There is no delay in overtime.
    pub fn begin_turn(&mut self, control: &TimeControl) {
        self.turn_spent = 0;
        self.delay_left = match self.overtime {
            Some(_) => 0,
            None => control.stage(self.stage).simple_delay(),
        };
    }

    /// Moves left to the control of the current stage; `None` in a rest-of-the-game stage.
    pub fn moves_to_control(&self, control: &TimeControl) -> Option<u32> {
        control
            .stage(self.stage)
            .moves
            .map(|n| n.saturating_sub(self.moves_in_stage))
    }
}
