//! The check test's memory for the Pallans, kept per attacking side across positions: the
//! last few readings of the stand cells around a target (where a Pallan would have to stand to
//! vault onto it) and of the Pallans' slides. Each reading checks itself against the board
//! before it is used, so it is never stale; the search goes back and forth between a position
//! and its children, so most check tests find a reading that still holds.

use super::board::Board;
use super::flags::{CAPTURING, UNFILTERED, WITH_DEPS};
use super::position::JikaidaPosition;
use crate::core::bitboard::Bitboard;
use crate::core::geometry::Color;

/// One reading of the stand cells around a target for one attacking side's Pallans (see
/// [`JikaidaPosition::refresh_memo`]): the target, the occupancy read (the Pallan's cell
/// empty), the stand cells a move-then-vault may use, every stand cell, the empty cells ending
/// the lines, and every cell read (the lines and those empty cells).
#[derive(Clone, Copy, Debug)]
pub(super) struct MemoEntry<B> {
    valid: bool,
    target: usize,
    occ: B,
    pub(super) stands: B,
    pub(super) all: B,
    pub(super) gaps: B,
    lines: B,
}

impl<B: Bitboard> MemoEntry<B> {
    /// True when the reading holds for `target` and the occupancy `occ` (the Pallan's cell
    /// counted empty): it was read for that target and none of the cells it read changed.
    ///
    /// A reading holds the stand cells of every line and bent line around a target, read with
    /// the Pallan's cell counted empty and without regard to its reach, with the cells read.
    /// It holds while none of those cells changed, whatever else did (the Pallan moving,
    /// pieces elsewhere), so most Pallan moves and most moves between check tests keep it.
    #[inline(always)]
    fn holds(&self, target: usize, occ: B) -> bool {
        self.valid && self.target == target && ((self.occ ^ occ) & self.lines).is_empty()
    }

    /// The common case of [`JikaidaPosition::pallan_captures`], answered from this reading:
    /// no stand cell, nor the target, lies in `far` (where a slide from the Pallan's cell
    /// `from` could reach on an empty board), and the Pallan cannot vault from where it
    /// stands. Then it cannot capture, and the answer is the cells that answer depends on.
    /// `None` when the reading does not tell.
    #[inline(always)]
    pub(super) fn far_cells(&self, from: usize, target: usize, far: B) -> Option<B> {
        if far.has(target) || self.all.has(from) || (self.stands & far).any() {
            return None;
        }
        Some(self.gaps | (self.lines & far) | B::single(from))
    }
}

/// How many readings a [`PallanMemo`] keeps.
const MEMO_WAYS: usize = 16;

/// The last few readings of stand cells for one attacking side, the oldest replaced first:
/// the search goes back and forth between a position and its children, so a reading made
/// before a child changed the lines around the King often holds again after the unmake.
#[derive(Clone, Copy, Debug)]
pub(super) struct PallanMemo<B> {
    entries: [MemoEntry<B>; MEMO_WAYS],
    next: usize,
    slides: [SlideEntry<B>; SLIDE_WAYS],
    next_slide: usize,
}

impl<B: Bitboard> PallanMemo<B> {
    /// A memo that holds nothing.
    pub(super) const EMPTY: PallanMemo<B> = PallanMemo {
        entries: [MemoEntry {
            valid: false,
            target: 0,
            occ: B::EMPTY,
            stands: B::EMPTY,
            all: B::EMPTY,
            gaps: B::EMPTY,
            lines: B::EMPTY,
        }; MEMO_WAYS],
        next: 0,
        slides: [SlideEntry {
            from: usize::MAX,
            occ: B::EMPTY,
            reached: B::EMPTY,
            hit: B::EMPTY,
        }; SLIDE_WAYS],
        next_slide: 0,
    };

