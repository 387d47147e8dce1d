//! Reading a journal back: every record checked, a torn last line tolerated, and the game
//! rebuilt by replaying its inputs through the same table the daemon runs.

use super::record::Record;
use crate::clock::Ms;
use crate::config::Config;
use crate::table::{Table, TableOutput};

/// Why a journal cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum JournalError {
    /// The file could not be read.
    #[error("{path}: cannot read the journal: {source}")]
    Read {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// A line in the middle is not a record (a torn *last* line is tolerated).
    #[error("{path}:{line}: not a journal record: {reason}")]
    BadLine {
        /// The file.
        path: String,
        /// 1-based line.
        line: usize,
        /// Why.
        reason: String,
    },
    /// A record does not fit the chain of digests: it, or one before it, was changed.
    #[error(
        "{path}:{line}: this record does not fit the chain of digests: it, or a record before \
         it, was changed after it was written (rule 1.7.10 settles claims from this journal)"
    )]
    Tampered {
        /// The file.
        path: String,
        /// 1-based line of the first record that does not fit.
        line: usize,
    },
    /// A record without its digest in a chained journal: the journal's digests were removed
    /// (to pass an edited journal off as one of the old format, which carries none).
    #[error(
        "{path}:{line}: this record carries no digest, but the journal is chained (its game \
         record declares the chain, or a record before this one carries a digest): digests \
         were removed after it was written, to hide an edit (rule 1.7.10 settles claims from \
         this journal)"
    )]
    DigestRemoved {
        /// The file.
        path: String,
        /// 1-based line of the first record without its digest.
        line: usize,
    },
    /// The first record is not a game record.
    #[error("{path}: the journal does not begin with a game record")]
    NoGame {
        /// The file.
        path: String,
    },
    /// Sequence numbers or game times out of order.
    #[error("{path}:{line}: {reason}")]
    OutOfOrder {
        /// The file.
        path: String,
        /// 1-based line.
        line: usize,
        /// What is out of order.
        reason: String,
    },
    /// The configuration recorded in the journal is not valid.
    #[error("{0}")]
    Config(#[from] crate::config::ConfigError),
}

/// A journal as read: its records, and whether a torn last line was dropped.
#[derive(Debug, Clone)]
pub struct Journal {
    /// The records, in order.
    pub records: Vec<Record>,
    /// A partial last line was found and left out.
    pub torn_tail: bool,
    /// Length in bytes of the well-formed part (where appending may resume).
    pub good_len: usize,
    /// The chained digest of the last record ("" when no record carries one: a journal
    /// written before records were chained).
    pub digest: String,
    /// How far the chain of digests vouches for the records.
    pub evidence: Evidence,
}

/// How far a journal's chain of digests vouches for its records.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Evidence {
    /// Every record carries its digest, chained from the game record: an edit anywhere is told.
    Chained,
    /// No record carries a digest: a journal written before records were chained, or one whose
    /// digests (and the game record's declaration of them) were all removed. An edit to it
    /// cannot be told; it is continued in its own format.
    Unchained,
    /// The records before `line` carry no digest (the old format), those from it on are
    /// chained: an old journal continued by a version that chained its new records. An edit
    /// before `line` cannot be told.
    ChainedFrom {
        /// 1-based line of the first chained record.
        line: usize,
    },
}

impl Journal {
    /// What the arbiter must know about the journal's tamper evidence, if anything: `None`
    /// when every record is chained.
    pub fn evidence_warning(&self, path: &str) -> Option<String> {
        match self.evidence {
            Evidence::Chained => None,
            Evidence::Unchained => Some(format!(
                "{path}: this journal carries no digests (the format written before records \
                 were chained, or a journal whose digests were all removed): an edit to it \
                 cannot be told. It is continued in its own format, without digests."
            )),
            Evidence::ChainedFrom { line } => Some(format!(
                "{path}: the records before line {line} carry no digests (the format written \
                 before records were chained): an edit to them cannot be told; the records \
                 from line {line} on are chained."
            )),
        }
    }

    /// The digest new records are chained to, or `None` when the journal is continued
    /// without digests (it carries none: chaining only the new records would hide an edit
    /// made to the old ones).
    pub fn chain_to(&self) -> Option<&str> {
        match self.evidence {
            Evidence::Unchained => None,
            Evidence::Chained | Evidence::ChainedFrom { .. } => Some(&self.digest),
        }
    }
}

impl Journal {
    /// Parses journal text; `path` names it in errors.
    pub fn parse(text: &str, path: &str) -> Result<Journal, JournalError> {
        let (journal, problem) = Journal::parse_prefix(text, path)?;
        match problem {
            Some(problem) => Err(problem),
            None => Ok(journal),
        }
    }

