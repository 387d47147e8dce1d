//! One arbiter's news of boards going silent and coming back, gathered into summaries: when a
//! bridge to another venue is cut, a hundred boards go silent within a second, and a hundred
//! "Board N is silent" in a row would hide the flags in the arbiter's ear for minutes. Changes
//! are held until no board has changed for [`QUIET`] (at most [`HOLD`] after the first), then
//! said as one sentence per direction ("Boards 101 to 200: no contact"), a lone board as
//! before. A board that goes silent and comes back within one summary has not changed, and is
//! not said. Only silent/back news waits here: flags and warnings go straight to the queue,
//! so the flags that fell during a cut are said before the summary of the boards' return.
//! Pure: instants come in as arguments.

use super::watch::Change;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// A summary is said once no board has changed for this long…
pub const QUIET: Duration = Duration::from_secs(2);
/// …or this long after its first change, whichever comes first.
pub const HOLD: Duration = Duration::from_secs(6);

/// What one summary says: the boards that went silent and those that came back, each in
/// ascending order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    /// Boards silent now that were not at the last summary.
    pub silent: Vec<u32>,
    /// Boards heard from again that were silent at the last summary.
    pub back: Vec<u32>,
}

/// One arbiter's changes not yet said.
#[derive(Debug, Default)]
pub struct Summaries {
    /// Per board, the change to say (a board whose changes cancel out is removed).
    pending: BTreeMap<u32, Change>,
    first: Option<Instant>,
    last: Option<Instant>,
}

impl Summaries {
    /// A board's change at `now`. Returns true when it cancels a change not yet said (the
    /// board went silent and came back, or the reverse, within one summary).
    pub fn push(&mut self, change: Change, now: Instant) -> bool {
        let board = match change {
            Change::Silent(b) | Change::Back(b) => b,
        };
        self.first.get_or_insert(now);
        self.last = Some(now);
        match self.pending.get(&board) {
            Some(&earlier) if earlier != change => {
                self.pending.remove(&board);
                true
            }
            _ => {
                self.pending.insert(board, change);
                false
            }
        }
    }

    /// The summary due at `now`, if one is: the boards have been quiet for [`QUIET`], or the
    /// first change waits for [`HOLD`]. Empty when every change cancelled out.
    pub fn due(&mut self, now: Instant) -> Option<Summary> {
        let (first, last) = (self.first?, self.last?);
        let quiet = now.saturating_duration_since(last) >= QUIET;
        let held = now.saturating_duration_since(first) >= HOLD;
        if !quiet && !held {
            return None;
        }
        self.first = None;
        self.last = None;
        let mut summary = Summary::default();
        for change in std::mem::take(&mut self.pending).into_values() {
            match change {
                Change::Silent(b) => summary.silent.push(b),
                Change::Back(b) => summary.back.push(b),
            }
        }
        Some(summary)
    }

    /// How many boards' changes wait.
    pub fn len(&self) -> usize {
        self.pending.len()
    }

    /// Whether none waits.
    pub fn is_empty(&self) -> bool {
        self.pending.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hundred_boards_silent_at_once_are_one_summary() {
        let t0 = Instant::now();
        let mut s = Summaries::default();
        for (i, b) in (101..=200).enumerate() {
            s.push(Change::Silent(b), t0 + Duration::from_millis(i as u64 * 10));
        }
        let last = t0 + Duration::from_millis(990);
        assert_eq!(s.due(last + QUIET - Duration::from_millis(1)), None);
        let said = s.due(last + QUIET).expect("due");
        assert_eq!(said.silent, (101..=200).collect::<Vec<_>>());
        assert!(said.back.is_empty());
        assert_eq!(s.due(last + QUIET * 10), None, "said once");
    }

    #[test]
    fn then_only_what_changes_is_said() {
        let t0 = Instant::now();
        let mut s = Summaries::default();
        for b in 101..=200 {
            s.push(Change::Silent(b), t0);
        }
        assert!(s.due(t0 + QUIET).is_some());
        let t1 = t0 + Duration::from_secs(30);
        s.push(Change::Back(150), t1);
        let said = s.due(t1 + QUIET).expect("due");
        assert_eq!(said.back, vec![150]);
        assert!(said.silent.is_empty());
    }

    #[test]
    fn a_board_silent_and_back_within_one_summary_is_not_said() {
        let t0 = Instant::now();
        let mut s = Summaries::default();
        assert!(!s.push(Change::Silent(4), t0));
        assert!(!s.push(Change::Silent(5), t0));
        assert!(s.push(Change::Back(4), t0 + Duration::from_secs(1)));
        let said = s.due(t0 + Duration::from_secs(1) + QUIET).expect("due");
        assert_eq!(said.silent, vec![5]);
        assert!(said.back.is_empty());
    }

    #[test]
    fn a_stream_of_changes_is_summed_up_at_most_hold_after_its_first() {
        let t0 = Instant::now();
        let mut s = Summaries::default();
        let mut said = None;
        for i in 0..100u32 {
            let now = t0 + Duration::from_millis(u64::from(i) * 500);
            s.push(Change::Silent(i + 1), now);
            if let Some(summary) = s.due(now) {
                said = Some((now, summary));
                break;
            }
        }
        let (at, summary) = said.expect("a summary while boards still change");
        assert_eq!(at, t0 + HOLD);
        assert_eq!(summary.silent.len(), 13);
    }
}
