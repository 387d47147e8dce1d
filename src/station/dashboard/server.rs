//! The dashboard's HTTP side, run by `crate::web::start` on the web thread:
//!
//! | route | what |
//! |---|---|
//! | `GET /`, `/dashboard.js`, `/dashboard.css` | the page, embedded |
//! | `GET /events` | server-sent events: `hello` (words, languages), `update` (rows and alerts new to this page), `ping` |
//! | `GET /session` | whether this browser is logged in, and its CSRF token |
//! | `POST /login` | a form with `password`: a session cookie, then `303` to `/`; `401` on a wrong password; `429` while the address is locked out; `503` when the checks' queue is full |
//! | `POST /logout` | ends the session |
//! | `POST /command` | `{"board":N,"request":{…}}`: the board's reply |
//!
//! Every POST passes [`guard::same_origin`] first (`403`); a command or logout then needs a
//! live session (`401`) and its CSRF token (`403`). A password is checked off the web thread
//! (`spawn_blocking`), one login at a time, through [`checks`](super::checks) and
//! [`throttle`](super::throttle); a wrong one is logged with the client's address.

use super::checks::Checks;
use super::guard;
use super::model::{Cursor, Hall};
use super::password::PasswordHash;
use super::relay::{Answer, WebCommand, ANSWER};
use super::session::{self, Sessions};
use super::throttle::{Gate, Throttle};
use crate::web::assets::{self, types};
use axum::body::Body;
use axum::extract::{ConnectInfo, DefaultBodyLimit, FromRequest, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Form, Json, Router};
use serde::Deserialize;
use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};
use tokio::sync::{oneshot, watch};
use tokio_stream::wrappers::{IntervalStream, WatchStream};
use tokio_stream::{Stream, StreamExt};

/// A page hears from the server at least this often.
pub const PING_EVERY: Duration = Duration::from_secs(1);

/// The largest request body taken (a login form, a command).
pub const MAX_BODY: usize = 16 * 1024;

/// The page.
pub const HTML: &str = include_str!("../../web/assets/dashboard.html");
/// Its script.
pub const JS: &str = include_str!("../../web/assets/dashboard.js");
/// Its style.
pub const CSS: &str = include_str!("../../web/assets/dashboard.css");

/// What every request handler shares.
#[derive(Clone)]
pub struct App {
    /// The hall, as the station's loop last left it.
    pub hall: watch::Receiver<Arc<Hall>>,
    /// The `hello` event's JSON.
    pub hello: Arc<str>,
    /// The arbiters' password, if one is set.
    pub password: Option<Arc<PasswordHash>>,
    /// The logged-in sessions.
    pub sessions: Arc<Mutex<Sessions>>,
    /// The password checks, one at a time.
    pub checks: Checks,
    /// The failed logins of each client address.
    pub throttle: Arc<Mutex<Throttle>>,
    /// Commands to the station's loop.
    pub commands: crossbeam_channel::Sender<WebCommand>,
}

/// The dashboard's routes.
pub fn router(app: App) -> Router {
    Router::new()
        .route("/", get(|| async { assets::file(types::HTML, HTML) }))
        .route(
            "/dashboard.js",
            get(|| async { assets::file(types::JS, JS) }),
        )
        .route(
            "/dashboard.css",
            get(|| async { assets::file(types::CSS, CSS) }),
        )
        .route("/events", get(events))
        .route("/session", get(session_info))
        .route("/login", post(login))
        .route("/logout", post(logout))
        .route("/command", post(command))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(axum::middleware::map_response(secure))
        .with_state(app)
}

/// Every response: the security headers, and never cached.
async fn secure(mut response: Response) -> Response {
    let headers = response.headers_mut();
    assets::secure(headers);
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// A JSON refusal: `{"ok":false,"error":…}`.
fn refuse(status: StatusCode, error: &str) -> Response {
    (
        status,
        Json(serde_json::json!({ "ok": false, "error": error })),
    )
        .into_response()
}

async fn events(State(app): State<App>) -> impl IntoResponse {
    Sse::new(stream(app)).keep_alive(KeepAlive::default())
}

/// A page's events: `hello`, then at once every row and alert, then what changes, with pings.
fn stream(app: App) -> impl Stream<Item = Result<Event, Infallible>> {
    let hello = Event::default().event("hello").data(app.hello.as_ref());
    let mut cursor = Cursor::default();
    let updates = WatchStream::new(app.hall.clone()).filter_map(move |hall| {
        let first = !cursor.started;
        let update = hall.since(&mut cursor, Instant::now());
        if !first && update.rows.is_empty() && update.alerts.is_empty() {
            return None;
        }
        let json = serde_json::to_string(&update).ok()?;
        Some(Ok(Event::default().event("update").data(json)))
    });
    // An event without data is never dispatched to the page's listener: a ping carries a word.
    let pings = IntervalStream::new(tokio::time::interval(PING_EVERY))
        .map(|_| Ok(Event::default().event("ping").data("ping")));
    tokio_stream::once(Ok(hello)).chain(updates).merge(pings)
}

/// The live session named by the request's cookie: (cookie, CSRF token, time left).
fn session_of(app: &App, headers: &HeaderMap) -> Option<(String, String, Duration)> {
    let cookies = headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok());
    let cookie = session::cookie_of(cookies)?.to_string();
    let sessions = app.sessions.lock().unwrap_or_else(PoisonError::into_inner);
    let (csrf, left) = sessions.get(&cookie, Instant::now())?;
    Some((cookie, csrf, left))
}

