//! Move ordering: the hash move first, then captures by victim and attacker value
//! (capturing the Home Stone first of all), promotions, killer moves, and quiet moves by
//! history.

use crate::moves::Move;
use crate::rules::Rules;

/// Score for the transposition-table move.
const HASH_MOVE: i32 = 10_000_000;
/// Base score of captures and promotions.
const NOISY: i32 = 1_000_000;
/// Score for the first killer; the second gets one less.
const KILLER: i32 = 900_000;

/// Per-thread ordering memory: killer moves by ply and a history table.
pub struct Ordering {
    /// Two killer moves per ply.
    pub killers: Vec<[Move; 2]>,
    /// `history[from_slot * cells + to]`; drops use `cells + type` as their from slot.
    history: Vec<i32>,
    cells: usize,
}

impl Ordering {
    /// Fresh tables for a board of `cells` cells and `max_ply` plies.
    pub fn new(cells: usize, max_ply: usize) -> Self {
        Ordering {
            killers: vec![[Move::NULL; 2]; max_ply + 1],
            history: vec![0; (cells + 16) * cells],
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

    /// Rewards a quiet move that caused a cut-off at `depth`, and punishes the quiet moves
    /// tried before it.
    pub fn reward(&mut self, mv: Move, depth: i32, ply: usize, tried: &[Move]) {
        let bonus = (depth * depth).min(400);
        let update = |h: &mut i32, b: i32| *h += b - *h * b.abs() / 16_384;
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
        hash_move: Move,
        ply: usize,
        out: &mut Vec<i32>,
    ) {
        out.clear();
        for &mv in moves {
            let s = if mv == hash_move {
                HASH_MOVE
            } else if mv.is_drop() {
                self.history[self.slot(mv)]
            } else if pos.is_noisy(mv) {
                NOISY + pos.noisy_value(eval, mv)
            } else if self.killers[ply][0] == mv {
                KILLER
            } else if self.killers[ply][1] == mv {
                KILLER - 1
            } else {
                self.history[self.slot(mv)]
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
