//! The station's mirror of every board's journal: `<mirror>/board-<n>/<game>.jsonl` holds a
//! game's journal lines in order, exactly as the board's journal holds them (so `talkclock
//! replay` and `talkclock import` take it as they take a journal), and
//! `<game>.alerts.jsonl` the alerts received, and `<game>.moves.csv` the game's time log
//! (`talkclock moves --format csv` of the mirror), rewritten whenever the mirror grew. A record or alert already held is recognised
//! by its number and not written twice.
//!
//! A record is mirrored only once it fits the game's chain of digests: it must read as the
//! record that follows the last one held ([`Journal::check_next`], the reader's own check).
//! One that does not fit is kept aside in `<game>.aside.jsonl` (see [`super::aside`]) and the board
//! is asked again from there. A record that arrives ahead of one missing waits in memory
//! until the gap is filled, within bounds: at most [`MAX_AHEAD`] numbers past the gap, and
//! [`MAX_WAITING_BYTES`] over every game; beyond them it is refused, and counted, and the
//! board is asked again from the gap.

use super::aside::{Aside, AsideFile};
use crate::hall::payload::{game_id, line_digest};
use crate::hall::{AlertMsg, Mirrored, RecordMsg};
use crate::journal::{Journal, Record};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fs::{File, OpenOptions};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

/// A record more than this many numbers past a game's gap is refused, not held.
pub const MAX_AHEAD: u64 = 1024;
/// The most bytes of records held ahead of gaps, over every game (each costs its line and
/// [`ENTRY_COST`]).
pub const MAX_WAITING_BYTES: usize = 16 * 1024 * 1024;
/// What holding one record costs beyond its line (the map's entry), counted against
/// [`MAX_WAITING_BYTES`].
const ENTRY_COST: usize = 64;

/// What a record did to the mirror.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Took {
    /// Written (with this many records after it that waited for it).
    New(usize),
    /// Already held.
    Duplicate,
    /// Ahead of a missing one: it waits.
    Gap,
    /// Ahead of a missing one, but its number is already waiting with other words: the one
    /// that came first waits (it is checked against the chain when its turn comes; if it does
    /// not fit, the board is asked again).
    Rival,
    /// Ahead of a missing one, beyond [`MAX_AHEAD`] or [`MAX_WAITING_BYTES`]: refused.
    Refused,
    /// It does not fit the chain: kept aside ([`Mirror::take_asides`] says why).
    Aside,
}

/// One game of one board.
#[derive(Debug)]
struct GameMirror {
    /// Its file, to name it in messages and beside it the aside file.
    path: PathBuf,
    journal: File,
    alerts_file: File,
    /// Records held without a gap.
    records: u64,
    /// The last record held and the chain's digest after it: what the next must follow.
    tail: Journal,
    /// Records ahead of a gap.
    waiting: BTreeMap<u64, String>,
    /// A record was refused or kept aside since the mirror last grew: the board is asked
    /// again from the gap.
    missing: bool,
    /// Records refused ahead of the gap since [`Mirror::take_refused`] last told.
    refused: u64,
    /// Records kept aside.
    aside: AsideFile,
    /// Alerts held.
    alerts: BTreeSet<u64>,
    dirty: bool,
    /// Records were mirrored since the time log was last written.
    log_stale: bool,
}

/// The mirror of every board.
#[derive(Debug)]
pub struct Mirror {
    root: PathBuf,
    games: HashMap<(u32, String), GameMirror>,
    /// The bytes held ahead of gaps, over every game.
    waiting_bytes: usize,
    /// Records kept aside, not yet taken by [`Mirror::take_asides`].
    asides: Vec<Aside>,
}

/// Records refused ahead of a game's gap.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusals {
    /// The board.
    pub board: u32,
    /// The game.
    pub game: String,
    /// How many since last told.
    pub count: u64,
    /// The first record missing: the board is asked again from it.
    pub gap: u64,
}

/// The file of a board's game in a mirror.
pub fn game_file(root: &Path, board: u32, game: &str) -> PathBuf {
    root.join(format!("board-{board}"))
        .join(format!("{game}.jsonl"))
}

