//! Synthetic events through the real mapping, debounce and `Table`: chatter, edges,
//! auto-repeat, held buttons, long presses, hotplug, and the default bindings.

use super::device::DeviceId;
use super::event::{RawInput, SourceEvent};
use super::mapper::{ButtonAction, MappedAction, Mapper};
use super::tests_support::{button, config_with};
use crate::clock::{Event, Input, Ms, Side};
use crate::config::Config;
use crate::table::{Cue, Listener, Request, Table, TableOutput};
use std::time::{Duration, Instant};

const SHARED_PAD: &str = "[input]\n\
[[input.binding]]\ndevice = \"any\"\nbutton = \"LeftTrigger\"\naction = \"press\"\nside = \"white\"\n\
[[input.binding]]\ndevice = \"any\"\nbutton = \"RightTrigger\"\naction = \"press\"\nside = \"black\"\n\
[[input.binding]]\ndevice = \"any\"\nbutton = \"LeftTrigger2\"\naction = \"time\"\nside = \"white\"\n\
[[input.binding]]\ndevice = \"any\"\nbutton = \"Start\"\naction = \"start\"\nside = \"arbiter\"\n\
[[input.binding]]\ndevice = \"any\"\nbutton = \"Select\"\naction = \"help\"\nside = \"black\"\n";

/// The mapper and the table driven together, on one timeline (ms since `zero`).
struct Board {
    zero: Instant,
    mapper: Mapper,
    table: Table,
    commands: Vec<MappedAction>,
}

impl Board {
    fn new(config: &Config) -> Board {
        Board {
            zero: Instant::now(),
            mapper: Mapper::new(&config.input),
            table: Table::new(&config.table_settings(), 0),
            commands: Vec::new(),
        }
    }

    fn ms(&self, at: Instant) -> Ms {
        at.duration_since(self.zero).as_millis() as Ms
    }

    fn feed(&mut self, event: SourceEvent) {
        for command in self.mapper.feed(event) {
            if let Some(request) = request_of(&command.action) {
                let now = self.ms(command.at);
                self.table.handle(now, request);
            }
            self.commands.push(command);
        }
    }

    fn tap(&mut self, ms: u64, device: &DeviceId, name: &str) {
        self.feed(button(self.zero, ms, device, name, true));
        self.feed(button(self.zero, ms + 30, device, name, false));
    }

    fn requests(&self) -> Vec<Request> {
        self.commands
            .iter()
            .filter_map(|c| request_of(&c.action))
            .collect()
    }
}

fn pad() -> DeviceId {
    DeviceId::gamepad([7; 16], "Shared Pad")
}

fn presses(outputs: &[TableOutput]) -> Vec<Side> {
    outputs
        .iter()
        .filter_map(|o| match o {
            TableOutput::Core(s) => match s.event {
                Event::Press { side, .. } => Some(side),
                _ => None,
            },
            _ => None,
        })
        .collect()
}

fn started(config_extra: &str) -> Board {
    let mut board = Board::new(&config_with(config_extra));
    board.tap(0, &pad(), "Start");
    board
}

#[test]
fn a_bouncing_switch_passes_the_turn_exactly_once() {
    let mut board = started(SHARED_PAD);
    // White's switch chatters: down and up every 5 ms for 100 ms.
    for i in 0..20u64 {
        let pressed = i % 2 == 0;
        board.feed(button(
            board.zero,
            1_000 + 5 * i,
            &pad(),
            "LeftTrigger",
            pressed,
        ));
    }
    board.feed(button(board.zero, 1_100, &pad(), "LeftTrigger", false));
    let outputs = board.table.drain();
    assert_eq!(presses(&outputs), vec![Side::White]);
    assert_eq!(board.table.game().running(), Some(Side::Black));
    let clicks = outputs
        .iter()
        .filter(|o| {
            matches!(
                o,
                TableOutput::Cue {
                    cue: Cue::Click,
                    ..
                }
            )
        })
        .count();
    assert_eq!(clicks, 1, "one click, no buzz from the bounces");
}

#[test]
fn a_press_after_the_lockout_counts_again() {
    let mut board = started(SHARED_PAD);
    board.tap(1_000, &pad(), "LeftTrigger");
    board.tap(1_500, &pad(), "RightTrigger");
    board.tap(1_600, &pad(), "LeftTrigger");
    let outputs = board.table.drain();
    assert_eq!(
        presses(&outputs),
        vec![Side::White, Side::Black, Side::White]
    );
}

