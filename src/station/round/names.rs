//! The round's names to the boards: every board of the newest round's pairings whose state
//! shows other names than its pairing's is sent `{"cmd":"players","white":…,"black":…}` on its
//! `commands` topic, again every [`AGAIN`] until its state shows them. A board not online gets
//! them when it connects (its first state shows the configuration's names); a board restarted
//! gets them again; a board not in the pairings keeps its names.
//!
//! The running station reads the pairings that `talkclock station pairings` keeps in
//! `rounds/round-<N>/pairings.json`, again when that file changes.

use super::Round;
use crate::hall::payload::{CommandMsg, Names};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime};

/// A board whose names are not yet shown is sent them again after this long.
pub const AGAIN: Duration = Duration::from_secs(5);
/// How often the station looks for new pairings.
pub const LOOK_EVERY: Duration = Duration::from_secs(1);

/// What the station sent, and the round it sends.
#[derive(Debug)]
pub struct NameSender {
    mirror: PathBuf,
    round: Option<Round>,
    /// The newest round's number and its pairings file's modification time, as last read.
    read: Option<(u32, SystemTime)>,
    looked: Option<Instant>,
    sent: HashMap<u32, Instant>,
}

impl NameSender {
    /// Sends the pairings kept beside `mirror`.
    pub fn new(mirror: &Path) -> NameSender {
        NameSender {
            mirror: mirror.to_path_buf(),
            round: None,
            read: None,
            looked: None,
            sent: HashMap::new(),
        }
    }

    /// Reads the newest round's pairings again if they changed (at most every [`LOOK_EVERY`]).
    fn look(&mut self, now: Instant) {
        if self
            .looked
            .is_some_and(|at| now.saturating_duration_since(at) < LOOK_EVERY)
        {
            return;
        }
        self.looked = Some(now);
        let latest = match Round::latest(&self.mirror) {
            Ok(latest) => latest,
            Err(e) => {
                tracing::warn!("station: the round's pairings cannot be read: {e}");
                return;
            }
        };
        let Some(round) = latest else {
            return;
        };
        let file = super::round_dir(&self.mirror, round.round).join(super::PAIRINGS_FILE);
        let stamp = std::fs::metadata(&file)
            .and_then(|m| m.modified())
            .unwrap_or(SystemTime::UNIX_EPOCH);
        if self.read != Some((round.round, stamp)) {
            tracing::info!(
                "station: round {}'s pairings: {} boards",
                round.round,
                round.pairings.len()
            );
            self.read = Some((round.round, stamp));
            self.sent.clear();
            self.round = Some(round);
        }
    }

    /// The commands due now: each board of the round whose `shown` names (from its state;
    /// `None` when the station has no state of it) differ from its pairing's.
    pub fn due(
        &mut self,
        now: Instant,
        shown: impl Fn(u32) -> Option<Option<Names>>,
    ) -> Vec<(u32, CommandMsg)> {
        self.look(now);
        let Some(round) = &self.round else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for p in &round.pairings {
            let Some(names) = shown(p.board) else {
                continue;
            };
            let want = Names {
                white: p.white.clone(),
                black: p.black.clone(),
            };
            if names.as_ref() == Some(&want) {
                continue;
            }
            let recent = self
                .sent
                .get(&p.board)
                .is_some_and(|at| now.saturating_duration_since(*at) < AGAIN);
            if recent {
                continue;
            }
            let request = serde_json::json!({"cmd": "players", "white": p.white, "black": p.black});
            let Ok(request) = serde_json::value::to_raw_value(&request) else {
                continue;
            };
            self.sent.insert(p.board, now);
            out.push((
                p.board,
                CommandMsg {
                    id: format!("players-{}-{}", round.round, p.board),
                    request,
                },
            ));
        }
        out
    }
}
