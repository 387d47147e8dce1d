//! English phrasing: turns an [`Announcement`] into words and clip keys,
//! e.g. "White: one hour twelve minutes. Twelve moves to the time control."

use super::announcement::{Announcement, ControlEnd, DelayKind, Rules, Side, StageInfo};
use super::duration::{exact_parts, Spoken};
use super::en_numbers::{self as num, clip, say_count, HOUR, MINUTE, MOVE, PERIOD, SECOND};
use super::en_overtime;
use super::grammar::{Counted, Grammar, Plural, Plurals};
use super::utterance::{Builder, Clip};

pub(super) fn name(side: Side) -> Clip {
    match side {
        Side::White => clip("white"),
        Side::Black => clip("black"),
    }
}

/// Says the non-zero parts of a duration, or "zero seconds".
pub(super) fn say_parts(b: &mut Builder, p: Spoken) {
    if p.is_zero() {
        say_count(b, 0, &SECOND);
        return;
    }
    for (n, noun) in [(p.hours, &HOUR), (p.minutes, &MINUTE), (p.seconds, &SECOND)] {
        if n > 0 {
            say_count(b, n, noun);
        }
    }
}

/// English's grammar: counted nouns take CLDR's one/other forms, and what the catalogue's
/// templates do not yet say.
pub(crate) struct English;

impl Grammar for English {
    fn plural(&self, n: u64) -> Plural {
        Plurals::of("en").category(n)
    }

    fn number(&self, b: &mut Builder, n: u64) {
        num::say_number(b, n);
    }

    fn count(&self, b: &mut Builder, n: u64, noun: Counted) {
        match noun {
            Counted::Move => say_count(b, n, &MOVE),
            Counted::Period => say_count(b, n, &PERIOD),
        }
    }

    fn duration(&self, b: &mut Builder, parts: Spoken, _form: Option<&str>) {
        say_parts(b, parts);
    }

    fn say_other(&self, b: &mut Builder, a: &Announcement) {
        match a {
            Announcement::ClockCheck {
                rules,
                stages,
                white_ms,
                black_ms,
                end,
            } => clock_check(b, *rules, stages, *white_ms, *black_ms, *end),
            Announcement::Menu(prompt) => super::menu_en::phrase(b, prompt),
            _ => {}
        }
    }
    fn count_clips(&self) -> &'static [Clip] {
        num::count_clips()
    }
}

/// "White:" at the head of a sentence.
pub(super) fn side_label(b: &mut Builder, side: Side) {
    b.say(name(side));
    b.mark(":");
}

/// "Clock check. Time control: forty moves in two hours, plus thirty seconds
/// per move; then one hour to the end of the game. White: two hours. Black: two hours."
fn clock_check(
    b: &mut Builder,
    rules: Rules,
    stages: &[StageInfo],
    white_ms: i64,
    black_ms: i64,
    end: ControlEnd,
) {
    b.say(clip("clock_check"));
    b.stop();
    b.say(match rules {
        Rules::RussianDraughts => clip("rules_draughts"),
        Rules::Fide => clip("rules_fide"),
    });
    b.stop();
    if end == ControlEnd::Upcount {
        en_overtime::control_end(b, end);
    } else if !stages.is_empty() {
        b.say(clip("control"));
        b.mark(":");
        for (i, stage) in stages.iter().enumerate() {
            if i > 0 {
                b.mark(";");
                b.say(clip("then"));
            }
            say_stage(b, stage, end == ControlEnd::Flag);
        }
        en_overtime::control_end(b, end);
        b.stop();
    }
    for (side, ms) in [(Side::White, white_ms), (Side::Black, black_ms)] {
        side_label(b, side);
        say_parts(b, exact_parts(ms));
        b.stop();
    }
}

pub(super) fn say_stage(b: &mut Builder, s: &StageInfo, ends_game: bool) {
    match s.moves {
        Some(moves) => {
            say_count(b, u64::from(moves), &MOVE);
            b.say(clip("in"));
            say_parts(b, exact_parts(s.time_ms));
        }
        None => {
            say_parts(b, exact_parts(s.time_ms));
            if ends_game {
                b.say(clip("to_game_end"));
            }
        }
    }
    if s.repeat {
        b.mark(",");
        b.say(clip("repeating"));
    }
    let increment = exact_parts(s.increment_ms);
    if !increment.is_zero() {
        b.mark(",");
        b.say(clip("plus"));
        say_parts(b, increment);
        b.say(clip("per_move"));
    }
    let delay = exact_parts(s.delay_ms);
    if !delay.is_zero() {
        b.mark(",");
        b.say(match s.delay_kind {
            Some(DelayKind::Bronstein) => clip("delay_bronstein"),
            Some(DelayKind::Simple) => clip("delay_simple"),
            None => clip("delay"),
        });
        say_parts(b, delay);
    }
}
