//! Configuration: the TOML file, its validation, and the embedded default.
//!
//! Raw serde structs ([`raw`]) are read first; [`Config::parse`] then checks every value and
//! reports every problem at once, each with its line and column ([`diagnostic`]).

pub mod audio;
pub mod diagnostic;
pub mod display;
pub mod hall;
pub mod input;
mod overtime;
pub mod presets;
mod profile;
pub mod raw;

pub use presets::Preset;

use crate::clock::time::{parse_duration, Ms};
pub use crate::clock::Rules;
use crate::clock::{DelayKind, GameSetup, Side, Stage, TimeControl};
use crate::hearing::Listener;
pub use crate::input::bindings::{ActionKind, Binding, DeviceMatch, InputConfig};
pub use crate::schedule::{default_warnings, rule_warning, Vision, Warnings};
use crate::speech::Lang;
pub use crate::table::{Announce, Mode, TableSettings};
use diagnostic::Collector;
pub use diagnostic::{ConfigError, Problem};
use raw::{RawConfig, RawPlayer, RawStage};
use std::path::Path;
use toml::Spanned;

/// The configuration built into the binary: a home practice game.
pub const EMBEDDED_DEFAULT: &str = include_str!("../../config/default.toml");

/// One player's settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    /// The player's name.
    pub name: String,
    /// How well he sees.
    pub vision: Vision,
    /// The language he hears.
    pub language: Lang,
    /// His start time when it differs from stage 1's (time odds).
    pub start_time: Option<Ms>,
    /// His own list of warnings (`warnings = [...]`), replacing the rule profile's default.
    pub warnings: Option<Vec<Ms>>,
    /// Warnings besides the rule profile's default (remaining times, above zero).
    pub extra_warnings: Vec<Ms>,
    /// Seconds counted aloud at the end of a stage (0: off).
    pub countdown: u32,
    /// A soft tick during the last 2 minutes of a stage.
    pub flag_rising_cue: bool,
    /// His speech rate level, 1–9 (5: `[audio] speech_rate`), set by the set-up menu; the
    /// rate buttons change it during a game. `None`: as the rate buttons left it.
    pub speech_rate_level: Option<u32>,
    /// Vibration patterns on his own controller (`haptic = true`): their strength in per cent
    /// (`haptic_strength`, 10–100); `None`: off.
    pub haptic: Option<u8>,
    /// His refreshable Braille display (`braille = true`); `None`: none.
    pub braille: Option<BrailleDisplay>,
}

/// Where a player's Braille display is reached (BRLTTY's BrlAPI).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BrailleDisplay {
    /// The BrlAPI host (`braille_host`: `HOST:N` is TCP port 4101 + N, `:N` a local socket);
    /// `None`: `$BRLAPI_HOST`, else `:0`.
    pub host: Option<String>,
    /// The key file sent when BRLTTY asks for one (`braille_key_file`); `None`:
    /// `/etc/brlapi.key`.
    pub key_file: Option<std::path::PathBuf>,
}

/// A validated configuration.
#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    /// Tournament or practice.
    pub mode: Mode,
    /// The rule profile (`rules = "russian-draughts" | "fide"`).
    pub rules: Rules,
    /// Whose clock starts.
    pub first: Side,
    /// The time control.
    pub control: TimeControl,
    /// White's and Black's settings, in that order.
    pub players: [Player; 2],
    /// The arbiter's language.
    pub arbiter_language: Lang,
    /// Announcements and their audiences.
    pub announce: Announce,
    /// Output devices, routes, cue volume and the speech engine.
    pub audio: audio::AudioSettings,
    /// Buttons and what they do (`[input]`).
    pub input: InputConfig,
    /// Named time controls the set-up menu offers (`[[preset]]`).
    pub presets: Vec<Preset>,
    /// The arbiter locked the set-up menu (`[setup] locked = true`).
    pub setup_locked: bool,
    /// The board's place in a tournament hall (`[hall]`), if it has one.
    pub hall: Option<hall::HallSettings>,
    /// The board display (`[display]`), if it is served.
    pub display: Option<display::DisplaySettings>,
}

