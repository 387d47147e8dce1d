//! The set-up menu in the `Core`, on virtual time: opened by a long `start` or a `setup` key
//! between games and never during one, driven by button presses only, saving the file and
//! beginning the next game under it, refusing when locked, and changing nothing when the file
//! cannot be written.

use super::config_file::MemoryConfig;
use super::core::{Clocks, CoreMsg, CoreOutput};
use super::driver::{Driven, JournalDriver};
use crate::clock::{Event, Phase, Side, MINUTE, SECOND};
use crate::config::Config;
use crate::input::device::DeviceId;
use crate::input::event::{RawInput, SourceEvent};
use crate::journal::SharedMemoryStore;
use crate::speech::{Announcement, MenuItem, MenuPrompt};
use crate::table::TableOutput;
use std::time::{Duration, Instant};

const CONFIG: &str = "mode = \"practice\"\n\
    # the control before the set-up\n\
    [[time_control.stage]]\ntime = \"15:00\"\nincrement = \"0:10\"\n\
    [players.white]\nlanguage = \"en\"   # White hears English\n\
    [players.black]\nlanguage = \"en\"\n[arbiter]\nlanguage = \"en\"\n\
    [input]\nlockout = \"0:00.050\"\n\
    [[input.binding]]\ndevice = \"terminal\"\nbutton = \"w\"\naction = \"press\"\nside = \"white\"\n\
    [[input.binding]]\ndevice = \"terminal\"\nbutton = \"b\"\naction = \"press\"\nside = \"black\"\n\
    [[input.binding]]\ndevice = \"terminal\"\nbutton = \"t\"\naction = \"time\"\nside = \"white\"\n\
    [[input.binding]]\ndevice = \"terminal\"\nbutton = \"s\"\naction = \"start\"\n\
    [[input.binding]]\ndevice = \"terminal\"\nbutton = \"m\"\naction = \"setup\"\n\
    [[input.binding]]\ndevice = \"any\"\nbutton = \"Start\"\naction = \"start\"\n";

struct Rig {
    base: Instant,
    /// The core with its journal's driver (each call followed by the driver's turn).
    core: Driven,
    saved: MemoryConfig,
    out: Vec<CoreOutput>,
    ms: u64,
}

impl Rig {
    fn with(text: &str, saved: MemoryConfig) -> Rig {
        let base = Instant::now();
        let config = Config::parse(text, "test").unwrap();
        let at = Clocks {
            mono: base,
            boot_ms: 0,
            wall_ms: 0,
        };
        let store = SharedMemoryStore::default();
        let driver = JournalDriver::new(Box::new(store));
        let mut core = Driven::new(driver, config, text.into(), at).unwrap();
        core.set_config_file(Box::new(saved.clone()));
        Rig {
            base,
            core,
            saved,
            out: Vec::new(),
            ms: 0,
        }
    }

    fn new() -> Rig {
        Rig::with(CONFIG, MemoryConfig::default())
    }

    fn at(&self, ms: u64) -> Clocks {
        Clocks {
            mono: self.base + Duration::from_millis(ms),
            boot_ms: ms as i64,
            wall_ms: ms as i64,
        }
    }

    fn event(&mut self, ms: u64, device: DeviceId, button: &str, pressed: bool) {
        let event = SourceEvent::Button(RawInput {
            at: self.base + Duration::from_millis(ms),
            device,
            button: button.into(),
            pressed,
            repeat: false,
            lag: None,
        });
        let at = self.at(ms);
        self.core.handle(at, CoreMsg::Source(event)).unwrap();
        self.out.extend(self.core.drain());
    }

    /// Taps terminal keys a tenth of a second apart.
    fn keys(&mut self, keys: &str) {
        for key in keys.chars() {
            self.ms += 100;
            for down in [true, false] {
                self.event(self.ms, DeviceId::terminal(), &key.to_string(), down);
            }
        }
    }

