//! Check answers kept along the move history, so that most positions learn whether their King
//! is attacked without a check test.
//!
//! Two answers are kept per position of the history: [`JikaidaPosition::guard`], whether the
//! side to move's King is attacked, and the *threat*, whether the other King is (the legality
//! test of the move just made, which [`JikaidaPosition::try_make`] records). Each comes with
//! the cells the answer read: a move touching none of them leaves the answer as it was, as
//! far as the pieces already on the board go. So a move's legality follows from the mover's
//! guard, and the next position's guard follows from the mover's threat plus one question:
//! can the piece that just moved capture the King from where it landed? An answer carried
//! over a move adds to the cells read the cell the move left (it may now end a line) and,
//! if it lies on a line through the King, the cell it reached (the piece there may now
//! block a line). The cells read for the attacking Pallan are kept apart: when that Pallan
//! is the piece that moved, its part is read afresh from its new cell and the rest is kept.

use super::flags::{CAPTURE_TARGETS, WITH_DEPS};
use super::position::JikaidaPosition;
use super::{KING, PALLAN};
use crate::core::bitboard::Bitboard;
use crate::core::geometry::Color;
use crate::core::moves::Move;

/// One check answer: whether a King is attacked, and the cells that answer read (a move
/// touching none of them, and not the King's, leaves it as it is; see
/// [`JikaidaPosition::attacked_parts`]), in two parts: those read for the attacking Pallans
/// and the rest.
#[derive(Clone, Copy, Debug)]
pub(super) struct Guard<B> {
    pub(super) valid: bool,
    pub(super) check: bool,
    /// The cells read, but for the Pallans' part (all of them when `check`).
    pub(super) base: B,
    /// The cells read for the attacking Pallans (their cells, slides and vault lines).
    pub(super) pallan: B,
}

impl<B: Bitboard> Guard<B> {
    const UNKNOWN: Guard<B> = Guard {
        valid: false,
        check: false,
        base: B::EMPTY,
        pallan: B::EMPTY,
    };

    /// Every cell the answer read.
    #[inline(always)]
    pub(super) fn deps(&self) -> B {
        self.base | self.pallan
    }
}

/// How many captures of a King in check [`Routes`] keeps.
const ROUTES: usize = 4;

/// More ways the King in check can be captured than the one its guard describes, learnt
/// from the moves refused there: each a set of cells a capture depends on (the capturer's,
/// and those it passes or vaults over). A move that is not the King's and touches none of
/// one set's cells cannot be legal, which [`JikaidaPosition::try_make`] then tells without
/// making it. In Jikaida a Pallan in check often has several slides to the cells it can
/// vault onto the King from, and blocking one leaves the others.
#[derive(Clone, Copy, Debug)]
pub(super) struct Routes<B> {
    count: u8,
    cells: [B; ROUTES],
}

impl<B: Bitboard> Routes<B> {
    const EMPTY: Routes<B> = Routes {
        count: 0,
        cells: [B::EMPTY; ROUTES],
    };
}

impl<B: Bitboard> JikaidaPosition<B> {
    /// The answer of a full check test for the King on `king`. Without `describe`, a `true`
    /// answer's cells are not all collected: for legality tests, whose `true` answers are
    /// dropped with the move.
    #[inline(always)]
    pub(super) fn tested_guard(&mut self, king: usize, describe: bool) -> Guard<B> {
        let by = self.attacker(king);
        let (mut base, mut pallan) = (B::EMPTY, B::EMPTY);
        let check = self.with_memo(by, |p, memo| {
            p.attacked_parts(king, by, &mut base, &mut pallan, Some(memo), describe)
        });
        Guard {
            valid: true,
            check,
            base,
            pallan,
        }
    }

    /// The side attacking the King on `king`.
    #[inline(always)]
    fn attacker(&self, king: usize) -> Color {
        self.piece_at(king)
            .map_or(self.side_to_move(), |(c, _)| c)
            .flip()
    }

    /// Forgets every kept answer (the position was set up anew).
    pub(super) fn clear_guards(&mut self) {
        self.kept.guard.clear();
        self.kept.threat.clear();
        self.kept.routes.clear();
    }

    /// Forgets the answers of the position just reached (a move or pass was made).
    #[inline(always)]
    pub(super) fn invalidate_guards(&mut self) {
        let n = self.history_len();
        if let Some(g) = self.kept.guard.get_mut(n) {
            g.valid = false;
        }
        if let Some(t) = self.kept.threat.get_mut(n) {
            t.valid = false;
        }
        if let Some(r) = self.kept.routes.get_mut(n) {
            r.count = 0;
        }
    }