async fn session_info(State(app): State<App>, headers: HeaderMap) -> Response {
    let live = session_of(&app, &headers);
    Json(serde_json::json!({
        "login": app.password.is_some(),
        "logged_in": live.is_some(),
        "csrf": live.as_ref().map(|(_, csrf, _)| csrf),
        "expires_in_ms": live.as_ref().map(|(_, _, left)| left.as_millis() as u64),
    }))
    .into_response()
}

#[derive(Deserialize)]
struct LoginForm {
    password: String,
}

/// A login refused for a while: `status`, the reason, and when to try again.
fn refuse_for(status: StatusCode, error: &str, retry: Duration) -> Response {
    let seconds = retry.as_secs_f64().ceil().max(1.0) as u64;
    let mut response = (
        status,
        Json(serde_json::json!({ "ok": false, "error": error, "retry_after_s": seconds })),
    )
        .into_response();
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
    response
}

/// An address's login being checked; see [`Throttle::gate`].
struct Checking {
    throttle: Arc<Mutex<Throttle>>,
    ip: std::net::IpAddr,
    done: bool,
}

impl Checking {
    /// The password was `right` or not: the address's failures in a row, and its lockout.
    fn finish(mut self, right: bool) -> (u32, Option<Duration>) {
        self.done = true;
        self.throttle
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .checked(self.ip, Some(right), Instant::now())
    }
}

impl Drop for Checking {
    fn drop(&mut self) {
        if !self.done {
            self.throttle
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .checked(self.ip, None, Instant::now());
        }
    }
}

/// How long a login refused for a full queue should wait before it tries again.
const BUSY_RETRY: Duration = Duration::from_secs(2);

async fn login(
    State(app): State<App>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    request: Request,
) -> Response {
    if let Err(e) = guard::same_origin(request.headers()) {
        return refuse(StatusCode::FORBIDDEN, &e.to_string());
    }
    let Some(hash) = app.password.clone() else {
        return refuse(
            StatusCode::FORBIDDEN,
            "no arbiters' password is set: the page is read-only",
        );
    };
    let form = tokio::time::timeout(
        crate::web::limits::BODY_TIMEOUT,
        Form::<LoginForm>::from_request(request, &()),
    );
    let Form(form) = match form.await {
        Ok(Ok(form)) => form,
        Ok(Err(rejection)) => return rejection.into_response(),
        Err(_) => return refuse(StatusCode::REQUEST_TIMEOUT, "the form came too slowly"),
    };
    let ip = peer.ip();
    let gate = app
        .throttle
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .gate(ip, Instant::now());
    let suspect = match gate {
        Gate::Check { suspect } => suspect,
        Gate::LockedOut(left) => {
            return refuse_for(
                StatusCode::TOO_MANY_REQUESTS,
                "too many wrong passwords from this address: try again later",
                left,
            )
        }
        Gate::Busy => {
            return refuse_for(
                StatusCode::SERVICE_UNAVAILABLE,
                "a login from this address is being checked already",
                BUSY_RETRY,
            )
        }
    };
    // From here the address is marked busy until `checking` says how it went (or is dropped,
    // when the client gives up: the address is then free again).
    let checking = Checking {
        throttle: app.throttle.clone(),
        ip,
        done: false,
    };
    let turn = match app.checks.turn(suspect).await {
        Ok(turn) => turn,
        Err(full) => {
            drop(checking);
            tracing::warn!("dashboard: a login from {ip} refused: {full}");
            return refuse_for(
                StatusCode::SERVICE_UNAVAILABLE,
                &full.to_string(),
                BUSY_RETRY,
            );
        }
    };
    let checked = tokio::task::spawn_blocking(move || {
        let _one_at_a_time = turn;
        hash.verify(&form.password)
    })
    .await;
    let right = checked.ok() == Some(true);
    let (failures, lockout) = checking.finish(right);
    if !right {
        match lockout {
            Some(l) => tracing::warn!(
                "dashboard: a wrong password from {ip} ({failures} in a row): locked out for {} s",
                l.as_secs()
            ),
            None => tracing::warn!("dashboard: a wrong password from {ip} ({failures} in a row)"),
        }
        return refuse(StatusCode::UNAUTHORIZED, "wrong password");
    }
    tracing::info!("dashboard: an arbiter logged in from {ip}");
    let fresh = app
        .sessions
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .login(Instant::now());
    match fresh {
        Ok(fresh) => {
            let cookie = session::set_cookie(&fresh.cookie);
            let mut response = Response::new(Body::empty());
            *response.status_mut() = StatusCode::SEE_OTHER;
            let headers = response.headers_mut();
            headers.insert(header::LOCATION, HeaderValue::from_static("/"));
            if let Ok(value) = HeaderValue::from_str(&cookie) {
                headers.insert(header::SET_COOKIE, value);
            }
            response
        }
        Err(e) => refuse(StatusCode::INTERNAL_SERVER_ERROR, &e.to_string()),
    }
}

