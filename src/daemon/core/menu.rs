//! The set-up menu in the daemon: opened between games by a `setup` button or a long press of
//! `start`, it takes over the buttons (the move buttons step, `start` selects, a long `start`
//! or `setup` goes back, `time` repeats) until it is left or its set-up is saved. Saving
//! writes the configuration file and begins a new game under it; a game in progress is never
//! changed.

use super::{Core, CoreError, CoreOutput, JournalOp, TextKind};
use crate::clock::{Input, Phase, Side};
use crate::config::{ActionKind, Config};
use crate::daemon::prefs::Prefs;
use crate::daemon::Clocks;
use crate::input::mapper::ButtonAction;
use crate::setup::{Draft, Effect, Key, Menu};
use crate::speech::{Announcement, MenuPrompt};
use crate::table::Listener;
use std::time::Instant;

/// A set-up whose configuration file is being saved: its game begins once it is.
#[derive(Debug)]
pub(super) struct PendingSetup {
    /// Who used the menu (he hears whether it was saved).
    listener: Listener,
    /// The set-up's name, for the log.
    name: String,
    /// The configuration it makes.
    config: Config,
    /// Its text, as saved.
    text: String,
}

/// The open menu and who is using it (he hears it in his language, at his rate).
pub(super) struct OpenMenu {
    menu: Menu,
    listener: Listener,
}

impl Core {
    /// Whether no game is running, so that the menu may open: before the start, or after
    /// the result. After a flag in a tournament the arbiter may still rule (1.7.12), so there
    /// the game ends only with his ruling or `new-game`; at home a flag ends it.
    pub(super) fn between_games(&self) -> bool {
        match self.table.game().phase() {
            Phase::NotStarted | Phase::Finished => true,
            Phase::Flagged(_) => self.config.mode == crate::config::Mode::Practice,
            _ => false,
        }
    }

    /// Whether the set-up menu is open.
    pub fn menu_open(&self) -> bool {
        self.menu.is_some()
    }

    /// Keeps the mapper's handling of `start` in step with the game: between games it acts on
    /// release, and a long press opens the menu.
    pub(super) fn sync_hold_start(&mut self) {
        let between = self.between_games();
        self.mapper.set_hold_start(between);
    }

    /// A `setup` button (or a long `start`) outside the menu: opens it, or says why not.
    pub(super) fn open_menu(
        &mut self,
        pressed: Instant,
        at: Clocks,
        listener: Listener,
    ) -> Result<(), CoreError> {
        let listener = spoken_to(listener);
        let now = self.timeline.game_ms(pressed);
        if self.config.setup_locked {
            self.say_menu(now, listener, MenuPrompt::Locked);
            return Ok(());
        }
        if !self.between_games() {
            self.say_menu(now, listener, MenuPrompt::GameInProgress);
            return Ok(());
        }
        let rates = [Listener::White, Listener::Black].map(|l| self.prefs(l).rate_level());
        let hint = usual_buttons_bound(&self.config);
        let (menu, effects) =
            Menu::open(Draft::of(&self.config), &self.config.presets, rates, hint);
        self.menu = Some(OpenMenu { menu, listener });
        tracing::info!("set-up menu opened");
        self.menu_effects(pressed, at, effects)
    }

    /// A button while the menu is open.
    pub(super) fn menu_action(
        &mut self,
        pressed: Instant,
        at: Clocks,
        action: ButtonAction,
    ) -> Result<(), CoreError> {
        let now = self.timeline.game_ms(pressed);
        if !self.between_games() {
            // A game began meanwhile (the arbiter's `start`): the set-up cannot touch it.
            let listener = self.menu.take().map_or(Listener::Arbiter, |m| m.listener);
            self.say_menu(now, listener, MenuPrompt::GameInProgress);
            return self.act(pressed, at, action);
        }
        let key = match action {
            ButtonAction::Game(Input::Press(Side::White)) => Key::Prev,
            ButtonAction::Game(Input::Press(Side::Black)) => Key::Next,
            ButtonAction::Game(Input::Start) => Key::Select,
            ButtonAction::Setup(_) => Key::Back,
            ButtonAction::Game(Input::Query(_)) | ButtonAction::Repeat(_) => Key::Repeat,
            ButtonAction::Help(_) => {
                let listener = self.menu.as_ref().map_or(Listener::Arbiter, |m| m.listener);
                let lang = self.language(listener);
                for line in crate::speech::help::menu_help_lines(&self.config.input.bindings, lang)
                {
                    self.text_of(TextKind::Help, &[listener], line);
                }
                return Ok(());
            }
            ButtonAction::VolumeUp(_)
            | ButtonAction::VolumeDown(_)
            | ButtonAction::RateUp(_)
            | ButtonAction::RateDown(_)
            | ButtonAction::DeviceAdded { .. }
            | ButtonAction::DeviceLost { .. }
            | ButtonAction::DeviceBack { .. } => return self.act_outside_menu(pressed, at, action),
            other => {
                tracing::info!("{other:?} does nothing in the set-up menu");
                return Ok(());
            }
        };
        let effects = match self.menu.as_mut() {
            Some(open) => open.menu.key(key),
            None => return Ok(()),
        };
        self.menu_effects(pressed, at, effects)
    }

