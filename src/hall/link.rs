//! The board's hall link: a thread that keeps the [`Outbox`] and feeds it to the broker. The
//! core thread only ever sends into a channel ([`HallLink`]), so a dead or slow broker never
//! moves a flag. Commands from the station go to the core through the same channel as the
//! control socket's, typed from the moment their JSON is read, and are answered on the
//! board's `replies` topic from the same loop (no thread per reply).

use super::mqtt::{self, Endpoint, LinkEvent};
use super::outbox::Outbox;
use super::payload::{AlertMsg, CommandMsg, Mirrored, ReplyMsg, StateMsg};
use super::store::Durable;
use super::topics::{Kind, Topics};
use crate::config::hall::HallSettings;
use crate::control::{parse_request, Reply, Request, TaggedReply};
use crossbeam_channel::{select, unbounded, Receiver, Sender};
use rumqttc::v5::mqttbytes::QoS;
use rumqttc::v5::Client;
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// How long the board's core gets to answer a station's command.
const ANSWER_WITHIN: Duration = Duration::from_secs(30);

/// What the daemon hands the link.
#[derive(Debug)]
pub enum ToLink {
    /// An alert for the arbiter (its id is given by the outbox).
    Alert(Box<AlertMsg>),
    /// The board's state now.
    State(Box<StateMsg>),
}

/// The daemon's end of the link.
#[derive(Debug, Clone)]
pub struct HallLink {
    tx: Sender<ToLink>,
    board: u32,
}

impl HallLink {
    /// The board's number.
    pub fn board(&self) -> u32 {
        self.board
    }

    /// Hands an alert or a state over; never waits.
    pub fn send(&self, msg: ToLink) {
        let _ = self.tx.send(msg);
    }
}

