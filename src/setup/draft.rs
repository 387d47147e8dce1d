//! The set-up being made in the menu ([`Draft`]), and writing it into the configuration's
//! text: the time control as the current one and as a named `[[preset]]`, who starts, and
//! each player's vision, language and start time, with every comment and other setting of
//! the file kept as it was.

use crate::clock::time::Clock;
use crate::clock::{DelayKind, Ms, Overtime, Side, TimeControl};
use crate::config::Config;
use crate::schedule::Vision;
use crate::speech::Lang;
use toml_edit::{value, ArrayOfTables, DocumentMut, Item, Table};

/// One player's part of the set-up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayerDraft {
    /// How well he sees.
    pub vision: Vision,
    /// The language he hears.
    pub language: Lang,
    /// His start time when it differs from stage 1's (time odds).
    pub start_time: Option<Ms>,
    /// His speech rate level (1–9), once set in the menu or the file.
    pub rate_level: Option<u32>,
}

/// The set-up as the menu has it so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Draft {
    /// The time control.
    pub control: TimeControl,
    /// The preset's name in the file.
    pub name: String,
    /// Whose clock starts.
    pub first: Side,
    /// White's and Black's settings.
    pub players: [PlayerDraft; 2],
}

/// Why the set-up could not be written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SaveError {
    /// The file's text is not TOML the editor can change (it was valid when loaded: this is
    /// a file changed meanwhile).
    #[error("the configuration cannot be edited: {0}")]
    Edit(String),
    /// The edited text would not be a valid configuration.
    #[error("the edited configuration would not be valid: {0}")]
    Invalid(String),
}

impl Draft {
    /// The set-up a configuration has now.
    pub fn of(config: &Config) -> Draft {
        let player = |side: Side| {
            let p = config.player(side);
            PlayerDraft {
                vision: p.vision,
                language: p.language,
                start_time: p.start_time,
                rate_level: p.speech_rate_level,
            }
        };
        Draft {
            control: config.control.clone(),
            name: String::new(),
            first: config.first,
            players: [player(Side::White), player(Side::Black)],
        }
    }

    /// A side's start time as the game will have it.
    pub fn start_time(&self, side: Side) -> Ms {
        self.players[side.index()]
            .start_time
            .unwrap_or_else(|| self.control.start_time())
    }

    /// Writes the set-up into a configuration's text; returns the text and the configuration
    /// it loads as (it is checked by loading it).
    pub fn write(&self, text: &str, origin: &str) -> Result<(String, Config), SaveError> {
        let mut doc: DocumentMut = text
            .parse()
            .map_err(|e: toml_edit::TomlError| SaveError::Edit(e.to_string()))?;
        let mark = format!(
            "# Set up by ear in the set-up menu: \"{}\".",
            self.name.replace('"', "'")
        );
        write_control(&mut doc, &self.control, &mark)?;
        write_preset(&mut doc, &self.name, &self.control)?;
        let game = table(&mut doc, "game", false)?;
        set(game, "first", self.first.name());
        for side in Side::BOTH {
            let player = &self.players[side.index()];
            let players = table(&mut doc, "players", true)?;
            let entry = players
                .entry(side.name())
                .or_insert_with(|| Item::Table(Table::new()))
                .as_table_mut()
                .ok_or_else(|| SaveError::Edit(format!("`players.{side}` must be a table")))?;
            set(entry, "vision", vision_name(player.vision));
            set(entry, "language", player.language.code());
            if let Some(level) = player.rate_level {
                set(entry, "speech_rate_level", i64::from(level));
            }
            match player.start_time {
                Some(ms) => set(entry, "start_time", Clock(ms).to_string()),
                None => {
                    entry.remove("start_time");
                }
            }
        }
        let edited = doc.to_string();
        let config =
            Config::parse(&edited, origin).map_err(|e| SaveError::Invalid(e.to_string()))?;
        Ok((edited, config))
    }
}

/// Sets a value, keeping the comment after the old one (`vision = "…"  # …`).
fn set(table: &mut Table, key: &str, value: impl Into<toml_edit::Value>) {
    let mut new = value.into();
    if let Some(old) = table.get(key).and_then(|item| item.as_value()) {
        *new.decor_mut() = old.decor().clone();
    }
    table.insert(key, Item::Value(new));
}

/// A vision profile as the file writes it.
pub fn vision_name(vision: Vision) -> &'static str {
    match vision {
        Vision::TotallyBlind => "totally_blind",
        Vision::LowVision => "low_vision",
        Vision::Sighted => "sighted",
    }
}

