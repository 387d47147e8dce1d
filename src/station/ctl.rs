//! `talkclock station ctl BOARD COMMAND…`: an arbiter's command to one board, through the
//! broker: the words `talkclock ctl` takes, sent on the board's `commands` topic with an id;
//! the board carries it out as its control socket would (journaled, rule 1.7.8 kept) and
//! answers on its `replies` topic.

use super::config::StationConfig;
use super::run::StationError;
use crate::hall::mqtt::{self, LinkEvent};
use crate::hall::payload::{CommandMsg, ReplyMsg};
use crate::hall::topics::Kind;
use crate::hall::Topics;
use rumqttc::v5::mqttbytes::QoS;
use std::path::Path;
use std::time::{Duration, Instant};

/// How long a board gets to answer.
pub const ANSWER: Duration = Duration::from_secs(10);

/// Why a command got no answer.
#[derive(Debug, thiserror::Error)]
pub enum CtlError {
    /// The station's side.
    #[error(transparent)]
    Station(#[from] StationError),
    /// The words are no command.
    #[error(transparent)]
    Words(#[from] crate::control::client::CtlUsage),
    /// The command cannot be put in a message.
    #[error("cannot encode the command: {0}")]
    Encode(#[from] serde_json::Error),
    /// No answer.
    #[error("{0}")]
    NoAnswer(String),
}

/// Sends `words` to `board`; returns the board's reply (a JSON object).
pub fn ctl(
    config_path: &Path,
    board: u32,
    words: &[String],
) -> Result<serde_json::Value, CtlError> {
    let config = StationConfig::load(config_path).map_err(StationError::from)?;
    let request = crate::control::client::request_for(words)?;
    let topics = Topics::new(&config.event);
    let id = format!("{}-{}", std::process::id(), crate::journal::wall_now());
    let endpoint = config
        .endpoint(format!("talkclock-{}-ctl-{id}", config.event))
        .map_err(StationError::from)?;
    let (client, events) = mqtt::connect(&endpoint).map_err(StationError::from)?;
    let deadline = Instant::now() + ANSWER;
    let mut why = String::from("no answer");
    let mut sent = false;
    while let Some(left) = deadline.checked_duration_since(Instant::now()) {
        let Ok(event) = events.recv_timeout(left) else {
            break;
        };
        match event {
            LinkEvent::Up if !sent => {
                let _ = client.subscribe(topics.board(board, Kind::Replies), QoS::AtLeastOnce);
                let msg = CommandMsg {
                    id: id.clone(),
                    request: serde_json::value::to_raw_value(&request)?,
                };
                let payload = serde_json::to_vec(&msg)?;
                let _ = client.publish(
                    topics.board(board, Kind::Commands),
                    QoS::AtLeastOnce,
                    false,
                    payload,
                );
                sent = true;
            }
            LinkEvent::Down(w) => why = w,
            LinkEvent::Refused(w) => why = format!("the broker refused the command ({w})"),
            LinkEvent::Message { payload, .. } => {
                if let Ok(reply) = serde_json::from_slice::<ReplyMsg>(&payload) {
                    if reply.id == id {
                        let _ = client.disconnect();
                        return Ok(reply.reply);
                    }
                }
            }
            _ => {}
        }
    }
    let _ = client.disconnect();
    Err(CtlError::NoAnswer(if sent {
        format!(
            "board {board} did not answer in {} s (is it connected? `talkclock station status`)",
            ANSWER.as_secs()
        )
    } else {
        format!(
            "the broker {}:{} did not answer: {why}",
            config.host, config.port
        )
    }))
}
