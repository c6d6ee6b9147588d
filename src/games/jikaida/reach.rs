//! Where each piece can go: the set of target cells of every piece, whatever the path (slide,
//! leap, first move, vault, the Pallan's refraction, bent vault and move-then-vault). A move is
//! named by its start and end cell only, so the union of the paths' ends is the move list of a
//! piece before the check test.

use super::board::{Board, opposite};
use super::flags::{ALL_TARGETS, CAPTURING, FILTERED, LANDING, NO_DEPS};
use super::position::JikaidaPosition;
use super::{CHUKTAR, DELDAR, HIKDAR, JIKTAR, KAPT, KING, PAKTUN, PALLAN, SWOD};
use crate::core::bitboard::Bitboard;

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

    /// The cells of one refracting slide of a Pallan from `from` to `to` (which
    /// [`Self::pallan_slides`] reaches or hits), `to` included: what the slide depends on.
    pub fn pallan_path(&self, from: usize, to: usize, occ: B) -> B {
        for d in 0..8 {
            let first = self.inray[d][from];
            let seg = self.slide(d, first, occ);
            if seg.has(to) {
                return seg & !self.full[d][to];
            }
            let edge = if first.is_empty() {
                from
            } else {
                self.first(opposite(d), first)
            };
            if (seg & occ).any() || !self.crosses(edge, d) {
                continue;
            }
            for d2 in [d, (d + 1) & 7, (d + 7) & 7] {
                let ray = if d2 == d {
                    self.jray[d][edge]
                } else {
                    self.cray[d2][edge]
                };
                if self.slide(d2, ray, occ).has(to) {
                    return seg | (ray & !self.full[d2][to]);
                }
            }
        }
        unreachable!("no slide from {from} to {to}")
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
    /// [`Self::propt`] worked out from the pieces (tests compare the two).
    #[cfg(test)]
    pub(crate) fn propt_slow(&self, color: crate::core::geometry::Color) -> B {
        let mut near = B::EMPTY;
        for d in self.pieces(color, DELDAR).cells() {
            near |= self.board.king[d];
        }
        near & self.pieces(color, SWOD)
    }

    /// The occupancy of the line through `cell` along direction `d`, with `gone` (a piece
    /// that has left, or any cell off the line) taken as empty; and the line and place.
    #[inline(always)]
    fn line_without(&self, cell: usize, d: usize, gone: usize) -> (u64, usize, usize) {
        let b = &*self.board;
        let (l, i) = b.line_of(cell, d);
        let (gl, gi) = b.line[gone][d & 3];
        let mut bits = self.lines[l];
        if gl as usize == l {
            bits &= !(1 << gi);
        }
        (bits, l, i)
    }

    /// [`Board::slide`] along `ray` (from `from` in direction `d`, at most `len` cells long),
    /// read from the line occupancy.
    #[inline(always)]
    fn slide_on(&self, from: usize, d: usize, ray: B, len: usize) -> B {
        let b = &*self.board;
        let (l, i) = b.line_of(from, d);
        let free = b.line_free(self.lines[l], l, i, d);
        if free >= len {
            ray
        } else {
            ray & !b.full[d][b.line_cell(l, Board::<B>::line_step(i, d, free + 1))]
        }
    }

    /// [`Board::vault`] read from the line occupancy, with `gone` taken as empty (the
    /// Pallan's start when it slid first; the vaulter's own cell otherwise).
    #[inline(always)]
    pub fn vault_on(&self, from: usize, d: usize, gone: usize, takes: B) -> B {
        let b = &*self.board;
        let (bits, l, i) = self.line_without(from, d, gone);
        let (n, gap) = b.line_run(bits, l, i, d);
        if n < 3 {
            return B::EMPTY;
        }
        let mut out = B::EMPTY;
        for j in 4..=n {
            let c = b.line_cell(l, Board::<B>::line_step(i, d, j));
            if takes.has(c) {
                out.set(c);
            }
        }
        if let Some(g) = gap {
            out.set(b.line_cell(l, g));
        }
        out
    }

    /// [`Board::bent_vault`] read from the line occupancy, with `gone` taken as empty.
    pub fn bent_vault_on(&self, from: usize, d: usize, gone: usize, takes: B) -> B {
        let b = &*self.board;
        let mut out = B::EMPTY;
        let (bits, l, i) = self.line_without(from, d, gone);
        let (k1, _) = b.line_run(bits, l, i, d);
        let gone_lines = b.line[gone];
        // The corner is the c-th piece of the first leg, from the second on; the second leg
        // turns onto one of the three other orientations, either way.
        for c in 2..=k1 {
            let corner = b.line_cell(l, Board::<B>::line_step(i, d, c));
            for (o, &(l2, i2)) in b.line[corner].iter().enumerate() {
                if o == d & 3 {
                    continue;
                }
                let (l2, i2) = (l2 as usize, i2 as usize);
                let mut bits2 = self.lines[l2];
                if gone_lines[o].0 as usize == l2 {
                    bits2 &= !(1 << gone_lines[o].1);
                }
                for d2 in [o, o + 4] {
                    let (n, gap) = b.line_run(bits2, l2, i2, d2);
                    if n == 0 {
                        continue;
                    }
                    if let Some(g) = gap {
                        out.set(b.line_cell(l2, g));
                    }
                    // The t-th piece of the second leg has c + t - 1 pieces before it.
                    for t in 4usize.saturating_sub(c).max(1)..=n {
                        let x = b.line_cell(l2, Board::<B>::line_step(i2, d2, t));
                        if takes.has(x) {
                            out.set(x);
                        }
                    }
                }
            }
        }
        out
    }

    /// The cells the piece on `from` can move to, before the check test (the Fluttember
    /// excluded). `propt` is the opponent's [`Self::propt`], needed only for Swods.
    pub fn reach(&self, from: usize, propt: B) -> B {
        self.reach_for::<ALL_TARGETS>(from, propt)
    }

    /// [`Self::reach`], or if `CAPTURES` a superset of its captures and promotions that the
    /// caller masks (parts that can capture nothing are skipped).
    #[inline(always)]
    pub fn reach_for<const CAPTURES: bool>(&self, from: usize, propt: B) -> B {
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
            PALLAN => return self.pallan_reach(from, self.pallan_takes(us)),
            KAPT | CHUKTAR => {
                for d in 0..8 {
                    out |= self.slide_on(from, d, b.cray[d][from], b.ray_len[from][1][d] as usize);
                }
                if kind == KAPT {
                    out |= b.knight[from];
                }
                out &= empty | enemy;
            }
            JIKTAR | HIKDAR => {
                let first = if kind == JIKTAR { 0 } else { 1 };
                for d in (first..8).step_by(2) {
                    out |= self.slide_on(from, d, b.jray[d][from], b.ray_len[from][0][d] as usize);
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
                // Every Deldar move stays within four King steps.
                if !CAPTURES || (b.near4[from] & enemy).any() {
                    for d in 0..8 {
                        let ray = b.short[n - 1][d][from];
                        let len = n.min(b.ray_len[from][0][d] as usize);
                        out |= self.slide_on(from, d, ray, len);
                    }
                }
                out &= empty | enemy;
                if unmoved && (!CAPTURES || (b.deldar_turns_empty[from] & enemy).any()) {
                    out |= b.deldar_turns(from, occ, enemy);
                }
            }
            _ => {
                takes = enemy & !(self.pieces(us.flip(), SWOD) & propt);
                let fwd = Board::<B>::forward(us);
                let n = if unmoved { 3 } else { 1 };
                let short = &b.short[n - 1];
                // Captures need an enemy on a forward diagonal, promotions the last rank.
                let steps = !CAPTURES || {
                    let diagonals = short[fwd[1]][from] | short[fwd[2]][from];
                    (diagonals & takes).any()
                        || ((diagonals | short[fwd[0]][from]) & b.last_rank[us.index()]).any()
                };
                for (i, &d) in fwd.iter().enumerate() {
                    if steps {
                        let len = n.min(b.ray_len[from][0][d] as usize);
                        let path = self.slide_on(from, d, short[d][from], len);
                        out |= if i == 0 {
                            path & empty
                        } else {
                            path & (empty | takes)
                        };
                    }
                    if self.vaults_toward::<CAPTURES>(from, d) {
                        out |= self.vault_on(from, d, from, takes);
                    }
                }
                return out;
            }
        }
        let mut dirs = self.vault_dirs::<CAPTURES>(from);
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            // A capturing vault needs a piece to take along its line (in a camp most lines
            // beside a piece hold only its own side's).
            if !CAPTURES || (b.full[d][from] & takes).any() {
                out |= self.vault_on(from, d, from, takes);
            }
        }
        out
    }

    /// What a Pallan of `us` may capture: any piece but its own King (friends too).
    #[inline(always)]
    pub fn pallan_takes(&self, us: crate::core::geometry::Color) -> B {
        self.occupied() & !self.pieces(us, KING) & !self.pieces(us.flip(), KING)
            | self.occupied_by(us.flip())
    }

    /// The directions (bit `d`) in which the three cells next to `from` are occupied: the
    /// only ones a straight vault from `from` can take. With `CAPTURES`, four cells: a vault
    /// captures only a piece it reaches after passing three.
    #[inline(always)]
    fn vault_dirs<const CAPTURES: bool>(&self, from: usize) -> u8 {
        let b = &*self.board;
        let mut dirs = 0;
        for (o, &(l, i)) in b.line[from].iter().enumerate() {
            let (bits, i) = (self.lines[l as usize], i as usize);
            dirs |= (run_beside::<CAPTURES>(bits, i, true) as u8) << o;
            dirs |= (run_beside::<CAPTURES>(bits, i, false) as u8) << (o + 4);
        }
        dirs
    }

    /// [`Self::vault_dirs`] for the one direction `d` (a Swod vaults only forward: three
    /// directions of the eight).
    #[inline(always)]
    fn vaults_toward<const CAPTURES: bool>(&self, from: usize, d: usize) -> bool {
        let (l, i) = self.board.line[from][d & 3];
        run_beside::<CAPTURES>(self.lines[l as usize], i as usize, d < 4)
    }

    /// Everything a Pallan on `from` reaches: refracting slides, knight leaps, straight and
    /// bent vaults, and slide-then-vault. `takes` are the pieces it may capture.
    pub fn pallan_reach(&self, from: usize, takes: B) -> B {
        let b = &*self.board;
        let occ = self.occupied();
        let (reached, hit) = b.pallan_slides(from, occ);
        let mut out = reached | (hit & takes) | (b.knight[from] & (!occ | takes));
        out |= self.pallan_vaults(from, from, 0, takes);
        for mid in reached.cells() {
            // A vault after the slide may not begin by crossing a front.
            out |= self.pallan_vaults(mid, from, b.crosses[mid], takes);
        }
        out.clear(from);
        out
    }

    /// [`Self::pallan_reach`] within `wanted` alone (a cell other than `from`), worked
    /// backwards from each wanted cell: for evasions, where only the few cells of the check
    /// matter and the full reach (slide-then-vault from every cell the slides reach, bent
    /// vaults in a crowded camp) costs many times more. A wanted cell is reached by a slide
    /// or a leap, or by a vault from a stand cell (see [`Self::pallan_stands`]) that is the
    /// Pallan's own cell or one its slides reach.
    pub fn pallan_reach_into(&self, from: usize, takes: B, wanted: B) -> B {
        let b = &*self.board;
        let occ = self.occupied();
        let (reached, hit) = b.pallan_slides(from, occ);
        let mut out = (reached | (hit & takes) | (b.knight[from] & (!occ | takes))) & wanted;
        for t in (wanted & !out & (!occ | takes)).cells() {
            if t == from {
                continue;
            }
            let stands = if occ.has(t) {
                self.vault_stands::<CAPTURING>(from, t)
            } else {
                self.vault_stands::<LANDING>(from, t)
            };
            let reaches = match stands {
                // A vault from the Pallan's own cell.
                Err(_) => true,
                Ok(s) => (s & reached).any(),
            };
            if reaches {
                out.set(t);
            }
        }
        out
    }

    /// [`Self::pallan_stands`] for the Pallan on `from` and the cell `t`, capturing there or,
    /// if `LAND`, landing there, without the cells read.
    #[inline(always)]
    fn vault_stands<const LAND: bool>(&self, from: usize, t: usize) -> Result<B, B> {
        let (mut gaps, mut lines, mut all) = (B::EMPTY, B::EMPTY, B::EMPTY);
        self.pallan_stands::<NO_DEPS, FILTERED, LAND>(
            from, t, None, &mut gaps, &mut lines, &mut all,
        )
    }

    /// The straight and bent vaults of a Pallan standing on `at`, with `gone` (the cell it
    /// left) taken as empty, in every direction but those of `skip` (bit `d`). Only the
    /// directions where the two cells next to `at` hold pieces are read: both kinds of vault
    /// pass at least two pieces in a straight line first.
    #[inline(always)]
    fn pallan_vaults(&self, at: usize, gone: usize, skip: u8, takes: B) -> B {
        let b = &*self.board;
        let gone_lines = &b.line[gone];
        let mut out = B::EMPTY;
        for (o, &(l, i)) in b.line[at].iter().enumerate() {
            let (l, i) = (l as usize, i as usize);
            let mut bits = self.lines[l];
            if gone_lines[o].0 as usize == l {
                bits &= !(1 << gone_lines[o].1);
            }
            if skip & (1 << o) == 0 && (bits >> (i + 1)) & 3 == 3 {
                out |= self.vault_on(at, o, gone, takes) | self.bent_vault_on(at, o, gone, takes);
            }
            let down = o + 4;
            if skip & (1 << down) == 0 && i >= 2 && (bits >> (i - 2)) & 3 == 3 {
                out |= self.vault_on(at, down, gone, takes)
                    | self.bent_vault_on(at, down, gone, takes);
            }
        }
        out
    }
}

