//! Caïssa mate puzzles: each is first proved by exhaustive search with the rules alone (no
//! evaluation, no pruning), then solved by the engine's search at a small depth, which must
//! report the mate distance and play a move the proof accepts.

use kaissa::core::moves::Move;
use kaissa::games::caissa::CaissaPosition;
use kaissa::games::caissa::eval::{CaissaEval, DEFAULT};
use kaissa::search::tt::Table;
use kaissa::search::{Score, SearchParams, search};
use std::sync::Arc;

fn moves(p: &CaissaPosition) -> Vec<Move> {
    let mut v = Vec::new();
    p.generate(&mut v);
    v
}

/// True when the side to move is checkmated.
fn mated(p: &CaissaPosition) -> bool {
    p.in_check() && moves(p).is_empty()
}

/// True when `mv` forces mate in `n` moves of the side playing it.
fn forces_mate(p: &mut CaissaPosition, mv: Move, n: u32) -> bool {
    p.make(mv);
    let ok = if mated(p) {
        true
    } else if n <= 1 {
        false
    } else {
        let replies = moves(p);
        !replies.is_empty()
            && replies.iter().all(|&r| {
                p.make(r);
                let ok = moves(p).iter().any(|&m| forces_mate(p, m, n - 1));
                p.unmake();
                ok
            })
    };
    p.unmake();
    ok
}

/// The moves that mate in exactly `n` (none mates sooner).
fn solutions(fen: &str, n: u32) -> Vec<Move> {
    let mut p = CaissaPosition::from_fen(fen).unwrap();
    let all = moves(&p);
    for k in 1..n {
        assert!(
            !all.iter().any(|&m| forces_mate(&mut p, m, k)),
            "{fen} already mates in {k}"
        );
    }
    all.into_iter()
        .filter(|&m| forces_mate(&mut p, m, n))
        .collect()
}

/// Proves the puzzle, then has the engine solve it at `depth`.
fn solve(fen: &str, n: u32, depth: i32) -> Move {
    let sols = solutions(fen, n);
    assert!(!sols.is_empty(), "{fen} is not a mate in {n}");
    let p = CaissaPosition::from_fen(fen).unwrap();
    let r = search(
        &p,
        SearchParams::depth(&CaissaEval::new(DEFAULT), Arc::new(Table::new(4)), depth),
        &mut |_| {},
    );
    assert_eq!(r.score, Score::Mate(n as i32), "{fen}");
    let best = r.best.unwrap();
    assert!(
        sols.contains(&best),
        "{fen}: engine played {}",
        CaissaPosition::move_text(best)
    );
    best
}

/// Is `mv` an exchange (the target held a piece and the mover is not a Queen)?
fn is_swap(fen: &str, mv: Move) -> bool {
    let p = CaissaPosition::from_fen(fen).unwrap();
    p.piece_at(mv.to()).is_some()
        && p.piece_at(mv.from()).unwrap().1 != kaissa::games::caissa::QUEEN
}

#[test]
fn mate_in_one_by_a_rook_move() {
    let _g = crate::serial::shared();
    let fen = "3q3/3b*2/2R1r2/5N1/7/2QB1n1/7 w - 6";
    solve(fen, 1, 4);
}

#[test]
fn mate_in_one_by_an_exchange_that_gives_check() {
    let _g = crate::serial::shared();
    // The Rook swaps with its own Bishop, which lands checking the Queen on f2.
    let fen = "1*2**1/4*1*/4b*B/2q*1*1/3*1*1/1***1Q*/3*r1* b - 49";
    let best = solve(fen, 1, 4);
    assert!(is_swap(fen, best), "{}", CaissaPosition::move_text(best));
}

#[test]
fn mate_in_one_by_carrying_a_tile() {
    let _g = crate::serial::shared();
    // The Rook carries its tile onto b5, an untiled square, and checks along the rank.
    let fen = "2*2*1/*Q*1*1*/1*3q1/*R3**/1*N2**/2*B2r/2b1n2 w - 46";
    let best = solve(fen, 1, 4);
    let p = CaissaPosition::from_fen(fen).unwrap();
    assert!(!p.tiled(best.to()), "the mate carries a tile");
}

#[test]
fn mate_in_two_early_in_the_game() {
    let _g = crate::serial::shared();
    // After 1. Qd3 (the c2 tile sinks) Black mates in two.
    solve("7/3bqn1/4r2/7/2RQ3/1N*B3/7 b - 1", 2, 6);
}

#[test]
fn mate_in_two_on_a_sunken_board() {
    let _g = crate::serial::shared();
    solve("1*2**1/4*1*/4b*B/2q*1*1/3*r*1/1***2*/3*2Q b - 47", 2, 6);
}

#[test]
fn search_passes_when_blocked_and_scores_a_checkmated_root() {
    let _g = crate::serial::shared();
    // The only move is the pass.
    let fen = "**1****/**2***/*2****/**2qB1/*1*1***/*N*Q1**/*4** b - 47";
    let p = CaissaPosition::from_fen(fen).unwrap();
    let r = search(
        &p,
        SearchParams::depth(&CaissaEval::new(DEFAULT), Arc::new(Table::new(4)), 4),
        &mut |_| {},
    );
    assert_eq!(r.best, Some(Move::PASS));
    // Checkmated at the root: no move, a lost score.
    let mate = "7/3b***/2nN*qR/2r1*2/7/2*B3/3Q3 b - 19";
    let p = CaissaPosition::from_fen(mate).unwrap();
    assert!(mated(&p));
    let r = search(
        &p,
        SearchParams::depth(&CaissaEval::new(DEFAULT), Arc::new(Table::new(4)), 4),
        &mut |_| {},
    );
    assert_eq!(r.best, None);
    assert_eq!(r.score, Score::Mate(0));
}
