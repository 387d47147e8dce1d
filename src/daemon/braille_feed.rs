//! The players' Braille displays (`braille = true`): each player's line built from the core
//! (his time, who is on move, the moves to the control, the last message the rules sent him;
//! his opponent's time for [`OPPONENT_SHOWN_FOR`] after he asked for it), written when
//! [`Throttle`] says, through a [`Link`] that never blocks the clock's thread. The display's
//! keys come back as actions for the core: a routing key (any cell), line up, home or return
//! asks for his own time, as his time button does; line down for his opponent's time.

use super::core::{Core, CoreOutput, TextKind};
use crate::braille::protocol::command;
use crate::braille::view::{line, message_of, LineFacts, OnMove};
use crate::braille::{ClientError, Key, Link, Settings, Throttle};
use crate::clock::{Game, Input, Phase, Side};
use crate::config::Config;
use crate::hearing::{Lang, Listener};
use crate::input::mapper::{ButtonAction, MappedAction};
use crate::speech::Announcement;
use crate::table::TableOutput;
use crossbeam_channel::Sender;
use std::time::{Duration, Instant};

/// After the opponent's time was asked for, it stays on the line this long.
pub const OPPONENT_SHOWN_FOR: Duration = Duration::from_secs(10);

/// What a key on `side`'s display asks for.
pub fn action_of(side: Side, key: Key) -> Option<ButtonAction> {
    match key {
        Key::Route(_) | Key::Command(command::LINE_UP | command::HOME | command::RETURN) => {
            Some(ButtonAction::Game(Input::Query(side)))
        }
        Key::Command(command::LINE_DOWN) => Some(ButtonAction::OpponentTime(side)),
        _ => None,
    }
}

/// Where the game stands for `side`.
pub fn on_move_of(game: &Game, side: Side) -> OnMove {
    match game.phase() {
        Phase::NotStarted => OnMove::NotStarted,
        Phase::Running(running) if running == side => OnMove::Own,
        Phase::Running(_) => OnMove::Opponent,
        Phase::Paused(_) => OnMove::Paused,
        Phase::PlayerStopped { .. } => OnMove::Stopped,
        Phase::Flagged(_) => OnMove::Flag,
        Phase::Finished => OnMove::Over,
    }
}

/// One player's display.
struct Display {
    side: Side,
    lang: Lang,
    link: Link,
    throttle: Throttle,
    message: Option<String>,
    /// Until when his opponent's time is shown.
    opponent_until: Option<Instant>,
}

impl Display {
    fn take(&mut self, output: &CoreOutput, mono: Instant) {
        let me = Listener::player(self.side);
        match output {
            CoreOutput::Table(TableOutput::Say {
                audience, notice, ..
            }) if audience.reaches(me) => match notice {
                Announcement::Start { .. } => {
                    self.message = None;
                    self.opponent_until = None;
                }
                notice => {
                    if let Some(text) = message_of(self.lang, self.side, notice) {
                        self.message = Some(text);
                    }
                }
            },
            CoreOutput::Private {
                listener, notice, ..
            } if *listener == me => match notice {
                Announcement::OpponentTime { .. } => {
                    self.opponent_until = Some(mono + OPPONENT_SHOWN_FOR);
                }
                notice => {
                    if let Some(text) = message_of(self.lang, self.side, notice) {
                        self.message = Some(text);
                    }
                }
            },
            CoreOutput::Text {
                kind: TextKind::Notice | TextKind::Message,
                audience,
                text,
            } if audience.reaches(me) => self.message = Some(text.clone()),
            CoreOutput::Settings(config) => self.lang = config.player(self.side).language,
            _ => {}
        }
    }
}

/// The daemon's side of the Braille displays.
pub struct BrailleFeed {
    displays: Vec<Display>,
    /// Where the throttles' milliseconds count from.
    epoch: Instant,
}

/// A display that could not be reached at start: whose, the host tried, why.
pub type Absent = (Side, String, ClientError);

