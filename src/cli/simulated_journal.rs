//! `simulate --journal`: the journal a daemon would have written for a script's game, so that
//! every journal tool (`replay`, `moves`, `export`, the station's mirror) can be checked on
//! virtual time. It holds the game record with the configuration's text and every input the
//! script gives, chained as the daemon chains them; wall time is the game's time counted from
//! the Unix epoch, and so is the writer's monotonic clock. The daemon's once-a-second
//! heartbeats are left out (a replay does not need them): one heartbeat at the script's last
//! instant, when a clock still runs there, carries the game to that instant.

use super::Failure;
use crate::journal::{Chain, JournalWriter, Record, Source};
use crate::sim::{FinalLine, ScriptAction, Step};
use crate::table::Request;
use std::path::Path;

/// Writes the journal of `steps`, played under the configuration `config_text`, to `path`.
/// A file already at `path` is not replaced: a journal is never written over.
pub fn write(
    path: &Path,
    config_text: &str,
    steps: &[Step],
    end: &FinalLine,
) -> Result<(), Failure> {
    if path.exists() {
        return Err(Failure::Usage(format!(
            "{}: a file is already there; simulate --journal writes a new journal, never over one",
            path.display()
        )));
    }
    let game = Record::Game {
        seq: 0,
        wall_ms: 0,
        config: config_text.to_string(),
        chain: Some(Chain::Sha256),
    };
    let mut writer = JournalWriter::create(path, &game)?;
    let mut seq = 0;
    let mut last_ms = 0;
    for step in steps {
        let request = match step.action {
            ScriptAction::Input(input) => Request::Game(input),
            ScriptAction::ClockCheck(listener) => Request::ClockCheck(listener),
            ScriptAction::Rollback(rollback) => Request::Rollback(rollback),
            ScriptAction::End => continue,
        };
        seq += 1;
        last_ms = step.at;
        writer.append(&Record::Input {
            seq,
            game_ms: step.at,
            mono_ms: step.at,
            wall_ms: step.at,
            source: Source::of(&request),
            input: request,
        })?;
    }
    if end.running.is_some() && end.at_ms > last_ms {
        writer.append(&Record::Heartbeat {
            seq: seq + 1,
            game_ms: end.at_ms,
            mono_ms: end.at_ms,
            wall_ms: end.at_ms,
            white_ms: end.white_ms,
            black_ms: end.black_ms,
        })?;
    }
    writer.sync()?;
    Ok(())
}
