//! Which boards passed their hardware self-test this round (pure but for reading a round's
//! file time): a board's last self-test report (its retained `selftest` message) counts for
//! the round when it began after the round's pairings were given to the station
//! (`station round`), or, before any round, within `forget_after`.

use crate::selftest::Report;
use serde::Serialize;
use std::path::Path;
use std::time::Duration;

/// A board's self-test as the arbiters see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "selftest")]
pub enum SelfTest {
    /// Passed this round, at `at_ms` (wall clock).
    Passed {
        /// When it began.
        at_ms: i64,
    },
    /// Failed this round.
    Failed {
        /// When it began.
        at_ms: i64,
        /// Problems found.
        problems: usize,
    },
    /// Its last self-test is older than the round.
    Earlier {
        /// When it began.
        at_ms: i64,
    },
    /// No self-test heard of.
    None,
}

impl SelfTest {
    /// `report` (the board's last, if any) judged against the round that began at
    /// `round_ms`.
    pub fn of(report: Option<&Report>, round_ms: i64) -> SelfTest {
        match report {
            None => SelfTest::None,
            Some(r) if r.started_ms < round_ms => SelfTest::Earlier {
                at_ms: r.started_ms,
            },
            Some(r) if r.passed => SelfTest::Passed {
                at_ms: r.started_ms,
            },
            Some(r) => SelfTest::Failed {
                at_ms: r.started_ms,
                problems: r.problems,
            },
        }
    }

    /// The words of `station status` ("selftest passed 18:02").
    pub fn status_words(self) -> String {
        let at = |ms: i64| {
            let stamp = crate::selftest::report::utc_stamp(ms);
            stamp
                .split_once('T')
                .map_or(stamp.clone(), |(_, t)| t[..5].replace('-', ":"))
        };
        match self {
            SelfTest::Passed { at_ms } => format!("selftest passed {} UTC", at(at_ms)),
            SelfTest::Failed { at_ms, problems } => {
                format!("selftest FAILED {} UTC ({problems} problems)", at(at_ms))
            }
            SelfTest::Earlier { .. } => "selftest not this round".into(),
            SelfTest::None => "no selftest".into(),
        }
    }
}

/// When the current round began, as far as self-tests go: when the newest round's pairings
/// were kept (their file's time), else `forget_after` before `now_ms`.
pub fn round_start(mirror: &Path, forget_after: Duration, now_ms: i64) -> i64 {
    let fallback = now_ms - forget_after.as_millis() as i64;
    let Ok(Some(round)) = super::round::Round::latest(mirror) else {
        return fallback;
    };
    let file = super::round::round_dir(mirror, round.round).join(super::round::PAIRINGS_FILE);
    std::fs::metadata(file)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(fallback, |d| d.as_millis() as i64)
}

/// How often the station looks whether a new round began (its pairings file).
const ROUND_CHECK: std::time::Duration = std::time::Duration::from_secs(10);

/// The boards' last reports as the running station keeps them, each judged for the round.
#[derive(Debug, Default)]
pub struct Kept {
    reports: std::collections::BTreeMap<u32, Report>,
    /// The round's start as last read, and when it was read.
    round: Option<(i64, std::time::Instant)>,
}

impl Kept {
    /// Keeps `report` (board `board`'s newest) and judges it for the round as of `now`.
    pub fn take(
        &mut self,
        board: u32,
        report: Report,
        mirror: &Path,
        forget_after: Duration,
        now: std::time::Instant,
    ) -> SelfTest {
        let round_ms = self.round_ms(mirror, forget_after, now, true);
        let judged = SelfTest::of(Some(&report), round_ms);
        self.reports.insert(board, report);
        judged
    }

    /// Every kept report judged again, when the round's start moved since the last look
    /// (looked at most every 10 s); empty otherwise.
    pub fn recheck(
        &mut self,
        mirror: &Path,
        forget_after: Duration,
        now: std::time::Instant,
    ) -> Vec<(u32, SelfTest)> {
        let before = self.round.map(|(ms, _)| ms);
        let round_ms = self.round_ms(mirror, forget_after, now, false);
        if before == Some(round_ms) {
            return Vec::new();
        }
        self.reports
            .iter()
            .map(|(board, r)| (*board, SelfTest::of(Some(r), round_ms)))
            .collect()
    }

    fn round_ms(
        &mut self,
        mirror: &Path,
        forget_after: Duration,
        now: std::time::Instant,
        force: bool,
    ) -> i64 {
        match self.round {
            Some((ms, at)) if !force && now.saturating_duration_since(at) < ROUND_CHECK => ms,
            _ => {
                let ms = round_start(mirror, forget_after, crate::journal::wall_now());
                // Without a round the window slides with the clock: judged afresh only when
                // a round's file appears or changes (a minute's slide is not a new round).
                let ms = match self.round {
                    Some((old, _)) if (ms - old).abs() < 60_000 => old,
                    _ => ms,
                };
                self.round = Some((ms, now));
                ms
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(started_ms: i64, problems: usize) -> Report {
        Report {
            format: Report::FORMAT,
            program: "talkclock".into(),
            host: "h".into(),
            board: Some(3),
            started_ms,
            ended_ms: started_ms,
            config: "c".into(),
            config_digest: "d".into(),
            devices: Vec::new(),
            outcomes: Vec::new(),
            said: Vec::new(),
            problems,
            passed: problems == 0,
        }
    }

    #[test]
    fn a_self_test_before_the_round_does_not_count_for_it() {
        assert_eq!(SelfTest::of(None, 100), SelfTest::None);
        assert_eq!(
            SelfTest::of(Some(&report(99, 0)), 100),
            SelfTest::Earlier { at_ms: 99 }
        );
        assert_eq!(
            SelfTest::of(Some(&report(100, 0)), 100),
            SelfTest::Passed { at_ms: 100 }
        );
        assert_eq!(
            SelfTest::of(Some(&report(150, 2)), 100),
            SelfTest::Failed {
                at_ms: 150,
                problems: 2
            }
        );
        // 1970-01-01 00:00:00.150 UTC.
        assert_eq!(
            SelfTest::of(Some(&report(150, 2)), 100).status_words(),
            "selftest FAILED 00:00 UTC (2 problems)"
        );
    }

    #[test]
    fn without_a_round_the_window_is_forget_after() {
        let dir = match tempfile::tempdir() {
            Ok(d) => d,
            Err(e) => panic!("{e}"),
        };
        let mirror = dir.path().join("mirror");
        assert_eq!(
            round_start(&mirror, Duration::from_secs(10), 50_000),
            40_000
        );
    }
}
