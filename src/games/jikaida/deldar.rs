//! The unmoved Deldar's turning double move: two squares straight (the first step may cross
//! a front), then one or two in another direction without crossing. Its straight double move
//! is a short slide ([`super::reach`]); this part, up to 56 second legs per Deldar, is read
//! cell by cell from tables of the corners and second legs, which costs a fraction of
//! sliding along each leg's ray as bit sets.

use super::board::{Board, NONE};
use crate::core::bitboard::Bitboard;

impl<B: Bitboard> Board<B> {
    /// An unmoved Deldar's double move that turns: two squares straight (the first step may
    /// cross a front), then one or two in another direction without crossing.
    pub fn deldar_turns(&self, from: usize, occ: B, enemy: B) -> B {
        let mut out = B::EMPTY;
        for d in 0..8 {
            let corner = self.deldar_corner[from][d];
            if corner == NONE {
                continue;
            }
            let corner = corner as usize;
            if occ.has(corner) || occ.has(self.step[from][d] as usize) {
                continue;
            }
            // The second leg: one or two cells of the ray that does not cross a front; the
            // last may be an enemy.
            for (d2, &[c1, c2]) in self.inshort_cells[corner].iter().enumerate() {
                if d2 == d || c1 == NONE {
                    continue;
                }
                let c1 = c1 as usize;
                if occ.has(c1) {
                    if enemy.has(c1) {
                        out.set(c1);
                    }
                    continue;
                }
                out.set(c1);
                if c2 != NONE && (!occ.has(c2 as usize) || enemy.has(c2 as usize)) {
                    out.set(c2 as usize);
                }
            }
        }
        out.clear(from);
        out
    }

    /// [`Self::deldar_turns`] as first written, from the rays (tests compare the two).
    #[cfg(test)]
    pub fn deldar_turns_rays(&self, from: usize, occ: B, enemy: B) -> B {
        let mut out = B::EMPTY;
        for d in 0..8 {
            let first = self.short[1][d][from];
            if first.count() < 2 || (first & occ).any() {
                continue;
            }
            let corner = self.first(super::board::opposite(d), first);
            for d2 in 0..8 {
                if d2 == d {
                    continue;
                }
                out |= self.slide(d2, self.inshort[d2][corner], occ) & (!occ | enemy);
            }
        }
        out.clear(from);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::bitboard::Wide;
    use crate::core::rng::xorshift64;

    /// The table reading equals the ray reading on random boards of every density and size,
    /// with enemies among the pieces.
    #[test]
    fn deldar_turns_match_the_rays() {
        fn check<B: Bitboard>(files: usize, ranks: usize) {
            let b: Board<B> = Board::new(files, ranks);
            let mut x = 0xDE1D_A270_0000_0001u64 ^ files as u64;
            let mut found = 0;
            for round in 0..3000u64 {
                let (mut occ, mut enemy) = (B::EMPTY, B::EMPTY);
                let density = 2 + round % 6;
                for c in 0..b.cells {
                    xorshift64(&mut x);
                    if x.is_multiple_of(density) {
                        occ.set(c);
                        if x & 64 != 0 {
                            enemy.set(c);
                        }
                    }
                }
                let from = (x >> 20) as usize % b.cells;
                occ.set(from);
                enemy.clear(from);
                let turns = b.deldar_turns(from, occ, enemy);
                assert_eq!(turns, b.deldar_turns_rays(from, occ, enemy), "from {from}");
                found += turns.count();
            }
            assert!(found > 10_000, "only {found} turning moves");
        }
        check::<Wide<4>>(12, 18);
        check::<Wide<7>>(18, 24);
    }
}
