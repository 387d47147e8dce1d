//! The one gate for acknowledgements: whatever acknowledges an input waits here until the
//! journal records asked for before it have reached the stage its owner waits for, so that a
//! crash can never take back what someone heard or was sent. What is heard (a click, a flag,
//! any announcement) waits for its records to be *written* to the journal file (in the
//! kernel's page cache: they survive a crash or kill of the daemon, a sync later a power cut
//! too); what is sent to another program or machine (a reply to the arbiter's command, a line
//! published to the hall) waits for them to be *durable* (synced to the disk).
//!
//! Records are counted from 1 across games. Each item is held with a *mark*, the number of
//! records asked for when it was made; the *watermark* is how many have reached the stage, as
//! the journal's driver last said. An item goes out once the watermark reaches its mark, in
//! the order held. Marks only grow while the journal works, so nothing overtakes what was held
//! before it; after a write that failed, the core counts fewer records than before, and what
//! it tells then (not depending on the records that failed) goes out while the acknowledgement
//! of a failed record waits for that record to be written again.

use std::collections::VecDeque;

/// Items held until the journal's watermark reaches their mark, released in order.
#[derive(Debug)]
pub struct Gate<T> {
    held: VecDeque<(u64, T)>,
    reached: u64,
}

impl<T> Default for Gate<T> {
    fn default() -> Gate<T> {
        Gate {
            held: VecDeque::new(),
            reached: 0,
        }
    }
}

impl<T> Gate<T> {
    /// An empty gate; no record has reached the stage yet.
    pub fn new() -> Gate<T> {
        Gate::default()
    }

    /// Holds `item` until the first `mark` records have reached the stage (a mark of 0, or
    /// one already reached, lets it go at the next [`Gate::release`]).
    pub fn hold(&mut self, mark: u64, item: T) {
        self.held.push_back((mark, item));
    }

    /// The journal's records up to `watermark` have reached the stage (the watermark never
    /// goes back).
    pub fn reach(&mut self, watermark: u64) {
        self.reached = self.reached.max(watermark);
    }

    /// How many records have reached the stage, as last told.
    pub fn reached(&self) -> u64 {
        self.reached
    }

    /// Whether the first `mark` records have reached the stage.
    pub fn has_reached(&self, mark: u64) -> bool {
        self.reached >= mark
    }

    /// Takes, in the order held, what may go out now: every item whose records have reached
    /// the stage.
    pub fn release(&mut self) -> Vec<T> {
        let reached = self.reached;
        let mut ready = Vec::new();
        let mut at = 0;
        while at < self.held.len() {
            if self.held[at].0 <= reached {
                if let Some((_, item)) = self.held.remove(at) {
                    ready.push(item);
                }
            } else {
                at += 1;
            }
        }
        ready
    }

    /// Every item that waits, to be changed in place (not released).
    pub fn held_mut(&mut self) -> impl Iterator<Item = &mut T> {
        self.held.iter_mut().map(|(_, item)| item)
    }

    /// How many items wait.
    pub fn len(&self) -> usize {
        self.held.len()
    }

    /// Whether nothing waits.
    pub fn is_empty(&self) -> bool {
        self.held.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::Gate;

    #[test]
    fn an_item_waits_for_its_mark_and_goes_in_the_order_held() {
        let mut gate = Gate::new();
        gate.hold(0, "status");
        gate.hold(2, "click");
        gate.hold(2, "flag");
        assert_eq!(gate.release(), vec!["status"]);
        gate.reach(1);
        assert!(gate.release().is_empty(), "the click waits for its record");
        gate.reach(2);
        assert_eq!(gate.release(), vec!["click", "flag"]);
        assert!(gate.is_empty());
    }

    #[test]
    fn what_was_told_after_a_failed_write_does_not_wait_for_the_failed_record() {
        let mut gate = Gate::new();
        gate.hold(3, "click of a press whose record failed");
        gate.hold(2, "a readout told while the disk is full");
        gate.reach(2);
        assert_eq!(
            gate.release(),
            vec!["a readout told while the disk is full"]
        );
        gate.reach(3);
        assert_eq!(gate.release(), vec!["click of a press whose record failed"]);
    }

    #[test]
    fn the_watermark_never_goes_back() {
        let mut gate: Gate<()> = Gate::new();
        gate.reach(5);
        gate.reach(3);
        assert_eq!(gate.reached(), 5);
        assert!(gate.has_reached(5) && !gate.has_reached(6));
    }
}
