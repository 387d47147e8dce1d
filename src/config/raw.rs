//! The configuration file as written: serde structs that mirror the TOML, with spans kept so
//! that validation can point at the line and column of each problem.

use serde::Deserialize;
use toml::Spanned;

/// The whole file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawConfig {
    /// `tournament` or `practice`.
    pub mode: Option<Spanned<String>>,
    /// The rule profile: `russian-draughts` (default) or `fide`.
    pub rules: Option<Spanned<String>>,
    /// `[game]`.
    #[serde(default)]
    pub game: RawGame,
    /// `[time_control]`.
    pub time_control: Option<Spanned<RawTimeControl>>,
    /// `[players.white]` and `[players.black]`.
    #[serde(default)]
    pub players: RawPlayers,
    /// `[arbiter]`.
    #[serde(default)]
    pub arbiter: RawArbiter,
    /// `[announce]`.
    #[serde(default)]
    pub announce: RawAnnounce,
    /// `[audio]`.
    #[serde(default)]
    pub audio: super::audio::RawAudio,
    /// `[input]`: buttons and what they do.
    #[serde(default)]
    pub input: super::input::RawInputSection,
    /// `[[preset]]`: named time controls the set-up menu offers.
    #[serde(default)]
    pub preset: Vec<Spanned<RawPreset>>,
    /// `[setup]`: the spoken set-up menu.
    #[serde(default)]
    pub setup: RawSetup,
    /// `[hall]`: the board's place in a tournament hall.
    pub hall: Option<Spanned<super::hall::RawHall>>,
    /// `[display]`: the board display (a web page).
    pub display: Option<Spanned<super::display::RawDisplay>>,
}

/// `[[preset]]`: a named time control.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawPreset {
    /// The preset's name.
    pub name: Option<Spanned<String>>,
    /// `[preset.time_control]`, written as `[time_control]` is.
    pub time_control: Option<Spanned<RawTimeControl>>,
}

/// `[setup]`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawSetup {
    /// The arbiter locked the menu (tournaments).
    #[serde(default)]
    pub locked: bool,
}

/// `[announce]`: what the clock says on its own, and to whom.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawAnnounce {
    /// Who hears the move number after each press: any of `white`, `black`, `arbiter`.
    pub moves: Option<Spanned<Vec<String>>>,
    /// Say "N moves to the control" to the player at these counts.
    pub moves_to_control: Option<Spanned<Vec<i64>>>,
    /// A player's time button also tells the opponent's time.
    pub opponent_time_on_query: Option<bool>,
    /// Practice only: remind the side on move after this long without a press.
    pub remind_after: Option<Spanned<String>>,
    /// Practice only: everything is said to everyone.
    pub practice_to_all: Option<bool>,
    /// The flag alert also goes to the flagged player's opponent (the arbiter always hears it).
    pub flag_to_opponent: Option<Spanned<bool>>,
    /// The time button also tells the moves the player has made.
    pub moves_on_query: Option<bool>,
}

/// `[game]`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawGame {
    /// Whose clock starts: `white` (default) or `black`.
    pub first: Option<Spanned<String>>,
}

/// `[time_control]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawTimeControl {
    /// Time spent by the mover is added to the opponent (single-stage controls).
    #[serde(default)]
    pub hourglass: bool,
    /// `[[time_control.stage]]`, in order.
    #[serde(default)]
    pub stage: Vec<Spanned<RawStage>>,
    /// `[time_control.overtime]`: byo-yomi or Canadian after the last stage.
    pub overtime: Option<Spanned<RawOvertime>>,
    /// Time counts up from zero: no stages, no flag.
    pub upcount: Option<Spanned<bool>>,
}

/// `[time_control.overtime]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawOvertime {
    /// `byoyomi` or `canadian`.
    pub kind: Option<Spanned<String>>,
    /// Byo-yomi: how many periods.
    pub periods: Option<Spanned<i64>>,
    /// Canadian: moves per period.
    pub moves: Option<Spanned<i64>>,
    /// Each period's time.
    pub time: Option<Spanned<String>>,
}

/// `[[time_control.stage]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawStage {
    /// Moves in the stage; omitted for the rest of the game.
    pub moves: Option<Spanned<i64>>,
    /// Time for the stage.
    pub time: Option<Spanned<String>>,
    /// Fischer increment.
    pub increment: Option<Spanned<String>>,
    /// Per-move delay.
    pub delay: Option<Spanned<String>>,
    /// `bronstein` or `simple`.
    pub delay_kind: Option<Spanned<String>>,
    /// The last stage repeats.
    #[serde(default)]
    pub repeat: bool,
}

/// `[players]`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawPlayers {
    /// `[players.white]`.
    #[serde(default)]
    pub white: RawPlayer,
    /// `[players.black]`.
    #[serde(default)]
    pub black: RawPlayer,
}

/// `[players.white]` or `[players.black]`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawPlayer {
    /// The player's name, as the arbiter knows him.
    pub name: Option<String>,
    /// `totally_blind`, `low_vision` or `sighted`.
    pub vision: Option<Spanned<String>>,
    /// `ru` or `en`.
    pub language: Option<Spanned<String>>,
    /// A start time other than stage 1's (time odds).
    pub start_time: Option<Spanned<String>>,
    /// Every spoken time warning, replacing the rule profile's default for his vision.
    pub warnings: Option<Spanned<Vec<Spanned<String>>>>,
    /// Warnings besides the rule profile's default, as remaining times before the control.
    pub extra_warnings: Option<Vec<Spanned<String>>>,
    /// Count the last seconds aloud (0 or absent: off).
    pub countdown: Option<Spanned<i64>>,
    /// A soft tick in the last 2 minutes of a stage: each 10 s, then each second.
    pub flag_rising_cue: Option<bool>,
    /// His speech rate, as the rate buttons count it: 1 (slowest) to 9, 5 being
    /// `[audio] speech_rate`.
    pub speech_rate_level: Option<Spanned<i64>>,
    /// Feel the clock: vibration patterns on his own controller.
    pub haptic: Option<bool>,
    /// How strong the vibration is, in per cent (10–100; default 100).
    pub haptic_strength: Option<Spanned<i64>>,
    /// Read the clock on a refreshable Braille display through BRLTTY.
    pub braille: Option<bool>,
    /// The BrlAPI host of his display (`HOST:N`, `:N`).
    pub braille_host: Option<Spanned<String>>,
    /// The BrlAPI key file, when BRLTTY asks for one.
    pub braille_key_file: Option<Spanned<String>>,
}

/// `[arbiter]`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawArbiter {
    /// `ru` or `en`.
    pub language: Option<Spanned<String>>,
}
