//! The players' controllers: the table's outputs (and the opponent's time said to one player)
//! go through the pure [`Schedule`] on game time; its decisions become `haptic` and
//! `haptic_cut` transcript lines and, through [`RumbleOut`], vibration on each player's own
//! controller.

use super::core::CoreOutput;
use super::rumble_out::RumbleOut;
use crate::clock::{Ms, Side};
use crate::config::{default_warnings, Config};
use crate::haptic::{menu_pattern, patterns_of, private_pattern, HapticLine, Schedule, Strengths};
use crate::hearing::Listener;

/// The schedule and what it needs from the configuration.
#[derive(Default)]
pub struct HapticFeed {
    /// The motors, when the daemon drives them.
    rumble: Option<RumbleOut>,
    schedule: Schedule,
    /// Each side's warnings from the rule profile (the others are his own extra warnings).
    rules_warnings: [Vec<Ms>; 2],
    /// The latest game time seen: a new game starts its timeline again at 0.
    last_ms: Ms,
}

impl HapticFeed {
    /// A feed for the players of `config`.
    pub fn new(config: &Config) -> HapticFeed {
        let mut feed = HapticFeed::default();
        feed.configure(config);
        feed
    }

    /// Drives the players' controllers through `rumble`.
    pub fn with_rumble(mut self, rumble: RumbleOut) -> HapticFeed {
        self.rumble = Some(rumble);
        self
    }

    fn configure(&mut self, config: &Config) {
        if let Some(rumble) = self.rumble.as_mut() {
            rumble.set_devices(own_controllers(config));
        }
        let strengths: Strengths = [Side::White, Side::Black].map(|s| config.player(s).haptic);
        self.schedule.set_strengths(strengths);
        self.rules_warnings = [Side::White, Side::Black]
            .map(|s| default_warnings(config.rules, config.player(s).vision));
    }

    /// Takes the core's outputs; returns the lines of what starts now.
    pub fn outputs(&mut self, outputs: &[CoreOutput]) -> Vec<String> {
        let mut lines = Vec::new();
        for output in outputs {
            if let CoreOutput::Settings(config) = output {
                self.configure(config);
                continue;
            }
            // Nobody feels the clock: nothing to work out on the press's path.
            if !self.is_on() {
                continue;
            }
            let (at_ms, sent) = match output {
                CoreOutput::Table(table) => {
                    (table.at_ms(), patterns_of(table, &self.rules_warnings))
                }
                CoreOutput::Private {
                    at_ms,
                    listener,
                    notice,
                } => (
                    *at_ms,
                    private_pattern(*listener, notice).into_iter().collect(),
                ),
                CoreOutput::Menu {
                    at_ms,
                    listener,
                    notice,
                } => (
                    *at_ms,
                    menu_pattern(*listener, notice).into_iter().collect(),
                ),
                _ => continue,
            };
            if at_ms < self.last_ms {
                self.schedule.reset();
            }
            self.last_ms = at_ms;
            for (side, pattern) in sent {
                lines.extend(self.schedule.take(side, pattern, at_ms));
            }
        }
        self.play(lines)
    }

    /// Whether any player has haptics on.
    pub fn is_on(&self) -> bool {
        self.schedule.is_on()
    }

    /// The lines of what is due by `now_ms` (game time).
    pub fn due(&mut self, now_ms: Ms) -> Vec<String> {
        if now_ms < self.last_ms {
            return Vec::new();
        }
        let lines = self.schedule.due(now_ms);
        self.play(lines)
    }

    /// Hands the decisions to the motors; returns their transcript lines.
    fn play(&self, lines: Vec<HapticLine>) -> Vec<String> {
        if let Some(rumble) = &self.rumble {
            rumble.take(&lines);
        }
        lines.iter().map(to_line).collect()
    }

    /// When something waits to start (game time).
    pub fn next_due(&self) -> Option<Ms> {
        self.schedule.next_due()
    }
}

/// Each player's own controller (its uuid) where he has haptics on and one of his own.
pub fn own_controllers(config: &Config) -> [Option<String>; 2] {
    [Side::White, Side::Black].map(|side| {
        config.player(side).haptic?;
        config.input.own_controller(Listener::player(side)).ok()
    })
}

/// What keeps a player with `haptic = true` from feeling the clock, as far as the
/// configuration tells (a controller's motor is checked when it is there).
pub fn problems(config: &Config) -> Vec<String> {
    [Side::White, Side::Black]
        .into_iter()
        .filter(|&side| config.player(side).haptic.is_some())
        .filter_map(|side| {
            config
                .input
                .own_controller(Listener::player(side))
                .err()
                .map(|e| format!("haptic = true: {e}; nothing will vibrate for this player"))
        })
        .collect()
}

fn to_line(line: &HapticLine) -> String {
    serde_json::to_string(line).unwrap_or_default()
}
