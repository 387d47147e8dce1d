//! What the station tells of a board's messages it does not take: records kept aside (they do
//! not fit the game's chain), records refused ahead of a gap (past what it holds in memory),
//! and states refused (values no clock gives). Each kind is logged in a bounded number of
//! lines however many come: records kept aside, the first [`FULL_LINES`] of a board one by
//! one; then, like the refusals, as counts at most every [`SUMMARY_EVERY`]; a refused state
//! when its reason changes. A record kept aside is also told to the board's arbiter, once a
//! board in a run of the station. Pure: the station's loop logs the lines and says the alert.

use super::aside::Aside;
use super::mirror::{Refusals, MAX_AHEAD, MAX_WAITING_BYTES};
use crate::hall::state_bounds::StateProblem;
use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, Instant};

/// Records kept aside logged one by one, per board.
pub const FULL_LINES: u64 = 10;
/// Counts are logged at most this often.
pub const SUMMARY_EVERY: Duration = Duration::from_secs(5);

/// What to do about a record kept aside.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Told {
    /// The line to log, if it is logged one by one.
    pub line: Option<String>,
    /// Tell the board's arbiter (the first of the board in this run).
    pub alert: bool,
}

/// The station's account of what it did not take.
#[derive(Debug, Default)]
pub struct Misfits {
    /// Boards whose arbiter was told of a record kept aside.
    alerted: BTreeSet<u32>,
    /// Per board: records kept aside logged one by one, and those since counted only.
    asides: BTreeMap<u32, (u64, u64)>,
    /// Per board: the reason its last state was refused, while its states are refused.
    states: BTreeMap<u32, StateProblem>,
    /// When counts were last logged.
    summary_at: Option<Instant>,
}

impl Misfits {
    /// A record kept aside.
    pub fn aside(&mut self, a: &Aside) -> Told {
        let (logged, counted) = self.asides.entry(a.board).or_default();
        let line = if *logged < FULL_LINES {
            *logged += 1;
            let kept = if a.kept {
                "kept aside"
            } else {
                "not kept (its aside file is full)"
            };
            let let_go = match a.let_go {
                0 => String::new(),
                n => format!("; {n} records that waited after it were let go"),
            };
            Some(format!(
                "board {}, game {}: record {} is not mirrored, {kept}: {}{let_go}; the board is \
                 asked to send again from record {}",
                a.board, a.game, a.seq, a.why, a.seq
            ))
        } else {
            *counted += 1;
            None
        };
        Told {
            line,
            alert: self.alerted.insert(a.board),
        }
    }

    /// A board's state refused: the line to log, when the reason is new.
    pub fn state_refused(&mut self, board: u32, problem: StateProblem) -> Option<String> {
        (self.states.insert(board, problem) != Some(problem)).then(|| {
            format!("board {board}: a state refused, neither believed nor shown: {problem}")
        })
    }

    /// A board's state believed.
    pub fn state_believed(&mut self, board: u32) {
        self.states.remove(&board);
    }

    /// Whether counts may be logged at `now`.
    pub fn due(&self, now: Instant) -> bool {
        self.summary_at
            .is_none_or(|at| now.saturating_duration_since(at) >= SUMMARY_EVERY)
    }

    /// The count lines at `now`: the records `refused` ahead of gaps, and those kept aside
    /// since they stopped being logged one by one.
    pub fn summary(&mut self, now: Instant, refused: Vec<Refusals>) -> Vec<String> {
        let mut lines: Vec<String> = refused
            .into_iter()
            .map(|r| {
                format!(
                    "board {}, game {}: {} records refused ahead of the gap at record {} (the \
                     station holds at most {MAX_AHEAD} records past a gap, {} MiB in all); the \
                     board is asked to send again from record {}",
                    r.board,
                    r.game,
                    r.count,
                    r.gap,
                    MAX_WAITING_BYTES >> 20,
                    r.gap
                )
            })
            .collect();
        for (board, (_, counted)) in &mut self.asides {
            if *counted > 0 {
                lines.push(format!(
                    "board {board}: {counted} more records kept aside, not mirrored"
                ));
                *counted = 0;
            }
        }
        if !lines.is_empty() {
            self.summary_at = Some(now);
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn aside(board: u32, seq: u64) -> Aside {
        Aside {
            board,
            game: "ab".into(),
            seq,
            why: "record 2 does not fit the chain".into(),
            kept: true,
            let_go: 0,
        }
    }

    #[test]
    fn a_flood_of_records_kept_aside_gives_one_alert_and_a_bounded_log() {
        let t0 = Instant::now();
        let mut m = Misfits::default();
        let told: Vec<Told> = (0..1000).map(|seq| m.aside(&aside(3, seq))).collect();
        assert_eq!(told.iter().filter(|t| t.alert).count(), 1);
        assert!(told[0].alert);
        assert_eq!(
            told.iter().filter(|t| t.line.is_some()).count() as u64,
            FULL_LINES
        );
        assert!(
            m.aside(&aside(4, 0)).alert,
            "another board's arbiter is told"
        );
        assert!(m.due(t0));
        let lines = m.summary(t0, Vec::new());
        assert_eq!(
            lines,
            vec!["board 3: 990 more records kept aside, not mirrored"]
        );
        assert!(!m.due(t0 + Duration::from_secs(1)));
        assert!(m.due(t0 + SUMMARY_EVERY));
        assert!(m.summary(t0 + SUMMARY_EVERY, Vec::new()).is_empty());
    }

    #[test]
    fn a_refused_state_is_logged_when_its_reason_changes() {
        let mut m = Misfits::default();
        assert!(m.state_refused(2, StateProblem::Phase).is_some());
        assert!(m.state_refused(2, StateProblem::Phase).is_none());
        assert!(m
            .state_refused(2, StateProblem::Time("White"))
            .is_some_and(|l| l.contains("White's time")));
        m.state_believed(2);
        assert!(m.state_refused(2, StateProblem::Phase).is_some());
    }
}