    fn run_to(&mut self, ms: u64) {
        let end = self.base + Duration::from_millis(ms);
        while let Some(wake) = self.core.next_wake().filter(|w| *w <= end) {
            let at = wake.duration_since(self.base).as_millis() as u64;
            self.core.advance(self.at(at)).unwrap();
        }
        self.core.advance(self.at(ms)).unwrap();
        self.out.extend(self.core.drain());
        self.ms = ms;
    }

    /// The menu prompts said since the last call.
    fn prompts(&mut self) -> Vec<MenuPrompt> {
        std::mem::take(&mut self.out)
            .into_iter()
            .filter_map(|o| match o {
                CoreOutput::Menu {
                    notice: Announcement::Menu(p),
                    ..
                } => Some(p),
                _ => None,
            })
            .collect()
    }

    fn last_item(&mut self) -> MenuItem {
        match self.prompts().pop() {
            Some(MenuPrompt::Item { item, .. }) => item,
            other => panic!("not an item: {other:?}"),
        }
    }
}

fn gamepad() -> DeviceId {
    DeviceId::gamepad([7; 16], "pad")
}

#[test]
fn a_start_held_between_games_opens_the_menu_and_a_short_one_starts_the_game_at_release() {
    let mut rig = Rig::new();
    rig.event(1_000, gamepad(), "Start", true);
    rig.run_to(1_900);
    assert!(rig.prompts().is_empty(), "not long yet");
    rig.run_to(2_100);
    let prompts = rig.prompts();
    assert_eq!(prompts[0], MenuPrompt::Opened { hint: true });
    assert!(rig.core.menu_open());
    rig.event(2_500, gamepad(), "Start", false);
    assert_eq!(rig.core.table().game().phase(), Phase::NotStarted);
    // Held again in the menu: back, and out of the first list.
    rig.event(3_000, gamepad(), "Start", true);
    rig.run_to(4_100);
    assert!(rig.prompts().contains(&MenuPrompt::Left));
    assert!(!rig.core.menu_open());
    rig.event(4_200, gamepad(), "Start", false);
    // A short press starts the game when it is let go.
    rig.event(5_000, gamepad(), "Start", true);
    assert_eq!(rig.core.table().game().phase(), Phase::NotStarted);
    rig.event(5_300, gamepad(), "Start", false);
    let started = rig.out.iter().find_map(|o| match o {
        CoreOutput::Table(TableOutput::Core(s)) if matches!(s.event, Event::Start { .. }) => {
            Some(s.at_ms)
        }
        _ => None,
    });
    assert_eq!(started, Some(5_300));
    // During the game, start acts at once and a long press opens nothing.
    rig.event(6_000, gamepad(), "Start", true);
    rig.run_to(8_000);
    assert!(!rig.core.menu_open());
}

#[test]
fn the_menu_saves_a_preset_with_the_files_comments_and_the_next_game_runs_it() {
    let mut rig = Rig::new();
    rig.keys("m");
    assert_eq!(rig.prompts()[0], MenuPrompt::Opened { hint: true });
    // Time control → the list opens at rapid 15 + 10 (in force) → next: blitz 5 + 3.
    rig.keys("sb");
    rig.prompts();
    rig.keys("s");
    assert!(
        matches!(rig.last_item(), MenuItem::Control { stages: s, .. } if s[0].time_ms == 5 * MINUTE)
    );
    // Down to "check and save": the read-back, then save.
    rig.keys("bbbb");
    assert_eq!(rig.last_item(), MenuItem::Check);
    rig.keys("s");
    let prompts = rig.prompts();
    assert!(matches!(prompts[0], MenuPrompt::ReadBack { times, .. } if times == [5 * MINUTE; 2]));
    rig.keys("s");
    assert_eq!(rig.prompts(), vec![MenuPrompt::Saved { to_file: true }]);
    assert!(!rig.core.menu_open());
    let saved = rig.saved.saved.lock().unwrap().clone().expect("saved");
    assert!(saved.contains("# White hears English"), "{saved}");
    assert!(saved.contains("name = \"Blitz 5 min + 3 s\""), "{saved}");
    assert_eq!(rig.core.config().control.stages()[0].increment, 3 * SECOND);
    // The next game runs it: started at 1.1 s, White moves at 10.1 s and gets 3 s back.
    rig.keys("s");
    rig.run_to(10_000);
    rig.keys("w");
    let white = rig
        .core
        .table()
        .game()
        .remaining(Side::White, rig.ms as i64);
    assert_eq!(white, 5 * MINUTE - 9 * SECOND + 3 * SECOND);
}

