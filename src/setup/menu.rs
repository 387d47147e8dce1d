//! The menu as a state machine: a stack of pages (lists and numbers), moved through with five
//! keys, each answered with what to say. Pure: no time, no I/O; the daemon's core feeds it
//! keys and carries out its [`Effect`]s.

use super::draft::Draft;
use super::presets::{offers, Offer};
use super::steps::{self, Custom, ADDITIONS};
use crate::clock::{Side, TimeControl};
use crate::schedule::Vision;
use crate::speech::Lang;
use crate::speech::{Addition, Field, MenuItem, MenuPrompt, OvertimeChoice};
use crate::table::{control_end, stage_infos};

mod wizard;
pub use wizard::custom_name;

/// What a button does in the menu.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    /// The previous item, or one step down.
    Prev,
    /// The next item, or one step up.
    Next,
    /// Choose the item, or accept the number.
    Select,
    /// Back one page (from the first page: leave the menu).
    Back,
    /// Say the item again.
    Repeat,
}

/// What the menu asks of its owner.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Effect {
    /// Say this to the person at the menu.
    Say(MenuPrompt),
    /// Set a player's speech rate level (1–9) now.
    Rate(Side, u32),
    /// Save the set-up and make it the current one (the owner then says whether it could).
    Save(Box<Draft>),
    /// The menu is done.
    Close,
}

/// Which list a list page shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum List {
    Main,
    Controls,
    Player(Side),
    Vision(Side),
    Language(Side),
    First,
    LastStage(u32),
    Addition(u32),
    Overtime,
    Confirm,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Page {
    List { list: List, pos: usize },
    Number { field: Field, value: i64 },
}

/// The set-up menu.
#[derive(Debug, Clone)]
pub struct Menu {
    draft: Draft,
    offers: Vec<Offer>,
    custom: Custom,
    rates: [u32; 2],
    stack: Vec<Page>,
}

impl Menu {
    /// Opens the menu on `draft` (the set-up in force), with the file's presets and each
    /// player's speech-rate level; returns what to say first (`hint`: and how the usual
    /// buttons work).
    pub fn open(
        mut draft: Draft,
        presets: &[crate::config::Preset],
        rates: [u32; 2],
        hint: bool,
    ) -> (Menu, Vec<Effect>) {
        let custom = Custom::from(&draft.control);
        let offers = offers(presets);
        if draft.name.is_empty() {
            draft.name = match offers.iter().find(|o| o.control == draft.control) {
                Some(offer) => offer.file_name.clone(),
                None => custom_name(&draft.control),
            };
        }
        let menu = Menu {
            draft,
            offers,
            custom,
            rates,
            stack: vec![Page::List {
                list: List::Main,
                pos: 0,
            }],
        };
        let mut out = vec![Effect::Say(MenuPrompt::Opened { hint })];
        out.extend(menu.current());
        (menu, out)
    }

    /// The set-up as it stands.
    pub fn draft(&self) -> &Draft {
        &self.draft
    }

    /// Takes one key.
    pub fn key(&mut self, key: Key) -> Vec<Effect> {
        let Some(&page) = self.stack.last() else {
            return vec![Effect::Close];
        };
        match (page, key) {
            (_, Key::Repeat) => self.current(),
            (_, Key::Back) => self.back(),
            (Page::List { list, pos }, Key::Prev | Key::Next) => {
                let count = self.items(list).len();
                let pos = if key == Key::Next {
                    (pos + 1) % count
                } else {
                    (pos + count - 1) % count
                };
                self.set_top(Page::List { list, pos });
                self.current()
            }
            (Page::Number { field, value }, Key::Prev | Key::Next) => {
                let value = steps::step(field, value, key == Key::Next);
                self.set_top(Page::Number { field, value });
                self.current()
            }
            (Page::List { list, pos }, Key::Select) => self.choose(list, pos),
            (Page::Number { field, value }, Key::Select) => self.accept(field, value),
        }
    }

    fn set_top(&mut self, page: Page) {
        if let Some(top) = self.stack.last_mut() {
            *top = page;
        }
    }

    fn push(&mut self, page: Page) -> Vec<Effect> {
        self.stack.push(page);
        self.current()
    }

    fn push_list(&mut self, list: List) -> Vec<Effect> {
        let pos = self
            .items(list)
            .iter()
            .position(|(_, chosen)| *chosen)
            .unwrap_or(0);
        self.push(Page::List { list, pos })
    }

    /// Back to the page below (saying where one is), or out of the menu from the first page.
    fn back(&mut self) -> Vec<Effect> {
        if self.stack.len() <= 1 {
            self.stack.clear();
            return vec![Effect::Say(MenuPrompt::Left), Effect::Close];
        }
        self.stack.pop();
        self.current()
    }

    /// Pops pages down to `depth` and says where one is.
    fn return_to(&mut self, depth: usize) -> Vec<Effect> {
        self.stack.truncate(depth.max(1));
        self.current()
    }

