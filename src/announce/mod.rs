//! The announcer: what is said to whom, spoken through the voice packs to each listener's
//! earpiece (or through the system speech engine), cues mixed on top, text lines on stdout,
//! and JSON lines to a transcript file. It stands below both the daemon and the hall's
//! station: each says what it wants said as [`Item`]s, with [`AnnouncerOptions`] of its own.
//!
//! The daemon's real-time loop only sends: [`AnnouncerThread`] renders, time-stretches and
//! writes the transcript on a thread of normal priority, which feeds the audio thread. The
//! station, which has no real-time loop, uses an [`Announcer`] directly.

mod announcer;
mod item;
mod once;
mod open;
mod thread;
pub mod voices;

pub use announcer::Announcer;
pub use item::Item;
pub use once::{render_once, speak_once, SpeakError};
pub use open::{open_audio, AnnounceError, AnnouncerOptions, NoAudio};
pub use thread::AnnouncerThread;
