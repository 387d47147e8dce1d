//! What the spoken set-up menu says, as data: the items of its lists, the values being set and
//! its notices. The catalogues' menu templates, said by one walker (`super::template`), turn
//! them into words and clips in every language, as they do announcements.

use super::announcement::{ControlEnd, DelayKind, Side, StageInfo};
use crate::schedule::Vision;
use crate::speech::Lang;

/// A preset the clock ships with; its name is recorded in the voice packs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ShippedPreset {
    /// Russian draughts, classical: 1 h 30 min + 1 min per move.
    RussianClassical,
    /// FMJD classical: 50 moves in 2 h, then 25 moves in 1 h, repeating.
    FmjdClassical,
    /// FIDE classical: 40 moves in 90 min, then 30 min, + 30 s per move from move 1.
    FideClassical,
    /// Rapid: 15 min + 10 s per move.
    Rapid,
    /// Rapid as FIDE's championships play it: 25 min + 10 s per move.
    RapidFide,
    /// Blitz: 5 min + 3 s per move.
    Blitz,
    /// Blitz 3 min + 2 s per move.
    Blitz3,
    /// Bullet: 1 min for the game.
    Bullet,
    /// Hourglass, 5 minutes.
    Hourglass,
}

/// How a preset is named in the menu.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PresetName {
    /// One the clock ships with.
    Shipped(ShippedPreset),
    /// One from the configuration file: its name is printed; what is spoken is its number
    /// among the file's presets and its control.
    FromFile {
        /// 1-based among the file's presets.
        number: u32,
        /// The name as written (printed, not spoken: a voice pack cannot say any name).
        name: String,
    },
}

/// What a per-move addition is, as offered in the custom control.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Addition {
    /// Nothing is added.
    None,
    /// Fischer increment.
    Fischer,
    /// A delay of this kind.
    Delay(DelayKind),
}

/// What follows the last stage of a custom control, as offered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OvertimeChoice {
    /// Nothing: the flag falls when the last stage's time runs out.
    None,
    /// Byo-yomi: periods of one move each.
    Byoyomi,
    /// Canadian: periods of several moves.
    Canadian,
}

/// One item of a menu list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MenuItem {
    /// The time control, and what it is now.
    Control {
        /// Its stages.
        stages: Vec<StageInfo>,
        /// What follows the last stage.
        end: ControlEnd,
    },
    /// A player's settings: his vision and language.
    Player {
        /// Whose.
        side: Side,
        /// How well he sees.
        vision: Vision,
        /// The language he hears.
        language: Lang,
    },
    /// Who starts, and who it is now.
    First(Side),
    /// Read the set-up back, then save it.
    Check,
    /// Leave the menu without changing anything.
    Leave,
    /// A preset and its control.
    Preset {
        /// Its name.
        name: PresetName,
        /// Its stages.
        stages: Vec<StageInfo>,
        /// An hourglass control.
        hourglass: bool,
        /// What follows its last stage.
        end: ControlEnd,
    },
    /// A clock whose time counts up from zero (no flag).
    Upcount,
    /// Build a control step by step.
    Custom,
    /// A vision profile to choose.
    Vision(Vision),
    /// A language to choose.
    Language(Lang),
    /// A player's start time: `None` when it is stage 1's (no time odds).
    StartTime(Option<i64>),
    /// A player's speech rate, 1 (slowest) to 9 (fastest).
    SpeechRate(u32),
    /// A side to choose.
    Side(Side),
    /// The last stage: to the end of the game (`false`) or a number of moves, repeating.
    Repeating(bool),
    /// A per-move addition to choose.
    Addition(Addition),
    /// What follows the last stage.
    Overtime(OvertimeChoice),
    /// Save the set-up and make it the current one.
    Save,
    /// Go back without saving.
    Back,
}

/// A number being set in the menu.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    /// How many stages the custom control has.
    Stages,
    /// Moves of stage N (1-based).
    Moves(u32),
    /// Time of stage N.
    Time(u32),
    /// Increment or delay of stage N.
    Addition(u32),
    /// A player's start time.
    StartTime(Side),
    /// A player's speech rate.
    SpeechRate(Side),
    /// How many byo-yomi periods.
    Periods,
    /// Moves in a Canadian period.
    PeriodMoves,
    /// Each overtime period's time.
    PeriodTime,
}

/// Something the set-up menu says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MenuPrompt {
    /// The menu opened; `hint`: the usual buttons are all bound (both move buttons, start and
    /// a time button), so how they work in the menu is said too.
    Opened {
        /// Say how the buttons work.
        hint: bool,
    },
    /// An item of a list: `position` of `count`, 1-based; `chosen` when it is the value in
    /// force.
    Item {
        /// Where it is in its list.
        position: u32,
        /// How long the list is.
        count: u32,
        /// The item.
        item: MenuItem,
        /// It is the value in force.
        chosen: bool,
    },
    /// A number being set, and its value now (a count, or milliseconds for a time, or a
    /// speech-rate level 1–9).
    Value {
        /// What is being set.
        field: Field,
        /// Its value.
        value: i64,
    },
    /// The read-back of the whole set-up before saving (the clock check of rule 1.7.5).
    ReadBack {
        /// The control's stages.
        stages: Vec<StageInfo>,
        /// An hourglass control.
        hourglass: bool,
        /// What follows the last stage.
        end: ControlEnd,
        /// White's and Black's start times.
        times: [i64; 2],
        /// White's and Black's vision.
        visions: [Vision; 2],
        /// White's and Black's languages.
        languages: [Lang; 2],
        /// Whose clock starts.
        first: Side,
    },
    /// The set-up was saved and is the current one; `to_file`: written into the
    /// configuration file (else kept until the daemon stops: it runs without a file).
    Saved {
        /// Written to the file.
        to_file: bool,
    },
    /// The set-up could not be written to the file; nothing changed.
    NotSaved,
    /// The control built step by step is not a usable one; nothing changed.
    Invalid,
    /// The menu was left without changes.
    Left,
    /// The arbiter locked the menu.
    Locked,
    /// A game is in progress: the set-up is only between games.
    GameInProgress,
}