/// The time log file beside a mirrored game's journal: `<game>.moves.csv`.
pub fn time_log_file(journal: &Path) -> PathBuf {
    journal.with_extension("moves.csv")
}

/// Rewrites the time log beside a mirrored game's journal (through a temporary file, so a
/// reader never sees half of it). A mirror that holds no game record yet has no log.
pub fn write_time_log(journal: &Path) -> std::io::Result<()> {
    if std::fs::metadata(journal)?.len() == 0 {
        return Ok(());
    }
    let name = journal.display().to_string();
    let read = Journal::read(journal).map_err(std::io::Error::other)?;
    let rows = crate::journal::time_log::time_log(&read, &name).map_err(std::io::Error::other)?;
    let target = time_log_file(journal);
    let temporary = journal.with_extension("moves.csv.part");
    std::fs::write(&temporary, crate::journal::time_log::csv_text(&rows))?;
    std::fs::rename(&temporary, &target)
}

/// A board's games in a mirror, newest first (by the wall clock of their game records).
pub fn games_of(root: &Path, board: u32) -> std::io::Result<Vec<PathBuf>> {
    let dir = root.join(format!("board-{board}"));
    let mut games = Vec::new();
    for entry in std::fs::read_dir(&dir)? {
        let path = entry?.path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let other = name.ends_with(".alerts.jsonl") || name.ends_with(".aside.jsonl");
        if name.ends_with(".jsonl") && !other {
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
            waiting_bytes: 0,
            asides: Vec::new(),
        })
    }

    /// Where it is.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Loads a game from disk, if it is not in memory yet.
    fn load(&mut self, key: &(u32, String)) -> std::io::Result<()> {
        if !self.games.contains_key(key) {
            let (loaded, asides) = GameMirror::open(&self.root, key.0, &key.1)?;
            self.asides.extend(asides);
            self.games.insert(key.clone(), loaded);
        }
        Ok(())
    }

    fn game(&mut self, board: u32, game: &str) -> std::io::Result<&mut GameMirror> {
        let key = (board, game.to_string());
        self.load(&key)?;
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
        let key = (msg.board, msg.game.clone());
        self.load(&key)?;
        let Some(g) = self.games.get_mut(&key) else {
            return Err(std::io::Error::other("mirror: a game vanished"));
        };
        if msg.seq < g.records {
            // A second copy of the last record held must be the same record.
            let same = line_digest(&msg.line).is_some_and(|d| d == g.tail.digest);
            if msg.seq + 1 == g.records && !same {
                let why = Misfit::Rival { seq: msg.seq };
                self.asides
                    .push(g.set_aside(msg.board, &msg.game, msg.seq, &msg.line, why)?);
                return Ok(Took::Aside);
            }
            return Ok(Took::Duplicate);
        }
        if msg.seq > g.records {
            if let Some(held) = g.waiting.get(&msg.seq) {
                return Ok(if *held == msg.line {
                    Took::Duplicate
                } else {
                    Took::Rival
                });
            }
            let cost = msg.line.len() + ENTRY_COST;
            if msg.seq - g.records > MAX_AHEAD || self.waiting_bytes + cost > MAX_WAITING_BYTES {
                g.refused += 1;
                g.missing = true;
                return Ok(Took::Refused);
            }
            g.waiting.insert(msg.seq, msg.line.clone());
            self.waiting_bytes += cost;
            return Ok(Took::Gap);
        }
        if let Err(why) = g.take(msg.seq, &msg.line, &msg.game)? {
            self.asides
                .push(g.set_aside(msg.board, &msg.game, msg.seq, &msg.line, why)?);
            return Ok(Took::Aside);
        }
        let mut after = 0;
        while let Some(line) = g.waiting.remove(&g.records) {
            self.waiting_bytes = self.waiting_bytes.saturating_sub(line.len() + ENTRY_COST);
            let seq = g.records;
            if let Err(why) = g.take(seq, &line, &msg.game)? {
                // What waited past it came the same way: it is let go, and the board, asked
                // again from the gap, sends the records it has.
                let let_go = std::mem::take(&mut g.waiting);
                let freed: usize = let_go.values().map(|l| l.len() + ENTRY_COST).sum();
                self.waiting_bytes = self.waiting_bytes.saturating_sub(freed);
                let mut aside = g.set_aside(msg.board, &msg.game, seq, &line, why)?;
                aside.let_go = let_go.len();
                self.asides.push(aside);
                break;
            }
            after += 1;
        }
        Ok(Took::New(after))
    }

    /// The records kept aside since last asked (each to be logged and told).
    pub fn take_asides(&mut self) -> Vec<Aside> {
        std::mem::take(&mut self.asides)
    }

    /// The records refused ahead of a gap since last asked, by game.
    pub fn take_refused(&mut self) -> Vec<Refusals> {
        let mut out: Vec<Refusals> = self
            .games
            .iter_mut()
            .filter(|(_, g)| g.refused > 0)
            .map(|((board, game), g)| Refusals {
                board: *board,
                game: game.clone(),
                count: std::mem::take(&mut g.refused),
                gap: g.records,
            })
            .collect();
        out.sort_by(|a, b| (a.board, &a.game).cmp(&(b.board, &b.game)));
        out
    }

    /// The bytes held ahead of gaps, over every game.
    pub fn waiting_bytes(&self) -> usize {
        self.waiting_bytes
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
            resend: !g.waiting.is_empty() || g.missing,
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
        for g in self.games.values_mut() {
            g.aside.sync()?;
            if g.dirty {
                g.journal.sync_data()?;
                g.alerts_file.sync_data()?;
                g.dirty = false;
            }
            if g.log_stale {
                // The time log is derived: a journal it cannot replay (a configuration this
                // station does not read) leaves it out, never the mirror's own sync.
                g.log_stale = false;
                if let Err(e) = write_time_log(&g.path) {
                    tracing::warn!("station: no time log for {}: {e}", g.path.display());
                }
            }
        }
        Ok(())
    }
}

