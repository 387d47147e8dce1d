//! What the station knows of each board beyond its mirror: when it was last heard from
//! (silent boards are reported, and their return), and whether its mirror lags behind what
//! the board says it has (then the board is asked to send again). What the broker kept from
//! before the station started (retained states and connection flags) is old news: a board
//! last heard of longer ago than `forget_after` is an earlier day's or event's, and forgotten.

use crate::hall::{Mirrored, StateMsg};
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// A mirror behind the board's own count this long is asked for again…
pub const BEHIND_FOR: Duration = Duration::from_secs(2);
/// …and not more often than this.
pub const ASK_EVERY: Duration = Duration::from_secs(3);

/// A board went silent or came back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    /// Not heard from for `silent_after`, or its connection was lost.
    Silent(u32),
    /// Heard from again.
    Back(u32),
}

#[derive(Debug, Default)]
struct Board {
    heard: Option<Instant>,
    silent: bool,
    behind_since: Option<Instant>,
    asked: Option<Instant>,
    state: Option<StateMsg>,
}

/// Every board's watch.
#[derive(Debug)]
pub struct Watch {
    silent_after: Duration,
    boards: BTreeMap<u32, Board>,
}

impl Watch {
    /// Boards not heard from for `silent_after` are silent.
    pub fn new(silent_after: Duration) -> Watch {
        Watch {
            silent_after,
            boards: BTreeMap::new(),
        }
    }

    /// A message from `board` at `now`.
    pub fn heard(&mut self, board: u32, now: Instant) -> Option<Change> {
        let b = self.boards.entry(board).or_default();
        b.heard = Some(now);
        if b.silent {
            b.silent = false;
            return Some(Change::Back(board));
        }
        None
    }

    /// The broker says `board`'s connection was lost (its will).
    pub fn offline(&mut self, board: u32) -> Option<Change> {
        let b = self.boards.entry(board).or_default();
        if b.silent {
            return None;
        }
        b.silent = true;
        Some(Change::Silent(board))
    }

    /// The broker kept `board`'s connection flag at `0` from before the station started: the
    /// board is said to be silent only when its recent state came with it and its game was not
    /// over (a board whose state was forgotten, or that finished and was switched off, is not).
    pub fn offline_retained(&mut self, board: u32) -> Option<Change> {
        let b = self.boards.get(&board)?;
        if b.state.is_none() || finished(b.state.as_ref()) {
            return None;
        }
        self.offline(board)
    }

    /// Boards that went silent by `now`.
    pub fn tick(&mut self, now: Instant) -> Vec<Change> {
        let mut out = Vec::new();
        for (n, b) in &mut self.boards {
            let quiet = b
                .heard
                .is_some_and(|at| now.saturating_duration_since(at) >= self.silent_after);
            if quiet && !b.silent && !finished(b.state.as_ref()) {
                b.silent = true;
                out.push(Change::Silent(*n));
            }
        }
        out
    }

    /// The board's latest state.
    pub fn state(&mut self, state: StateMsg) {
        let board = state.board;
        self.boards.entry(board).or_default().state = Some(state);
    }

    /// The board's latest state, if one came.
    pub fn state_of(&self, board: u32) -> Option<&StateMsg> {
        self.boards.get(&board)?.state.as_ref()
    }

    /// Every board heard of.
    pub fn boards(&self) -> Vec<u32> {
        self.boards.keys().copied().collect()
    }

    /// Whether to ask `board` to send again from `mirror`, at `now`: the mirror has lagged
    /// behind the board's own counts for [`BEHIND_FOR`], or has a gap, and the board was not
    /// asked in the last [`ASK_EVERY`].
    pub fn ask_again(&mut self, board: u32, mirror: &Mirrored, now: Instant) -> bool {
        let b = self.boards.entry(board).or_default();
        let behind = mirror.resend
            || b.state.as_ref().is_some_and(|s| {
                s.game == mirror.game && (s.records > mirror.records || s.alerts > mirror.alerts)
            });
        if !behind {
            b.behind_since = None;
            return false;
        }
        let since = *b.behind_since.get_or_insert(now);
        let lagged = now.saturating_duration_since(since) >= BEHIND_FOR;
        let may = b
            .asked
            .is_none_or(|at| now.saturating_duration_since(at) >= ASK_EVERY);
        if lagged && may {
            b.asked = Some(now);
            return true;
        }
        false
    }
}

