//! What the dashboard knows of the hall: a row per board (its latest state, when it was last
//! heard from, whether it is silent, its latest warning or flag) and the alerts, newest last.
//! The station's loop changes it; each page gets, as JSON, only what changed since it last
//! looked: every change takes a new revision number, every alert a new sequence number.
//! Pure: instants come in as arguments.

use super::words::{self, Texts};
use crate::clock::{Outcome, Reason, Side};
use crate::hall::payload::Names;
use crate::hall::{AlertMsg, Priority, StateMsg};
use crate::speech::Lang;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, VecDeque};
use std::sync::Arc;
use std::time::Instant;

/// The alerts kept for the pages (the oldest go first).
pub const MAX_ALERTS: usize = 500;

/// What kind of alert.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AlertKind {
    /// A flag fell.
    Flag,
    /// A time warning.
    Warning,
    /// Anything else a board's rules address to the arbiter.
    Other,
    /// The board went silent.
    Silent,
    /// The board is back.
    Back,
    /// A record of the board was kept aside (it does not fit the chain).
    Aside,
}

impl From<Priority> for AlertKind {
    fn from(p: Priority) -> AlertKind {
        match p {
            Priority::Flag => AlertKind::Flag,
            Priority::Warning => AlertKind::Warning,
            Priority::Other => AlertKind::Other,
        }
    }
}

/// One alert in the list.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AlertItem {
    /// Its place in the station's list (from 1).
    pub seq: u64,
    /// What names it for good, also over station restarts: a board's alert by board, game
    /// and number; the station's own by the station's start and its sequence number. Pages
    /// remember acknowledgements by it.
    pub key: String,
    /// The board.
    pub board: u32,
    /// Its kind.
    pub kind: AlertKind,
    /// Wall-clock Unix ms the station received it.
    pub wall_ms: i64,
    /// Its words, by language.
    pub texts: Texts,
}

/// The latest warning or flag of a board's game.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RowAlert {
    /// Its kind (a warning or a flag).
    pub kind: AlertKind,
    /// Its words.
    pub texts: Texts,
    #[serde(skip)]
    game: String,
}

/// What the page shows of a board's state.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Shown {
    /// The game's id.
    pub game: String,
    /// The players' names (none when the board sent none or the defaults).
    pub names: [Option<String>; 2],
    /// `status`'s phase word.
    pub phase: String,
    /// Whose clock runs.
    pub running: Option<Side>,
    /// White's time when the state was taken, ms.
    pub white_ms: i64,
    /// Black's.
    pub black_ms: i64,
    /// Moves made, White's and Black's.
    pub moves: [u32; 2],
    /// The game's phase or result, by language.
    pub game_texts: Texts,
    /// Whether the game has a result.
    pub over: bool,
}

#[derive(Debug, Default, Deserialize)]
struct StatusFields {
    #[serde(default)]
    phase: Option<String>,
    #[serde(default)]
    running: Option<Side>,
    #[serde(default)]
    white_ms: i64,
    #[serde(default)]
    black_ms: i64,
    #[serde(default)]
    moves: Option<MovesFields>,
    #[serde(default)]
    result: Option<ResultFields>,
}

#[derive(Debug, Default, Deserialize)]
struct MovesFields {
    white: u32,
    black: u32,
}

#[derive(Debug, Deserialize)]
struct ResultFields {
    outcome: Outcome,
    reason: Reason,
}

impl Shown {
    /// What a state shows, in `langs`.
    pub fn of(state: &StateMsg, langs: &[Lang]) -> Shown {
        let s: StatusFields = serde_json::from_value(state.status.clone()).unwrap_or_default();
        let phase = s.phase.unwrap_or_else(|| "?".into());
        let game_texts = match &s.result {
            Some(r) => words::texts(langs, |l| words::result(l, r.outcome, r.reason)),
            None => words::texts(langs, |l| words::phase(l, &phase)),
        };
        let name = |given: Option<&String>, default: &str| {
            given
                .filter(|n| !n.trim().is_empty() && *n != default)
                .cloned()
        };
        let names: Option<&Names> = state.names.as_ref();
        Shown {
            game: state.game.clone(),
            names: [
                name(names.map(|n| &n.white), "White"),
                name(names.map(|n| &n.black), "Black"),
            ],
            running: s.running,
            white_ms: s.white_ms,
            black_ms: s.black_ms,
            moves: s.moves.map_or([0, 0], |m| [m.white, m.black]),
            over: s.result.is_some(),
            game_texts,
            phase,
        }
    }
}

