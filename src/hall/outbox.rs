//! The board's publisher as a pure state machine: the journal is the outbox. Every durable
//! record and every alert of a game is kept, numbered, until the station's mirror says it
//! holds them; what the station has not got is sent (again) from where the station says its
//! mirror ends. A second copy is harmless: the station keeps the first of each number.
//!
//! Nothing here touches the network: [`Outbox::take`] says what to publish now.

use super::payload::{AlertMsg, Mirrored, RecordMsg, StateMsg};
use super::topics::{Kind, Topics};

/// One message to publish.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Publish {
    /// The topic.
    pub topic: String,
    /// The payload (JSON, or `1`/`0` for `online`).
    pub payload: Vec<u8>,
    /// Kept by the broker for the next subscriber.
    pub retain: bool,
}

/// One game's records and alerts.
#[derive(Debug)]
struct GameBox {
    id: String,
    lines: Vec<String>,
    alerts: Vec<AlertMsg>,
    /// The next record to send.
    next: usize,
    /// The next alert to send.
    next_alert: usize,
    /// The station holds this many records and alerts.
    mirrored: (u64, u64),
}

impl GameBox {
    fn new(id: &str) -> GameBox {
        GameBox {
            id: id.to_string(),
            lines: Vec::new(),
            alerts: Vec::new(),
            next: 0,
            next_alert: 0,
            mirrored: (0, 0),
        }
    }

    fn complete(&self) -> bool {
        self.mirrored.0 >= self.lines.len() as u64 && self.mirrored.1 >= self.alerts.len() as u64
    }
}

/// The most games kept for a station that has not mirrored them whole.
pub const KEPT_GAMES: usize = 8;

/// The board's outbox.
#[derive(Debug)]
pub struct Outbox {
    board: u32,
    topics: Topics,
    /// Oldest first; the last is the game being played.
    games: Vec<GameBox>,
    connected: bool,
    /// The latest state, sent again on every connection.
    state: Option<StateMsg>,
}

impl Outbox {
    /// An empty outbox for `board`.
    pub fn new(board: u32, topics: Topics) -> Outbox {
        Outbox {
            board,
            topics,
            games: Vec::new(),
            connected: false,
            state: None,
        }
    }

    fn game_mut(&mut self, id: &str) -> &mut GameBox {
        let at = match self.games.iter().position(|g| g.id == id) {
            Some(at) => at,
            None => {
                // A finished game the station holds whole is no longer kept; nor, past
                // [`KEPT_GAMES`], the oldest (a station that never comes: memory is finite;
                // the journals on disk still hold them).
                self.games.retain(|g| !g.complete());
                while self.games.len() >= KEPT_GAMES {
                    let old = self.games.remove(0);
                    tracing::warn!(
                        "hall: game {} was never mirrored whole by the station; its journal file \
                         keeps it",
                        old.id
                    );
                }
                self.games.push(GameBox::new(id));
                self.games.len() - 1
            }
        };
        &mut self.games[at]
    }

    /// A durable journal record of game `game`; records come in order of `seq`, from 0.
    /// A record already held (its number is not the next) is ignored.
    pub fn record(&mut self, game: &str, seq: u64, line: String) {
        let g = self.game_mut(game);
        if seq == g.lines.len() as u64 {
            g.lines.push(line);
        }
    }

    /// An alert (its `id` is given here: the next of its game).
    /// An alert without a game is of the game being played.
    pub fn alert(&mut self, mut alert: AlertMsg) {
        if alert.game.is_empty() {
            if let Some(g) = self.games.last() {
                alert.game = g.id.clone();
            }
        }
        let g = self.game_mut(&alert.game.clone());
        alert.id = g.alerts.len() as u64;
        g.alerts.push(alert);
    }

    /// The latest state; published at once when connected.
    /// Its game and counts are the outbox's (the game being played).
    pub fn state(&mut self, mut state: StateMsg) -> Option<Publish> {
        if let Some(g) = self.games.last() {
            state.game = g.id.clone();
        }
        (state.records, state.alerts) = self.counts();
        self.state = Some(state);
        self.connected.then(|| self.state_publish()).flatten()
    }

    /// How many records and alerts the current game has.
    pub fn counts(&self) -> (u64, u64) {
        self.games
            .last()
            .map_or((0, 0), |g| (g.lines.len() as u64, g.alerts.len() as u64))
    }

    fn state_publish(&self) -> Option<Publish> {
        let state = self.state.as_ref()?;
        Some(Publish {
            topic: self.topics.board(self.board, Kind::State),
            payload: serde_json::to_vec(state).ok()?,
            retain: true,
        })
    }

    /// The broker accepted the connection: the board is online, its state is told again.
    pub fn connected(&mut self) -> Vec<Publish> {
        self.connected = true;
        let mut out = vec![Publish {
            topic: self.topics.board(self.board, Kind::Online),
            payload: b"1".to_vec(),
            retain: true,
        }];
        out.extend(self.state_publish());
        out
    }

    /// The connection was lost: nothing more is taken until it is back.
    pub fn disconnected(&mut self) {
        self.connected = false;
    }

    /// Whether the link is up.
    pub fn is_connected(&self) -> bool {
        self.connected
    }

