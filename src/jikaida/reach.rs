//! Where each piece can go: the set of target cells of every piece, whatever the path (slide,
//! leap, first move, vault, the Pallan's refraction, bent vault and move-then-vault). A move is
//! named by its start and end cell only, so the union of the paths' ends is the move list of a
//! piece before the check test.

use super::board::{Board, opposite};
use super::position::JikaidaPosition;
use super::{CHUKTAR, DELDAR, HIKDAR, JIKTAR, KAPT, KING, PAKTUN, PALLAN, SWOD};
use crate::bitboard::Bitboard;
use crate::geometry::Color;

impl<B: Bitboard> Board<B> {
    /// The landing cell and the captures of a straight vault from `from` in direction `d`
    /// over the pieces in `occ`; `takes` are the pieces the vaulter may capture. Empty unless
    /// the line next to `from` holds at least three pieces.
    #[inline(always)]
    pub fn vault(&self, from: usize, d: usize, occ: B, takes: B) -> B {
        let ray = self.full[d][from];
        let gaps = ray & !occ;
        let line = if gaps.is_empty() {
            ray
        } else {
            ray & !self.full[d][self.first(d, gaps)] & !gaps
        };
        if line.count() < 3 {
            return B::EMPTY;
        }
        let mut out = line & self.beyond3[d][from] & takes;
        if gaps.any() {
            out.set(self.first(d, gaps));
        }
        out
    }

    /// The Pallan's bent vaults from `from`, first leg in direction `d`: along at least two
    /// pieces, a turn of 45, 90 or 135 degrees at the second or a later one, then along at
    /// least one more; it lands after the second leg or takes a piece once three are passed.
    pub fn bent_vault(&self, from: usize, d: usize, occ: B, takes: B) -> B {
        let mut out = B::EMPTY;
        let Some(p0) = self.next(from, d) else {
            return out;
        };
        if !occ.has(p0) {
            return out;
        }
        // `corner` is the k-th piece of the first leg (k from 1).
        let mut corner = p0;
        let mut k = 0;
        while let Some(c) = self.next(corner, d) {
            if !occ.has(c) {
                break;
            }
            corner = c;
            k += 1;
            for turn in [1, 2, 3, 5, 6, 7] {
                let d2 = (d + turn) & 7;
                // Pieces passed before a cell of the second leg: k + 1 on the first leg.
                let mut passed = k + 1;
                let mut cur = corner;
                let mut pieces = 0;
                while let Some(n) = self.next(cur, d2) {
                    if !occ.has(n) {
                        if pieces > 0 {
                            out.set(n);
                        }
                        break;
                    }
                    if passed >= 3 && takes.has(n) {
                        out.set(n);
                    }
                    pieces += 1;
                    passed += 1;
                    cur = n;
                }
            }
        }
        out
    }

    /// The Pallan's plain slides from `from` with refraction at fronts: (empty cells reached,
    /// occupied cells run into). Per direction: the slide up to the front; from the last cell
    /// before it, either straight on across it and up to the next front ([`Board::jray`]), or
    /// a 45-degree bend there followed by a slide that may cross one front ([`Board::cray`]).
    pub fn pallan_slides(&self, from: usize, occ: B) -> (B, B) {
        let mut all = B::EMPTY;
        for d in 0..8 {
            let first = self.inray[d][from];
            let seg = self.slide(d, first, occ);
            all |= seg;
            let edge = if first.is_empty() {
                from
            } else {
                self.first(opposite(d), first)
            };
            if (seg & occ).any() || !self.crosses(edge, d) {
                continue;
            }
            all |= self.slide(d, self.jray[d][edge], occ);
            for d2 in [(d + 1) & 7, (d + 7) & 7] {
                all |= self.slide(d2, self.cray[d2][edge], occ);
            }
        }
        (all & !occ, all & occ)
    }

    /// [`Self::pallan_slides`] the slow way, one cell at a time (tests compare the two).
    pub fn pallan_slides_walk(&self, from: usize, occ: B) -> (B, B) {
        let mut reached = B::EMPTY;
        let mut hit = B::EMPTY;
        for d in 0..8 {
            self.pallan_walk(from, d, false, false, occ, &mut reached, &mut hit);
        }
        (reached, hit)
    }

    /// One refracting slide: at a step that would cross a front, before any bend or
    /// crossing, the Pallan may also turn 45 degrees there; it crosses at most one front.
    #[allow(clippy::too_many_arguments)]
    fn pallan_walk(
        &self,
        start: usize,
        d: usize,
        bent: bool,
        mut crossed: bool,
        occ: B,
        reached: &mut B,
        hit: &mut B,
    ) {
        let mut cell = start;
        while let Some(next) = self.next(cell, d) {
            if self.crosses(cell, d) {
                if crossed {
                    return;
                }
                if !bent {
                    for d2 in [(d + 1) & 7, (d + 7) & 7] {
                        self.pallan_walk(cell, d2, true, false, occ, reached, hit);
                    }
                }
                crossed = true;
            }
            if occ.has(next) {
                hit.set(next);
                return;
            }
            reached.set(next);
            cell = next;
        }
    }
}