impl Config {
    /// Reads and validates a configuration file.
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        let text = Config::read_text(path)?;
        Config::parse(&text, &path.display().to_string())
    }

    /// Reads a configuration file's text. A file that is not UTF-8 is reported at the line and
    /// column of its first bad byte.
    pub fn read_text(path: &Path) -> Result<String, ConfigError> {
        let origin = path.display().to_string();
        let fail = |problem| ConfigError {
            origin: origin.clone(),
            problems: vec![problem],
        };
        let bytes = std::fs::read(path).map_err(|e| {
            fail(Problem {
                line: 0,
                column: 0,
                message: format!("cannot read the file: {e}"),
            })
        })?;
        String::from_utf8(bytes).map_err(|e| fail(not_utf8(e.as_bytes(), e.utf8_error())))
    }

    /// The embedded default configuration (a home practice game).
    pub fn embedded_default() -> Result<Config, ConfigError> {
        Config::parse(EMBEDDED_DEFAULT, "<embedded default>")
    }

    /// The embedded default's text with every listener speaking `lang` (the players' and the
    /// arbiter's `language`), as `run` without a configuration plays it in the user's locale.
    pub fn default_text(lang: crate::speech::Lang) -> String {
        EMBEDDED_DEFAULT
            .lines()
            .map(|line| match line.strip_prefix("language = \"ru\"") {
                Some(rest) => format!("language = \"{}\"{rest}\n", lang.code()),
                None => format!("{line}\n"),
            })
            .collect()
    }

    /// Validates configuration text; `origin` names it in messages.
    pub fn parse(text: &str, origin: &str) -> Result<Config, ConfigError> {
        let fail = |problems| ConfigError {
            origin: origin.to_string(),
            problems,
        };
        let raw = match read_raw(text) {
            Ok(raw) => raw,
            Err(typed) => return Err(fail(typed.with_values(text))),
        };
        let mut c = Collector::new(text);
        let config = build(&raw, &mut c);
        let problems = c.finish();
        match config {
            Some(mut config) if problems.is_empty() => {
                // A file that binds no button gets the default bindings (terminal keys and a
                // shared controller), so a player is never left without a button.
                if config.input.bindings.is_empty() && text != EMBEDDED_DEFAULT {
                    if let Ok(default) = Config::embedded_default() {
                        config.input.bindings = default.input.bindings;
                    }
                }
                Ok(config)
            }
            _ => Err(fail(problems)),
        }
    }

    /// The game this configuration sets up.
    pub fn setup(&self) -> GameSetup {
        let mut setup = GameSetup::new(self.control.clone());
        setup.first = self.first;
        setup.rules = self.rules;
        for side in Side::BOTH {
            if let Some(start) = self.players[side.index()].start_time {
                setup.start_times[side.index()] = start;
            }
        }
        setup
    }

    /// A player's settings.
    pub fn player(&self, side: Side) -> &Player {
        &self.players[side.index()]
    }

    /// What the table needs of this configuration: the game's setup, each player's warnings,
    /// the mode and the announcements.
    pub fn table_settings(&self) -> TableSettings {
        TableSettings {
            setup: self.setup(),
            warnings: Side::BOTH.map(|side| self.player(side).warnings(self.rules)),
            mode: self.mode,
            announce: self.announce.clone(),
        }
    }
}

impl Config {
    /// The spoken help for `listener`, in his own language (a player's, or the arbiter's).
    pub fn help_for(&self, listener: Listener) -> Vec<String> {
        let language = match listener.side() {
            Some(side) => self.player(side).language,
            None => self.arbiter_language,
        };
        crate::speech::help::help_lines(&self.input.bindings, listener, language)
    }
}

