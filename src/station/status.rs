//! `talkclock station status`: every board of the event in one line each, from the boards'
//! retained states on the broker and the station's mirror. A state with values no clock gives
//! ([`StateMsg::check`]) is not shown: its line says it was refused, and why; one older than
//! `forget_after` says the station ignores it.
//!
//! ```text
//! board 12  running white  white 1:02:03  black 0:58:10  moves 23/22  online  mirror 512/512  game 3f…  selftest passed 18:02 UTC
//! ```
//!
//! The last words say whether the board passed its hardware self-test this round
//! ([`super::selftests`]).

use super::config::StationConfig;
use super::mirror::game_file;
use super::run::StationError;
use super::selftests::SelfTest;
use crate::hall::mqtt::{self, LinkEvent};
use crate::hall::state_bounds::StateProblem;
use crate::hall::topics::Kind;
use crate::hall::{StateMsg, Topics};
use rumqttc::v5::mqttbytes::QoS;
use std::collections::BTreeMap;
use std::path::Path;
use std::time::{Duration, Instant};

/// How long retained messages are gathered after connecting.
const GATHER: Duration = Duration::from_millis(1500);
/// How long the broker gets to answer at all.
const CONNECT: Duration = Duration::from_secs(5);

/// What is known of one board.
#[derive(Debug, Default)]
struct Board {
    state: Option<StateMsg>,
    online: Option<bool>,
    /// Why its state was refused.
    refused: Option<StateProblem>,
    /// Its last hardware self-test's report.
    selftest: Option<crate::selftest::Report>,
}

impl Board {
    /// Takes `state` if it may be believed.
    fn take(&mut self, state: StateMsg) {
        match state.check() {
            Ok(()) => {
                self.state = Some(state);
                self.refused = None;
            }
            Err(problem) => self.refused = Some(problem),
        }
    }
}

/// Prints every board's line; the station's mirror alone when the broker does not answer.
pub fn status(config_path: &Path) -> Result<String, StationError> {
    let config = StationConfig::load(config_path)?;
    let topics = Topics::new(&config.event);
    let endpoint = config.endpoint(format!(
        "talkclock-{}-status-{}",
        config.event,
        std::process::id()
    ))?;
    let (client, events) = mqtt::connect(&endpoint)?;
    let mut boards: BTreeMap<u32, Board> = BTreeMap::new();
    let start = Instant::now();
    let mut until = start + CONNECT;
    let mut reached = false;
    let mut why = String::new();
    while let Some(left) = until.checked_duration_since(Instant::now()) {
        let Ok(event) = events.recv_timeout(left) else {
            break;
        };
        match event {
            LinkEvent::Up => {
                reached = true;
                for kind in [Kind::State, Kind::Online, Kind::SelfTest] {
                    let _ = client.subscribe(topics.every_board(kind), QoS::AtLeastOnce);
                }
                until = Instant::now() + GATHER;
            }
            LinkEvent::Down(w) if !reached => {
                why = w;
            }
            LinkEvent::Message { topic, payload, .. } => match topics.parse(&topic) {
                Some((board, Kind::State)) => {
                    if let Ok(state) = serde_json::from_slice::<StateMsg>(&payload) {
                        if state.board == board {
                            boards.entry(board).or_default().take(state);
                        }
                    }
                }
                Some((board, Kind::Online)) => {
                    boards.entry(board).or_default().online = Some(payload == b"1");
                }
                Some((board, Kind::SelfTest)) => {
                    if let Ok(report) = serde_json::from_slice::<crate::selftest::Report>(&payload)
                    {
                        if report.board == Some(board) {
                            boards.entry(board).or_default().selftest = Some(report);
                        }
                    }
                }
                _ => {}
            },
            _ => {}
        }
    }
    let _ = client.disconnect();
    let mut out = String::new();
    if !reached {
        out.push_str(&format!(
            "the broker {}:{} did not answer ({}): the station's mirror's last states:\n",
            config.host,
            config.port,
            if why.is_empty() { "no reply" } else { &why }
        ));
        for (board, state) in mirror_states(&config.mirror) {
            boards.entry(board).or_default().take(state);
        }
    }
    if boards.is_empty() {
        out.push_str("no board has published yet\n");
    }
    let round_ms = super::selftests::round_start(
        &config.mirror,
        config.forget_after,
        crate::journal::wall_now(),
    );
    for (n, b) in &boards {
        out.push_str(&line(n, b, &config.mirror, config.forget_after));
        out.push_str("  ");
        out.push_str(&SelfTest::of(b.selftest.as_ref(), round_ms).status_words());
        out.push('\n');
    }
    Ok(out)
}

fn mirror_states(root: &Path) -> Vec<(u32, StateMsg)> {
    let mut out = Vec::new();
    let Ok(dirs) = std::fs::read_dir(root) else {
        return out;
    };
    for dir in dirs.flatten() {
        let Ok(text) = std::fs::read(dir.path().join("state.json")) else {
            continue;
        };
        if let Ok(state) = serde_json::from_slice::<StateMsg>(&text) {
            out.push((state.board, state));
        }
    }
    out
}

/// `1:02:03` (or `2:05` under an hour): whole seconds, as the clock shows them.
fn clock_text(ms: i64) -> String {
    crate::clock::time::Clock(ms / 1000 * 1000).to_string()
}

fn line(board: &u32, b: &Board, mirror: &Path, forget_after: Duration) -> String {
    let mut parts = vec![format!("board {board}")];
    match &b.state {
        Some(state) => {
            let s = &state.status;
            let word = |k: &str| s.get(k).and_then(|v| v.as_str()).unwrap_or("?").to_string();
            let ms = |k: &str| s.get(k).and_then(serde_json::Value::as_i64).unwrap_or(0);
            let running = s.get("running").and_then(|v| v.as_str());
            parts.push(match running {
                Some(side) => format!("{} {side}", word("phase")),
                None => word("phase"),
            });
            parts.push(format!("white {}", clock_text(ms("white_ms"))));
            parts.push(format!("black {}", clock_text(ms("black_ms"))));
            let moves = s.get("moves");
            let count = |side: &str| {
                moves
                    .and_then(|m| m.get(side))
                    .and_then(serde_json::Value::as_u64)
                    .unwrap_or(0)
            };
            parts.push(format!("moves {}/{}", count("white"), count("black")));
            if state.stage.white > 1 || state.stage.black > 1 {
                parts.push(format!("stage {}/{}", state.stage.white, state.stage.black));
            }
            if let Some(result) = s.get("result").filter(|r| !r.is_null()) {
                parts.push(format!("result {result}"));
            }
            parts.push(
                match b.online {
                    Some(true) => "online",
                    Some(false) => "offline",
                    None => "online ?",
                }
                .to_string(),
            );
            let held = std::fs::read(game_file(mirror, *board, &state.game))
                .map(|t| t.iter().filter(|b| **b == b'\n').count())
                .unwrap_or(0);
            parts.push(format!("mirror {held}/{}", state.records));
            let age = (crate::journal::wall_now() - state.wall_ms).max(0);
            if age > forget_after.as_millis() as i64 {
                parts.push(format!(
                    "(state {} old: an earlier day's, the station ignores it; `station close` \
                     clears it)",
                    clock_text(age)
                ));
            } else if age > 10_000 {
                parts.push(format!("(state {} old)", clock_text(age)));
            }
            parts.push(format!("game {}", state.game));
        }
        None => match b.refused {
            Some(problem) => parts.push(format!("state refused: {problem}")),
            None => parts.push("no state".into()),
        },
    }
    parts.join("  ")
}
