//! The correction history: how far the static evaluation has been from what the search found,
//! averaged per side to move and per pawn-and-Home-Stone structure
//! ([`Rules::structure_key`](crate::core::rules::Rules::structure_key)). The search adds the
//! average to the static evaluation its pruning reads. It lives beside the transposition table
//! and, like it, lasts from one search to the next until cleared (`ucinewgame`); threads share
//! it with relaxed atomic updates (a lost update only slows the average down).

use crate::search::params::{CORRECTION_LIMIT, CORRECTION_MAX_WEIGHT};
use std::sync::atomic::{AtomicI32, Ordering};

/// Slots per side to move (a power of two).
const SLOTS: usize = 1 << 14;
/// Units of a stored correction per centipawn.
const GRAIN: i32 = 32;

/// Average evaluation errors by side and structure.
pub struct Correction {
    slots: Vec<AtomicI32>,
}

impl Default for Correction {
    fn default() -> Self {
        Correction {
            slots: (0..2 * SLOTS).map(|_| AtomicI32::new(0)).collect(),
        }
    }
}

impl Correction {
    fn slot(&self, side: usize, key: u64) -> &AtomicI32 {
        &self.slots[side * SLOTS + (key as usize & (SLOTS - 1))]
    }

    /// The correction, in centipawns, for `side` to move in structure `key`.
    #[inline(always)]
    pub fn get(&self, side: usize, key: u64) -> i32 {
        self.slot(side, key).load(Ordering::Relaxed) / GRAIN
    }

    /// Folds in one search result: the searched score was `error` centipawns above the static
    /// evaluation, at `depth` (deeper results weigh more).
    pub fn update(&self, side: usize, key: u64, error: i32, depth: i32) {
        let slot = self.slot(side, key);
        let w = (depth + 1).min(CORRECTION_MAX_WEIGHT);
        let old = slot.load(Ordering::Relaxed);
        let target = error.clamp(-CORRECTION_LIMIT, CORRECTION_LIMIT) * GRAIN;
        let new = (old * (256 - w) + target * w) / 256;
        slot.store(
            new.clamp(-CORRECTION_LIMIT * GRAIN, CORRECTION_LIMIT * GRAIN),
            Ordering::Relaxed,
        );
    }

    /// Forgets everything.
    pub fn clear(&self) {
        for s in &self.slots {
            s.store(0, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corrections_move_towards_the_error_and_stay_bounded() {
        let c = Correction::default();
        assert_eq!(c.get(0, 7), 0);
        for _ in 0..400 {
            c.update(0, 7, 100, 20);
        }
        assert!((95..=100).contains(&c.get(0, 7)), "{}", c.get(0, 7));
        assert_eq!(c.get(1, 7), 0, "the other side's slot is apart");
        for _ in 0..400 {
            c.update(0, 7, -10_000, 20);
        }
        // The error is clamped to the limit first; the rounding of the average stops it
        // just short.
        assert!(
            (-CORRECTION_LIMIT..=-CORRECTION_LIMIT + 1).contains(&c.get(0, 7)),
            "{}",
            c.get(0, 7)
        );
        c.clear();
        assert_eq!(c.get(0, 7), 0);
    }
}
