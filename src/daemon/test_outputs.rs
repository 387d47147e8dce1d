//! Outputs of the core built by hand, for the feeds' unit tests.

use super::core::CoreOutput;
use crate::hearing::{Audience, Listener};
use crate::speech::Announcement;
use crate::table::TableOutput;

/// `notice` said at game time 5 ms to `to`.
pub fn say(notice: Announcement, to: &[Listener]) -> CoreOutput {
    CoreOutput::Table(TableOutput::Say {
        at_ms: 5,
        audience: Audience::of(to),
        notice,
    })
}