    /// Reads the good part of a journal: every record up to the first one that cannot be
    /// read or does not fit, and that problem (with its line), if there is one. The good part
    /// must at least begin with its game record. `talkclock recover` restores the game from it.
    pub fn parse_prefix(
        text: &str,
        path: &str,
    ) -> Result<(Journal, Option<JournalError>), JournalError> {
        let mut journal = Journal {
            records: Vec::new(),
            torn_tail: false,
            good_len: 0,
            digest: String::new(),
            evidence: Evidence::Unchained,
        };
        let mut chained = false;
        let mut offset = 0;
        let mut problem = None;
        for (index, raw) in text.split_inclusive('\n').enumerate() {
            let line = index + 1;
            offset += raw.len();
            let complete = raw.ends_with('\n');
            let content = raw.trim_end_matches('\n');
            if content.trim().is_empty() {
                if complete {
                    journal.good_len = offset;
                }
                continue;
            }
            if !complete {
                // Only the last line can lack its newline: it was being written when the
                // process died, and was never acknowledged. But a whole record that does not
                // fit the chain is an edit with its newline removed, not a torn write.
                if let Some(edited) = edited_tail(&journal, chained, content, path, line) {
                    problem = Some(edited);
                    break;
                }
                journal.torn_tail = true;
                continue;
            }
            match read_record(&journal, &mut chained, content, path, line) {
                Ok((record, digest)) => {
                    if let Some(digest) = digest {
                        journal.digest = digest;
                        if journal.evidence == Evidence::Unchained {
                            journal.evidence = if journal.records.is_empty() {
                                Evidence::Chained
                            } else {
                                Evidence::ChainedFrom { line }
                            };
                        }
                    }
                    journal.records.push(record);
                    journal.good_len = offset;
                }
                Err(e) => {
                    problem = Some(e);
                    break;
                }
            }
        }
        match journal.records.first() {
            Some(Record::Game { .. }) => Ok((journal, problem)),
            _ => Err(problem.unwrap_or(JournalError::NoGame {
                path: path.to_string(),
            })),
        }
    }

    /// Checks `content`, one line, as the record that would follow this journal's last one:
    /// it reads as a record, comes next in order, and carries a digest chained to the
    /// journal's. Returns the record and its digest. The station checks each record of a board
    /// with it before mirroring it; `path` and `line` name the line in errors.
    pub fn check_next(
        &self,
        content: &str,
        path: &str,
        line: usize,
    ) -> Result<(Record, String), JournalError> {
        let mut chained = true;
        let (record, digest) = read_record(self, &mut chained, content, path, line)?;
        let digest = digest.ok_or_else(|| JournalError::BadLine {
            path: path.to_string(),
            line,
            reason: "no `digest`".into(),
        })?;
        Ok((record, digest))
    }

    /// Reads and parses a journal file.
    pub fn read(path: &std::path::Path) -> Result<Journal, JournalError> {
        let name = path.display().to_string();
        let bytes = std::fs::read(path).map_err(|source| JournalError::Read {
            path: name.clone(),
            source,
        })?;
        let text = String::from_utf8_lossy(&bytes);
        Journal::parse(&text, &name)
    }

    /// The configuration text the game began under.
    pub fn config_text(&self) -> &str {
        match self.records.first() {
            Some(Record::Game { config, .. }) => config,
            _ => "",
        }
    }

    /// The configuration text in force at the end (the last `reload`, else the first).
    pub fn current_config_text(&self) -> &str {
        self.records
            .iter()
            .rev()
            .find_map(|r| match r {
                Record::Config { config, .. } | Record::Game { config, .. } => {
                    Some(config.as_str())
                }
                _ => None,
            })
            .unwrap_or("")
    }

    /// The last sequence number.
    pub fn last_seq(&self) -> u64 {
        self.records.last().map_or(0, Record::seq)
    }

    /// The game time of the last record.
    pub fn last_game_ms(&self) -> Ms {
        self.records.iter().map(Record::game_ms).max().unwrap_or(0)
    }

    /// Rebuilds the table by replaying every input at its game time (and every reload), then
    /// brings it to the last record's time. Returns the table and every output produced.
    pub fn replay(&self, path: &str) -> Result<(Table, Vec<TableOutput>), JournalError> {
        let mut outputs = Vec::new();
        let table = self.replay_with(path, |_, mut produced| outputs.append(&mut produced))?;
        Ok((table, outputs))
    }

    /// Like [`Journal::replay`], handing each batch of outputs to `each` with the
    /// configuration in force when it was produced (a reload changes languages mid-game).
    pub fn replay_with(
        &self,
        path: &str,
        each: impl FnMut(&Config, Vec<TableOutput>),
    ) -> Result<Table, JournalError> {
        self.replay_watching(path, |_, _| {}, each)
    }

