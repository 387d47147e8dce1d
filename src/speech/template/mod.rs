//! Phrasing as data: the sentences of the readouts, warnings, flags, results and notices are
//! templates in each language's catalogue (`[say]` in `lang/<code>.toml`), said by one walker
//! for every language: readouts, warnings, flags, results, notices, overtime and the clock
//! check, and the set-up menu ([`menu`]); the board's own notices are whole sentences of
//! `[notices]` ([`notice`]), which no voice pack holds. What a template cannot say — numbers, counted
//! nouns, durations — its language's [`Grammar`] says.
//!
//! A template is words separated by spaces: a clip key (`to_control`), a slot in braces
//! (`{side}`, `{side.gen}`, `{remaining}`, `{time.acc}` — a form the language's grammar
//! knows), a slot in parentheses (`({side})`), or the marks
//! `:` `,` `;` (a pause inside the sentence) and `.` (the sentence ends). A mark may follow a
//! word directly (`{side}:`).

mod menu;
mod notice;

use super::announcement::{
    Announcement, ClockPhase, ControlEnd, DelayKind, Outcome, Overtime, Reason, Rules, Side,
    StageInfo,
};
use super::catalogue::Catalogue;
use super::duration::{exact_parts, spoken_parts};
use super::grammar::{Counted, Grammar};
use super::utterance::Builder;

/// The boards or ranges of boards a summary names before "and others" (the dashboard's
/// banner lists them all).
const BOARDS_SAID: usize = 4;

