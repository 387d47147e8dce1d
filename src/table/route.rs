//! Who hears each clock event, as rules 1.7.7 and 1.7.9 say.
//!
//! - A flag alert goes to the arbiter, and to the flagged player's opponent when
//!   [`Announce::flag_to_opponent`] says so (the draughts rules' default, 1.7.9; under FIDE
//!   only if configured, 6.8); never to the flagged player, whom the arbiter tells. A loss on
//!   time is announced to the same listeners.
//! - A player's own time goes to his earpiece only.
//! - Entering overtime, or a byo-yomi period used up, is told to the player and the arbiter,
//!   like a warning; a fresh Canadian period earned by a press is told to the player.
//! - A refused command goes to the arbiter only.
//! - Pauses, adjustments, stops and other results go to both players and the arbiter.

use super::settings::Announce;
use crate::clock::{Event, Game, Outcome, Reason, Side};
use crate::hearing::Cue;
use crate::hearing::Listener;
use crate::speech::{Announcement, ClockPhase};

/// What a listener gets.
pub enum Said {
    /// Words.
    Words(Announcement),
    /// A cue about a side's clock.
    Cue(Cue, Side),
}

const EVERYONE: [Listener; 3] = [Listener::White, Listener::Black, Listener::Arbiter];

/// The announcements an event makes, each with its listeners.
pub fn route(event: &Event, game: &Game, announce: &Announce) -> Vec<(Vec<Listener>, Said)> {
    let player = |side: Side| Listener::player(side);
    let mut out: Vec<(Vec<Listener>, Said)> = Vec::new();
    match *event {
        Event::Start { side } => {
            out.push((EVERYONE.to_vec(), Said::Words(Announcement::Start { side })))
        }
        Event::Resume => out.push((EVERYONE.to_vec(), Said::Words(Announcement::Resume))),
        Event::Press {
            side, move_number, ..
        } => {
            out.push((vec![player(side)], Said::Cue(Cue::Click, side)));
            if !announce.moves.is_empty() {
                let notice = Announcement::Move {
                    side,
                    number: move_number,
                };
                out.push((announce.moves.clone(), Said::Words(notice)));
            }
            if let Some(notice) = fresh_canadian_period(game, side) {
                out.push((vec![player(side)], Said::Words(notice)));
            }
            if let Some(moves) = game.moves_to_control(side) {
                if announce.moves_to_control.contains(&moves) {
                    out.push((
                        vec![player(side)],
                        Said::Words(Announcement::MovesToControl { side, moves }),
                    ));
                }
            }
        }
        Event::IgnoredPress { side } => out.push((vec![player(side)], Said::Cue(Cue::Buzz, side))),
        Event::Stage { side, added_ms, .. } => out.push((
            vec![player(side)],
            Said::Words(Announcement::NewStage { side, added_ms }),
        )),
        Event::Overtime { side, state, .. } => {
            if let Some(&overtime) = game.control().overtime() {
                let notice = Announcement::Overtime {
                    side,
                    overtime,
                    state,
                };
                out.push((vec![player(side), Listener::Arbiter], Said::Words(notice)));
            }
        }
        Event::Flag { side } => {
            let audience = flag_audience(side, announce);
            out.push((audience.clone(), Said::Cue(Cue::FlagAlarm, side)));
            out.push((audience, Said::Words(Announcement::Flag { side })));
        }
        Event::Pause => out.push((EVERYONE.to_vec(), Said::Words(Announcement::Pause))),
        Event::Adjust {
            side,
            new_ms,
            clamped,
            ..
        } => out.push((
            EVERYONE.to_vec(),
            Said::Words(Announcement::Adjusted {
                side,
                new_ms,
                clamped,
            }),
        )),
        Event::PlayerStop { side } => out.push((
            EVERYONE.to_vec(),
            Said::Words(Announcement::PlayerStop { side }),
        )),
        Event::Ruling { .. } => {}
        Event::RolledBack {
            side,
            move_number,
            white_ms,
            black_ms,
        } => {
            let to_move = match game.phase() {
                crate::clock::Phase::Paused(to_move) => to_move,
                _ => side.other(),
            };
            out.push((
                EVERYONE.to_vec(),
                Said::Words(Announcement::RolledBack {
                    number: move_number,
                    white_ms,
                    black_ms,
                    to_move,
                }),
            ));
        }
        Event::Result { outcome, reason } => {
            // A loss on time is told only to those who may point out the flag: the winner
            // (the flagged player's opponent) and the arbiter.
            let audience = match (reason, outcome) {
                (Reason::TimeForfeit, Outcome::White) => flag_audience(Side::Black, announce),
                (Reason::TimeForfeit, Outcome::Black) => flag_audience(Side::White, announce),
                _ => EVERYONE.to_vec(),
            };
            out.push((
                audience,
                Said::Words(Announcement::Result { outcome, reason }),
            ));
        }
        Event::Query {
            side,
            remaining_ms,
            opponent_ms,
            moves_to_control,
            overtime,
        } => {
            let notice = match readout_phase(game, overtime) {
                Some(phase) => Announcement::PhaseReadout {
                    side,
                    remaining_ms,
                    phase,
                },
                None => Announcement::TimeReadout {
                    side,
                    remaining_ms,
                    moves_made: announce.moves_on_query.then(|| game.moves(side)),
                    moves_to_control,
                },
            };
            out.push((vec![player(side)], Said::Words(notice)));
            if announce.opponent_time_on_query {
                let opponent = side.other();
                // With an overtime or upcount the opponent's time says its phase too.
                let notice = match readout_phase(game, game.overtime(opponent)) {
                    Some(phase) => Announcement::PhaseReadout {
                        side: opponent,
                        remaining_ms: opponent_ms,
                        phase,
                    },
                    None => Announcement::OpponentTime {
                        side: opponent,
                        remaining_ms: opponent_ms,
                    },
                };
                out.push((vec![player(side)], Said::Words(notice)));
            }
        }
        Event::Rejected { .. } => {
            out.push((vec![Listener::Arbiter], Said::Words(Announcement::Refused)))
        }
    }
    out
}

