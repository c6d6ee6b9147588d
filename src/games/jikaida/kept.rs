//! What a Jikaida position keeps only to answer faster: check answers along the move
//! history ([`super::guard`]), the Pallans' last readings ([`super::memo`]) and the move
//! lists of positions met lately ([`super::lists`]).
//!
//! None of it is part of the position. Each part is either valid for the position it
//! describes or marked (or checked) stale, so a position whose [`Kept`] is emptied answers
//! every question the same, only slower: a copy for trying moves
//! ([`JikaidaPosition::scratch`](super::position::JikaidaPosition::scratch)) starts with an
//! empty one, and setting up a position empties it.
//!
//! The methods that read it are named apart from those that work an answer out afresh: the
//! kept check answer is [`JikaidaPosition::guard`](super::position::JikaidaPosition::guard)
//! (fresh: `in_check`), the kept move list `generate_pseudo_kept` (fresh:
//! `generate_pseudo_fresh`).

use super::guard::{Guard, Routes};
use super::lists::ListCache;
use super::memo::PallanMemo;
use crate::core::bitboard::Bitboard;

/// The kept states of one position (see the module's comment).
#[derive(Clone, Debug)]
pub(super) struct Kept<B> {
    /// `guard[n]`: the check answer for the position after `n` moves of the history, while
    /// valid (a move made from `n - 1` invalidates it).
    pub(super) guard: Vec<Guard<B>>,
    /// `threat[n]`: the same for the King of the side not to move after `n` moves (found by
    /// `try_make` as its legality test), from which the next position's `guard` is mostly
    /// derived without a check test.
    pub(super) threat: Vec<Guard<B>>,
    /// `routes[n]`: while valid, more captures of the King in check after `n` moves, found
    /// by moves `try_make` refused there (see [`Routes`]).
    pub(super) routes: Vec<Routes<B>>,
    /// Per attacking side, the stand cells last read for its Pallans' check test (see
    /// [`PallanMemo`]); it checks itself against the board, so it is never stale.
    pub(super) pallan_memo: Option<Box<[PallanMemo<B>; 2]>>,
    /// The move lists of positions the search met lately (keyed by the position's key).
    pub(super) lists: ListCache<B>,
}

impl<B: Bitboard> Default for Kept<B> {
    fn default() -> Self {
        Kept {
            guard: Vec::new(),
            threat: Vec::new(),
            routes: Vec::new(),
            pallan_memo: None,
            lists: ListCache::default(),
        }
    }
}
