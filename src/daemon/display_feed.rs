//! What the board display (`[display]`) shows, taken from the core: both clocks as of an
//! instant with how each counts on, and the notices the rules send to each player — a
//! warning, a flag, a pause, a result, on the half of the player who hears it, in his
//! language, never on the half of a player the rules keep it from. Deciding is pure
//! ([`Notices`], [`view_of`]); the web thread serves it.

use super::core::{Core, CoreOutput};
use crate::clock::{Game, Ms, Phase, Side};
use crate::config::display::DisplaySettings;
use crate::config::Config;
use crate::control::reply::PhaseWord;
use crate::hearing::Listener;
use crate::speech::Lang;
use crate::speech::{phrase, Announcement};
use crate::table::TableOutput;
use crate::web::board::BoardPage;
use crate::web::view::{Notice, NoticeKind, SideView, View};
use crate::web::words;
use crate::web::WebError;
use std::time::{Duration, Instant};

/// The view is sent again at least this often, events or not (a page that missed nothing
/// gets the same times it computed).
pub const REFRESH_EVERY: Duration = Duration::from_secs(5);

/// At most this many notices stay on a half (the oldest go first).
pub const KEPT: usize = 3;

/// The notices on each half, as the announcements come.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Notices {
    /// White's half, then Black's: (kind, what it concerns, words).
    shown: [Vec<(NoticeKind, Option<Side>, String)>; 2],
}

impl Notices {
    /// Takes one of the core's outputs: a notice the rules send to a player goes on his half.
    pub fn take(&mut self, output: &CoreOutput, langs: [Lang; 2]) {
        let CoreOutput::Table(TableOutput::Say {
            audience, notice, ..
        }) = output
        else {
            return;
        };
        if let Announcement::Start { .. } = notice {
            self.shown = Default::default();
            return;
        }
        for side in [Side::White, Side::Black] {
            if !audience.reaches(Listener::player(side)) {
                continue;
            }
            let half = &mut self.shown[side.index()];
            let (kind, about) = match notice {
                Announcement::Resume => {
                    half.retain(|(k, _, _)| *k != NoticeKind::Pause);
                    continue;
                }
                Announcement::Warning { side, .. }
                | Announcement::MainTimeWarning { side, .. }
                | Announcement::Overtime { side, .. } => (NoticeKind::Warning, Some(*side)),
                Announcement::Flag { side } => (NoticeKind::Flag, Some(*side)),
                Announcement::Pause => (NoticeKind::Pause, None),
                Announcement::PlayerStop { side } => (NoticeKind::Pause, Some(*side)),
                Announcement::Result { .. } => (NoticeKind::Result, None),
                _ => continue,
            };
            // A new warning about the same side replaces the old one.
            if kind == NoticeKind::Warning {
                half.retain(|(k, a, _)| !(*k == NoticeKind::Warning && *a == about));
            }
            half.push((kind, about, phrase(langs[side.index()], notice).text));
            if half.len() > KEPT {
                half.remove(0);
            }
        }
    }

    /// A side reached a new stage (its control passed): warnings about its time are over.
    pub fn stage_passed(&mut self, side: Side) {
        for half in &mut self.shown {
            half.retain(|(k, a, _)| !(*k == NoticeKind::Warning && *a == Some(side)));
        }
    }

    /// The notices on a side's half, oldest first.
    pub fn on(&self, side: Side) -> Vec<Notice> {
        self.shown[side.index()]
            .iter()
            .map(|(kind, _, text)| Notice {
                kind: *kind,
                text: text.clone(),
            })
            .collect()
    }
}