impl Player {
    /// The warnings, countdown and flag-rising cue this player gets under `rules`: his own
    /// `warnings` if he listed them, else the profile's default for his vision
    /// ([`default_warnings`]), and his `extra_warnings` on top.
    pub fn warnings(&self, rules: Rules) -> Warnings {
        let mut times = match &self.warnings {
            Some(own) => own.clone(),
            None => default_warnings(rules, self.vision),
        };
        times.extend(&self.extra_warnings);
        Warnings {
            times,
            countdown: self.countdown,
            flag_rising_cue: self.flag_rising_cue,
        }
    }
}

/// The most problems of type or syntax reported from one file.
const MAX_TYPE_PROBLEMS: usize = 100;

/// The problems of type or syntax in a file, and what of it could still be read: the raw
/// structs of the file with the wrong lines blanked, whose values are then checked too.
pub struct TypeProblems<T> {
    problems: Vec<Problem>,
    /// The file read with `blanked` written over with spaces.
    rest: Option<Box<T>>,
    blanked: Vec<std::ops::Range<usize>>,
}

impl<T> TypeProblems<T> {
    /// The problems of type, syntax and unknown keys, in the order of the file.
    pub fn problems(self) -> Vec<Problem> {
        self.problems
    }
}

impl TypeProblems<RawConfig> {
    /// Every problem: those of type, and those of value that the blanking cannot have caused,
    /// in the order of the file. A value problem that names a blanked key (a `delay_kind`
    /// "without `delay`", a stage with "no `time`") may be wrong only for want of that key; so
    /// may one about a whole table (at its header: a `press` binding "has no `side`" when its
    /// `sid` was unknown) that held a blanked line; and a missing section may be missing only
    /// because it was blanked: those are left for the next check, once the types are right.
    fn with_values(mut self, text: &str) -> Vec<Problem> {
        if let Some(rest) = &self.rest {
            let mut c = Collector::new(text);
            let _ = build(rest, &mut c);
            let keys = blanked_keys(text, &self.blanked);
            let headers = blanked_headers(text, &self.blanked);
            self.problems.extend(c.finish().into_iter().filter(|p| {
                p.line != 0
                    && !headers.contains(&p.line)
                    && !keys
                        .iter()
                        .any(|key| p.message.contains(&format!("`{key}`")))
            }));
        }
        self.problems.sort_by_key(|p| (p.line, p.column));
        self.problems.dedup();
        self.problems
    }
}

/// The 1-based lines of the `[header]`s of the tables that hold a blanked line.
fn blanked_headers(text: &str, blanked: &[std::ops::Range<usize>]) -> Vec<usize> {
    blanked
        .iter()
        .filter_map(|range| {
            let before = text.get(..range.start)?;
            let header = before
                .lines()
                .enumerate()
                .filter(|(_, l)| is_header(l.as_bytes()))
                .last()?;
            Some(header.0 + 1)
        })
        .collect()
}

/// The keys set on the blanked lines (each as written, and its last dotted part).
fn blanked_keys(text: &str, blanked: &[std::ops::Range<usize>]) -> Vec<String> {
    let mut keys = Vec::new();
    for range in blanked {
        let Some(lines) = text.get(range.clone()) else {
            continue;
        };
        for line in lines.lines() {
            if is_header(line.as_bytes()) {
                continue;
            }
            if let Some((key, _)) = line.split_once('=') {
                let key = key.trim().trim_matches('"');
                keys.push(key.to_string());
                if let Some((_, last)) = key.rsplit_once('.') {
                    keys.push(last.trim().trim_matches('"').to_string());
                }
            }
        }
    }
    keys
}

/// Reads the file into the raw structs, reporting every wrong type, unknown key or syntax
/// error, each at its line and column, with the key's name.
///
/// serde stops at the first wrong type; so each problem found is recorded, the lines it stands
/// on are blanked with spaces (every byte offset stays where it was, so later problems still
/// point into the file as written), and the text is read again, until it reads. A problem that
/// only the blanking caused (the text no longer parses, or a key is now missing from a table
/// that was blanked into) ends the search or is passed over. What reads in the end is kept, so
/// that the values outside the blanked tables are checked too ([`TypeProblems::with_values`]).
fn read_raw(text: &str) -> Result<RawConfig, TypeProblems<RawConfig>> {
    read_typed(text)
}

