//! The players' Braille displays (`braille = true`): each player's line built from the core
//! (his time, who is on move, the moves to the control, the last message the rules sent him;
//! his opponent's time for [`OPPONENT_SHOWN_FOR`] after he asked for it), written when
//! [`Throttle`] says, through a [`Link`] that never blocks the clock's thread. The display's
//! keys come back as actions for the core: a routing key (any cell), line up, home or return
//! asks for his own time, as his time button does; line down for his opponent's time. While he
//! uses the set-up menu, the line is the menu's prompt, page by page: line down and line up
//! move through it.

use super::core::{Core, CoreOutput, TextKind};
use crate::braille::protocol::command;
use crate::braille::view::{line, message_of, pages, LineFacts, OnMove};
use crate::braille::{ClientError, Key, Link, Settings, Throttle};
use crate::clock::{Game, Input, Phase, Side};
use crate::config::Config;
use crate::hearing::Listener;
use crate::input::mapper::{ButtonAction, MappedAction};
use crate::speech::Lang;
use crate::speech::{phrase, Announcement, MenuPrompt};
use crate::table::TableOutput;
use crossbeam_channel::Sender;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// After the opponent's time was asked for, it stays on the line this long.
pub const OPPONENT_SHOWN_FOR: Duration = Duration::from_secs(10);

/// What a key on a display asks for: an action of the clock, or another page of the menu's
/// prompt (`+1` the next, `-1` the one before).
#[derive(Debug, Clone, PartialEq)]
pub enum DisplayKey {
    /// For the core, as a button of the player's would.
    Action(MappedAction),
    /// For the display itself: whose, and which way.
    Page(Side, i32),
}

/// The page a key turns to while the menu's prompt is shown.
pub fn page_of(key: Key) -> Option<i32> {
    match key {
        Key::Command(command::LINE_DOWN) => Some(1),
        Key::Command(command::LINE_UP) => Some(-1),
        _ => None,
    }
}

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
    /// The set-up menu's prompt while he uses it, with the game time it was said at (the
    /// prompts said together are shown together), and the page shown.
    menu: Option<(i64, String)>,
    page: usize,
    /// Whether the menu's prompt is shown (read by the key reader's thread).
    in_menu: Arc<AtomicBool>,
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
            CoreOutput::Notice { audience, notice } if audience.reaches(me) => {
                self.message = Some(phrase(self.lang, notice).text);
            }
            CoreOutput::Text {
                kind: TextKind::Message,
                audience,
                text,
            } if audience.reaches(me) => self.message = Some(text.clone()),
            CoreOutput::Menu {
                at_ms,
                listener,
                notice,
            } if *listener == me => self.take_menu(*at_ms, notice),
            CoreOutput::Settings(config) => self.lang = config.player(self.side).language,
            _ => {}
        }
    }

    /// A prompt of the set-up menu: shown from its first page; one that closes the menu
    /// becomes the last message and the game's line comes back.
    fn take_menu(&mut self, at_ms: i64, notice: &Announcement) {
        let text = phrase(self.lang, notice).text;
        let closing = matches!(
            notice,
            Announcement::Menu(
                MenuPrompt::Saved { .. }
                    | MenuPrompt::NotSaved
                    | MenuPrompt::Invalid
                    | MenuPrompt::Left
                    | MenuPrompt::Locked
                    | MenuPrompt::GameInProgress
            )
        );
        if closing {
            self.menu = None;
            self.message = Some(text);
        } else {
            self.menu = Some(match self.menu.take() {
                Some((at, before)) if at == at_ms => (at, format!("{before} {text}")),
                _ => (at_ms, text),
            });
        }
        self.page = 0;
        self.in_menu.store(self.menu.is_some(), Ordering::Relaxed);
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
    pub fn start(config: &Config, actions: &Sender<DisplayKey>) -> (BrailleFeed, Vec<Absent>) {
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
            let in_menu = Arc::new(AtomicBool::new(false));
            let menu_shown = in_menu.clone();
            let (link, connected) = Link::start(settings, side.name().to_string(), move |key| {
                let page = page_of(key).filter(|_| menu_shown.load(Ordering::Relaxed));
                let wanted = match page {
                    Some(way) => Some(DisplayKey::Page(side, way)),
                    None => action_of(side, key).map(|action| {
                        DisplayKey::Action(MappedAction {
                            at: Instant::now(),
                            action,
                        })
                    }),
                };
                if let Some(wanted) = wanted {
                    let _ = to_core.send(wanted);
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
                menu: None,
                page: 0,
                in_menu,
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

    /// Turns `side`'s display to another page of the menu's prompt (at once).
    pub fn turn_page(&mut self, core: &mut Core, side: Side, way: i32, mono: Instant) {
        let now = self.ms(mono);
        for display in self.displays.iter_mut().filter(|d| d.side == side) {
            let Some((_, text)) = &display.menu else {
                continue;
            };
            let last = pages(text, display.link.cells()).len().saturating_sub(1);
            display.page = display.page.saturating_add_signed(way as isize).min(last);
            display.throttle.event(now);
        }
        self.refresh(core, mono);
    }

    /// Writes the lines that are due at `mono`.
    pub fn refresh(&mut self, core: &mut Core, mono: Instant) {
        if self.displays.is_empty() {
            return;
        }
        let now = self.ms(mono);
        let game_now = core.game_time_of(mono);
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
            if let Some((_, text)) = &display.menu {
                let cells = display.link.cells();
                let all = pages(text, cells);
                let page = all.get(display.page).or(all.last()).cloned();
                display.link.show(page.unwrap_or_default());
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