#[test]
fn a_locked_menu_says_so_and_stays_shut() {
    let text = format!("{CONFIG}[setup]\nlocked = true\n");
    let mut rig = Rig::with(&text, MemoryConfig::default());
    rig.keys("m");
    assert_eq!(rig.prompts(), vec![MenuPrompt::Locked]);
    assert!(!rig.core.menu_open());
    rig.keys("s");
    assert!(matches!(
        rig.core.table().game().phase(),
        Phase::Running(Side::White)
    ));
}

#[test]
fn the_menu_does_not_open_during_a_game() {
    let mut rig = Rig::new();
    rig.keys("s");
    rig.keys("m");
    assert_eq!(rig.prompts(), vec![MenuPrompt::GameInProgress]);
    assert!(!rig.core.menu_open());
}

#[test]
fn a_set_up_that_cannot_be_written_changes_nothing_and_the_arbiter_hears_why() {
    let failing = MemoryConfig {
        fail: Some(std::io::ErrorKind::StorageFull),
        ..MemoryConfig::default()
    };
    let mut rig = Rig::with(CONFIG, failing);
    let before = rig.core.config().clone();
    rig.keys("msbs"); // blitz
    rig.keys("bbbbss"); // check, save
    let out = rig.out.clone();
    assert!(rig.prompts().contains(&MenuPrompt::NotSaved));
    assert!(out.iter().any(|o| matches!(o,
        CoreOutput::Notice { notice: Announcement::SetupNotSaved { origin, .. }, .. } if origin == "<memory>")));
    assert_eq!(rig.core.config(), &before);
}

#[test]
fn after_a_flag_the_menu_opens_at_home_but_waits_for_the_arbiters_ruling_in_a_tournament() {
    let quick = CONFIG.replace("time = \"15:00\"", "time = \"0:05\"");
    let mut home = Rig::with(&quick, MemoryConfig::default());
    home.keys("s");
    home.run_to(10_000);
    assert!(matches!(
        home.core.table().game().phase(),
        Phase::Flagged(Side::White)
    ));
    home.keys("m");
    assert_eq!(home.prompts()[0], MenuPrompt::Opened { hint: true });

    // In a tournament the flagged game may still get a ruling (1.7.12): no set-up yet.
    let tournament = quick
        .replace("mode = \"practice\"", "mode = \"tournament\"")
        .replace(
            "button = \"s\"\naction = \"start\"\n",
            "button = \"s\"\naction = \"start\"\nside = \"arbiter\"\n",
        );
    let mut board = Rig::with(&tournament, MemoryConfig::default());
    board.keys("s");
    board.run_to(10_000);
    board.keys("m");
    assert_eq!(board.prompts(), vec![MenuPrompt::GameInProgress]);
}

#[test]
fn a_speech_rate_set_in_the_menu_is_saved_and_holds_in_the_next_daemon() {
    let mut rig = Rig::new();
    // White → speech rate (fourth item) → one step faster → back to the first list.
    rig.keys("mbs");
    rig.keys("bbbsb");
    rig.keys("s");
    assert_eq!(
        rig.core.prefs(crate::table::Listener::White).rate_level(),
        6
    );
    rig.keys("m"); // back from White's list
    rig.keys("bbbss"); // check and save
    let saved = rig.saved.saved.lock().unwrap().clone().expect("saved");
    assert!(saved.contains("speech_rate_level = 6"), "{saved}");
    // A daemon started on the saved file (a new journal, nothing carried) starts at level 6.
    let again = Rig::with(&saved, MemoryConfig::default());
    assert_eq!(
        again.core.prefs(crate::table::Listener::White).rate_level(),
        6
    );
    assert_eq!(
        again.core.prefs(crate::table::Listener::Black).rate_level(),
        5
    );
}