    /// True when one of the captures [`Self::learn_route`] kept for this position (in check)
    /// touches neither `from` nor `to`: a move between them, not the King's, leaves that
    /// capture standing and is illegal.
    #[inline(always)]
    pub(super) fn route_stands(&self, from: usize, to: usize) -> bool {
        self.kept.routes.get(self.history_len()).is_some_and(|r| {
            r.cells[..r.count as usize]
                .iter()
                .any(|c| !c.has(from) && !c.has(to))
        })
    }

    /// True when this position (in check) can keep another capture.
    #[inline(always)]
    pub(super) fn route_room(&self) -> bool {
        self.kept
            .routes
            .get(self.history_len())
            .is_none_or(|r| (r.count as usize) < ROUTES)
    }

    /// Keeps `cells`, those of a capture of this position's King: a capture found after a
    /// move from here that touched none of its cells, so it stood here already.
    #[inline(always)]
    pub(super) fn learn_route(&mut self, cells: B) {
        let n = self.history_len();
        if n >= self.kept.routes.len() {
            self.kept.routes.resize(n + 1, Routes::EMPTY);
        }
        let r = &mut self.kept.routes[n];
        if (r.count as usize) < ROUTES {
            r.cells[r.count as usize] = cells;
            r.count += 1;
        }
    }

    /// Records the threat answer of the position just reached.
    #[inline(always)]
    pub(super) fn set_threat(&mut self, g: Guard<B>) {
        let n = self.history_len();
        if n >= self.kept.threat.len() {
            self.kept.threat.resize(n + 1, Guard::UNKNOWN);
        }
        self.kept.threat[n] = g;
    }

    /// When this position's guard is already known and finds the King attacked, the cells of
    /// the capture it found (traced in full: a position's own guard is always described):
    /// every move but the King's must touch one of them, or [`Self::try_make`] refuses it
    /// (that capture stands). `None` when not in check or not yet known.
    #[inline(always)]
    pub(super) fn known_check(&self) -> Option<B> {
        self.kept
            .guard
            .get(self.history_len())
            .filter(|g| g.valid && g.check)
            .map(|g| g.deps())
    }

    /// Whether the side to move's King is attacked, and the cells the answer read: computed
    /// once per position of the history, and derived from the previous position's threat
    /// where it can be.
    #[inline(always)]
    pub(super) fn guard(&mut self) -> Guard<B> {
        let n = self.history_len();
        if n >= self.kept.guard.len() {
            self.kept.guard.resize(n + 1, Guard::UNKNOWN);
        }
        if !self.kept.guard[n].valid {
            self.kept.guard[n] = match self.derived_guard(n) {
                Some(g) => g,
                None => self.tested_guard(self.king(self.side_to_move()), true),
            };
        }
        self.kept.guard[n]
    }

    /// The guard of the position after `n` moves, from the threat of the one before, when
    /// the move between them could not have given check: after a pass, or when the move
    /// touched none of the threat's cells and the piece that moved cannot capture the King
    /// from where it stands; or when the one attacking Pallan moved, touching none of the
    /// other cells, and cannot capture the King from its new cell, whose part is then read
    /// afresh. `None` when a full check test is needed: no threat known, a King moved (the
    /// Fluttember), or a check to be described.
    fn derived_guard(&mut self, n: usize) -> Option<Guard<B>> {
        let t = *self.kept.threat.get(n.checked_sub(1)?)?;
        if !t.valid || t.check {
            return None;
        }
        let mv = self.history_move(n - 1);
        if mv == Move::NULL {
            return Some(t);
        }
        let (from, to) = (mv.from(), mv.to());
        let (them, kind) = self.piece_at(to)?;
        if kind == KING {
            return None;
        }
        let us = self.side_to_move();
        let king = self.king(us);
        let b = self.board();
        if kind == PALLAN {
            if t.base.has(from) || t.base.has(to) || self.count(them, PALLAN) != 1 {
                return None;
            }
            // Its leaps and straight vaults, then its slides and bent lines (which give the
            // Pallan's part of the cells read).
            if b.knight[to].has(king)
                || (0..8).any(|d| {
                    b.full[d][to].has(king) && self.vault_on(to, d, to, B::single(king)).has(king)
                })
            {
                return None;
            }
            let mut pallan = B::EMPTY;
            if self.with_memo(them, |p, memo| {
                p.pallan_captures::<WITH_DEPS>(to, king, &mut pallan, Some(memo), false)
            }) {
                return None;
            }
            return Some(self.carried(Guard { pallan, ..t }, mv, king));
        }
        let deps = t.deps();
        if deps.has(from) || deps.has(to) {
            return None;
        }
        let lined = self.lined(to, king);
        if (lined || b.knight[to].has(king))
            && self
                .reach_for::<CAPTURE_TARGETS>(to, self.propt(us))
                .has(king)
        {
            return None;
        }
        Some(self.carried(t, mv, king))
    }

