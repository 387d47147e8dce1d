//! The programs' web pages: the board display (`[display]`, served by `talkclock run`) and
//! the hall's dashboard (served by `talkclock station`). One HTTP server per program, axum on
//! a single-threaded tokio runtime in a thread of its own: a stuck browser never reaches the
//! clock, which only ever replaces the latest view (a `watch` channel, never blocking).
//!
//! The pages, their scripts and styles are embedded in the binary ([`assets`]); no CDN, no
//! framework, no build step.

pub mod assets;
pub mod board;
pub mod view;
pub mod words;

use std::net::SocketAddr;
use thiserror::Error;

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

/// Serves `router` on `listen` from a new thread named `web`; returns the address it listens
/// on (the port chosen by the system when `listen`'s is 0). Binding happens before this
/// returns, so an address in use is an error at start, not a silent page missing.
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
                    Ok(listener) => {
                        if let Err(e) = axum::serve(listener, router).await {
                            tracing::error!("the {what} stopped serving: {e}");
                        }
                    }
                    Err(e) => tracing::error!("cannot serve the {what}: {e}"),
                }
            });
        })
        .map_err(|source| WebError::Runtime { what, source })?;
    Ok(bound)
}
