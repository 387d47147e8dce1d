//! What the station holds of each board, read back as a technician would check it: the
//! station's mirror of a board's game (the file whose first line is the board's journal's),
//! the alerts the station said (its transcript), and the board's own count of alerts (its last
//! state in the mirror).

use std::path::{Path, PathBuf};

/// The station's mirror of a board's game: the file whose first line is the board's journal's.
pub fn mirror_of(mirror: &Path, board: u32, journal: &Path) -> Option<PathBuf> {
    let text = std::fs::read_to_string(journal).ok()?;
    let first = text.lines().next()?;
    let id: String = serde_json::from_str::<serde_json::Value>(first)
        .ok()?
        .get("digest")?
        .as_str()?
        .chars()
        .take(16)
        .collect();
    let path = mirror
        .join(format!("board-{board}"))
        .join(format!("{id}.jsonl"));
    path.exists().then_some(path)
}

/// Whether the station's mirror of `journal` is byte for byte the journal.
pub fn mirrored_whole(mirror: &Path, board: u32, journal: &Path) -> bool {
    mirror_of(mirror, board, journal)
        .is_some_and(|m| std::fs::read(m).ok() == std::fs::read(journal).ok())
}

/// The ids of the alerts the station received of the game in `journal` (its mirror's
/// `<game>.alerts.jsonl`), sorted, each once.
pub fn alerts_received(mirror: &Path, board: u32, journal: &Path) -> Vec<u64> {
    let Some(game) = mirror_of(mirror, board, journal) else {
        return Vec::new();
    };
    let mut ids: Vec<u64> = std::fs::read_to_string(game.with_extension("alerts.jsonl"))
        .unwrap_or_default()
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok()?["id"].as_u64())
        .collect();
    ids.sort_unstable();
    ids.dedup();
    ids
}

/// The alerts the station said for `board` (event `alert`), as (alert id, priority, text).
pub fn alerts_of(lines: &[serde_json::Value], board: u64) -> Vec<(u64, String, String)> {
    lines
        .iter()
        .filter(|l| l["event"] == "alert" && l["board"] == board)
        .map(|l| {
            (
                l["alert"].as_u64().unwrap_or(u64::MAX),
                l["priority"].as_str().unwrap_or("").to_string(),
                l["text"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

/// The board's count of alerts, from its last state in the station's mirror.
pub fn board_alert_count(mirror: &Path, board: u32) -> Option<u64> {
    let text = std::fs::read(mirror.join(format!("board-{board}")).join("state.json")).ok()?;
    let state: serde_json::Value = serde_json::from_slice(&text).ok()?;
    state["alerts"].as_u64()
}
