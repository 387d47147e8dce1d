//! The one durability gate: whatever acknowledges an input (a click, a flag, a reply to the
//! arbiter, a line published to the hall) waits here until the journal records written before
//! it are durable, so that a crash can never take back what someone heard or was sent.
//!
//! Records are counted from 1 across games. Each item is held with a *mark*, the number of
//! records written when it was made; the *watermark* is how many are durable, as the journal's
//! sync thread last said. An item goes out once the watermark reaches its mark, in order.

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

    /// Takes, in order, what may go out now: the items up to the first whose records are not
    /// durable yet (what was held after it waits with it, so that the order is kept).
    pub fn release(&mut self) -> impl Iterator<Item = T> + '_ {
        let durable = self.durable;
        std::iter::from_fn(move || {
            if self.held.front().is_some_and(|(mark, _)| *mark <= durable) {
                self.held.pop_front().map(|(_, item)| item)
            } else {
                None
            }
        })
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
    fn an_item_waits_for_its_mark_and_the_order_is_kept() {
        let mut gate = Gate::new();
        gate.hold(0, "status");
        gate.hold(2, "click");
        gate.hold(1, "late but earlier mark");
        assert_eq!(gate.release().collect::<Vec<_>>(), vec!["status"]);
        gate.synced(1);
        assert_eq!(gate.release().count(), 0, "the click before it still waits");
        gate.synced(2);
        assert_eq!(
            gate.release().collect::<Vec<_>>(),
            vec!["click", "late but earlier mark"]
        );
        assert!(gate.is_empty());
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