/// One board.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// Its number.
    pub board: u32,
    /// The revision of its last change.
    pub rev: u64,
    /// What its latest state shows, and when the station received it.
    pub shown: Option<(Shown, Instant)>,
    /// When it was last heard from.
    pub heard: Option<Instant>,
    /// The broker's word on its connection.
    pub online: Option<bool>,
    /// Not heard from for too long, or its connection lost.
    pub silent: bool,
    /// Its game's latest warning or flag.
    pub alert: Option<RowAlert>,
    /// Its hardware self-test, judged for this round.
    pub selftest: Option<crate::station::selftests::SelfTest>,
}

/// A row as a page receives it: the times as of the state, and how long ago (at sending)
/// the state came and the board was heard from; the page counts on from there.
#[derive(Debug, Serialize)]
pub struct RowView<'a> {
    /// The board.
    pub board: u32,
    /// Its state, if one came.
    pub shown: Option<&'a Shown>,
    /// How old the state is, ms.
    pub state_age_ms: Option<u64>,
    /// How long since the board was heard from, ms.
    pub heard_age_ms: Option<u64>,
    /// The broker's word on its connection.
    pub online: Option<bool>,
    /// Silent.
    pub silent: bool,
    /// Its game's latest warning or flag.
    pub alert: Option<&'a RowAlert>,
    /// Its hardware self-test, judged for this round.
    pub selftest: Option<crate::station::selftests::SelfTest>,
}

impl Row {
    fn new(board: u32) -> Row {
        Row {
            board,
            rev: 0,
            shown: None,
            heard: None,
            online: None,
            silent: false,
            alert: None,
            selftest: None,
        }
    }

    /// The row as of `now`.
    pub fn view(&self, now: Instant) -> RowView<'_> {
        let age = |at: Instant| now.saturating_duration_since(at).as_millis() as u64;
        RowView {
            board: self.board,
            shown: self.shown.as_ref().map(|(s, _)| s),
            state_age_ms: self.shown.as_ref().map(|(_, at)| age(*at)),
            heard_age_ms: self.heard.map(age),
            online: self.online,
            silent: self.silent,
            alert: self.alert.as_ref(),
            selftest: self.selftest,
        }
    }
}

/// The whole hall as the pages see it.
#[derive(Debug, Clone)]
pub struct Hall {
    langs: Vec<Lang>,
    /// Names the station's own alerts (its start, wall-clock ms).
    start: i64,
    rows: BTreeMap<u32, Arc<Row>>,
    alerts: VecDeque<Arc<AlertItem>>,
    rev: u64,
    seq: u64,
    /// The banner of the boards silent now ("No contact with boards 101–200"), by language;
    /// none when every board is heard from.
    banner: Option<Texts>,
    /// The revision of the banner's last change.
    banner_rev: u64,
}

/// The banner as a page receives it when it changed: its words, or none to take it down.
#[derive(Debug, Serialize)]
pub struct BannerView<'a> {
    /// The words, by language.
    pub texts: Option<&'a Texts>,
}

/// What a page has already received: the last revision and alert number.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Cursor {
    /// It has had every row once.
    pub started: bool,
    /// Rows changed after this revision are new to it.
    pub rev: u64,
    /// Alerts after this number are new to it.
    pub seq: u64,
}

/// What is new to a page.
#[derive(Debug, Serialize)]
pub struct Update<'a> {
    /// The rows changed, by board number.
    pub rows: Vec<RowView<'a>>,
    /// The alerts new to it, oldest first.
    pub alerts: Vec<&'a AlertItem>,
    /// The banner, when it changed since the page last looked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub banner: Option<BannerView<'a>>,
}

impl Hall {
    /// A hall whose words are in `langs`, with a row for each of `boards` (the boards the
    /// dashboard lists before they are heard from); `start` names this run of the station.
    pub fn new(langs: Vec<Lang>, boards: &[(u32, u32)], start: i64) -> Hall {
        let mut rows = BTreeMap::new();
        for (a, b) in boards {
            for n in *a..=*b {
                rows.insert(n, Arc::new(Row::new(n)));
            }
        }
        Hall {
            langs,
            start,
            rows,
            alerts: VecDeque::new(),
            rev: 0,
            seq: 0,
            banner: None,
            banner_rev: 0,
        }
    }

