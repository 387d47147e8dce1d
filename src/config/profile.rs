//! What the rule profile (`rules = "…"`) forbids a configuration to override.
//!
//! The profile sets the defaults of warnings and audiences (`schedule::default_warnings`,
//! `table::Announce::for_rules`); explicit settings override them, except where the draughts
//! rules themselves require something of a tournament: the warning of 1.7.9 for a player's
//! vision, and the opponent being told of a fallen flag (1.7.9). FIDE requires neither, so
//! under `fide` every setting is the player's or the organiser's choice.

use super::diagnostic::Collector;
use super::raw::RawPlayer;
use super::{rule_warning, Mode, Player, Rules, Vision};
use crate::clock::time::Clock;
use toml::Spanned;

/// The clause to cite: the draughts rule or the FIDE Law, whichever profile is in force.
pub(super) fn cite(rules: Rules, draughts: &'static str, fide: &'static str) -> &'static str {
    match rules {
        Rules::RussianDraughts => draughts,
        Rules::Fide => fide,
    }
}

/// A player's own `warnings` list: not together with `extra_warnings`, and in a draughts
/// tournament it must keep the warning 1.7.9 requires for his vision.
pub(super) fn check_player_warnings(
    c: &mut Collector,
    player: &Player,
    raw: &RawPlayer,
    rules: Rules,
    mode: Mode,
) {
    let (Some(list), Some(own)) = (&raw.warnings, &player.warnings) else {
        return;
    };
    if raw.extra_warnings.is_some() {
        c.at(
            list.span(),
            "`warnings` and `extra_warnings` cannot both be set: `warnings` lists every warning \
             the player gets, `extra_warnings` adds to the rules' default for his vision",
        );
    }
    if rules != Rules::RussianDraughts || mode != Mode::Tournament {
        return;
    }
    let Some(required) = rule_warning(player.vision) else {
        return;
    };
    // A list whose own problems were reported has fewer times than entries: not checked.
    if own.len() == list.get_ref().len() && !own.contains(&required) {
        let who = match player.vision {
            Vision::TotallyBlind => "a totally blind player",
            _ => "a low-vision player",
        };
        c.at(
            list.span(),
            format!(
                "`warnings` must include \"{}\" for {who}: rule 1.7.9 requires that warning in \
                 a draughts tournament (use `extra_warnings` to add others to it)",
                Clock(required)
            ),
        );
    }
}

/// `[announce] flag_to_opponent = false` leaves the opponent untold of a fallen flag: refused
/// in a draughts tournament (1.7.9: the arbiter must warn a player of the opponent's flag).
pub(super) fn check_flag_to_opponent(
    c: &mut Collector,
    value: &Spanned<bool>,
    rules: Rules,
    mode: Mode,
) {
    if !*value.get_ref() && rules == Rules::RussianDraughts && mode == Mode::Tournament {
        c.at(
            value.span(),
            "`flag_to_opponent = false` is not allowed in a draughts tournament: the opponent \
             must be told of a fallen flag (1.7.9); under `rules = \"fide\"` the flag goes to \
             the arbiter only by default (6.8)",
        );
    }
}