/// Who is told that `flagged`'s flag fell: the arbiter, and the opponent if so configured.
fn flag_audience(flagged: Side, announce: &Announce) -> Vec<Listener> {
    if announce.flag_to_opponent {
        vec![Listener::player(flagged.other()), Listener::Arbiter]
    } else {
        vec![Listener::Arbiter]
    }
}

/// Where a side's clock stands for a readout, when the control has an overtime or counts up;
/// `None` for the plain readout.
fn readout_phase(game: &Game, overtime: Option<crate::clock::OvertimeState>) -> Option<ClockPhase> {
    if game.control().is_upcount() {
        return Some(ClockPhase::Upcount);
    }
    game.control().overtime()?;
    Some(match overtime {
        None => ClockPhase::MainTime,
        Some(state) => match (state.periods_left, state.moves_left) {
            (Some(periods_left), _) => ClockPhase::Byoyomi { periods_left },
            (None, moves_left) => ClockPhase::Canadian {
                moves_left: moves_left.unwrap_or(0),
            },
        },
    })
}

/// "Белые: два хода за двадцать секунд." after the press that made a Canadian period's moves
/// and began a fresh period (the transcript shows it only as the full period on the press).
fn fresh_canadian_period(game: &Game, side: Side) -> Option<Announcement> {
    let overtime = *game.control().overtime()?;
    let state = game.overtime(side)?;
    match overtime {
        crate::clock::Overtime::Canadian { moves, .. } if state.moves_left == Some(moves) => {
            Some(Announcement::Overtime {
                side,
                overtime,
                state,
            })
        }
        _ => None,
    }
}
