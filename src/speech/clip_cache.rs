//! The clips a voice pack has made ready to say (decoded and stretched to its tempo), by key:
//! unbounded for a pack whose recordings are decoded in memory, bounded in bytes for one kept
//! compressed, where the clip said longest ago makes room for a new one (it is decoded again
//! when next said).

use std::collections::HashMap;
use std::sync::Arc;

/// Bytes of ready clips a pack kept compressed holds at most: 2 M 16-bit samples, about
/// 87 s of speech at 24 kHz, some hundred clips. A game's readouts say a few dozen.
pub const CLIP_CACHE_BYTES: usize = 4 << 20;

/// Ready clips by key, with when each was last said.
#[derive(Debug, Default)]
pub struct ClipCache {
    clips: HashMap<String, (Arc<[i16]>, u64)>,
    /// Bytes of samples held.
    bytes: usize,
    /// At most this many bytes (none: no bound).
    budget: Option<usize>,
    /// Counts the clips asked for: the stamp of the latest.
    tick: u64,
}

impl ClipCache {
    /// An empty cache of at most `budget` bytes of samples (`None`: no bound).
    pub fn new(budget: Option<usize>) -> ClipCache {
        ClipCache {
            budget,
            ..ClipCache::default()
        }
    }

    /// The clip `key`, if held (it becomes the last said).
    pub fn get(&mut self, key: &str) -> Option<Arc<[i16]>> {
        self.tick += 1;
        let tick = self.tick;
        let (clip, used) = self.clips.get_mut(key)?;
        *used = tick;
        Some(clip.clone())
    }

    /// Holds `clip` as `key`; then, over the budget, lets go of the clips said longest ago
    /// (never this one).
    pub fn insert(&mut self, key: &str, clip: Arc<[i16]>) {
        self.tick += 1;
        self.bytes += clip_bytes(&clip);
        if let Some((old, _)) = self.clips.insert(key.to_string(), (clip, self.tick)) {
            self.bytes -= clip_bytes(&old);
        }
        let Some(budget) = self.budget else {
            return;
        };
        while self.bytes > budget {
            let oldest = self
                .clips
                .iter()
                .filter(|(k, _)| k.as_str() != key)
                .min_by_key(|(_, (_, used))| *used)
                .map(|(k, _)| k.clone());
            let Some(oldest) = oldest else {
                break;
            };
            if let Some((old, _)) = self.clips.remove(&oldest) {
                self.bytes -= clip_bytes(&old);
            }
        }
    }

    /// Whether `key` is held (it does not count as said).
    pub fn contains(&self, key: &str) -> bool {
        self.clips.contains_key(key)
    }

    /// Bytes of samples held.
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// Every clip held, by key.
    pub fn to_map(&self) -> HashMap<String, Arc<[i16]>> {
        self.clips
            .iter()
            .map(|(k, (clip, _))| (k.clone(), clip.clone()))
            .collect()
    }
}

fn clip_bytes(clip: &[i16]) -> usize {
    std::mem::size_of_val(clip)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clip(len: usize) -> Arc<[i16]> {
        Arc::from(vec![1i16; len])
    }

    #[test]
    fn over_the_budget_the_clip_said_longest_ago_goes() {
        let mut cache = ClipCache::new(Some(100));
        cache.insert("a", clip(20));
        cache.insert("b", clip(20));
        assert!(cache.get("a").is_some());
        cache.insert("c", clip(20));
        assert_eq!(cache.bytes(), 80);
        assert!(!cache.contains("b"), "b was said longest ago");
        assert!(cache.contains("a") && cache.contains("c"));
        cache.insert("huge", clip(500));
        assert!(cache.contains("huge"), "the clip just made is kept");
        assert_eq!(cache.bytes(), 1000);
    }

    #[test]
    fn without_a_budget_nothing_goes() {
        let mut cache = ClipCache::new(None);
        for key in ["a", "b", "c"] {
            cache.insert(key, clip(1000));
        }
        cache.insert("a", clip(10));
        assert_eq!(cache.bytes(), 4020);
        assert_eq!(cache.to_map().len(), 3);
    }
}