#[test]
fn a_press_by_the_side_not_on_move_buzzes_and_changes_nothing() {
    let mut board = started(SHARED_PAD);
    board.table.drain();
    let before = board.table.game().remaining(Side::White, 2_000);
    board.tap(2_000, &pad(), "RightTrigger");
    let outputs = board.table.drain();
    assert!(
        outputs.iter().any(|o| matches!(
            o,
            TableOutput::Cue {
                cue: Cue::Buzz,
                side: Side::Black,
                ..
            }
        )),
        "{outputs:?}"
    );
    assert!(presses(&outputs).is_empty());
    assert_eq!(board.table.game().running(), Some(Side::White));
    assert_eq!(board.table.game().remaining(Side::White, 2_000), before);
    assert_eq!(board.table.game().moves(Side::Black), 0);
}

#[test]
fn a_time_press_never_switches_the_clock() {
    let mut board = started(SHARED_PAD);
    board.table.drain();
    for i in 0..5 {
        board.tap(1_000 + 400 * i, &pad(), "LeftTrigger2");
    }
    let outputs = board.table.drain();
    assert!(presses(&outputs).is_empty());
    let queries = outputs
        .iter()
        .filter(|o| matches!(o, TableOutput::Core(s) if matches!(s.event, Event::Query { side: Side::White, .. })))
        .count();
    assert_eq!(queries, 5);
    assert_eq!(board.table.game().running(), Some(Side::White));
}

#[test]
fn auto_repeat_is_ignored_and_presses_are_edges() {
    let mut board = started(SHARED_PAD);
    board.feed(button(board.zero, 1_000, &pad(), "LeftTrigger", true));
    for i in 1..=10 {
        board.feed(SourceEvent::Button(RawInput {
            at: board.zero + Duration::from_millis(1_000 + 250 * i),
            device: pad(),
            button: "LeftTrigger".into(),
            pressed: true,
            repeat: i % 2 == 0,
            lag: None,
        }));
    }
    let requests = board.requests();
    assert_eq!(
        requests,
        vec![
            Request::Game(Input::Start),
            Request::Game(Input::Press(Side::White))
        ]
    );
}

#[test]
fn a_button_held_at_start_is_ignored_until_released() {
    let mut board = Board::new(&config_with(SHARED_PAD));
    let zero = board.zero;
    board.feed(SourceEvent::HeldAtStart(RawInput {
        at: zero,
        device: pad(),
        button: "Start".into(),
        pressed: true,
        repeat: false,
        lag: None,
    }));
    board.feed(button(zero, 500, &pad(), "Start", true)); // no edge: still down
    assert!(board.requests().is_empty());
    board.feed(button(zero, 900, &pad(), "Start", false));
    board.feed(button(zero, 1_000, &pad(), "Start", true));
    assert_eq!(board.requests(), vec![Request::Game(Input::Start)]);
}

#[test]
fn a_repeating_key_never_seen_down_was_held_at_start() {
    let mut board = Board::new(&config_with(SHARED_PAD));
    let zero = board.zero;
    board.feed(SourceEvent::Button(RawInput {
        at: zero,
        device: pad(),
        button: "Start".into(),
        pressed: true,
        repeat: true,
        lag: None,
    }));
    board.feed(button(zero, 50, &pad(), "Start", true));
    assert!(board.requests().is_empty());
}

#[test]
fn a_long_press_of_time_gives_the_help_at_its_instant() {
    let mut board = started(SHARED_PAD);
    let zero = board.zero;
    board.feed(button(zero, 2_000, &pad(), "LeftTrigger2", true));
    assert_eq!(
        board.mapper.next_deadline(),
        Some(zero + Duration::from_millis(3_000))
    );
    let fired = board.mapper.advance(zero + Duration::from_millis(3_500));
    assert_eq!(
        fired,
        vec![MappedAction {
            at: zero + Duration::from_millis(3_000),
            action: ButtonAction::Help(Listener::White)
        }]
    );
    assert_eq!(board.mapper.next_deadline(), None);
    // A short press is only a time query.
    board.tap(5_000, &pad(), "LeftTrigger2");
    let fired = board.mapper.advance(zero + Duration::from_millis(7_000));
    assert!(fired.is_empty());
    assert_eq!(
        board.table.game().running(),
        Some(Side::White),
        "nothing switched"
    );
}

#[test]
fn a_help_button_helps_at_once() {
    let mut board = Board::new(&config_with(SHARED_PAD));
    board.tap(10, &pad(), "Select");
    assert_eq!(
        board.commands,
        vec![MappedAction {
            at: board.zero + Duration::from_millis(10),
            action: ButtonAction::Help(Listener::Black)
        }]
    );
}