/// A game id names files: hex digits only.
pub fn safe_id(game: &str) -> bool {
    !game.is_empty() && game.len() <= 64 && game.chars().all(|c| c.is_ascii_hexdigit())
}

/// A journal before its first record: what a game record may follow.
fn empty_tail() -> Journal {
    Journal {
        records: Vec::new(),
        torn_tail: false,
        good_len: 0,
        digest: String::new(),
        evidence: crate::journal::Evidence::Chained,
    }
}

/// What a mirror file holds: the tail of its good part, how many records and bytes that is,
/// and why the rest (if any) does not fit.
fn read_good_part(bytes: &[u8], name: &str) -> (Journal, u64, usize, Option<String>) {
    if bytes.is_empty() {
        return (empty_tail(), 0, 0, None);
    }
    // Only a valid UTF-8 beginning can be good.
    let text = match std::str::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or(""),
    };
    match Journal::parse_prefix(text, name) {
        Ok((mut journal, problem)) => {
            let records = journal.records.len() as u64;
            let last = journal.records.pop();
            journal.records = last.into_iter().collect();
            let good = journal.good_len;
            let problem = problem.map(|p| p.to_string()).or_else(|| {
                // Bytes past the good part that are more than a torn last line.
                let rest = &bytes[good..];
                let torn = !rest.contains(&b'\n') && text.len() == bytes.len();
                (!rest.is_empty() && !torn).then(|| format!("{name}: not UTF-8 text"))
            });
            (journal, records, good, problem)
        }
        // Only a line being written when the station stopped: nothing held yet.
        Err(_) if !bytes.contains(&b'\n') => (empty_tail(), 0, 0, None),
        Err(problem) => (empty_tail(), 0, 0, Some(problem.to_string())),
    }
}

