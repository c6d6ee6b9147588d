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
    #[inline(always)]
    pub fn attacked(&self, target: usize, by: Color) -> bool {
        let mut deps = B::EMPTY;
        self.attacked_deps(target, by, &mut deps)
    }

    /// [`Self::attacked`], also adding to `deps` every cell whose contents the answer read: a
    /// move that changes none of them (and does not move the target) leaves the answer as it
    /// is, which is how the move generator skips most check tests.
    pub fn attacked_deps(&self, target: usize, by: Color, deps: &mut B) -> bool {
        let b = &*self.board;
        let occ = self.occupied();
        let theirs = self.occupied_by(by);
        let p = |k: u8| self.pieces(by, k);
        *deps |= b.king[target] | b.knight[target];
        if (b.king[target] & p(KING)).any() {
            return true;
        }
        if (b.knight[target] & (p(PAKTUN) | p(KAPT) | p(PALLAN))).any() {
            return true;
        }
        let target_is_swod = matches!(self.piece_at(target), Some((_, SWOD)));
        let swod_ok = !target_is_swod || !self.propt(by.flip()).has(target);
        if target_is_swod {
            // Propt depends on the Deldars around the target.
            *deps |= b.near4[target];
        }
        let fwd = Board::<B>::forward(by);
        for d in 0..8 {
            // `d` is the direction from the attacker towards the target.
            let back = opposite(d);
            let (run, gap) = b.run(target, back, occ);
            if let Some(g) = gap {
                deps.set(g);
            }
            *deps |= run;
            let near = match gap {
                // The first piece behind the target: next to it, or beyond the gap.
                Some(g) if g == b.step[target][back] as usize => {
                    let blockers = b.full[back][g] & occ;
                    if blockers.is_empty() {
                        *deps |= b.full[back][g];
                        continue;
                    }
                    let n = b.first(back, blockers);
                    *deps |= b.full[back][g] & !b.full[back][n];
                    n
                }
                _ if run.is_empty() => continue,
                _ => b.step[target][back] as usize,
            };
            if theirs.has(near) {
                let (_, kind) = self.piece_at(near).expect("occupied");
                let hit = match kind {
                    KAPT | CHUKTAR => b.cray[d][near].has(target),
                    JIKTAR if d % 2 == 0 => b.jray[d][near].has(target),
                    HIKDAR if d % 2 == 1 => b.jray[d][near].has(target),
                    DELDAR => {
                        let n = if self.unmoved.has(near) { 4 } else { 2 };
                        b.short[n - 1][d][near].has(target)
                    }
                    SWOD if swod_ok && (d == fwd[1] || d == fwd[2]) => {
                        let n = if self.unmoved.has(near) { 3 } else { 1 };
                        b.short[n - 1][d][near].has(target)
                    }
                    _ => false,
                };
                if hit {
                    return true;
                }
            }
            // Vaults along `d`: every piece of `by` in the unbroken run behind the target, at
            // least four cells back (three pieces passed).
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
                *deps |= b.knight[mid];
                if (b.knight[mid] & paktuns).any() {
                    return true;
                }
            }
        }
        // An unmoved Deldar's turning double move, from the Deldars near enough.
        let deldars = p(DELDAR) & self.unmoved & b.near4[target];
        for from in deldars.cells() {
            *deps |= b.near4[from];
            if self.reach(from, B::EMPTY).has(target) {
                return true;
            }
        }
        p(PALLAN)
            .cells()
            .any(|from| self.pallan_captures(from, target, deps))
    }

    /// True when the Pallan on `from` could capture on `target` by a refracting slide, a bent
    /// vault, or a slide followed by a vault (its leaps and straight vaults from `from` are
    /// found by [`Self::attacked`] itself). Worked backwards from the target: the pieces behind
    /// it form the vault's last leg, the first empty cell behind a leg is where the Pallan must
    /// stand (its own cell, or a cell its slide reaches).
    fn pallan_captures(&self, from: usize, target: usize, deps: &mut B) -> bool {
        let b = &*self.board;
        let (reached, hit) = b.pallan_slides(from, self.occupied());
        *deps |= reached | hit | B::single(from);
        if hit.has(target) {
            return true;
        }
        let after = self.occupied() & !B::single(from);
        // The vaulter may stand on `v` to vault towards direction `d`.
        let stand = |v: usize, d: usize| v == from || (reached.has(v) && !b.crosses(v, d));
        // Where it may stand at all: a leg whose ray holds none of these cannot be vaulted.
        let cells = reached | B::single(from);
        for d2 in 0..8 {
            let back = opposite(d2);
            let (run, gap) = b.run(target, back, after);
            *deps |= run;
            if let Some(g) = gap {
                deps.set(g);
            }
            let m = run.count() as usize;
            if m >= 3 && gap.is_some_and(|g| stand(g, d2)) {
                return true;
            }
            // Bent: the corner is the j-th piece behind the target.
            let mut corner = target;
            for j in 1..=m {
                corner = b.step[corner][back] as usize;
                for turn in [1, 2, 3, 5, 6, 7] {
                    let d = (d2 + turn) & 7;
                    if (b.full[opposite(d)][corner] & cells).is_empty() {
                        continue;
                    }
                    let behind = b.step[corner][opposite(d)];
                    if behind == super::board::NONE {
                        continue;
                    }
                    deps.set(behind as usize);
                    if !after.has(behind as usize) {
                        continue;
                    }
                    let (leg, g) = b.run(corner, opposite(d), after);
                    *deps |= leg;
                    if let Some(g) = g {
                        deps.set(g);
                    }
                    let n = leg.count() as usize;
                    if n >= 1 && n + j >= 3 && g.is_some_and(|g| stand(g, d)) {
                        return true;
                    }
                }
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
