//! Millisecond stamps that keep each clock exact over a whole game.
//!
//! Game time is counted in whole milliseconds. Rounding every input's instant on its own makes
//! each turn up to ±1 ms off, and those errors wander within one side like a random walk (the
//! sum of both clocks stays exact, each clock does not). Instead, an input that stops one
//! clock or starts one is stamped at the floor or the ceiling of its true instant, whichever
//! keeps that side's accumulated error (true time run minus time charged) nearer zero: each
//! side stays within about half a millisecond of the truth however long the game.

use crate::clock::{Input, Ms, Phase, Ruling, Side};
use crate::table::Request;

/// Per side, the time that truly ran minus the time charged, in milliseconds.
#[derive(Debug, Clone, Default)]
pub struct Stamper {
    residual: [f64; 2],
}

impl Stamper {
    /// The stamp for an input at `exact_ms` that stops `ends`' clock and starts `starts`'.
    pub fn choose(&self, exact_ms: f64, ends: Option<Side>, starts: Option<Side>) -> Ms {
        let floor = exact_ms.floor();
        if ends == starts {
            return exact_ms.round() as Ms;
        }
        let cost = |stamp: f64| {
            let e = exact_ms - stamp;
            ends.map_or(0.0, |s| (self.residual[s.index()] + e).abs())
                + starts.map_or(0.0, |s| (self.residual[s.index()] - e).abs())
        };
        if cost(floor) <= cost(floor + 1.0) {
            floor as Ms
        } else {
            floor as Ms + 1
        }
    }

    /// Records that at `stamp` (true instant `exact_ms`) `ended`'s clock stopped and
    /// `started`'s began.
    pub fn record(&mut self, exact_ms: f64, stamp: Ms, ended: Option<Side>, started: Option<Side>) {
        let e = exact_ms - stamp as f64;
        if let Some(side) = ended {
            self.residual[side.index()] += e;
        }
        if let Some(side) = started {
            self.residual[side.index()] -= e;
        }
    }

    /// A side's accumulated error, in milliseconds.
    pub fn residual(&self, side: Side) -> f64 {
        self.residual[side.index()]
    }
}

/// Which clock a request will stop and which it will start, as far as can be told before it
/// is applied (a wrong guess only costs precision, never correctness: the record uses what
/// really happened).
pub fn predict(phase: Phase, request: &Request) -> (Option<Side>, Option<Side>) {
    match (phase, request) {
        (Phase::Running(r), Request::Game(Input::Press(s))) if r == *s => {
            (Some(r), Some(r.other()))
        }
        (Phase::Running(r), Request::Game(Input::Pause | Input::Stop(_))) => (Some(r), None),
        (Phase::Paused(p), Request::Game(Input::Resume)) => (None, Some(p)),
        (
            Phase::PlayerStopped { running, .. },
            Request::Game(Input::Ruling(Ruling::Misunderstanding)),
        ) => (None, Some(running)),
        _ => (None, None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A long game of presses at random sub-millisecond instants: the time charged to each side
    /// stays within a millisecond of the time that truly ran.
    fn charged_error(shaped: bool) -> f64 {
        let mut stamper = Stamper::default();
        let mut seed: u64 = 0x1234_5678;
        let mut exact = 0.0f64;
        let mut last_stamp: Ms = 0;
        let mut true_run = [0.0f64; 2];
        let mut charged: [Ms; 2] = [0; 2];
        let mut running = Side::White;
        let mut worst = 0.0f64;
        for _ in 0..20_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let think = 300.0 + (seed % 5_000_000) as f64 / 1000.0;
            let previous_exact = exact;
            exact += think;
            let stamp = if shaped {
                stamper.choose(exact, Some(running), Some(running.other()))
            } else {
                exact.round() as Ms
            };
            stamper.record(exact, stamp, Some(running), Some(running.other()));
            true_run[running.index()] += exact - previous_exact;
            charged[running.index()] += stamp - last_stamp;
            last_stamp = stamp;
            running = running.other();
            for side in Side::BOTH {
                worst = worst.max((true_run[side.index()] - charged[side.index()] as f64).abs());
            }
        }
        worst
    }

    #[test]
    fn shaped_stamps_keep_each_side_within_a_millisecond() {
        let shaped = charged_error(true);
        assert!(shaped <= 1.0, "shaped: {shaped} ms");
        let plain = charged_error(false);
        assert!(
            plain > 5.0,
            "plain rounding wanders (this is what shaping fixes): {plain} ms"
        );
    }

    #[test]
    fn predicts_what_an_input_stops_and_starts() {
        use Side::{Black, White};
        let press = |s| Request::Game(Input::Press(s));
        assert_eq!(
            predict(Phase::Running(White), &press(White)),
            (Some(White), Some(Black))
        );
        assert_eq!(predict(Phase::Running(White), &press(Black)), (None, None));
        assert_eq!(
            predict(Phase::Running(Black), &Request::Game(Input::Pause)),
            (Some(Black), None)
        );
        assert_eq!(
            predict(Phase::Paused(Black), &Request::Game(Input::Resume)),
            (None, Some(Black))
        );
        assert_eq!(
            predict(Phase::Running(White), &Request::Game(Input::Query(White))),
            (None, None)
        );
    }

    #[test]
    fn no_boundary_rounds_to_the_nearest() {
        let stamper = Stamper::default();
        assert_eq!(stamper.choose(10.4, None, None), 10);
        assert_eq!(stamper.choose(10.6, None, None), 11);
    }
}