#[test]
fn a_controller_unplugged_and_back_keeps_its_buttons() {
    let uuid = "07".repeat(16);
    let extra = format!(
        "[[input.binding]]\ndevice = \"uuid:{uuid}\"\nbutton = \"South\"\naction = \"press\"\nside = \"white\"\n\
         [[input.binding]]\ndevice = \"uuid:{}\"\nbutton = \"South\"\naction = \"press\"\nside = \"black\"\n\
         [[input.binding]]\ndevice = \"terminal\"\nbutton = \"s\"\naction = \"start\"\n",
        "08".repeat(16)
    );
    let mut board = Board::new(&config_with(&extra));
    let zero = board.zero;
    let white = pad();
    let black = DeviceId::gamepad([8; 16], "Black's Pad");
    board.feed(SourceEvent::Connected {
        at: zero,
        device: white.clone(),
    });
    board.tap(10, &DeviceId::terminal(), "s");
    board.feed(button(zero, 1_000, &white, "South", true)); // held when unplugged
    board.feed(SourceEvent::Disconnected {
        at: zero + Duration::from_millis(1_200),
        device: white.clone(),
    });
    let back = DeviceId::gamepad([7; 16], "Shared Pad");
    board.feed(SourceEvent::Connected {
        at: zero + Duration::from_millis(5_000),
        device: back.clone(),
    });
    board.tap(6_000, &black, "South");
    board.tap(7_000, &back, "South");
    let actions: Vec<ButtonAction> = board.commands.iter().map(|c| c.action.clone()).collect();
    assert_eq!(
        actions,
        vec![
            ButtonAction::DeviceAdded {
                device: white.clone()
            },
            ButtonAction::Game(Input::Start),
            ButtonAction::Game(Input::Press(Side::White)),
            ButtonAction::DeviceLost { device: white },
            ButtonAction::DeviceBack { device: back },
            ButtonAction::Game(Input::Press(Side::Black)),
            ButtonAction::Game(Input::Press(Side::White)),
        ]
    );
    assert_eq!(presses(&board.table.drain()).len(), 3);
}

#[test]
fn a_binding_naming_the_device_beats_any() {
    let extra = "[[input.binding]]\ndevice = \"any\"\nbutton = \"KEY_B\"\naction = \"press\"\nside = \"white\"\n\
                 [[input.binding]]\ndevice = \"evdev:Foot Switch\"\nbutton = \"KEY_B\"\naction = \"press\"\nside = \"black\"\n";
    let mut board = Board::new(&config_with(extra));
    let pedal = DeviceId::evdev("Foot Switch", "/dev/input/event3");
    let keyboard = DeviceId::evdev("AT Keyboard", "/dev/input/event0");
    board.tap(0, &pedal, "KEY_B");
    board.tap(1_000, &keyboard, "KEY_B");
    assert_eq!(
        board.requests(),
        vec![
            Request::Game(Input::Press(Side::Black)),
            Request::Game(Input::Press(Side::White))
        ]
    );
}

#[test]
fn every_action_maps_to_its_request_or_local_action() {
    let extra = "[input]\nlockout = \"0:00.050\"\n\
        [[input.binding]]\nbutton = \"a\"\naction = \"stop\"\nside = \"white\"\n\
        [[input.binding]]\nbutton = \"b\"\naction = \"clock_check\"\nside = \"black\"\n\
        [[input.binding]]\nbutton = \"c\"\naction = \"pause\"\n\
        [[input.binding]]\nbutton = \"d\"\naction = \"resume\"\n\
        [[input.binding]]\nbutton = \"e\"\naction = \"opponent_time\"\nside = \"black\"\n\
        [[input.binding]]\nbutton = \"f\"\naction = \"repeat\"\nside = \"white\"\n\
        [[input.binding]]\nbutton = \"g\"\naction = \"volume_up\"\nside = \"arbiter\"\n\
        [[input.binding]]\nbutton = \"h\"\naction = \"volume_down\"\nside = \"black\"\n";
    let mut board = Board::new(&config_with(extra));
    for (i, key) in ["a", "b", "c", "d", "e", "f", "g", "h"].iter().enumerate() {
        board.tap(100 * i as u64, &DeviceId::terminal(), key);
    }
    let actions: Vec<ButtonAction> = board.commands.iter().map(|c| c.action.clone()).collect();
    assert_eq!(
        actions,
        vec![
            ButtonAction::Game(Input::Stop(Side::White)),
            ButtonAction::ClockCheck(Listener::Black),
            ButtonAction::Game(Input::Pause),
            ButtonAction::Game(Input::Resume),
            ButtonAction::OpponentTime(Side::Black),
            ButtonAction::Repeat(Listener::White),
            ButtonAction::VolumeUp(Listener::Arbiter),
            ButtonAction::VolumeDown(Listener::Black),
        ]
    );
}

