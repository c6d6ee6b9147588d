//! Is a cell capturable? The check test (a King may never be left capturable, vault captures
//! included) and the Fluttember's "not attacked", answered from the target outwards where the
//! geometry allows it: leaps and steps by table, slides by the first piece on each line, vaults
//! by the run of pieces behind the target. Only the Pallan (refraction, bent vaults,
//! move-then-vault) and an unmoved Deldar's turning double move are worked out forwards, from
//! the few such pieces that exist.

use super::board::{Board, opposite};
use super::position::JikaidaPosition;
use super::{CHUKTAR, DELDAR, HIKDAR, JIKTAR, KAPT, KING, PAKTUN, PALLAN, SWOD};
use crate::bitboard::Bitboard;
use crate::geometry::Color;

impl<B: Bitboard> JikaidaPosition<B> {
    /// True when a piece of `by` could capture on `target` (which holds a piece of the other
    /// side), by any move: plain captures, first moves and vaults.
    pub fn attacked(&self, target: usize, by: Color) -> bool {
        let b = &*self.board;
        let occ = self.occupied();
        let theirs = self.occupied_by(by);
        let p = |k: u8| self.pieces(by, k);
        if (b.king[target] & p(KING)).any() {
            return true;
        }
        if (b.knight[target] & (p(PAKTUN) | p(KAPT) | p(PALLAN))).any() {
            return true;
        }
        let target_is_swod = matches!(self.piece_at(target), Some((_, SWOD)));
        let swod_ok = !target_is_swod || !self.propt(by.flip()).has(target);
        let fwd = Board::<B>::forward(by);
        for d in 0..8 {
            // `d` is the direction from the attacker towards the target.
            let back = opposite(d);
            let ray = b.full[back][target];
            let blockers = ray & occ;
            if blockers.is_empty() {
                continue;
            }
            let near = b.first(back, blockers);
            if theirs.has(near) {
                let (_, kind) = self.piece_at(near).expect("occupied");
                let hit = match kind {
                    KAPT | CHUKTAR => b.cray[d][near].has(target),
                    JIKTAR if d % 2 == 0 => b.jray[d][near].has(target),
                    HIKDAR if d % 2 == 1 => b.jray[d][near].has(target),
                    DELDAR => {
                        let n = if self.unmoved.has(near) { 4 } else { 2 };
                        b.limited(near, d, b.jray[d][near], n).has(target)
                    }
                    SWOD if swod_ok && (d == fwd[1] || d == fwd[2]) => {
                        let n = if self.unmoved.has(near) { 3 } else { 1 };
                        b.limited(near, d, b.jray[d][near], n).has(target)
                    }
                    _ => false,
                };
                if hit {
                    return true;
                }
            }
            // Vaults along `d`: every piece of `by` in the unbroken run behind the target, at
            // least four cells back (three pieces passed).
            let gaps = ray & !occ;
            let run = if gaps.is_empty() {
                ray
            } else {
                ray & !b.full[back][b.first(back, gaps)] & !gaps
            };
            let mut vaulters = run & b.beyond3[back][target] & theirs;
            if vaulters.is_empty() {
                continue;
            }
            if !swod_ok || !fwd.contains(&d) {
                vaulters &= !p(SWOD);
            }
            if vaulters.any() {
                return true;
            }
        }
        // An unmoved Paktun's double leap: first onto an empty cell.
        let paktuns = p(PAKTUN) & self.unmoved;
        if paktuns.any() {
            for mid in (b.knight[target] & !occ).cells() {
                if (b.knight[mid] & paktuns).any() {
                    return true;
                }
            }
        }
        // An unmoved Deldar's turning double move, from the Deldars near enough.
        let deldars = p(DELDAR) & self.unmoved & b.near4[target];
        for from in deldars.cells() {
            if self.reach(from, B::EMPTY).has(target) {
                return true;
            }
        }
        for from in p(PALLAN).cells() {
            let takes = B::single(target);
            if self.pallan_reach(from, takes).has(target) {
                return true;
            }
        }
        false
    }

    /// The same question answered the slow way, from every piece's full reach (tests compare
    /// the two).
    pub fn attacked_slow(&self, target: usize, by: Color) -> bool {
        let propt = self.propt(by.flip());
        self.occupied_by(by)
            .cells()
            .any(|from| self.reach(from, propt).has(target))
    }

    /// True when the side to move's King can be captured.
    #[inline(always)]
    pub fn in_check(&self) -> bool {
        let us = self.side_to_move();
        self.attacked(self.king(us), us.flip())
    }
}
