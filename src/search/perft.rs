//! Perft: counting the leaves of the legal-move tree, the standard check of a move generator.
//!
//! The last ply is bulk-counted ([`Rules::count_moves`]) rather than played. Positions where
//! the game is decided by the rules have no children; repetition and the ply limit are ignored,
//! as chess perft does.

use crate::core::moves::Move;
use crate::core::rules::Rules;

/// The number of leaves of the legal-move tree of `depth` plies below `pos`.
pub fn perft<P: Rules>(pos: &mut P, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_moves(),
        _ => {
            let mut list = Vec::with_capacity(128);
            pos.generate(&mut list);
            let mut n = 0;
            for mv in list {
                pos.make(mv);
                n += perft(pos, depth - 1);
                pos.unmake();
            }
            n
        }
    }
}

/// Perft split by root move: each legal move with the leaf count below it.
pub fn divide<P: Rules>(pos: &mut P, depth: u32) -> Vec<(Move, u64)> {
    let mut list = Vec::new();
    pos.generate(&mut list);
    list.into_iter()
        .map(|mv| {
            pos.make(mv);
            let n = if depth <= 1 { 1 } else { perft(pos, depth - 1) };
            pos.unmake();
            (mv, n)
        })
        .collect()
}
