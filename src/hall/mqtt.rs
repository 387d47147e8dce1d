//! One MQTT v5 connection (rumqttc), driven on its own thread: what happens on it comes out of
//! a channel as [`LinkEvent`]s, so that the thread deciding what to publish never waits on the
//! network. A lost connection is tried again every second, for ever.

use super::credentials::Credentials;
use crossbeam_channel::{unbounded, Receiver, Sender};
use rumqttc::v5::mqttbytes::v5::{LastWill, Packet, PubAckReason};
use rumqttc::v5::mqttbytes::QoS;
use rumqttc::v5::{Client, ConnectionError, Event, MqttOptions};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// The largest message taken (a game record holds the whole configuration).
pub const MAX_PACKET: u32 = 1024 * 1024;

/// What happened on the connection.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkEvent {
    /// Connected (again): subscriptions must be made again.
    Up,
    /// The connection was lost, or could not be made: why.
    Down(String),
    /// A message on a subscribed topic.
    Message {
        /// Its topic.
        topic: String,
        /// Its payload.
        payload: Vec<u8>,
        /// The broker sent it from its retained store on subscribing (old news: the board
        /// may be long gone), not as it was published.
        retained: bool,
        /// When it arrived (before it waited in the channel for a busy reader).
        at: Instant,
    },
    /// The broker refused a message (its ACL): why.
    Refused(String),
    /// The broker took a message of ours (a QoS 1 acknowledgement).
    Acked,
}

/// Where and as whom to connect.
#[derive(Debug, Clone)]
pub struct Endpoint {
    /// The broker's host.
    pub host: String,
    /// Its port.
    pub port: u16,
    /// TLS.
    pub tls: bool,
    /// The certificate authority's PEM file (TLS).
    pub ca: Option<PathBuf>,
    /// The client id (one connection per id: the broker drops an older one).
    pub client_id: String,
    /// User and password.
    pub credentials: Credentials,
    /// Published by the broker when the connection is lost: (topic, payload), retained.
    pub will: Option<(String, Vec<u8>)>,
}

/// Why a connection could not be set up.
#[derive(Debug, thiserror::Error)]
pub enum LinkError {
    /// The certificate authority's file could not be read.
    #[error("{path}: cannot read the broker's certificate authority: {source}")]
    Ca {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// TLS without a certificate authority.
    #[error("mqtts:// needs the broker's certificate authority (`ca = \"…\"`)")]
    NoCa,
}

/// Opens the connection: the client to publish and subscribe with, and the events.
pub fn connect(endpoint: &Endpoint) -> Result<(Client, Receiver<LinkEvent>), LinkError> {
    let mut options = MqttOptions::new(&endpoint.client_id, &endpoint.host, endpoint.port);
    options
        .set_keep_alive(Duration::from_secs(5))
        .set_credentials(
            &endpoint.credentials.username,
            &endpoint.credentials.password,
        )
        .set_clean_start(true)
        .set_max_packet_size(Some(MAX_PACKET));
    if let Some((topic, payload)) = &endpoint.will {
        options.set_last_will(LastWill::new(
            topic.clone(),
            payload.clone(),
            QoS::AtLeastOnce,
            true,
            None,
        ));
    }
    if endpoint.tls {
        let path = endpoint.ca.as_ref().ok_or(LinkError::NoCa)?;
        let ca = std::fs::read(path).map_err(|source| LinkError::Ca {
            path: path.display().to_string(),
            source,
        })?;
        options.set_transport(rumqttc::Transport::tls(ca, None, None));
    }
    let (client, mut connection) = Client::new(options, 1024);
    let (tx, rx) = unbounded();
    let name = format!("mqtt {}", endpoint.client_id);
    let spawned = std::thread::Builder::new().name(name).spawn(move || {
        for event in connection.iter() {
            if !pass_on(event, &tx) {
                return;
            }
        }
    });
    if let Err(e) = spawned {
        tracing::warn!("cannot start the hall's network thread: {e}");
    }
    Ok((client, rx))
}

/// Passes one event on; `false` when nobody listens any more.
fn pass_on(event: Result<Event, ConnectionError>, tx: &Sender<LinkEvent>) -> bool {
    let out = match event {
        Ok(Event::Incoming(Packet::ConnAck(_))) => LinkEvent::Up,
        Ok(Event::Incoming(Packet::Publish(p))) => LinkEvent::Message {
            topic: String::from_utf8_lossy(&p.topic).into_owned(),
            payload: p.payload.to_vec(),
            retained: p.retain,
            at: Instant::now(),
        },
        Ok(Event::Incoming(Packet::PubAck(ack)))
            if !matches!(
                ack.reason,
                PubAckReason::Success | PubAckReason::NoMatchingSubscribers
            ) =>
        {
            LinkEvent::Refused(format!("{:?}", ack.reason))
        }
        Ok(Event::Incoming(Packet::PubAck(_))) => LinkEvent::Acked,
        Ok(Event::Incoming(Packet::SubAck(ack))) => {
            let refused: Vec<String> = ack
                .return_codes
                .iter()
                .filter(|c| format!("{c:?}").contains("NotAuthorized"))
                .map(|c| format!("{c:?}"))
                .collect();
            if refused.is_empty() {
                return true;
            }
            LinkEvent::Refused(format!("subscription: {}", refused.join(", ")))
        }
        Ok(_) => return true,
        Err(e) => {
            let why = match &e {
                ConnectionError::ConnectionRefused(code) => {
                    format!("the broker refused the connection: {code:?}")
                }
                other => other.to_string(),
            };
            let alive = tx.send(LinkEvent::Down(why)).is_ok();
            std::thread::sleep(Duration::from_secs(1));
            return alive;
        }
    };
    tx.send(out).is_ok()
}
