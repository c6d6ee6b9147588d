//! The transposition table, shared by all search threads without locks.
//!
//! Each entry is two `AtomicU64`s: the data word and the key XORed with the data. A reader
//! accepts an entry only if `key ^ data` gives back its own key, so an entry torn by two threads
//! writing at once (a benign data race: relaxed stores of two words) reads as a miss, never as
//! another position's data. Entries live in buckets of [`BUCKET`]; a store replaces the entry of
//! the same key, else the one of lowest worth (shallow depth, old generation).

use crate::core::moves::Move;
use crate::search::correction::Correction;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

/// Entries per bucket.
pub const BUCKET: usize = 4;

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The exact value.
    Exact,
    /// At least this (a fail-high).
    Lower,
    /// At most this (a fail-low).
    Upper,
}

/// One entry as read from the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The best move found, or [`Move::NULL`].
    pub mv: Move,
    /// The score, in the table's mate-distance convention (see the search).
    pub score: i32,
    /// The static evaluation, if one was stored.
    pub eval: i32,
    /// Depth searched.
    pub depth: i32,
    /// Bound type.
    pub bound: Bound,
}

#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// A lock-free hash table of search results, with the correction history that lasts as
/// long as it does.
pub struct Table {
    slots: Vec<Slot>,
    buckets: usize,
    generation: AtomicU8,
    /// How far static evaluations have been from search results, by structure.
    pub correction: Correction,
}

impl Table {
    /// A table of about `mib` MiB (at least one bucket). Panics if memory cannot be had;
    /// see [`Table::try_new`].
    pub fn new(mib: usize) -> Table {
        Table::try_new(mib).expect("transposition table allocation")
    }

    /// A table of about `mib` MiB, or an error if the memory cannot be allocated.
    pub fn try_new(mib: usize) -> Result<Table, String> {
        let bytes = mib.max(1).saturating_mul(1024 * 1024);
        let buckets = (bytes / (16 * BUCKET)).max(1);
        let mut slots = Vec::new();
        slots
            .try_reserve_exact(buckets * BUCKET)
            .map_err(|_| format!("cannot allocate a {mib} MiB hash table"))?;
        slots.resize_with(buckets * BUCKET, Slot::default);
        Ok(Table {
            slots,
            buckets,
            generation: AtomicU8::new(0),
            correction: Correction::default(),
        })
    }

    /// Empties the table and the correction history.
    pub fn clear(&self) {
        self.correction.clear();
        for s in &self.slots {
            s.check.store(0, Ordering::Relaxed);
            s.data.store(0, Ordering::Relaxed);
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Starts a new search: older entries become cheaper to replace.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    fn bucket(&self, key: u64) -> usize {
        ((key as u128 * self.buckets as u128) >> 64) as usize * BUCKET
    }

    /// Looks a position up.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let b = self.bucket(key);
        for s in &self.slots[b..b + BUCKET] {
            let data = s.data.load(Ordering::Relaxed);
            let check = s.check.load(Ordering::Relaxed);
            if data != 0 && check ^ data == key {
                return Some(unpack(data));
            }
        }
        None
    }

    /// Stores a result, keeping a better one of the same position's move if none is given.
    pub fn store(&self, key: u64, mut e: Entry) {
        let generation = self.generation.load(Ordering::Relaxed) & 0x3;
        let b = self.bucket(key);
        let bucket = &self.slots[b..b + BUCKET];
        let mut victim = 0;
        let mut worst = i32::MAX;
        for (i, s) in bucket.iter().enumerate() {
            let data = s.data.load(Ordering::Relaxed);
            let check = s.check.load(Ordering::Relaxed);
            if data == 0 {
                if worst > i32::MIN {
                    victim = i;
                    worst = i32::MIN;
                }
                continue;
            }
            if check ^ data == key {
                let old = unpack(data);
                if e.mv == Move::NULL {
                    e.mv = old.mv;
                }
                if e.bound != Bound::Exact
                    && old.depth > e.depth + 2
                    && old_generation(data) == generation
                {
                    return;
                }
                victim = i;
                break;
            }
            let age = (generation.wrapping_sub(old_generation(data)) & 0x3) as i32;
            let worth = unpack(data).depth - 8 * age;
            if worth < worst {
                worst = worth;
                victim = i;
            }
        }
        let data = encode(&e, generation);
        bucket[victim].data.store(data, Ordering::Relaxed);
        bucket[victim].check.store(key ^ data, Ordering::Relaxed);
    }

    /// Permille of a sample of entries written in the current search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Ordering::Relaxed) & 0x3;
        let sample = self.slots.len().min(1000);
        let used = self.slots[..sample]
            .iter()
            .filter(|s| {
                let d = s.data.load(Ordering::Relaxed);
                d != 0 && old_generation(d) == generation
            })
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}

/// Packs an entry into the data word: move 26 bits | bound 2 | generation 2 | depth + 1 in 6 |
/// score 16 | eval + 2048 in 12 (the static eval is clamped to +-2047, enough for ordering
/// and pruning margins).
fn encode(e: &Entry, generation: u8) -> u64 {
    let bound = match e.bound {
        Bound::Exact => 1u64,
        Bound::Lower => 2,
        Bound::Upper => 3,
    };
    let depth = (e.depth.clamp(-1, 62) + 1) as u64; // 6 bits
    (e.mv.raw() as u64 & 0x3FF_FFFF)
        | bound << 26
        | (generation as u64 & 0x3) << 28
        | depth << 30
        | (e.score.clamp(-32767, 32767) as i16 as u16 as u64) << 36
        | ((e.eval.clamp(-2047, 2047) + 2048) as u64 & 0xFFF) << 52
}

fn old_generation(data: u64) -> u8 {
    ((data >> 28) & 0x3) as u8
}

fn unpack(data: u64) -> Entry {
    let mv = crate::core::moves::Move::from_raw((data & 0x3FF_FFFF) as u32);
    let bound = match (data >> 26) & 0x3 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        _ => Bound::Upper,
    };
    Entry {
        mv,
        bound,
        depth: ((data >> 30) & 0x3F) as i32 - 1,
        score: ((data >> 36) & 0xFFFF) as u16 as i16 as i32,
        eval: ((data >> 52) & 0xFFF) as i32 - 2048,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_and_probe() {
        let t = Table::new(1);
        let e = Entry {
            mv: Move::promotion(12, 99, 3),
            score: -31000,
            eval: -150,
            depth: 17,
            bound: Bound::Lower,
        };
        t.store(0xDEAD_BEEF_1234_5678, e);
        assert_eq!(t.probe(0xDEAD_BEEF_1234_5678), Some(e));
        assert_eq!(t.probe(0xDEAD_BEEF_1234_5679), None);
        t.clear();
        assert_eq!(t.probe(0xDEAD_BEEF_1234_5678), None);
    }
}
