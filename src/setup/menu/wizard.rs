//! The custom time control, one question at a time: the stages' moves, times and additions,
//! then what follows a rest-of-the-game last stage; and the name a custom control is saved
//! under.

use super::{Effect, List, Menu, Page};
use crate::clock::TimeControl;
use crate::setup::steps;
use crate::speech::{Field, MenuPrompt};

impl Menu {
    /// The first question about stage `n`: its moves, or for the last stage whether it is
    /// to the end of the game.
    pub(super) fn stage_step(&mut self, n: u32) -> Vec<Effect> {
        let last = self.custom.stages.len() as u32;
        if n == last {
            return self.push_list(List::LastStage(n));
        }
        let moves = self.custom.get(n).and_then(|s| s.moves).unwrap_or(40);
        self.push(Page::Number {
            field: Field::Moves(n),
            value: i64::from(moves),
        })
    }

    pub(super) fn time_step(&mut self, n: u32) -> Vec<Effect> {
        let value = self
            .custom
            .get(n)
            .map_or(steps::bounds(Field::Time(n)).0, |s| s.time);
        self.push(Page::Number {
            field: Field::Time(n),
            value,
        })
    }

    /// After stage `n`'s last question: the next stage, what follows the last one (when it
    /// is to the end of the game), or the control is done.
    pub(super) fn next_stage(&mut self, n: u32) -> Vec<Effect> {
        if (n as usize) < self.custom.stages.len() {
            return self.stage_step(n + 1);
        }
        if self.custom.may_have_overtime() {
            return self.push_list(List::Overtime);
        }
        self.finish_custom()
    }

    /// The custom control is complete: it becomes the set-up's, or is refused.
    pub(super) fn finish_custom(&mut self) -> Vec<Effect> {
        match self.custom.control() {
            Some(control) => {
                self.draft.name = custom_name(&control);
                self.draft.control = control;
                self.return_to(1)
            }
            None => {
                let mut out = vec![Effect::Say(MenuPrompt::Invalid)];
                out.extend(self.return_to(2));
                out
            }
        }
    }
}

/// The file name of a control built step by step: what it is, in short
/// ("Custom 40 / 2:00:00, 1:00:00 + 0:30").
pub fn custom_name(control: &TimeControl) -> String {
    use crate::clock::time::Clock;
    let parts: Vec<String> = control
        .stages()
        .iter()
        .map(|s| {
            let mut part = match s.moves {
                Some(m) => format!("{m} / {}", Clock(s.time)),
                None => Clock(s.time).to_string(),
            };
            if s.repeat {
                part.push_str(" repeating");
            }
            if s.increment > 0 {
                part.push_str(&format!(" + {}", Clock(s.increment)));
            }
            if let Some((kind, d)) = s.delay {
                part.push_str(&format!(" {kind:?} delay {}", Clock(d)).to_lowercase());
            }
            part
        })
        .collect();
    let overtime = match control.overtime() {
        Some(crate::clock::Overtime::Byoyomi { periods, time }) => {
            format!(", byo-yomi {periods} x {}", Clock(*time))
        }
        Some(crate::clock::Overtime::Canadian { moves, time }) => {
            format!(", Canadian {moves} / {}", Clock(*time))
        }
        None => String::new(),
    };
    format!("Custom {}{overtime}", parts.join(", "))
}