/// The table `key` of the document, made if missing (`implicit`: without a header of its
/// own, as `[players]` is written only through `[players.white]`).
fn table<'a>(
    doc: &'a mut DocumentMut,
    key: &str,
    implicit: bool,
) -> Result<&'a mut Table, SaveError> {
    doc.entry(key)
        .or_insert_with(|| {
            let mut t = Table::new();
            t.set_implicit(implicit);
            Item::Table(t)
        })
        .as_table_mut()
        .ok_or_else(|| SaveError::Edit(format!("`{key}` must be a [{key}] table")))
}

/// The stages of a control as `[[….stage]]` tables.
fn stage_tables(control: &TimeControl) -> ArrayOfTables {
    let mut stages = ArrayOfTables::new();
    for stage in control.stages() {
        let mut t = Table::new();
        if let Some(moves) = stage.moves {
            t.insert("moves", value(i64::from(moves)));
        }
        t.insert("time", value(Clock(stage.time).to_string()));
        if stage.increment > 0 {
            t.insert("increment", value(Clock(stage.increment).to_string()));
        }
        if let Some((kind, delay)) = stage.delay {
            t.insert("delay", value(Clock(delay).to_string()));
            let kind = match kind {
                DelayKind::Bronstein => "bronstein",
                DelayKind::Simple => "simple",
            };
            t.insert("delay_kind", value(kind));
        }
        if stage.repeat {
            t.insert("repeat", value(true));
        }
        stages.push(t);
    }
    stages
}

/// Writes a control's keys into a `[time_control]` table (the file's or a preset's):
/// `hourglass`, `upcount`, the `[[….stage]]`s (`mark` above the first) and `[….overtime]`.
fn fill_control(tc: &mut Table, control: &TimeControl, mark: Option<&str>) {
    for key in ["stage", "hourglass", "upcount", "overtime"] {
        tc.remove(key);
    }
    if control.is_upcount() {
        tc.set_implicit(false);
        tc.insert("upcount", value(true));
        return;
    }
    if control.hourglass() {
        tc.set_implicit(false);
        tc.insert("hourglass", value(true));
    }
    let mut stages = stage_tables(control);
    if let (Some(first), Some(mark)) = (stages.get_mut(0), mark) {
        first.decor_mut().set_prefix(format!("\n{mark}\n"));
    }
    tc.insert("stage", Item::ArrayOfTables(stages));
    if let Some(overtime) = control.overtime() {
        let mut t = Table::new();
        let (kind, count_key, count, time) = match *overtime {
            Overtime::Byoyomi { periods, time } => ("byoyomi", "periods", periods, time),
            Overtime::Canadian { moves, time } => ("canadian", "moves", moves, time),
        };
        t.insert("kind", value(kind));
        t.insert(count_key, value(i64::from(count)));
        t.insert("time", value(Clock(time).to_string()));
        tc.insert("overtime", Item::Table(t));
    }
}

/// Makes `control` the file's `[time_control]`: the old stages and their comments go (they
/// described the old control), `mark` stands above the new ones.
fn write_control(
    doc: &mut DocumentMut,
    control: &TimeControl,
    mark: &str,
) -> Result<(), SaveError> {
    let tc = table(doc, "time_control", true)?;
    fill_control(tc, control, Some(mark));
    if control.is_upcount() {
        // The mark goes above the table itself, as it has no stages.
        tc.decor_mut().set_prefix(format!("\n{mark}\n"));
    }
    Ok(())
}

/// Adds the control as a `[[preset]]` named `name`, replacing one of that name.
fn write_preset(doc: &mut DocumentMut, name: &str, control: &TimeControl) -> Result<(), SaveError> {
    let presets = doc
        .entry("preset")
        .or_insert_with(|| Item::ArrayOfTables(ArrayOfTables::new()))
        .as_array_of_tables_mut()
        .ok_or_else(|| SaveError::Edit("`preset` must be written as [[preset]] tables".into()))?;
    let mut t = Table::new();
    t.insert("name", value(name));
    let mut tc = Table::new();
    tc.set_implicit(true);
    fill_control(&mut tc, control, None);
    t.insert("time_control", Item::Table(tc));
    let same = presets
        .iter()
        .position(|p| p.get("name").and_then(|n| n.as_str()) == Some(name));
    match same {
        Some(index) => {
            let old = presets
                .get_mut(index)
                .ok_or_else(|| SaveError::Edit("a preset vanished while editing".into()))?;
            let prefix = old.decor().prefix().cloned();
            *old = t;
            if let Some(prefix) = prefix {
                old.decor_mut().set_prefix(prefix);
            }
        }
        None => {
            t.decor_mut()
                .set_prefix("\n# A preset saved by the set-up menu.\n");
            presets.push(t);
        }
    }
    Ok(())
}
