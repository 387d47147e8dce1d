//! What a mixer has sent that its sound server may not have played yet, kept so that the
//! mixer can go back over it. When speech cuts speech, the server's queue (up to 60 ms on
//! the PulseAudio speech stream) still holds the old speech; the stream throws that queue
//! away and the mixer goes back to where the server stopped, so the cut (its short fade)
//! and the new speech play from there, and every other listener's sound goes on from the
//! same sample, rendered again exactly as it was.
//!
//! The history is a list of blocks, one per render: the state at the block's start, its
//! length in frames, and the changes (a sound queued, a volume set) made after it, before
//! the next block. Going back `frames` restores the state of the block that holds the
//! point, renders again up to the point, and makes the changes made since then again, at
//! the point.

use std::collections::VecDeque;

/// Blocks kept: more than the server ever has queued (three periods at most, in requests
/// of half the queue, so a few blocks; a cue stream's or a short buffer's blocks are
/// smaller).
const BLOCKS_KEPT: usize = 16;

/// One render's start state, its length and the changes made after it.
#[derive(Debug)]
struct Block<S, E> {
    start: S,
    frames: usize,
    after: Vec<E>,
}

/// The mixer's recent renders (state `S`, changes `E`).
#[derive(Debug)]
pub(crate) struct History<S, E> {
    blocks: VecDeque<Block<S, E>>,
}

impl<S, E> Default for History<S, E> {
    fn default() -> Self {
        History {
            blocks: VecDeque::new(),
        }
    }
}

/// Where going back lands: the state to restore, how many frames to render again from it
/// (and throw away, as the server has them), and the changes to make again after that.
pub(crate) struct Back<S, E> {
    pub(crate) start: S,
    pub(crate) render_again: usize,
    pub(crate) changes: Vec<E>,
    /// Frames actually gone back (less than asked when the history is shorter).
    pub(crate) frames: usize,
}

impl<S, E: Clone> History<S, E> {
    /// A render of `frames` from the state `start` (taken before rendering).
    pub(crate) fn rendered(&mut self, start: S, frames: usize) {
        if self.blocks.len() == BLOCKS_KEPT {
            self.blocks.pop_front();
        }
        self.blocks.push_back(Block {
            start,
            frames,
            after: Vec::new(),
        });
    }

    /// A change made now, after the last render (nothing to keep before the first).
    pub(crate) fn changed(&mut self, change: &E) {
        if let Some(last) = self.blocks.back_mut() {
            last.after.push(change.clone());
        }
    }

    /// Forgets everything (the sound itself was dropped).
    pub(crate) fn clear(&mut self) {
        self.blocks.clear();
    }

    /// Goes back `frames` from the end of the last render (as far as the history reaches).
    /// The history then ends at the point gone back to: the block holding it, cut there,
    /// with the changes made since (the caller makes them again).
    pub(crate) fn back(&mut self, frames: usize) -> Option<Back<S, E>>
    where
        S: Clone,
    {
        let mut covered = 0usize;
        let mut changes = Vec::new();
        while let Some(block) = self.blocks.pop_back() {
            covered += block.frames;
            let mut after = block.after;
            after.append(&mut changes);
            changes = after;
            if covered >= frames || self.blocks.is_empty() {
                let gone = frames.min(covered);
                let render_again = covered - gone;
                self.blocks.push_back(Block {
                    start: block.start.clone(),
                    frames: render_again,
                    after: changes.clone(),
                });
                return Some(Back {
                    start: block.start,
                    render_again,
                    changes,
                    frames: gone,
                });
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn going_back_lands_in_the_block_that_holds_the_point() {
        let mut history: History<u32, char> = History::default();
        history.rendered(0, 10);
        history.changed(&'a');
        history.rendered(1, 10);
        history.changed(&'b');
        history.rendered(2, 10);
        history.changed(&'c');
        let back = history.back(15).expect("a history");
        assert_eq!(back.start, 1, "15 back from 30 is 5 into the second block");
        assert_eq!(back.render_again, 5);
        assert_eq!(
            back.changes,
            vec!['b', 'c'],
            "the changes made since, in order"
        );
        assert_eq!(back.frames, 15);
        // The history now ends at the point: going back 5 more reaches the second block's
        // start.
        let again = history.back(5).expect("a history");
        assert_eq!((again.start, again.render_again, again.frames), (1, 0, 5));
    }

    #[test]
    fn going_back_further_than_kept_stops_at_the_oldest_block() {
        let mut history: History<u32, char> = History::default();
        assert!(history.back(1).is_none());
        history.rendered(7, 10);
        let back = history.back(40).expect("a history");
        assert_eq!((back.start, back.render_again, back.frames), (7, 0, 10));
    }
}
