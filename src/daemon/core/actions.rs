//! What the core does with a button's action or an arbiter's command: each input journaled
//! (asked of the journal) and applied to the table, stamped at the instant it was made.

use super::{menu, Clocks, Core, CoreError, CoreOutput, TextKind};
use crate::clock::{Event, Ms, Phase, Side};
use crate::config::Config;
use crate::control::reply::{Reply, Status};
use crate::control::ArbiterCommand;
use crate::daemon::prefs::Prefs;
use crate::daemon::stamping::{predict, Stamper};
use crate::daemon::timeline::Timeline;
use crate::input::mapper::{ButtonAction, Mapper};
use crate::journal::{Record, Source};
use crate::speech::Announcement;
use crate::table::{Listener, Request, Table, TableOutput};
use std::time::Instant;

impl Core {
    /// A player's speech rate from the configuration (`speech_rate_level`, saved by the set-up
    /// menu), at the start of a game; his volume stays as it was.
    pub(super) fn apply_config_rates(&mut self) {
        for side in [Side::White, Side::Black] {
            let Some(level) = self.config.player(side).speech_rate_level else {
                continue;
            };
            let listener = Listener::player(side);
            let old = self.prefs(listener);
            if old.rate_level() != level {
                self.set_prefs(listener, Prefs::new(old.volume, level as i8 - 5));
            }
        }
    }

    pub(super) fn set_prefs(&mut self, listener: Listener, prefs: Prefs) {
        self.prefs.retain(|(l, _)| *l != listener);
        self.prefs.push((listener, prefs));
        self.outputs.push(CoreOutput::Prefs { listener, prefs });
    }

    /// Journals a request (synced) and then applies it, stamped at the instant `pressed` it
    /// was made: an input that stops or starts a clock is stamped so that each side's charged
    /// time stays within half a millisecond of the truth (see `stamping`).
    pub(super) fn apply(
        &mut self,
        pressed: Instant,
        at: Clocks,
        source: Source,
        request: Request,
    ) -> Result<bool, CoreError> {
        let exact = self.timeline.exact_ms(pressed);
        let (ends, starts) = predict(self.table.game().phase(), &request);
        let now = self
            .timeline
            .settle(self.stamper.choose(exact, ends, starts));
        let before = self.table.game().running();
        let applied = self.apply_at(now, at, source, request)?;
        let after = self.table.game().running();
        if before != after {
            self.stamper.record(exact, now, before, after);
        }
        Ok(applied)
    }

    /// Journals an input (asks for its record) and applies it; an input that cannot be
    /// journaled (the journal is down) is not applied (returns `false`), and a player is told
    /// his press was not recorded. One whose record the driver then fails to write is
    /// written first when the journal works again, before the pause the core makes, and
    /// nothing of it is told until it is durable.
    pub(super) fn apply_at(
        &mut self,
        now: Ms,
        at: Clocks,
        source: Source,
        request: Request,
    ) -> Result<bool, CoreError> {
        // Whatever fell due before this instant happens first, at its own instant.
        self.table.advance(now);
        let written = self.write(at, |seq, mono_ms| Record::Input {
            seq,
            game_ms: now,
            mono_ms,
            wall_ms: at.wall_ms,
            source,
            input: request,
        });
        if !written {
            let player = match source {
                Source::White => Some(Listener::White),
                Source::Black => Some(Listener::Black),
                _ => None,
            };
            if let Some(player) = player {
                let trouble = crate::speech::JournalTrouble::NotRecorded;
                self.notify(&[player], Announcement::Journal { trouble });
            }
            self.collect();
            return Ok(false);
        }
        self.table.handle(now, request);
        self.collect();
        Ok(true)
    }

    /// Carries out what a button asked for, pressed at `pressed` (in the set-up menu, when it
    /// is open).
    pub(super) fn act(
        &mut self,
        pressed: Instant,
        at: Clocks,
        action: ButtonAction,
    ) -> Result<(), CoreError> {
        if self.menu.is_some() {
            return self.menu_action(pressed, at, action);
        }
        self.act_outside_menu(pressed, at, action)
    }