impl<B: Bitboard> JikaidaPosition<B> {
    /// Swods of `color` next to a friendly Deldar: enemy Swods cannot take them.
    pub fn propt(&self, color: Color) -> B {
        let deldars = self.pieces(color, DELDAR);
        let mut out = B::EMPTY;
        if deldars.is_empty() {
            return out;
        }
        for s in self.pieces(color, SWOD).cells() {
            if (self.board.king[s] & deldars).any() {
                out.set(s);
            }
        }
        out
    }

    /// The cells the piece on `from` can move to, before the check test (the Fluttember
    /// excluded). `propt` is the opponent's [`Self::propt`], needed only for Swods.
    pub fn reach(&self, from: usize, propt: B) -> B {
        let b = &*self.board;
        let (us, kind) = self.piece_at(from).expect("a piece on the origin");
        let occ = self.occupied();
        let enemy = self.occupied_by(us.flip());
        let empty = !occ;
        let unmoved = self.unmoved.has(from);
        let mut out = B::EMPTY;
        let mut takes = enemy;
        match kind {
            KING => out |= b.king[from] & (empty | enemy),
            PALLAN => {
                takes = occ & !self.pieces(us, KING) & !self.pieces(us.flip(), KING) | enemy;
                out |= self.pallan_reach(from, takes);
                return out;
            }
            KAPT | CHUKTAR => {
                for d in 0..8 {
                    out |= b.slide(d, b.cray[d][from], occ);
                }
                if kind == KAPT {
                    out |= b.knight[from];
                }
                out &= empty | enemy;
            }
            JIKTAR | HIKDAR => {
                let first = if kind == JIKTAR { 0 } else { 1 };
                for d in (first..8).step_by(2) {
                    out |= b.slide(d, b.jray[d][from], occ);
                }
                out &= empty | enemy;
            }
            PAKTUN => {
                out |= b.knight[from] & (empty | enemy);
                if unmoved {
                    for mid in (b.knight[from] & empty).cells() {
                        out |= b.knight[mid] & (empty | enemy);
                    }
                    out.clear(from);
                }
            }
            DELDAR => {
                let n = if unmoved { 4 } else { 2 };
                for d in 0..8 {
                    let ray = b.short[n - 1][d][from];
                    out |= b.slide(d, ray, occ) & (empty | enemy);
                }
                if unmoved {
                    out |= self.deldar_turns(from, occ, enemy);
                }
            }
            _ => {
                takes = enemy & !(self.pieces(us.flip(), SWOD) & propt);
                let fwd = Board::<B>::forward(us);
                let n = if unmoved { 3 } else { 1 };
                for (i, &d) in fwd.iter().enumerate() {
                    let ray = b.short[n - 1][d][from];
                    let path = b.slide(d, ray, occ);
                    out |= if i == 0 {
                        path & empty
                    } else {
                        path & (empty | takes)
                    };
                    out |= b.vault(from, d, occ, takes);
                }
                return out;
            }
        }
        for d in 0..8 {
            out |= b.vault(from, d, occ, takes);
        }
        out
    }

    /// An unmoved Deldar's double move that turns: two squares straight (the first step may
    /// cross a front), then one or two in another direction without crossing.
    fn deldar_turns(&self, from: usize, occ: B, enemy: B) -> B {
        let b = &*self.board;
        let mut out = B::EMPTY;
        for d in 0..8 {
            let first = b.short[1][d][from];
            if first.count() < 2 || (first & occ).any() {
                continue;
            }
            let corner = b.first(opposite(d), first);
            for d2 in 0..8 {
                if d2 == d {
                    continue;
                }
                let ray = b.limited(corner, d2, b.inray[d2][corner], 2);
                out |= b.slide(d2, ray, occ) & (!occ | enemy);
            }
        }
        out.clear(from);
        out
    }

    /// Everything a Pallan on `from` reaches: refracting slides, knight leaps, straight and
    /// bent vaults, and slide-then-vault. `takes` are the pieces it may capture.
    pub fn pallan_reach(&self, from: usize, takes: B) -> B {
        let b = &*self.board;
        let occ = self.occupied();
        let (reached, hit) = b.pallan_slides(from, occ);
        let mut out = reached | (hit & takes) | (b.knight[from] & (!occ | takes));
        for d in 0..8 {
            out |= b.vault(from, d, occ, takes) | b.bent_vault(from, d, occ, takes);
        }
        let after = occ & !B::single(from);
        for mid in reached.cells() {
            for d in 0..8 {
                if b.crosses(mid, d) {
                    continue;
                }
                match b.next(mid, d) {
                    Some(p) if after.has(p) => {}
                    _ => continue,
                }
                out |= b.vault(mid, d, after, takes) | b.bent_vault(mid, d, after, takes);
            }
        }
        out.clear(from);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::Wide;

    /// The bitboard refraction equals the cell-by-cell walk on random boards of every density.
    #[test]
    fn pallan_slides_match_the_walk() {
        let b: Board<Wide<4>> = Board::new(12, 18);
        let mut x = 0x1234_5678_9ABC_DEF1u64;
        for round in 0..4000 {
            let mut occ = Wide::<4>::EMPTY;
            let density = 2 + round % 12;
            for c in 0..b.cells {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                if x.is_multiple_of(density) {
                    occ.set(c);
                }
            }
            let from = (x >> 20) as usize % b.cells;
            occ.clear(from);
            assert_eq!(
                b.pallan_slides(from, occ),
                b.pallan_slides_walk(from, occ),
                "from {from}"
            );
        }
    }
}
