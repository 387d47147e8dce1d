//! The dashboard's commands on their way to a board: the web thread hands the station's
//! loop a [`WebCommand`]; the loop publishes it on the board's `commands` topic, as
//! `talkclock station ctl` does, under an id of its own, and hands back the board's reply
//! when one with that id arrives, or says there was none within [`ANSWER`].

use crate::control::ArbiterCommand;
use crate::hall::payload::{CommandMsg, ReplyMsg};
use std::collections::HashMap;
use std::time::{Duration, Instant};
use tokio::sync::oneshot;

pub use crate::station::ctl::ANSWER;

/// What became of a command.
#[derive(Debug)]
pub enum Answer {
    /// The board's reply (`{"ok":true,…}` or `{"ok":false,"error":…}`).
    Reply(serde_json::Value),
    /// Sent, but the board did not answer in time.
    NoAnswer,
    /// It could not be sent.
    NotSent(NotSent),
}

/// Why a command could not be sent to its board.
#[derive(Debug, thiserror::Error)]
pub enum NotSent {
    /// The station is not connected to the broker.
    #[error("no connection to the broker")]
    NoBroker,
    /// The command cannot be written as a request.
    #[error("{0}")]
    Command(#[from] crate::control::protocol::RequestError),
    /// The message cannot be written.
    #[error("{0}")]
    Encode(#[from] serde_json::Error),
    /// The MQTT client did not take it (boxed: the client's error is large).
    #[error("{0}")]
    Publish(Box<rumqttc::v5::ClientError>),
}

/// A command from the page to a board.
#[derive(Debug)]
pub struct WebCommand {
    /// The board.
    pub board: u32,
    /// The command, read from the page's request.
    pub command: ArbiterCommand,
    /// Where its answer goes.
    pub answer: oneshot::Sender<Answer>,
}

/// The commands sent and not yet answered.
#[derive(Debug)]
pub struct Relay {
    prefix: String,
    next: u64,
    waiting: HashMap<String, (u32, Instant, oneshot::Sender<Answer>)>,
}

impl Relay {
    /// Ids begin with `prefix` (the station's start), so a restarted station never takes a
    /// late reply to its previous run's command for one of its own.
    pub fn new(prefix: String) -> Relay {
        Relay {
            prefix,
            next: 0,
            waiting: HashMap::new(),
        }
    }

    /// The message to publish for `command` at `now` (its request written as the control
    /// socket reads it); its answer is awaited until `now + answer_within`. `None`, and the
    /// page told why, when the command cannot be written.
    pub fn send(
        &mut self,
        command: WebCommand,
        now: Instant,
        answer_within: Duration,
    ) -> Option<CommandMsg> {
        let request = command
            .command
            .to_json()
            .map_err(NotSent::from)
            .and_then(|json| Ok(serde_json::value::to_raw_value(&json)?));
        let request = match request {
            Ok(request) => request,
            Err(why) => {
                let _ = command.answer.send(Answer::NotSent(why));
                return None;
            }
        };
        self.next += 1;
        let id = format!("web-{}-{}", self.prefix, self.next);
        self.waiting.insert(
            id.clone(),
            (command.board, now + answer_within, command.answer),
        );
        Some(CommandMsg { id, request })
    }

    /// The message with `id` could not be published.
    pub fn failed(&mut self, id: &str, why: NotSent) {
        if let Some((_, _, answer)) = self.waiting.remove(id) {
            let _ = answer.send(Answer::NotSent(why));
        }
    }

    /// A reply on a board's `replies` topic: handed to its command's page, if it is one of
    /// ours and from the board it was sent to.
    pub fn reply(&mut self, board: u32, reply: ReplyMsg) {
        let ours = self
            .waiting
            .get(&reply.id)
            .is_some_and(|(to, _, _)| *to == board && reply.board == board);
        if ours {
            if let Some((_, _, answer)) = self.waiting.remove(&reply.id) {
                let _ = answer.send(Answer::Reply(reply.reply));
            }
        }
    }

    /// Says "no answer" for every command whose time is up at `now`.
    pub fn expire(&mut self, now: Instant) {
        let late: Vec<String> = self
            .waiting
            .iter()
            .filter(|(_, (_, until, _))| *until <= now)
            .map(|(id, _)| id.clone())
            .collect();
        for id in late {
            if let Some((_, _, answer)) = self.waiting.remove(&id) {
                let _ = answer.send(Answer::NoAnswer);
            }
        }
    }

    /// How many commands await an answer.
    pub fn waiting(&self) -> usize {
        self.waiting.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn command(board: u32) -> (WebCommand, oneshot::Receiver<Answer>) {
        let (tx, rx) = oneshot::channel();
        (
            WebCommand {
                board,
                command: ArbiterCommand::Game(crate::clock::Input::Pause),
                answer: tx,
            },
            rx,
        )
    }

    #[test]
    fn the_boards_reply_with_the_commands_id_reaches_its_page() {
        let t0 = Instant::now();
        let mut relay = Relay::new("s1".into());
        let (cmd, mut rx) = command(3);
        let msg = relay.send(cmd, t0, ANSWER).unwrap();
        assert_eq!(msg.request.get(), r#"{"cmd":"pause"}"#);
        let reply = |id: &str, board| ReplyMsg {
            id: id.into(),
            board,
            reply: serde_json::json!({"ok": true}),
        };
        relay.reply(3, reply("web-s0-1", 3));
        relay.reply(4, reply(&msg.id, 4));
        assert!(
            rx.try_recv().is_err(),
            "another id, another board: not ours"
        );
        relay.reply(3, reply(&msg.id, 3));
        assert!(
            matches!(rx.try_recv(), Ok(Answer::Reply(r)) if r == serde_json::json!({"ok": true}))
        );
        assert_eq!(relay.waiting(), 0);
    }

    #[test]
    fn no_reply_in_time_is_no_answer() {
        let t0 = Instant::now();
        let mut relay = Relay::new("s1".into());
        let (cmd, mut rx) = command(3);
        relay.send(cmd, t0, ANSWER);
        relay.expire(t0 + ANSWER - Duration::from_millis(1));
        assert!(rx.try_recv().is_err());
        relay.expire(t0 + ANSWER);
        assert!(matches!(rx.try_recv(), Ok(Answer::NoAnswer)));
    }

    #[test]
    fn a_command_that_cannot_be_published_says_why() {
        let mut relay = Relay::new("s1".into());
        let (cmd, mut rx) = command(1);
        let msg = relay.send(cmd, Instant::now(), ANSWER).unwrap();
        relay.failed(&msg.id, NotSent::NoBroker);
        let answer = rx.try_recv();
        assert!(
            matches!(&answer, Ok(Answer::NotSent(why)) if why.to_string() == "no connection to the broker"),
            "{answer:?}"
        );
    }
}
