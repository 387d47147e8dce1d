//! Percentiles of measured samples.

use serde::{Deserialize, Serialize};

/// The p50, p99, largest and smallest of a set of samples, in the unit the caller chose,
/// rounded to three decimals.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// Median (nearest rank).
    pub p50: f64,
    /// 99th percentile (nearest rank).
    pub p99: f64,
    /// The largest sample.
    pub max: f64,
    /// The smallest sample.
    pub min: f64,
    /// How many samples.
    pub n: usize,
}

impl Summary {
    /// Summarises `values`; `None` when there are none (nothing was measured).
    pub fn of(values: &[f64]) -> Option<Summary> {
        let mut sorted: Vec<f64> = values.iter().copied().filter(|v| v.is_finite()).collect();
        if sorted.is_empty() {
            return None;
        }
        sorted.sort_by(f64::total_cmp);
        Some(Summary {
            p50: round(percentile(&sorted, 50.0), 3),
            p99: round(percentile(&sorted, 99.0), 3),
            max: round(sorted[sorted.len() - 1], 3),
            min: round(sorted[0], 3),
            n: sorted.len(),
        })
    }
}

/// The `p`-th percentile (0..=100) of sorted, non-empty `values`, by nearest rank.
fn percentile(sorted: &[f64], p: f64) -> f64 {
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// Rounds to `places` decimals, for printing.
pub fn round(value: f64, places: i32) -> f64 {
    let scale = 10f64.powi(places);
    (value * scale).round() / scale
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_rank_percentiles() {
        let values: Vec<f64> = (1..=100).map(f64::from).collect();
        let s = Summary::of(&values).expect("samples");
        assert_eq!((s.p50, s.p99, s.max, s.n), (50.0, 99.0, 100.0, 100));
    }

    #[test]
    fn nothing_measured_is_none() {
        assert!(Summary::of(&[]).is_none());
        assert!(Summary::of(&[f64::NAN]).is_none());
    }
}