    /// What the current page says: its item with its position, or its number.
    fn current(&self) -> Vec<Effect> {
        let Some(&page) = self.stack.last() else {
            return Vec::new();
        };
        let prompt = match page {
            Page::List { list, pos } => {
                let items = self.items(list);
                let pos = pos.min(items.len().saturating_sub(1));
                let (item, chosen) = items[pos].clone();
                MenuPrompt::Item {
                    position: pos as u32 + 1,
                    count: items.len() as u32,
                    item,
                    chosen,
                }
            }
            Page::Number { field, value } => MenuPrompt::Value { field, value },
        };
        vec![Effect::Say(prompt)]
    }

    /// A list's items, each with whether it is the value in force.
    fn items(&self, list: List) -> Vec<(MenuItem, bool)> {
        let d = &self.draft;
        let plain = |items: Vec<MenuItem>| items.into_iter().map(|i| (i, false)).collect();
        match list {
            List::Main => plain(vec![
                MenuItem::Control {
                    stages: stage_infos(&d.control),
                    end: control_end(&d.control),
                },
                self.player_item(Side::White),
                self.player_item(Side::Black),
                MenuItem::First(d.first),
                MenuItem::Check,
                MenuItem::Leave,
            ]),
            List::Controls => {
                let mut items: Vec<(MenuItem, bool)> = self
                    .offers
                    .iter()
                    .map(|o| {
                        let item = MenuItem::Preset {
                            name: o.name.clone(),
                            stages: stage_infos(&o.control),
                            hourglass: o.control.hourglass(),
                            end: control_end(&o.control),
                        };
                        (item, o.control == d.control)
                    })
                    .collect();
                items.push((MenuItem::Upcount, d.control.is_upcount()));
                items.push((MenuItem::Custom, false));
                items
            }
            List::Player(side) => {
                let p = &d.players[side.index()];
                plain(vec![
                    MenuItem::Vision(p.vision),
                    MenuItem::Language(p.language),
                    MenuItem::StartTime(p.start_time),
                    MenuItem::SpeechRate(self.rates[side.index()]),
                    MenuItem::Back,
                ])
            }
            List::Vision(side) => [Vision::TotallyBlind, Vision::LowVision, Vision::Sighted]
                .into_iter()
                .map(|v| (MenuItem::Vision(v), d.players[side.index()].vision == v))
                .collect(),
            List::Language(side) => Lang::ALL
                .into_iter()
                .map(|l| (MenuItem::Language(l), d.players[side.index()].language == l))
                .collect(),
            List::First => Side::BOTH
                .into_iter()
                .map(|s| (MenuItem::Side(s), d.first == s))
                .collect(),
            List::LastStage(n) => {
                let repeat = self.custom.get(n).is_some_and(|s| s.repeat);
                [false, true]
                    .into_iter()
                    .map(|r| (MenuItem::Repeating(r), r == repeat))
                    .collect()
            }
            List::Addition(n) => {
                let now = self.custom.get(n).map(|s| s.addition);
                ADDITIONS
                    .into_iter()
                    .map(|a| (MenuItem::Addition(a), Some(a) == now))
                    .collect()
            }
            List::Overtime => [
                OvertimeChoice::None,
                OvertimeChoice::Byoyomi,
                OvertimeChoice::Canadian,
            ]
            .into_iter()
            .map(|o| (MenuItem::Overtime(o), o == self.custom.overtime))
            .collect(),
            List::Confirm => plain(vec![MenuItem::Save, MenuItem::Back]),
        }
    }

    fn player_item(&self, side: Side) -> MenuItem {
        let p = &self.draft.players[side.index()];
        MenuItem::Player {
            side,
            vision: p.vision,
            language: p.language,
        }
    }

