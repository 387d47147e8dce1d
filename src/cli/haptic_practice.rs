//! `talkclock haptic-practice`: every vibration pattern once, each with its meaning and how
//! it feels printed first (for a screen reader and its Braille display), then played on the
//! player's own controller; three example times to count. At a terminal, Enter goes on to
//! the next pattern (q quits); otherwise each follows the last after a pause.

use super::Failure;
use crate::clock::Side;
use crate::haptic::words::{feel, meaning};
use crate::haptic::{Pattern, PatternKind};
use crate::hearing::Listener;
use crate::input::bindings::NoOwnController;
use crate::input::rumble::{GilrsRumble, Rumble, RumbleError};
use crate::speech::Lang;
use std::io::{BufRead, IsTerminal, Write};
use std::path::Path;
use std::time::Duration;

/// The patterns in the order they are taught, with the example times.
pub fn lesson() -> Vec<(Pattern, Option<&'static str>)> {
    let mut items: Vec<(Pattern, Option<&'static str>)> = PatternKind::MESSAGES
        .into_iter()
        .map(|kind| (Pattern::of(kind), None))
        .collect();
    items.push((
        Pattern::time(3_600_000 + 12 * 60_000, false),
        Some("1:12:00"),
    ));
    items.push((Pattern::time(45_000, false), Some("0:45")));
    items.push((Pattern::time(21 * 60_000, true), Some("21:00")));
    items
}

/// Runs the lesson for `side` (White when omitted) in `lang` (the player's language when
/// omitted), on his own controller when the configuration names one.
pub fn run(
    config: Option<&Path>,
    side: Option<Side>,
    lang: Option<Lang>,
    pause: Duration,
) -> Result<(), Failure> {
    let config = super::load_config(config)?;
    let side = side.unwrap_or(Side::White);
    let lang = lang.unwrap_or(config.player(side).language);
    let strength = config.player(side).haptic.unwrap_or(100);
    let mut out = std::io::stdout().lock();
    let mut rumble: Option<(GilrsRumble, String)> =
        match config.input.own_controller(Listener::player(side)) {
            Ok(device) => match GilrsRumble::open() {
                Ok(r) => Some((r, device)),
                Err(e) => {
                    say(&mut out, &not_played(lang, &e.to_string()))?;
                    None
                }
            },
            Err(e) => {
                say(&mut out, &not_played(lang, &no_controller(lang, &e)))?;
                None
            }
        };
    let interactive = std::io::stdin().is_terminal();
    let mut reported = false;
    let lesson = lesson();
    for (n, (pattern, example)) in lesson.iter().enumerate() {
        let what = match example {
            Some(time) => format!("{}: {time}", meaning(pattern.kind, lang)),
            None => meaning(pattern.kind, lang).to_string(),
        };
        say(
            &mut out,
            &format!(
                "{}/{}. {what}: {}",
                n + 1,
                lesson.len(),
                feel(pattern, lang)
            ),
        )?;
        if let Some((r, device)) = rumble.as_mut() {
            let pulses: Vec<[u16; 2]> =
                pattern.pulses.iter().map(|p| [p.on_ms, p.off_ms]).collect();
            let scaled = (u16::from(strength) * u16::from(pattern.scale_percent) / 100) as u8;
            if let Err(e) = r.play(device, &pulses, scaled) {
                if !reported {
                    say(&mut out, &not_played(lang, &cannot_play(lang, &e)))?;
                    reported = true;
                }
            }
        }
        if interactive {
            let mut line = String::new();
            std::io::stdin().lock().read_line(&mut line)?;
            if line.trim() == "q" {
                break;
            }
        } else {
            let length = u64::try_from(pattern.duration_ms()).unwrap_or(0);
            std::thread::sleep(Duration::from_millis(length) + pause);
        }
    }
    Ok(())
}

fn not_played(lang: Lang, why: &str) -> String {
    lang.words(AREA, "not_played", &[("why", why)])
}

/// The catalogues' area of the practice's own words (`[words.haptic_practice]`).
const AREA: &str = "haptic_practice";

fn no_controller(lang: Lang, e: &NoOwnController) -> String {
    let (name, side) = match e {
        NoOwnController::NotNamed(side) => ("not_named", side),
        NoOwnController::Shared(side) => ("shared", side),
    };
    lang.words(AREA, name, &[("side", *side)])
}

fn cannot_play(lang: Lang, e: &RumbleError) -> String {
    match e {
        RumbleError::NotConnected(uuid) => lang.words(AREA, "not_connected", &[("uuid", uuid)]),
        RumbleError::NoMotor(uuid) => lang.words(AREA, "no_motor", &[("uuid", uuid)]),
        RumbleError::Failed { device, reason } => lang.words(
            AREA,
            "failed",
            &[("device", device), ("reason", reason.as_str())],
        ),
    }
}

fn say(out: &mut impl Write, line: &str) -> Result<(), Failure> {
    writeln!(out, "{line}")?;
    out.flush()?;
    Ok(())
}
