//! When the clock really stopped (issue 36), on virtual time: a stall is told to the arbiter
//! once, with its length, and only when it reached a player (something to be said, a long
//! press or a press fell due while the core did not run); a late wake-up that reached no one
//! is logged, not told. The daemon checks for a stall in both `feed` and `advance`: one
//! wake-up checked several times is still one stall.

use super::core::{Clocks, CoreMsg, CoreOutput};
use super::driver::{Driven, JournalDriver};
use crate::clock::{Input, Side};
use crate::config::Config;
use crate::control::ArbiterCommand;
use crate::input::device::DeviceId;
use crate::input::event::{RawInput, SourceEvent};
use crate::journal::SharedMemoryStore;
use crate::speech::Announcement;
use crate::table::Listener;
use std::time::{Duration, Instant};

const CONFIG: &str = "mode = \"tournament\"\n\
    [[time_control.stage]]\ntime = \"5:00\"\n\
    [players.white]\nlanguage = \"en\"\n[players.black]\nlanguage = \"en\"\n\
    [arbiter]\nlanguage = \"en\"\n\
    [input]\nlockout = \"0:00.100\"\n\
    [[input.binding]]\ndevice = \"terminal\"\nbutton = \"w\"\naction = \"press\"\nside = \"white\"\n\
    [[input.binding]]\ndevice = \"terminal\"\nbutton = \"b\"\naction = \"press\"\nside = \"black\"\n";

/// A core on virtual time; every output drained is kept, so a test counts the stalls told.
struct Rig {
    base: Instant,
    core: Driven,
    said: Vec<CoreOutput>,
}

impl Rig {
    fn new() -> Rig {
        let base = Instant::now();
        let config = Config::parse(CONFIG, "test").unwrap();
        let driver = JournalDriver::new(Box::new(SharedMemoryStore::default()));
        let at = Clocks {
            mono: base,
            boot_ms: 50_000,
            wall_ms: 1_000_000,
        };
        let core = Driven::new(driver, config, CONFIG.into(), at).unwrap();
        Rig {
            base,
            core,
            said: Vec::new(),
        }
    }

    fn at_us(&self, us: u64) -> Clocks {
        Clocks {
            mono: self.base + Duration::from_micros(us),
            boot_ms: 50_000 + (us / 1000) as i64,
            wall_ms: 1_000_000 + (us / 1000) as i64,
        }
    }

    fn at(&self, ms: u64) -> Clocks {
        self.at_us(ms * 1000)
    }

    fn keep(&mut self) {
        let out = self.core.drain();
        self.said.extend(out);
    }

    /// Wakes the core at every instant it asks for, up to `ms`: a thread on time.
    fn run_to(&mut self, ms: u64) {
        let end = self.base + Duration::from_millis(ms);
        while let Some(wake) = self.core.next_wake().filter(|w| *w <= end) {
            let us = wake.duration_since(self.base).as_micros() as u64;
            self.core.advance(self.at_us(us)).unwrap();
        }
        self.core.advance(self.at(ms)).unwrap();
        self.keep();
    }

    fn start(&mut self) {
        let at = self.at(0);
        self.core
            .handle(at, CoreMsg::Command(ArbiterCommand::Game(Input::Start)))
            .unwrap();
        self.keep();
    }

    /// A tap of `key` made at `pressed_ms`, read by the core thread at `taken_ms` as the
    /// daemon's loop reads a queue: each event fed, then one advance.
    fn tap(&mut self, pressed_ms: u64, taken_ms: u64, key: &str) {
        let made = self.base + Duration::from_millis(pressed_ms);
        let at = self.at(taken_ms);
        for down in [true, false] {
            let event = SourceEvent::Button(RawInput {
                at: made,
                device: DeviceId::terminal(),
                button: key.to_string(),
                pressed: down,
                repeat: false,
                lag: None,
            });
            self.core.feed(at, CoreMsg::Source(event)).unwrap();
        }
        self.core.advance(at).unwrap();
        self.keep();
    }

