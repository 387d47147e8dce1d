//! The board display's server: the page at `/`, its files, the latest view at `/view`, and
//! every new view at `/events` (server-sent events: `view` with the JSON, and a `ping` each
//! [`PING_EVERY`] so that the page knows within seconds when the clock is gone).

use super::assets::{self, types};
use super::view::View;
use super::WebError;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;
use tokio_stream::wrappers::{IntervalStream, WatchStream};
use tokio_stream::{Stream, StreamExt};

/// A page hears from the server at least this often.
pub const PING_EVERY: Duration = Duration::from_secs(1);

/// The daemon's handle on the board display: hands it views, never waiting.
pub struct BoardPage {
    views: watch::Sender<Option<Arc<View>>>,
    addr: SocketAddr,
}

impl BoardPage {
    /// Serves the board display on `listen`.
    pub fn start(listen: SocketAddr) -> Result<BoardPage, WebError> {
        let (views, rx) = watch::channel(None);
        let router = Router::new()
            .route(
                "/",
                get(|| async { assets::file(types::HTML, assets::BOARD_HTML) }),
            )
            .route(
                "/board.js",
                get(|| async { assets::file(types::JS, assets::BOARD_JS) }),
            )
            .route(
                "/digits.js",
                get(|| async { assets::file(types::JS, assets::DIGITS_JS) }),
            )
            .route(
                "/board.css",
                get(|| async { assets::file(types::CSS, assets::BOARD_CSS) }),
            )
            .route("/view", get(latest))
            .route("/events", get(events))
            .with_state(rx);
        let addr = super::start(listen, router, "board display")?;
        Ok(BoardPage { views, addr })
    }

    /// Where the page is served.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Makes `view` the one every page shows (pages connected now get it at once).
    pub fn show(&self, view: View) {
        self.views.send_replace(Some(Arc::new(view)));
    }
}

type Views = watch::Receiver<Option<Arc<View>>>;

async fn latest(axum::extract::State(rx): axum::extract::State<Views>) -> Response {
    let view = rx.borrow().clone();
    let mut response = axum::Json(view.as_deref().cloned()).into_response();
    assets::secure(response.headers_mut());
    response.headers_mut().insert(
        axum::http::header::CACHE_CONTROL,
        axum::http::HeaderValue::from_static("no-store"),
    );
    response
}

async fn events(axum::extract::State(rx): axum::extract::State<Views>) -> impl IntoResponse {
    Sse::new(stream(rx)).keep_alive(KeepAlive::default())
}

/// The events a page receives: the current view at once, then each new one, with pings.
fn stream(rx: Views) -> impl Stream<Item = Result<Event, Infallible>> {
    let views = WatchStream::new(rx).filter_map(|view| {
        let view = view?;
        let json = serde_json::to_string(&*view).ok()?;
        Some(Ok(Event::default().event("view").data(json)))
    });
    // An event without data is not dispatched by the browser (the SSE processing model):
    // a ping carries a word.
    let pings = IntervalStream::new(tokio::time::interval(PING_EVERY))
        .map(|_| Ok(Event::default().event("ping").data("ping")));
    views.merge(pings)
}
