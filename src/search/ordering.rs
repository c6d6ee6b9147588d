//! Move ordering: the hash move first, then captures by victim and attacker value
//! (capturing the Home Stone first of all), promotions, killer moves, the counter move (the
//! quiet move that last refuted the opponent's move), quiet moves by history, and last the
//! captures likely to lose material.

use crate::core::moves::Move;
use crate::core::rules::Rules;
use crate::search::params::{HISTORY_BONUS_MAX, HISTORY_LIMIT};

/// Score for the transposition-table move.
const HASH_MOVE: i32 = 10_000_000;
/// Base score of captures and promotions.
const NOISY: i32 = 1_000_000;
/// Base score of a capture likely to lose material ([`Rules::losing_capture`]): after every
/// quiet move (whose history stays within +-[`HISTORY_LIMIT`]).
pub const LOSING_CAPTURE: i32 = -NOISY;
/// Score for the first killer; the second gets one less.
const KILLER: i32 = 900_000;
/// The ordering score of the counter move; scores from here up are the hash move, the noisy
/// moves, the killers and the counter move.
pub const COUNTER: i32 = KILLER - 2;
/// Ordering scores from here up win the game (a capture of the royal piece).
pub const WIN_ORDER: i32 = NOISY + 4_000_000;

/// Per-thread ordering memory: killer moves by ply, a history table and counter moves.
pub struct Ordering {
    /// Two killer moves per ply.
    pub killers: Vec<[Move; 2]>,
    /// `history[from_slot * cells + to]`; drops use `cells + type` as their from slot.
    history: Vec<i32>,
    /// `counter[slot of a move]`: the quiet reply that last refuted it.
    counter: Vec<Move>,
    cells: usize,
}

/// The from slots a drop may use beyond the board's cells: one per piece type a move can
/// drop ([`Move::drop_type`] is a 4-bit type).
const DROP_SLOTS: usize = 16;

impl Ordering {
    /// Fresh tables for a board of `cells` cells and `max_ply` plies.
    pub fn new(cells: usize, max_ply: usize) -> Self {
        Ordering {
            killers: vec![[Move::NULL; 2]; max_ply + 1],
            history: vec![0; (cells + DROP_SLOTS) * cells],
            counter: vec![Move::NULL; (cells + DROP_SLOTS) * cells],
            cells,
        }
    }

    fn slot(&self, mv: Move) -> usize {
        let from = if mv.is_drop() {
            self.cells + mv.drop_type() as usize
        } else {
            mv.from()
        };
        from * self.cells + mv.to()
    }

    /// The history score of a quiet move.
    pub fn history_of(&self, mv: Move) -> i32 {
        self.history[self.slot(mv)]
    }

    /// The quiet move that last refuted `prev` (`Move::NULL` for none, or for a null `prev`).
    pub fn counter_of(&self, prev: Move) -> Move {
        if prev == Move::NULL {
            Move::NULL
        } else {
            self.counter[self.slot(prev)]
        }
    }

    /// Rewards a quiet move that caused a cut-off at `depth` (as the counter move of `prev`,
    /// the opponent's move before it, unless that is `Move::NULL`), and punishes the quiet
    /// moves tried before it.
    pub fn reward(&mut self, mv: Move, prev: Move, depth: i32, ply: usize, tried: &[Move]) {
        if prev != Move::NULL {
            let s = self.slot(prev);
            self.counter[s] = mv;
        }
        let bonus = (depth * depth).min(HISTORY_BONUS_MAX);
        let update = |h: &mut i32, b: i32| *h += b - *h * b.abs() / HISTORY_LIMIT;
        let s = self.slot(mv);
        update(&mut self.history[s], bonus);
        for &q in tried {
            if q != mv {
                let s = self.slot(q);
                update(&mut self.history[s], -bonus);
            }
        }
        let k = &mut self.killers[ply];
        if k[0] != mv {
            k[1] = k[0];
            k[0] = mv;
        }
    }

    /// Scores each move for ordering, highest first.
    pub fn score<P: Rules>(
        &self,
        pos: &P,
        eval: &P::Eval,
        moves: &[Move],
        [hash_move, counter]: [Move; 2],
        ply: usize,
        out: &mut Vec<i32>,
    ) {
        out.clear();
        for &mv in moves {
            let s = if mv == hash_move {
                HASH_MOVE
            } else if mv.is_drop() {
                self.history_of(mv)
            } else if pos.is_noisy(mv) {
                let base = if pos.losing_capture(eval, mv) {
                    LOSING_CAPTURE
                } else {
                    NOISY
                };
                base + pos.noisy_value(eval, mv)
            } else if self.killers[ply][0] == mv {
                KILLER
            } else if self.killers[ply][1] == mv {
                KILLER - 1
            } else if counter == mv {
                COUNTER
            } else {
                self.history_of(mv)
            };
            out.push(s);
        }
    }
}

