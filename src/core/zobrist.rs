//! Zobrist keys: a random 64-bit number for each element of a position, XORed together.
//!
//! Keys are drawn from a fixed-seed generator when a game is built, so a position has the same
//! key in every run (bench signatures and tests depend on it) and there is no global table.

use super::rng::splitmix64;

/// Largest hand count with its own key; larger counts share the last one.
pub const MAX_HAND: usize = 16;

/// The random numbers that make up position keys for one game.
#[derive(Clone, Debug)]
pub struct Zobrist {
    cells: usize,
    types: usize,
    /// `piece[(color * types + type) * cells + cell]`.
    piece: Vec<u64>,
    /// XORed in when the second player is to move.
    pub side: u64,
    /// `hand[(color * types + type) * MAX_HAND + count]`.
    hand: Vec<u64>,
    /// A piece that has not moved yet stands on the cell.
    unmoved: Vec<u64>,
    /// `turn[color * turns + n]`: the colour's next own turn is `n`, while it holds pieces in
    /// hand whose drop window depends on the turn.
    turn: Vec<u64>,
    turns: usize,
}

impl Zobrist {
    /// Keys for a board of `cells` cells, `types` piece types and turn numbers up to `turns - 1`.
    pub fn new(cells: usize, types: usize, turns: usize) -> Self {
        let mut s = 0x4B41_4953_5341_0001u64 ^ ((cells as u64) << 32) ^ types as u64;
        let mut draw = |n: usize| (0..n).map(|_| splitmix64(&mut s)).collect::<Vec<u64>>();
        let piece = draw(2 * types * cells);
        let side = draw(1)[0];
        let mut hand = draw(2 * types * MAX_HAND);
        for t in 0..2 * types {
            hand[t * MAX_HAND] = 0; // an empty hand contributes nothing
        }
        let unmoved = draw(cells);
        let turn = draw(2 * turns.max(1));
        Zobrist {
            cells,
            types,
            piece,
            side,
            hand,
            unmoved,
            turn,
            turns: turns.max(1),
        }
    }

    /// Key of a piece of `color` and `ptype` on `cell`.
    #[inline(always)]
    pub fn piece(&self, color: usize, ptype: usize, cell: usize) -> u64 {
        self.piece[(color * self.types + ptype) * self.cells + cell]
    }

    /// Key of holding `count` pieces of `ptype` in `color`'s hand.
    #[inline(always)]
    pub fn hand(&self, color: usize, ptype: usize, count: usize) -> u64 {
        self.hand[(color * self.types + ptype) * MAX_HAND + count.min(MAX_HAND - 1)]
    }

    /// Key of an unmoved piece on `cell`.
    #[inline(always)]
    pub fn unmoved(&self, cell: usize) -> u64 {
        self.unmoved[cell]
    }

    /// Key of `color`'s next own turn being `n` (clamped to the last distinct turn).
    #[inline(always)]
    pub fn turn(&self, color: usize, n: u32) -> u64 {
        self.turn[color * self.turns + (n as usize).min(self.turns - 1)]
    }
}