/// Reads `text` as `T` reporting every wrong type, unknown key or syntax error as
/// [`read_raw`] does (the station's configuration is read with it too).
pub fn read_typed<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, TypeProblems<T>> {
    let mut c = Collector::new(text);
    let mut work: Vec<u8> = text.as_bytes().to_vec();
    let mut blanked: Vec<std::ops::Range<usize>> = Vec::new();
    let mut rest = None;
    for _ in 0..MAX_TYPE_PROBLEMS * 2 {
        // Blanking only ever writes spaces over whole lines, so the text stays UTF-8.
        let current = std::str::from_utf8(&work).unwrap_or_default();
        let error = match toml::from_str::<T>(current) {
            Ok(raw) if blanked.is_empty() => return Ok(raw),
            Ok(raw) => {
                rest = Some(Box::new(raw));
                break;
            }
            Err(error) => error,
        };
        let message = error.message().trim_end().to_string();
        // A syntax error ends the search: past it, lines may belong to other tables than
        // the writer meant. After a blanking, it is the blanking's doing and not reported.
        let syntax = current.parse::<toml::Table>().is_err();
        match error.span() {
            Some(span) if !syntax => {
                // The lines as the file has them: a table ends at the next header even when
                // that header was blanked since.
                let lines = lines_of(text.as_bytes(), span.clone());
                let touches_blank = blanked
                    .iter()
                    .any(|b| b.start < lines.end && lines.start < b.end);
                // E.g. "missing field" in a table one of whose lines was blanked: passed over.
                if !touches_blank {
                    c.at(span.clone(), with_key(text, span, message));
                }
                if !blank(&mut work, lines.clone()) || c.count() >= MAX_TYPE_PROBLEMS {
                    break;
                }
                blanked.push(lines);
            }
            Some(span) if blanked.is_empty() => {
                c.at(span, message);
                break;
            }
            None if blanked.is_empty() => {
                c.nowhere(message);
                break;
            }
            _ => break,
        }
    }
    Err(TypeProblems {
        problems: c.finish(),
        rest,
        blanked,
    })
}

/// A message of serde's about the value at `span` with the key it belongs to in front
/// (`players.white.language: invalid type: integer `5`, expected a string`), unless it names
/// its key already (an unknown field) or stands on a `[table]` header.
fn with_key(text: &str, span: std::ops::Range<usize>, message: String) -> String {
    if message.starts_with("unknown field") || message.starts_with("missing field") {
        return message;
    }
    let start = span.start.min(text.len());
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let line = &text[line_start..];
    let line = &line[..line.find('\n').unwrap_or(line.len())];
    let Some(equals) = line.find('=') else {
        return message;
    };
    if line.trim_start().starts_with('[') || line_start + equals > start {
        return message;
    }
    let key = line[..equals].trim();
    let table = text[..line_start]
        .lines()
        .rev()
        .map(str::trim)
        .find(|l| l.starts_with('['))
        .map(|h| h.trim_matches(|c| c == '[' || c == ']').trim());
    match table {
        Some(table) => format!("`{table}.{key}`: {message}"),
        None => format!("`{key}`: {message}"),
    }
}

/// The bytes of the lines `span` touches (all of a table, when the span is its `[header]`
/// line, whose keys would otherwise fall into the table above), newlines left out at the end.
fn lines_of(text: &[u8], span: std::ops::Range<usize>) -> std::ops::Range<usize> {
    let start = span.start.min(text.len());
    let end = span.end.clamp(start, text.len());
    let first = text[..start]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let line_end = |from: usize| {
        text[from..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(text.len(), |i| from + i)
    };
    let mut last = line_end(end);
    if is_header(&text[first..line_end(first)]) {
        while last < text.len() {
            let after = line_end(last + 1);
            if is_header(&text[last + 1..after]) {
                break;
            }
            last = after;
        }
    }
    first..last
}

/// Writes spaces over every byte of `range` but the newlines; false when it was blank already.
fn blank(text: &mut [u8], range: std::ops::Range<usize>) -> bool {
    let mut changed = false;
    for byte in &mut text[range] {
        if *byte != b'\n' && *byte != b' ' {
            *byte = b' ';
            changed = true;
        }
    }
    changed
}

/// Whether a line is a `[table]` or `[[array.of.tables]]` header.
fn is_header(line: &[u8]) -> bool {
    line.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'[')
}

