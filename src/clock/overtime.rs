//! Overtime after the last stage's time runs out, as on the DGT 3000: byo-yomi (N periods of
//! T; a move made within a period starts the next turn with a full period, a period that runs
//! out is used up) and Canadian (M moves in T, then a fresh T for the next M moves).
//!
//! Pure rules on small values: what a side's overtime looks like on entering it, after a move,
//! and when a period runs out. The game (`game.rs`) applies them at the right instants.

use super::time::Ms;
use serde::{Deserialize, Serialize};

/// The most byo-yomi periods a control may have. `Game::advance` begins each period that ran
/// out on the way to `now` in turn, so their number bounds its work.
pub const MAX_PERIODS: u32 = 1000;

/// The most moves a Canadian period may ask for (as for a stage).
pub const MAX_OVERTIME_MOVES: u32 = 10_000;

/// Which overtime.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum OvertimeKind {
    /// Periods of a fixed time; one is used up each time it runs out.
    Byoyomi,
    /// A number of moves in a period of time, again and again.
    Canadian,
}

/// The overtime of a time control.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Overtime {
    /// `periods` periods of `time` each.
    Byoyomi {
        /// How many periods (at least 1).
        periods: u32,
        /// Each period's time.
        time: Ms,
    },
    /// `moves` moves in `time`, repeated.
    Canadian {
        /// Moves per period (at least 1).
        moves: u32,
        /// Each period's time.
        time: Ms,
    },
}

/// Where a side stands in its overtime. Serialized as `{"period":2,"periods_left":4}`
/// (byo-yomi) or `{"period":1,"moves_left":7}` (Canadian).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct OvertimeState {
    /// The current period, 1-based.
    pub period: u32,
    /// Byo-yomi: periods left, the current one included (1 in the last).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub periods_left: Option<u32>,
    /// Canadian: moves still to make in the current period.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves_left: Option<u32>,
}

impl Overtime {
    /// Which kind this is.
    pub fn kind(&self) -> OvertimeKind {
        match self {
            Overtime::Byoyomi { .. } => OvertimeKind::Byoyomi,
            Overtime::Canadian { .. } => OvertimeKind::Canadian,
        }
    }

    /// The time of each period.
    pub fn time(&self) -> Ms {
        match *self {
            Overtime::Byoyomi { time, .. } | Overtime::Canadian { time, .. } => time,
        }
    }

    /// The state on entering overtime: period 1, all periods (or all moves) ahead.
    pub fn enter(&self) -> OvertimeState {
        match *self {
            Overtime::Byoyomi { periods, .. } => OvertimeState {
                period: 1,
                periods_left: Some(periods),
                moves_left: None,
            },
            Overtime::Canadian { moves, .. } => OvertimeState {
                period: 1,
                periods_left: None,
                moves_left: Some(moves),
            },
        }
    }

    /// The state after the current period ran out before its move: the next byo-yomi period,
    /// or `None` when the flag falls (the last byo-yomi period, or any Canadian period).
    pub fn period_ran_out(&self, state: OvertimeState) -> Option<OvertimeState> {
        match *self {
            Overtime::Byoyomi { .. } => {
                let left = state.periods_left.unwrap_or(1);
                (left > 1).then(|| OvertimeState {
                    period: state.period.saturating_add(1),
                    periods_left: Some(left - 1),
                    moves_left: None,
                })
            }
            Overtime::Canadian { .. } => None,
        }
    }

    /// The state after a move made in time, and whether the mover's clock is set to a full
    /// period: always in byo-yomi (the count stays), in Canadian when the period's moves are
    /// made (a fresh period begins; what was left is not carried).
    pub fn after_move(&self, state: OvertimeState) -> (OvertimeState, bool) {
        match *self {
            Overtime::Byoyomi { .. } => (state, true),
            Overtime::Canadian { moves, .. } => {
                let left = state.moves_left.unwrap_or(moves).saturating_sub(1);
                if left == 0 {
                    let fresh = OvertimeState {
                        period: state.period.saturating_add(1),
                        periods_left: None,
                        moves_left: Some(moves),
                    };
                    (fresh, true)
                } else {
                    let state = OvertimeState {
                        moves_left: Some(left),
                        ..state
                    };
                    (state, false)
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::time::SECOND;

    const BYO: Overtime = Overtime::Byoyomi {
        periods: 3,
        time: 30 * SECOND,
    };
    const CANADIAN: Overtime = Overtime::Canadian {
        moves: 2,
        time: 60 * SECOND,
    };

    #[test]
    fn byoyomi_uses_up_one_period_each_time_one_runs_out_and_flags_after_the_last() {
        let first = BYO.enter();
        assert_eq!((first.period, first.periods_left), (1, Some(3)));
        let second = BYO.period_ran_out(first).expect("a second period");
        assert_eq!((second.period, second.periods_left), (2, Some(2)));
        let last = BYO.period_ran_out(second).expect("a last period");
        assert_eq!((last.period, last.periods_left), (3, Some(1)));
        assert_eq!(BYO.period_ran_out(last), None);
    }

    #[test]
    fn a_byoyomi_move_in_time_keeps_the_count_and_refills_the_period() {
        let state = BYO.period_ran_out(BYO.enter()).expect("a second period");
        assert_eq!(BYO.after_move(state), (state, true));
    }

    #[test]
    fn canadian_counts_moves_down_and_starts_a_fresh_period_when_they_are_made() {
        let first = CANADIAN.enter();
        assert_eq!((first.period, first.moves_left), (1, Some(2)));
        let (one_left, fresh) = CANADIAN.after_move(first);
        assert_eq!(
            (one_left.period, one_left.moves_left, fresh),
            (1, Some(1), false)
        );
        let (second, fresh) = CANADIAN.after_move(one_left);
        assert_eq!(
            (second.period, second.moves_left, fresh),
            (2, Some(2), true)
        );
    }

    #[test]
    fn a_canadian_period_that_runs_out_before_its_moves_is_the_flag() {
        assert_eq!(CANADIAN.period_ran_out(CANADIAN.enter()), None);
    }

    #[test]
    fn the_state_serializes_with_only_its_kinds_count() {
        let json = serde_json::to_string(&BYO.enter()).expect("json");
        assert_eq!(json, r#"{"period":1,"periods_left":3}"#);
        let json = serde_json::to_string(&CANADIAN.enter()).expect("json");
        assert_eq!(json, r#"{"period":1,"moves_left":2}"#);
    }
}