#[test]
fn the_default_gives_white_the_left_button_of_a_shared_controller() {
    let config = match Config::embedded_default() {
        Ok(config) => config,
        Err(e) => panic!("{e}"),
    };
    let mapper = Mapper::new(&config.input);
    let any_pad = DeviceId::gamepad([0x42; 16], "Any Pad");
    let side_of = |name: &str| {
        mapper
            .binding(&any_pad, name)
            .map(|b| (b.action.name(), b.listener))
    };
    assert_eq!(side_of("LeftTrigger"), Some(("press", Listener::White)));
    assert_eq!(side_of("RightTrigger"), Some(("press", Listener::Black)));
    let term = DeviceId::terminal();
    let key = |name: &str| mapper.binding(&term, name).map(|b| (b.action, b.listener));
    assert_eq!(
        key("w").map(|(a, l)| (a.name(), l)),
        Some(("press", Listener::White))
    );
    assert_eq!(
        key("b").map(|(a, l)| (a.name(), l)),
        Some(("press", Listener::Black))
    );
    assert_eq!(config.input.lockout, 150);
    assert_eq!(config.input.long_press, 1_000);
}

#[test]
fn a_bouncing_gilrs_button_through_the_adapter_mapper_and_table_passes_once() {
    use super::gilrs_source::{open, pump, GilrsAdapter};
    use gilrs::ev::Code;
    use gilrs::{Button, EventType, GamepadId};
    let id: GamepadId = serde_json::from_str("0").unwrap_or_else(|e| panic!("id: {e}"));
    let code: Code =
        serde_json::from_str("{\"kind\":1,\"code\":310}").unwrap_or_else(|e| panic!("code: {e}"));
    let mut gilrs = open().unwrap_or_else(|e| panic!("{e}"));
    let mut board = started(SHARED_PAD);
    board.zero -= Duration::from_secs(1); // the game started a second before the adapter runs
    let (tx, rx) = crossbeam_channel::unbounded();
    let mut adapter = GilrsAdapter::new();
    gilrs.insert_event(gilrs::Event::new(id, EventType::Connected));
    for i in 0..20 {
        let event = if i % 2 == 0 {
            EventType::ButtonPressed(Button::LeftTrigger, code)
        } else {
            EventType::ButtonReleased(Button::LeftTrigger, code)
        };
        gilrs.insert_event(gilrs::Event::new(id, event));
    }
    assert!(pump(&mut gilrs, &mut adapter, &tx, &|_, _| Some(pad())));
    drop(tx);
    for event in rx.iter() {
        board.feed(event);
    }
    let outputs = board.table.drain();
    assert_eq!(presses(&outputs), vec![Side::White]);
    assert!(!outputs
        .iter()
        .any(|o| matches!(o, TableOutput::Cue { cue: Cue::Buzz, .. })));
    assert_eq!(board.table.game().running(), Some(Side::Black));
}

/// The table request a button's action is, if it is one.
fn request_of(action: &ButtonAction) -> Option<Request> {
    match action {
        ButtonAction::Game(input) => Some(Request::Game(*input)),
        ButtonAction::ClockCheck(listener) => Some(Request::ClockCheck(*listener)),
        _ => None,
    }
}

#[test]
fn distinct_unbound_button_names_leave_no_mapper_state() {
    let mut board = started(SHARED_PAD);
    let zero = board.zero;
    for i in 0..10_000u64 {
        let name = format!("unbound-{i}");
        board.tap(1_000 + i, &pad(), &name);
        board.feed(SourceEvent::HeldAtStart(RawInput {
            at: zero + Duration::from_millis(1_000 + i),
            device: pad(),
            button: format!("held-{i}"),
            pressed: true,
            repeat: false,
            lag: None,
        }));
    }
    // Only `Start`, pressed by `started`, is tracked.
    assert_eq!(board.mapper.tracked_buttons(), 1);
    // Bound buttons are still tracked (for the chatter lockout) and still work.
    board.tap(20_000, &pad(), "RightTrigger");
    board.tap(20_050, &pad(), "RightTrigger"); // chatter: deaf
    assert_eq!(board.mapper.tracked_buttons(), 2);
    let presses: Vec<_> = board
        .requests()
        .into_iter()
        .filter(|r| matches!(r, Request::Game(Input::Press(_))))
        .collect();
    assert_eq!(presses, vec![Request::Game(Input::Press(Side::Black))]);
}