    /// Select on a list item.
    fn choose(&mut self, list: List, pos: usize) -> Vec<Effect> {
        let items = self.items(list);
        let Some((item, _)) = items.get(pos).cloned() else {
            return self.current();
        };
        match (list, item) {
            (List::Main, MenuItem::Control { .. }) => self.push_list(List::Controls),
            (List::Main, MenuItem::Player { side, .. }) => self.push(Page::List {
                list: List::Player(side),
                pos: 0,
            }),
            (List::Main, MenuItem::First(_)) => self.push_list(List::First),
            (List::Main, MenuItem::Check) => {
                let mut out = vec![Effect::Say(self.read_back())];
                out.extend(self.push(Page::List {
                    list: List::Confirm,
                    pos: 0,
                }));
                out
            }
            (List::Main, _) => {
                self.stack.clear();
                vec![Effect::Say(MenuPrompt::Left), Effect::Close]
            }
            (List::Controls, MenuItem::Upcount) => {
                self.draft.control = TimeControl::upcount();
                self.draft.name = "Upcount".to_string();
                for player in &mut self.draft.players {
                    player.start_time = None;
                }
                self.return_to(1)
            }
            (List::Controls, MenuItem::Custom) => {
                self.custom = Custom::from(&self.draft.control);
                let value = self.custom.stages.len() as i64;
                self.push(Page::Number {
                    field: Field::Stages,
                    value,
                })
            }
            (List::Controls, _) => {
                if let Some(offer) = self.offers.get(pos) {
                    self.draft.control = offer.control.clone();
                    self.draft.name = offer.file_name.clone();
                }
                self.return_to(1)
            }
            (List::Player(side), MenuItem::Vision(_)) => self.push_list(List::Vision(side)),
            (List::Player(side), MenuItem::Language(_)) => self.push_list(List::Language(side)),
            (List::Player(side), MenuItem::StartTime(_)) => {
                let value = self.draft.start_time(side);
                self.push(Page::Number {
                    field: Field::StartTime(side),
                    value,
                })
            }
            (List::Player(side), MenuItem::SpeechRate(level)) => self.push(Page::Number {
                field: Field::SpeechRate(side),
                value: i64::from(level),
            }),
            (List::Player(_), _) => self.back(),
            (List::Vision(side), MenuItem::Vision(v)) => {
                self.draft.players[side.index()].vision = v;
                self.back()
            }
            (List::Language(side), MenuItem::Language(l)) => {
                self.draft.players[side.index()].language = l;
                self.back()
            }
            (List::First, MenuItem::Side(s)) => {
                self.draft.first = s;
                self.back()
            }
            (List::LastStage(n), MenuItem::Repeating(repeat)) => {
                if let Some(stage) = self.custom.get_mut(n) {
                    stage.repeat = repeat;
                    stage.moves = if repeat {
                        Some(stage.moves.unwrap_or(20))
                    } else {
                        None
                    };
                }
                match self.custom.get(n).and_then(|s| s.moves) {
                    Some(moves) => self.push(Page::Number {
                        field: Field::Moves(n),
                        value: i64::from(moves),
                    }),
                    None => self.time_step(n),
                }
            }
            (List::Addition(n), MenuItem::Addition(a)) => {
                if let Some(stage) = self.custom.get_mut(n) {
                    stage.addition = a;
                }
                if a == Addition::None {
                    self.next_stage(n)
                } else {
                    let value = self
                        .custom
                        .get(n)
                        .map_or(steps::bounds(Field::Addition(n)).0, |s| s.amount);
                    self.push(Page::Number {
                        field: Field::Addition(n),
                        value,
                    })
                }
            }
            (List::Overtime, MenuItem::Overtime(choice)) => {
                self.custom.overtime = choice;
                match choice {
                    OvertimeChoice::None => self.finish_custom(),
                    OvertimeChoice::Byoyomi => self.push(Page::Number {
                        field: Field::Periods,
                        value: i64::from(self.custom.periods),
                    }),
                    OvertimeChoice::Canadian => self.push(Page::Number {
                        field: Field::PeriodMoves,
                        value: i64::from(self.custom.period_moves),
                    }),
                }
            }
            (List::Confirm, MenuItem::Save) => {
                self.stack.clear();
                vec![Effect::Save(Box::new(self.draft.clone())), Effect::Close]
            }
            (List::Confirm, _) => self.back(),
            _ => self.current(),
        }
    }

    /// Select on a number.
    fn accept(&mut self, field: Field, value: i64) -> Vec<Effect> {
        match field {
            Field::Stages => {
                self.custom
                    .resize(value.clamp(1, steps::MAX_STAGES) as usize);
                self.stage_step(1)
            }
            Field::Moves(n) => {
                if let Some(stage) = self.custom.get_mut(n) {
                    stage.moves = Some(value.clamp(1, 10_000) as u32);
                }
                self.time_step(n)
            }
            Field::Time(n) => {
                if let Some(stage) = self.custom.get_mut(n) {
                    stage.time = value;
                }
                self.push_list(List::Addition(n))
            }
            Field::Addition(n) => {
                if let Some(stage) = self.custom.get_mut(n) {
                    stage.amount = value;
                }
                self.next_stage(n)
            }
            Field::Periods | Field::PeriodMoves => {
                let count = value.clamp(1, 10_000) as u32;
                if field == Field::Periods {
                    self.custom.periods = count;
                } else {
                    self.custom.period_moves = count;
                }
                self.push(Page::Number {
                    field: Field::PeriodTime,
                    value: self.custom.period_time,
                })
            }
            Field::PeriodTime => {
                self.custom.period_time = value;
                self.finish_custom()
            }
            Field::StartTime(side) => {
                let odds = (value != self.draft.control.start_time()).then_some(value);
                self.draft.players[side.index()].start_time = odds;
                self.back()
            }
            Field::SpeechRate(side) => {
                let level = value.clamp(1, 9) as u32;
                self.rates[side.index()] = level;
                self.draft.players[side.index()].rate_level = Some(level);
                let mut out = vec![Effect::Rate(side, level)];
                out.extend(self.back());
                out
            }
        }
    }

    /// The whole set-up, as the clock check before saving says it.
    fn read_back(&self) -> MenuPrompt {
        let d = &self.draft;
        MenuPrompt::ReadBack {
            stages: stage_infos(&d.control),
            hourglass: d.control.hourglass(),
            end: control_end(&d.control),
            times: Side::BOTH.map(|s| d.start_time(s)),
            visions: Side::BOTH.map(|s| d.players[s.index()].vision),
            languages: Side::BOTH.map(|s| d.players[s.index()].language),
            first: d.first,
        }
    }
}