impl GameMirror {
    /// A game's mirror as an earlier run of the station left it: its good part is kept; what
    /// follows a line that does not fit (a mirror written before records were checked) is
    /// kept aside, and cut off; so is a torn last line (from a crash while writing it), which
    /// the board sends again.
    fn open(root: &Path, board: u32, game: &str) -> std::io::Result<(GameMirror, Vec<Aside>)> {
        let path = game_file(root, board, game);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let alerts_path = path.with_extension("alerts.jsonl");
        let bytes = match std::fs::read(&path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
            Err(e) => return Err(e),
        };
        let (tail, records, good, problem) = read_good_part(&bytes, &path.display().to_string());
        let mut aside = AsideFile::new(&path);
        let mut asides = Vec::new();
        if let Some(problem) = problem {
            let why = format!("the mirror's file does not fit its chain from here: {problem}");
            let rest = String::from_utf8_lossy(&bytes[good..]);
            for (i, line) in rest.lines().enumerate() {
                let seq = records + i as u64;
                let kept = aside.keep(seq, line, &why)?;
                asides.push(Aside {
                    board,
                    game: game.to_string(),
                    seq,
                    why: why.clone(),
                    kept,
                    let_go: 0,
                });
            }
            aside.sync()?;
        }
        let journal = OpenOptions::new().create(true).append(true).open(&path)?;
        journal.set_len(good as u64)?;
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
        let mirror = GameMirror {
            path,
            journal,
            alerts_file,
            records,
            tail,
            waiting: BTreeMap::new(),
            missing: !asides.is_empty(),
            refused: 0,
            aside,
            alerts,
            dirty: false,
            log_stale: true,
        };
        Ok((mirror, asides))
    }

    /// Writes record `seq` (the next) if it fits the chain; otherwise says why not.
    fn take(&mut self, seq: u64, line: &str, game: &str) -> std::io::Result<Result<(), Misfit>> {
        let name = self.path.display().to_string();
        let at = usize::try_from(seq).unwrap_or(usize::MAX).saturating_add(1);
        let (record, digest) = match self.tail.check_next(line, &name, at) {
            Ok(fits) => fits,
            Err(e) => return Ok(Err(Misfit::Chain { seq, why: e })),
        };
        if record.seq() != seq {
            return Ok(Err(Misfit::Numbered {
                seq,
                holds: record.seq(),
            }));
        }
        if seq == 0 && !matches!(record, Record::Game { .. }) {
            return Ok(Err(Misfit::NotAGame));
        }
        if seq == 0 && game_id(&digest) != game {
            return Ok(Err(Misfit::OtherGame {
                game: game.to_string(),
            }));
        }
        let mut bytes = Vec::with_capacity(line.len() + 1);
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
        self.journal.write_all(&bytes)?;
        self.records += 1;
        // The time log has a row per move: a heartbeat (most of a running game's records) adds
        // none. Written again for each, 200 boards' logs were read and replayed whole every
        // tick, a cost that grew with the games.
        if !matches!(record, Record::Heartbeat { .. }) {
            self.log_stale = true;
        }
        self.tail.records.clear();
        self.tail.records.push(record);
        self.tail.digest = digest;
        self.missing = false;
        self.dirty = true;
        Ok(Ok(()))
    }

    /// Keeps record `seq` aside because `why`; the board is asked again from the gap.
    fn set_aside(
        &mut self,
        board: u32,
        game: &str,
        seq: u64,
        line: &str,
        why: Misfit,
    ) -> std::io::Result<Aside> {
        let why = why.to_string();
        let kept = self.aside.keep(seq, line, &why)?;
        self.missing = true;
        Ok(Aside {
            board,
            game: game.to_string(),
            seq,
            why,
            kept,
            let_go: 0,
        })
    }
}