/// The problem of a file that is not UTF-8: the line and column of its first bad byte.
fn not_utf8(bytes: &[u8], error: std::str::Utf8Error) -> Problem {
    let good = error.valid_up_to();
    let before = std::str::from_utf8(&bytes[..good]).unwrap_or_default();
    let (line, column) = diagnostic::line_column(before, before.len());
    let byte = bytes.get(good).copied().unwrap_or_default();
    Problem {
        line,
        column,
        message: format!(
            "the file is not UTF-8 text: byte 0x{byte:02X} at line {line}, column {column} is \
             not a character; save the file as UTF-8"
        ),
    }
}

fn build(raw: &RawConfig, c: &mut Collector) -> Option<Config> {
    let mode = choice(
        c,
        raw.mode.as_ref(),
        "mode",
        &[
            ("tournament", Mode::Tournament),
            ("practice", Mode::Practice),
        ],
        Mode::Tournament,
    );
    let rules = choice(
        c,
        raw.rules.as_ref(),
        "rules",
        &Rules::ALL.map(|r| (r.name(), r)),
        Rules::RussianDraughts,
    );
    let first = choice(
        c,
        raw.game.first.as_ref(),
        "first",
        &[("white", Side::White), ("black", Side::Black)],
        Side::White,
    );
    let white = player(c, &raw.players.white, "White");
    let black = player(c, &raw.players.black, "Black");
    for (p, r) in [(&white, &raw.players.white), (&black, &raw.players.black)] {
        profile::check_player_warnings(c, p, r, rules, mode);
    }
    let arbiter_language = language(c, raw.arbiter.language.as_ref());
    let control = time_control(c, raw.time_control.as_ref(), raw);
    let announce = announce(c, &raw.announce, mode, rules);
    let audio = audio::audio_settings(c, &raw.audio);
    let input = input::input_config(c, &raw.input, mode);
    let presets = presets::presets(c, raw);
    let hall = hall::hall_settings(c, raw.hall.as_ref());
    let display = display::display_settings(c, raw.display.as_ref());
    Some(Config {
        mode,
        rules,
        first,
        control: control?,
        players: [white, black],
        arbiter_language,
        announce,
        audio,
        input,
        presets,
        setup_locked: raw.setup.locked,
        hall,
        display,
    })
}

fn choice<T: Copy>(
    c: &mut Collector,
    value: Option<&Spanned<String>>,
    key: &str,
    options: &[(&str, T)],
    default: T,
) -> T {
    let Some(value) = value else { return default };
    if let Some((_, v)) = options.iter().find(|(name, _)| *name == value.get_ref()) {
        return *v;
    }
    let names: Vec<String> = options.iter().map(|(n, _)| format!("\"{n}\"")).collect();
    c.at(
        value.span(),
        format!(
            "`{key}` cannot be \"{}\"; expected one of {}",
            value.get_ref(),
            names.join(", ")
        ),
    );
    default
}

fn language(c: &mut Collector, value: Option<&Spanned<String>>) -> Lang {
    let languages: Vec<(&str, Lang)> = Lang::ALL.iter().map(|l| (l.code(), *l)).collect();
    choice(c, value, "language", &languages, Lang::Ru)
}

fn duration(c: &mut Collector, value: Option<&Spanned<String>>, key: &str) -> Option<Ms> {
    let value = value?;
    match parse_duration(value.get_ref()) {
        Ok(ms) => Some(ms),
        Err(e) => {
            c.at(value.span(), format!("`{key}`: {e}"));
            None
        }
    }
}

