//! Tests of the `[input]` section: every problem named with its line and column.

use super::{Config, Problem};
use crate::config::{ActionKind, DeviceMatch};
use crate::hearing::Listener;

const HEAD: &str = "[[time_control.stage]]\ntime = \"15:00\"\n";

fn problems(mode: &str, input: &str) -> Vec<Problem> {
    let text = format!("mode = \"{mode}\"\n{HEAD}{input}");
    match Config::parse(&text, "t.toml") {
        Ok(_) => panic!("expected problems in:\n{text}"),
        Err(e) => e.problems,
    }
}

fn at(p: &Problem) -> (usize, usize) {
    (p.line, p.column)
}

#[test]
fn an_arbiter_action_on_a_players_side_is_an_error_in_a_tournament() {
    let input = "[[input.binding]]\nbutton = \"Start\"\naction = \"pause\"\nside = \"white\"\n";
    let found = problems("tournament", input);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(at(&found[0]), (7, 8));
    assert!(
        found[0].message.contains("`pause` is the arbiter's action"),
        "{}",
        found[0].message
    );
    // The same binding is fine at home.
    let text = format!("mode = \"practice\"\n{HEAD}{input}");
    let config = Config::parse(&text, "t.toml").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(config.input.bindings[0].action, ActionKind::Pause);
    assert_eq!(config.input.bindings[0].listener, Listener::White);
}

#[test]
fn clock_check_start_and_resume_are_the_arbiters_in_a_tournament_too() {
    let input = "[[input.binding]]\nbutton = \"a\"\naction = \"clock_check\"\nside = \"black\"\n\
                 [[input.binding]]\nbutton = \"b\"\naction = \"start\"\nside = \"white\"\n\
                 [[input.binding]]\nbutton = \"c\"\naction = \"resume\"\nside = \"arbiter\"\n";
    let found = problems("tournament", input);
    let lines: Vec<usize> = found.iter().map(|p| p.line).collect();
    assert_eq!(lines, vec![7, 11], "{found:?}");
}

#[test]
fn every_bad_binding_is_reported_at_its_place() {
    let input = "[input]\nlockout = \"5:00\"\n\
        [[input.binding]]\ndevice = \"usb\"\nbutton = \"South\"\naction = \"press\"\nside = \"white\"\n\
        [[input.binding]]\ndevice = \"uuid:0300\"\nbutton = \"South\"\naction = \"press\"\nside = \"white\"\n\
        [[input.binding]]\ndevice = \"terminal\"\nbutton = \"KEY_SPACE\"\naction = \"press\"\nside = \"white\"\n\
        [[input.binding]]\nbutton = \"w\"\naction = \"jump\"\nside = \"white\"\n\
        [[input.binding]]\nbutton = \"x\"\naction = \"press\"\n\
        [[input.binding]]\nbutton = \"y\"\naction = \"time\"\nside = \"arbiter\"\n";
    let found = problems("practice", input);
    let places: Vec<(usize, usize)> = found.iter().map(at).collect();
    assert_eq!(
        places,
        vec![
            (5, 11),
            (7, 10),
            (12, 10),
            (18, 10),
            (23, 10),
            (25, 1),
            (31, 8)
        ],
        "{found:#?}"
    );
    assert!(found[0]
        .message
        .contains("`lockout` must be from 0 to 1 seconds"));
    assert!(found[1].message.contains("`usb` is not a device"));
    assert!(found[2].message.contains("a uuid is 32 hex digits"));
    assert!(found[3]
        .message
        .contains("\"KEY_SPACE\" is not a button of device \"terminal\""));
    assert!(found[4].message.contains("`action` cannot be \"jump\""));
    assert!(found[5].message.contains("has no `side`"));
    assert!(found[6]
        .message
        .contains("side must be \"white\" or \"black\""));
}

#[test]
fn one_button_cannot_do_two_things() {
    let input = "[[input.binding]]\nbutton = \"South\"\naction = \"press\"\nside = \"white\"\n\
                 [[input.binding]]\nbutton = \"South\"\naction = \"time\"\nside = \"white\"\n";
    let found = problems("practice", input);
    assert_eq!(found.len(), 1);
    assert_eq!(at(&found[0]), (9, 10));
    assert!(
        found[0]
            .message
            .contains("already bound by the binding at line 4"),
        "{}",
        found[0].message
    );
}

#[test]
fn an_unknown_key_in_a_binding_is_named_with_its_place() {
    let input = "[[input.binding]]\nbutton = \"South\"\naction = \"press\"\nsid = \"white\"\n";
    let found = problems("practice", input);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].line, 7);
    assert!(found[0].message.contains("sid"), "{}", found[0].message);
}

#[test]
fn one_controller_per_player_and_evdev_devices_are_accepted() {
    let text = format!(
        "mode = \"tournament\"\n{HEAD}[input]\ngrab = true\nlong_press = \"1.5\"\n\
         [[input.binding]]\ndevice = \"uuid:{a}\"\nbutton = \"code:65840\"\naction = \"press\"\nside = \"white\"\n\
         [[input.binding]]\ndevice = \"uuid:{b}\"\nbutton = \"code:65840\"\naction = \"press\"\nside = \"black\"\n\
         [[input.binding]]\ndevice = \"evdev:USB Foot Switch\"\nbutton = \"KEY_B\"\naction = \"time\"\nside = \"black\"\n\
         [[input.binding]]\ndevice = \"path:/dev/input/by-id/usb-pedal-event-kbd\"\nbutton = \"BTN_0\"\naction = \"pause\"\nside = \"arbiter\"\n",
        a = "0a".repeat(16),
        b = "0B".repeat(16),
    );
    let config = Config::parse(&text, "t.toml").unwrap_or_else(|e| panic!("{e}"));
    assert!(config.input.grab);
    assert_eq!(config.input.long_press, 1_500);
    assert_eq!(config.input.lockout, 150);
    let devices: Vec<&DeviceMatch> = config.input.bindings.iter().map(|b| &b.device).collect();
    assert_eq!(
        devices,
        vec![
            &DeviceMatch::Uuid("0a".repeat(16)),
            &DeviceMatch::Uuid("0b".repeat(16)),
            &DeviceMatch::Evdev("USB Foot Switch".into()),
            &DeviceMatch::Path("/dev/input/by-id/usb-pedal-event-kbd".into()),
        ]
    );
}
