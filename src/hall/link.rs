//! The board's hall link: a thread that keeps the [`Outbox`] and feeds it to the broker. The
//! core thread only ever sends into a channel ([`HallLink`]), so a dead or slow broker never
//! moves a flag. Commands from the station go to the core through the same channel as the
//! control socket's, and are answered on the board's `replies` topic.

use super::mqtt::{self, Endpoint, LinkEvent};
use super::outbox::Outbox;
use super::payload::{AlertMsg, CommandMsg, Mirrored, ReplyMsg, StateMsg};
use super::store::Durable;
use super::topics::{Kind, Topics};
use crate::config::hall::HallSettings;
use crate::control::protocol::{error_reply, parse_request};
use crate::control::server::ControlRequest;
use crossbeam_channel::{select, unbounded, Receiver, Sender};
use rumqttc::v5::mqttbytes::QoS;
use rumqttc::v5::Client;
use std::time::Duration;

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
    commands: Sender<ControlRequest>,
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
    let publisher = Publisher {
        outbox: Outbox::new(board, topics.clone()),
        topics,
        board,
        client,
        commands,
        refusal_told: false,
    };
    std::thread::Builder::new()
        .name("hall publisher".into())
        .spawn(move || publisher.run(&records, &from_core, &events))
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
    commands: Sender<ControlRequest>,
    /// The broker's refusal of the credentials was logged.
    refusal_told: bool,
}

impl Publisher {
    fn run(
        mut self,
        records: &Receiver<Durable>,
        from_core: &Receiver<ToLink>,
        events: &Receiver<LinkEvent>,
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
                    Ok((game, seq, line)) => self.outbox.record(&game, seq, line),
                    Err(_) => return,
                },
                recv(from_core) -> m => match m {
                    Ok(ToLink::Alert(alert)) => {
                        // The records behind it (durable before it was told) come first: it
                        // belongs to their game.
                        for (game, seq, line) in records.try_iter() {
                            self.outbox.record(&game, seq, line);
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
                default(pause) => {}
            }
            // Everything already queued is taken in before publishing.
            for (game, seq, line) in records.try_iter() {
                self.outbox.record(&game, seq, line);
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
            LinkEvent::Message { topic, payload } => match self.topics.parse(&topic) {
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

    /// A station's command: carried to the core as a control socket request is, answered on
    /// `replies` when the core answers (after its records are durable).
    fn command(&self, payload: &[u8]) {
        let reply_topic = self.topics.board(self.board, Kind::Replies);
        let msg = match serde_json::from_slice::<CommandMsg>(payload) {
            Ok(msg) => msg,
            Err(e) => {
                tracing::warn!("hall: a command that is not one: {e}");
                return;
            }
        };
        let board = self.board;
        let answer = move |client: &Client, id: String, line: &str| {
            let reply = serde_json::from_str(line)
                .unwrap_or_else(|_| serde_json::Value::String(line.to_string()));
            let msg = ReplyMsg { id, board, reply };
            if let Ok(payload) = serde_json::to_vec(&msg) {
                let _ = client.publish(reply_topic.clone(), QoS::AtLeastOnce, false, payload);
            }
        };
        let line = msg.request.to_string();
        let command = match parse_request(line.as_bytes()) {
            Ok(command) => command,
            Err(e) => {
                answer(&self.client, msg.id, &error_reply(&e.to_string()));
                return;
            }
        };
        let (reply_tx, reply_rx) = unbounded();
        if self
            .commands
            .send(ControlRequest {
                command,
                reply: reply_tx,
            })
            .is_err()
        {
            return;
        }
        let client = self.client.clone();
        let _ = std::thread::Builder::new()
            .name("hall reply".into())
            .spawn(move || {
                let line = reply_rx
                    .recv_timeout(Duration::from_secs(30))
                    .unwrap_or_else(|_| error_reply("the board did not answer in 30 s"));
                answer(&client, msg.id, &line);
            });
    }
}