fn player(c: &mut Collector, raw: &RawPlayer, default_name: &str) -> Player {
    let vision = choice(
        c,
        raw.vision.as_ref(),
        "vision",
        &[
            ("totally_blind", Vision::TotallyBlind),
            ("low_vision", Vision::LowVision),
            ("sighted", Vision::Sighted),
        ],
        Vision::TotallyBlind,
    );
    let start_time = duration(c, raw.start_time.as_ref(), "start_time");
    if let (Some(0), Some(span)) = (start_time, raw.start_time.as_ref()) {
        c.at(span.span(), "`start_time` must be above zero");
    }
    let extra_warnings = warning_times(c, raw.extra_warnings.iter().flatten(), "extra_warnings");
    let warnings = raw
        .warnings
        .as_ref()
        .map(|list| warning_times(c, list.get_ref(), "warnings"));
    let countdown = match &raw.countdown {
        None => 0,
        Some(n) if (0..=60).contains(n.get_ref()) => *n.get_ref() as u32,
        Some(n) => {
            c.at(
                n.span(),
                "`countdown` is a number of seconds from 0 (off) to 60",
            );
            0
        }
    };
    let speech_rate_level = match &raw.speech_rate_level {
        None => None,
        Some(n) if (1..=9).contains(n.get_ref()) => Some(*n.get_ref() as u32),
        Some(n) => {
            c.at(
                n.span(),
                "`speech_rate_level` is a level from 1 (slowest) to 9 (fastest); 5 is `[audio] speech_rate`",
            );
            None
        }
    };
    let strength = match &raw.haptic_strength {
        None => 100,
        Some(n) if (10..=100).contains(n.get_ref()) => *n.get_ref() as u8,
        Some(n) => {
            c.at(
                n.span(),
                "`haptic_strength` is a vibration strength in per cent, from 10 to 100",
            );
            100
        }
    };
    Player {
        name: raw.name.clone().unwrap_or_else(|| default_name.to_string()),
        vision,
        language: language(c, raw.language.as_ref()),
        start_time,
        warnings,
        extra_warnings,
        countdown,
        flag_rising_cue: raw.flag_rising_cue.unwrap_or(false),
        speech_rate_level,
        haptic: raw.haptic.unwrap_or(false).then_some(strength),
        braille: braille_display(c, raw),
    }
}

/// `braille`, `braille_host`, `braille_key_file`.
fn braille_display(c: &mut Collector, raw: &RawPlayer) -> Option<BrailleDisplay> {
    let host = raw.braille_host.as_ref().and_then(|host| {
        if brlapi_host_ok(host.get_ref()) {
            Some(host.get_ref().clone())
        } else {
            c.at(
                host.span(),
                format!(
                    "`braille_host` cannot be \"{}\": write BRLTTY's BrlAPI host as \
                     \"HOST:N\" (TCP port 4101 + N, e.g. \"127.0.0.1:1\") or \":N\" (a local \
                     socket, e.g. \":0\")",
                    host.get_ref()
                ),
            );
            None
        }
    });
    let key_file = raw.braille_key_file.as_ref().and_then(|path| {
        if path.get_ref().trim().is_empty() {
            c.at(
                path.span(),
                "`braille_key_file` is empty: name a file, or leave it out",
            );
            None
        } else {
            Some(std::path::PathBuf::from(path.get_ref()))
        }
    });
    raw.braille
        .unwrap_or(false)
        .then_some(BrailleDisplay { host, key_file })
}

/// Whether `host` reads as a BrlAPI host: `HOST:N`, `:N` or `HOST`, N a server number whose
/// TCP port (4101 + N) exists.
fn brlapi_host_ok(host: &str) -> bool {
    let (name, number) = match host.rsplit_once(':') {
        Some((name, n)) => match n.parse::<u16>() {
            Ok(n) => (name, n),
            Err(_) => return false,
        },
        None => (host, 0),
    };
    !host.is_empty() && !name.contains(char::is_whitespace) && 4101u16.checked_add(number).is_some()
}

