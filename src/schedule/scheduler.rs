//! The warning scheduler: pure and on virtual time, like the clock core.
//!
//! Each side has marks (remaining times at which something is due). A mark is *armed* while it
//! may still fire in the player's current stage. It fires at the exact instant the remaining
//! time reaches it, once per stage. A stage that starts at or below a mark does not arm it;
//! an arbiter cut that jumps past an armed mark fires it at once; a new stage, or an arbiter
//! addition that lifts the player above a mark, re-arms it. Increments never re-arm (no chatter
//! around a threshold). With an overtime, nothing re-arms a mark when main time runs out or a
//! period begins, so warnings are not given again for each period; an upcount clock arms none.

use super::marks::Mark;
use crate::clock::{Event, Game, Ms, Side, Stamped};
use std::collections::BTreeSet;

/// A mark that fired.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fired {
    /// When.
    pub at: Ms,
    /// For whom.
    pub side: Side,
    /// Which mark.
    pub mark: Mark,
    /// The remaining time at that instant (equal to the mark unless a cut jumped past it).
    pub remaining: Ms,
}

/// What is due in practice mode besides the marks: a reminder to press.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reminder {
    /// When.
    pub at: Ms,
    /// The side on move.
    pub side: Side,
}

/// Marks per side, which are armed, and the practice reminder.
#[derive(Debug, Clone)]
pub struct Scheduler {
    marks: [Vec<Mark>; 2],
    armed: [BTreeSet<Mark>; 2],
    remind_after: Option<Ms>,
    /// The turn (side, moves made) that was last reminded.
    reminded: Option<(Side, u32)>,
}

impl Scheduler {
    /// A scheduler for a game that has not started: marks below each start time are armed.
    pub fn new(marks: [Vec<Mark>; 2], remind_after: Option<Ms>, game: &Game) -> Scheduler {
        let mut scheduler = Scheduler {
            marks,
            armed: [BTreeSet::new(), BTreeSet::new()],
            remind_after,
            reminded: None,
        };
        // On an upcount clock `remaining` is the time used: nothing counts down to a mark.
        if !game.control().is_upcount() {
            for side in Side::BOTH {
                scheduler.arm_below(side, game.remaining(side, game.anchor()));
            }
        }
        scheduler
    }

    /// Marks of a side that can still fire.
    pub fn armed(&self, side: Side) -> impl Iterator<Item = &Mark> {
        self.armed[side.index()].iter()
    }

    fn arm_below(&mut self, side: Side, remaining: Ms) {
        let i = side.index();
        self.armed[i] = self.marks[i]
            .iter()
            .filter(|m| m.remaining < remaining)
            .copied()
            .collect();
    }

    /// The next instant something is due, if a clock runs and anything is armed for it.
    pub fn next_deadline(&self, game: &Game) -> Option<Ms> {
        let side = game.running()?;
        let now = game.anchor();
        let remaining = game.remaining(side, now);
        let mark_due = self.armed[side.index()]
            .iter()
            .next_back()
            .map(|m| game.instant_when(side, m.remaining).unwrap_or(now).max(now))
            .filter(|_| remaining > 0);
        let reminder_due = self.reminder_instant(game);
        match (mark_due, reminder_due) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    fn reminder_instant(&self, game: &Game) -> Option<Ms> {
        let after = self.remind_after?;
        let side = game.running()?;
        let turn = (side, game.moves(side));
        if self.reminded == Some(turn) {
            return None;
        }
        let spent = game.side_clock(side).turn_spent;
        Some(game.anchor() + (after - spent).max(0))
    }

    /// Fires every mark (and the reminder) due at `now`; the game must be advanced to `now`.
    pub fn fire_due(&mut self, game: &Game, now: Ms) -> (Vec<Fired>, Option<Reminder>) {
        let mut fired = Vec::new();
        for side in Side::BOTH {
            let remaining = game.remaining(side, now);
            let due: Vec<Mark> = self.armed[side.index()]
                .iter()
                .filter(|m| m.remaining >= remaining)
                .copied()
                .collect();
            for mark in due {
                self.armed[side.index()].remove(&mark);
                fired.push(Fired {
                    at: now,
                    side,
                    mark,
                    remaining,
                });
            }
        }
        let fired = keep_lowest_per_kind(fired);
        let reminder = match self.reminder_instant(game) {
            Some(at) if at <= now => {
                let side = game.running();
                side.map(|side| {
                    self.reminded = Some((side, game.moves(side)));
                    Reminder { at: now, side }
                })
            }
            _ => None,
        };
        (fired, reminder)
    }

    /// Re-arms on a new stage or an arbiter's addition; a cut past armed marks fires them.
    pub fn observe(&mut self, game: &Game, events: &[Stamped]) -> Vec<Fired> {
        let mut fired = Vec::new();
        for stamped in events {
            match stamped.event {
                Event::Stage { side, .. } => {
                    self.arm_below(side, game.remaining(side, stamped.at_ms));
                }
                Event::Adjust {
                    side,
                    old_ms,
                    new_ms,
                    ..
                } if new_ms > old_ms => self.arm_below(side, new_ms),
                Event::Adjust {
                    side,
                    old_ms,
                    new_ms,
                    ..
                } if new_ms < old_ms => {
                    let jumped: Vec<Mark> = self.armed[side.index()]
                        .iter()
                        .filter(|m| m.remaining >= new_ms)
                        .copied()
                        .collect();
                    for mark in jumped {
                        self.armed[side.index()].remove(&mark);
                        fired.push(Fired {
                            at: stamped.at_ms,
                            side,
                            mark,
                            remaining: new_ms,
                        });
                    }
                }
                _ => {}
            }
        }
        keep_lowest_per_kind(fired)
    }
}

/// When several marks of one kind fire together for a side (a cut jumped past them), only the
/// most urgent (lowest) is said: one warning, not a burst.
fn keep_lowest_per_kind(fired: Vec<Fired>) -> Vec<Fired> {
    let mut kept: Vec<Fired> = Vec::new();
    for f in fired {
        match kept
            .iter_mut()
            .find(|k| k.side == f.side && k.mark.kind == f.mark.kind && k.at == f.at)
        {
            Some(k) if f.mark.remaining < k.mark.remaining => *k = f,
            Some(_) => {}
            None => kept.push(f),
        }
    }
    kept
}
