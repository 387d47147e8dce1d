//! `talkclock station close`: closes an event on its broker. The broker keeps each board's
//! last state, its connection flag and the station's mirror progress (retained) for ever, and
//! an event id used again (a club's weekly event, the next day of a tournament) would find
//! them. Each is cleared by publishing an empty retained message on its topic: the station's
//! own (`mirrored`) as the station, a board's (`state`, `online`) as that board, with its
//! credentials from the folder `hall init` wrote (beside the station's). A board still running
//! would publish its state again, so one heard of within `silent_after` stops the command
//! unless `--force`.

use super::config::StationConfig;
use super::run::StationError;
use super::watch::forgotten;
use crate::hall::mqtt::{self, LinkEvent};
use crate::hall::topics::Kind;
use crate::hall::{StateMsg, Topics};
use rumqttc::v5::mqttbytes::QoS;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How long retained messages are gathered after connecting.
const GATHER: Duration = Duration::from_millis(1500);
/// How long the broker gets to answer at all, and to pass each clearing on.
const ANSWER: Duration = Duration::from_secs(5);

/// Why the event was not closed.
#[derive(Debug, thiserror::Error)]
pub enum CloseError {
    /// The station's configuration, credentials or connection.
    #[error(transparent)]
    Station(#[from] StationError),
    /// The broker did not answer.
    #[error("the broker {0} did not answer: {1}")]
    NoBroker(String, String),
    /// Boards still running.
    #[error(
        "still running (heard of within silent_after): {0}; stop their daemons first, or give \
         --force"
    )]
    Running(String),
    /// Some retained messages are still there.
    #[error("not cleared: {0}")]
    NotCleared(String),
}

impl CloseError {
    /// The process's exit code: the station's for its own problems, 1 otherwise.
    pub fn exit_code(&self) -> u8 {
        match self {
            CloseError::Station(e) => e.exit_code(),
            _ => 1,
        }
    }
}

/// Clears every retained message of the event; says what was cleared.
pub fn close(config_path: &Path, force: bool) -> Result<String, CloseError> {
    let config = StationConfig::load(config_path).map_err(StationError::from)?;
    let topics = Topics::new(&config.event);
    let endpoint = config
        .endpoint(format!(
            "talkclock-{}-close-{}",
            config.event,
            std::process::id()
        ))
        .map_err(StationError::from)?;
    let (client, events) = mqtt::connect(&endpoint).map_err(StationError::from)?;
    let broker = format!("{}:{}", config.host, config.port);
    let kept =
        gather(&client, &events, &topics).map_err(|why| CloseError::NoBroker(broker, why))?;
    let now = crate::journal::wall_now();
    let running: Vec<String> = kept
        .states
        .iter()
        .filter(|(_, s)| !forgotten(s.wall_ms, now, config.silent_after))
        .map(|(board, _)| format!("board {board}"))
        .collect();
    if !running.is_empty() && !force {
        let _ = client.disconnect();
        return Err(CloseError::Running(running.join(", ")));
    }
    let mut left: BTreeSet<String> = kept.topics.iter().cloned().collect();
    let mut problems = Vec::new();
    for topic in &kept.topics {
        if topics
            .parse(topic)
            .is_some_and(|(_, k)| k == Kind::Mirrored)
        {
            let _ = client.publish(topic.clone(), QoS::AtLeastOnce, true, Vec::new());
        }
    }
    let folder = config
        .credentials
        .parent()
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf);
    for board in kept.boards() {
        let own: Vec<&String> = kept
            .topics
            .iter()
            .filter(|t| {
                topics
                    .parse(t)
                    .is_some_and(|(b, k)| b == board && k != Kind::Mirrored)
            })
            .collect();
        if own.is_empty() {
            continue;
        }
        if let Err(why) = clear_as_board(&config, &folder, board, &own) {
            problems.push(format!("board {board}: {why}"));
        }
        // Each clearing comes back on the station's subscription as an empty message.
        wait_cleared(&events, &mut left, own.iter().map(|t| t.as_str()));
    }
    wait_cleared(&events, &mut left, std::iter::empty());
    let _ = client.disconnect();
    if !left.is_empty() {
        let what: Vec<String> = left.into_iter().collect();
        problems.push(what.join(", "));
    }
    if !problems.is_empty() {
        return Err(CloseError::NotCleared(problems.join("; ")));
    }
    Ok(format!(
        "event {}: {} retained messages of {} boards cleared\n",
        config.event,
        kept.topics.len(),
        kept.boards().len()
    ))
}