/// The times of a list of warnings, each above zero.
fn warning_times<'a>(
    c: &mut Collector,
    values: impl IntoIterator<Item = &'a Spanned<String>>,
    key: &str,
) -> Vec<Ms> {
    let mut times = Vec::new();
    for value in values {
        match duration(c, Some(value), key) {
            Some(0) => c.at(
                value.span(),
                format!("`{key}`: a warning at 0:00 is the flag itself"),
            ),
            Some(ms) => times.push(ms),
            None => {}
        }
    }
    times
}

fn announce(c: &mut Collector, raw: &raw::RawAnnounce, mode: Mode, rules: Rules) -> Announce {
    let mut announce = Announce::for_rules(rules);
    if let Some(list) = &raw.moves {
        let mut listeners = Vec::new();
        for name in list.get_ref() {
            match name.as_str() {
                "white" => listeners.push(Listener::White),
                "black" => listeners.push(Listener::Black),
                "arbiter" => listeners.push(Listener::Arbiter),
                "all" if mode == Mode::Practice => listeners.push(Listener::All),
                other => c.at(
                    list.span(),
                    format!("`moves` cannot name \"{other}\"; use \"white\", \"black\", \"arbiter\" (or \"all\" in practice)"),
                ),
            }
        }
        announce.moves = listeners;
    }
    if let Some(list) = &raw.moves_to_control {
        let mut counts = Vec::new();
        for n in list.get_ref() {
            if (1..=1000).contains(n) {
                counts.push(*n as u32);
            } else {
                c.at(
                    list.span(),
                    format!("`moves_to_control`: {n} is not a count of moves from 1 to 1000"),
                );
            }
        }
        announce.moves_to_control = counts;
    }
    announce.opponent_time_on_query = raw.opponent_time_on_query.unwrap_or(false);
    announce.practice_to_all = raw.practice_to_all.unwrap_or(false);
    if let Some(value) = &raw.moves_on_query {
        announce.moves_on_query = *value;
    }
    if let Some(value) = &raw.flag_to_opponent {
        announce.flag_to_opponent = *value.get_ref();
        profile::check_flag_to_opponent(c, value, rules, mode);
    }
    if let Some(value) = &raw.remind_after {
        if mode == Mode::Tournament {
            c.at(
                value.span(),
                format!(
                    "`remind_after` is for practice only: in a tournament nobody may remind a player to press ({})",
                    profile::cite(rules, "1.7.7", "FIDE 12.6")
                ),
            );
        } else if let Some(ms) = duration(c, Some(value), "remind_after") {
            if ms == 0 {
                c.at(value.span(), "`remind_after` must be above zero");
            } else {
                announce.remind_after = Some(ms);
            }
        }
    }
    if raw.practice_to_all == Some(true) && mode == Mode::Tournament {
        c.nowhere(format!(
            "`practice_to_all` is for practice only: in a tournament a flag may only be pointed out to the opponent and the arbiter ({})",
            profile::cite(rules, "1.7.9", "FIDE 6.8")
        ));
    }
    announce
}

