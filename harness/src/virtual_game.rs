//! A seven-hour, two-hundred-move game on virtual time through the table (core + warning
//! scheduler): the final times against what the press timestamps say, and how fast it runs.

use talkclock::clock::{Input, Ms, Side, HOUR};
use talkclock::config::Config;
use talkclock::table::{Request, Table};

/// The FMJD classical control: 2 h for 50 moves, then 1 h for every 25.
pub const FMJD_CLASSICAL: &str = include_str!("../../config/fmjd-classical.toml");

/// What the virtual game showed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VirtualGame {
    /// Game length, in virtual milliseconds.
    pub length_ms: Ms,
    /// Largest |clock − expected| over both sides at the end, in milliseconds.
    pub drift_ms: Ms,
    /// Outputs the table produced (presses, stages, warnings…).
    pub outputs: usize,
}

/// Think time for a side's k-th move: 100 to 145 s, spread by a fixed stride.
fn think(k: i64) -> Ms {
    100_000 + (k * 7_919) % 45_001
}

/// Plays the seven-hour game on a parsed FMJD configuration.
pub fn seven_hour_game(config: &Config) -> VirtualGame {
    let mut table = Table::new(&config.table_settings(), 0);
    table.handle(0, Request::Game(Input::Start));
    let mut outputs = table.drain().len();
    let mut now: Ms = 0;
    let mut spent = [0 as Ms; 2];
    for k in 0..200 {
        let side = if k % 2 == 0 { Side::White } else { Side::Black };
        let t = think(k);
        now += t;
        spent[side.index()] += t;
        table.handle(now, Request::Game(Input::Press(side)));
        outputs += table.drain().len();
    }
    let end = now + 1_000;
    table.advance(end);
    outputs += table.drain().len();
    // Each side made 100 moves: 2 h for the first 50, an hour more at moves 50, 75 and 100;
    // the 200th move is Black's, so White's clock ran for the last second.
    let available = 5 * HOUR;
    let expected = [available - spent[0] - 1_000, available - spent[1]];
    let game = table.game();
    let drift_ms = Side::BOTH
        .iter()
        .map(|&s| (game.remaining(s, end) - expected[s.index()]).abs())
        .max()
        .unwrap_or(0);
    VirtualGame {
        length_ms: end,
        drift_ms,
        outputs,
    }
}

/// Parses the embedded FMJD configuration.
pub fn fmjd_config() -> Result<Config, String> {
    Config::parse(FMJD_CLASSICAL, "config/fmjd-classical.toml").map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seven_hours_without_drift() {
        let config = fmjd_config().expect("the shipped config parses");
        let game = seven_hour_game(&config);
        assert!(game.length_ms > 6 * HOUR + 30 * 60_000);
        assert_eq!(game.drift_ms, 0);
    }
}