    /// Like [`Journal::replay_with`], showing `before` the table as it stands at each input's
    /// instant, just before the input is handled (the time log reads a move's time there).
    pub fn replay_watching(
        &self,
        path: &str,
        mut before: impl FnMut(&Table, &Record),
        mut each: impl FnMut(&Config, Vec<TableOutput>),
    ) -> Result<Table, JournalError> {
        let mut config = Config::parse(self.config_text(), &format!("{path} (recorded config)"))?;
        let mut table = Table::new(&config.table_settings(), 0);
        for record in &self.records {
            if let Record::Input { game_ms, .. } = record {
                // Brought to the input's instant first (what handling it does anyway), so
                // that `before` sees the clocks as they stood when it was made.
                table.advance(*game_ms);
                before(&table, record);
            }
            match record {
                Record::Input { game_ms, input, .. } => table.handle(*game_ms, *input),
                Record::Config {
                    game_ms,
                    config: text,
                    ..
                } => {
                    table.advance(*game_ms);
                    each(&config, table.drain());
                    let new = Config::parse(text, &format!("{path} (reloaded config)"))?;
                    // Only reloads the live clock accepted were journaled.
                    if table.reconfigure(&new.table_settings()).is_ok() {
                        config = new;
                    }
                }
                _ => {}
            }
            each(&config, table.drain());
        }
        table.advance(self.last_game_ms());
        each(&config, table.drain());
        Ok(table)
    }
}

fn check_order(
    records: &[Record],
    next: &Record,
    path: &str,
    line: usize,
) -> Result<(), JournalError> {
    let Some(last) = records.last() else {
        return Ok(());
    };
    let fail = |reason: String| JournalError::OutOfOrder {
        path: path.to_string(),
        line,
        reason,
    };
    if next.seq() != last.seq() + 1 {
        return Err(fail(format!(
            "sequence number {} follows {}: a record is missing or repeated",
            next.seq(),
            last.seq()
        )));
    }
    if next.game_ms() < last.game_ms() {
        return Err(fail(format!(
            "game time {} ms goes back from {} ms",
            next.game_ms(),
            last.game_ms()
        )));
    }
    if matches!(next, Record::Game { .. }) {
        return Err(fail(
            "a second game record: one journal holds one game".to_string(),
        ));
    }
    Ok(())
}

/// One line of a journal read and checked against those before it: its record, and its
/// digest when it carries one.
fn read_record(
    journal: &Journal,
    chained: &mut bool,
    content: &str,
    path: &str,
    line: usize,
) -> Result<(Record, Option<String>), JournalError> {
    let bad = |reason: String| JournalError::BadLine {
        path: path.to_string(),
        line,
        reason,
    };
    let mut value: serde_json::Value =
        serde_json::from_str(content).map_err(|e| bad(e.to_string()))?;
    let written = match value.as_object_mut().and_then(|o| o.remove("digest")) {
        Some(serde_json::Value::String(d)) => Some(d),
        Some(_) => return Err(bad("`digest` is not a string".to_string())),
        None => None,
    };
    let record: Record = serde_json::from_value(value).map_err(|e| bad(e.to_string()))?;
    check_order(&journal.records, &record, path, line)?;
    if matches!(record, Record::Game { chain: Some(_), .. }) {
        *chained = true;
    }
    match &written {
        Some(written) => {
            let json = serde_json::to_string(&record).map_err(|e| bad(e.to_string()))?;
            if *written != super::record::chain(&journal.digest, &json) {
                return Err(JournalError::Tampered {
                    path: path.to_string(),
                    line,
                });
            }
            *chained = true;
        }
        None if *chained => {
            return Err(JournalError::DigestRemoved {
                path: path.to_string(),
                line,
            })
        }
        None => {}
    }
    Ok((record, written))
}

/// Whether a last line without its newline is an edited record rather than a torn write: in
/// a chained journal, a line that reads as a whole record but carries no digest, or one that
/// does not fit the chain, was not cut short by a crash. The problem, if so.
fn edited_tail(
    journal: &Journal,
    chained: bool,
    content: &str,
    path: &str,
    line: usize,
) -> Option<JournalError> {
    let mut value: serde_json::Value = serde_json::from_str(content).ok()?;
    let written = value.as_object_mut()?.remove("digest");
    let record: Record = serde_json::from_value(value).ok()?;
    let json = serde_json::to_string(&record).ok()?;
    let fits = match &written {
        Some(serde_json::Value::String(written)) => {
            *written == super::record::chain(&journal.digest, &json)
        }
        Some(_) => false,
        None => !chained,
    };
    (!fits).then(|| JournalError::Tampered {
        path: path.to_string(),
        line,
    })
}
