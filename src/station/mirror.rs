//! The station's mirror of every board's journal: `<mirror>/board-<n>/<game>.jsonl` holds a
//! game's journal lines in order, exactly as the board's journal holds them (so `talkclock
//! replay` and `talkclock import` take it as they take a journal), and
//! `<game>.alerts.jsonl` the alerts received. A record or alert already held is recognised
//! by its number and not written twice; a record that arrives ahead of one missing waits in
//! memory until the gap is filled.

use crate::hall::{AlertMsg, Mirrored, RecordMsg};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fs::{File, OpenOptions};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

/// What a record did to the mirror.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Took {
    /// Written (with this many records after it that waited for it).
    New(usize),
    /// Already held.
    Duplicate,
    /// Ahead of a missing one: it waits.
    Gap,
}

/// One game of one board.
#[derive(Debug)]
struct GameMirror {
    journal: File,
    alerts_file: File,
    /// Records held without a gap.
    records: u64,
    /// Records ahead of a gap.
    waiting: BTreeMap<u64, String>,
    /// Alerts held.
    alerts: BTreeSet<u64>,
    dirty: bool,
}

/// The mirror of every board.
#[derive(Debug)]
pub struct Mirror {
    root: PathBuf,
    games: HashMap<(u32, String), GameMirror>,
}

/// The file of a board's game in a mirror.
pub fn game_file(root: &Path, board: u32, game: &str) -> PathBuf {
    root.join(format!("board-{board}"))
        .join(format!("{game}.jsonl"))
}

/// A board's games in a mirror, newest first (by the wall clock of their game records).
pub fn games_of(root: &Path, board: u32) -> std::io::Result<Vec<PathBuf>> {
    let dir = root.join(format!("board-{board}"));
    let mut games = Vec::new();
    for entry in std::fs::read_dir(&dir)? {
        let path = entry?.path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name.ends_with(".jsonl") && !name.ends_with(".alerts.jsonl") {
            let began = first_wall_ms(&path).unwrap_or(0);
            games.push((began, path));
        }
    }
    games.sort_by_key(|g| std::cmp::Reverse(g.0));
    Ok(games.into_iter().map(|(_, p)| p).collect())
}

fn first_wall_ms(path: &Path) -> Option<i64> {
    let file = File::open(path).ok()?;
    let mut line = String::new();
    std::io::BufReader::new(file).read_line(&mut line).ok()?;
    let value: serde_json::Value = serde_json::from_str(&line).ok()?;
    value.get("wall_ms")?.as_i64()
}

impl Mirror {
    /// The mirror in `root` (created if missing).
    pub fn open(root: &Path) -> std::io::Result<Mirror> {
        std::fs::create_dir_all(root)?;
        Ok(Mirror {
            root: root.to_path_buf(),
            games: HashMap::new(),
        })
    }

    /// Where it is.
    pub fn root(&self) -> &Path {
        &self.root
    }

    fn game(&mut self, board: u32, game: &str) -> std::io::Result<&mut GameMirror> {
        let key = (board, game.to_string());
        if !self.games.contains_key(&key) {
            let loaded = GameMirror::open(&self.root, board, game)?;
            self.games.insert(key.clone(), loaded);
        }
        self.games
            .get_mut(&key)
            .ok_or_else(|| std::io::Error::other("mirror: a game vanished"))
    }

    /// Takes a record.
    pub fn record(&mut self, msg: &RecordMsg) -> std::io::Result<Took> {
        if !safe_id(&msg.game) {
            return Err(std::io::Error::other(format!(
                "board {}: a game id that is no file name: {:?}",
                msg.board, msg.game
            )));
        }
        let g = self.game(msg.board, &msg.game)?;
        if msg.seq < g.records || g.waiting.contains_key(&msg.seq) {
            return Ok(Took::Duplicate);
        }
        if msg.seq > g.records {
            g.waiting.insert(msg.seq, msg.line.clone());
            return Ok(Took::Gap);
        }
        g.append(&msg.line)?;
        let mut after = 0;
        while let Some(line) = g.waiting.remove(&g.records) {
            g.append(&line)?;
            after += 1;
        }
        Ok(Took::New(after))
    }

    /// Takes an alert; `true` when it is new (to be said).
    pub fn alert(&mut self, msg: &AlertMsg) -> std::io::Result<bool> {
        if !safe_id(&msg.game) {
            return Err(std::io::Error::other(format!(
                "board {}: a game id that is no file name: {:?}",
                msg.board, msg.game
            )));
        }
        let g = self.game(msg.board, &msg.game)?;
        if !g.alerts.insert(msg.id) {
            return Ok(false);
        }
        let mut line = serde_json::to_string(msg).map_err(std::io::Error::other)?;
        line.push('\n');
        g.alerts_file.write_all(line.as_bytes())?;
        g.dirty = true;
        Ok(true)
    }