/// Why the link could not start.
#[derive(Debug, thiserror::Error)]
pub enum HallError {
    /// The credentials file.
    #[error(transparent)]
    Credentials(#[from] super::credentials::CredentialsError),
    /// The connection's settings.
    #[error(transparent)]
    Link(#[from] mqtt::LinkError),
    /// The thread.
    #[error("cannot start the hall's publisher thread: {0}")]
    Thread(std::io::Error),
}

/// Starts the link. `records` brings the durable journal records (from the
/// [`Publisher`](super::store::Publisher)); `commands` is the core's control
/// channel.
pub fn start(
    settings: &HallSettings,
    records: Receiver<Durable>,
    commands: Sender<Request>,
) -> Result<HallLink, HallError> {
    let credentials = crate::hall::credentials::read(&settings.credentials)?;
    let topics = Topics::new(&settings.event);
    let board = settings.board;
    let endpoint = Endpoint {
        host: settings.host.clone(),
        port: settings.port,
        tls: settings.tls,
        ca: settings.ca.clone(),
        client_id: format!("talkclock-{}-board-{board}", settings.event),
        credentials,
        will: Some((topics.board(board, Kind::Online), b"0".to_vec())),
    };
    let (client, events) = mqtt::connect(&endpoint)?;
    let (tx, from_core) = unbounded();
    let (replies_to, replies) = unbounded();
    let publisher = Publisher {
        outbox: Outbox::new(board, topics.clone()),
        topics,
        board,
        client,
        commands,
        replies_to,
        asked: Asked::default(),
        refusal_told: false,
    };
    std::thread::Builder::new()
        .name("hall publisher".into())
        .spawn(move || publisher.run(&records, &from_core, &events, &replies))
        .map_err(HallError::Thread)?;
    Ok(HallLink { tx, board })
}

/// Messages handed to rumqttc per round: alerts and new records are never stuck behind a long
/// catch-up.
const BATCH: usize = 64;

struct Publisher {
    outbox: Outbox,
    topics: Topics,
    board: u32,
    client: Client,
    commands: Sender<Request>,
    /// Where the core answers the station's commands (every one, tagged).
    replies_to: Sender<TaggedReply>,
    /// The commands the core has not answered yet.
    asked: Asked,
    /// The broker's refusal of the credentials was logged.
    refusal_told: bool,
}

/// The station's commands handed to the core and not answered yet, by tag.
#[derive(Debug, Default)]
struct Asked {
    next: u64,
    /// Tag → (the station's id for it, when it is given up).
    waiting: HashMap<u64, (String, Instant)>,
}

impl Asked {
    /// A tag for the command `id`, answered by `until`.
    fn ask(&mut self, id: String, until: Instant) -> u64 {
        self.next += 1;
        self.waiting.insert(self.next, (id, until));
        self.next
    }

    /// The station's id of the command tagged `tag`, if it is still awaited.
    fn answered(&mut self, tag: u64) -> Option<String> {
        self.waiting.remove(&tag).map(|(id, _)| id)
    }

    /// The ids of the commands given up by `now`.
    fn expired(&mut self, now: Instant) -> Vec<String> {
        let late: Vec<u64> = self
            .waiting
            .iter()
            .filter(|(_, (_, until))| *until <= now)
            .map(|(tag, _)| *tag)
            .collect();
        late.into_iter()
            .filter_map(|tag| self.answered(tag))
            .collect()
    }
}

impl Publisher {
    fn run(
        mut self,
        records: &Receiver<Durable>,
        from_core: &Receiver<ToLink>,
        events: &Receiver<LinkEvent>,
        replies: &Receiver<TaggedReply>,
    ) {
        let mut more = false;
        loop {
            let pause = if more {
                Duration::ZERO
            } else {
                Duration::from_millis(500)
            };
            select! {
                recv(records) -> r => match r {
                    Ok(d) => self.outbox.record(&d.game, d.seq, d.line),
                    Err(_) => return,
                },
                recv(from_core) -> m => match m {
                    Ok(ToLink::Alert(alert)) => {
                        // The records behind it (durable before it was told) come first: it
                        // belongs to their game.
                        for d in records.try_iter() {
                            self.outbox.record(&d.game, d.seq, d.line);
                        }
                        self.outbox.alert(*alert);
                    }
                    Ok(ToLink::State(state)) => {
                        if let Some(p) = self.outbox.state(*state) {
                            self.publish(p);
                        }
                    }
                    Err(_) => return,
                },
                recv(events) -> e => match e {
                    Ok(event) => self.on_event(event),
                    Err(_) => return,
                },
                recv(replies) -> r => {
                    // `self` keeps a sender: the channel never closes while the loop runs.
                    if let Ok(TaggedReply { tag, reply }) = r {
                        if let Some(id) = self.asked.answered(tag) {
                            self.answer(id, &reply);
                        }
                    }
                }
                default(pause) => {}
            }
            for id in self.asked.expired(Instant::now()) {
                self.answer(id, &Reply::error("the board did not answer in 30 s"));
            }
            // Everything already queued is taken in before publishing.
            for d in records.try_iter() {
                self.outbox.record(&d.game, d.seq, d.line);
            }
            let batch = self.outbox.take(BATCH);
            more = batch.len() == BATCH;
            for p in batch {
                self.publish(p);
            }
        }
    }

    fn publish(&self, p: super::outbox::Publish) {
        if let Err(e) = self
            .client
            .publish(p.topic.clone(), QoS::AtLeastOnce, p.retain, p.payload)
        {
            tracing::warn!("hall: cannot publish on {}: {e}", p.topic);
        }
    }

    fn on_event(&mut self, event: LinkEvent) {
        match event {
            LinkEvent::Up => {
                tracing::info!("hall: connected to the broker as board {}", self.board);
                self.refusal_told = false;
                for kind in [Kind::Commands, Kind::Mirrored] {
                    let topic = self.topics.board(self.board, kind);
                    if let Err(e) = self.client.subscribe(topic.clone(), QoS::AtLeastOnce) {
                        tracing::warn!("hall: cannot subscribe to {topic}: {e}");
                    }
                }
                for p in self.outbox.connected() {
                    self.publish(p);
                }
            }
            LinkEvent::Down(why) => {
                if self.outbox.is_connected() {
                    tracing::warn!(
                        "hall: lost the broker ({why}); the clock goes on, the journal keeps \
                         every record for it"
                    );
                } else if why.contains("refused the connection") && !self.refusal_told {
                    // Wrong credentials will not mend by themselves: said once, loudly.
                    tracing::error!(
                        "hall: board {}: {why}: check the [hall] credentials file",
                        self.board
                    );
                    self.refusal_told = true;
                } else {
                    tracing::debug!("hall: no broker ({why})");
                }
                self.outbox.disconnected();
            }
            LinkEvent::Refused(why) => {
                tracing::warn!(
                    "hall: the broker refused a message of board {} ({why}): check the hall's ACL",
                    self.board
                );
            }
            // The journal's records are kept until the station's `mirrored` says it has them.
            LinkEvent::Acked => {}
            LinkEvent::Message { topic, payload, .. } => match self.topics.parse(&topic) {
                Some((board, Kind::Mirrored)) if board == self.board => {
                    match serde_json::from_slice::<Mirrored>(&payload) {
                        Ok(m) => self.outbox.mirrored(&m),
                        Err(e) => tracing::warn!("hall: a bad `mirrored` message: {e}"),
                    }
                }
                Some((board, Kind::Commands)) if board == self.board => self.command(&payload),
                _ => tracing::debug!("hall: ignored a message on {topic}"),
            },
        }
    }

    /// A station's command: read as the control socket reads a request line (the same words
    /// for what is wrong), carried to the core typed, and answered on `replies` when the core
    /// answers (after its records are durable), from this loop.
    fn command(&mut self, payload: &[u8]) {
        let msg = match serde_json::from_slice::<CommandMsg>(payload) {
            Ok(msg) => msg,
            Err(e) => {
                tracing::warn!("hall: a command that is not one: {e}");
                return;
            }
        };
        // The request exactly as the station wrote it: not re-written from a parsed object,
        // which would quietly keep the last of two `cmd`s, say.
        let command = match parse_request(msg.request.get().as_bytes()) {
            Ok(command) => command,
            Err(refused) => {
                self.answer(msg.id, &Reply::error(&refused.to_string()));
                return;
            }
        };
        let tag = self.asked.ask(msg.id, Instant::now() + ANSWER_WITHIN);
        let request = Request::new(command, self.replies_to.clone(), tag);
        if self.commands.send(request).is_err() {
            self.asked.answered(tag);
        }
    }

    /// Publishes the core's reply to the command `id` on `replies` (the one place a reply
    /// becomes JSON on this transport).
    fn answer(&self, id: String, reply: &Reply) {
        let reply = match serde_json::to_value(reply) {
            Ok(reply) => reply,
            Err(e) => {
                tracing::warn!("hall: cannot write the reply to {id}: {e}");
                return;
            }
        };
        let msg = ReplyMsg {
            id,
            board: self.board,
            reply,
        };
        let topic = self.topics.board(self.board, Kind::Replies);
        if let Ok(payload) = serde_json::to_vec(&msg) {
            let _ = self.client.publish(topic, QoS::AtLeastOnce, false, payload);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_is_answered_once_and_one_left_unanswered_is_given_up_in_time() {
        let t0 = Instant::now();
        let mut asked = Asked::default();
        let a = asked.ask("a".into(), t0 + ANSWER_WITHIN);
        let b = asked.ask("b".into(), t0 + ANSWER_WITHIN);
        assert_ne!(a, b, "every command its own tag");
        assert_eq!(asked.answered(b), Some("b".to_string()));
        assert_eq!(asked.answered(b), None, "a reply is published once");
        assert!(asked.expired(t0 + ANSWER_WITHIN / 2).is_empty());
        assert_eq!(asked.expired(t0 + ANSWER_WITHIN), ["a".to_string()]);
        assert_eq!(
            asked.answered(a),
            None,
            "a late reply to a given-up command is dropped"
        );
    }
}