    /// The station's mirror of a game. With `resend`, everything after it is sent again;
    /// otherwise it only skips what the station already holds (after a restart of the
    /// board, which begins from 0).
    pub fn mirrored(&mut self, m: &Mirrored) {
        let Some(g) = self.games.iter_mut().find(|g| g.id == m.game) else {
            return;
        };
        let records = usize::try_from(m.records)
            .unwrap_or(usize::MAX)
            .min(g.lines.len());
        let alerts = usize::try_from(m.alerts)
            .unwrap_or(usize::MAX)
            .min(g.alerts.len());
        if m.resend {
            g.next = records;
            g.next_alert = alerts;
        } else {
            g.next = g.next.max(records);
            g.next_alert = g.next_alert.max(alerts);
        }
        g.mirrored = (m.records, m.alerts);
    }

    /// What to publish now, at most `budget` messages: alerts first (they are what an
    /// arbiter waits for), then records, oldest game first. Nothing while disconnected.
    pub fn take(&mut self, budget: usize) -> Vec<Publish> {
        let mut out = Vec::new();
        if !self.connected {
            return out;
        }
        let alerts_topic = self.topics.board(self.board, Kind::Alerts);
        let records_topic = self.topics.board(self.board, Kind::Records);
        for g in &mut self.games {
            while out.len() < budget && g.next_alert < g.alerts.len() {
                if let Ok(payload) = serde_json::to_vec(&g.alerts[g.next_alert]) {
                    out.push(Publish {
                        topic: alerts_topic.clone(),
                        payload,
                        retain: false,
                    });
                }
                g.next_alert += 1;
            }
        }
        for g in &mut self.games {
            while out.len() < budget && g.next < g.lines.len() {
                let msg = RecordMsg {
                    board: self.board,
                    game: g.id.clone(),
                    seq: g.next as u64,
                    line: g.lines[g.next].clone(),
                };
                if let Ok(payload) = serde_json::to_vec(&msg) {
                    out.push(Publish {
                        topic: records_topic.clone(),
                        payload,
                        retain: false,
                    });
                }
                g.next += 1;
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hall::payload::Priority;

    fn outbox() -> Outbox {
        Outbox::new(7, Topics::new("e"))
    }

    fn seqs(out: &[Publish]) -> Vec<u64> {
        out.iter()
            .filter(|p| p.topic.ends_with("/records"))
            .map(|p| serde_json::from_slice::<RecordMsg>(&p.payload).unwrap().seq)
            .collect()
    }

    fn alert(game: &str) -> AlertMsg {
        AlertMsg {
            board: 7,
            game: game.into(),
            id: 99,
            wall_ms: 0,
            game_ms: 0,
            priority: Priority::Flag,
            notice: None,
            text: Some("x".into()),
            lang: None,
        }
    }

    #[test]
    fn nothing_is_sent_while_disconnected_and_everything_once_connected() {
        let mut o = outbox();
        for seq in 0..5 {
            o.record("g", seq, format!("line {seq}"));
        }
        assert!(o.take(100).is_empty());
        let hello = o.connected();
        assert_eq!(hello[0].topic, "talkclock/v1/e/board/7/online");
        assert_eq!(seqs(&o.take(3)), vec![0, 1, 2]);
        assert_eq!(seqs(&o.take(100)), vec![3, 4]);
        assert!(o.take(100).is_empty());
    }

    #[test]
    fn a_station_that_missed_records_gets_them_again_from_its_mirror() {
        let mut o = outbox();
        o.connected();
        for seq in 0..6 {
            o.record("g", seq, format!("{seq}"));
        }
        assert_eq!(seqs(&o.take(100)).len(), 6);
        o.mirrored(&Mirrored {
            game: "g".into(),
            records: 2,
            alerts: 0,
            resend: true,
        });
        assert_eq!(seqs(&o.take(100)), vec![2, 3, 4, 5]);
    }

    #[test]
    fn a_restarted_board_skips_what_the_station_already_holds() {
        let mut o = outbox();
        for seq in 0..6 {
            o.record("g", seq, format!("{seq}"));
        }
        o.mirrored(&Mirrored {
            game: "g".into(),
            records: 4,
            alerts: 0,
            resend: false,
        });
        o.connected();
        assert_eq!(seqs(&o.take(100)), vec![4, 5]);
    }

    #[test]
    fn alerts_go_before_records_and_are_numbered_per_game() {
        let mut o = outbox();
        o.connected();
        o.record("g", 0, "0".into());
        o.alert(alert("g"));
        o.alert(alert("g"));
        let out = o.take(100);
        assert!(out[0].topic.ends_with("/alerts") && out[1].topic.ends_with("/alerts"));
        let ids: Vec<u64> = out[..2]
            .iter()
            .map(|p| serde_json::from_slice::<AlertMsg>(&p.payload).unwrap().id)
            .collect();
        assert_eq!(ids, vec![0, 1]);
    }

    #[test]
    fn a_finished_game_is_kept_until_the_station_holds_it_whole() {
        let mut o = outbox();
        o.record("old", 0, "0".into());
        o.record("old", 1, "1".into());
        o.record("new", 0, "0".into());
        o.connected();
        // The old game is still sent: the station has nothing of it.
        assert_eq!(seqs(&o.take(100)), vec![0, 1, 0]);
        o.mirrored(&Mirrored {
            game: "old".into(),
            records: 2,
            alerts: 0,
            resend: false,
        });
        o.record("newer", 0, "0".into());
        assert_eq!(
            o.games.iter().map(|g| g.id.as_str()).collect::<Vec<_>>(),
            vec!["new", "newer"]
        );
    }
}
