//! `[time_control.overtime]` and `[time_control] upcount = true`: reading them, and refusing
//! the combinations that make no sense, each at its line and column.
//!
//! - Overtime follows a last stage that is a rest-of-the-game stage (no `moves`, no
//!   `repeat`), never an hourglass; byo-yomi needs `periods` (1–1000), Canadian `moves`
//!   (1–10000), both a `time` above zero.
//! - An upcount clock has no stages, hourglass, overtime or start times: time counts up from
//!   zero for both players.

use super::diagnostic::Collector;
use super::raw::{RawConfig, RawOvertime, RawTimeControl};
use crate::clock::time::parse_duration;
use crate::clock::{ControlError, Overtime, TimeControl};
use toml::Spanned;

/// The most byo-yomi periods a control may have (the core's bound).
const MAX_PERIODS: i64 = crate::clock::overtime::MAX_PERIODS as i64;
/// The most moves a Canadian period may ask for.
const MAX_MOVES: i64 = crate::clock::overtime::MAX_OVERTIME_MOVES as i64;

/// Reads `[time_control.overtime]`, reporting each problem at its place.
pub(super) fn overtime(c: &mut Collector, raw: &Spanned<RawOvertime>) -> Option<Overtime> {
    let o = raw.get_ref();
    let count = |c: &mut Collector, value: &Option<Spanned<i64>>, key: &str, max: i64| match value {
        None => {
            c.at(
                raw.span(),
                format!("[time_control.overtime] needs `{key}`, e.g. {key} = 5"),
            );
            None
        }
        Some(v) if (1..=max).contains(v.get_ref()) => Some(*v.get_ref() as u32),
        Some(v) => {
            c.at(
                v.span(),
                format!("overtime: `{key}` must be a whole number from 1 to {max}"),
            );
            None
        }
    };
    let misplaced = |c: &mut Collector, value: &Option<Spanned<i64>>, message: &str| {
        if let Some(v) = value {
            c.at(v.span(), message);
        }
    };
    let time = match &o.time {
        None => {
            c.at(
                raw.span(),
                "[time_control.overtime] needs `time`, the time of each period, e.g. time = \"0:30\"",
            );
            None
        }
        Some(t) => match parse_duration(t.get_ref()) {
            Ok(0) => {
                c.at(t.span(), ControlError::OvertimeZeroTime.to_string());
                None
            }
            Ok(ms) => Some(ms),
            Err(e) => {
                c.at(t.span(), format!("overtime `time`: {e}"));
                None
            }
        },
    };
    let Some(kind) = &o.kind else {
        c.at(
            raw.span(),
            "[time_control.overtime] needs `kind = \"byoyomi\"` or `kind = \"canadian\"`",
        );
        return None;
    };
    match kind.get_ref().as_str() {
        "byoyomi" => {
            misplaced(
                c,
                &o.moves,
                "overtime: `moves` is for `kind = \"canadian\"`; byo-yomi counts `periods`",
            );
            let periods = count(c, &o.periods, "periods", MAX_PERIODS);
            Some(Overtime::Byoyomi {
                periods: periods?,
                time: time?,
            })
            .filter(|_| o.moves.is_none())
        }
        "canadian" => {
            misplaced(
                c,
                &o.periods,
                "overtime: `periods` is for `kind = \"byoyomi\"`; Canadian overtime counts `moves` per period",
            );
            let moves = count(c, &o.moves, "moves", MAX_MOVES);
            Some(Overtime::Canadian {
                moves: moves?,
                time: time?,
            })
            .filter(|_| o.periods.is_none())
        }
        other => {
            c.at(
                kind.span(),
                format!("`{other}` is not an overtime; expected byoyomi or canadian"),
            );
            None
        }
    }
}

/// Adds an overtime to a control built from the stages, reporting what does not go together.
pub(super) fn with_overtime(
    c: &mut Collector,
    raw: &Spanned<RawTimeControl>,
    control: TimeControl,
    overtime_raw: &Spanned<RawOvertime>,
    overtime: Overtime,
) -> Option<TimeControl> {
    let problems = TimeControl::overtime_problems(control.stages(), control.hourglass(), &overtime);
    for problem in &problems {
        let span = match problem {
            ControlError::OvertimeAfterMoves => match raw.get_ref().stage.last() {
                Some(last) => last.span(),
                None => overtime_raw.span(),
            },
            _ => overtime_raw.span(),
        };
        c.at(span, problem.to_string());
    }
    control.with_overtime(overtime).ok()
}

/// The upcount clock, if `upcount = true` and nothing that contradicts it is configured.
pub(super) fn upcount(
    c: &mut Collector,
    raw: &Spanned<RawTimeControl>,
    config: &RawConfig,
) -> Option<TimeControl> {
    let tc = raw.get_ref();
    let before = c.count();
    for stage in &tc.stage {
        c.at(
            stage.span(),
            "`upcount = true` counts time up from zero: remove the [[time_control.stage]] tables (no stages, increments or delays)",
        );
    }
    if tc.hourglass {
        c.at(
            raw.span(),
            "`upcount = true` and `hourglass = true` cannot go together",
        );
    }
    if let Some(o) = &tc.overtime {
        c.at(
            o.span(),
            "`upcount = true` has no flag and so no overtime: remove [time_control.overtime]",
        );
    }
    for player in [&config.players.white, &config.players.black] {
        if let Some(start) = &player.start_time {
            c.at(
                start.span(),
                "`start_time`: an upcount clock starts from zero for both players",
            );
        }
    }
    (c.count() == before).then(TimeControl::upcount)
}
