//! The hall's topics, version 1: everything of an event lies under `talkclock/v1/<event>/`,
//! every board's under `talkclock/v1/<event>/board/<n>/`.
//!
//! | topic | from | QoS | retained | payload |
//! |---|---|---|---|---|
//! | `…/board/<n>/records` | board | 1 | no | [`RecordMsg`](super::RecordMsg) |
//! | `…/board/<n>/alerts` | board | 1 | no | [`AlertMsg`](super::AlertMsg) |
//! | `…/board/<n>/state` | board | 1 | yes | [`StateMsg`](super::StateMsg) |
//! | `…/board/<n>/online` | board (will: broker) | 1 | yes | `1` / `0` |
//! | `…/board/<n>/replies` | board | 1 | no | `{"id":…,"reply":{…}}` |
//! | `…/board/<n>/commands` | station | 1 | no | `{"id":…,"request":{…}}` |
//! | `…/board/<n>/mirrored` | station | 1 | yes | [`Mirrored`](super::Mirrored) |
//! | `…/board/<n>/selftest` | board (`talkclock selftest`) | 1 | yes | [`Report`](crate::selftest::Report)'s JSON |

/// The version of the topics and payloads (the second topic level).
pub const VERSION: &str = "v1";

/// What a board topic carries (its last level).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Journal records.
    Records,
    /// What the rules address to the arbiter.
    Alerts,
    /// The board's state (retained).
    State,
    /// Whether the board is connected (retained; the broker publishes the board's will).
    Online,
    /// Answers to the station's commands.
    Replies,
    /// The station's commands.
    Commands,
    /// How far the station's mirror goes (retained).
    Mirrored,
    /// The board's last hardware self-test (retained).
    SelfTest,
}

impl Kind {
    /// Every kind.
    pub const ALL: [Kind; 8] = [
        Kind::Records,
        Kind::Alerts,
        Kind::State,
        Kind::Online,
        Kind::Replies,
        Kind::Commands,
        Kind::Mirrored,
        Kind::SelfTest,
    ];

    /// The topic's last level.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Records => "records",
            Kind::Alerts => "alerts",
            Kind::State => "state",
            Kind::Online => "online",
            Kind::Replies => "replies",
            Kind::Commands => "commands",
            Kind::Mirrored => "mirrored",
            Kind::SelfTest => "selftest",
        }
    }
}

/// The topics of one event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Topics {
    event: String,
}

impl Topics {
    /// The topics of `event` (an id checked by `config::hall::valid_event`).
    pub fn new(event: &str) -> Topics {
        Topics {
            event: event.to_string(),
        }
    }

    /// The event's id.
    pub fn event(&self) -> &str {
        &self.event
    }

    /// A board's topic.
    pub fn board(&self, board: u32, kind: Kind) -> String {
        format!(
            "talkclock/{VERSION}/{}/board/{board}/{}",
            self.event,
            kind.name()
        )
    }

    /// Every board's topics of one kind (a subscription filter).
    pub fn every_board(&self, kind: Kind) -> String {
        format!("talkclock/{VERSION}/{}/board/+/{}", self.event, kind.name())
    }

    /// The board and kind of a topic of this event.
    pub fn parse(&self, topic: &str) -> Option<(u32, Kind)> {
        let rest = topic
            .strip_prefix("talkclock/")?
            .strip_prefix(VERSION)?
            .strip_prefix('/')?
            .strip_prefix(self.event.as_str())?
            .strip_prefix("/board/")?;
        let (board, kind) = rest.split_once('/')?;
        let board = board.parse().ok()?;
        let kind = Kind::ALL.into_iter().find(|k| k.name() == kind)?;
        Some((board, kind))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_topic_parses_back_to_its_board_and_kind() {
        let t = Topics::new("spb");
        for kind in Kind::ALL {
            assert_eq!(t.parse(&t.board(12, kind)), Some((12, kind)));
        }
        assert_eq!(
            t.board(3, Kind::Records),
            "talkclock/v1/spb/board/3/records"
        );
        assert_eq!(t.parse("talkclock/v1/other/board/3/records"), None);
        assert_eq!(t.parse("talkclock/v1/spb/board/x/records"), None);
        assert_eq!(t.parse("talkclock/v1/spb/board/3/nothing"), None);
    }
}
