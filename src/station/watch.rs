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
/// A board heard again is said to be back once it has caught up (see [`Watch::returned`]),
/// or after this at most (a backlog that never comes is asked for again all the same).
pub const CATCH_UP_WITHIN: Duration = Duration::from_secs(15);
/// A state taken no longer ago than this when it arrives came straight from the board, not
/// out of a queue that held it while the link was down (a board sends its state every 2 s).
pub const FRESH_WITHIN_MS: i64 = 3_000;

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
    /// Said to be silent, and not yet said to be back.
    silent: bool,
    /// Heard again since it was said to be silent: when.
    returning: Option<Instant>,
    /// When its latest state arrived.
    state_at: Option<Instant>,
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

    /// A message from `board` at `now`. A silent board heard again is back once it has caught
    /// up ([`Watch::returned`]).
    pub fn heard(&mut self, board: u32, now: Instant) {
        let b = self.boards.entry(board).or_default();
        b.heard = Some(now);
        if b.silent && b.returning.is_none() {
            b.returning = Some(now);
        }
    }

    /// Whether `board`, heard again after it was said to be silent, is back at `now`
    /// (`wall_now`, Unix ms): once it has caught up — a state of its own arrived since, taken
    /// no longer than [`FRESH_WITHIN_MS`] before (what a bridge's queue kept while the link was
    /// down comes first, in order, the alerts of the cut among it), and `mirror` (the station's
    /// copy of its game) holds every alert that state counts (a board's own outbox sends its
    /// alerts before its records) — so that the flags that fell while it was cut off are said
    /// before it is said to be back; or [`CATCH_UP_WITHIN`] after it was heard again.
    pub fn returned(
        &mut self,
        board: u32,
        mirror: Option<&Mirrored>,
        now: Instant,
        wall_now: i64,
    ) -> Option<Change> {
        let b = self.boards.get_mut(&board)?;
        let since = b.returning?;
        let caught_up = match &b.state {
            None => true,
            Some(s) => {
                let fresh = b.state_at.is_some_and(|at| at >= since)
                    && wall_now.saturating_sub(s.wall_ms) <= FRESH_WITHIN_MS;
                fresh
                    && (s.game.is_empty()
                        || mirror.is_some_and(|m| m.game == s.game && m.alerts >= s.alerts))
            }
        };
        if !caught_up && now.saturating_duration_since(since) < CATCH_UP_WITHIN {
            return None;
        }
        b.silent = false;
        b.returning = None;
        Some(Change::Back(board))
    }

    /// The broker says `board`'s connection was lost (its will).
    pub fn offline(&mut self, board: u32) -> Option<Change> {
        let b = self.boards.entry(board).or_default();
        if b.silent {
            // Lost again before it was said to be back: still silent.
            b.returning = None;
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
            if quiet && b.silent {
                // Quiet again before it was said to be back: still silent.
                b.returning = None;
            } else if quiet && !finished(b.state.as_ref()) {
                b.silent = true;
                out.push(Change::Silent(*n));
            }
        }
        out
    }

    /// The board's latest state, arrived at `now`.
    pub fn state(&mut self, state: StateMsg, now: Instant) {
        let b = self.boards.entry(state.board).or_default();
        b.state = Some(state);
        b.state_at = Some(now);
    }

    /// The board's latest state, if one came.
    pub fn state_of(&self, board: u32) -> Option<&StateMsg> {
        self.boards.get(&board)?.state.as_ref()
    }

    /// The boards heard again since they were said to be silent, not yet said to be back.
    pub fn returning(&self) -> Vec<u32> {
        self.boards
            .iter()
            .filter(|(_, b)| b.returning.is_some())
            .map(|(n, _)| *n)
            .collect()
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
        w.heard(3, t0);
        assert_eq!(w.returned(3, None, t0, 0), None, "never silent");
        assert!(w.tick(t0 + Duration::from_secs(9)).is_empty());
        assert_eq!(
            w.tick(t0 + Duration::from_secs(10)),
            vec![Change::Silent(3)]
        );
        assert!(w.tick(t0 + Duration::from_secs(20)).is_empty());
        let t21 = t0 + Duration::from_secs(21);
        w.heard(3, t21);
        assert_eq!(
            w.returned(3, None, t21, 0),
            Some(Change::Back(3)),
            "no state"
        );
        assert_eq!(w.returned(3, None, t21, 0), None);
        assert_eq!(w.offline(3), Some(Change::Silent(3)));
        assert_eq!(w.offline(3), None);
    }

    /// A state of board 3 taken at `wall_ms`, counting `alerts`.
    fn taken(wall_ms: i64, alerts: u64) -> StateMsg {
        let mut st = state(40);
        st.wall_ms = wall_ms;
        st.alerts = alerts;
        st
    }

    #[test]
    fn a_board_back_across_a_bridge_is_back_only_once_its_alerts_of_the_cut_are_in() {
        let t0 = Instant::now();
        let mut w = Watch::new(Duration::from_secs(10));
        w.heard(3, t0);
        w.state(taken(0, 0), t0);
        assert_eq!(
            w.tick(t0 + Duration::from_secs(10)),
            vec![Change::Silent(3)]
        );
        // The bridge's queue first: a state taken 20 s ago (before its flag fell).
        let t30 = t0 + Duration::from_secs(30);
        let wall = 30_000;
        w.heard(3, t30);
        w.state(taken(10_000, 0), t30);
        let mut m = mirrored(40);
        assert_eq!(
            w.returned(3, Some(&m), t30, wall),
            None,
            "a state out of the queue: the flag is behind it"
        );
        // Then its state of now, counting the flag's three alerts; the mirror holds one.
        w.state(taken(wall - 100, 3), t30);
        m.alerts = 1;
        assert_eq!(
            w.returned(3, Some(&m), t30, wall),
            None,
            "its flag is not in yet"
        );
        m.alerts = 3;
        assert_eq!(w.returned(3, Some(&m), t30, wall), Some(Change::Back(3)));
        // Silent again, and its alerts never come: back after CATCH_UP_WITHIN all the same.
        assert_eq!(w.offline(3), Some(Change::Silent(3)));
        let t60 = t0 + Duration::from_secs(60);
        w.heard(3, t60);
        w.state(taken(60_000, 5), t60);
        assert_eq!(w.returned(3, Some(&m), t60, 60_000), None);
        assert_eq!(
            w.returned(3, Some(&m), t60 + CATCH_UP_WITHIN, 75_000),
            Some(Change::Back(3))
        );
    }

    #[test]
    fn a_board_quiet_again_before_it_is_back_is_not_said_silent_twice() {
        let t0 = Instant::now();
        let mut w = Watch::new(Duration::from_secs(10));
        w.heard(3, t0);
        assert_eq!(
            w.tick(t0 + Duration::from_secs(10)),
            vec![Change::Silent(3)]
        );
        w.state(taken(0, 3), t0);
        w.heard(3, t0 + Duration::from_secs(11));
        assert!(w.tick(t0 + Duration::from_secs(30)).is_empty());
        assert_eq!(
            w.returned(3, Some(&mirrored(40)), t0 + Duration::from_secs(60), 0),
            None,
            "not heard again since it fell quiet"
        );
    }

    #[test]
    fn a_connection_flag_left_on_the_broker_is_said_only_of_a_recent_unfinished_game() {
        let mut w = Watch::new(Duration::from_secs(10));
        assert_eq!(
            w.offline_retained(3),
            None,
            "no state: an earlier day's board"
        );
        w.state(state(10), Instant::now());
        assert_eq!(w.offline_retained(3), Some(Change::Silent(3)));
        let mut over = state(10);
        over.board = 4;
        over.status = serde_json::json!({"phase": "finished"});
        w.state(over, Instant::now());
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
        w.state(state(10), Instant::now());
        assert!(!w.ask_again(3, &mirrored(8), t0), "records in flight: wait");
        assert!(w.ask_again(3, &mirrored(8), t0 + BEHIND_FOR));
        assert!(!w.ask_again(3, &mirrored(8), t0 + BEHIND_FOR + Duration::from_secs(1)));
        assert!(w.ask_again(3, &mirrored(8), t0 + BEHIND_FOR + ASK_EVERY));
        assert!(!w.ask_again(3, &mirrored(10), t0 + Duration::from_secs(60)));
    }
}
