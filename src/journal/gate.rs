//! The one durability gate: whatever acknowledges an input (a click, a flag, a reply to the
//! arbiter, a line published to the hall) waits here until the journal records written before
//! it are durable, so that a crash can never take back what someone heard or was sent.
//!
//! Records are counted from 1 across games. Each item is held with a *mark*, the number of
//! records written when it was made; the *watermark* is how many are durable, as the journal's
//! sync thread last said. An item goes out once the watermark reaches its mark, in the order
//! held. Marks only grow while the journal works, so nothing overtakes what was held before it;
//! after a write that failed, the core counts fewer records than before, and what it tells
//! then (not depending on the records that failed) goes out while the acknowledgement of a
//! failed record waits for that record to be written again and durable.

use std::collections::VecDeque;

/// Items held until the journal is durable up to their mark, released in order.
#[derive(Debug)]
pub struct Gate<T> {
    held: VecDeque<(u64, T)>,
    durable: u64,
}

impl<T> Default for Gate<T> {
    fn default() -> Gate<T> {
        Gate {
            held: VecDeque::new(),
            durable: 0,
        }
    }
}

impl<T> Gate<T> {
    /// An empty gate; nothing is durable yet.
    pub fn new() -> Gate<T> {
        Gate::default()
    }

    /// Holds `item` until the first `mark` records are durable (a mark of 0, or one already
    /// durable, lets it go at the next [`Gate::release`]).
    pub fn hold(&mut self, mark: u64, item: T) {
        self.held.push_back((mark, item));
    }

    /// The journal is durable up to record `durable` (the watermark never goes back).
    pub fn synced(&mut self, durable: u64) {
        self.durable = self.durable.max(durable);
    }

    /// How many records are durable, as last told.
    pub fn durable(&self) -> u64 {
        self.durable
    }

    /// Whether the first `mark` records are durable.
    pub fn is_durable(&self, mark: u64) -> bool {
        self.durable >= mark
    }

    /// Takes, in the order held, what may go out now: every item whose records are durable.
    pub fn release(&mut self) -> Vec<T> {
        let durable = self.durable;
        let mut ready = Vec::new();
        let mut at = 0;
        while at < self.held.len() {
            if self.held[at].0 <= durable {
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
        gate.synced(1);
        assert!(gate.release().is_empty(), "the click waits for its record");
        gate.synced(2);
        assert_eq!(gate.release(), vec!["click", "flag"]);
        assert!(gate.is_empty());
    }

    #[test]
    fn what_was_told_after_a_failed_write_does_not_wait_for_the_failed_record() {
        let mut gate = Gate::new();
        gate.hold(3, "click of a press whose record failed");
        gate.hold(2, "a readout told while the disk is full");
        gate.synced(2);
        assert_eq!(
            gate.release(),
            vec!["a readout told while the disk is full"]
        );
        gate.synced(3);
        assert_eq!(gate.release(), vec!["click of a press whose record failed"]);
    }

    #[test]
    fn the_watermark_never_goes_back() {
        let mut gate: Gate<()> = Gate::new();
        gate.synced(5);
        gate.synced(3);
        assert_eq!(gate.durable(), 5);
        assert!(gate.is_durable(5) && !gate.is_durable(6));
    }
}