    fn row(&mut self, board: u32) -> &mut Row {
        self.rev += 1;
        let rev = self.rev;
        let row = Arc::make_mut(
            self.rows
                .entry(board)
                .or_insert_with(|| Arc::new(Row::new(board))),
        );
        row.rev = rev;
        row
    }

    /// A board's state arrived at `now`; `heard` when it is news, not an old retained one.
    pub fn state(&mut self, state: &StateMsg, now: Instant, heard: bool) {
        let shown = Shown::of(state, &self.langs);
        let row = self.row(state.board);
        if row.alert.as_ref().is_some_and(|a| a.game != state.game) {
            row.alert = None;
        }
        row.shown = Some((shown, now));
        if heard {
            row.heard = Some(now);
        }
    }

    /// The board was heard from at `now` (an alert, its connection up).
    pub fn heard(&mut self, board: u32, now: Instant) {
        self.row(board).heard = Some(now);
    }

    /// The board's hardware self-test, as judged for this round (changed rows only).
    pub fn selftest(&mut self, board: u32, selftest: crate::station::selftests::SelfTest) {
        if self
            .rows
            .get(&board)
            .is_some_and(|r| r.selftest == Some(selftest))
        {
            return;
        }
        self.row(board).selftest = Some(selftest);
    }

    /// The broker says the board's connection is up or lost.
    pub fn online(&mut self, board: u32, online: bool) {
        self.row(board).online = Some(online);
    }

    /// The board went silent or came back (`back`), at station wall-clock `wall_ms`: its row
    /// and the banner at once ([`Hall::connection`]), and an alert ([`Hall::said`]).
    pub fn silent(&mut self, board: u32, back: bool, wall_ms: i64) {
        self.connection(board, back);
        self.said(&[board], back, wall_ms);
    }

    /// The board went silent or came back (`back`): its row and the banner of the boards
    /// silent now.
    pub fn connection(&mut self, board: u32, back: bool) {
        if self.rows.get(&board).is_some_and(|r| r.silent != back) {
            return;
        }
        self.row(board).silent = !back;
        let silent: Vec<u32> = self
            .rows
            .values()
            .filter(|r| r.silent)
            .map(|r| r.board)
            .collect();
        self.banner = (!silent.is_empty())
            .then(|| words::texts(&self.langs, |l| words::boards(l, &silent, false)));
        self.rev += 1;
        self.banner_rev = self.rev;
    }

    /// The arbiter's summary of boards that went silent or came back (`back`), at station
    /// wall-clock `wall_ms`: one alert, in the words the arbiter heard ("Board 5 is silent",
    /// "No contact with boards 101–200").
    pub fn said(&mut self, boards: &[u32], back: bool, wall_ms: i64) {
        let Some(&board) = boards.first() else {
            return;
        };
        self.seq += 1;
        let texts = match boards {
            [one] => words::texts(&self.langs, |l| words::silent(l, *one, back)),
            _ => words::texts(&self.langs, |l| words::boards(l, boards, back)),
        };
        self.push(AlertItem {
            seq: self.seq,
            key: format!("s{}-{}", self.start, self.seq),
            board,
            kind: if back {
                AlertKind::Back
            } else {
                AlertKind::Silent
            },
            wall_ms,
            texts,
        });
    }

    /// A record of a board was kept aside, at station wall-clock `wall_ms`.
    pub fn aside(&mut self, board: u32, wall_ms: i64) {
        self.seq += 1;
        let texts = words::texts(&self.langs, |l| words::aside(l).to_string());
        self.push(AlertItem {
            seq: self.seq,
            key: format!("s{}-{}", self.start, self.seq),
            board,
            kind: AlertKind::Aside,
            wall_ms,
            texts,
        });
    }

    /// A board's alert (new to the station) arrived at station wall-clock `wall_ms`.
    pub fn alert(&mut self, msg: &AlertMsg, wall_ms: i64) {
        let texts = match (&msg.notice, &msg.text) {
            (Some(notice), _) => words::texts(&self.langs, |l| words::notice(l, notice)),
            (None, Some(text)) => {
                let lang = msg.lang.unwrap_or(Lang::Ru);
                Texts::from([(lang.code(), text.clone())])
            }
            (None, None) => return,
        };
        let kind = AlertKind::from(msg.priority);
        if matches!(kind, AlertKind::Flag | AlertKind::Warning) {
            self.row(msg.board).alert = Some(RowAlert {
                kind,
                texts: texts.clone(),
                game: msg.game.clone(),
            });
        }
        self.seq += 1;
        self.push(AlertItem {
            seq: self.seq,
            key: format!("b{}-{}-{}", msg.board, msg.game, msg.id),
            board: msg.board,
            kind,
            wall_ms,
            texts,
        });
    }

