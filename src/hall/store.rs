//! The journal store of a board in a hall: the daemon's own store, which also hands every
//! record, once durable, to the hall's link. A record the station is sent is therefore one a
//! power cut cannot take back.

use super::payload::game_id;
use crate::journal::record::line_of;
use crate::journal::{Record, Store};
use crossbeam_channel::Sender;
use std::cell::RefCell;
use std::collections::VecDeque;

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

/// A [`Store`] that passes each durable record on.
pub struct PublishingStore {
    inner: Box<dyn Store>,
    /// The game's id, once begun or resumed.
    game: String,
    /// Records written but not yet durable: (record count when written, seq, line).
    waiting: RefCell<VecDeque<(u64, u64, String)>>,
    to_link: Sender<Durable>,
}

impl PublishingStore {
    /// Wraps `inner`. `resumed` is the game already in the journal, when the daemon restores
    /// one: its id and every line so far (all durable), passed on at once.
    pub fn new(
        inner: Box<dyn Store>,
        resumed: Option<(String, Vec<String>)>,
        to_link: Sender<Durable>,
    ) -> PublishingStore {
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
        PublishingStore {
            inner,
            game,
            waiting: RefCell::new(VecDeque::new()),
            to_link,
        }
    }

    /// Passes on what has become durable.
    fn release(&self) {
        let durable = self.inner.durable();
        let mut waiting = self.waiting.borrow_mut();
        while waiting.front().is_some_and(|(n, _, _)| *n <= durable) {
            if let Some((_, seq, line)) = waiting.pop_front() {
                let _ = self.to_link.send(Durable {
                    game: self.game.clone(),
                    seq,
                    line,
                });
            }
        }
    }

    fn hold(&mut self, record: &Record, previous: &str) {
        if let Ok((line, digest)) = line_of(record, previous) {
            if matches!(record, Record::Game { .. }) {
                self.game = game_id(&digest);
            }
            self.waiting
                .get_mut()
                .push_back((self.inner.written(), record.seq(), line));
        }
    }
}

impl Store for PublishingStore {
    fn append(&mut self, record: &Record) -> std::io::Result<()> {
        let previous = self.inner.digest();
        self.inner.append(record)?;
        self.hold(record, &previous);
        self.release();
        Ok(())
    }

    fn written(&self) -> u64 {
        self.inner.written()
    }

    fn durable(&self) -> u64 {
        self.release();
        self.inner.durable()
    }

    fn take_failure(&mut self) -> Option<std::io::Error> {
        self.inner.take_failure()
    }

    fn sync_now(&mut self) -> std::io::Result<()> {
        self.inner.sync_now()?;
        self.release();
        Ok(())
    }

    fn repair(&mut self) -> std::io::Result<()> {
        self.inner.repair()?;
        self.release();
        Ok(())
    }

    fn begin(&mut self, game: &Record) -> std::io::Result<()> {
        // The last game's records go out first (its journal is closed durable).
        self.release();
        self.inner.begin(game)?;
        self.hold(game, "");
        self.release();
        Ok(())
    }

    fn describe(&self) -> String {
        self.inner.describe()
    }

    fn digest(&self) -> String {
        self.inner.digest()
    }

    fn verify(&mut self) -> std::io::Result<bool> {
        self.inner.verify()
    }

    fn free_bytes(&self) -> Option<u64> {
        self.inner.free_bytes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::journal::{SharedMemoryStore, Source};
    use crate::table::Request;

    #[test]
    fn a_record_goes_to_the_link_only_once_durable_and_as_the_journal_writes_it() {
        let shared = SharedMemoryStore::default();
        let (tx, rx) = crossbeam_channel::unbounded();
        let mut store = PublishingStore::new(Box::new(shared.clone()), None, tx);
        let game = Record::Game {
            seq: 0,
            wall_ms: 1,
            config: "x".into(),
            chain: Some(crate::journal::Chain::Sha256),
        };
        store.begin(&game).unwrap();
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
        store.append(&input).unwrap();
        assert!(rx.try_recv().is_err(), "nothing is durable yet");
        shared.hold_durable(false);
        let _ = store.durable();
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