    /// Carries out a button's action in the game.
    pub(super) fn act_outside_menu(
        &mut self,
        pressed: Instant,
        at: Clocks,
        action: ButtonAction,
    ) -> Result<(), CoreError> {
        match action {
            ButtonAction::Game(input) => {
                let request = Request::Game(input);
                self.apply(pressed, at, Source::of(&request), request)?;
            }
            ButtonAction::ClockCheck(listener) => {
                let request = Request::ClockCheck(listener);
                self.apply(pressed, at, Source::of(&request), request)?;
            }
            ButtonAction::OpponentTime(side) => {
                let now = self.timeline.game_ms(pressed);
                self.table.advance(now);
                self.collect();
                let notice = Announcement::OpponentTime {
                    side: side.other(),
                    remaining_ms: self.table.game().remaining(side.other(), now),
                };
                self.private(now, Listener::player(side), notice);
            }
            ButtonAction::Moves(side) => {
                let now = self.timeline.game_ms(pressed);
                self.table.advance(now);
                self.collect();
                let game = self.table.game();
                let notice = Announcement::Moves {
                    white_moves: game.moves(Side::White),
                    black_moves: game.moves(Side::Black),
                    white_used_ms: game.used(Side::White, now),
                    black_used_ms: game.used(Side::Black, now),
                };
                self.private(now, Listener::player(side), notice);
            }
            ButtonAction::Repeat(listener) => {
                let now = self.timeline.game_ms(pressed);
                match self.heard.iter().find(|(l, _)| *l == listener) {
                    Some((_, notice)) => {
                        let notice = notice.clone();
                        self.private(now, listener, notice);
                    }
                    None => tracing::info!("nothing to repeat for {}", listener.name()),
                }
            }
            ButtonAction::VolumeUp(listener) | ButtonAction::VolumeDown(listener) => {
                let up = matches!(action, ButtonAction::VolumeUp(_));
                let prefs = self.prefs(listener).volume_step(up);
                self.change_prefs(pressed, at, listener, prefs)?;
                let notice = Announcement::Volume {
                    level: prefs.volume_level(),
                };
                let now = self.timeline.game_ms(pressed);
                self.private(now, listener, notice);
            }
            ButtonAction::RateUp(listener) | ButtonAction::RateDown(listener) => {
                let up = matches!(action, ButtonAction::RateUp(_));
                let prefs = self.prefs(listener).rate_step(up);
                self.change_prefs(pressed, at, listener, prefs)?;
                let notice = Announcement::SpeechRate {
                    level: prefs.rate_level(),
                };
                let now = self.timeline.game_ms(pressed);
                self.private(now, listener, notice);
            }
            ButtonAction::Help(listener) => {
                let listener = menu::spoken_to(listener);
                for line in self.config.help_for(listener) {
                    self.text_of(TextKind::Help, &[listener], line);
                }
            }
            ButtonAction::Setup(listener) => self.open_menu(pressed, at, listener)?,
            ButtonAction::DeviceAdded { device } => {
                tracing::info!("input device connected: {device}");
            }
            ButtonAction::DeviceLost { device } => {
                tracing::warn!(
                    said = true,
                    "input device lost: {device}; the clock keeps running"
                );
                self.device_notice(&device.to_string(), false);
            }
            ButtonAction::DeviceBack { device } => {
                tracing::info!("input device back: {device}");
                self.device_notice(&device.to_string(), true);
            }
        }
        Ok(())
    }

    fn change_prefs(
        &mut self,
        pressed: Instant,
        at: Clocks,
        listener: Listener,
        prefs: Prefs,
    ) -> Result<(), CoreError> {
        let _ = self.timeline.game_ms(pressed);
        self.journal_prefs(at, listener, prefs);
        self.set_prefs(listener, prefs);
        Ok(())
    }

