//! The `Core` on virtual time: heartbeats, millisecond stamping, suspend detection, crash
//! restore, repeat, and the volume and rate a listener set. No sleeps: instants are made by
//! adding to one base instant.

use super::core::{Clocks, CoreMsg, CoreOutput};
use super::driver::{Driven, JournalDriver};
use super::prefs::Prefs;
use crate::clock::{Event, Input, Side};
use crate::config::Config;
use crate::control::{ArbiterCommand, Reply};
use crate::input::device::DeviceId;
use crate::input::event::{RawInput, SourceEvent};
use crate::journal::{Journal, Record, SharedMemoryStore, Source};
use crate::speech::{Announcement, JournalTrouble, Lang};
use crate::table::{Listener, Request, TableOutput};
use std::time::{Duration, Instant};

const CONFIG: &str = "mode = \"tournament\"\n\
    [[time_control.stage]]\ntime = \"5:00\"\n\
    [players.white]\nlanguage = \"en\"\n[players.black]\nlanguage = \"en\"\n\
    [arbiter]\nlanguage = \"en\"\n\
    [input]\nlockout = \"0:00.100\"\n\
    [[input.binding]]\ndevice = \"terminal\"\nbutton = \"w\"\naction = \"press\"\nside = \"white\"\n\
    [[input.binding]]\ndevice = \"terminal\"\nbutton = \"b\"\naction = \"press\"\nside = \"black\"\n\
    [[input.binding]]\ndevice = \"terminal\"\nbutton = \"t\"\naction = \"time\"\nside = \"white\"\n\
    [[input.binding]]\ndevice = \"terminal\"\nbutton = \"r\"\naction = \"repeat\"\nside = \"white\"\n\
    [[input.binding]]\ndevice = \"terminal\"\nbutton = \"u\"\naction = \"volume_up\"\nside = \"white\"\n\
    [[input.binding]]\ndevice = \"terminal\"\nbutton = \"d\"\naction = \"volume_down\"\nside = \"white\"\n\
    [[input.binding]]\ndevice = \"terminal\"\nbutton = \"f\"\naction = \"rate_up\"\nside = \"white\"\n";

/// A core on virtual time: `at(ms)` is the base instant plus `ms`, with a wall clock that
/// moves with it unless a test makes it jump.
struct Rig {
    base: Instant,
    wall_base: i64,
    boot_base: i64,
    store: SharedMemoryStore,
    /// The core with its journal's driver (each call followed by the driver's turn).
    core: Driven,
}

impl Rig {
    fn new() -> Rig {
        Rig::with(CONFIG)
    }

    /// A rig on another configuration text.
    fn with(text: &str) -> Rig {
        let base = Instant::now();
        let store = SharedMemoryStore::default();
        let config = Config::parse(text, "test").unwrap();
        let at = Clocks {
            mono: base,
            boot_ms: 50_000,
            wall_ms: 1_000_000,
        };
        let driver = JournalDriver::new(Box::new(store.clone()));
        let core = Driven::new(driver, config, text.into(), at).unwrap();
        Rig {
            base,
            wall_base: 1_000_000,
            boot_base: 50_000,
            store,
            core,
        }
    }

    fn at_us(&self, us: u64) -> Clocks {
        Clocks {
            mono: self.base + Duration::from_micros(us),
            boot_ms: self.boot_base + (us / 1000) as i64,
            wall_ms: self.wall_base + (us / 1000) as i64,
        }
    }

    fn at(&self, ms: u64) -> Clocks {
        self.at_us(ms * 1000)
    }

    fn command(&mut self, ms: u64, command: ArbiterCommand) -> Reply {
        let at = self.at(ms);
        self.core
            .handle(at, CoreMsg::Command(command))
            .unwrap()
            .unwrap()
    }

    /// A tap of a terminal key made at `us`, handled (as a busy core thread might) later.
    fn tap(&mut self, pressed_us: u64, handled_us: u64, key: &str) {
        let made = self.base + Duration::from_micros(pressed_us);
        for down in [true, false] {
            let event = SourceEvent::Button(RawInput {
                at: made,
                device: DeviceId::terminal(),
                button: key.to_string(),
                pressed: down,
                repeat: false,
                lag: None,
            });
            let at = self.at_us(handled_us);
            self.core.handle(at, CoreMsg::Source(event)).unwrap();
        }
    }