/// Why a board's record does not fit the game the station holds (it is kept aside).
#[derive(Debug, thiserror::Error)]
pub enum Misfit {
    /// A second copy of the last record held is not the same record.
    #[error("a second record {seq} unlike the one mirrored (the one that came first is kept)")]
    Rival {
        /// The record's place.
        seq: u64,
    },
    /// Its digest does not follow the chain.
    #[error("record {seq} does not fit the chain: {why}")]
    Chain {
        /// The record's place.
        seq: u64,
        /// What the chain's check found.
        why: crate::journal::JournalError,
    },
    /// It came as record `seq` but carries another number.
    #[error("record {seq} holds the record numbered {holds}")]
    Numbered {
        /// The place it came for.
        seq: u64,
        /// The number it carries.
        holds: u64,
    },
    /// Record 0 is not the game's record.
    #[error("record 0 is not a game record")]
    NotAGame,
    /// Record 0 begins another game.
    #[error("record 0 is the game record of another game than {game}")]
    OtherGame {
        /// The game the board announced.
        game: String,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hall::Priority;
    use crate::journal::record::line_of;

    /// A game's first `n` journal lines, chained, and its id.
    fn game(n: u64) -> (String, Vec<String>) {
        let mut previous = String::new();
        let mut id = String::new();
        let mut lines = Vec::new();
        for seq in 0..n {
            let record = if seq == 0 {
                Record::Game {
                    seq,
                    wall_ms: 1,
                    config: "x".into(),
                    chain: Some(crate::journal::Chain::Sha256),
                }
            } else {
                Record::Heartbeat {
                    seq,
                    game_ms: seq as i64 * 1000,
                    mono_ms: seq as i64 * 1000,
                    wall_ms: 1 + seq as i64 * 1000,
                    white_ms: 60_000,
                    black_ms: 60_000,
                }
            };
            let (line, digest) = line_of(&record, &previous).unwrap();
            if seq == 0 {
                id = game_id(&digest);
            }
            previous = digest;
            lines.push(line);
        }
        (id, lines)
    }

    fn rec(id: &str, lines: &[String], seq: u64) -> RecordMsg {
        RecordMsg {
            board: 4,
            game: id.into(),
            seq,
            line: lines[seq as usize].clone(),
        }
    }

    /// Record `seq` as a board's credentials could forge it: the next number, a broken chain.
    fn forged(id: &str, seq: u64) -> RecordMsg {
        RecordMsg {
            board: 4,
            game: id.into(),
            seq,
            line: format!(
                r#"{{"kind":"heartbeat","seq":{seq},"game_ms":99000,"mono_ms":99000,"wall_ms":5,"white_ms":1,"black_ms":60000,"digest":"{}"}}"#,
                "0".repeat(64)
            ),
        }
    }

    fn file(dir: &Path, id: &str) -> String {
        std::fs::read_to_string(game_file(dir, 4, id)).unwrap()
    }

    fn joined(lines: &[String]) -> String {
        lines.iter().map(|l| format!("{l}\n")).collect()
    }

    #[test]
    fn records_are_written_once_in_order_whatever_order_they_come_in() {
        let dir = tempfile::tempdir().unwrap();
        let (id, lines) = game(3);
        let mut m = Mirror::open(dir.path()).unwrap();
        assert_eq!(m.record(&rec(&id, &lines, 0)).unwrap(), Took::New(0));
        assert_eq!(m.record(&rec(&id, &lines, 2)).unwrap(), Took::Gap);
        assert_eq!(m.record(&rec(&id, &lines, 0)).unwrap(), Took::Duplicate);
        assert!(m.progress(4, &id).unwrap().resend);
        assert_eq!(m.record(&rec(&id, &lines, 1)).unwrap(), Took::New(1));
        assert_eq!(m.record(&rec(&id, &lines, 2)).unwrap(), Took::Duplicate);
        assert_eq!(file(dir.path(), &id), joined(&lines));
        assert_eq!(m.progress(4, &id).unwrap().records, 3);
        assert_eq!(m.waiting_bytes(), 0);
        assert!(m.take_asides().is_empty());
    }

    #[test]
    fn a_heartbeat_does_not_make_the_time_log_be_written_again() {
        let dir = tempfile::tempdir().unwrap();
        let (id, lines) = game(3);
        let mut m = Mirror::open(dir.path()).unwrap();
        let stale = |m: &Mirror| m.games[&(4, id.clone())].log_stale;
        assert_eq!(m.record(&rec(&id, &lines, 0)).unwrap(), Took::New(0));
        assert!(stale(&m), "a new game's log is due");
        m.sync().unwrap();
        assert!(!stale(&m));
        m.record(&rec(&id, &lines, 1)).unwrap();
        assert_eq!(
            m.progress(4, &id).unwrap().records,
            2,
            "the heartbeat is mirrored"
        );
        assert!(!stale(&m), "a heartbeat adds no move to the log");
    }

    #[test]
    fn a_restarted_station_goes_on_from_its_files() {
        let dir = tempfile::tempdir().unwrap();
        let (id, lines) = game(3);
        let alert = AlertMsg {
            board: 4,
            game: id.clone(),
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
            m.record(&rec(&id, &lines, 0)).unwrap();
            m.record(&rec(&id, &lines, 1)).unwrap();
            assert!(m.alert(&alert).unwrap());
            m.sync().unwrap();
        }
        let mut m = Mirror::open(dir.path()).unwrap();
        assert_eq!(m.record(&rec(&id, &lines, 1)).unwrap(), Took::Duplicate);
        assert!(
            !m.alert(&alert).unwrap(),
            "an alert said before a restart is not said again"
        );
        assert_eq!(m.progress(4, &id).unwrap().alerts, 1);
        assert_eq!(
            m.record(&rec(&id, &lines, 2)).unwrap(),
            Took::New(0),
            "the chain goes on from the file"
        );
        assert_eq!(file(dir.path(), &id), joined(&lines));
    }

    #[test]
    fn a_game_id_that_could_leave_the_folder_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let (_, lines) = game(1);
        let mut m = Mirror::open(dir.path()).unwrap();
        let mut bad = rec("ab", &lines, 0);
        bad.game = "../../etc".into();
        assert!(m.record(&bad).is_err());
    }

