//! What the announcer is given: what to say to whom, and how each listener hears it.

use crate::speech::{Announcement, Languages};
use crate::table::{Audience, Listener, TableOutput};

/// One thing for the announcer to say, or a change in how it says things.
#[derive(Debug, Clone)]
pub enum Item {
    /// Part of the game's record: said and cued, and written to the transcript.
    Record(TableOutput),
    /// Said to one listener only, not written to the transcript (the opponent's time, a
    /// repeat, a volume or rate confirmation, a station's alert).
    Private {
        /// Game time it is said at.
        at_ms: i64,
        /// Who hears it.
        listener: Listener,
        /// What.
        notice: Announcement,
    },
    /// What a set-up menu says to the one using it: said like a private notice, and written
    /// to the transcript as a `menu` line. Prompts of one instant to one listener are one
    /// utterance.
    Menu {
        /// Game time it is said at.
        at_ms: i64,
        /// Who hears it.
        listener: Listener,
        /// What.
        notice: Announcement,
    },
    /// The daemon's own notice (a controller lost, the journal, the seal): said and printed to
    /// each listener in his language, not written to the transcript.
    Notice {
        /// Who hears it.
        audience: Audience,
        /// What.
        notice: Announcement,
    },
    /// Free text (the help, the arbiter's message): printed, and spoken by the system
    /// speech engine when there is one (the voice packs hold only the clock's own words).
    Text {
        /// Who hears it.
        audience: Audience,
        /// The words, in the listeners' language.
        text: String,
    },
    /// How one listener hears from now on: his volume (set on his route at once) and his
    /// speech rate (for what he hears next).
    Hearing {
        /// Whose.
        listener: Listener,
        /// Volume steps from the configured level (`audio::VOLUME_STEP_DB` each).
        volume_steps: i8,
        /// His speech rate less the configured one, on the config's scale (−1 … 1).
        rate_offset: f32,
    },
    /// Which language each listener hears from now on.
    Languages(Languages),
    /// JSON lines decided elsewhere (the controllers' `haptic` lines), for the transcript.
    Lines(Vec<String>),
}
