//! Jikaida mate puzzles: each is first proved by exhaustive search with the rules alone (no
//! evaluation, no pruning), then solved by the engine's search at a small depth, which must
//! report the mate distance and play a move the proof accepts.

use kaissa::core::bitboard::{Bitboard, Wide};
use kaissa::core::moves::Move;
use kaissa::games::jikaida::JikaidaPosition;
use kaissa::games::jikaida::board::Board;
use kaissa::games::jikaida::eval::DEFAULT;
use kaissa::search::tt::Table;
use kaissa::search::{Score, SearchParams, search};
use std::sync::Arc;

type Pos = JikaidaPosition<Wide<4>>;

fn pos(fen: &str) -> Pos {
    JikaidaPosition::from_fen(Arc::new(Board::new(12, 18)), fen)
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn moves(p: &Pos) -> Vec<Move> {
    let mut v = Vec::new();
    p.generate(&mut v);
    v
}

/// True when the side to move has lost: no legal move (checkmate or stalemate, both lost in
/// Jikaida) or a bare King decided against it.
fn lost(p: &Pos) -> bool {
    match p.decided() {
        Some(o) => o.score_for(p.side_to_move()) < 0,
        None => moves(p).is_empty(),
    }
}

/// True when `mv` forces a win in `n` moves of the side playing it.
fn forces_win(p: &mut Pos, mv: Move, n: u32) -> bool {
    p.make(mv);
    let ok = if lost(p) {
        true
    } else if n <= 1 || p.decided().is_some() {
        false
    } else {
        let replies = moves(p);
        !replies.is_empty()
            && replies.iter().all(|&r| {
                p.make(r);
                let ok = moves(p).iter().any(|&m| forces_win(p, m, n - 1));
                p.unmake();
                ok
            })
    };
    p.unmake();
    ok
}

/// The moves that win in exactly `n` (none wins sooner).
fn solutions(fen: &str, n: u32) -> Vec<Move> {
    let mut p = pos(fen);
    let all = moves(&p);
    for k in 1..n {
        assert!(
            !all.iter().any(|&m| forces_win(&mut p, m, k)),
            "{fen} already wins in {k}"
        );
    }
    all.into_iter()
        .filter(|&m| forces_win(&mut p, m, n))
        .collect()
}

/// Proves the puzzle, then has the engine solve it at `depth`; returns the engine's move.
fn solve(fen: &str, n: u32, depth: i32) -> String {
    let sols = solutions(fen, n);
    assert!(!sols.is_empty(), "{fen} is not a win in {n}");
    let p = pos(fen);
    let r = search(
        &p,
        SearchParams::depth(&DEFAULT.into(), Arc::new(Table::new(4)), depth),
        &mut |_| {},
    );
    assert_eq!(r.score, Score::Mate(n as i32), "{fen}");
    let best = r.best.unwrap();
    assert!(
        sols.contains(&best),
        "{fen}: engine played {}",
        p.move_text(best)
    );
    p.move_text(best)
}

/// Mate in 1 by a vault: Blue's back rank and Swods stand in lines, so a Pallan on k7 can slide
/// up the k-file and bent-vault along rank 18 onto the King f18 from several squares; Blue has
/// no reply that stops every one of them. The check after the move is a vault attack only.
#[test]
fn mate_in_one_delivered_by_a_vault() {
    let _g = crate::serial::shared();
    let fen = "cjhapkannhjc/dddddddddddd/1sss2sssss1/3s'8/2s'4s'4/8s'3/12/12/12/12/12/12/12/12/3S'6P1/SS1SSSSSSSSS/DDDDDDDDDDDD/CJHNNACKAH2 y Kk 5";
    let best = solve(fen, 1, 4);
    let mut p = pos(fen);
    let mv = p.parse_move(&best).unwrap();
    p.make(mv);
    assert!(p.in_check() && moves(&p).is_empty(), "{best} mates");
    // The checking piece does not attack the King with any plain move: only a vault reaches.
    let pallan = mv.to();
    let king = p.king(kaissa::core::geometry::Color::Second);
    let board = p.board();
    let plain = board.pallan_slides(pallan, p.occupied()).1 | board.knight[pallan];
    assert!(
        !plain.has(king),
        "the Pallan's slides or leaps reach the King"
    );
    assert!(p.attacked(king, kaissa::core::geometry::Color::First));
}

/// Mate in 2 with two Chuktars against a King in the corner (Blue keeps a Swod, so it is not a
/// bare King): the Chuktars cross fronts once per move.
#[test]
fn mate_in_two_with_two_chuktars() {
    let _g = crate::serial::shared();
    let fen = "k11/12/12/12/12/12/12/12/12/2C9/3C8/12/12/12/12/11s'/12/11K y - 1";
    solve(fen, 2, 6);
}

/// A stalemate wins for the side that makes it: the engine scores the stalemating move as a
/// win in 1 and plays it.
#[test]
fn stalemating_is_a_win() {
    let _g = crate::serial::shared();
    // Blue: King a18 and a moved Swod a17, blocked by the Deldar a16 and unable to take the
    // Swod b16, which the Deldar propts. The Jiktar d17 guards b17; the Paktun e17 can leap to
    // c16 and guard b18, leaving Blue without a move and not in check.
    let fen = "k11/s'2JN'7/D'S'10/12/12/12/12/12/12/12/12/12/12/12/12/12/12/11K y - 1";
    let sols = solutions(fen, 1);
    let p = pos(fen);
    let stalemates: Vec<String> = sols
        .iter()
        .filter(|&&m| {
            let mut q = p.clone();
            q.make(m);
            !q.in_check()
        })
        .map(|&m| p.move_text(m))
        .collect();
    assert!(stalemates.contains(&"e17c16".to_string()), "{stalemates:?}");
    let r = search(
        &p,
        SearchParams::depth(&DEFAULT.into(), Arc::new(Table::new(4)), 3),
        &mut |_| {},
    );
    assert_eq!(r.score, Score::Mate(1));
}