/// Swaps the best-scored remaining move to index `i` (selection sort, one step).
#[inline(always)]
pub fn pick(moves: &mut [Move], scores: &mut [i32], i: usize) {
    let mut best = i;
    for j in i + 1..moves.len() {
        if scores[j] > scores[best] {
            best = j;
        }
    }
    moves.swap(i, best);
    scores.swap(i, best);
}

/// Picks a list's moves best first exactly as repeated [`pick`] does (the first of the
/// highest scores among the moves not yet picked, swapped into place), faster on long lists:
/// after a few plain picks (most nodes stop there), the rest of a long list goes into a
/// tournament tree over list positions, O(log n) per pick. The order, so the search, is the
/// same either way.
#[derive(Default)]
pub struct Picker {
    /// Winning [`key`]s (0 for none): leaves at `size..2 * size`.
    tree: Vec<u64>,
    size: usize,
    active: bool,
}

/// No position: below every [`key`].
const NO_KEY: u64 = 0;
/// Plain picks before the tree is considered.
const PLAIN_PICKS: usize = 4;
/// Fewest moves left for the tree to pay for itself.
const TREE_MOVES: usize = 48;

/// A score and its list position as one number that orders as the pick does: the higher
/// score first, on a tie the lower position. So a tree node is the larger of its children,
/// read without going back to the scores.
#[inline(always)]
fn key(score: i32, position: usize) -> u64 {
    (((score as i64 - i32::MIN as i64) as u64) << 16) | (u16::MAX as usize - position) as u64
}

/// The list position of a [`key`].
#[inline(always)]
fn position(key: u64) -> usize {
    u16::MAX as usize - (key & u16::MAX as u64) as usize
}

impl Picker {
    /// Swaps the best-scored move among `i..` to index `i`, as [`pick`]; `i` counts up from 0
    /// through one list (of fewer than 65,535 moves).
    #[inline(always)]
    pub fn pick(&mut self, moves: &mut [Move], scores: &mut [i32], i: usize) {
        if i == 0 {
            self.active = false;
        }
        if !self.active {
            if i != PLAIN_PICKS || moves.len() - i < TREE_MOVES {
                pick(moves, scores, i);
                return;
            }
            self.build(scores, i);
        }
        let best = position(self.tree[1]);
        moves.swap(i, best);
        scores.swap(i, best);
        // Position `i` now holds the pick; `best` holds the move that stood at `i`.
        self.set(i, NO_KEY);
        if best != i {
            self.set(best, key(scores[best], best));
        }
    }

    /// The tree over positions `from..` of `scores`.
    fn build(&mut self, scores: &[i32], from: usize) {
        let n = scores.len();
        let size = n.next_power_of_two();
        self.size = size;
        self.tree.clear();
        self.tree.resize(2 * size, NO_KEY);
        for (p, &s) in scores.iter().enumerate().skip(from) {
            self.tree[size + p] = key(s, p);
        }
        for k in (1..size).rev() {
            self.tree[k] = self.tree[2 * k].max(self.tree[2 * k + 1]);
        }
        self.active = true;
    }

    /// Sets the leaf of position `p` and recomputes the winners above it.
    #[inline(always)]
    fn set(&mut self, p: usize, leaf: u64) {
        let mut k = self.size + p;
        self.tree[k] = leaf;
        k /= 2;
        while k >= 1 {
            self.tree[k] = self.tree[2 * k].max(self.tree[2 * k + 1]);
            k /= 2;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The picker gives the order of repeated [`pick`] on lists of every length and many
    /// ties.
    #[test]
    fn picker_order_equals_selection_order() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut picker = Picker::default();
        for round in 0..3000 {
            let n = (crate::core::rng::xorshift64(&mut x) % 200) as usize;
            // Few distinct scores (many ties), then the search's whole range.
            let spread = 1 + round % 7;
            let mut scores: Vec<i32> = (0..n)
                .map(|_| {
                    let r = crate::core::rng::xorshift64(&mut x);
                    if round % 8 == 7 {
                        [
                            i32::MIN,
                            -1_000_000,
                            -5,
                            0,
                            7,
                            900_000,
                            10_000_000,
                            i32::MAX,
                        ][(r % 8) as usize]
                    } else {
                        (r % spread as u64) as i32
                    }
                })
                .collect();
            let mut moves: Vec<Move> = (0..n).map(|i| Move::normal(i, i + 1)).collect();
            let (mut m2, mut s2) = (moves.clone(), scores.clone());
            for i in 0..n {
                pick(&mut moves, &mut scores, i);
                picker.pick(&mut m2, &mut s2, i);
                assert_eq!(m2[i], moves[i], "round {round} pick {i}");
            }
            assert_eq!(s2, scores);
        }
    }
}
