//! The arbiter's request as every transport hands it to the core: a typed [`ArbiterCommand`]
//! and where its typed [`Reply`] goes. The control socket, the hall link and the dashboard
//! read and write text or JSON only at their own edge; in between, nothing is a string.

use super::protocol::ArbiterCommand;
use super::reply::Reply;
use crossbeam_channel::Sender;

/// A command with the way back for its reply.
#[derive(Debug)]
pub struct Request {
    /// The command.
    pub command: ArbiterCommand,
    /// Where the core sends the reply.
    pub reply: ReplyTo,
}

/// A reply to one request, with the tag its sender gave the request (a transport that has many
/// requests in flight takes every reply from one channel and tells them apart by the tag).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TaggedReply {
    /// The request's tag.
    pub tag: u64,
    /// The reply.
    pub reply: Reply,
}

/// Where a request's reply goes: a channel and the request's tag on it.
#[derive(Debug, Clone)]
pub struct ReplyTo {
    to: Sender<TaggedReply>,
    tag: u64,
}

impl ReplyTo {
    /// The reply goes into `to` tagged `tag`.
    pub fn new(to: Sender<TaggedReply>, tag: u64) -> ReplyTo {
        ReplyTo { to, tag }
    }

    /// Sends the reply; false when nobody waits for it any more.
    pub fn send(self, reply: Reply) -> bool {
        self.to
            .send(TaggedReply {
                tag: self.tag,
                reply,
            })
            .is_ok()
    }
}

impl Request {
    /// A request whose reply goes into `to` tagged `tag`.
    pub fn new(command: ArbiterCommand, to: Sender<TaggedReply>, tag: u64) -> Request {
        Request {
            command,
            reply: ReplyTo::new(to, tag),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reply_comes_back_with_its_requests_tag() {
        let (tx, rx) = crossbeam_channel::unbounded();
        let a = Request::new(ArbiterCommand::Status, tx.clone(), 7);
        let b = Request::new(ArbiterCommand::Reload, tx, 8);
        assert!(b.reply.send(Reply::Done));
        assert!(a.reply.send(Reply::error("no")));
        let got: Vec<TaggedReply> = rx.try_iter().collect();
        assert_eq!(
            got,
            [
                TaggedReply {
                    tag: 8,
                    reply: Reply::Done
                },
                TaggedReply {
                    tag: 7,
                    reply: Reply::error("no")
                }
            ]
        );
    }
}
