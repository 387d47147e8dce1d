//! What a board in a hall hands its link (`[hall]`): the alerts the rules address to the
//! arbiter, taken from the core's outputs, and the board's state, at least every
//! [`STATE_EVERY`] and whenever it changes. Deciding is pure ([`alert_of`]); the link's thread
//! does the network.

use super::core::{Core, CoreOutput};
use crate::clock::Ms;
use crate::clock::{GameResult, Side};
use crate::control::reply::{Moves, PhaseWord, Status};
use crate::hall::link::{HallLink, ToLink};
use crate::hall::payload::{Names, Stages};
use crate::hall::{AlertMsg, Priority, StateMsg};
use crate::hearing::Listener;
use crate::speech::Announcement;
use crate::table::TableOutput;
use std::time::{Duration, Instant};

/// The state is published at least this often (it is the board's heartbeat).
pub const STATE_EVERY: Duration = Duration::from_secs(2);

/// The alert an output is, if it is one: (game time, priority, notice). Flags, warnings, a
/// player stopping the clock and results always are (the rules address them to the arbiter);
/// refusals, pauses and adjustments when the board says them to its arbiter; the daemon's own
/// notices (a controller lost, the machine slept, the journal, the seal) when they are for the
/// arbiter, as data that the station phrases in its arbiter's language; never the help or the
/// arbiter's own message.
pub fn alert_of(output: &CoreOutput) -> Option<(Option<Ms>, Priority, Announcement)> {
    match output {
        CoreOutput::Table(TableOutput::Say {
            at_ms,
            audience,
            notice,
        }) => {
            let priority = match notice {
                Announcement::Flag { .. } => Priority::Flag,
                Announcement::Warning { .. } | Announcement::MainTimeWarning { .. } => {
                    Priority::Warning
                }
                Announcement::PlayerStop { .. } | Announcement::Result { .. } => Priority::Other,
                Announcement::Refused
                | Announcement::Pause
                | Announcement::Resume
                | Announcement::Adjusted { .. }
                    if audience.reaches(Listener::Arbiter) =>
                {
                    Priority::Other
                }
                _ => return None,
            };
            Some((Some(*at_ms), priority, notice.clone()))
        }
        CoreOutput::Notice { audience, notice } if audience.reaches(Listener::Arbiter) => {
            Some((None, Priority::Other, notice.clone()))
        }
        _ => None,
    }
}

/// What, in a status, makes a new state worth publishing at once.
type Shape = (PhaseWord, Option<Side>, Moves, Option<GameResult>);

/// The daemon's side of the hall.
pub struct HallFeed {
    link: HallLink,
    /// When the state was last published, and its shape.
    last: Option<(Instant, Shape)>,
    /// The configuration's digest, computed when the configuration changes (not per state).
    digest: String,
}

impl HallFeed {
    /// Feeds `link` for a board playing under `config_text`.
    pub fn new(link: HallLink, config_text: &str) -> HallFeed {
        HallFeed {
            link,
            last: None,
            digest: config_digest(config_text),
        }
    }

    /// Hands over the alerts among `outputs`, drained at `mono`/`wall_ms`.
    pub fn outputs(
        &mut self,
        core: &mut Core,
        outputs: &[CoreOutput],
        mono: Instant,
        wall_ms: i64,
    ) {
        if outputs.iter().any(|o| matches!(o, CoreOutput::Settings(_))) {
            self.digest = config_digest(core.config_text());
        }
        let now_ms = core.game_ms(mono);
        for output in outputs {
            let Some((at_ms, priority, notice)) = alert_of(output) else {
                continue;
            };
            let game_ms = at_ms.unwrap_or(now_ms);
            self.link.send(ToLink::Alert(Box::new(AlertMsg {
                board: self.link.board(),
                game: String::new(),
                id: 0,
                wall_ms: wall_ms - (now_ms - game_ms).max(0),
                game_ms,
                priority,
                notice: Some(notice),
                text: None,
                lang: None,
            })));
        }
        if !outputs.is_empty() {
            self.state(core, mono, wall_ms, true);
        }
    }

    /// Publishes the state when it changed (`changed`) or is due.
    pub fn state(&mut self, core: &mut Core, mono: Instant, wall_ms: i64, changed: bool) {
        let status: Status = core.status(mono);
        let shape: Shape = (status.phase, status.running, status.moves, status.result);
        let due = match &self.last {
            None => true,
            Some((at, last)) => {
                mono.saturating_duration_since(*at) >= STATE_EVERY || (changed && *last != shape)
            }
        };
        if !due {
            return;
        }
        self.last = Some((mono, shape));
        let status = serde_json::to_value(&status).unwrap_or(serde_json::Value::Null);
        self.link.send(ToLink::State(Box::new(StateMsg {
            board: self.link.board(),
            game: String::new(),
            wall_ms,
            records: 0,
            alerts: 0,
            config_digest: self.digest.clone(),
            stage: Stages {
                white: core.table().game().stage_number(Side::White),
                black: core.table().game().stage_number(Side::Black),
            },
            status,
            names: Some(Names {
                white: core.config().players[0].name.clone(),
                black: core.config().players[1].name.clone(),
            }),
        })));
    }
}

/// The first 16 hex digits of the SHA-256 of a configuration's text.
pub fn config_digest(text: &str) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(text.as_bytes())
        .iter()
        .take(8)
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::Side;
    use crate::hearing::Audience;

    use crate::daemon::test_outputs::say;

    #[test]
    fn a_flag_is_an_alert_even_when_the_board_tells_only_the_players() {
        let flag = say(Announcement::Flag { side: Side::White }, &[Listener::White]);
        assert_eq!(
            alert_of(&flag).map(|(at, p, _)| (at, p)),
            Some((Some(5), Priority::Flag))
        );
    }

    #[test]
    fn the_help_and_the_arbiters_own_message_are_no_alerts_but_a_controller_lost_is() {
        use crate::daemon::TextKind;
        let text = |kind| CoreOutput::Text {
            kind,
            audience: Audience::of(&[Listener::Arbiter]),
            text: "x".into(),
        };
        assert!(alert_of(&text(TextKind::Help)).is_none());
        assert!(alert_of(&text(TextKind::Message)).is_none());
        let lost = Announcement::ControllerLost {
            device: "gamepad".into(),
        };
        let notice = |listeners: &[Listener]| CoreOutput::Notice {
            audience: Audience::of(listeners),
            notice: lost.clone(),
        };
        assert_eq!(
            alert_of(&notice(&Listener::EARS)),
            Some((None, Priority::Other, lost.clone())),
            "a notice travels as data, not as words in the board's language"
        );
        assert!(alert_of(&notice(&[Listener::White])).is_none());
    }

    #[test]
    fn a_move_is_no_alert_and_a_pause_only_when_the_arbiter_hears_it() {
        let mv = say(
            Announcement::Move {
                side: Side::White,
                number: 3,
            },
            &[Listener::Arbiter],
        );
        assert!(alert_of(&mv).is_none());
        assert!(alert_of(&say(Announcement::Pause, &[Listener::White])).is_none());
        assert!(alert_of(&say(Announcement::Pause, &[Listener::Arbiter])).is_some());
    }
}