    /// The answer about the King on `king` after the move `mv` (just made, not by that King)
    /// from `g`, the answer before it, which said "not attacked": only the parts whose cells
    /// the move touched are read again, the other is carried. The piece that moved must not
    /// be able to capture the King from where it landed in a way the carried part misses (a
    /// piece of the King's own side, or an attacker whose captures the re-read part covers).
    /// A `true` answer is a legality test's: its cells are not all collected.
    pub(super) fn reread_guard(&mut self, g: Guard<B>, mv: Move, king: usize) -> Guard<B> {
        let (from, to) = (mv.from(), mv.to());
        let base_touched = g.base.has(from) || g.base.has(to);
        let pallan_touched = g.pallan.has(from) || g.pallan.has(to);
        if base_touched == pallan_touched {
            return self.tested_guard(king, false);
        }
        let by = self.attacker(king);
        let mut read = B::EMPTY;
        let (check, carried) = if base_touched {
            let check = self.attacked_but_pallans(king, by, &mut read);
            (check, g.pallan)
        } else {
            let check = self.with_memo(by, |p, memo| {
                p.attacked_by_pallans(king, by, &mut read, memo, false)
            });
            (check, g.base)
        };
        if check {
            return Guard {
                valid: true,
                check,
                base: read,
                pallan: B::EMPTY,
            };
        }
        // The carried part gains the cells a carried answer gains (see [`Self::carried`]).
        let mut carried = carried | B::single(from);
        if self.lined(to, king) {
            carried.set(to);
        }
        let (base, pallan) = if base_touched {
            (read, carried)
        } else {
            (carried, read)
        };
        Guard {
            valid: true,
            check: false,
            base,
            pallan,
        }
    }

    /// True when `cell` lies on one of the four lines through `king`.
    #[inline(always)]
    fn lined(&self, cell: usize, king: usize) -> bool {
        let b = self.board();
        (0..4).any(|o| b.line[cell][o].0 == b.line[king][o].0)
    }

    /// True when `mv`, a move of the side to move, certainly leaves the other King
    /// unattacked, told without making it: this position's threat (whether that King is
    /// attacked here, recorded by the [`Self::try_make`] that reached it) said no, the move
    /// is not a King's (nor makes a Pallan), touches none of the cells that answer read, and
    /// lands neither on a line through that King nor a leap away from it (where the piece
    /// that moved could capture it); a Pallan's move as in [`Self::pallan_gives_no_check`].
    /// The same reasoning as [`Self::derived_guard`], which may still find no check where
    /// this says it cannot tell (false).
    #[inline(always)]
    pub(super) fn gives_no_check(&mut self, mv: Move) -> bool {
        let Some(&t) = self.kept.threat.get(self.history_len()) else {
            return false;
        };
        if !t.valid || t.check {
            return false;
        }
        let (from, to) = (mv.from(), mv.to());
        let Some((_, kind)) = self.piece_at(from) else {
            return false;
        };
        if kind == PALLAN {
            return self.pallan_gives_no_check(t, from, to);
        }
        let arrives = mv.promotes_to().unwrap_or(kind);
        if kind == KING || arrives == PALLAN {
            return false;
        }
        let deps = t.deps();
        if deps.has(from) || deps.has(to) {
            return false;
        }
        let king = self.king(self.side_to_move().flip());
        let b = self.board();
        if b.knight[to].has(king) {
            return false;
        }
        if !self.lined(to, king) {
            return true;
        }
        // On a line through that King, the piece could reach it from `to` only by a slide
        // or step over empty cells or by a straight vault over an unbroken run of pieces
        // (bent lines are the Pallan's): cells between holding both allow neither.
        let Some(d) = (0..8).find(|&d| b.full[d][to].has(king)) else {
            return false;
        };
        let between = b.full[d][to] & !b.full[d][king] & !B::single(king);
        let occupied = between & !B::single(from) & (self.occupied() | B::single(to));
        occupied.any() && occupied != between
    }