    #[test]
    fn a_forged_record_that_breaks_the_chain_is_kept_aside_and_the_boards_own_mirrored() {
        let dir = tempfile::tempdir().unwrap();
        let (id, lines) = game(3);
        let mut m = Mirror::open(dir.path()).unwrap();
        m.record(&rec(&id, &lines, 0)).unwrap();
        m.record(&rec(&id, &lines, 1)).unwrap();
        assert_eq!(m.record(&forged(&id, 2)).unwrap(), Took::Aside);
        let asides = m.take_asides();
        assert_eq!(asides.len(), 1, "{asides:?}");
        assert_eq!((asides[0].seq, asides[0].kept), (2, true));
        assert!(asides[0].why.contains("chain"), "{}", asides[0].why);
        assert!(
            m.progress(4, &id).unwrap().resend,
            "the board is asked again from record 2"
        );
        assert_eq!(m.record(&rec(&id, &lines, 2)).unwrap(), Took::New(0));
        assert!(!m.progress(4, &id).unwrap().resend);
        assert_eq!(file(dir.path(), &id), joined(&lines));
        m.sync().unwrap();
        let aside =
            std::fs::read_to_string(dir.path().join(format!("board-4/{id}.aside.jsonl"))).unwrap();
        assert!(aside.contains(r#"\"white_ms\":1,"#), "{aside}");
        assert_eq!(
            games_of(dir.path(), 4).unwrap(),
            vec![game_file(dir.path(), 4, &id)],
            "the aside file is no game"
        );
    }

    #[test]
    fn a_forged_record_waiting_ahead_of_a_gap_is_kept_aside_when_its_turn_comes() {
        let dir = tempfile::tempdir().unwrap();
        let (id, lines) = game(4);
        let mut m = Mirror::open(dir.path()).unwrap();
        m.record(&rec(&id, &lines, 0)).unwrap();
        assert_eq!(m.record(&forged(&id, 2)).unwrap(), Took::Gap);
        assert_eq!(m.record(&rec(&id, &lines, 2)).unwrap(), Took::Rival);
        assert_eq!(m.record(&rec(&id, &lines, 1)).unwrap(), Took::New(0));
        assert_eq!(m.take_asides().len(), 1);
        assert!(m.progress(4, &id).unwrap().resend);
        // The board sends again from 2.
        assert_eq!(m.record(&rec(&id, &lines, 2)).unwrap(), Took::New(0));
        assert_eq!(m.record(&rec(&id, &lines, 3)).unwrap(), Took::New(0));
        assert_eq!(file(dir.path(), &id), joined(&lines));
        assert_eq!(m.waiting_bytes(), 0);
    }

    #[test]
    fn a_second_unlike_copy_of_the_last_record_is_kept_aside_not_dropped_unsaid() {
        let dir = tempfile::tempdir().unwrap();
        let (id, lines) = game(3);
        let mut m = Mirror::open(dir.path()).unwrap();
        for seq in 0..3 {
            m.record(&rec(&id, &lines, seq)).unwrap();
        }
        assert_eq!(m.record(&forged(&id, 2)).unwrap(), Took::Aside);
        assert!(m.take_asides()[0].why.contains("second record 2"));
        assert_eq!(m.record(&rec(&id, &lines, 2)).unwrap(), Took::Duplicate);
    }

    #[test]
    fn a_game_record_of_another_game_is_kept_aside() {
        let dir = tempfile::tempdir().unwrap();
        let (_, lines) = game(1);
        let mut m = Mirror::open(dir.path()).unwrap();
        assert_eq!(m.record(&rec("abcd", &lines, 0)).unwrap(), Took::Aside);
        assert!(m.take_asides()[0].why.contains("another game"));
        assert_eq!(m.progress(4, "abcd").unwrap().records, 0);
    }

    #[test]
    fn twenty_thousand_far_ahead_records_are_refused_and_the_memory_held_stays_bounded() {
        let dir = tempfile::tempdir().unwrap();
        let (id, lines) = game(2);
        let mut m = Mirror::open(dir.path()).unwrap();
        m.record(&rec(&id, &lines, 0)).unwrap();
        let big = "x".repeat(4000);
        let mut refused = 0;
        for seq in 2..20_002 {
            let msg = RecordMsg {
                board: 4,
                game: id.clone(),
                seq,
                line: big.clone(),
            };
            if m.record(&msg).unwrap() == Took::Refused {
                refused += 1;
            }
        }
        assert!(
            m.waiting_bytes() <= MAX_WAITING_BYTES,
            "{}",
            m.waiting_bytes()
        );
        let held = m.games[&(4, id.clone())].waiting.len() as u64;
        assert!(held <= MAX_AHEAD, "{held} held");
        assert_eq!(held + refused, 20_000);
        let told = m.take_refused();
        assert_eq!(told.len(), 1);
        assert_eq!((told[0].count, told[0].gap), (refused, 1));
        assert!(m.take_refused().is_empty(), "each refusal is told once");
        assert!(m.progress(4, &id).unwrap().resend);
        // The gap filled: what waited does not fit and is kept aside; the rest is let go.
        assert_eq!(m.record(&rec(&id, &lines, 1)).unwrap(), Took::New(0));
        let asides = m.take_asides();
        assert_eq!(asides.len(), 1);
        assert_eq!(asides[0].let_go as u64, held - 1);
        assert_eq!(m.waiting_bytes(), 0);
    }

    #[test]
    fn a_mirror_file_broken_by_an_older_station_is_cut_at_the_break_and_the_rest_kept_aside() {
        let dir = tempfile::tempdir().unwrap();
        let (id, lines) = game(4);
        let path = game_file(dir.path(), 4, &id);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        let broken = format!(
            "{}{}\n{}\n",
            joined(&lines[..2]),
            forged(&id, 2).line,
            lines[3]
        );
        std::fs::write(&path, broken).unwrap();
        let mut m = Mirror::open(dir.path()).unwrap();
        let progress = m.progress(4, &id).unwrap();
        assert_eq!((progress.records, progress.resend), (2, true));
        let asides = m.take_asides();
        assert_eq!(asides.iter().map(|a| a.seq).collect::<Vec<_>>(), vec![2, 3]);
        assert_eq!(file(dir.path(), &id), joined(&lines[..2]));
        assert_eq!(m.record(&rec(&id, &lines, 2)).unwrap(), Took::New(0));
        assert_eq!(m.record(&rec(&id, &lines, 3)).unwrap(), Took::New(0));
        assert_eq!(file(dir.path(), &id), joined(&lines));
    }
}
