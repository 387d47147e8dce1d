//! What a board in a hall publishes of its journal: every record, once durable, goes to the
//! hall's link. A record the station is sent is therefore one a power cut cannot take back.
//! The daemon's journal driver hands each line here as it is written (the line the journal
//! holds, chained there) and tells how far the journal is durable; the lines wait in a
//! [`Gate`] (as everything else that acknowledges an input) for their records to be durable.

use super::payload::game_id;
use crate::journal::{Gate, Record, Written};
use crossbeam_channel::Sender;

/// A journal record the link may publish: one a power cut can no longer take back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Durable {
    /// The game's id (see [`game_id`]).
    pub game: String,
    /// The record's sequence number in its game.
    pub seq: u64,
    /// The journal line, exactly as the journal holds it.
    pub line: String,
}

/// Passes each journal line to the hall's link once it is durable.
pub struct Publisher {
    /// The game's id, once begun or resumed.
    game: String,
    /// Lines written but not yet durable.
    waiting: Gate<Durable>,
    to_link: Sender<Durable>,
}

impl Publisher {
    /// A publisher to `to_link`. `resumed` is the game already in the journal, when the daemon
    /// restores one: its id and every line so far (all durable), passed on at once.
    pub fn new(resumed: Option<(String, Vec<String>)>, to_link: Sender<Durable>) -> Publisher {
        let mut game = String::new();
        if let Some((id, lines)) = resumed {
            for (seq, line) in lines.into_iter().enumerate() {
                let _ = to_link.send(Durable {
                    game: id.clone(),
                    seq: seq as u64,
                    line,
                });
            }
            game = id;
        }
        Publisher {
            game,
            waiting: Gate::new(),
            to_link,
        }
    }

    /// `record` was written as `written`, the `count`-th record the journal holds (counted
    /// across games): its line goes out once that many are durable.
    pub fn written(&mut self, count: u64, record: &Record, written: Written) {
        if matches!(record, Record::Game { .. }) {
            self.game = game_id(&written.digest);
        }
        let durable = Durable {
            game: self.game.clone(),
            seq: record.seq(),
            line: written.line,
        };
        self.waiting.hold(count, durable);
    }

    /// The journal is durable up to its `durable`-th record: the lines up to there go out.
    pub fn synced(&mut self, durable: u64) {
        self.waiting.reach(durable);
        for line in self.waiting.release() {
            let _ = self.to_link.send(line);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::journal::record::line_of;
    use crate::journal::{SharedMemoryStore, Source, Store};
    use crate::table::Request;

    #[test]
    fn a_record_goes_to_the_link_only_once_durable_and_as_the_journal_writes_it() {
        let shared = SharedMemoryStore::default();
        let mut store = shared.clone();
        let (tx, rx) = crossbeam_channel::unbounded();
        let mut publisher = Publisher::new(None, tx);
        let game = Record::Game {
            seq: 0,
            wall_ms: 1,
            config: "x".into(),
            chain: Some(crate::journal::Chain::Sha256),
        };
        let written0 = store.begin(&game).unwrap();
        publisher.written(1, &game, written0);
        publisher.synced(store.durable());
        let _ = rx.try_recv();
        shared.hold_durable(true);
        let input = Record::Input {
            seq: 1,
            game_ms: 5,
            mono_ms: 5,
            wall_ms: 6,
            source: Source::Test,
            input: "start".parse::<Request>().unwrap(),
        };
        let written1 = store.append(&input).unwrap();
        publisher.written(2, &input, written1);
        publisher.synced(store.durable());
        assert!(rx.try_recv().is_err(), "nothing is durable yet");
        shared.hold_durable(false);
        publisher.synced(store.durable());
        let got: Vec<Durable> = rx.try_iter().collect();
        let (_, digest0) = line_of(&game, "").unwrap();
        let (line1, _) = line_of(&input, &digest0).unwrap();
        let want = Durable {
            game: game_id(&digest0),
            seq: 1,
            line: line1,
        };
        assert_eq!(got, vec![want]);
    }
}
