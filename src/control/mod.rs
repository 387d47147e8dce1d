//! The arbiter's control interface: a Unix socket speaking JSON lines, and its client.

pub mod client;
pub mod protocol;
pub mod reply;
pub mod request;
pub mod server;
pub mod trust;

pub use protocol::{parse_request, ArbiterCommand, MAX_REQUEST};
pub use reply::Reply;
pub use request::{ReplyTo, Request, TaggedReply};
