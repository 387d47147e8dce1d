//! A refreshable Braille display through BRLTTY's BrlAPI: each player with `braille = true`
//! reads his own line (his time, who is on move, the moves to the control, the last message
//! for him; his opponent's time when he asks) and asks for the times with the display's keys.
//! The wire protocol is spoken directly ([`protocol`], [`client`]): no libbrlapi. What the
//! line says is pure ([`view`]), and so is when it is written ([`throttle`]); [`link`] keeps
//! the socket on threads of its own; [`pager`] shows `talkclock learn`'s prompts page by page.

pub mod client;
pub mod link;
pub mod pager;
pub mod protocol;
pub mod throttle;
pub mod view;

pub use client::{ClientError, Settings};
pub use link::Link;
pub use pager::Pager;
pub use protocol::Key;
pub use throttle::Throttle;
pub use view::{line, LineFacts, OnMove};