/// Whether a state taken at `wall_ms` is too old to believe at `now_ms` (Unix milliseconds):
/// the board was last heard of more than `forget_after` ago.
pub fn forgotten(wall_ms: i64, now_ms: i64, forget_after: Duration) -> bool {
    now_ms.saturating_sub(wall_ms) > forget_after.as_millis() as i64
}

/// A finished game's board may well fall quiet (its daemon stopped).
fn finished(state: Option<&StateMsg>) -> bool {
    state
        .and_then(|s| s.status.get("phase"))
        .and_then(|p| p.as_str())
        .is_some_and(|p| p == "finished")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(records: u64) -> StateMsg {
        StateMsg {
            board: 3,
            game: "g".into(),
            wall_ms: 0,
            records,
            alerts: 0,
            config_digest: String::new(),
            stage: Default::default(),
            status: serde_json::json!({"phase": "running"}),
            names: None,
        }
    }

    fn mirrored(records: u64) -> Mirrored {
        Mirrored {
            game: "g".into(),
            records,
            alerts: 0,
            resend: false,
        }
    }

    #[test]
    fn a_board_is_silent_once_and_back_once() {
        let t0 = Instant::now();
        let mut w = Watch::new(Duration::from_secs(10));
        assert_eq!(w.heard(3, t0), None);
        assert!(w.tick(t0 + Duration::from_secs(9)).is_empty());
        assert_eq!(
            w.tick(t0 + Duration::from_secs(10)),
            vec![Change::Silent(3)]
        );
        assert!(w.tick(t0 + Duration::from_secs(20)).is_empty());
        assert_eq!(
            w.heard(3, t0 + Duration::from_secs(21)),
            Some(Change::Back(3))
        );
        assert_eq!(w.offline(3), Some(Change::Silent(3)));
        assert_eq!(w.offline(3), None);
    }

    #[test]
    fn a_connection_flag_left_on_the_broker_is_said_only_of_a_recent_unfinished_game() {
        let mut w = Watch::new(Duration::from_secs(10));
        assert_eq!(
            w.offline_retained(3),
            None,
            "no state: an earlier day's board"
        );
        w.state(state(10));
        assert_eq!(w.offline_retained(3), Some(Change::Silent(3)));
        let mut over = state(10);
        over.board = 4;
        over.status = serde_json::json!({"phase": "finished"});
        w.state(over);
        assert_eq!(w.offline_retained(4), None, "a finished game's board");
    }

    #[test]
    fn a_state_older_than_forget_after_is_forgotten() {
        let hour = Duration::from_secs(3600);
        assert!(!forgotten(1_000, 1_000 + 3_600_000, hour));
        assert!(forgotten(1_000, 1_000 + 3_600_001, hour));
        assert!(
            !forgotten(5_000, 1_000, hour),
            "a board clock ahead is not old"
        );
    }

    #[test]
    fn a_lagging_mirror_is_asked_for_after_a_while_and_not_too_often() {
        let t0 = Instant::now();
        let mut w = Watch::new(Duration::from_secs(10));
        w.state(state(10));
        assert!(!w.ask_again(3, &mirrored(8), t0), "records in flight: wait");
        assert!(w.ask_again(3, &mirrored(8), t0 + BEHIND_FOR));
        assert!(!w.ask_again(3, &mirrored(8), t0 + BEHIND_FOR + Duration::from_secs(1)));
        assert!(w.ask_again(3, &mirrored(8), t0 + BEHIND_FOR + ASK_EVERY));
        assert!(!w.ask_again(3, &mirrored(10), t0 + Duration::from_secs(60)));
    }
}