fn time_control(
    c: &mut Collector,
    raw: Option<&Spanned<raw::RawTimeControl>>,
    config: &RawConfig,
) -> Option<TimeControl> {
    let Some(raw) = raw else {
        c.nowhere(
            "there is no [time_control]: add at least one [[time_control.stage]] with a `time`",
        );
        return None;
    };
    if raw.get_ref().upcount.as_ref().is_some_and(|u| *u.get_ref()) {
        return overtime::upcount(c, raw, config);
    }
    let overtime = raw
        .get_ref()
        .overtime
        .as_ref()
        .map(|o| (o, overtime::overtime(c, o)));
    if raw.get_ref().stage.is_empty() {
        c.at(
            raw.span(),
            "[time_control] has no [[time_control.stage]]: add one with a `time`",
        );
        return None;
    }
    let mut stages = Vec::new();
    let mut ok = true;
    for (index, spanned) in raw.get_ref().stage.iter().enumerate() {
        match stage(c, spanned.get_ref(), spanned.span(), index + 1) {
            Some(stage) => stages.push(stage),
            None => ok = false,
        }
    }
    if !ok {
        return None;
    }
    let hourglass = raw.get_ref().hourglass;
    let problems = TimeControl::problems(&stages, hourglass);
    for problem in &problems {
        let span = match problem {
            crate::clock::ControlError::ZeroTime(n)
            | crate::clock::ControlError::ZeroMoves(n)
            | crate::clock::ControlError::Negative(n)
            | crate::clock::ControlError::Unreachable(n)
            | crate::clock::ControlError::BadRepeat(n) => raw.get_ref().stage[n - 1].span(),
            crate::clock::ControlError::OpenEnd => match raw.get_ref().stage.last() {
                Some(last) => last.span(),
                None => raw.span(),
            },
            _ => raw.span(),
        };
        c.at(span, problem.to_string());
    }
    let control = TimeControl::new(stages, hourglass).ok()?;
    match overtime {
        None => Some(control),
        Some((raw_overtime, parsed)) => {
            overtime::with_overtime(c, raw, control, raw_overtime, parsed?)
        }
    }
}

fn stage(
    c: &mut Collector,
    raw: &RawStage,
    span: std::ops::Range<usize>,
    number: usize,
) -> Option<Stage> {
    // Every value of the stage is checked, so that a second wrong one is reported with the
    // first; the stage is built only when all of them are right.
    let mut wrong = false;
    let moves = match &raw.moves {
        None => None,
        Some(m) if *m.get_ref() > 0 && *m.get_ref() <= 10_000 => Some(*m.get_ref() as u32),
        Some(m) => {
            c.at(
                m.span(),
                format!("stage {number}: `moves` must be a whole number from 1 to 10000"),
            );
            wrong = true;
            None
        }
    };
    let time = duration(c, raw.time.as_ref(), "time");
    if raw.time.is_none() {
        c.at(
            span,
            format!("stage {number} has no `time`, e.g. time = \"1:30:00\""),
        );
    }
    let increment = duration(c, raw.increment.as_ref(), "increment");
    wrong |= raw.increment.is_some() && increment.is_none();
    let delay = duration(c, raw.delay.as_ref(), "delay");
    let delay_wrong = raw.delay.is_some() && delay.is_none();
    let kind = choice(
        c,
        raw.delay_kind.as_ref(),
        "delay_kind",
        &[
            ("bronstein", Some(DelayKind::Bronstein)),
            ("simple", Some(DelayKind::Simple)),
        ],
        None,
    );
    let delay = match (delay, kind, &raw.delay, &raw.delay_kind) {
        _ if delay_wrong => None,
        (Some(d), Some(k), _, _) => Some((k, d)),
        (None, None, _, _) => None,
        (Some(_), None, Some(d), None) => {
            c.at(
                d.span(),
                format!(
                    "stage {number}: `delay` needs `delay_kind = \"bronstein\"` or `\"simple\"`"
                ),
            );
            return None;
        }
        (None, Some(_), _, Some(k)) => {
            c.at(
                k.span(),
                format!("stage {number}: `delay_kind` without `delay`"),
            );
            return None;
        }
        _ => return None,
    };
    let time = time?;
    if wrong || delay_wrong {
        return None;
    }
    Some(Stage {
        moves,
        time,
        increment: increment.unwrap_or(0),
        delay,
        repeat: raw.repeat,
    })
}

#[cfg(test)]
mod input_tests;
#[cfg(test)]
mod overtime_tests;
#[cfg(test)]
mod profile_tests;
#[cfg(test)]
mod tests;

impl Config {
    /// Which language each listener hears.
    pub fn languages(&self) -> crate::speech::Languages {
        crate::speech::Languages::new(
            self.players[0].language,
            self.players[1].language,
            self.arbiter_language,
        )
    }
}