/// The view of `game` at game time `now`, for a board configured as `config` and shown as
/// `display` says, with `notices` on the halves.
pub fn view_of(
    game: &Game,
    now: Ms,
    config: &Config,
    display: &DisplaySettings,
    notices: &Notices,
    seq: u64,
) -> View {
    let side_view = |side: Side| {
        let player = &config.players[side.index()];
        let lang = player.language;
        let clock = game.side_clock(side);
        let (rate, delay_ms) = match game.phase() {
            Phase::Running(running) if running == side => {
                let spent = now.saturating_sub(game.anchor()).max(0);
                let delay = clock.delay_left.saturating_sub(spent).max(0);
                (if game.control().is_upcount() { 1 } else { -1 }, delay)
            }
            Phase::Running(_) if game.control().hourglass() => (1, 0),
            _ => (0, 0),
        };
        let mut details = vec![words::moves_made(lang, game.moves(side))];
        match (game.overtime(side), game.moves_to_control(side)) {
            (Some(state), _) => details.push(words::overtime(lang, &state)),
            (None, Some(n)) => details.push(words::moves_to_control(lang, n)),
            (None, None) => {}
        }
        if game.control().stages().len() > 1 && game.overtime(side).is_none() {
            details.push(words::stage(lang, game.stage_number(side)));
        }
        let shown = notices.on(side);
        let alert = shown
            .iter()
            .map(|n| n.kind)
            .filter(|k| matches!(k, NoticeKind::Warning | NoticeKind::Flag))
            .max();
        SideView {
            name: player.name.clone(),
            lang,
            ms: game.remaining(side, now),
            rate,
            delay_ms,
            on_move: game.running() == Some(side)
                || matches!(game.phase(), Phase::Paused(s) if s == side),
            on_move_word: words::on_move(lang),
            details,
            alert,
            notices: shown,
        }
    };
    let lang = config.players[0].language;
    View {
        seq,
        white_half: display.white,
        scheme: display.scheme,
        size: display.size,
        lang,
        words: words::page_words(lang),
        phase: PhaseWord::from(game.phase()),
        running: game.running(),
        white: side_view(Side::White),
        black: side_view(Side::Black),
    }
}

/// The daemon's side of the board display.
pub struct DisplayFeed {
    page: BoardPage,
    settings: DisplaySettings,
    notices: Notices,
    /// Each side's stage when last seen.
    stages: [u32; 2],
    seq: u64,
    /// When the view was last sent.
    sent: Option<Instant>,
}

impl DisplayFeed {
    /// Serves the board display as `settings` say.
    pub fn start(settings: &DisplaySettings) -> Result<DisplayFeed, WebError> {
        let page = BoardPage::start(settings.listen)?;
        Ok(DisplayFeed {
            page,
            settings: settings.clone(),
            notices: Notices::default(),
            stages: [1, 1],
            seq: 0,
            sent: None,
        })
    }

    /// Where the page is served.
    pub fn addr(&self) -> std::net::SocketAddr {
        self.page.addr()
    }

    /// Takes the core's `outputs`, drained at `mono`, and sends the view if anything came.
    pub fn outputs(&mut self, core: &mut Core, outputs: &[CoreOutput], mono: Instant) {
        let langs = [
            core.config().players[0].language,
            core.config().players[1].language,
        ];
        for output in outputs {
            self.notices.take(output, langs);
        }
        if !outputs.is_empty() || self.sent.is_none() {
            self.send(core, mono);
        }
    }

    /// Sends the view again when [`REFRESH_EVERY`] has passed.
    pub fn refresh(&mut self, core: &mut Core, mono: Instant) {
        if self
            .sent
            .is_none_or(|at| mono.saturating_duration_since(at) >= REFRESH_EVERY)
        {
            self.send(core, mono);
        }
    }

