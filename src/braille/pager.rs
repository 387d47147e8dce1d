//! A text longer than the display, page by page, on a player's display: what `talkclock learn`
//! asks, for a player who can neither hear nor see it. Each text is shown from its first page;
//! line down and line up turn the page.

use super::client::{ClientError, Settings};
use super::link::Link;
use super::protocol::{command, Key};
use super::view::pages;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

/// One display showing texts page by page.
pub struct Pager {
    link: Arc<OnceLock<Link>>,
    /// The text shown and its page.
    shown: Arc<Mutex<(String, usize)>>,
}

impl Pager {
    /// Connects as `settings` say (the result says whether a display answered; the link
    /// keeps trying).
    pub fn start(settings: Settings, name: String) -> (Pager, Result<(), ClientError>) {
        let link: Arc<OnceLock<Link>> = Arc::new(OnceLock::new());
        let shown = Arc::new(Mutex::new((String::new(), 0usize)));
        let (weak, state) = (Arc::downgrade(&link), shown.clone());
        let (started, result) = Link::start(settings, name, move |key| {
            let way: isize = match key {
                Key::Command(command::LINE_DOWN) => 1,
                Key::Command(command::LINE_UP) => -1,
                _ => return,
            };
            let Some(link) = weak.upgrade() else { return };
            let (Some(link), Ok(mut state)) = (link.get(), state.lock()) else {
                return;
            };
            let all = pages(&state.0, link.cells());
            state.1 = state.1.saturating_add_signed(way).min(all.len() - 1);
            link.show(all[state.1].clone());
        });
        let _ = link.set(started);
        (Pager { link, shown }, result)
    }

    /// Shows `text` from its first page.
    pub fn show(&self, text: &str) {
        let Some(link) = self.link.get() else { return };
        if let Ok(mut state) = self.shown.lock() {
            *state = (text.to_string(), 0);
        }
        let first = pages(text, link.cells()).swap_remove(0);
        link.show(first);
    }

    /// Waits (at most `limit`) until the page shown last is on the display.
    pub fn flush(&self, limit: Duration) -> bool {
        self.link.get().is_some_and(|link| link.flush(limit))
    }
}