/// What the broker keeps for the event.
#[derive(Debug, Default)]
struct Kept {
    /// Every topic with a retained message.
    topics: Vec<String>,
    /// The boards' states among them.
    states: BTreeMap<u32, StateMsg>,
}

impl Kept {
    fn boards(&self) -> Vec<u32> {
        let topics = self.topics.iter();
        let set: BTreeSet<u32> = topics
            .filter_map(|t| t.split('/').nth(4)?.parse().ok())
            .collect();
        set.into_iter().collect()
    }
}

/// Subscribes to every board topic of the event and gathers what the broker kept.
fn gather(
    client: &rumqttc::v5::Client,
    events: &crossbeam_channel::Receiver<LinkEvent>,
    topics: &Topics,
) -> Result<Kept, String> {
    let mut kept = Kept::default();
    let mut until = Instant::now() + ANSWER;
    let mut reached = false;
    let mut why = String::from("no reply");
    while let Some(left) = until.checked_duration_since(Instant::now()) {
        let Ok(event) = events.recv_timeout(left) else {
            break;
        };
        match event {
            LinkEvent::Up if !reached => {
                reached = true;
                for kind in [Kind::State, Kind::Online, Kind::Mirrored] {
                    let _ = client.subscribe(topics.every_board(kind), QoS::AtLeastOnce);
                }
                until = Instant::now() + GATHER;
            }
            LinkEvent::Down(w) | LinkEvent::Refused(w) if !reached => why = w,
            LinkEvent::Message {
                topic,
                payload,
                retained: true,
                ..
            } if !payload.is_empty() => {
                if let Some((board, Kind::State)) = topics.parse(&topic) {
                    if let Ok(state) = serde_json::from_slice::<StateMsg>(&payload) {
                        kept.states.insert(board, state);
                    }
                }
                kept.topics.push(topic);
            }
            _ => {}
        }
    }
    if reached {
        Ok(kept)
    } else {
        Err(why)
    }
}

/// Connects as `board` (its credentials in `folder`) and publishes an empty retained message
/// on each of `own`.
fn clear_as_board(
    config: &StationConfig,
    folder: &Path,
    board: u32,
    own: &[&String],
) -> Result<(), String> {
    let path = folder.join(format!("board-{board}.toml"));
    let credentials = crate::hall::credentials::read(&path).map_err(|e| e.to_string())?;
    let endpoint = mqtt::Endpoint {
        host: config.host.clone(),
        port: config.port,
        tls: config.tls,
        ca: config.ca.clone(),
        client_id: format!(
            "talkclock-{}-close-board-{board}-{}",
            config.event,
            std::process::id()
        ),
        credentials,
        will: None,
    };
    let (client, events) = mqtt::connect(&endpoint).map_err(|e| e.to_string())?;
    let deadline = Instant::now() + ANSWER;
    let mut why = String::from("no reply");
    while let Some(left) = deadline.checked_duration_since(Instant::now()) {
        match events.recv_timeout(left) {
            Ok(LinkEvent::Up) => {
                for topic in own {
                    let _ = client.publish((*topic).clone(), QoS::AtLeastOnce, true, Vec::new());
                }
                // Taken once the broker passed the messages on (the station sees them).
                std::thread::sleep(Duration::from_millis(100));
                let _ = client.disconnect();
                return Ok(());
            }
            Ok(LinkEvent::Down(w) | LinkEvent::Refused(w)) => why = w,
            Ok(_) => {}
            Err(_) => break,
        }
    }
    let _ = client.disconnect();
    Err(format!("could not connect as board-{board}: {why}"))
}

/// Takes the empty messages the station's subscription sees off `left`, until those of `wanted`
/// have all come (or [`ANSWER`] has passed); with nothing wanted, until every one has.
fn wait_cleared<'a>(
    events: &crossbeam_channel::Receiver<LinkEvent>,
    left: &mut BTreeSet<String>,
    wanted: impl Iterator<Item = &'a str>,
) {
    let wanted: Vec<String> = wanted.map(str::to_string).collect();
    let done = |left: &BTreeSet<String>| {
        if wanted.is_empty() {
            left.is_empty()
        } else {
            wanted.iter().all(|t| !left.contains(t))
        }
    };
    let deadline = Instant::now() + ANSWER;
    while !done(left) {
        let Some(rest) = deadline.checked_duration_since(Instant::now()) else {
            return;
        };
        match events.recv_timeout(rest) {
            Ok(LinkEvent::Message { topic, payload, .. }) if payload.is_empty() => {
                left.remove(&topic);
            }
            Ok(_) => {}
            Err(_) => return,
        }
    }
}