/// True when the cells next to place `i` of a line with occupancy `bits`, towards higher
/// places if `up`, hold the run of pieces a straight vault from there needs: three, or four
/// with `CAPTURES` (a vault captures only a piece it reaches after passing three).
#[inline(always)]
fn run_beside<const CAPTURES: bool>(bits: u64, i: usize, up: bool) -> bool {
    let run = if CAPTURES { 4 } else { 3 };
    let full = (1u64 << run) - 1;
    if up {
        (bits >> (i + 1)) & full == full
    } else {
        i >= run && (bits >> (i - run)) & full == full
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::core::bitboard::Wide;
    use crate::core::geometry::Color;
    use crate::core::rng::xorshift64;

    /// The bitboard refraction equals the cell-by-cell walk on random boards of every density.
    #[test]
    fn pallan_slides_match_the_walk() {
        let b: Board<Wide<4>> = Board::new(12, 18);
        let mut x = 0x1234_5678_9ABC_DEF1u64;
        for round in 0..4000 {
            let mut occ = Wide::<4>::EMPTY;
            let density = 2 + round % 12;
            for c in 0..b.cells {
                xorshift64(&mut x);
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

    /// A random position of pieces of either colour (kinds drawn at random) on `board`,
    /// about one cell in `density` occupied.
    pub(crate) fn random_position<B: Bitboard>(
        board: &std::sync::Arc<Board<B>>,
        density: u64,
        x: &mut u64,
    ) -> JikaidaPosition<B> {
        let cells = board.cells;
        let mut p = JikaidaPosition::empty(board.clone());
        for c in 0..cells {
            let r = xorshift64(x);
            if r.is_multiple_of(density) {
                let color = if r & 1 == 0 {
                    Color::First
                } else {
                    Color::Second
                };
                p.put(color, ((r >> 8) % 9) as u8, c, r & 2 == 0);
            }
        }
        p
    }

    /// The vaults read from the line occupancy equal the bitboard ones, with and without a
    /// cell taken as empty, on boards of each width.
    #[test]
    fn line_vaults_match_the_bitboard_vaults() {
        fn check<B: Bitboard>(files: usize, ranks: usize) {
            let mut x = 0x0DDB_A11C_0FFE_E123u64;
            let board = std::sync::Arc::new(Board::<B>::new(files, ranks));
            for round in 0..1500 {
                let p = random_position(&board, 1 + round % 4, &mut x);
                let b = p.board();
                let occ = p.occupied();
                let takes = p.occupied_by(Color::Second);
                xorshift64(&mut x);
                let from = (x >> 7) as usize % b.cells;
                let gone = (x >> 27) as usize % b.cells;
                for d in 0..8 {
                    for (g, o) in [(from, occ), (gone, occ & !B::single(gone))] {
                        assert_eq!(p.vault_on(from, d, g, takes), b.vault(from, d, o, takes));
                        assert_eq!(
                            p.bent_vault_on(from, d, g, takes),
                            b.bent_vault(from, d, o, takes),
                            "from {from} gone {g} dir {d}"
                        );
                    }
                }
            }
        }
        check::<Wide<4>>(12, 18);
        check::<Wide<7>>(18, 24);
        check::<Wide<14>>(24, 36);
    }

    /// Every piece but the Pallan, moved or not, reaches only cells of
    /// [`Board::reach_any`] (the evasion generator skips a piece whose `reach_any` misses the
    /// attack), on random boards of each width and density.
    #[test]
    fn reach_stays_within_reach_any() {
        fn check<B: Bitboard>(files: usize, ranks: usize) -> usize {
            let mut x = 0x5EED_0F0A_11CE_0001u64;
            let board = std::sync::Arc::new(Board::<B>::new(files, ranks));
            let mut far = 0;
            for round in 0..600 {
                let p = random_position(&board, 1 + round % 5, &mut x);
                let propt = [p.propt_slow(Color::First), p.propt_slow(Color::Second)];
                for from in p.occupied().cells() {
                    let (c, kind) = p.piece_at(from).expect("a piece");
                    if kind == PALLAN {
                        continue;
                    }
                    let reach = p.reach_for::<ALL_TARGETS>(from, propt[c.flip().index()]);
                    assert!(
                        (reach & !board.reach_any[from]).is_empty(),
                        "kind {kind} from {from}"
                    );
                    far += (reach & !board.near4[from]).count() as usize;
                }
            }
            far
        }
        // Moves beyond four King steps (vaults, long slides) happen: the lines matter.
        assert!(check::<Wide<4>>(12, 18) > 0);
        assert!(check::<Wide<7>>(18, 24) > 0);
        assert!(check::<Wide<14>>(24, 36) > 0);
    }

    /// The Pallan's reach equals the plain union of its slides, leaps and the vaults from
    /// every cell it can stand on, on random boards of each width.
    #[test]
    fn pallan_reach_matches_the_plain_union() {
        fn check<B: Bitboard>(files: usize, ranks: usize) {
            let mut x = 0xBA11_A5ED_0000_0077u64;
            let board = std::sync::Arc::new(Board::<B>::new(files, ranks));
            for round in 0..800 {
                let p = random_position(&board, 1 + round % 4, &mut x);
                let b = p.board();
                xorshift64(&mut x);
                let from = (x >> 9) as usize % b.cells;
                if !p.occupied().has(from) {
                    continue;
                }
                let occ = p.occupied();
                let takes = p.occupied_by(Color::Second);
                let (reached, hit) = b.pallan_slides(from, occ);
                let mut want = reached | (hit & takes) | (b.knight[from] & (!occ | takes));
                let after = occ & !B::single(from);
                for d in 0..8 {
                    want |= b.vault(from, d, occ, takes) | b.bent_vault(from, d, occ, takes);
                }
                for mid in reached.cells() {
                    for d in 0..8 {
                        if !b.crosses(mid, d) {
                            want |=
                                b.vault(mid, d, after, takes) | b.bent_vault(mid, d, after, takes);
                        }
                    }
                }
                want.clear(from);
                assert_eq!(
                    p.pallan_reach(from, takes),
                    want,
                    "from {from} in {}",
                    p.to_fen()
                );
            }
        }
        check::<Wide<4>>(12, 18);
        check::<Wide<7>>(18, 24);
    }

    /// The Pallan's reach into a few wanted cells, worked backwards, equals its full reach
    /// cut to those cells, on random boards of each width and density (straight and bent
    /// vaults, landings and captures, from its own cell and after a slide).
    #[test]
    fn pallan_reach_into_matches_the_full_reach() {
        fn check<B: Bitboard>(files: usize, ranks: usize) -> usize {
            let mut x = 0x5EA5_0FF1_CE00_0042u64 ^ files as u64;
            let board = std::sync::Arc::new(Board::<B>::new(files, ranks));
            let mut vaults = 0;
            for round in 0..1500 {
                let p = random_position(&board, 1 + round % 4, &mut x);
                let b = p.board();
                xorshift64(&mut x);
                let from = (x >> 9) as usize % b.cells;
                let Some((us, _)) = p.piece_at(from) else {
                    continue;
                };
                let takes = p.pallan_takes(us);
                let full = p.pallan_reach(from, takes);
                let (reached, hit) = b.pallan_slides(from, p.occupied());
                let plain = reached | (hit & takes) | b.knight[from];
                // Wanted: a few cells near the Pallan's reach and a few anywhere, and once in
                // a while every cell.
                let mut wanted = B::EMPTY;
                for _ in 0..1 + round % 7 {
                    xorshift64(&mut x);
                    wanted.set((x >> 11) as usize % b.cells);
                }
                let far = full & !plain;
                if far.any() && round % 2 == 0 {
                    wanted.set(
                        far.cells()
                            .nth((x >> 40) as usize % far.count() as usize)
                            .unwrap(),
                    );
                }
                if round % 50 == 0 {
                    wanted = !B::EMPTY;
                    for c in b.cells..B::CAPACITY {
                        wanted.clear(c);
                    }
                }
                wanted.clear(from);
                let into = p.pallan_reach_into(from, takes, wanted);
                assert_eq!(into, full & wanted, "from {from} in {}", p.to_fen());
                vaults += (into & !plain).count() as usize;
            }
            vaults
        }
        // Cells reached only by a vault were among those compared, many times.
        assert!(check::<Wide<4>>(12, 18) > 300);
        assert!(check::<Wide<7>>(18, 24) > 300);
    }

    /// Line occupancy, piece counts, propt Swods and Swod progress follow every move and take-back of random
    /// playouts.
    #[test]
    fn lines_and_counts_follow_make_and_unmake() {
        let board = std::sync::Arc::new(Board::<Wide<4>>::new(12, 18));
        let start = "cjhapkannhjc/dddddddddddd/ssssssssssss/12/12/12/12/12/12/12/12/12/12/12/12/SSSSSSSSSSSS/DDDDDDDDDDDD/CJHNNAPKAHJC y Kk 1";
        let mut x = 0x5EED_5EED_1234_4321u64;
        let consistent = |p: &JikaidaPosition<Wide<4>>| {
            let b = p.board();
            for l in 0..b.line_len.len() {
                let mut bits = 0u64;
                for i in 0..b.line_len[l] as usize {
                    if p.occupied().has(b.line_cell(l, i)) {
                        bits |= 1 << i;
                    }
                }
                assert_eq!(p.line_bits(l), bits, "line {l}");
            }
            for c in Color::BOTH {
                for k in 0..9 {
                    assert_eq!(p.count(c, k), p.pieces(c, k).count());
                }
                assert_eq!(p.propt(c), p.propt_slow(c));
                let mut steps = [0i32; 2];
                for s in p.pieces(c, SWOD).cells() {
                    let [a, n] = b.swod_steps[c.index()][s];
                    steps[0] += a as i32;
                    steps[1] += n as i32;
                }
                assert_eq!(p.swod_steps(c), steps);
            }
        };
        for _ in 0..20 {
            let mut p = JikaidaPosition::from_fen(board.clone(), start).unwrap();
            let mut played = 0;
            for _ in 0..80 {
                let mut l = Vec::new();
                p.generate(&mut l);
                if l.is_empty() {
                    break;
                }
                xorshift64(&mut x);
                p.make(l[x as usize % l.len()]);
                played += 1;
                consistent(&p);
            }
            for _ in 0..played {
                p.unmake();
                consistent(&p);
            }
        }
    }
}