    /// Wakes the core at every instant it asks for, up to `ms`.
    fn run_to(&mut self, ms: u64) {
        let end = self.base + Duration::from_millis(ms);
        while let Some(wake) = self.core.next_wake().filter(|w| *w <= end) {
            let us = wake.duration_since(self.base).as_micros() as u64;
            self.core.advance(self.at_us(us)).unwrap();
        }
        self.core.advance(self.at(ms)).unwrap();
    }

    fn records(&self) -> Vec<Record> {
        self.store.snapshot().records().to_vec()
    }

    /// The journal as a file would hold it: one record per line.
    /// The journal as the file store writes it: each record's line chained to the one before.
    fn journal_text(&self) -> String {
        let mut digest = String::new();
        let mut text = String::new();
        for record in self.records() {
            let (line, next) = crate::journal::record::line_of(&record, &digest).unwrap();
            text.push_str(&line);
            text.push('\n');
            digest = next;
        }
        text
    }
}

fn said(outputs: &[CoreOutput]) -> Vec<(Listener, Announcement)> {
    outputs
        .iter()
        .filter_map(|o| match o {
            CoreOutput::Private {
                listener, notice, ..
            } => Some((*listener, notice.clone())),
            _ => None,
        })
        .collect()
}

#[test]
fn a_heartbeat_is_journaled_every_second_while_a_clock_runs_and_never_when_stopped() {
    let mut rig = Rig::new();
    rig.run_to(5_000);
    assert!(rig
        .records()
        .iter()
        .all(|r| !matches!(r, Record::Heartbeat { .. })));
    rig.command(5_000, ArbiterCommand::Game(Input::Start));
    rig.run_to(8_500);
    let beats: Vec<(i64, i64)> = rig
        .records()
        .iter()
        .filter_map(|r| match r {
            Record::Heartbeat {
                game_ms, white_ms, ..
            } => Some((*game_ms, *white_ms)),
            _ => None,
        })
        .collect();
    assert_eq!(
        beats,
        vec![(6_000, 299_000), (7_000, 298_000), (8_000, 297_000)]
    );
}

#[test]
fn a_press_is_judged_at_the_instant_it_was_made_not_when_the_core_got_to_it() {
    let mut rig = Rig::new();
    rig.command(0, ArbiterCommand::Game(Input::Start));
    // White presses at 10.0004 s; the core thread only gets to it 700 ms later.
    rig.tap(10_000_400, 10_700_000, "w");
    let stamp = rig
        .records()
        .iter()
        .find_map(|r| match r {
            Record::Input {
                game_ms,
                input: Request::Game(Input::Press(Side::White)),
                ..
            } => Some(*game_ms),
            _ => None,
        })
        .unwrap();
    assert_eq!(stamp, 10_000);
    let game = rig.core.table().game();
    assert_eq!(game.remaining(Side::White, stamp), 290_000);
}

#[test]
fn stamps_keep_each_side_within_half_a_millisecond_over_many_presses() {
    let mut rig = Rig::new();
    rig.command(0, ArbiterCommand::Game(Input::Start));
    // 200 presses 1.7003 s apart: every turn is 0.3 µs over a whole ms plus 0.7 ms, so
    // rounding each on its own would charge White and Black unevenly.
    let mut true_white = 0.0;
    let mut t_us = 0u64;
    for i in 0..200u64 {
        let key = if i % 2 == 0 { "w" } else { "b" };
        let turn = 1_700_300 + (i % 3) * 250;
        if i % 2 == 0 {
            true_white += turn as f64 / 1000.0;
        }
        t_us += turn;
        rig.tap(t_us, t_us + 5, key);
    }
    let now = rig
        .core
        .game_ms(rig.base + Duration::from_micros(t_us + 10));
    let charged = 300_000 - rig.core.table().game().remaining(Side::White, now);
    assert!(
        (charged as f64 - true_white).abs() <= 1.0,
        "charged {charged} ms, truly ran {true_white} ms"
    );
}

