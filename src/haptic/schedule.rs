//! Which pattern, when, on whose controller. A player feels only what the rules send to him
//! (the table's audiences decide that, as for speech) and only on his own controller. A
//! press's own feedback plays at once: a pattern playing then is cut and played again,
//! whole, after it, so the two never overlap and nothing is lost. Other patterns wait their
//! turn, [`BETWEEN_MS`] apart; a rising flag's tick that would have to wait is skipped (the
//! next one comes within ten seconds), and a time asked for again replaces the one waiting.
//! Pure: the daemon gives it game milliseconds and writes the lines it returns.

use super::pattern::{Pattern, PatternKind};
use crate::clock::{Ms, Side};
use crate::hearing::{Cue, Listener};
use crate::speech::Announcement;
use crate::speech::MenuPrompt;
use crate::table::TableOutput;
use serde::Serialize;
use std::collections::VecDeque;

/// Stillness between two patterns on one controller, so that they are felt as two.
pub const BETWEEN_MS: Ms = 600;
/// Stillness between two presses' feedback.
pub const BETWEEN_PRESSES_MS: Ms = 100;

/// Each player's haptics: `None` off, else the strength in per cent (White, Black).
pub type Strengths = [Option<u8>; 2];

/// What the schedule decided: a transcript line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum HapticLine {
    /// A pattern starts on a player's controller.
    Haptic {
        /// Game time it starts.
        at_ms: Ms,
        /// Whose controller.
        side: Side,
        /// What it means.
        pattern: PatternKind,
        /// How strong, in per cent.
        strength: u8,
        /// Each pulse as `[on_ms, off_ms]`.
        pulses: Vec<[u16; 2]>,
    },
    /// A pattern was cut short by a press's feedback; it plays again, whole, after it.
    HapticCut {
        /// Game time it was cut.
        at_ms: Ms,
        /// Whose controller.
        side: Side,
        /// What it meant.
        pattern: PatternKind,
    },
}

/// The patterns an output of the table sends: each with the side whose controller plays it.
/// `rules_warnings` are each side's warning times from the rule profile (the others are his
/// own extra warnings).
pub fn patterns_of(output: &TableOutput, rules_warnings: &[Vec<Ms>; 2]) -> Vec<(Side, Pattern)> {
    let mut out = Vec::new();
    for player in [Side::White, Side::Black] {
        let kind = match output {
            TableOutput::Core(_) => None,
            TableOutput::Cue {
                cue,
                side,
                audience,
                ..
            } if audience.reaches(Listener::player(player)) => match (cue, *side == player) {
                (Cue::Click, true) => Some(PatternKind::PressAccepted),
                (Cue::Buzz, true) => Some(PatternKind::PressIgnored),
                (Cue::FlagRising, true) => Some(PatternKind::FlagRising),
                (Cue::FlagAlarm, true) => Some(PatternKind::Flag),
                (Cue::FlagAlarm, false) => Some(PatternKind::OpponentFlag),
                _ => None,
            },
            TableOutput::Warning {
                side,
                threshold_ms,
                audience,
                ..
            } if *side == player && audience.reaches(Listener::player(player)) => {
                if rules_warnings[player.index()].contains(threshold_ms) {
                    Some(PatternKind::RulesWarning)
                } else {
                    Some(PatternKind::ExtraWarning)
                }
            }
            TableOutput::Say {
                audience, notice, ..
            } if audience.reaches(Listener::player(player)) => {
                if let Announcement::TimeReadout {
                    side, remaining_ms, ..
                } = notice
                {
                    if *side == player {
                        out.push((player, Pattern::time(*remaining_ms, false)));
                    }
                    None
                } else {
                    said_kind(notice, player)
                }
            }
            _ => None,
        };
        if let Some(kind) = kind {
            out.push((player, Pattern::of(kind)));
        }
    }
    out
}

/// The pattern of an announcement to a player, other than his time.
fn said_kind(notice: &Announcement, player: Side) -> Option<PatternKind> {
    match notice {
        Announcement::Pause => Some(PatternKind::Pause),
        Announcement::Resume => Some(PatternKind::Resume),
        Announcement::Result { .. } => Some(PatternKind::GameEnd),
        Announcement::MainTimeWarning { side, .. } if *side == player => {
            Some(PatternKind::ExtraWarning)
        }
        _ => None,
    }
}

/// The pattern of something said to one listener only: the opponent's time he asked for.
pub fn private_pattern(listener: Listener, notice: &Announcement) -> Option<(Side, Pattern)> {
    let player = listener.side()?;
    match notice {
        Announcement::OpponentTime { remaining_ms, .. } => {
            Some((player, Pattern::time(*remaining_ms, true)))
        }
        _ => None,
    }
}

/// What a player using the set-up menu feels on his controller: each key taken is a tap
/// (the prompt itself is spoken and shown on his Braille display), a refusal two short
/// buzzes, the set-up saved three short pulses.
pub fn menu_pattern(listener: Listener, notice: &Announcement) -> Option<(Side, Pattern)> {
    let player = listener.side()?;
    let Announcement::Menu(prompt) = notice else {
        return None;
    };
    let kind = match prompt {
        MenuPrompt::Saved { .. } => PatternKind::MenuSaved,
        MenuPrompt::NotSaved
        | MenuPrompt::Invalid
        | MenuPrompt::Locked
        | MenuPrompt::GameInProgress => PatternKind::PressIgnored,
        _ => PatternKind::PressAccepted,
    };
    Some((player, Pattern::of(kind)))
}