    /// [`Self::gives_no_check`] for the Pallan's move from `from` to `to`, `t` this
    /// position's threat (which said no): the side to move has this one Pallan, the move is
    /// no capture and touches none of the cells the threat read but the Pallan's part, and
    /// the Pallan could not capture that King from `to` by a leap, a slide or a vault, as
    /// the memo of stand cells around that King tells without working out the slides
    /// ([`super::memo::MemoEntry::far_cells`]). The reading the memo holds for the Pallan
    /// on `from` is the one after the move: both count the Pallan's cell empty, and `from`
    /// and `to` are then empty alike.
    fn pallan_gives_no_check(&mut self, t: Guard<B>, from: usize, to: usize) -> bool {
        let us = self.side_to_move();
        if t.base.has(from)
            || t.base.has(to)
            || self.occupied().has(to)
            || self.count(us, PALLAN) != 1
        {
            return false;
        }
        let king = self.king(us.flip());
        let b = self.board();
        let far = b.pallan_empty[to];
        if b.knight[to].has(king) {
            return false;
        }
        self.with_memo(us, |p, memo| {
            p.refresh_memo(from, king, memo)
                .far_cells(to, king, far)
                .is_some()
        })
    }

    /// An answer about the King on `king` carried over the move `mv` that left it standing
    /// (made just now, touching none of the cells it read): the cell the move left may now
    /// end a line the answer read up to, so it joins the cells read; the cell the piece
    /// landed on joins them when it lies on a line through the King, where the piece may now
    /// block a line the answer read past.
    #[inline(always)]
    pub(super) fn carried(&self, g: Guard<B>, mv: Move, king: usize) -> Guard<B> {
        let mut base = g.base | B::single(mv.from());
        if self.lined(mv.to(), king) {
            base.set(mv.to());
        }
        Guard { base, ..g }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::bitboard::Wide;
    use crate::core::rng::xorshift64;
    use crate::games::jikaida::board::Board;
    use std::sync::Arc;

    /// The start position.
    const START: &str = "cjhapkannhjc/dddddddddddd/ssssssssssss/12/12/12/12/12/12/12/12/12/12/12/12/SSSSSSSSSSSS/DDDDDDDDDDDD/CJHNNAPKAHJC y Kk 1";
    /// A middle game with pieces off their first squares.
    const MIDDLE: &str = "cjha1kannhjc/dddddd2dddd/s3sp1s1sss/1s'6s'1d'1/3s's's'6/1s'4d'5/12/12/12/12/12/12/3S'8/S'11/P6S'2D'1/SS1SSS1ASSSS/DDD1DD1DDDDD/CJD'NNA2KHJC b Kk 11";

    /// Plays a random legal move of `list` (the position's pseudo-legal moves) through
    /// `try_make`, which records the threat; false when there is none or the game is over.
    fn play_random<B: Bitboard>(
        p: &mut JikaidaPosition<B>,
        mut list: Vec<Move>,
        x: &mut u64,
    ) -> bool {
        while !list.is_empty() {
            xorshift64(x);
            let mv = list.swap_remove(*x as usize % list.len());
            if p.try_make(mv) {
                return p.decided().is_none();
            }
        }
        false
    }

    /// Asserts that the King of `color` is not attacked after `mv` was made.
    fn assert_safe<B: Bitboard>(p: &JikaidaPosition<B>, color: Color, mv: Move) {
        assert!(
            !p.attacked(p.king(color), color.flip()),
            "{} after {}",
            p.to_fen(),
            p.move_text(mv)
        );
    }

    /// Along random games played through `try_make`, every derived answer is the full check
    /// test's, and a move touching none of its cells (not the King's) leaves it unchanged.
    #[test]
    fn derived_guards_agree_with_the_check_test() {
        fn check<B: Bitboard>(board: Arc<Board<B>>, start: &str, seed: u64) -> usize {
            let mut x = seed;
            let mut derived = 0;
            for _ in 0..40 {
                let mut p = JikaidaPosition::from_fen(board.clone(), start).unwrap();
                for _ in 0..200 {
                    let n = p.history_len();
                    if p.derived_guard(n).is_some() {
                        derived += 1;
                    }
                    let g = p.guard();
                    let us = p.side_to_move();
                    assert_eq!(g.check, p.attacked(p.king(us), us.flip()), "{}", p.to_fen());
                    let mut list = Vec::new();
                    p.generate_pseudo_fresh(&mut list);
                    if !g.check {
                        for &mv in &list {
                            if g.deps().has(mv.from())
                                || g.deps().has(mv.to())
                                || p.pieces(us, KING).has(mv.from())
                            {
                                continue;
                            }
                            p.make(mv);
                            assert_safe(&p, us, mv);
                            p.unmake();
                        }
                    }
                    if !play_random(&mut p, list, &mut x) {
                        break;
                    }
                }
            }
            derived
        }
        let open = "6k5/12/2p3c5/12/4j7/12/3s'1d'6/12/5S'6/12/1A10/12/12/5N6/12/3P8/12/6K5 y - 20";
        let board = Arc::new(Board::<Wide<4>>::new(12, 18));
        let mut derived = 0;
        for (fen, seed) in [
            (START, 0x1234_5678_9ABC_DEF1),
            (open, 0x0F0F_1234_5555_7777),
            (MIDDLE, 0xDEAD_BEEF_0BAD_CAFE),
        ] {
            derived += check(board.clone(), fen, seed);
        }
        // The derivation is what is tested: it must have happened, and often.
        assert!(derived > 2000, "only {derived} answers derived");
    }

    /// Along random games played through `try_make`, every move that `gives_no_check` clears
    /// and that is legal leaves the other King unattacked; and it clears most moves.
    #[test]
    fn moves_cleared_without_making_them_give_no_check() {
        let (mut cleared, mut asked, mut pallans) = (0, 0, 0);
        along_random_games(0x6E0C_4ECC_0000_0001, 30, 150, |p, list| {
            let them = p.side_to_move().flip();
            for &mv in list {
                asked += 1;
                if !p.gives_no_check(mv) {
                    continue;
                }
                cleared += 1;
                if matches!(p.piece_at(mv.from()), Some((_, PALLAN))) {
                    pallans += 1;
                }
                if p.try_make(mv) {
                    assert_safe(p, them, mv);
                    p.unmake();
                }
            }
        });
        assert!(
            cleared * 2 > asked,
            "only {cleared} of {asked} moves cleared"
        );
        assert!(pallans > 1000, "only {pallans} Pallan moves cleared");
    }

    /// In check, the moves `try_make` accepts are the legal ones, also once the captures it
    /// learnt from refused moves refuse others unmade (which must happen, and often), and
    /// the position is as it was after each.
    #[test]
    fn moves_refused_by_a_learnt_capture_are_illegal() {
        let (mut checks, mut refused_unmade) = (0, 0);
        along_random_games(0x2B0E_57AD_0000_0001, 40, 200, |p, list| {
            if !p.guard().check {
                return;
            }
            checks += 1;
            let mut legal = Vec::new();
            p.generate(&mut legal);
            let before = p.to_fen();
            for &mv in list {
                let king = p.pieces(p.side_to_move(), KING).has(mv.from());
                if !king && p.route_stands(mv.from(), mv.to()) {
                    refused_unmade += 1;
                }
                let accepted = p.try_make(mv);
                if accepted {
                    p.unmake();
                }
                assert_eq!(accepted, legal.contains(&mv), "{before}: {mv:?}");
                assert_eq!(p.to_fen(), before);
            }
        });
        assert!(checks > 200, "only {checks} positions in check");
        assert!(
            refused_unmade > 200,
            "only {refused_unmade} moves refused by a learnt capture"
        );
    }

    /// Plays `games` random games of up to `plies` moves from each of [`START`] and
    /// [`MIDDLE`] on the 12 x 18 board, showing `visit` each position with its pseudo-legal
    /// moves before the move is played.
    fn along_random_games(
        seed: u64,
        games: usize,
        plies: usize,
        mut visit: impl FnMut(&mut JikaidaPosition<Wide<4>>, &[Move]),
    ) {
        let board = Arc::new(Board::<Wide<4>>::new(12, 18));
        let mut x = seed;
        for fen in [START, MIDDLE] {
            for _ in 0..games {
                let mut p = JikaidaPosition::from_fen(board.clone(), fen).unwrap();
                for _ in 0..plies {
                    let mut list = Vec::new();
                    p.generate_pseudo_fresh(&mut list);
                    visit(&mut p, &list);
                    if !play_random(&mut p, list, &mut x) {
                        break;
                    }
                }
            }
        }
    }
}