#[test]
fn a_suspend_seen_on_the_boot_time_clock_pauses() {
    let mut rig = Rig::new();
    rig.command(0, ArbiterCommand::Game(Input::Start));
    rig.run_to(3_000);
    rig.core.drain();
    // The machine slept an hour: the monotonic clock stood still, the boot-time clock did not.
    rig.boot_base += 3_600_000;
    rig.run_to(4_000);
    let records = rig.records();
    assert!(records.iter().any(|r| matches!(
        r,
        Record::Input {
            source: Source::Suspend,
            input: Request::Game(Input::Pause),
            ..
        }
    )));
    let outputs = rig.core.drain();
    assert!(outputs.iter().any(|o| matches!(
        o,
        CoreOutput::Notice { audience, notice: Announcement::Suspended } if audience.reaches(Listener::Arbiter)
    )));
    assert!(rig.core.table().game().running().is_none());
}

/// An NTP step on a Pi without a real-time clock moved the wall clock an hour; it was taken
/// for a suspend and paused the game.
#[test]
fn a_wall_clock_step_changes_nothing() {
    let mut rig = Rig::new();
    rig.command(0, ArbiterCommand::Game(Input::Start));
    rig.run_to(3_000);
    rig.wall_base += 3_600_000;
    rig.run_to(5_000);
    rig.wall_base -= 7_200_000;
    rig.run_to(8_000);
    assert_eq!(rig.core.table().game().running(), Some(Side::White));
    assert!(!rig.records().iter().any(|r| matches!(
        r,
        Record::Input {
            source: Source::Suspend,
            ..
        }
    )));
}

#[test]
fn a_stall_is_told_to_the_arbiter_and_the_flag_keeps_its_instant() {
    let mut rig = Rig::new();
    rig.command(0, ArbiterCommand::Game(Input::Start));
    rig.run_to(298_000);
    rig.core.drain();
    // The process is stopped for 5 s across White's flag at 5:00.
    rig.core.advance(rig.at(303_000)).unwrap();
    let outputs = rig.core.drain();
    let flag_at = outputs.iter().find_map(|o| match o {
        CoreOutput::Table(TableOutput::Core(s)) if matches!(s.event, Event::Flag { .. }) => {
            Some(s.at_ms)
        }
        _ => None,
    });
    assert_eq!(flag_at, Some(300_000));
    assert!(
        outputs.iter().any(|o| matches!(
            o,
            CoreOutput::Notice { audience, notice: Announcement::Stalled { late_ms } }
                if audience.reaches(Listener::Arbiter) && (4_000..5_000).contains(late_ms)
        )),
        "{outputs:?}"
    );
}

/// A press that waited in the queue behind another must still be judged before the flag that
/// falls after it: both are fed, then time advances once.
#[test]
fn queued_presses_are_judged_before_time_moves_on() {
    let mut rig = Rig::new();
    rig.command(0, ArbiterCommand::Game(Input::Start));
    rig.tap(290_000_000, 290_000_000, "w");
    // Black's clock runs from 290 s with 300 s on it: his flag would fall at 590 s. He presses
    // at 589.9 s; the press waits in the queue behind a busy core until 595 s.
    let late = rig.at(595_000);
    for (us, key) in [(589_900_000u64, "b")] {
        let made = rig.base + Duration::from_micros(us);
        for down in [true, false] {
            let event = SourceEvent::Button(RawInput {
                at: made,
                device: DeviceId::terminal(),
                button: key.to_string(),
                pressed: down,
                repeat: false,
                lag: None,
            });
            rig.core.feed(late, CoreMsg::Source(event)).unwrap();
        }
    }
    rig.core.advance(late).unwrap();
    let game = rig.core.table().game();
    assert_eq!(game.result(), None, "nobody flagged");
    assert_eq!(game.moves(Side::Black), 1);
    assert_eq!(game.remaining(Side::White, 595_000), 4_900);
}

#[test]
fn no_suspend_is_seen_while_the_clocks_agree() {
    let mut rig = Rig::new();
    rig.command(0, ArbiterCommand::Game(Input::Start));
    rig.run_to(30_000);
    assert_eq!(rig.core.table().game().running(), Some(Side::White));
}