/// One controller's patterns.
#[derive(Clone, Debug, Default)]
struct Lane {
    strength: Option<u8>,
    /// The pattern playing (or last played) and when it started.
    playing: Option<(Pattern, Ms)>,
    waiting: VecDeque<Pattern>,
}

impl Lane {
    /// When the pattern playing (or last played) ends.
    fn end(&self) -> Option<Ms> {
        self.playing
            .as_ref()
            .map(|(p, start)| start + p.duration_ms())
    }

    /// When the next waiting pattern may start.
    fn free_at(&self) -> Ms {
        match (&self.playing, self.waiting.front()) {
            (Some((last, _)), Some(next))
                if last.kind.is_press_feedback() && next.kind.is_press_feedback() =>
            {
                self.end().unwrap_or(0) + BETWEEN_PRESSES_MS
            }
            _ => self.end().map_or(0, |end| end + BETWEEN_MS),
        }
    }

    fn line(&self, side: Side, pattern: &Pattern, at_ms: Ms) -> HapticLine {
        let strength = self.strength.unwrap_or(0);
        HapticLine::Haptic {
            at_ms,
            side,
            pattern: pattern.kind,
            strength: (u16::from(strength) * u16::from(pattern.scale_percent) / 100) as u8,
            pulses: pattern.pulses.iter().map(|p| [p.on_ms, p.off_ms]).collect(),
        }
    }
}

/// The patterns of both players' controllers.
#[derive(Clone, Debug, Default)]
pub struct Schedule {
    lanes: [Lane; 2],
}

impl Schedule {
    /// A schedule for players with these settings.
    pub fn new(strengths: Strengths) -> Schedule {
        let mut schedule = Schedule::default();
        schedule.set_strengths(strengths);
        schedule
    }

    /// New settings: a player whose haptics were turned off has nothing left waiting.
    pub fn set_strengths(&mut self, strengths: Strengths) {
        for (lane, strength) in self.lanes.iter_mut().zip(strengths) {
            lane.strength = strength;
            if strength.is_none() {
                lane.waiting.clear();
            }
        }
    }

    /// Whether any player feels the clock.
    pub fn is_on(&self) -> bool {
        self.lanes.iter().any(|l| l.strength.is_some())
    }

    /// A new game on a new timeline: what waited belonged to the old one.
    pub fn reset(&mut self) {
        for lane in &mut self.lanes {
            lane.playing = None;
            lane.waiting.clear();
        }
    }

    /// Takes a pattern for `side`'s controller at `at_ms`; returns what starts now.
    pub fn take(&mut self, side: Side, pattern: Pattern, at_ms: Ms) -> Vec<HapticLine> {
        let lane = &mut self.lanes[side.index()];
        if lane.strength.is_none() {
            return Vec::new();
        }
        let busy = lane.end().is_some_and(|end| end > at_ms);
        let mut lines = Vec::new();
        if pattern.kind.is_press_feedback() {
            let cut = match &lane.playing {
                Some((playing, _)) if busy && !playing.kind.is_press_feedback() => {
                    Some(playing.clone())
                }
                _ => None,
            };
            if let Some(cut) = cut {
                lines.push(HapticLine::HapticCut {
                    at_ms,
                    side,
                    pattern: cut.kind,
                });
                lane.waiting.push_front(cut);
            } else if busy {
                // A press's feedback still playing: this one follows it, before the rest.
                lane.waiting.push_front(pattern);
                return self.due(at_ms);
            }
            lines.push(lane.line(side, &pattern, at_ms));
            lane.playing = Some((pattern, at_ms));
            return lines;
        }
        if pattern.kind == PatternKind::FlagRising
            && (at_ms < lane.free_at() || !lane.waiting.is_empty())
        {
            return Vec::new();
        }
        if matches!(pattern.kind, PatternKind::Time | PatternKind::OpponentTime) {
            lane.waiting.retain(|w| w.kind != pattern.kind);
        }
        lane.waiting.push_back(pattern);
        self.due(at_ms)
    }

    /// Starts what is due by `now_ms`.
    pub fn due(&mut self, now_ms: Ms) -> Vec<HapticLine> {
        let mut lines = Vec::new();
        for (lane, side) in self.lanes.iter_mut().zip([Side::White, Side::Black]) {
            if lane.waiting.is_empty() || now_ms < lane.free_at() {
                continue;
            }
            if let Some(next) = lane.waiting.pop_front() {
                lines.push(lane.line(side, &next, now_ms));
                lane.playing = Some((next, now_ms));
            }
        }
        lines
    }

    /// When [`Schedule::due`] has something to start next, if anything waits.
    pub fn next_due(&self) -> Option<Ms> {
        self.lanes
            .iter()
            .filter(|l| !l.waiting.is_empty())
            .map(Lane::free_at)
            .min()
    }
}

#[cfg(test)]
#[path = "schedule_tests.rs"]
mod tests;