    fn send(&mut self, core: &mut Core, mono: Instant) {
        let now = core.game_ms(mono);
        let game = core.table().game();
        for side in [Side::White, Side::Black] {
            let stage = game.stage_number(side);
            if stage != self.stages[side.index()] {
                self.stages[side.index()] = stage;
                self.notices.stage_passed(side);
            }
        }
        self.seq += 1;
        let view = view_of(
            game,
            now,
            core.config(),
            &self.settings,
            &self.notices,
            self.seq,
        );
        self.page.show(view);
        self.sent = Some(mono);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::daemon::test_outputs::say;

    const LANGS: [Lang; 2] = [Lang::Ru, Lang::En];

    #[test]
    fn a_flag_told_only_to_the_flagged_player_stays_off_the_opponents_half() {
        let mut notices = Notices::default();
        let flag = Announcement::Flag { side: Side::White };
        notices.take(
            &say(flag.clone(), &[Listener::White, Listener::Arbiter]),
            LANGS,
        );
        assert_eq!(notices.on(Side::White).len(), 1);
        assert_eq!(notices.on(Side::White)[0].kind, NoticeKind::Flag);
        assert!(notices.on(Side::Black).is_empty());
        // Told to both, each reads it in his own language.
        notices.take(&say(flag, &[Listener::White, Listener::Black]), LANGS);
        let black = notices.on(Side::Black);
        assert_eq!(black.len(), 1);
        assert_eq!(
            black[0].text,
            phrase(Lang::En, &Announcement::Flag { side: Side::White }).text
        );
    }

    #[test]
    fn a_new_warning_replaces_the_old_and_the_control_passed_clears_it() {
        let mut notices = Notices::default();
        for remaining_ms in [600_000, 300_000] {
            let warning = Announcement::Warning {
                side: Side::Black,
                remaining_ms,
                sudden_death: false,
            };
            notices.take(&say(warning, &[Listener::Black]), LANGS);
        }
        let shown = notices.on(Side::Black);
        assert_eq!(shown.len(), 1, "{shown:?}");
        assert!(
            shown[0].text.contains("5") || shown[0].text.contains("five"),
            "{shown:?}"
        );
        notices.stage_passed(Side::White);
        assert_eq!(notices.on(Side::Black).len(), 1);
        notices.stage_passed(Side::Black);
        assert!(notices.on(Side::Black).is_empty());
    }

    #[test]
    fn resume_ends_the_pause_and_a_new_game_clears_every_half() {
        let mut notices = Notices::default();
        let both = [Listener::White, Listener::Black];
        notices.take(&say(Announcement::Pause, &both), LANGS);
        assert_eq!(notices.on(Side::White)[0].kind, NoticeKind::Pause);
        notices.take(&say(Announcement::Resume, &both), LANGS);
        assert!(notices.on(Side::White).is_empty());
        notices.take(&say(Announcement::Flag { side: Side::Black }, &both), LANGS);
        notices.take(
            &say(Announcement::Start { side: Side::White }, &both),
            LANGS,
        );
        assert!(notices.on(Side::Black).is_empty() && notices.on(Side::White).is_empty());
        // What only the arbiter hears is no player's notice.
        notices.take(&say(Announcement::Pause, &[Listener::Arbiter]), LANGS);
        assert!(notices.on(Side::White).is_empty() && notices.on(Side::Black).is_empty());
    }

    fn game_of(text: &str) -> (Config, Game) {
        let config = Config::parse(text, "t.toml").unwrap();
        let game = Game::new(config.setup(), 0);
        (config, game)
    }

    fn display() -> DisplaySettings {
        DisplaySettings {
            listen: "127.0.0.1:0".parse().unwrap(),
            scheme: Default::default(),
            size: 100,
            white: Default::default(),
        }
    }

    #[test]
    fn the_running_side_counts_down_after_its_simple_delay_and_an_hourglass_fills_the_other() {
        use crate::clock::Input;
        let delay =
            "[[time_control.stage]]\ntime = \"5:00\"\ndelay = \"0:05\"\ndelay_kind = \"simple\"\n";
        let (config, mut game) = game_of(delay);
        game.handle(0, Input::Start);
        let view = view_of(&game, 2_000, &config, &display(), &Notices::default(), 1);
        assert_eq!(
            (view.white.rate, view.white.delay_ms, view.white.ms),
            (-1, 3_000, 300_000)
        );
        assert_eq!((view.black.rate, view.black.delay_ms), (0, 0));
        assert!(view.white.on_move && !view.black.on_move);
        let hourglass =
            "[time_control]\nhourglass = true\n[[time_control.stage]]\ntime = \"5:00\"\n";
        let (config, mut game) = game_of(hourglass);
        game.handle(0, Input::Start);
        let view = view_of(&game, 2_000, &config, &display(), &Notices::default(), 1);
        assert_eq!((view.white.rate, view.white.ms), (-1, 298_000));
        assert_eq!((view.black.rate, view.black.ms), (1, 302_000));
    }
}
