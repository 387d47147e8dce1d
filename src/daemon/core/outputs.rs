//! What comes out of the core: what is to be said, printed and shown (held in a gate until the
//! records behind it are written to the journal file), and what the journal is asked to do
//! ([`JournalOp`], done by the daemon's journal driver, never by the core).

use super::Core;
use crate::clock::{Event, Ms};
use crate::config::Config;
use crate::daemon::prefs::Prefs;
use crate::journal::Record;
use crate::speech::Announcement;
use crate::table::{Audience, Listener, TableOutput};

/// What comes out of the core, in order.
#[derive(Debug, Clone, PartialEq)]
pub enum CoreOutput {
    /// An output of the table: part of the game's record (transcript and voice).
    Table(TableOutput),
    /// Said to one listener only and not part of the game's record (the opponent's time, a
    /// repeat, a volume or rate confirmation).
    Private {
        /// Game time it is said at.
        at_ms: Ms,
        /// Who hears it.
        listener: Listener,
        /// What.
        notice: Announcement,
    },
    /// The daemon's own notice about the board (a controller lost, the machine slept, the
    /// journal, the seal at the end of a game): not part of the game's record, phrased for
    /// each listener in his language, and for the hall's station in its arbiter's.
    Notice {
        /// Who hears it.
        audience: Audience,
        /// What.
        notice: Announcement,
    },
    /// Free text (the help, the arbiter's message): printed, and spoken by the system speech
    /// engine when there is one. Never sent to the hall.
    Text {
        /// What it is.
        kind: TextKind,
        /// Who hears it.
        audience: Audience,
        /// The words, in the listeners' language.
        text: String,
    },
    /// What the set-up menu says to the one using it: spoken and printed, and written to the
    /// transcript as a `menu` line (not part of the game's record).
    Menu {
        /// Game time it is said at.
        at_ms: Ms,
        /// Who hears it.
        listener: Listener,
        /// What.
        notice: Announcement,
    },
    /// A listener's volume or speech rate changed (or was restored from the journal).
    Prefs {
        /// Whose.
        listener: Listener,
        /// The new setting.
        prefs: Prefs,
    },
    /// The settings changed (a new game, a reload): languages and help follow them.
    Settings(Box<Config>),
}

/// What a free text is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextKind {
    /// The spoken help.
    Help,
    /// The arbiter's own message (`say`).
    Message,
}

/// Why the core cannot go on.
#[derive(Debug, thiserror::Error)]
pub enum CoreError {
    /// The journal could not be written: stopping, so that no acknowledged press is lost.
    #[error("{store}: cannot write the journal: {source}")]
    Journal {
        /// Where the journal is.
        store: String,
        /// Why.
        source: std::io::Error,
    },
}

