use super::*;
use crate::hearing::Audience;

fn on() -> Schedule {
    Schedule::new([Some(80), Some(60)])
}

fn kinds(lines: &[HapticLine]) -> Vec<(&'static str, Side, PatternKind, Ms)> {
    lines
        .iter()
        .map(|l| match l {
            HapticLine::Haptic {
                at_ms,
                side,
                pattern,
                ..
            } => ("play", *side, *pattern, *at_ms),
            HapticLine::HapticCut {
                at_ms,
                side,
                pattern,
            } => ("cut", *side, *pattern, *at_ms),
        })
        .collect()
}

#[test]
fn press_feedback_cuts_a_playing_pattern_which_then_plays_whole() {
    let mut s = on();
    let warning = Pattern::of(PatternKind::RulesWarning);
    let long = warning.duration_ms();
    assert_eq!(
        kinds(&s.take(Side::White, warning, 1_000)),
        [("play", Side::White, PatternKind::RulesWarning, 1_000)]
    );
    let lines = s.take(Side::White, Pattern::of(PatternKind::PressAccepted), 1_200);
    assert_eq!(
        kinds(&lines),
        [
            ("cut", Side::White, PatternKind::RulesWarning, 1_200),
            ("play", Side::White, PatternKind::PressAccepted, 1_200),
        ]
    );
    let again = 1_200 + Pattern::of(PatternKind::PressAccepted).duration_ms() + BETWEEN_MS;
    assert_eq!(s.next_due(), Some(again));
    assert!(s.due(again - 1).is_empty());
    assert_eq!(
        kinds(&s.due(again)),
        [("play", Side::White, PatternKind::RulesWarning, again)]
    );
    assert!(
        long > 1_000,
        "the warning lasts long enough to be cut: {long}"
    );
}

#[test]
fn patterns_wait_their_turn_and_never_overlap() {
    let mut s = on();
    let pause = Pattern::of(PatternKind::Pause);
    let pause_ends = 5_000 + pause.duration_ms();
    s.take(Side::Black, pause, 5_000);
    assert!(s
        .take(Side::Black, Pattern::of(PatternKind::Resume), 5_100)
        .is_empty());
    assert_eq!(s.next_due(), Some(pause_ends + BETWEEN_MS));
    assert_eq!(
        kinds(&s.due(pause_ends + BETWEEN_MS)),
        [(
            "play",
            Side::Black,
            PatternKind::Resume,
            pause_ends + BETWEEN_MS
        )]
    );
    assert_eq!(s.next_due(), None);
}

#[test]
fn a_second_press_feedback_follows_the_first_before_anything_else() {
    let mut s = on();
    s.take(Side::White, Pattern::of(PatternKind::PressAccepted), 0);
    assert!(s
        .take(Side::White, Pattern::of(PatternKind::Pause), 10)
        .is_empty());
    assert!(s
        .take(Side::White, Pattern::of(PatternKind::PressIgnored), 20)
        .is_empty());
    let next = Pattern::of(PatternKind::PressAccepted).duration_ms() + BETWEEN_PRESSES_MS;
    assert_eq!(
        kinds(&s.due(next)),
        [("play", Side::White, PatternKind::PressIgnored, next)]
    );
}

#[test]
fn a_rising_flags_tick_is_skipped_while_the_controller_is_busy() {
    let mut s = on();
    s.take(Side::White, Pattern::time(30 * 60_000, false), 0);
    assert!(s
        .take(Side::White, Pattern::of(PatternKind::FlagRising), 100)
        .is_empty());
    assert_eq!(s.next_due(), None, "the tick was not kept");
    let lines = s.take(Side::White, Pattern::of(PatternKind::FlagRising), 60_000);
    assert_eq!(
        kinds(&lines),
        [("play", Side::White, PatternKind::FlagRising, 60_000)]
    );
    let HapticLine::Haptic { strength, .. } = &lines[0] else {
        panic!("{lines:?}");
    };
    assert_eq!(
        u16::from(*strength),
        80 * u16::from(super::super::pattern::FAINT_PERCENT) / 100,
        "faint"
    );
}

