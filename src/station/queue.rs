//! One arbiter's alerts: the most urgent first (flags, then warnings, then the rest; in the
//! order they came within each), one at a time: the next is taken only once the last has been
//! said. The last one said is kept for the repeat command.

use crate::hall::Priority;
use std::collections::BTreeMap;
use std::time::Instant;

/// An arbiter's queue of `T`s.
#[derive(Debug)]
pub struct AlertQueue<T> {
    waiting: BTreeMap<(Priority, u64), T>,
    arrived: u64,
    busy_until: Option<Instant>,
    last: Option<T>,
}

impl<T: Clone> Default for AlertQueue<T> {
    fn default() -> Self {
        AlertQueue {
            waiting: BTreeMap::new(),
            arrived: 0,
            busy_until: None,
            last: None,
        }
    }
}

impl<T: Clone> AlertQueue<T> {
    /// Queues an alert.
    pub fn push(&mut self, priority: Priority, item: T) {
        self.waiting.insert((priority, self.arrived), item);
        self.arrived += 1;
    }

    /// The next alert to say at `now`, if the last one is over; the caller says how long it
    /// takes with [`AlertQueue::speaking_until`].
    pub fn next(&mut self, now: Instant) -> Option<T> {
        if self.busy_until.is_some_and(|until| now < until) {
            return None;
        }
        let (_, item) = self.waiting.pop_first()?;
        self.last = Some(item.clone());
        Some(item)
    }

    /// The alert just taken is being said until `until`.
    pub fn speaking_until(&mut self, until: Instant) {
        self.busy_until = Some(until);
    }

    /// When the one being said ends, if one is.
    pub fn busy_until(&self) -> Option<Instant> {
        self.busy_until
    }

    /// The last alert taken (for repeat).
    pub fn last(&self) -> Option<&T> {
        self.last.as_ref()
    }

    /// How many wait.
    pub fn len(&self) -> usize {
        self.waiting.len()
    }

    /// Whether none waits.
    pub fn is_empty(&self) -> bool {
        self.waiting.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn flags_go_before_warnings_before_the_rest_and_one_at_a_time() {
        let t0 = Instant::now();
        let mut q = AlertQueue::default();
        q.push(Priority::Other, "result 3");
        q.push(Priority::Warning, "warning 5");
        q.push(Priority::Flag, "flag 7");
        q.push(Priority::Warning, "warning 2");
        assert_eq!(q.next(t0), Some("flag 7"));
        q.speaking_until(t0 + Duration::from_secs(2));
        assert_eq!(
            q.next(t0 + Duration::from_secs(1)),
            None,
            "never two at once"
        );
        let t2 = t0 + Duration::from_secs(2);
        assert_eq!(q.next(t2), Some("warning 5"));
        assert_eq!(q.next(t2), Some("warning 2"));
        assert_eq!(q.next(t2), Some("result 3"));
        assert_eq!(q.last(), Some(&"result 3"));
        assert!(q.is_empty());
    }
}
