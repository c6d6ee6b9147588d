//! Is a cell capturable? The check test (a King may never be left capturable, vault captures
//! included) and the Fluttember's "not attacked", answered from the target outwards where the
//! geometry allows it: leaps and steps by table, slides by the first piece on each line, vaults
//! by the run of pieces behind the target. Only the Pallan (refraction, bent vaults,
//! move-then-vault) and an unmoved Deldar's turning double move are worked out forwards, from
//! the few such pieces that exist.

use super::board::{Board, opposite};
use super::flags::{CAPTURING, FILTERED, NO_DEPS, NO_PALLANS, WITH_DEPS, WITH_PALLANS};
use super::memo::PallanMemo;
use super::position::JikaidaPosition;
use super::{CHUKTAR, DELDAR, HIKDAR, JIKTAR, KAPT, KING, PAKTUN, PALLAN, SWOD};
use crate::core::bitboard::Bitboard;
use crate::core::geometry::Color;

impl<B: Bitboard> JikaidaPosition<B> {
    /// True when a piece of `by` could capture on `target` (which holds a piece of the other
    /// side), by any move: plain captures, first moves and vaults.
    #[inline(always)]
    pub fn attacked(&self, target: usize, by: Color) -> bool {
        let (mut deps, mut pallan) = (B::EMPTY, B::EMPTY);
        self.attack_test::<NO_DEPS, WITH_PALLANS>(target, by, &mut deps, &mut pallan, None, false)
    }

    /// [`Self::attacked`], also adding to `deps` cells the answer depends on: a move that
    /// changes none of them (and does not move the target) leaves the answer as it is, which is
    /// how the move generator and [`Self::try_make`] skip most check tests. For `true`, the
    /// cells of the one capture found (the capturer, the cells it passes or vaults over); for
    /// `false`, every cell whose change could make a capture possible.
    pub fn attacked_deps(&self, target: usize, by: Color, deps: &mut B) -> bool {
        let mut pallan = B::EMPTY;
        let found =
            self.attack_test::<WITH_DEPS, WITH_PALLANS>(target, by, deps, &mut pallan, None, true);
        *deps |= pallan;
        found
    }

    /// [`Self::attacked_deps`] with the cells of a `false` answer in two parts: those read for
    /// the Pallans of `by` (their cells, slides and vault lines) go to `pallan`, the rest to
    /// `deps`. A Pallan that moves takes its part along; the rest still holds.
    /// `memo` is the attacking side's [`PallanMemo`], if the caller has it. Without
    /// `describe`, the cells of a capture found are not all collected (a Pallan's slide and
    /// vault are not traced): for callers that only need to know there is one.
    pub(super) fn attacked_parts(
        &self,
        target: usize,
        by: Color,
        deps: &mut B,
        pallan: &mut B,
        memo: Option<&mut PallanMemo<B>>,
        describe: bool,
    ) -> bool {
        self.attack_test::<WITH_DEPS, WITH_PALLANS>(target, by, deps, pallan, memo, describe)
    }

    /// The first part of [`Self::attacked_parts`] alone: every capture but the Pallans'
    /// refracting slides, bent vaults and moves-then-vaults, whose answer is known already
    /// (it read none of the cells that changed).
    pub(super) fn attacked_but_pallans(&self, target: usize, by: Color, deps: &mut B) -> bool {
        let mut unused = B::EMPTY;
        self.attack_test::<WITH_DEPS, NO_PALLANS>(target, by, deps, &mut unused, None, true)
    }

    /// The second part of [`Self::attacked_parts`] alone: the refracting slides, bent vaults
    /// and moves-then-vaults of the Pallans of `by`, with the cells read added to `deps` (for
    /// a `true` answer, those of the capture found if `describe`).
    pub(super) fn attacked_by_pallans(
        &self,
        target: usize,
        by: Color,
        deps: &mut B,
        memo: &mut PallanMemo<B>,
        describe: bool,
    ) -> bool {
        let mut read = B::EMPTY;
        let capture =
            self.pallans_capture::<WITH_DEPS>(target, by, Some(memo), &mut read, describe);
        *deps |= capture.unwrap_or(read);
        capture.is_some()
    }

