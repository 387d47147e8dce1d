//! The programs' web pages: the board display (`[display]`, served by `talkclock run`) and
//! the hall's dashboard (served by `talkclock station`). One HTTP server per program, axum on
//! a single-threaded tokio runtime in a thread of its own: a stuck browser never reaches the
//! clock, which only ever replaces the latest view (a `watch` channel, never blocking).
//!
//! The pages, their scripts and styles are embedded in the binary ([`assets`]); no CDN, no
//! framework, no build step.
//!
//! A page takes only what its [`limits`] give it ([`serve`]): so many connections in all and
//! from one address, sized to leave the rest of the process a reserve of file descriptors,
//! and idle or dribbling connections closed.

pub mod assets;
pub mod board;
pub mod limits;
pub mod serve;
pub mod view;
pub mod words;

use limits::PageLimits;
use std::net::SocketAddr;
use std::sync::{Mutex, PoisonError};
use thiserror::Error;

/// The connections promised to the pages started in this process so far.
static GIVEN: Mutex<u64> = Mutex::new(0);

/// The limits of a new page: the soft limit of open files raised to the hard one first, then
/// the page's connections sized to fit under it beside the reserve and the other pages.
fn page_limits(what: &str) -> PageLimits {
    let soft = limits::raise_open_files().unwrap_or(u64::MAX);
    let open = limits::open_files();
    let mut given = GIVEN.lock().unwrap_or_else(PoisonError::into_inner);
    let page = PageLimits::fitting(soft, open, *given);
    if !page.fit(soft, open, *given) {
        tracing::warn!(
            "the {what} gets {} connections, beyond what the limit of {soft} open files leaves \
             ({open} open, {} reserved): raise LimitNOFILE",
            page.connections,
            limits::RESERVED_FDS
        );
    }
    *given += page.connections as u64;
    tracing::debug!(
        "the {what}: at most {} connections, {} from one address (open files: {open} of {soft})",
        page.connections,
        page.per_client
    );
    page
}

/// Why a page cannot be served.
#[derive(Debug, Error)]
pub enum WebError {
    /// The address cannot be listened on (in use, not this machine's, no permission).
    #[error("cannot serve the {what} on {addr}: {source}")]
    Bind {
        /// Which page.
        what: &'static str,
        /// Where.
        addr: SocketAddr,
        /// Why.
        source: std::io::Error,
    },
    /// The web thread's runtime cannot be built.
    #[error("cannot start the web server for the {what}: {source}")]
    Runtime {
        /// Which page.
        what: &'static str,
        /// Why.
        source: std::io::Error,
    },
}

/// Serves `router` on `listen` from a new thread named `web`, within the page's limits;
/// returns the address it listens on (the port chosen by the system when `listen`'s is 0).
/// Binding happens before this returns, so an address in use is an error at start, not a
/// silent page missing.
pub fn start(
    listen: SocketAddr,
    router: axum::Router,
    what: &'static str,
) -> Result<SocketAddr, WebError> {
    let listener = std::net::TcpListener::bind(listen).map_err(|source| WebError::Bind {
        what,
        addr: listen,
        source,
    })?;
    let bound = listener.local_addr().map_err(|source| WebError::Bind {
        what,
        addr: listen,
        source,
    })?;
    listener
        .set_nonblocking(true)
        .map_err(|source| WebError::Bind {
            what,
            addr: listen,
            source,
        })?;
    let limits = page_limits(what);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .enable_time()
        .build()
        .map_err(|source| WebError::Runtime { what, source })?;
    std::thread::Builder::new()
        .name("web".into())
        .spawn(move || {
            runtime.block_on(async move {
                match tokio::net::TcpListener::from_std(listener) {
                    Ok(listener) => serve::serve(listener, router, limits, what).await,
                    Err(e) => tracing::error!("cannot serve the {what}: {e}"),
                }
            });
        })
        .map_err(|source| WebError::Runtime { what, source })?;
    Ok(bound)
}