#[test]
fn a_time_asked_again_replaces_the_one_waiting() {
    let mut s = on();
    s.take(Side::White, Pattern::of(PatternKind::GameEnd), 0);
    s.take(Side::White, Pattern::time(60_000, false), 10);
    s.take(Side::White, Pattern::time(50_000, false), 20);
    let at = s.next_due().expect("waiting");
    let lines = s.due(at);
    let HapticLine::Haptic { pulses, .. } = &lines[0] else {
        panic!("{lines:?}");
    };
    assert_eq!(pulses.len(), 5, "0:50 is five ticks: {pulses:?}");
    assert_eq!(s.next_due(), None);
}

#[test]
fn a_player_without_haptics_feels_nothing() {
    let mut s = Schedule::new([Some(100), None]);
    assert!(s
        .take(Side::Black, Pattern::of(PatternKind::Pause), 0)
        .is_empty());
    assert_eq!(s.next_due(), None);
    s.take(Side::White, Pattern::of(PatternKind::Pause), 0);
    s.take(Side::White, Pattern::of(PatternKind::Resume), 1);
    s.set_strengths([None, None]);
    assert_eq!(s.next_due(), None, "turning off drops what waited");
}

#[test]
fn a_press_is_felt_only_on_the_pressers_controller() {
    let everyone = Audience::of(&[Listener::All]);
    let click = TableOutput::Cue {
        at_ms: 0,
        cue: Cue::Click,
        side: Side::White,
        audience: everyone.clone(),
    };
    let sent = patterns_of(&click, &[vec![], vec![]]);
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].0, Side::White);
    let flag = TableOutput::Cue {
        at_ms: 0,
        cue: Cue::FlagAlarm,
        side: Side::Black,
        audience: Audience::of(&[Listener::White, Listener::Arbiter]),
    };
    let sent = patterns_of(&flag, &[vec![], vec![]]);
    assert_eq!(sent.len(), 1, "the flagged player is not told here");
    assert_eq!(
        (sent[0].0, sent[0].1.kind),
        (Side::White, PatternKind::OpponentFlag)
    );
}

#[test]
fn the_rules_warning_differs_from_a_players_own() {
    let warning = |threshold_ms| TableOutput::Warning {
        at_ms: 0,
        side: Side::Black,
        remaining_ms: threshold_ms,
        threshold_ms,
        audience: Audience::of(&[Listener::Black, Listener::Arbiter]),
    };
    let rules = [vec![600_000], vec![300_000]];
    let kind = |t| {
        patterns_of(&warning(t), &rules)
            .iter()
            .map(|(side, p)| (*side, p.kind))
            .collect::<Vec<_>>()
    };
    assert_eq!(kind(300_000), [(Side::Black, PatternKind::RulesWarning)]);
    assert_eq!(kind(120_000), [(Side::Black, PatternKind::ExtraWarning)]);
}

#[test]
fn a_time_readout_is_counted_and_the_opponents_is_marked() {
    let readout = TableOutput::Say {
        at_ms: 0,
        audience: Audience::of(&[Listener::White]),
        notice: Announcement::TimeReadout {
            side: Side::White,
            remaining_ms: 21 * 60_000,
            moves_made: None,
            moves_to_control: None,
        },
    };
    let sent = patterns_of(&readout, &[vec![], vec![]]);
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].1, Pattern::time(21 * 60_000, false));
    let theirs = Announcement::OpponentTime {
        side: Side::Black,
        remaining_ms: 5_000,
    };
    let (side, pattern) = private_pattern(Listener::White, &theirs).expect("pattern");
    assert_eq!(
        (side, pattern.kind),
        (Side::White, PatternKind::OpponentTime)
    );
    assert_eq!(private_pattern(Listener::Arbiter, &theirs), None);
}