    /// How far the mirror of a board's game goes (loaded from disk if need be).
    pub fn progress(&mut self, board: u32, game: &str) -> std::io::Result<Mirrored> {
        let g = self.game(board, game)?;
        Ok(Mirrored {
            game: game.to_string(),
            records: g.records,
            alerts: (0..).find(|id| !g.alerts.contains(id)).unwrap_or(0),
            resend: !g.waiting.is_empty(),
        })
    }

    /// Every game held in memory: (board, game).
    pub fn known(&self) -> Vec<(u32, String)> {
        let mut all: Vec<(u32, String)> = self.games.keys().cloned().collect();
        all.sort();
        all
    }

    /// Makes what was written durable.
    pub fn sync(&mut self) -> std::io::Result<()> {
        for g in self.games.values_mut().filter(|g| g.dirty) {
            g.journal.sync_data()?;
            g.alerts_file.sync_data()?;
            g.dirty = false;
        }
        Ok(())
    }
}

/// A game id names files: hex digits only.
fn safe_id(game: &str) -> bool {
    !game.is_empty() && game.len() <= 64 && game.chars().all(|c| c.is_ascii_hexdigit())
}

impl GameMirror {
    fn open(root: &Path, board: u32, game: &str) -> std::io::Result<GameMirror> {
        let path = game_file(root, board, game);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let alerts_path = path.with_extension("alerts.jsonl");
        // What an earlier run of the station held: whole lines only (a torn last line, from a
        // crash while writing it, is cut off and will be sent again).
        let mut records = 0;
        let mut good = 0u64;
        if let Ok(text) = std::fs::read(&path) {
            for line in text.split_inclusive(|b| *b == b'\n') {
                if line.ends_with(b"\n") {
                    records += 1;
                    good += line.len() as u64;
                }
            }
        }
        let journal = OpenOptions::new().create(true).append(true).open(&path)?;
        journal.set_len(good)?;
        let mut alerts = BTreeSet::new();
        if let Ok(text) = std::fs::read_to_string(&alerts_path) {
            for line in text.lines() {
                if let Ok(a) = serde_json::from_str::<AlertMsg>(line) {
                    alerts.insert(a.id);
                }
            }
        }
        let alerts_file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&alerts_path)?;
        Ok(GameMirror {
            journal,
            alerts_file,
            records,
            waiting: BTreeMap::new(),
            alerts,
            dirty: false,
        })
    }

    fn append(&mut self, line: &str) -> std::io::Result<()> {
        let mut bytes = Vec::with_capacity(line.len() + 1);
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
        self.journal.write_all(&bytes)?;
        self.records += 1;
        self.dirty = true;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hall::Priority;

    fn rec(seq: u64) -> RecordMsg {
        RecordMsg {
            board: 4,
            game: "ab12".into(),
            seq,
            line: format!("{{\"seq\":{seq}}}"),
        }
    }

    #[test]
    fn records_are_written_once_in_order_whatever_order_they_come_in() {
        let dir = tempfile::tempdir().unwrap();
        let mut m = Mirror::open(dir.path()).unwrap();
        assert_eq!(m.record(&rec(0)).unwrap(), Took::New(0));
        assert_eq!(m.record(&rec(2)).unwrap(), Took::Gap);
        assert_eq!(m.record(&rec(0)).unwrap(), Took::Duplicate);
        assert!(m.progress(4, "ab12").unwrap().resend);
        assert_eq!(m.record(&rec(1)).unwrap(), Took::New(1));
        assert_eq!(m.record(&rec(2)).unwrap(), Took::Duplicate);
        let text = std::fs::read_to_string(game_file(dir.path(), 4, "ab12")).unwrap();
        assert_eq!(text, "{\"seq\":0}\n{\"seq\":1}\n{\"seq\":2}\n");
        assert_eq!(m.progress(4, "ab12").unwrap().records, 3);
    }

    #[test]
    fn a_restarted_station_goes_on_from_its_files() {
        let dir = tempfile::tempdir().unwrap();
        let alert = AlertMsg {
            board: 4,
            game: "ab12".into(),
            id: 0,
            wall_ms: 0,
            game_ms: 0,
            priority: Priority::Flag,
            notice: None,
            text: Some("x".into()),
            lang: None,
        };
        {
            let mut m = Mirror::open(dir.path()).unwrap();
            m.record(&rec(0)).unwrap();
            m.record(&rec(1)).unwrap();
            assert!(m.alert(&alert).unwrap());
            m.sync().unwrap();
        }
        let mut m = Mirror::open(dir.path()).unwrap();
        assert_eq!(m.record(&rec(1)).unwrap(), Took::Duplicate);
        assert!(
            !m.alert(&alert).unwrap(),
            "an alert said before a restart is not said again"
        );
        assert_eq!(m.progress(4, "ab12").unwrap().alerts, 1);
    }

    #[test]
    fn a_game_id_that_could_leave_the_folder_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let mut m = Mirror::open(dir.path()).unwrap();
        let mut bad = rec(0);
        bad.game = "../../etc".into();
        assert!(m.record(&bad).is_err());
    }
}