    /// [`Board::pallan_slides`] for the Pallan on `from` and the occupancy `occ`, from a
    /// reading kept here when one holds (read afresh in place of the oldest otherwise). A
    /// slide reads no cell but those it reaches and the one it runs into, so a reading holds
    /// while none of those changed: in the check tests of the moves from one position most
    /// moves leave the attacking Pallan's slides as they were.
    #[inline(always)]
    pub(super) fn slides(&mut self, board: &Board<B>, from: usize, occ: B) -> (B, B) {
        if let Some(s) = self.slides.iter().find(|s| s.holds(from, occ)) {
            return (s.reached, s.hit);
        }
        let (reached, hit) = board.pallan_slides(from, occ);
        let k = self.next_slide;
        self.next_slide = (k + 1) % SLIDE_WAYS;
        self.slides[k] = SlideEntry {
            from,
            occ,
            reached,
            hit,
        };
        (reached, hit)
    }
}

/// How many readings of Pallan slides a [`PallanMemo`] keeps.
const SLIDE_WAYS: usize = 8;

/// One reading of a Pallan's slides ([`Board::pallan_slides`]): its cell (`usize::MAX` for
/// none), the occupancy read, the empty cells reached and the occupied cells run into.
#[derive(Clone, Copy, Debug)]
struct SlideEntry<B> {
    from: usize,
    occ: B,
    reached: B,
    hit: B,
}

impl<B: Bitboard> PallanMemo<B> {
    /// True when a reading of the slides of the Pallan on `from` holds for `occ` (tests
    /// count how often [`Self::slides`] reuses one).
    #[cfg(test)]
    pub(super) fn slides_held(&self, from: usize, occ: B) -> bool {
        self.slides.iter().any(|s| s.holds(from, occ))
    }
}

impl<B: Bitboard> SlideEntry<B> {
    /// True when the reading holds for the Pallan on `from` and the occupancy `occ`: none of
    /// the cells the slides read (those reached and those run into) changed.
    #[inline(always)]
    fn holds(&self, from: usize, occ: B) -> bool {
        self.from == from && ((self.occ ^ occ) & (self.reached | self.hit)).is_empty()
    }
}

impl<B: Bitboard> JikaidaPosition<B> {
    /// Runs `f` with the memo of the attacking side `by`, taken out of the position for the
    /// while (check tests read the position by reference and write only the memo).
    #[inline(always)]
    pub(super) fn with_memo<R>(
        &mut self,
        by: Color,
        f: impl FnOnce(&Self, &mut PallanMemo<B>) -> R,
    ) -> R {
        let mut memos = self
            .kept
            .pallan_memo
            .take()
            .unwrap_or_else(|| Box::new([PallanMemo::EMPTY; 2]));
        let r = f(self, &mut memos[by.index()]);
        self.kept.pallan_memo = Some(memos);
        r
    }

    /// A reading of `memo` that holds for the Pallan on `from` and the target `target`, made
    /// afresh (in place of the oldest) if none does.
    pub(super) fn refresh_memo<'m>(
        &self,
        from: usize,
        target: usize,
        memo: &'m mut PallanMemo<B>,
    ) -> &'m MemoEntry<B> {
        let occ = self.occupied() ^ B::single(from);
        // Newest first: the reading that holds is most often one of the last made.
        if let Some(k) = (1..=MEMO_WAYS)
            .map(|i| (memo.next + MEMO_WAYS - i) % MEMO_WAYS)
            .find(|&k| memo.entries[k].holds(target, occ))
        {
            return &memo.entries[k];
        }
        let (mut gaps, mut lines, mut all) = (B::EMPTY, B::EMPTY, B::EMPTY);
        let Ok(stands) = self.pallan_stands::<WITH_DEPS, UNFILTERED, CAPTURING>(
            from, target, None, &mut gaps, &mut lines, &mut all,
        ) else {
            unreachable!("no vault is looked for");
        };
        let k = memo.next;
        memo.next = (k + 1) % MEMO_WAYS;
        memo.entries[k] = MemoEntry {
            valid: true,
            target,
            occ,
            stands,
            all,
            gaps,
            lines,
        };
        &memo.entries[k]
    }
}