    /// The stall notices the arbiter was told, in order, as an English arbiter reads them.
    fn stalls_told(&self) -> Vec<String> {
        self.said
            .iter()
            .filter_map(|o| match o {
                CoreOutput::Notice {
                    audience,
                    notice: notice @ Announcement::Stalled { .. },
                } if audience.reaches(Listener::Arbiter) => {
                    Some(crate::speech::phrase(crate::speech::Lang::En, notice).text)
                }
                _ => None,
            })
            .collect()
    }
}

/// The fault of issue 36: one late wake-up with presses queued behind it was checked by every
/// `feed` and by `advance`, and told once per check.
#[test]
fn one_late_wakeup_checked_twice_is_one_alarm() {
    let mut rig = Rig::new();
    rig.start();
    rig.run_to(100_000);
    // The core thread does not run from 100 s to 103 s (the heartbeat was due at 101 s);
    // White pressed at 102 s.
    rig.tap(102_000, 103_000, "w");
    rig.run_to(110_000);
    let told = rig.stalls_told();
    assert_eq!(told.len(), 1, "one stall, told once: {told:?}");
    assert!(told[0].contains("stalled for 2 seconds"), "{told:?}");
    assert_eq!(rig.core.table().game().running(), Some(Side::Black));
}

/// A busy machine woke the thread late for a heartbeat only: no press waited, nothing was due
/// to be said, no player noticed: logged, not told.
#[test]
fn a_late_wakeup_that_reached_no_player_is_not_an_alarm() {
    let mut rig = Rig::new();
    rig.start();
    rig.run_to(100_000);
    // The heartbeat was due at 101 s; the thread ran at 101.9 s.
    rig.core.advance(rig.at(101_900)).unwrap();
    rig.keep();
    rig.tap(102_500, 102_501, "w");
    rig.run_to(110_000);
    assert_eq!(rig.stalls_told(), Vec::<String>::new());
}

/// A process stopped across a flag (SIGSTOP): told once, with how long the clock did not
/// run; a second stall later, after the clock ran on time again, is told again.
#[test]
fn a_second_separate_stall_is_a_second_alarm() {
    let mut rig = Rig::new();
    rig.start();
    rig.run_to(50_000);
    rig.tap(50_000, 50_000, "w");
    rig.run_to(100_000);
    // Stopped from 100 s to 102.5 s (the heartbeat was due at 101 s), and Black pressed at
    // 101 s: taken at 102.5 s.
    rig.tap(101_000, 102_500, "b");
    rig.run_to(200_000);
    assert_eq!(rig.stalls_told().len(), 1, "{:?}", rig.stalls_told());
    // Stopped again from 349 s to 354 s, across White's flag at 351 s (250 s left when her
    // clock started again at 101 s); checked twice at the same instant.
    rig.run_to(349_000);
    rig.core.advance(rig.at(354_000)).unwrap();
    rig.core.advance(rig.at(354_000)).unwrap();
    rig.keep();
    let told = rig.stalls_told();
    assert_eq!(told.len(), 2, "{told:?}");
    assert!(told[0].contains("stalled for 1.5"), "{told:?}");
    assert!(told[1].contains("stalled for 4."), "{told:?}");
    assert_eq!(
        rig.core.table().game().running(),
        None,
        "White's flag fell in the stop"
    );
}

/// A press that reached the core late (its reader was starved) while the core thread itself
/// was on time: the player's press was not taken at its instant, which is a stall.
#[test]
fn a_press_taken_late_is_told_even_when_nothing_else_was_due() {
    let mut rig = Rig::new();
    rig.start();
    rig.run_to(100_000);
    rig.tap(100_100, 100_900, "w");
    let told = rig.stalls_told();
    assert_eq!(told.len(), 1, "{told:?}");
    assert!(told[0].contains("stalled for 0.8"), "{told:?}");
}