    /// The Pallans' part of a check test: the cells of a capture found (if `DEPS` and
    /// `describe`), or `None` with every cell read added to `read` (if `DEPS`).
    fn pallans_capture<const DEPS: bool>(
        &self,
        target: usize,
        by: Color,
        mut memo: Option<&mut PallanMemo<B>>,
        read: &mut B,
        describe: bool,
    ) -> Option<B> {
        for from in self.pieces(by, PALLAN).cells() {
            let mut cells = B::EMPTY;
            if self.pallan_captures::<DEPS>(from, target, &mut cells, memo.as_deref_mut(), describe)
            {
                return Some(cells);
            }
            *read |= cells;
        }
        None
    }

    /// [`Self::attacked_parts`], the cells collected only if `DEPS` (those of a Pallan's
    /// capture only if `describe` too), the Pallans' part read only if `PALLANS`.
    fn attack_test<const DEPS: bool, const PALLANS: bool>(
        &self,
        target: usize,
        by: Color,
        deps: &mut B,
        pallan: &mut B,
        memo: Option<&mut PallanMemo<B>>,
        describe: bool,
    ) -> bool {
        let b = &*self.board;
        let occ = self.occupied();
        let theirs = self.occupied_by(by);
        let p = |k: u8| self.pieces(by, k);
        // The capture found: sets `deps` to the cells it depends on and answers `true`.
        let found = |deps: &mut B, cells: B| {
            if DEPS {
                *deps |= cells;
            }
            true
        };
        let king = b.king[target] & p(KING);
        if king.any() {
            return found(deps, king);
        }
        let leapers = b.knight[target] & (p(PAKTUN) | p(KAPT) | p(PALLAN));
        if leapers.any() {
            return found(deps, leapers);
        }
        let target_is_swod = matches!(self.piece_at(target), Some((_, SWOD)));
        let swod_ok = !target_is_swod || !self.propt(by.flip()).has(target);
        // The cells a `false` answer depends on. (Leap and step squares are not among them:
        // the mover cannot bring an enemy piece there.)
        let mut acc = B::EMPTY;
        // Propt depends on the Deldars around the target.
        let propt_cells = if target_is_swod {
            b.near4[target]
        } else {
            B::EMPTY
        };
        acc |= propt_cells;
        let fwd = Board::<B>::forward(by);
        for d in 0..8 {
            // `d` is the direction from the attacker towards the target; the line is read
            // from the target backwards.
            let back = opposite(d);
            let (l, i) = b.line_of(target, back);
            let bits = self.lines[l];
            let (run, gap) = b.line_run(bits, l, i, back);
            // The first piece behind the target: next to it, or beyond the empty cell there.
            // A `false` answer depends on the run and the empty cell after it; with no run, on
            // the empty cell next to the target (filling it could start a vault line) and the
            // first piece (moving it could open the line). A capture by that piece depends on
            // it and the cells it passes.
            let (near, path) = if run > 0 {
                let n = b.line_cell(l, Board::<B>::line_step(i, back, 1));
                if DEPS {
                    // Moving the piece next to the target could open the line; filling the
                    // gap could lengthen a vault line. (Emptying a cell further along only
                    // shortens the line.)
                    acc.set(n);
                    if let Some(g) = gap {
                        acc.set(b.line_cell(l, g));
                    }
                }
                (n, B::single(n))
            } else {
                let Some(g) = gap else {
                    continue;
                };
                let gc = b.line_cell(l, g);
                if DEPS {
                    acc.set(gc);
                }
                let Some(n) = b.line_first(bits, g, back) else {
                    continue;
                };
                let nc = b.line_cell(l, n);
                if DEPS {
                    acc.set(nc);
                }
                (nc, (b.full[back][gc] & !b.full[back][nc]) | B::single(gc))
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
                    return found(deps, path | propt_cells);
                }
            }
            // Vaults along `d`: a piece of `by` in the unbroken run behind the target, at
            // least four cells back (three pieces passed); a Swod only forward. The capture
            // depends on the pieces up to the vaulter.
            if run >= 4 {
                let swods = swod_ok && fwd.contains(&d);
                for j in 4..=run {
                    let c = b.line_cell(l, Board::<B>::line_step(i, back, j));
                    if theirs.has(c) && (swods || !p(SWOD).has(c)) {
                        return found(
                            deps,
                            (b.full[back][target] & !b.full[back][c]) | propt_cells,
                        );
                    }
                }
            }
        }
        // An unmoved Paktun's double leap: first onto an empty cell. Only emptying a leap
        // square with such a Paktun a leap away could open one.
        let paktuns = p(PAKTUN) & self.unmoved;
        if paktuns.any() {
            for mid in b.knight[target].cells() {
                let leapers = b.knight[mid] & paktuns;
                if leapers.is_empty() {
                    continue;
                }
                if occ.has(mid) {
                    if DEPS {
                        acc.set(mid);
                    }
                } else {
                    return found(deps, leapers | B::single(mid));
                }
            }
        }
        // An unmoved Deldar's turning double move (its straight moves are found above), from
        // the Deldars near enough.
        let deldars = p(DELDAR) & self.unmoved & b.near4[target];
        for from in deldars.cells() {
            if !b.deldar_turns_empty[from].has(target) {
                continue;
            }
            if DEPS {
                acc |= b.near4[from];
            }
            if b.deldar_turns(from, occ, !theirs).has(target) {
                return found(deps, b.near4[from]);
            }
        }
        let mut pallans = B::EMPTY;
        if PALLANS
            && let Some(cells) =
                self.pallans_capture::<DEPS>(target, by, memo, &mut pallans, describe)
        {
            return found(deps, cells);
        }
        if DEPS {
            *deps |= acc;
            *pallan |= pallans;
        }
        false
    }

    /// True when the Pallan on `from` could capture on `target` by a refracting slide, a bent
    /// vault, or a slide followed by a vault (its leaps and straight vaults from `from` are
    /// found by [`Self::attacked`] itself). Worked backwards from the target: the pieces behind
    /// it form the vault's last leg, the first empty cell behind a leg is where the Pallan must
    /// stand (its own cell, or a cell its slide reaches without crossing a front on the first
    /// step of the vault). Those stand cells are found first, from the lines around the
    /// target (taken from the attacking side's `memo` when given, which keeps the last few
    /// readings); the Pallan's slides are worked out only when one of them, or the target, lies
    /// where a slide from `from` could reach on an empty board. With `DEPS`, adds to `deps` the
    /// cells of the capture found (`true`, if `describe`: tracing the slide and the vault
    /// costs as much as the test) or every cell read (`false`).
    pub(super) fn pallan_captures<const DEPS: bool>(
        &self,
        from: usize,
        target: usize,
        deps: &mut B,
        mut memo: Option<&mut PallanMemo<B>>,
        describe: bool,
    ) -> bool {
        let b = &*self.board;
        let far = b.pallan_empty[from];
        if let Some(memo) = memo.as_deref_mut() {
            // The memo's stand cells serve as well as those read for this Pallan alone: a
            // stand cell its slides reach is one of them, and its own cell is one exactly when
            // it can vault from where it stands. Its gaps include the ones read here. A
            // capture found that is to be described is traced again below, from the start.
            let reading = self.refresh_memo(from, target, memo);
            if let Some(cells) = reading.far_cells(from, target, far) {
                if DEPS {
                    *deps |= cells;
                }
                return false;
            }
            if !reading.all.has(from) {
                let (stands, gaps) = (reading.stands, reading.gaps);
                let (reached, hit) = memo.slides(b, from, self.occupied());
                if !hit.has(target) && (stands & reached).is_empty() {
                    if DEPS {
                        *deps |= gaps | hit | B::single(from);
                    }
                    return false;
                }
            }
            if !(DEPS && describe) {
                return true;
            }
        }
        let (mut gaps, mut lines, mut unused) = (B::EMPTY, B::EMPTY, B::EMPTY);
        let stand = match self.pallan_stands::<DEPS, FILTERED, CAPTURING>(
            from,
            target,
            None,
            &mut gaps,
            &mut lines,
            &mut unused,
        ) {
            Ok(stand) => stand,
            Err(vault) => {
                // A vault from the Pallan's own cell.
                *deps |= vault | B::single(from);
                return true;
            }
        };
        // A `false` answer depends on the empty cells ending the lines (filling one lengthens
        // a line) and on the Pallan; emptying a cell of a line makes it a stand cell, which
        // matters only if the Pallan's slide could reach it (it was hit already: one move
        // cannot both empty it and open a path to it). Filling a cell the slide passes only
        // shortens the slide; emptying a cell where a slide stops lengthens it.
        if !far.has(target) && (stand & far).is_empty() {
            *deps |= gaps | (lines & far) | B::single(from);
            return false;
        }
        // From the memo's readings when given (the test above may have just read them).
        let (reached, hit) = match memo {
            Some(memo) => memo.slides(b, from, self.occupied()),
            None => b.pallan_slides(from, self.occupied()),
        };
        if hit.has(target) {
            if DEPS && describe {
                *deps |= b.pallan_path(from, target, self.occupied()) | B::single(from);
            }
            return true;
        }
        let on = stand & reached;
        if on.is_empty() {
            if DEPS {
                *deps |= gaps | hit | B::single(from);
            }
            return false;
        }
        if DEPS && describe {
            // The capture found: the slide to a stand cell and the vault from there.
            let g = on.lowest();
            let (mut unused, mut unused2, mut unused3) = (B::EMPTY, B::EMPTY, B::EMPTY);
            let vault = self
                .pallan_stands::<NO_DEPS, FILTERED, CAPTURING>(
                    from,
                    target,
                    Some(g),
                    &mut unused,
                    &mut unused2,
                    &mut unused3,
                )
                .expect_err("a vault from the stand cell");
            *deps |= b.pallan_path(from, g, self.occupied()) | vault | B::single(from);
        }
        true
    }

    /// [`MemoEntry::far_cells`] for the Pallan on `from` and `target`, from the reading of
    /// `memo` that holds (tests check that the Pallan indeed cannot capture where it answers).
    #[cfg(test)]
    fn pallan_far(
        &self,
        from: usize,
        target: usize,
        far: B,
        memo: &mut PallanMemo<B>,
    ) -> Option<B> {
        if far.has(target) {
            return None;
        }
        self.refresh_memo(from, target, memo)
            .far_cells(from, target, far)
    }

    /// The cells from which the Pallan on `from` could vault (straight or bent) onto
    /// `target`, excluding those a vault could not start from (the first step crossing a
    /// front), with the lines of pieces read added to `lines` and the empty cells ending them
    /// to `gaps` if `DEPS`; or, as `Err`, the cells of a vault from `from` itself, or (with
    /// `want`) from the stand cell `want`. The vault captures on `target` unless `LAND`, when
    /// it lands there (`target` empty): a bent vault then needs a piece on its second leg
    /// before `target`, which a capture does not (it may take the first piece after the
    /// corner once three are passed).
    ///
    /// Without `FILTER`, every line is read whatever the Pallan's reach, no vault is looked
    /// for (the `Ok` answer is all there is), and `all` gains every stand cell, also those a
    /// vault could start from only by crossing a front (that is, from the Pallan's own cell):
    /// the answer then depends on the Pallan's cell only in that the cell counts as empty.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn pallan_stands<const DEPS: bool, const FILTER: bool, const LAND: bool>(
        &self,
        from: usize,
        target: usize,
        want: Option<usize>,
        gaps: &mut B,
        lines: &mut B,
        all: &mut B,
    ) -> Result<B, B> {
        let b = &*self.board;
        let want = if FILTER {
            want.unwrap_or(from)
        } else {
            usize::MAX
        };
        // The lines without the Pallan, which leaves its cell to vault.
        let home = b.line[from];
        let bits = |l: usize, d: usize| {
            let (hl, hi) = home[d & 3];
            let x = self.lines[l];
            if hl as usize == l { x & !(1 << hi) } else { x }
        };
        let mut stand = B::EMPTY;
        // Per line, the places the Pallan's slides could reach on an empty board, and its own.
        let reach_lines = b.pallan_lines(from);
        for d2 in 0..8 {
            let back = opposite(d2);
            let (l, i) = b.line_of(target, back);
            let (m, gap) = b.line_run(bits(l, back), l, i, back);
            let ray = b.full[back][target];
            if DEPS {
                *lines |= match gap {
                    Some(g) => {
                        let g = b.line_cell(l, g);
                        gaps.set(g);
                        ray & !b.full[back][g]
                    }
                    None => ray,
                };
            }
            if m >= 3
                && let Some(g) = gap
            {
                let g = b.line_cell(l, g);
                if g == want && (g == from || !b.crosses(g, d2)) {
                    return Err(ray & !b.full[back][g]);
                }
                if !FILTER {
                    all.set(g);
                }
                if !b.crosses(g, d2) {
                    stand.set(g);
                }
            }
            // Bent: the corner is the j-th piece behind the target, the first leg comes in
            // along `d` over the corner and at least one piece behind it, from a cell on the
            // far side of the corner in direction `od`: only lines where the Pallan's
            // empty-board reach has a cell on that side can hold the stand cell.
            for j in 1..=m {
                let corner = b.line_cell(l, Board::<B>::line_step(i, back, j));
                let through = b.line[corner];
                for (o, &(l2, i2)) in through.iter().enumerate() {
                    if o == d2 & 3 {
                        continue;
                    }
                    let (l2, i2) = (l2 as usize, i2 as usize);
                    let f = reach_lines[l2];
                    let up = !FILTER || f >> (i2 + 1) != 0;
                    let down = !FILTER || f & ((1u64 << i2) - 1) != 0;
                    if !up && !down {
                        continue;
                    }
                    let x = bits(l2, o);
                    for (od, side) in [(o, up), (o + 4, down)] {
                        if !side {
                            continue;
                        }
                        let d = opposite(od);
                        let (n, g2) = b.line_run(x, l2, i2, od);
                        let leg = b.full[od][corner];
                        if DEPS {
                            *lines |= match g2 {
                                Some(g) => {
                                    let g = b.line_cell(l2, g);
                                    gaps.set(g);
                                    leg & !b.full[od][g]
                                }
                                None => leg,
                            };
                        }
                        if n >= 1
                            && n + j >= 3
                            && (!LAND || j >= 2)
                            && let Some(g) = g2
                        {
                            let g = b.line_cell(l2, g);
                            if g == want && (g == from || !b.crosses(g, d)) {
                                return Err((ray & !b.full[back][corner]) | (leg & !b.full[od][g]));
                            }
                            if !FILTER {
                                all.set(g);
                            }
                            if !b.crosses(g, d) {
                                stand.set(g);
                            }
                        }
                    }
                }
            }
        }
        Ok(stand)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::bitboard::Wide;
    use crate::core::moves::Move;
    use crate::games::jikaida::reach::tests::random_position;
    use std::sync::Arc;

    /// Random positions with at least one King each (dense ones make long vault lines and
    /// bent vaults).
    fn positions<B: Bitboard>(files: usize, ranks: usize, n: usize) -> Vec<JikaidaPosition<B>> {
        let board = Arc::new(Board::<B>::new(files, ranks));
        let mut x = 0xA77A_C4ED_0000_0001u64 ^ (files * ranks) as u64;
        (0..n)
            .map(|round| {
                let mut p = random_position(&board, 1 + (round % 4) as u64, &mut x);
                for c in Color::BOTH {
                    if p.pieces(c, KING).is_empty() {
                        let cell = (!p.occupied()).lowest();
                        p.put(c, KING, cell, false);
                    }
                }
                p
            })
            .collect()
    }

    /// `attacked` agrees with the union of every piece's moves, and a move that changes no
    /// cell of `attacked_deps` (and is not the King's) leaves the answer as it was.
    fn check<B: Bitboard>(files: usize, ranks: usize, n: usize) {
        let mut skipped = 0;
        for mut p in positions::<B>(files, ranks, n) {
            for by in Color::BOTH {
                for target in p.occupied_by(by.flip()).cells() {
                    assert_eq!(
                        p.attacked(target, by),
                        p.attacked_slow(target, by),
                        "cell {target} by {by:?} in {}",
                        p.to_fen()
                    );
                }
            }
            let us = p.side_to_move();
            let king = p.king(us);
            let mut deps = B::EMPTY;
            let before = p.attacked_deps(king, us.flip(), &mut deps);
            let propt = p.propt(us.flip());
            for from in p.occupied_by(us).cells() {
                if from == king {
                    continue;
                }
                for to in p.reach(from, propt).cells() {
                    if deps.has(from) || deps.has(to) {
                        continue;
                    }
                    let mv = Move::normal(from, to);
                    p.make(mv);
                    assert_eq!(
                        p.attacked(king, us.flip()),
                        before,
                        "{} after {}",
                        p.to_fen(),
                        p.move_text(mv)
                    );
                    p.unmake();
                    skipped += 1;
                }
            }
        }
        assert!(skipped > 1000, "{skipped}");
    }

    /// The check test with each side's memo of stand cells, kept across positions and their
    /// children (so it is both reused and found stale), agrees with the slow test; where the
    /// memo answers for a Pallan, that Pallan indeed cannot capture; and it answers often. The
    /// slides it keeps equal those worked out afresh, and are often reused.
    fn check_memo<B: Bitboard>(files: usize, ranks: usize, n: usize) {
        let mut memos = [PallanMemo::<B>::EMPTY; 2];
        let (mut answered, mut reused) = (0, 0);
        for mut p in positions::<B>(files, ranks, n) {
            let mut list = Vec::new();
            p.generate_pseudo_fresh(&mut list);
            for (k, &mv) in list.iter().enumerate() {
                if k % 3 != 0 || matches!(p.piece_at(mv.to()), Some((_, KING))) {
                    continue;
                }
                p.make(mv);
                for by in Color::BOTH {
                    let king = p.king(by.flip());
                    let memo = &mut memos[by.index()];
                    let (mut base, mut pallan) = (B::EMPTY, B::EMPTY);
                    assert_eq!(
                        p.attacked_parts(king, by, &mut base, &mut pallan, Some(&mut *memo), true),
                        p.attacked_slow(king, by),
                        "King {king} by {by:?} in {}",
                        p.to_fen()
                    );
                    for from in p.pieces(by, PALLAN).cells() {
                        let occ = p.occupied();
                        reused += memo.slides_held(from, occ) as usize;
                        assert_eq!(
                            memo.slides(p.board(), from, occ),
                            p.board().pallan_slides(from, occ),
                            "slides of the Pallan {from} in {}",
                            p.to_fen()
                        );
                        let far = p.board().pallan_empty[from];
                        if p.pallan_far(from, king, far, memo).is_some() {
                            answered += 1;
                            let mut unused = B::EMPTY;
                            assert!(
                                !p.pallan_captures::<NO_DEPS>(from, king, &mut unused, None, false),
                                "Pallan {from}, King {king} in {}",
                                p.to_fen()
                            );
                        }
                    }
                }
                p.unmake();
            }
        }
        assert!(answered > 1000, "the memo answered only {answered} times");
        assert!(
            reused > 1000,
            "the memo's slides were reused only {reused} times"
        );
    }

    #[test]
    fn pallan_memo_agrees_with_the_slow_test() {
        check_memo::<Wide<4>>(12, 18, 300);
        check_memo::<Wide<7>>(18, 24, 60);
    }

    #[test]
    fn attacked_agrees_with_reach_and_its_dependency_cells_on_random_boards() {
        check::<Wide<4>>(12, 18, 1500);
        check::<Wide<7>>(18, 24, 300);
    }
}