/// Why a journal's game cannot be restored.
#[derive(Debug, thiserror::Error)]
pub enum RestoreError {
    /// The configuration the journal recorded no longer reads.
    #[error("{0}")]
    Config(#[from] crate::config::ConfigError),
    /// The restore's own records cannot be written.
    #[error("{0}")]
    Core(#[from] CoreError),
    /// The journal cannot be written at all.
    #[error("{store}: cannot write the journal: the journal cannot be written")]
    Down {
        /// Where the journal is.
        store: String,
    },
}

/// What the core asks of the journal (and of the one other file it concerns, the configuration
/// the set-up menu saves), in order: the driver does it and answers with
/// [`super::JournalEvent`]s.
#[derive(Debug, Clone, PartialEq)]
pub enum JournalOp {
    /// Closes the current game's journal (kept aside as finished) and begins a new one with
    /// this game record. Failing is fatal.
    Begin(Record),
    /// Appends one record (after checking that the journal file is still there).
    Append(Record),
    /// After a failed sync or write: writes again what may have been lost.
    Repair,
    /// Checks that the journal file is still where it is written (while no clock runs).
    Verify,
    /// Tells the free space where the journal is written.
    CheckSpace,
    /// Tells the digest of the last record written (the game ended).
    Seal,
    /// Saves the set-up menu's configuration text to the configuration file the daemon runs
    /// on; the new game begins only once it is saved.
    SaveSetup(String),
}

impl Core {
    /// Takes what is to be said, printed and sounded, in order, as far as the journal allows:
    /// nothing is told (a press's click, a flag) before the records behind it are written to
    /// the journal file ([`super::JournalEvent::Written`]), so a crash or kill of the daemon
    /// can never take back what a player heard; their sync to the disk comes after, and a
    /// sync that fails is told to everyone at once (see [`Core::journal_event`]). The rest
    /// waits for a later call (the daemon calls again whenever the driver tells of a write
    /// or a sync). Notices that the journal cannot be written go first: they cannot wait for
    /// it.
    pub fn drain(&mut self) -> Vec<CoreOutput> {
        self.hold_told();
        let mut ready = std::mem::take(&mut self.urgent);
        ready.extend(self.gate.release());
        ready
    }

    /// Takes the notices that the journal cannot be written (see [`Core::drain`], which
    /// gives them first too), before the driver's turn: its repair may take a slow sync.
    pub fn take_urgent(&mut self) -> Vec<CoreOutput> {
        std::mem::take(&mut self.urgent)
    }

    /// Puts what was told so far in the gate, marked with the records asked for so far.
    pub(super) fn hold_told(&mut self) {
        self.collect();
        let mark = self.appended;
        for output in self.outputs.drain(..) {
            self.gate.hold(mark, output);
        }
    }

    /// Takes what the journal is asked to do, in order (appended to `into`).
    pub fn take_journal(&mut self, into: &mut Vec<JournalOp>) {
        into.append(&mut self.journal_ops);
    }

    /// Moves the table's outputs into ours, remembering what each listener heard. When the
    /// game ends, the journal is asked for its seal (the chained digest of its last record,
    /// told to the arbiter: see [`super::JournalEvent::Sealed`]).
    pub(super) fn collect(&mut self) {
        self.sync_hold_start();
        let mut ended = false;
        for output in self.table.drain() {
            ended |= matches!(
                &output,
                TableOutput::Core(stamped) if matches!(stamped.event, Event::Result { .. })
            );
            if let TableOutput::Say {
                audience, notice, ..
            } = &output
            {
                for listener in [Listener::White, Listener::Black, Listener::Arbiter] {
                    if audience.reaches(listener) {
                        self.remember(listener, notice);
                    }
                }
            }
            self.outputs.push(CoreOutput::Table(output));
        }
        if ended {
            self.journal_ops.push(JournalOp::Seal);
        }
    }

    pub(super) fn remember(&mut self, listener: Listener, notice: &Announcement) {
        self.heard.retain(|(l, _)| *l != listener);
        self.heard.push((listener, notice.clone()));
    }

    pub(super) fn language(&self, listener: Listener) -> crate::speech::Lang {
        self.config.languages().of(listener)
    }

    /// Tells `listeners` one of the daemon's own notices.
    pub(super) fn notify(&mut self, listeners: &[Listener], notice: Announcement) {
        self.outputs.push(CoreOutput::Notice {
            audience: Audience::of(listeners),
            notice,
        });
    }

    pub(super) fn text_of(&mut self, kind: TextKind, listeners: &[Listener], text: String) {
        self.outputs.push(CoreOutput::Text {
            kind,
            audience: Audience::of(listeners),
            text,
        });
    }

    pub(super) fn private(&mut self, at_ms: Ms, listener: Listener, notice: Announcement) {
        self.outputs.push(CoreOutput::Private {
            at_ms,
            listener,
            notice,
        });
    }

    /// Tells the arbiter and the players, each in his language, that a controller went or came
    /// back.
    pub(super) fn device_notice(&mut self, device: &str, back: bool) {
        let device = device.to_string();
        self.tell_everyone(if back {
            Announcement::ControllerBack { device }
        } else {
            Announcement::ControllerLost { device }
        });
    }

    /// The daemon is stopping (Ctrl-C at its terminal, SIGINT, SIGTERM, `q` on its key pipe):
    /// everyone is told, each in his language, before it goes.
    pub fn stopping(&mut self) {
        self.tell_everyone(Announcement::Stopping);
        self.collect();
    }

    /// The key pipe ended after carrying keys: everyone is told once that the keyboard is gone
    /// and how to stop the clock, which goes on.
    pub fn keyboard_closed(&mut self) {
        self.tell_everyone(Announcement::KeyboardClosed);
        self.collect();
    }

    /// One notice to everyone, each phrasing it in his language.
    pub(super) fn tell_everyone(&mut self, notice: Announcement) {
        self.notify(&Listener::EARS, notice);
    }
}