/// A value a template's slot says.
#[derive(Clone, Copy)]
enum Value<'a> {
    /// A side, said in the form the slot names (`{side.gen}`), `name` by default.
    Side(Side),
    /// A number said alone ("громкость семь").
    Number(u64),
    /// A count of a noun ("двенадцать ходов").
    Count(u64, Counted),
    /// A remaining time, as a player hears it (rounded).
    Remaining(i64),
    /// A time to the second (a time set, a control).
    Exact(i64),
    /// The clip of this key (a menu's choice: "menu_fischer").
    Word(&'static str),
    /// Another announcement, said in place (a board's notice).
    Nested(&'a Announcement),
}

/// Says one announcement in the language of `catalogue` and `grammar`.
pub(crate) fn say(b: &mut Builder, catalogue: &Catalogue, grammar: &dyn Grammar, a: &Announcement) {
    let t = Walker {
        b,
        catalogue,
        grammar,
    };
    t.announcement(a);
}

/// Says the template `name` of `catalogue`, which has no slots (a language's own name,
/// `language_<code>`); false if the catalogue has no such template.
pub(crate) fn say_template(
    b: &mut Builder,
    catalogue: &Catalogue,
    grammar: &dyn Grammar,
    name: &str,
) -> bool {
    if catalogue.template(name).is_none() {
        return false;
    }
    let mut t = Walker {
        b,
        catalogue,
        grammar,
    };
    t.say(name, &[]);
    true
}

/// One language's catalogue and grammar, saying into one builder.
struct Walker<'b, 'c> {
    b: &'b mut Builder,
    catalogue: &'c Catalogue,
    grammar: &'c dyn Grammar,
}

impl Walker<'_, '_> {
    fn announcement(mut self, a: &Announcement) {
        use Value::{Count, Exact, Nested, Number, Remaining};
        match a {
            Announcement::Start { side } => self.say("start", &[("side", Value::Side(*side))]),
            Announcement::Countdown { remaining_ms } => {
                let seconds = (*remaining_ms).max(0) as u64 / 1000;
                self.say("countdown", &[("n", Number(seconds))]);
            }
            Announcement::Reminder { side } => {
                self.say("reminder", &[("side", Value::Side(*side))])
            }
            Announcement::Refused => self.say("refused", &[]),
            Announcement::Volume { level } => {
                self.say("volume", &[("n", Number(u64::from(*level)))])
            }
            Announcement::SpeechRate { level } => {
                self.say("speech_rate", &[("n", Number(u64::from(*level)))])
            }
            Announcement::TimeReadout {
                side,
                remaining_ms,
                moves_made,
                moves_to_control,
            } => {
                self.say(
                    "time_readout",
                    &[
                        ("side", Value::Side(*side)),
                        ("remaining", Remaining(*remaining_ms)),
                    ],
                );
                if let Some(moves) = moves_made {
                    let n = u64::from(*moves);
                    self.say_counted("moves_made", n, &[("moves", Count(n, Counted::Move))]);
                }
                if let Some(moves) = moves_to_control {
                    let n = u64::from(*moves);
                    self.say_counted("moves_to_go", n, &[("moves", Count(n, Counted::Move))]);
                }
            }
            Announcement::OpponentTime { side, remaining_ms } => self.say(
                "opponent_time",
                &[
                    ("side", Value::Side(*side)),
                    ("remaining", Remaining(*remaining_ms)),
                ],
            ),
            Announcement::Move { side, number } => self.say(
                "move",
                &[
                    ("n", Number(u64::from(*number))),
                    ("other", Value::Side(side.other())),
                ],
            ),
            Announcement::MovesToControl { side, moves } => {
                let n = u64::from(*moves);
                self.say_counted(
                    "moves_to_control",
                    n,
                    &[
                        ("side", Value::Side(*side)),
                        ("moves", Count(n, Counted::Move)),
                    ],
                );
            }
            Announcement::Warning {
                side,
                remaining_ms,
                sudden_death,
            } => self.say(
                if *sudden_death {
                    "warning_to_game_end"
                } else {
                    "warning_to_control"
                },
                &[
                    ("side", Value::Side(*side)),
                    ("remaining", Remaining(*remaining_ms)),
                ],
            ),
            Announcement::Flag { side } => self.say("flag", &[("side", Value::Side(*side))]),
            Announcement::Pause => self.say("pause", &[]),
            Announcement::Resume => self.say("resume", &[]),
            Announcement::Adjusted {
                side,
                new_ms,
                clamped,
            } => {
                self.say(
                    "adjusted",
                    &[("side", Value::Side(*side)), ("time", Exact(*new_ms))],
                );
                if *clamped {
                    self.say("adjusted_clamped", &[]);
                }
            }
            Announcement::PlayerStop { side } => {
                self.say("player_stop", &[("side", Value::Side(*side))])
            }
            Announcement::NewStage { side, added_ms } => {
                self.say("new_stage", &[("side", Value::Side(*side))]);
                if !exact_parts(*added_ms).is_zero() {
                    self.say("new_stage_added", &[("time", Exact(*added_ms))]);
                }
            }
            Announcement::Result { outcome, reason } => {
                let winner = match outcome {
                    Outcome::White => Some(Side::White),
                    Outcome::Black => Some(Side::Black),
                    Outcome::Draw => None,
                };
                let reason_key = match reason {
                    Reason::TimeForfeit => "reason_time_forfeit",
                    Reason::Resignation => "reason_resignation",
                    Reason::NoMoves => "reason_no_moves",
                    Reason::Draw1713 => "reason_draw_1713",
                    // The arbiter's result for a game decided on the board: "Result: White
                    // wins." — no reason of the clock's own.
                    Reason::Arbiter => {
                        return match winner {
                            Some(side) => {
                                self.say("result_arbiter_win", &[("winner", Value::Side(side))])
                            }
                            None => self.say("result_arbiter_draw", &[]),
                        }
                    }
                    // The arbiter's forfeit: "Result: White wins by forfeit." (a forfeit has
                    // a winner; the protocol refuses a drawn one).
                    Reason::Forfeit => {
                        return match winner {
                            Some(side) => {
                                self.say("result_forfeit_win", &[("winner", Value::Side(side))])
                            }
                            None => self.say("result_arbiter_draw", &[]),
                        }
                    }
                };
                match winner {
                    Some(side) => self.say("result_win", &[("winner", Value::Side(side))]),
                    None => self.say("result_draw", &[]),
                }
                self.say(reason_key, &[]);
            }
            Announcement::IgnoredPress { side } => {
                self.say("ignored_press", &[("side", Value::Side(*side))])
            }
            Announcement::Board {
                board,
                late_ms,
                notice,
            } => {
                self.say("board", &[("n", Number(u64::from(*board)))]);
                if let Some(late) = late_ms {
                    self.say("board_late", &[("late", Remaining(*late))]);
                }
                self.say("board_notice", &[("notice", Nested(notice))]);
            }
            Announcement::ControllerLost { .. }
            | Announcement::ControllerBack { .. }
            | Announcement::Stopping
            | Announcement::KeyboardClosed
            | Announcement::BrailleAbsent { .. }
            | Announcement::DefaultLanguage
            | Announcement::Suspended
            | Announcement::Stalled { .. }
            | Announcement::Seal { .. }
            | Announcement::Journal { .. }
            | Announcement::SetupNotSaved { .. } => {
                if let Some(text) = notice::text(self.catalogue, self.grammar, a) {
                    self.b.unrecorded_text(&text);
                }
            }
            Announcement::BoardSilent { board } => {
                self.say("board_silent", &[("n", Number(u64::from(*board)))])
            }
            Announcement::BoardBack { board } => {
                self.say("board_back", &[("n", Number(u64::from(*board)))])
            }
            Announcement::BoardsSilent { boards } => self.boards("boards_silent", boards),
            Announcement::BoardsBack { boards } => self.boards("boards_back", boards),
            Announcement::Overtime {
                side,
                overtime,
                state,
            } => {
                let side = [("side", Value::Side(*side))];
                let entered = state.period <= 1;
                self.say(
                    if entered {
                        "overtime_entered"
                    } else {
                        "overtime"
                    },
                    &side,
                );
                match *overtime {
                    Overtime::Byoyomi { periods, .. } => {
                        self.periods_left(state.periods_left.unwrap_or(periods))
                    }
                    Overtime::Canadian { moves, time } => self.say(
                        "moves_in",
                        &[
                            ("moves", Count(u64::from(moves), Counted::Move)),
                            ("time", Exact(time)),
                        ],
                    ),
                }
            }
            Announcement::PhaseReadout {
                side,
                remaining_ms,
                phase,
            } => {
                let args = [
                    ("side", Value::Side(*side)),
                    ("remaining", Remaining(*remaining_ms)),
                ];
                match phase {
                    ClockPhase::Upcount => self.say("readout_upcount", &args),
                    ClockPhase::MainTime => self.say("readout_main_time", &args),
                    ClockPhase::Byoyomi { periods_left } => {
                        self.say("time_readout", &args);
                        self.say("readout_byoyomi", &[]);
                        self.periods_left(*periods_left);
                    }
                    ClockPhase::Canadian { moves_left } => {
                        self.say("time_readout", &args);
                        let n = u64::from(*moves_left);
                        self.say("readout_canadian", &[("moves", Count(n, Counted::Move))]);
                    }
                }
            }
            Announcement::MainTimeWarning { side, remaining_ms } => self.say(
                "warning_to_main_time_end",
                &[
                    ("side", Value::Side(*side)),
                    ("remaining", Remaining(*remaining_ms)),
                ],
            ),
            Announcement::ClockCheck {
                rules,
                stages,
                white_ms,
                black_ms,
                end,
            } => self.clock_check(*rules, stages, *white_ms, *black_ms, *end),
            Announcement::Menu(prompt) => self.menu(prompt),
            Announcement::Moves {
                white_moves,
                black_moves,
                white_used_ms,
                black_used_ms,
            } => {
                // "Белые: двадцать три хода, потрачено: один час пять минут. Чёрные: …"
                for (side, moves, used) in [
                    (Side::White, white_moves, white_used_ms),
                    (Side::Black, black_moves, black_used_ms),
                ] {
                    let n = u64::from(*moves);
                    self.say(
                        "moves_and_used",
                        &[
                            ("side", Value::Side(side)),
                            ("moves", Count(n, Counted::Move)),
                            ("time", Remaining(*used)),
                        ],
                    );
                }
            }
            Announcement::RolledBack {
                number,
                white_ms,
                black_ms,
                to_move,
            } => {
                // "Часы возвращены к ходу двадцать три. Белые: один час пять минут десять
                // секунд. Чёрные: пятьдесят минут. Ходят белые. Пауза." The times to the
                // second: the arbiter compares them with his scoresheet.
                self.say("rolled_back", &[("n", Number(u64::from(*number)))]);
                for (side, ms) in [(Side::White, white_ms), (Side::Black, black_ms)] {
                    self.say(
                        "rolled_back_side",
                        &[("side", Value::Side(side)), ("time", Exact(*ms))],
                    );
                }
                self.say("start", &[("side", Value::Side(*to_move))]);
                self.say("rolled_back_paused", &[]);
            }
        }
    }

    /// "Проверка часов. Правила русских шашек. Контроль: сорок ходов за два часа, плюс
    /// тридцать секунд за ход; затем один час до конца партии. Белые: два часа. Чёрные: два
    /// часа."
    fn clock_check(
        &mut self,
        rules: Rules,
        stages: &[StageInfo],
        white_ms: i64,
        black_ms: i64,
        end: ControlEnd,
    ) {
        self.say("clock_check", &[]);
        self.say(
            match rules {
                Rules::RussianDraughts => "rules_draughts",
                Rules::Fide => "rules_fide",
            },
            &[],
        );
        if end == ControlEnd::Upcount {
            self.control_end(end);
        } else if !stages.is_empty() {
            self.say("control", &[]);
            for (i, stage) in stages.iter().enumerate() {
                if i > 0 {
                    self.say("stage_then", &[]);
                }
                self.stage(stage, end == ControlEnd::Flag);
            }
            self.control_end(end);
            self.b.stop();
        }
        for (side, ms) in [(Side::White, white_ms), (Side::Black, black_ms)] {
            self.say(
                "clock_check_side",
                &[("side", Value::Side(side)), ("time", Value::Exact(ms))],
            );
        }
    }

    /// "Нет связи: доска три, от доски сто один до доски двести." — the template `head`, then
    /// each run of consecutive boards (a run of three or more as a range), at most
    /// [`BOARDS_SAID`] of them and "and others" after.
    fn boards(&mut self, head: &str, boards: &[u32]) {
        self.say(head, &[]);
        let mut said = 0;
        for (first, last) in super::announcement::board_runs(boards) {
            let items: Vec<(u32, Option<u32>)> = if last - first >= 2 {
                vec![(first, Some(last))]
            } else {
                (first..=last).map(|b| (b, None)).collect()
            };
            for (n, to) in items {
                if said == BOARDS_SAID {
                    self.say("boards_next", &[]);
                    self.say("boards_more", &[]);
                    self.b.stop();
                    return;
                }
                if said > 0 {
                    self.say("boards_next", &[]);
                }
                let n = ("n", Value::Number(u64::from(n)));
                match to {
                    Some(last) => {
                        self.say("boards_run", &[n, ("last", Value::Number(u64::from(last)))])
                    }
                    None => self.say("boards_one", &[n]),
                }
                said += 1;
            }
        }
        self.b.stop();
    }

    /// One stage of a time control.
    fn stage(&mut self, s: &StageInfo, ends_game: bool) {
        let time = ("time", Value::Exact(s.time_ms));
        match s.moves {
            Some(moves) => {
                let moves = Value::Count(u64::from(moves), Counted::Move);
                self.say("moves_in", &[("moves", moves), time]);
            }
            None if ends_game => self.say("stage_to_game_end", &[time]),
            None => self.say("stage", &[time]),
        }
        if s.repeat {
            self.say("stage_repeating", &[]);
        }
        if !exact_parts(s.increment_ms).is_zero() {
            self.say("stage_increment", &[("time", Value::Exact(s.increment_ms))]);
        }
        if !exact_parts(s.delay_ms).is_zero() {
            let name = match s.delay_kind {
                Some(DelayKind::Bronstein) => "stage_delay_bronstein",
                Some(DelayKind::Simple) => "stage_delay_simple",
                None => "stage_delay",
            };
            self.say(name, &[("time", Value::Exact(s.delay_ms))]);
        }
    }

    /// What follows the last stage.
    fn control_end(&mut self, end: ControlEnd) {
        match end {
            ControlEnd::Flag => {}
            ControlEnd::Upcount => self.say("control_upcount", &[]),
            ControlEnd::Overtime(Overtime::Byoyomi { periods, time }) => self.say(
                "control_byoyomi",
                &[
                    ("periods", Value::Count(u64::from(periods), Counted::Period)),
                    ("time", Value::Exact(time)),
                ],
            ),
            ControlEnd::Overtime(Overtime::Canadian { moves, time }) => self.say(
                "control_canadian",
                &[
                    ("moves", Value::Count(u64::from(moves), Counted::Move)),
                    ("time", Value::Exact(time)),
                ],
            ),
        }
    }

    /// "последний период" / "last period", or how many periods are left, the verb agreeing
    /// with the count ("остался двадцать один период", "осталось два периода").
    fn periods_left(&mut self, left: u32) {
        if left <= 1 {
            return self.say("last_period", &[]);
        }
        let n = u64::from(left);
        self.say_counted(
            "periods_left",
            n,
            &[("periods", Value::Count(n, Counted::Period))],
        );
    }

    /// Says the template `name.<plural category of n>` if the catalogue has one ("сделан"
    /// after one, "сделано" after the rest), else `name`.
    fn say_counted(&mut self, name: &str, n: u64, args: &[(&str, Value)]) {
        let category = self.grammar.plural(n).name();
        let specific = format!("{name}.{category}");
        if self.catalogue.template(&specific).is_some() {
            self.say(&specific, args);
        } else {
            self.say(name, args);
        }
    }

    /// Says the template `name` with the slot values `args`.
    fn say(&mut self, name: &str, args: &[(&str, Value)]) {
        let template = self.catalogue.template(name).unwrap_or_else(|| {
            panic!(
                "the phrasing catalogue {}.toml has no template {name:?}",
                self.catalogue.code()
            )
        });
        for word in template.split_whitespace() {
            self.word(word, args);
        }
    }

    /// Says one word of a template.
    fn word(&mut self, word: &str, args: &[(&str, Value)]) {
        match word {
            "." => return self.b.stop(),
            ":" | "," | ";" => return self.b.mark(word),
            _ => {}
        }
        if let Some(stem) = word.strip_suffix([':', ',', ';', '.']) {
            self.word(stem, args);
            return self.word(&word[stem.len()..], args);
        }
        if let Some(inner) = word.strip_prefix("({").and_then(|w| w.strip_suffix("})")) {
            let clip = match self.slot(inner, args) {
                (Value::Side(side), form) => self
                    .catalogue
                    .clip(self.catalogue.side(side, form.unwrap_or("name"))),
                _ => panic!("only a side can be said in parentheses: {word:?}"),
            };
            return self.b.say_in_parens(clip);
        }
        if let Some(inner) = word.strip_prefix('{').and_then(|w| w.strip_suffix('}')) {
            let (value, form) = self.slot(inner, args);
            return match value {
                Value::Side(side) => {
                    let key = self.catalogue.side(side, form.unwrap_or("name"));
                    self.b.say(self.catalogue.clip(key))
                }
                Value::Word(key) => self.b.say(self.catalogue.clip(key)),
                Value::Number(n) => self.grammar.number(self.b, n),
                Value::Count(n, noun) => self.grammar.count(self.b, n, noun),
                Value::Remaining(ms) => self.grammar.duration(self.b, spoken_parts(ms), form),
                Value::Exact(ms) => self.grammar.duration(self.b, exact_parts(ms), form),
                Value::Nested(a) => Walker {
                    b: &mut *self.b,
                    catalogue: self.catalogue,
                    grammar: self.grammar,
                }
                .announcement(a),
            };
        }
        self.b.say(self.catalogue.clip(word));
    }

    /// The value of the slot `inner` (`side` or `side.gen`) and the form it names, if any.
    fn slot<'a, 'v>(
        &self,
        inner: &'a str,
        args: &[(&str, Value<'v>)],
    ) -> (Value<'v>, Option<&'a str>) {
        let (name, form) = match inner.split_once('.') {
            Some((name, form)) => (name, Some(form)),
            None => (inner, None),
        };
        match args.iter().find(|(n, _)| *n == name) {
            Some((_, v)) => (*v, form),
            None => panic!(
                "the phrasing catalogue {}.toml names a slot {{{name}}} its template has not",
                self.catalogue.code()
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::speech::Lang;

    /// The slots the walker fills, and whether each is a side (which takes a form).
    const SLOTS: [(&str, bool); 14] = [
        ("side", true),
        ("other", true),
        ("winner", true),
        ("n", false),
        ("moves", false),
        ("periods", false),
        ("word", false),
        ("vision", false),
        ("value", false),
        ("remaining", false),
        ("time", false),
        ("late", false),
        ("notice", false),
        ("last", false),
    ];

    /// The templates of the set-up menu (not yet in a draft's catalogue).
    fn is_menu(name: &str) -> bool {
        [
            "menu_",
            "item_",
            "field_",
            "read_back",
            "language_",
            "first",
        ]
        .iter()
        .any(|p| name.starts_with(p))
    }

    #[test]
    fn every_catalogue_has_the_templates_of_the_announcements() {
        let ru = Catalogue::of(Lang::Ru);
        for code in Catalogue::codes() {
            let c = Catalogue::of_code(code).unwrap_or_else(|e| panic!("{e}"));
            for name in ru.template_names() {
                // A plural variant ("moves_made.one") is a language's own choice.
                let variant = name.contains('.');
                let language = Lang::from_code(code).is_some();
                let needed = !variant && (language || !is_menu(name));
                assert!(
                    !needed || c.template(name).is_some(),
                    "{code}.toml lacks the template {name:?}"
                );
            }
        }
    }

    #[test]
    fn every_template_word_is_a_clip_a_slot_or_a_mark() {
        for code in Catalogue::codes() {
            let lang = code;
            let c = Catalogue::of_code(code).unwrap_or_else(|e| panic!("{e}"));
            let mut names: Vec<&str> = c.template_names().collect();
            names.sort_unstable();
            assert!(names.len() > 30, "{lang}: only {} templates", names.len());
            for name in names {
                let template = c.template(name).unwrap_or_default();
                for word in template.split_whitespace() {
                    let word = word.trim_end_matches([':', ',', ';', '.']);
                    if word.is_empty() {
                        continue;
                    }
                    let slot = word.trim_start_matches('(').trim_end_matches(')');
                    if let Some(inner) = slot.strip_prefix('{').and_then(|w| w.strip_suffix('}')) {
                        let (slot, form) = inner.split_once('.').unwrap_or((inner, "name"));
                        let known = SLOTS.iter().find(|(s, _)| *s == slot);
                        assert!(known.is_some(), "{lang:?} {name}: unknown slot {word}");
                        if known.is_some_and(|(_, side)| *side) {
                            for side in Side::BOTH {
                                assert!(
                                    c.get(c.side(side, form)).is_some(),
                                    "{lang:?} {name}: {word}"
                                );
                            }
                        }
                    } else {
                        assert!(c.get(word).is_some(), "{lang:?} {name}: no clip {word:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_template_in_a_count_s_plural_category_wins() {
        // "Сделан двадцать один ход", "сделано двадцать два хода": `moves_made.one` and
        // `moves_made` in lang/ru.toml.
        let say = |moves| {
            let a = Announcement::TimeReadout {
                side: Side::White,
                remaining_ms: 60_000,
                moves_made: Some(moves),
                moves_to_control: None,
            };
            super::super::phrase(Lang::Ru, &a).text
        };
        assert_eq!(say(21), "Белые: одна минута. Сделан двадцать один ход.");
        assert_eq!(say(22), "Белые: одна минута. Сделано двадцать два хода.");
        assert_eq!(say(11), "Белые: одна минута. Сделано одиннадцать ходов.");
    }
}
