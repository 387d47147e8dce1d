//! `talkclock station`: the station's loop. One thread decides (this one); the MQTT
//! connection runs on its own thread ([`crate::hall::mqtt`]); each arbiter's announcer plays
//! on its audio thread.

use super::aside::Aside;
use super::config::StationConfig;
use super::dashboard::relay::{NotSent, WebCommand, ANSWER};
use super::dashboard::Dashboard;
use super::mirror::{Mirror, Took};
use super::misfits::Misfits;
use super::queue::AlertQueue;
use super::summary::{Summaries, Summary};
use super::watch::{forgotten, Change, Watch};
use crate::announce::{AnnounceError, Announcer, AnnouncerOptions};
use crate::hall::mqtt::{self, LinkEvent};
use crate::hall::payload::ReplyMsg;
use crate::hall::topics::Kind;
use crate::hall::{AlertMsg, Mirrored, Priority, RecordMsg, StateMsg, Topics};
use crate::hearing::{Audience, Listener};
use crate::speech::Announcement;
use crossbeam_channel::{select, unbounded, Receiver};
use rumqttc::v5::mqttbytes::QoS;
use rumqttc::v5::Client;
use serde::Serialize;
use std::collections::HashMap;
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// How `talkclock station` was asked to run.
#[derive(Debug, Clone)]
pub struct StationOptions {
    /// `station.toml`.
    pub config: PathBuf,
    /// Write what is said as JSON lines here.
    pub transcript: Option<PathBuf>,
    /// Print what is said as text lines.
    pub text: bool,
    /// Open no audio device.
    pub no_audio: bool,
    /// The voice packs' folder.
    pub voices: Option<PathBuf>,
}