#[test]
fn a_restored_game_is_paused_at_its_last_record_with_volume_and_rate_as_they_were() {
    let mut rig = Rig::new();
    rig.command(0, ArbiterCommand::Game(Input::Start));
    rig.tap(4_000_000, 4_000_000, "w");
    rig.tap(4_500_000, 4_500_000, "u");
    rig.tap(4_700_000, 4_700_000, "f");
    rig.run_to(9_300);
    // The process dies here; a new one reads the journal.
    let text = rig.journal_text();
    let journal = Journal::parse(&text, "mem").unwrap();
    let (table, _) = journal.replay("mem").unwrap();
    let store = SharedMemoryStore::default();
    store.0.lock().unwrap().games.push(journal.records.clone());
    let later = Instant::now() + Duration::from_secs(100);
    let at = Clocks {
        mono: later,
        boot_ms: 9_000_000,
        wall_ms: 5_000_000,
    };
    let driver = JournalDriver::new(Box::new(store.clone()));
    let mut core = Driven::restore(driver, &journal, table, at).unwrap();
    let game = core.table().game();
    // The last heartbeat was at 9 s: Black had run 5 s of it.
    assert_eq!(game.remaining(Side::Black, 9_000), 295_000);
    assert!(game.running().is_none());
    assert_eq!(core.prefs(Listener::White), Prefs::new(1, 1));
    let outputs = core.drain();
    assert!(outputs.contains(&CoreOutput::Prefs {
        listener: Listener::White,
        prefs: Prefs::new(1, 1)
    }));
    let checks = outputs
        .iter()
        .filter(|o| {
            matches!(
                o,
                CoreOutput::Table(TableOutput::Say {
                    notice: Announcement::ClockCheck { .. },
                    ..
                })
            )
        })
        .count();
    assert_eq!(checks, 3, "the clock check to both players and the arbiter");
    assert!(store
        .snapshot()
        .records()
        .iter()
        .any(|r| matches!(r, Record::Restored { game_ms: 9_000, .. })));
    // Game time goes on from where it stopped.
    assert_eq!(core.game_ms(later + Duration::from_millis(250)), 9_250);
}

#[test]
fn repeat_says_again_the_last_announcement_the_listener_heard() {
    let mut rig = Rig::new();
    rig.command(0, ArbiterCommand::Game(Input::Start));
    rig.tap(61_000_000, 61_000_000, "t");
    let first = rig.core.drain();
    let readout = first
        .iter()
        .find_map(|o| match o {
            CoreOutput::Table(TableOutput::Say {
                audience,
                notice: notice @ Announcement::TimeReadout { .. },
                ..
            }) if audience.reaches(Listener::White) => Some(notice.clone()),
            _ => None,
        })
        .expect("White's readout");
    rig.tap(70_000_000, 70_000_000, "r");
    assert_eq!(said(&rig.core.drain()), vec![(Listener::White, readout)]);
}

#[test]
fn volume_and_rate_buttons_step_journal_and_confirm_at_the_new_level() {
    let mut rig = Rig::new();
    rig.tap(1_000_000, 1_000_000, "d");
    rig.tap(2_000_000, 2_000_000, "d");
    rig.tap(3_000_000, 3_000_000, "f");
    let outputs = rig.core.drain();
    assert_eq!(
        said(&outputs),
        vec![
            (Listener::White, Announcement::Volume { level: 6 }),
            (Listener::White, Announcement::Volume { level: 5 }),
            (Listener::White, Announcement::SpeechRate { level: 6 }),
        ]
    );
    // The new setting reaches the announcer before the confirmation is said.
    let position = |wanted: &CoreOutput| outputs.iter().position(|o| o == wanted).unwrap();
    assert!(
        position(&CoreOutput::Prefs {
            listener: Listener::White,
            prefs: Prefs::new(-1, 0)
        }) < position(&CoreOutput::Private {
            at_ms: 1_000,
            listener: Listener::White,
            notice: Announcement::Volume { level: 6 }
        })
    );
    let prefs: Vec<(i8, i8)> = rig
        .records()
        .iter()
        .filter_map(|r| match r {
            Record::Preferences { volume, rate, .. } => Some((*volume, *rate)),
            _ => None,
        })
        .collect();
    assert_eq!(prefs, vec![(-1, 0), (-2, 0), (-2, 1)]);
    // A new game keeps them.
    rig.command(4_000, ArbiterCommand::NewGame { force: false });
    let store = rig.store.snapshot();
    assert_eq!(store.games.len(), 2);
    assert!(store.records().iter().any(|r| matches!(
        r,
        Record::Preferences {
            volume: -2,
            rate: 1,
            ..
        }
    )));
}