/// The checks of a request that acts for a logged-in arbiter: its origin (403), its session
/// (401), its CSRF token (403). Returns the session's cookie, or the refusal's status and
/// reason.
fn authorised(app: &App, headers: &HeaderMap) -> Result<String, (StatusCode, String)> {
    let forbidden = |e: guard::Forbidden| (StatusCode::FORBIDDEN, e.to_string());
    guard::same_origin(headers).map_err(forbidden)?;
    let (cookie, csrf, _) = session_of(app, headers)
        .ok_or_else(|| (StatusCode::UNAUTHORIZED, "log in first".to_string()))?;
    guard::csrf(headers, &csrf).map_err(forbidden)?;
    Ok(cookie)
}

async fn logout(State(app): State<App>, headers: HeaderMap) -> Response {
    let cookie = match authorised(&app, &headers) {
        Ok(cookie) => cookie,
        Err((status, why)) => return refuse(status, &why),
    };
    app.sessions
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .logout(&cookie);
    let mut response = StatusCode::NO_CONTENT.into_response();
    if let Ok(value) = HeaderValue::from_str(&session::clear_cookie()) {
        response.headers_mut().insert(header::SET_COOKIE, value);
    }
    response
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CommandBody {
    board: u32,
    /// Read as the page wrote it, as a control socket line is.
    request: Box<serde_json::value::RawValue>,
}

async fn command(State(app): State<App>, request: Request) -> Response {
    if let Err((status, why)) = authorised(&app, request.headers()) {
        return refuse(status, &why);
    }
    let body = tokio::time::timeout(
        crate::web::limits::BODY_TIMEOUT,
        Json::<CommandBody>::from_request(request, &()),
    );
    let Json(body) = match body.await {
        Ok(Ok(body)) => body,
        Ok(Err(rejection)) => return refuse(rejection.status(), &rejection.body_text()),
        Err(_) => return refuse(StatusCode::REQUEST_TIMEOUT, "the command came too slowly"),
    };
    let max = crate::config::hall::MAX_BOARD;
    if !(1..=max).contains(&body.board) {
        return refuse(
            StatusCode::BAD_REQUEST,
            &format!("board {}: boards are 1–{max}", body.board),
        );
    }
    let command = match crate::control::parse_request(body.request.get().as_bytes()) {
        Ok(command) => command,
        Err(e) => return refuse(StatusCode::BAD_REQUEST, &e.to_string()),
    };
    let (answer, answered) = oneshot::channel();
    let sent = app.commands.send(WebCommand {
        board: body.board,
        command,
        answer,
    });
    if sent.is_err() {
        return refuse(StatusCode::SERVICE_UNAVAILABLE, "the station is stopping");
    }
    let board = body.board;
    match tokio::time::timeout(ANSWER + Duration::from_secs(2), answered).await {
        Ok(Ok(Answer::Reply(reply))) => Json(reply).into_response(),
        Ok(Ok(Answer::NotSent(why))) => refuse(
            StatusCode::SERVICE_UNAVAILABLE,
            &format!("not sent to board {board}: {why}"),
        ),
        Ok(Ok(Answer::NoAnswer)) | Ok(Err(_)) | Err(_) => refuse(
            StatusCode::GATEWAY_TIMEOUT,
            &format!(
                "board {board} did not answer in {} s (is it connected?)",
                ANSWER.as_secs()
            ),
        ),
    }
}