    fn push(&mut self, item: AlertItem) {
        self.alerts.push_back(Arc::new(item));
        while self.alerts.len() > MAX_ALERTS {
            self.alerts.pop_front();
        }
    }

    /// What is new to a page at `cursor`, as of `now`; moves the cursor past it.
    pub fn since(&self, cursor: &mut Cursor, now: Instant) -> Update<'_> {
        let rows = self
            .rows
            .values()
            .filter(|r| !cursor.started || r.rev > cursor.rev)
            .map(|r| r.view(now))
            .collect();
        let alerts = self
            .alerts
            .iter()
            .filter(|a| a.seq > cursor.seq)
            .map(|a| a.as_ref())
            .collect();
        let banner = (self.banner_rev > 0 && (!cursor.started || self.banner_rev > cursor.rev))
            .then_some(BannerView {
                texts: self.banner.as_ref(),
            });
        *cursor = Cursor {
            started: true,
            rev: self.rev,
            seq: self.seq,
        };
        Update {
            rows,
            alerts,
            banner,
        }
    }

    /// A board's row.
    pub fn row_of(&self, board: u32) -> Option<&Row> {
        self.rows.get(&board).map(Arc::as_ref)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::speech::Announcement;
    use std::time::Duration;

    fn state(board: u32, game: &str, status: serde_json::Value) -> StateMsg {
        StateMsg {
            board,
            game: game.into(),
            wall_ms: 0,
            records: 1,
            alerts: 0,
            config_digest: String::new(),
            stage: Default::default(),
            status,
            names: Some(Names {
                white: "Иванов".into(),
                black: "Black".into(),
            }),
        }
    }

    fn flag(board: u32, game: &str, id: u64) -> AlertMsg {
        AlertMsg {
            board,
            game: game.into(),
            id,
            wall_ms: 0,
            game_ms: 0,
            priority: Priority::Flag,
            notice: Some(Announcement::Flag { side: Side::White }),
            text: None,
            lang: None,
        }
    }

    #[test]
    fn a_page_gets_every_row_first_and_then_only_what_changed() {
        let t0 = Instant::now();
        let mut hall = Hall::new(vec![Lang::Ru], &[(1, 3)], 7);
        let mut cursor = Cursor::default();
        assert_eq!(
            hall.since(&mut cursor, t0).rows.len(),
            3,
            "every board listed"
        );
        assert!(hall.since(&mut cursor, t0).rows.is_empty());
        hall.state(
            &state(2, "g", serde_json::json!({"phase": "running", "running": "white", "white_ms": 60000, "black_ms": 50000})),
            t0,
            true,
        );
        let update = hall.since(&mut cursor, t0 + Duration::from_millis(1500));
        assert_eq!(update.rows.len(), 1);
        let row = &update.rows[0];
        assert_eq!(row.board, 2);
        assert_eq!(
            row.state_age_ms,
            Some(1500),
            "the page counts on from the state's age"
        );
        let shown = row.shown.unwrap();
        assert_eq!(
            shown.names,
            [Some("Иванов".into()), None],
            "a default name is none"
        );
        assert_eq!(shown.running, Some(Side::White));
        assert_eq!(shown.game_texts["ru"], "идёт");
        assert!(hall.since(&mut cursor, t0).rows.is_empty());
    }

    #[test]
    fn a_boards_own_notice_is_shown_in_each_language_of_the_page() {
        let t0 = Instant::now();
        let mut hall = Hall::new(vec![Lang::Ru, Lang::En], &[], 7);
        let mut cursor = Cursor::default();
        let seal = AlertMsg {
            priority: Priority::Other,
            notice: Some(Announcement::Seal {
                digest: Some("a6eaad7e554d29f1".into()),
            }),
            ..flag(104, "g", 0)
        };
        hall.alert(&seal, 100);
        let update = hall.since(&mut cursor, t0);
        let texts = &update.alerts[0].texts;
        assert_eq!(
            texts["en"],
            "Game over. The journal's seal: A6EA AD7E 554D 29F1."
        );
        assert_eq!(
            texts["ru"],
            "Партия окончена. Печать журнала: A6EA AD7E 554D 29F1."
        );
    }

    #[test]
    fn alerts_arrive_once_each_and_the_flag_marks_its_row_until_a_new_game() {
        let t0 = Instant::now();
        let mut hall = Hall::new(vec![Lang::Ru, Lang::En], &[], 7);
        let mut cursor = Cursor::default();
        hall.alert(&flag(4, "g1", 0), 100);
        hall.silent(5, false, 200);
        let update = hall.since(&mut cursor, t0);
        let keys: Vec<&str> = update.alerts.iter().map(|a| a.key.as_str()).collect();
        assert_eq!(keys, ["b4-g1-0", "s7-2"]);
        assert_eq!(update.alerts[1].texts["ru"], "Доска 5 молчит");
        assert!(update.alerts[0].texts["en"].to_lowercase().contains("flag"));
        let row = hall.row_of(4).unwrap();
        assert_eq!(row.alert.as_ref().map(|a| a.kind), Some(AlertKind::Flag));
        assert!(hall.row_of(5).unwrap().silent);
        assert!(hall.since(&mut cursor, t0).alerts.is_empty());
        hall.state(&state(4, "g1", serde_json::json!({})), t0, true);
        assert!(
            hall.row_of(4).unwrap().alert.is_some(),
            "the same game keeps it"
        );
        hall.state(&state(4, "g2", serde_json::json!({})), t0, true);
        assert!(
            hall.row_of(4).unwrap().alert.is_none(),
            "a new game clears it"
        );
    }

    #[test]
    fn the_banner_names_the_boards_silent_now_and_goes_when_they_are_back() {
        let t0 = Instant::now();
        let mut hall = Hall::new(vec![Lang::En], &[(1, 200)], 7);
        let mut cursor = Cursor::default();
        assert!(hall.since(&mut cursor, t0).banner.is_none());
        for b in 101..=200 {
            hall.connection(b, false);
        }
        hall.said(&(101..=200).collect::<Vec<_>>(), false, 10);
        let update = hall.since(&mut cursor, t0);
        let banner = update.banner.and_then(|b| b.texts).expect("a banner");
        assert_eq!(banner["en"], "No contact with boards 101–200");
        assert_eq!(update.alerts.len(), 1, "one alert for the hundred");
        assert_eq!(
            update.alerts[0].texts["en"],
            "No contact with boards 101–200"
        );
        assert!(hall.since(&mut cursor, t0).banner.is_none(), "sent once");
        hall.connection(150, true);
        let update = hall.since(&mut cursor, t0);
        let banner = update.banner.and_then(|b| b.texts).expect("a banner");
        assert_eq!(banner["en"], "No contact with boards 101–149, 151–200");
        for b in 101..=200 {
            hall.connection(b, true);
        }
        let update = hall.since(&mut cursor, t0);
        assert!(
            update.banner.expect("a change").texts.is_none(),
            "taken down"
        );
    }

    #[test]
    fn a_result_replaces_the_phase_words() {
        let s = state(
            1,
            "g",
            serde_json::json!({"phase": "finished", "result": {"outcome": "black", "reason": "time_forfeit"}}),
        );
        let shown = Shown::of(&s, &[Lang::En]);
        assert!(shown.over);
        assert_eq!(
            shown.game_texts["en"],
            words::result(Lang::En, Outcome::Black, Reason::TimeForfeit)
        );
    }

    #[test]
    fn the_list_keeps_the_newest_alerts() {
        let mut hall = Hall::new(vec![Lang::En], &[], 7);
        for id in 0..(MAX_ALERTS as u64 + 10) {
            hall.alert(&flag(1, "g", id), 0);
        }
        let mut cursor = Cursor::default();
        let update = hall.since(&mut cursor, Instant::now());
        assert_eq!(update.alerts.len(), MAX_ALERTS);
        assert_eq!(update.alerts[0].key, "b1-g-10");
    }

    #[test]
    fn an_old_retained_state_is_shown_but_is_no_sign_of_life() {
        let t0 = Instant::now();
        let mut hall = Hall::new(vec![Lang::En], &[], 7);
        hall.state(&state(1, "g", serde_json::json!({})), t0, false);
        let row = hall.row_of(1).unwrap();
        assert!(row.shown.is_some());
        assert_eq!(row.heard, None);
    }
}