impl BrailleFeed {
    /// Connects the displays of the players with `braille = true`; a key pressed on one goes
    /// to `actions`. Also returns the displays that could not be reached (their links keep
    /// trying, quietly).
    pub fn start(config: &Config, actions: &Sender<MappedAction>) -> (BrailleFeed, Vec<Absent>) {
        let mut displays = Vec::new();
        let mut absent = Vec::new();
        for side in [Side::White, Side::Black] {
            let player = config.player(side);
            let Some(braille) = &player.braille else {
                continue;
            };
            let host = braille
                .host
                .clone()
                .unwrap_or_else(crate::braille::client::default_host);
            let settings = Settings {
                host: host.clone(),
                key_file: braille.key_file.clone(),
            };
            let to_core = actions.clone();
            let (link, connected) = Link::start(settings, side.name().to_string(), move |key| {
                if let Some(action) = action_of(side, key) {
                    let _ = to_core.send(MappedAction {
                        at: Instant::now(),
                        action,
                    });
                }
            });
            match connected {
                Ok(()) => tracing::info!("{} reads a Braille display on {host}", side.name()),
                Err(e) => absent.push((side, host, e)),
            }
            // The first line is due at once.
            let mut throttle = Throttle::default();
            throttle.event(0);
            displays.push(Display {
                side,
                lang: player.language,
                link,
                throttle,
                message: None,
                opponent_until: None,
            });
        }
        let feed = BrailleFeed {
            displays,
            epoch: Instant::now(),
        };
        (feed, absent)
    }

    /// Whether any player has a display.
    pub fn is_on(&self) -> bool {
        !self.displays.is_empty()
    }

    fn ms(&self, mono: Instant) -> u64 {
        mono.saturating_duration_since(self.epoch).as_millis() as u64
    }

    /// Takes the core's `outputs`, drained at `mono`: anything that came is an event, written
    /// at once.
    pub fn outputs(&mut self, core: &mut Core, outputs: &[CoreOutput], mono: Instant) {
        let now = self.ms(mono);
        for display in &mut self.displays {
            for output in outputs {
                display.take(output, mono);
            }
            if !outputs.is_empty() {
                display.throttle.event(now);
            }
        }
        self.refresh(core, mono);
    }

    /// Writes the lines that are due at `mono`.
    pub fn refresh(&mut self, core: &mut Core, mono: Instant) {
        if self.displays.is_empty() {
            return;
        }
        let now = self.ms(mono);
        let game_now = core.game_ms(mono);
        let game = core.table().game();
        let ticking = game.running().is_some();
        for display in &mut self.displays {
            if display.opponent_until.is_some_and(|until| mono >= until) {
                display.opponent_until = None;
                display.throttle.event(now);
            }
            if !display.throttle.take(now, ticking) {
                continue;
            }
            let side = display.side;
            let facts = LineFacts {
                side,
                lang: display.lang,
                own_ms: game.remaining(side, game_now),
                on_move: on_move_of(game, side),
                opponent_ms: display
                    .opponent_until
                    .map(|_| game.remaining(side.other(), game_now)),
                moves_to_control: game.moves_to_control(side),
                message: display.message.clone(),
            };
            display.link.show(line(&facts, display.link.cells()));
        }
    }

    /// When a line is next due (the loop wakes then).
    pub fn next_wake(&self, core: &Core) -> Option<Instant> {
        let ticking = core.table().game().running().is_some();
        self.displays
            .iter()
            .flat_map(|d| {
                let due = d
                    .throttle
                    .next_due(ticking)
                    .map(|ms| self.epoch + Duration::from_millis(ms));
                due.into_iter().chain(d.opponent_until)
            })
            .min()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routing_keys_ask_for_his_time_and_line_down_for_the_opponents() {
        assert_eq!(
            action_of(Side::Black, Key::Route(7)),
            Some(ButtonAction::Game(Input::Query(Side::Black)))
        );
        assert_eq!(
            action_of(Side::White, Key::Command(command::HOME)),
            Some(ButtonAction::Game(Input::Query(Side::White)))
        );
        assert_eq!(
            action_of(Side::White, Key::Command(command::LINE_DOWN)),
            Some(ButtonAction::OpponentTime(Side::White))
        );
        assert_eq!(action_of(Side::White, Key::Other(0x6a)), None);
        assert_eq!(action_of(Side::White, Key::Command(9)), None);
    }
}