    /// Carries out what the menu asked for.
    fn menu_effects(
        &mut self,
        pressed: Instant,
        at: Clocks,
        effects: Vec<Effect>,
    ) -> Result<(), CoreError> {
        let now = self.timeline.game_ms(pressed);
        let listener = self.menu.as_ref().map_or(Listener::Arbiter, |m| m.listener);
        for effect in effects {
            match effect {
                Effect::Say(prompt) => self.say_menu(now, listener, prompt),
                Effect::Rate(side, level) => {
                    let player = Listener::player(side);
                    let old = self.prefs(player);
                    let prefs = Prefs::new(old.volume, level as i8 - 5);
                    self.journal_prefs(at, player, prefs);
                    self.set_prefs(player, prefs);
                }
                Effect::Save(draft) => {
                    // Saved to a file, the prompt waits for the driver's answer.
                    if let Some(prompt) = self.save_setup(at, &draft, listener) {
                        self.say_menu(now, listener, prompt);
                    }
                }
                Effect::Close => {
                    self.menu = None;
                    tracing::info!("set-up menu closed");
                }
            }
        }
        Ok(())
    }

    /// Begins a new game under the set-up: on the embedded default at once; with a
    /// configuration file, once the driver has saved it there (the prompt is then said by
    /// [`Core::setup_saved`]). On any failure nothing changes and the arbiter is told why.
    fn save_setup(&mut self, at: Clocks, draft: &Draft, listener: Listener) -> Option<MenuPrompt> {
        let origin = self
            .config_file
            .clone()
            .unwrap_or_else(|| "<embedded default>".to_string());
        let (text, config) = match draft.write(&self.config_text, &origin) {
            Ok(saved) => saved,
            Err(why) => return Some(self.not_saved(&origin, &why.to_string())),
        };
        if self.config_file.is_some() {
            self.journal_ops.push(JournalOp::SaveSetup(text.clone()));
            self.pending_setup = Some(PendingSetup {
                listener,
                name: draft.name.clone(),
                config,
                text,
            });
            return None;
        }
        tracing::info!(
            "set-up saved ({origin}): a new game under \"{}\"",
            draft.name
        );
        self.new_game(at, config, text);
        Some(MenuPrompt::Saved { to_file: false })
    }

    /// The driver's answer to [`JournalOp::SaveSetup`]: the new game begins, or the arbiter
    /// is told why the file could not be written and nothing changes.
    pub(super) fn setup_saved(&mut self, at: Clocks, saved: Result<(), String>) {
        let Some(pending) = self.pending_setup.take() else {
            return;
        };
        let origin = self.config_file.clone().unwrap_or_default();
        let prompt = match saved {
            Ok(()) => {
                tracing::info!(
                    "set-up saved ({origin}): a new game under \"{}\"",
                    pending.name
                );
                self.new_game(at, pending.config, pending.text);
                MenuPrompt::Saved { to_file: true }
            }
            Err(why) => self.not_saved(&origin, &why),
        };
        let now = self.timeline.game_ms(at.mono);
        self.say_menu(now, pending.listener, prompt);
    }

    fn not_saved(&mut self, origin: &str, why: &str) -> MenuPrompt {
        tracing::error!("the set-up could not be saved to {origin}: {why}");
        let notice = Announcement::SetupNotSaved {
            origin: origin.to_string(),
            why: why.to_string(),
        };
        self.notify(&[Listener::Arbiter], notice);
        MenuPrompt::NotSaved
    }

    /// Says a menu prompt to its listener (it goes to the transcript as a `menu` line).
    fn say_menu(&mut self, at_ms: crate::clock::Ms, listener: Listener, prompt: MenuPrompt) {
        self.outputs.push(CoreOutput::Menu {
            at_ms,
            listener,
            notice: Announcement::Menu(prompt),
        });
    }
}

/// Who hears what a button asks for (the menu, the help): a button of everyone's (a shared
/// `start`) speaks to the arbiter, in his language.
pub(super) fn spoken_to(listener: Listener) -> Listener {
    if listener == Listener::All {
        Listener::Arbiter
    } else {
        listener
    }
}

/// Whether both move buttons, a `start` and a `time` button are bound: then the menu's
/// opening says how they work.
fn usual_buttons_bound(config: &Config) -> bool {
    let has =
        |action: ActionKind, side: Option<Side>| {
            config.input.bindings.iter().any(|b| {
                b.action == action && side.is_none_or(|s| b.listener == Listener::player(s))
            })
        };
    has(ActionKind::Press, Some(Side::White))
        && has(ActionKind::Press, Some(Side::Black))
        && has(ActionKind::Start, None)
        && has(ActionKind::Time, None)
}
