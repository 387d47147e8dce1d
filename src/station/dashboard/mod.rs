//! The arbiters' hall dashboard (`[dashboard]` in `station.toml`): a page served by
//! `talkclock station` with every board in a table (names, both times, who is on move, the
//! game's phase or result, the latest warning or flag, silent boards, when each was last
//! heard from) and the alerts, newest first, pushed by server-sent events. Commands to a board
//! (pause, adjust, rulings) go through the hall's `commands` topic as `station ctl`'s do,
//! only after a login with the arbiters' password, and only with the session's CSRF token.
//!
//! - [`settings`], the section; [`password`], its hash; [`session`] and [`guard`], logins,
//!   cookies, the origin and CSRF checks (pure); [`throttle`], failed logins per address
//!   (pure); [`checks`], the queue of password checks;
//! - [`model`], the hall as the pages see it (pure); [`words`], the page's words (ru/en);
//! - [`relay`], commands waiting for their board's reply; [`server`], the routes;
//! - [`Dashboard`], the station loop's handle.

pub mod checks;
pub mod guard;
pub mod model;
pub mod password;
pub mod relay;
pub mod server;
pub mod session;
pub mod settings;
pub mod throttle;
pub mod words;

use crate::speech::Lang;
use crate::web::WebError;
use model::Hall;
use relay::{Relay, WebCommand};
use settings::DashboardSettings;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use tokio::sync::watch;

/// The station loop's handle on the dashboard: it changes the hall the pages see (never
/// waiting for them) and takes the pages' commands.
pub struct Dashboard {
    hall: watch::Sender<Arc<Hall>>,
    commands: crossbeam_channel::Receiver<WebCommand>,
    /// The commands sent and not yet answered.
    pub relay: Relay,
    addr: SocketAddr,
    takes_commands: bool,
}

impl Dashboard {
    /// Serves the dashboard of `event` on `settings.listen`, in `langs` (the arbiters'
    /// languages, the first the page's default); `start` (wall-clock ms) names this run.
    pub fn start(
        settings: &DashboardSettings,
        event: &str,
        langs: Vec<Lang>,
        start: i64,
    ) -> Result<Dashboard, WebError> {
        let words: serde_json::Map<String, serde_json::Value> = langs
            .iter()
            .map(|l| {
                (
                    l.code().to_string(),
                    serde_json::to_value(words::page_words(*l)).unwrap_or_default(),
                )
            })
            .collect();
        let hello = serde_json::json!({
            "event": event,
            "langs": langs.iter().map(|l| l.code()).collect::<Vec<_>>(),
            "words": words,
            "login": settings.password.is_some(),
        })
        .to_string();
        let hall = Hall::new(langs, &settings.boards, start);
        let (tx, rx) = watch::channel(Arc::new(hall));
        let (commands_tx, commands) = crossbeam_channel::unbounded();
        let app = server::App {
            hall: rx,
            hello: hello.into(),
            password: settings.password.clone().map(Arc::new),
            sessions: Arc::new(Mutex::new(session::Sessions::default())),
            checks: checks::Checks::default(),
            throttle: Arc::new(Mutex::new(throttle::Throttle::default())),
            commands: commands_tx,
        };
        let addr = crate::web::start(settings.listen, server::router(app), "hall dashboard")?;
        Ok(Dashboard {
            hall: tx,
            commands,
            relay: Relay::new(start.to_string()),
            addr,
            takes_commands: settings.password.is_some(),
        })
    }

    /// Where the page is served.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Whether commands can come (a password is set).
    pub fn takes_commands(&self) -> bool {
        self.takes_commands
    }

    /// The pages' commands.
    pub fn commands(&self) -> &crossbeam_channel::Receiver<WebCommand> {
        &self.commands
    }

    /// Changes the hall every page sees.
    pub fn update(&self, change: impl FnOnce(&mut Hall)) {
        self.hall.send_modify(|hall| change(Arc::make_mut(hall)));
    }
}