#[test]
fn status_reports_the_phase_as_a_word() {
    let mut rig = Rig::new();
    rig.command(0, ArbiterCommand::Game(Input::Start));
    rig.command(1_000, ArbiterCommand::Game(Input::Pause));
    let line = rig.command(2_000, ArbiterCommand::Status).to_line();
    assert!(line.contains(r#""phase":"paused""#), "{line}");
    assert!(line.contains(r#""white_ms":299000"#), "{line}");
}

#[test]
fn a_refused_input_is_an_error_reply_with_the_reason() {
    let mut rig = Rig::new();
    let reply = rig.command(0, ArbiterCommand::Game(Input::Resume));
    assert!(matches!(reply, Reply::Error(_)), "{reply:?}");
    let started = rig.command(1, ArbiterCommand::Game(Input::Start));
    assert!(
        matches!(&started, Reply::Events { events } if events.iter().any(|e| matches!(e.event, Event::Start { .. }))),
        "{started:?}"
    );
}

/// A full disk stopped the daemon mid-game with a line on stderr only.
#[test]
fn a_journal_that_cannot_be_written_pauses_tells_everyone_and_recovers() {
    let mut rig = Rig::new();
    rig.command(0, ArbiterCommand::Game(Input::Start));
    rig.tap(5_000_000, 5_000_000, "w");
    rig.core.drain();
    rig.store.set_failing(true);
    // The heartbeat at 6 s cannot be written: the clock pauses at once.
    rig.run_to(6_500);
    assert!(rig.core.journal_down());
    assert_eq!(rig.core.table().game().running(), None);
    let told: Vec<Listener> = rig
        .core
        .drain()
        .iter()
        .filter_map(|o| match o {
            CoreOutput::Notice {
                audience,
                notice:
                    Announcement::Journal {
                        trouble: JournalTrouble::Down,
                    },
            } => audience.listeners().first().copied(),
            _ => None,
        })
        .collect();
    assert_eq!(
        told,
        vec![Listener::Arbiter, Listener::White, Listener::Black]
    );
    // Nothing is applied that is not journaled: the arbiter's resume is refused.
    let refused = rig.command(7_000, ArbiterCommand::Game(Input::Resume));
    assert!(matches!(refused, Reply::Error(_)), "{refused:?}");
    // Space comes back: the pause is written first, the arbiter is told, and he resumes.
    rig.store.set_failing(false);
    rig.run_to(9_000);
    assert!(!rig.core.journal_down());
    let records = rig.records();
    let pause_at = records.iter().find_map(|r| match r {
        Record::Input {
            source: Source::Storage,
            input: Request::Game(Input::Pause),
            game_ms,
            ..
        } => Some(*game_ms),
        _ => None,
    });
    assert_eq!(pause_at, Some(6_000));
    let text = rig.core.drain();
    assert!(text.iter().any(|o| matches!(
        o,
        CoreOutput::Notice {
            notice: Announcement::Journal {
                trouble: JournalTrouble::Back
            },
            ..
        }
    )));
    let resumed = rig.command(9_000, ArbiterCommand::Game(Input::Resume));
    assert!(matches!(resumed, Reply::Events { .. }), "{resumed:?}");
    // The journal is whole and replays to the same clocks.
    let lines = rig.journal_text();
    let (table, _) = Journal::parse(&lines, "mem")
        .unwrap()
        .replay("mem")
        .unwrap();
    assert_eq!(
        table.game().remaining(Side::Black, 9_000),
        rig.core.table().game().remaining(Side::Black, 9_000)
    );
}

#[test]
fn little_free_space_is_told_to_the_arbiter_once() {
    let mut rig = Rig::new();
    rig.store.0.lock().unwrap().free = Some(3 * 1024 * 1024);
    rig.command(0, ArbiterCommand::Game(Input::Start));
    rig.run_to(65_000);
    let warnings = rig
        .core
        .drain()
        .iter()
        .filter(|o| {
            matches!(
                o,
                CoreOutput::Notice {
                    notice: Announcement::Journal {
                        trouble: JournalTrouble::LowSpace { free_mb: 3 }
                    },
                    ..
                }
            )
        })
        .count();
    assert_eq!(warnings, 1);
}

#[test]
fn at_the_end_the_arbiter_is_told_the_journals_seal() {
    let mut rig = Rig::new();
    rig.command(0, ArbiterCommand::Game(Input::Start));
    rig.run_to(301_000);
    let outputs = rig.core.drain();
    let seal: String = rig.store.snapshot().digest.chars().take(16).collect();
    let told = outputs.iter().find_map(|o| match o {
        CoreOutput::Notice {
            audience,
            notice: notice @ Announcement::Seal { .. },
        } if audience.reaches(Listener::Arbiter) => {
            Some(crate::speech::phrase(Lang::En, notice).text)
        }
        _ => None,
    });
    let told = told.expect("the seal is told");
    assert!(
        told.replace(' ', "").to_lowercase().contains(&seal),
        "{told} / {seal}"
    );
}

fn clicks(outputs: &[CoreOutput]) -> usize {
    outputs
        .iter()
        .filter(|o| {
            matches!(
                o,
                CoreOutput::Table(TableOutput::Cue {
                    cue: crate::hearing::Cue::Click,
                    ..
                })
            )
        })
        .count()
}

/// A slow disk (an SD card's sync takes tens of milliseconds): the click goes out once the
/// press's record is written to the journal file (a kill of the daemon cannot lose it), not
/// after its sync; a reply to the arbiter still waits for the sync. Before, the click waited
/// for the sync too ("a click came before its press was durable" was the old rule).
#[test]
fn a_click_goes_out_once_its_press_is_written_not_waiting_for_a_slow_sync() {
    let mut rig = Rig::new();
    rig.command(0, ArbiterCommand::Game(Input::Start));
    rig.core.drain();
    // A slow disk: nothing written from now on is durable yet.
    rig.store.hold_durable(true);
    rig.tap(2_000_000, 2_000_000, "w");
    // The press decided at once: Black's clock runs, White's stopped at 2 s.
    assert_eq!(rig.core.table().game().running(), Some(Side::Black));
    assert_eq!(
        rig.core.table().game().remaining(Side::White, 2_000),
        298_000
    );
    let mark = rig.core.written();
    assert!(
        rig.store.snapshot().written >= mark,
        "the press's record is in the journal"
    );
    assert_eq!(
        clicks(&rig.core.drain()),
        1,
        "the click goes out once the press is written, before its sync"
    );
    assert!(
        !rig.core.is_durable(mark),
        "a reply made now waits for the sync"
    );
    // The sync ends: the reply may go; the click is not said again.
    rig.store.hold_durable(false);
    assert!(rig.core.is_durable(mark));
    assert_eq!(clicks(&rig.core.drain()), 0);
}

#[test]
fn a_sync_that_fails_pauses_tells_everyone_and_writes_the_records_again() {
    let mut rig = Rig::new();
    rig.command(0, ArbiterCommand::Game(Input::Start));
    rig.tap(2_000_000, 2_000_000, "w");
    rig.core.drain();
    rig.store.fail_a_sync("Input/output error");
    rig.core.journal_synced(rig.at(2_100));
    assert!(rig.core.journal_down());
    assert_eq!(rig.core.table().game().running(), None, "the clock paused");
    let told = rig
        .core
        .drain()
        .iter()
        .filter(|o| {
            matches!(
                o,
                CoreOutput::Notice {
                    notice: Announcement::Journal {
                        trouble: JournalTrouble::Down
                    },
                    ..
                }
            )
        })
        .count();
    assert_eq!(told, 3, "the arbiter and both players are told");
    // The next try writes the pause (and, in a file, the lines the failed sync held).
    rig.run_to(3_200);
    assert!(!rig.core.journal_down());
    assert!(rig.records().iter().any(|r| matches!(
        r,
        Record::Input {
            source: Source::Storage,
            input: Request::Game(Input::Pause),
            game_ms: 2_100,
            ..
        }
    )));
}

#[test]
fn a_fide_game_tells_the_flag_to_the_arbiter_only_and_is_restored_under_fide() {
    let text = format!("rules = \"fide\"\n{CONFIG}");
    let mut rig = Rig::with(&text);
    rig.command(0, ArbiterCommand::Game(Input::Start));
    rig.tap(1_000_000, 1_000_000, "w");
    rig.tap(2_000_000, 2_000_000, "b");
    rig.tap(3_000_000, 3_000_000, "t");
    let readout = rig.core.drain().into_iter().find_map(|o| match o {
        CoreOutput::Table(TableOutput::Say {
            notice: Announcement::TimeReadout { moves_made, .. },
            ..
        }) => Some(moves_made),
        _ => None,
    });
    assert_eq!(
        readout,
        Some(Some(1)),
        "the time button tells the moves made"
    );
    rig.run_to(400_000);
    let flag = rig.core.drain().into_iter().find_map(|o| match o {
        CoreOutput::Table(TableOutput::Say {
            audience,
            notice: Announcement::Flag { .. },
            ..
        }) => Some(audience.listeners().to_vec()),
        _ => None,
    });
    assert_eq!(flag, Some(vec![Listener::Arbiter]));
    let journal_text = rig.journal_text();
    let journal = Journal::parse(&journal_text, "mem").unwrap();
    let (table, _) = journal.replay("mem").unwrap();
    assert_eq!(table.game().rules(), crate::clock::Rules::Fide);
}

#[test]
fn a_finished_games_journal_replays_to_its_flag_not_to_the_last_whole_second() {
    // A 5:00 game, White's clock running from the start: the flag falls at 300.5 s, between
    // two heartbeats.
    let mut rig = Rig::new();
    rig.run_to(500);
    rig.command(500, ArbiterCommand::Game(Input::Start));
    rig.run_to(302_000);
    let text = rig.journal_text();
    let journal = Journal::parse(&text, "mem").unwrap();
    let mut flags = Vec::new();
    journal
        .replay_with("mem", |_, outputs| {
            for o in outputs {
                if let TableOutput::Core(stamped) = o {
                    if matches!(stamped.event, Event::Flag { .. }) {
                        flags.push(stamped.at_ms);
                    }
                }
            }
        })
        .unwrap();
    assert_eq!(
        flags,
        vec![300_500],
        "the journal's replay reaches the flag"
    );
}

/// The core asks for a record and applies the press at once; the driver tells it afterwards
/// that the write failed. The press must not be lost from the journal (the replay would then
/// differ from the clocks the players heard), nor clicked before it is durable.
#[test]
fn a_press_whose_write_fails_is_journaled_first_when_the_disk_is_back_and_clicked_only_then() {
    let mut rig = Rig::new();
    rig.command(0, ArbiterCommand::Game(Input::Start));
    rig.core.drain();
    rig.store.set_failing(true);
    rig.tap(2_000_000, 2_000_000, "w");
    assert!(rig.core.journal_down(), "the failed write is told at once");
    assert_eq!(rig.core.table().game().running(), None, "the clock paused");
    assert_eq!(
        clicks(&rig.core.drain()),
        0,
        "no click before the press is on the disk"
    );
    rig.store.set_failing(false);
    rig.run_to(4_000);
    assert!(!rig.core.journal_down());
    let records = rig.records();
    let press = records.iter().position(|r| {
        matches!(
            r,
            Record::Input {
                input: Request::Game(Input::Press(Side::White)),
                ..
            }
        )
    });
    let pause = records.iter().position(|r| {
        matches!(
            r,
            Record::Input {
                source: Source::Storage,
                ..
            }
        )
    });
    assert!(
        press.is_some() && press < pause,
        "the press, then the pause: {records:?}"
    );
    assert_eq!(clicks(&rig.core.drain()), 1, "clicked once durable");
    let (table, _) = Journal::parse(&rig.journal_text(), "mem")
        .unwrap()
        .replay("mem")
        .unwrap();
    assert_eq!(
        table.game().remaining(Side::White, 4_000),
        rig.core.table().game().remaining(Side::White, 4_000)
    );
}