    /// Tells the arbiter and the players, each in his language, that a controller went or came
    /// Carries out an arbiter's command.
    pub(super) fn command(
        &mut self,
        at: Clocks,
        command: ArbiterCommand,
    ) -> Result<Reply, CoreError> {
        Ok(match command {
            ArbiterCommand::Status => {
                let now = self.timeline.game_ms(at.mono);
                self.table.advance(now);
                self.collect();
                Reply::Status(Status::of(self.table.game(), now))
            }
            ArbiterCommand::Game(input) => self.arbiters_request(at, Request::Game(input))?,
            ArbiterCommand::Rollback(rollback) => {
                self.arbiters_request(at, Request::Rollback(rollback))?
            }
            ArbiterCommand::Check(listener) => {
                self.apply(at.mono, at, Source::Arbiter, Request::ClockCheck(listener))?;
                Reply::Done
            }
            ArbiterCommand::Say(listener, text) => {
                self.text_of(TextKind::Message, &[listener], text);
                Reply::Said {
                    spoken: self.free_text_aloud,
                }
            }
            ArbiterCommand::Players { white, black } => {
                // The round's pairings: the names the display, the hall's state and the
                // dashboard show, in place of the configuration's, until the next round's.
                tracing::info!("players: {white} - {black}");
                self.config.players[0].name = white;
                self.config.players[1].name = black;
                Reply::Done
            }
            ArbiterCommand::NewGame { force } => {
                let in_progress = matches!(
                    self.table.game().phase(),
                    Phase::Running(_) | Phase::Paused(_) | Phase::PlayerStopped { .. }
                );
                if in_progress && !force {
                    return Ok(Reply::error(
                        "a game is in progress: new-game would close it. Its journal is kept; to \
                         close it anyway, send new-game --force",
                    ));
                }
                let config = self.config.clone();
                let text = self.config_text.clone();
                self.new_game(at, config, text);
                Reply::NewGame { new_game: true }
            }
            ArbiterCommand::Reload => Reply::error("reload: the configuration was not read"),
        })
    }

    /// Applies an arbiter's request that changes the game, journaled first; the reply holds
    /// its events, or why it was refused.
    fn arbiters_request(&mut self, at: Clocks, request: Request) -> Result<Reply, CoreError> {
        let first = self.outputs.len();
        if !self.apply(at.mono, at, Source::Arbiter, request)? {
            return Ok(Reply::error(
                "the journal cannot be written (is the disk full?): nothing was applied; the \
                 clock stays paused until the journal can be written",
            ));
        }
        Ok(game_reply(&self.outputs[first..]))
    }

    /// Begins a new game under `config` (the old journal is kept aside as finished).
    pub(super) fn new_game(&mut self, at: Clocks, config: Config, text: String) {
        self.collect();
        self.table = Table::new(&config.table_settings(), 0);
        self.table.drain();
        self.mapper = Mapper::new(&config.input);
        self.timeline = Timeline::new(at.mono, 0);
        self.stamper = Stamper::default();
        self.heard.clear();
        self.config = config;
        self.config_text = text;
        self.last_heartbeat = 0;
        self.apply_config_rates();
        self.begin_journal(at);
        self.outputs
            .push(CoreOutput::Settings(Box::new(self.config.clone())));
    }

    pub(super) fn reload(
        &mut self,
        at: Clocks,
        loaded: Result<(Config, String), crate::config::ConfigError>,
    ) -> Result<Reply, CoreError> {
        let (config, text) = match loaded {
            Ok(loaded) => loaded,
            Err(unread) => return Ok(Reply::error(&unread.to_string())),
        };
        let now = self.timeline.game_ms(at.mono);
        self.table.advance(now);
        self.collect();
        match self.table.game().phase() {
            Phase::NotStarted | Phase::Finished => {
                self.new_game(at, config, text);
                Ok(Reply::NewGame { new_game: true })
            }
            Phase::Paused(_) => {
                if config.control != *self.table.game().control() {
                    return Ok(Reply::error(
                        "the time control of a game in progress cannot change: start a new game (new-game) to use it",
                    ));
                }
                self.write(at, |seq, _| Record::Config {
                    seq,
                    game_ms: now,
                    wall_ms: at.wall_ms,
                    config: text.clone(),
                });
                match self.table.reconfigure(&config.table_settings()) {
                    Ok(()) => {
                        self.mapper = Mapper::new(&config.input);
                        self.config = config;
                        self.config_text = text;
                        self.outputs
                            .push(CoreOutput::Settings(Box::new(self.config.clone())));
                        Ok(Reply::NewGame { new_game: false })
                    }
                    Err(refused) => Ok(Reply::error(&refused.to_string())),
                }
            }
            _ => Ok(Reply::error(
                "reload only while the clock is paused or between games: pause first",
            )),
        }
    }
}

/// The reply to a game input: its events, or the reason it was refused.
fn game_reply(outputs: &[CoreOutput]) -> Reply {
    let mut events = Vec::new();
    for output in outputs {
        if let CoreOutput::Table(TableOutput::Core(stamped)) = output {
            if let Event::Rejected { reason, .. } = &stamped.event {
                return Reply::error(reason);
            }
            events.push(stamped.clone());
        }
    }
    Reply::Events { events }
}