/// Why a board's message is not taken (logged with the board and the topic).
#[derive(Debug, thiserror::Error)]
enum MessageError {
    /// Not the payload the topic carries.
    #[error("{0}")]
    NotJson(#[from] serde_json::Error),
    /// A payload that names another board than its topic: (what it is, the board it names).
    #[error("{0} of board {1} on its topic")]
    OtherBoard(&'static str, u32),
    /// The mirror cannot keep it.
    #[error("{0}")]
    Mirror(#[from] std::io::Error),
}

/// Why the station cannot run.
#[derive(Debug, thiserror::Error)]
pub enum StationError {
    /// Its configuration.
    #[error(transparent)]
    Config(#[from] super::config::StationConfigError),
    /// Its credentials.
    #[error(transparent)]
    Credentials(#[from] crate::hall::credentials::CredentialsError),
    /// The connection's settings.
    #[error(transparent)]
    Link(#[from] mqtt::LinkError),
    /// An arbiter's speech.
    #[error(transparent)]
    Speech(#[from] AnnounceError),
    /// The mirror or the transcript.
    #[error("{what}: {source}")]
    Io {
        /// Which file or folder.
        what: String,
        /// Why.
        source: std::io::Error,
    },
    /// Signals cannot be caught.
    #[error("cannot catch signals: {0}")]
    Signals(std::io::Error),
    /// The dashboard cannot be served.
    #[error(transparent)]
    Web(#[from] crate::web::WebError),
}

impl StationError {
    /// The process's exit code: 2 for a configuration problem, 1 otherwise.
    pub fn exit_code(&self) -> u8 {
        match self {
            StationError::Config(_) | StationError::Credentials(_) | StationError::Link(_) => 2,
            _ => 1,
        }
    }
}

/// What the station says.
#[derive(Debug, Clone)]
struct Said {
    board: u32,
    kind: &'static str,
    priority: Priority,
    game: Option<String>,
    alert: Option<u64>,
    late_ms: Option<i64>,
    /// Wall-clock Unix milliseconds the alert reached this loop from the broker.
    received_ms: Option<i64>,
    /// A summary's boards, when it names more than `board`.
    boards: Option<Vec<u32>>,
    words: Words,
}

#[derive(Debug, Clone)]
enum Words {
    Notice(Announcement),
    /// The board's words, in its arbiter's language, with "Доска N:" before them.
    Text(String),
    /// The station's own: a record of the board was kept aside (it does not fit the chain).
    Aside,
}

/// A line of the station's transcript.
#[derive(Serialize)]
struct Line<'a> {
    wall_ms: i64,
    event: &'a str,
    arbiter: &'a str,
    board: u32,
    /// A summary's boards ("silent" or "back" of several boards at once; `board` is the first).
    #[serde(skip_serializing_if = "Option::is_none")]
    boards: Option<&'a [u32]>,
    priority: Priority,
    #[serde(skip_serializing_if = "Option::is_none")]
    game: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    alert: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    late_ms: Option<i64>,
    /// When an alert reached the station's loop (wall-clock Unix ms); `wall_ms` is when it
    /// was handed to the audio, so the difference is its wait in the arbiter's queue.
    #[serde(skip_serializing_if = "Option::is_none")]
    received_ms: Option<i64>,
    lang: &'a str,
    text: &'a str,
}

/// A pause between two alerts, so that they are heard as two.
const BETWEEN: Duration = Duration::from_millis(400);
/// The mirror's progress is told to a board at most this often (unless it must send again).
const PROGRESS_EVERY: Duration = Duration::from_secs(1);

struct Station {
    config: StationConfig,
    topics: Topics,
    client: Client,
    mirror: Mirror,
    watch: Watch,
    arbiters: Vec<(Announcer, AlertQueue<Said>)>,
    /// Per arbiter, the boards gone silent or back that wait to be said in one summary.
    summaries: Vec<Summaries>,
    transcript: Option<std::fs::File>,
    /// Per board: the progress last told, and when.
    told: HashMap<u32, (Mirrored, Instant)>,
    /// The page, when `[dashboard]` serves one.
    dashboard: Option<Dashboard>,
    /// Connected to the broker (a page's command is refused at once when not).
    connected: bool,
    /// When the last message read arrived.
    caught_up_to: Option<Instant>,
    /// What was not taken of the boards' messages, told in bounded words.
    misfits: Misfits,
    /// The round's names, sent to the boards.
    names: super::round::names::NameSender,
    /// The boards' last hardware self-tests.
    selftests: super::selftests::Kept,
}

/// Runs the station until SIGINT or SIGTERM (or `q` on its standard input).
pub fn run(options: &StationOptions) -> Result<(), StationError> {
    let config = StationConfig::load(&options.config)?;
    let mirror = Mirror::open(&config.mirror).map_err(|source| StationError::Io {
        what: config.mirror.display().to_string(),
        source,
    })?;
    let transcript = match &options.transcript {
        Some(path) => Some(
            std::fs::File::create(path).map_err(|source| StationError::Io {
                what: path.display().to_string(),
                source,
            })?,
        ),
        None => None,
    };
    let mut arbiters = Vec::new();
    for arbiter in &config.arbiters {
        let announcer = Announcer::open(&AnnouncerOptions {
            voices: options.voices.clone(),
            text: options.text,
            no_audio: options.no_audio,
            ..AnnouncerOptions::speaking(&arbiter.speech)
        })?;
        arbiters.push((announcer, AlertQueue::default()));
    }
    let dashboard = match &config.dashboard {
        Some(settings) => {
            let mut langs = Vec::new();
            for a in &config.arbiters {
                if !langs.contains(&a.language) {
                    langs.push(a.language);
                }
            }
            let page =
                Dashboard::start(settings, &config.event, langs, crate::journal::wall_now())?;
            tracing::info!(
                "station: the hall dashboard is on http://{}/ ({})",
                page.addr(),
                if page.takes_commands() {
                    "commands after a login"
                } else {
                    "read-only: no password_hash"
                }
            );
            Some(page)
        }
        None => None,
    };
    let endpoint = config.endpoint(format!("talkclock-{}-station", config.event))?;
    let (client, events) = mqtt::connect(&endpoint)?;
    let quit = quit_channel()?;
    let mut repeat = stdin_commands();
    let mirror_root = mirror.root().to_path_buf();
    let mut station = Station {
        topics: Topics::new(&config.event),
        watch: Watch::new(config.silent_after),
        summaries: std::iter::repeat_with(Summaries::default)
            .take(arbiters.len())
            .collect(),
        config,
        client,
        mirror,
        arbiters,
        transcript,
        told: HashMap::new(),
        dashboard,
        connected: false,
        caught_up_to: None,
        misfits: Misfits::default(),
        names: super::round::names::NameSender::new(&mirror_root),
        selftests: super::selftests::Kept::default(),
    };
    tracing::info!(
        "station: event {}, broker {}:{}, mirror {}",
        station.config.event,
        station.config.host,
        station.config.port,
        station.mirror.root().display()
    );
    let tick = crossbeam_channel::tick(Duration::from_millis(100));
    let web = station
        .dashboard
        .as_ref()
        .map_or_else(crossbeam_channel::never, |d| d.commands().clone());
    loop {
        select! {
            recv(web) -> c => if let Ok(command) = c {
                station.web_command(command);
            },
            recv(events) -> e => match e {
                Ok(event) => station.on_event(event),
                Err(_) => break,
            },
            recv(repeat) -> r => match r {
                Ok(StdinCommand::Repeat(arbiter)) => station.repeat(arbiter),
                Ok(StdinCommand::Quit) => break,
                // Standard input closed (a service): only signals stop the station.
                Err(_) => repeat = crossbeam_channel::never(),
            },
            recv(quit) -> _ => break,
            recv(tick) -> _ => station.tick(!events.is_empty()),
        }
    }
    let _ = station.mirror.sync();
    let _ = station.client.disconnect();
    for (mut announcer, _) in station.arbiters {
        announcer.shutdown();
    }
    Ok(())
}

impl Station {
    fn on_event(&mut self, event: LinkEvent) {
        match event {
            LinkEvent::Up => {
                self.connected = true;
                tracing::info!("station: connected to the broker");
                let mut kinds = vec![
                    Kind::Records,
                    Kind::Alerts,
                    Kind::State,
                    Kind::Online,
                    Kind::SelfTest,
                ];
                if self
                    .dashboard
                    .as_ref()
                    .is_some_and(Dashboard::takes_commands)
                {
                    kinds.push(Kind::Replies);
                }
                for kind in kinds {
                    let filter = self.topics.every_board(kind);
                    if let Err(e) = self.client.subscribe(filter.clone(), QoS::AtLeastOnce) {
                        tracing::warn!("station: cannot subscribe to {filter}: {e}");
                    }
                }
                // Whatever the broker lost while it was away is asked for again.
                for (board, game) in self.mirror.known() {
                    if let Ok(mut m) = self.mirror.progress(board, &game) {
                        m.resend = true;
                        self.tell(board, m);
                    }
                }
            }
            LinkEvent::Down(why) => {
                self.connected = false;
                tracing::warn!("station: no broker ({why})");
            }
            LinkEvent::Refused(why) => {
                self.connected = false;
                tracing::warn!("station: the broker refused ({why})");
            }
            LinkEvent::Acked => {}
            LinkEvent::Message {
                topic,
                payload,
                retained,
                at,
            } => {
                self.caught_up_to = Some(at);
                let Some((board, kind)) = self.topics.parse(&topic) else {
                    return;
                };
                if let Err(e) = self.message(board, kind, &payload, retained, at) {
                    tracing::warn!("station: board {board}, {}: {e}", kind.name());
                }
                // An alert to an arbiter who is not speaking is said at once, not at the tick.
                if kind == Kind::Alerts {
                    self.pump(Instant::now());
                }
            }
        }
    }

    /// One message of `board`, arrived at `now`; `retained`: the broker kept it from before
    /// the station subscribed (old news).
    fn message(
        &mut self,
        board: u32,
        kind: Kind,
        payload: &[u8],
        retained: bool,
        now: Instant,
    ) -> Result<(), MessageError> {
        match kind {
            Kind::Records => {
                let msg: RecordMsg = serde_json::from_slice(payload)?;
                if msg.board != board {
                    return Err(MessageError::OtherBoard("a record", msg.board));
                }
                self.heard(board, now);
                let took = self.mirror.record(&msg);
                self.asides();
                match took? {
                    Took::Gap => {
                        tracing::debug!(
                            "station: board {board}: record {} ahead of a gap",
                            msg.seq
                        );
                    }
                    Took::Rival => tracing::info!(
                        "station: board {board}: record {} came again, unlike the copy that \
                         waits ahead of a gap; that one waits, and is checked against the \
                         chain in its turn",
                        msg.seq
                    ),
                    _ => {}
                }
            }
            Kind::Alerts => {
                let received_ms = crate::journal::wall_now();
                let msg: AlertMsg = serde_json::from_slice(payload)?;
                if msg.board != board {
                    return Err(MessageError::OtherBoard("an alert", msg.board));
                }
                self.heard(board, now);
                if self.mirror.alert(&msg)? {
                    self.show(|hall| {
                        hall.heard(board, now);
                        hall.alert(&msg, received_ms);
                    });
                    self.queue_alert(msg, received_ms);
                }
            }
            Kind::State => {
                let msg: StateMsg = serde_json::from_slice(payload)?;
                if msg.board != board {
                    return Err(MessageError::OtherBoard("a state", msg.board));
                }
                if let Err(problem) = msg.check() {
                    if let Some(line) = self.misfits.state_refused(board, problem) {
                        tracing::warn!("station: {line}");
                    }
                    return Ok(());
                }
                self.misfits.state_believed(board);
                let wall_now = crate::journal::wall_now();
                if retained && forgotten(msg.wall_ms, wall_now, self.config.forget_after) {
                    tracing::info!(
                        "station: board {board}: the state the broker kept is {} s old (an \
                         earlier day's or event's, longer ago than forget_after): ignored",
                        (wall_now - msg.wall_ms) / 1000
                    );
                    return Ok(());
                }
                // A retained state is old news: it rebuilds the picture, it is not a heartbeat.
                let fresh = wall_now - msg.wall_ms < self.config.silent_after.as_millis() as i64;
                if fresh {
                    self.heard(board, now);
                }
                self.write_state(&msg);
                self.show(|hall| hall.state(&msg, now, fresh));
                self.watch.state(msg, now);
            }
            Kind::Online => {
                let online = payload != b"0";
                if retained {
                    // Old news: a flag left by a board whose recent state did not come with
                    // it is an earlier day's or event's, and not said; a `1` is no heartbeat.
                    if self.watch.state_of(board).is_none() {
                        tracing::info!(
                            "station: board {board}: a connection flag the broker kept, with \
                             no recent state: ignored"
                        );
                        return Ok(());
                    }
                    self.show(|hall| hall.online(board, online));
                    if !online {
                        if let Some(change) = self.watch.offline_retained(board) {
                            self.changed(change, now);
                        }
                    }
                    return Ok(());
                }
                self.show(|hall| {
                    hall.online(board, online);
                    if online {
                        hall.heard(board, now);
                    }
                });
                if !online {
                    if let Some(change) = self.watch.offline(board) {
                        self.changed(change, now);
                    }
                } else {
                    self.heard(board, now);
                }
            }
            Kind::SelfTest => {
                let report: crate::selftest::Report = serde_json::from_slice(payload)?;
                if report.board != Some(board) {
                    return Err(MessageError::OtherBoard(
                        "a self-test report",
                        report.board.unwrap_or(0),
                    ));
                }
                let dir = self.mirror.root().join(format!("board-{board}"));
                if let Err(e) = report.write(&dir) {
                    tracing::warn!("station: board {board}: cannot keep its self-test report: {e}");
                }
                let (mirror, forget) = (self.config.mirror.clone(), self.config.forget_after);
                let judged = self.selftests.take(board, report, &mirror, forget, now);
                tracing::info!("station: board {board}: {}", judged.status_words());
                self.show(|hall| hall.selftest(board, judged));
            }
            Kind::Replies => {
                let msg: ReplyMsg = serde_json::from_slice(payload)?;
                if let Some(page) = self.dashboard.as_mut() {
                    page.relay.reply(board, msg);
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// Logs the records the mirror kept aside, and tells the arbiter of the first of a board.
    fn asides(&mut self) {
        for aside in self.mirror.take_asides() {
            let told = self.misfits.aside(&aside);
            if let Some(line) = told.line {
                tracing::warn!("station: {line}");
            }
            if told.alert {
                self.aside_alert(&aside);
            }
        }
    }

    fn aside_alert(&mut self, aside: &Aside) {
        let board = aside.board;
        let wall_ms = crate::journal::wall_now();
        self.show(|hall| hall.aside(board, wall_ms));
        let at = self.config.arbiter_of(board);
        if let Some((_, queue)) = self.arbiters.get_mut(at) {
            queue.push(
                Priority::Warning,
                Said {
                    board,
                    kind: "aside",
                    priority: Priority::Warning,
                    game: Some(aside.game.clone()),
                    alert: None,
                    late_ms: None,
                    received_ms: None,
                    boards: None,
                    words: Words::Aside,
                },
            );
        }
    }

    fn heard(&mut self, board: u32, now: Instant) {
        self.watch.heard(board, now);
    }

    fn write_state(&self, state: &StateMsg) {
        let dir = self.mirror.root().join(format!("board-{}", state.board));
        let _ = std::fs::create_dir_all(&dir);
        if let Ok(json) = serde_json::to_vec(state) {
            let tmp = dir.join("state.json.tmp");
            if std::fs::write(&tmp, json).is_ok() {
                let _ = std::fs::rename(&tmp, dir.join("state.json"));
            }
        }
    }

    fn queue_alert(&mut self, msg: AlertMsg, received_ms: i64) {
        let late = crate::journal::wall_now() - msg.wall_ms;
        let late_ms = (late >= self.config.late_after.as_millis() as i64).then_some(late);
        let words = match (&msg.notice, &msg.text) {
            (Some(notice), _) => Words::Notice(notice.clone()),
            (None, Some(text)) => Words::Text(text.clone()),
            (None, None) => return,
        };
        let said = Said {
            board: msg.board,
            kind: "alert",
            priority: msg.priority,
            game: Some(msg.game.clone()),
            alert: Some(msg.id),
            late_ms,
            received_ms: Some(received_ms),
            boards: None,
            words,
        };
        let at = self.config.arbiter_of(msg.board);
        if let Some((_, queue)) = self.arbiters.get_mut(at) {
            queue.push(msg.priority, said);
        }
    }

    /// A board went silent or came back: its row and the banner on the dashboard at once; the
    /// arbiter hears it in the next summary ([`super::summary`]).
    fn changed(&mut self, change: Change, now: Instant) {
        let (board, back) = match change {
            Change::Silent(board) => (board, false),
            Change::Back(board) => (board, true),
        };
        self.show(|hall| hall.connection(board, back));
        let at = self.config.arbiter_of(board);
        if let Some(summary) = self.summaries.get_mut(at) {
            if summary.push(change, now) {
                tracing::info!(
                    "station: board {board} is {} again before it was said: not said",
                    if back { "heard from" } else { "silent" }
                );
            }
        }
    }

    /// Each arbiter's summary that is due at `now`, queued: the boards gone silent, then
    /// those back, each as one sentence (a lone board as "Board 5 is silent").
    fn summarise(&mut self, now: Instant) {
        for at in 0..self.summaries.len() {
            let Some(Summary { silent, back }) = self.summaries[at].due(now) else {
                continue;
            };
            for (boards, back) in [(silent, false), (back, true)] {
                let Some(&board) = boards.first() else {
                    continue;
                };
                let wall_ms = crate::journal::wall_now();
                self.show(|hall| hall.said(&boards, back, wall_ms));
                let notice = match (boards.len(), back) {
                    (1, false) => Announcement::BoardSilent { board },
                    (1, true) => Announcement::BoardBack { board },
                    (_, false) => Announcement::BoardsSilent {
                        boards: boards.clone(),
                    },
                    (_, true) => Announcement::BoardsBack {
                        boards: boards.clone(),
                    },
                };
                let several = boards.len() > 1;
                if let Some((_, queue)) = self.arbiters.get_mut(at) {
                    queue.push(
                        Priority::Other,
                        Said {
                            board,
                            kind: if back { "back" } else { "silent" },
                            priority: Priority::Other,
                            game: None,
                            alert: None,
                            late_ms: None,
                            received_ms: None,
                            boards: several.then_some(boards),
                            words: Words::Notice(notice),
                        },
                    );
                }
            }
        }
    }

    /// Changes what the dashboard's pages show, when there is a dashboard.
    fn show(&self, change: impl FnOnce(&mut super::dashboard::model::Hall)) {
        if let Some(page) = &self.dashboard {
            page.update(change);
        }
    }

    /// A page's command: published on the board's `commands` topic; its reply comes back
    /// through the relay.
    fn web_command(&mut self, command: WebCommand) {
        let Some(page) = self.dashboard.as_mut() else {
            return;
        };
        let board = command.board;
        let Some(msg) = page.relay.send(command, Instant::now(), ANSWER) else {
            return;
        };
        if !self.connected {
            page.relay.failed(&msg.id, NotSent::NoBroker);
            return;
        }
        match Self::publish_command(&self.client, &self.topics, board, &msg) {
            Ok(()) => tracing::info!(
                "station: the dashboard's command {} to board {board}",
                msg.request
            ),
            Err(why) => page.relay.failed(&msg.id, why),
        }
    }

    /// What is due at the tick; `behind`: messages wait to be read.
    fn tick(&mut self, behind: bool) {
        let now = Instant::now();
        if let Some(page) = self.dashboard.as_mut() {
            page.relay.expire(now);
        }
        let (mirror, forget) = (self.config.mirror.clone(), self.config.forget_after);
        for (board, judged) in self.selftests.recheck(&mirror, forget, now) {
            self.show(|hall| hall.selftest(board, judged));
        }
        // Silence is judged as of the last message read when more wait: a station busy with a
        // bridge's backlog must not find the other boards silent because it has not read them.
        let judged = if behind {
            self.caught_up_to.unwrap_or(now)
        } else {
            now
        };
        for change in self.watch.tick(judged) {
            self.changed(change, now);
        }
        for board in self.watch.returning() {
            let progress = self
                .watch
                .state_of(board)
                .filter(|s| !s.game.is_empty())
                .and_then(|s| self.mirror.progress(board, &s.game).ok());
            let wall_now = crate::journal::wall_now();
            if let Some(change) = self.watch.returned(board, progress.as_ref(), now, wall_now) {
                self.changed(change, now);
            }
        }
        self.summarise(now);
        for board in self.watch.boards() {
            let Some(game) = self.watch.state_of(board).map(|s| s.game.clone()) else {
                continue;
            };
            if game.is_empty() {
                continue;
            }
            let Ok(mut progress) = self.mirror.progress(board, &game) else {
                continue;
            };
            if self.watch.ask_again(board, &progress, now) {
                progress.resend = true;
                tracing::info!(
                    "station: board {board} is asked to send again from record {}, alert {}",
                    progress.records,
                    progress.alerts
                );
                self.tell(board, progress);
                continue;
            }
            progress.resend = false;
            let due = self.told.get(&board).is_none_or(|(last, at)| {
                *last != progress && now.saturating_duration_since(*at) >= PROGRESS_EVERY
            });
            if due {
                self.tell(board, progress);
            }
        }
        self.send_names(now);
        self.asides();
        if self.misfits.due(now) {
            let refused = self.mirror.take_refused();
            for line in self.misfits.summary(now, refused) {
                tracing::warn!("station: {line}");
            }
        }
        self.pump(now);
        if let Err(e) = self.mirror.sync() {
            tracing::error!("station: cannot sync the mirror: {e}");
        }
    }

    /// Publishes `msg` on board `board`'s `commands` topic (at least once).
    fn publish_command(
        client: &Client,
        topics: &Topics,
        board: u32,
        msg: &impl serde::Serialize,
    ) -> Result<(), NotSent> {
        let payload = serde_json::to_vec(msg)?;
        client
            .publish(
                topics.board(board, Kind::Commands),
                QoS::AtLeastOnce,
                false,
                payload,
            )
            .map_err(|e| NotSent::Publish(Box::new(e)))
    }

    /// Sends each board of the round's pairings its players' names, until its state shows them.
    fn send_names(&mut self, now: Instant) {
        if !self.connected {
            return;
        }
        let watch = &self.watch;
        let due = self
            .names
            .due(now, |board| watch.state_of(board).map(|s| s.names.clone()));
        for (board, msg) in due {
            match Self::publish_command(&self.client, &self.topics, board, &msg) {
                Ok(()) => tracing::info!("station: board {board}: the players' names sent"),
                Err(e) => tracing::warn!("station: board {board}: names not sent: {e}"),
            }
        }
    }

    /// Says what waits, to each arbiter who is not speaking.
    fn pump(&mut self, now: Instant) {
        for i in 0..self.arbiters.len() {
            while let Some(said) = self.arbiters[i].1.next(now) {
                let took = self.say(i, &said);
                // Nothing to hear (free text without a speech engine): the next goes at once.
                let until = if took.is_zero() {
                    now
                } else {
                    now + took + BETWEEN
                };
                self.arbiters[i].1.speaking_until(until);
            }
        }
    }

    /// Publishes the mirror's progress of a board (retained).
    fn tell(&mut self, board: u32, progress: Mirrored) {
        let topic = self.topics.board(board, Kind::Mirrored);
        if let Ok(payload) = serde_json::to_vec(&progress) {
            if let Err(e) = self.client.publish(topic, QoS::AtLeastOnce, true, payload) {
                tracing::warn!("station: cannot tell board {board} its mirror: {e}");
                return;
            }
        }
        self.told.insert(board, (progress, Instant::now()));
    }

    fn repeat(&mut self, arbiter: usize) {
        let Some(last) = self
            .arbiters
            .get(arbiter)
            .and_then(|(_, q)| q.last().cloned())
        else {
            return;
        };
        let mut again = last;
        again.kind = "repeat";
        again.received_ms = None;
        self.say(arbiter, &again);
    }

    /// Says one alert to one arbiter; returns how long it takes.
    fn say(&mut self, arbiter: usize, said: &Said) -> Duration {
        let Some(who) = self.config.arbiters.get(arbiter) else {
            return Duration::ZERO;
        };
        let lang = who.language;
        let (text, took) = match &said.words {
            Words::Notice(notice) => {
                let notice = match notice {
                    Announcement::BoardSilent { .. }
                    | Announcement::BoardBack { .. }
                    | Announcement::BoardsSilent { .. }
                    | Announcement::BoardsBack { .. } => notice.clone(),
                    other => Announcement::Board {
                        board: said.board,
                        late_ms: said.late_ms,
                        notice: Box::new(other.clone()),
                    },
                };
                let text = crate::speech::phrase(lang, &notice).text;
                let (announcer, _) = &mut self.arbiters[arbiter];
                // Rendered once: how long it takes is that of the audio played.
                let took = announcer.say_private(0, Listener::Arbiter, &notice);
                (text, took)
            }
            Words::Text(_) | Words::Aside => {
                let text = match &said.words {
                    Words::Text(words) => format!("{}: {words}", board_label(lang, said.board)),
                    _ => format!(
                        "{}: {}",
                        board_label(lang, said.board),
                        super::dashboard::words::aside(lang)
                    ),
                };
                let (announcer, _) = &mut self.arbiters[arbiter];
                // Spoken only by the system speech engine; otherwise printed, and nothing to wait
                // for.
                let took = if announcer.say_text(&Audience::of(&[Listener::Arbiter]), &text) {
                    Duration::from_millis(70 * text.chars().count() as u64)
                } else {
                    Duration::ZERO
                };
                (text, took)
            }
        };
        let line = Line {
            wall_ms: crate::journal::wall_now(),
            event: said.kind,
            arbiter: &who.name,
            board: said.board,
            boards: said.boards.as_deref(),
            priority: said.priority,
            game: said.game.as_deref(),
            alert: said.alert,
            late_ms: said.late_ms,
            received_ms: said.received_ms,
            lang: lang.code(),
            text: &text,
        };
        if let (Some(file), Ok(mut json)) = (self.transcript.as_mut(), serde_json::to_string(&line))
        {
            json.push('\n');
            if let Err(e) = file.write_all(json.as_bytes()) {
                tracing::error!("station: cannot write the transcript: {e}");
            }
        }
        took
    }
}

/// "Доска 12" / "Board 12", before a board's own words.
fn board_label(lang: crate::speech::Lang, board: u32) -> String {
    lang.words("page", "board", &[("board", &board.to_string())])
}

enum StdinCommand {
    /// Say the last alert again to this arbiter (0-based).
    Repeat(usize),
    Quit,
}

/// Lines on standard input: `r` or `repeat [N]` says arbiter N's last alert again (the first
/// arbiter's without N); `q` stops.
fn stdin_commands() -> Receiver<StdinCommand> {
    let (tx, rx) = unbounded();
    let _ = std::thread::Builder::new()
        .name("station stdin".into())
        .spawn(move || {
            let stdin = std::io::stdin();
            let mut line = String::new();
            while stdin.read_line(&mut line).is_ok_and(|n| n > 0) {
                let words: Vec<&str> = line.split_whitespace().collect();
                let command = match words.as_slice() {
                    ["r" | "repeat"] => Some(StdinCommand::Repeat(0)),
                    ["r" | "repeat", n] => n
                        .parse::<usize>()
                        .ok()
                        .filter(|n| *n >= 1)
                        .map(|n| StdinCommand::Repeat(n - 1)),
                    ["q" | "quit"] => Some(StdinCommand::Quit),
                    _ => None,
                };
                if let Some(c) = command {
                    if tx.send(c).is_err() {
                        return;
                    }
                } else if !line.trim().is_empty() {
                    eprintln!(
                        "station: `{}`: say `repeat [ARBITER]` or `quit`",
                        line.trim()
                    );
                }
                line.clear();
            }
        });
    rx
}

fn quit_channel() -> Result<Receiver<()>, StationError> {
    use signal_hook::consts::{SIGINT, SIGTERM};
    let mut signals =
        signal_hook::iterator::Signals::new([SIGINT, SIGTERM]).map_err(StationError::Signals)?;
    let (tx, rx) = unbounded();
    std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            if signals.forever().next().is_some() {
                let _ = tx.send(());
            }
        })
        .map_err(StationError::Signals)?;
    Ok(rx)
}
