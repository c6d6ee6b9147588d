//! Tactics suite: forced Home Stone captures in 1, 2 and 3 moves, a forced defence, and a
//! promotion that decides. Each position's claim is first proved by an exhaustive search
//! written here (every move of the winner, every reply of the loser), then the engine's search
//! must find a winning move at modest depth and report the right "win in N".

use kaissa::core::geometry::Color;
use kaissa::core::outcome::Outcome;
use kaissa::games::kaissa::eval::EvalTables;
use kaissa::games::kaissa::game::{Game, MoveText};
use kaissa::games::kaissa::position::Position;
use kaissa::games::variants::Registry;
use kaissa::search::tt::Table;
use kaissa::search::{Score, SearchParams, search};
use std::sync::Arc;

fn setup(variant: &str, fen: &str) -> (Arc<Game<u128>>, Position<u128>) {
    let def = Registry::builtin().get(variant, &[]).unwrap();
    let g = Arc::new(Game::new(&def).unwrap());
    let p = Position::from_fen(&g, fen).unwrap();
    (g, p)
}

/// True when `winner` (to move) can force a rule win within `moves` of its own moves.
fn forced_win(pos: &mut Position<u128>, winner: Color, moves: u32) -> bool {
    if moves == 0 {
        return false;
    }
    let mut list = Vec::new();
    pos.generate(&mut list);
    for mv in list {
        pos.make(mv);
        let won = match pos.decided() {
            Some(Outcome::Win(c, _)) => c == winner,
            Some(_) => false,
            None => every_reply_loses(pos, winner, moves - 1),
        };
        pos.unmake();
        if won {
            return true;
        }
    }
    false
}

/// True when every reply of the side to move lets `winner` force a win within `moves`.
fn every_reply_loses(pos: &mut Position<u128>, winner: Color, moves: u32) -> bool {
    if moves == 0 {
        return false;
    }
    let mut list = Vec::new();
    pos.generate(&mut list);
    if list.is_empty() {
        return false; // no move: a draw, not a win
    }
    list.into_iter().all(|mv| {
        pos.make(mv);
        let lost = match pos.decided() {
            Some(Outcome::Win(c, _)) => c == winner,
            Some(_) => false,
            None => forced_win(pos, winner, moves),
        };
        pos.unmake();
        lost
    })
}

/// The shortest forced win (in own moves, up to `max`), if any.
fn shortest_win(pos: &mut Position<u128>, max: u32) -> Option<u32> {
    let us = pos.side_to_move();
    (1..=max).find(|&n| forced_win(pos, us, n))
}

/// Runs the engine's search to `depth`; returns the best move's text and the score.
fn engine(g: &Arc<Game<u128>>, pos: &Position<u128>, depth: i32) -> (String, Score) {
    let eval = EvalTables::for_game(g);
    let tt = Arc::new(Table::new(16));
    let r = search(pos, SearchParams::depth(&eval, tt, depth), &mut |_| {});
    (r.best.unwrap().to_text(g), r.score)
}

/// Checks a forced win in exactly `n`: proved exhaustively, found by the engine.
fn check_win(variant: &str, fen: &str, n: u32, depth: i32) {
    let (g, mut pos) = setup(variant, fen);
    assert_eq!(
        shortest_win(&mut pos, n),
        Some(n),
        "{fen}: not a win in {n}"
    );
    let (mv, score) = engine(&g, &pos, depth);
    assert_eq!(score, Score::Mate(n as i32), "{fen}: engine score");
    let m = pos.parse_move(&mv).unwrap();
    pos.make(m);
    let us = pos.side_to_move().flip();
    let wins = matches!(pos.decided(), Some(Outcome::Win(c, _)) if c == us)
        || every_reply_loses(&mut pos, us, n - 1);
    assert!(wins, "{fen}: engine's {mv} does not keep the win in {n}");
}

#[test]
fn home_stone_capture_in_one() {
    let _g = crate::serial::shared();
    // The Builder on e5 takes the stone on e10.
    check_win(
        "kaissa",
        "4h5/10/10/10/4B5/10/10/10/10/H9[] w - - 0 30",
        1,
        2,
    );
}

#[test]
fn home_stone_capture_in_two() {
    let _g = crate::serial::shared();
    // b8b10: the stone on e10 cannot leave rank 10 (the a9 Builder guards rank 9).
    let fen = "4h5/B9/1B8/10/10/9p/10/10/10/H9[] w - - 0 30";
    check_win("kaissa", fen, 2, 4);
}

#[test]
fn home_stone_capture_in_three() {
    let _g = crate::serial::shared();
    // The ladder one rank lower: a8a9 first, then the rook to the back rank.
    let fen = "4h5/10/B9/1B8/10/9p/10/10/10/H9[] w - - 0 30";
    check_win("kaissa", fen, 3, 6);
}

#[test]
fn promotion_that_decides() {
    let _g = crate::serial::shared();
    // Only h9xi10 promoting to a Rider attacks the boxed-in stone on j10.
    let fen = "8rh/7Ppp/10/10/10/10/10/10/10/H9[] w - - 0 30";
    check_win("kaissa", fen, 2, 4);
    let (g, pos) = setup("kaissa", fen);
    assert_eq!(engine(&g, &pos, 4).0, "h9i10r");
}

#[test]
fn forced_defence() {
    let _g = crate::serial::shared();
    // Red to move; the Builder on e6 threatens the stone on e10. Most moves lose at once;
    // the engine must keep the stone, and taking the Builder (a6e6) also wins material.
    let fen = "4h5/10/10/10/b3B5/10/10/10/9p/2H7[] b - - 0 30";
    let (g, mut pos) = setup("kaissa", fen);
    let mut list = Vec::new();
    pos.generate(&mut list);
    let losing = list
        .iter()
        .filter(|&&m| {
            pos.make(m);
            let yellow = pos.side_to_move();
            let lost = forced_win(&mut pos, yellow, 1);
            pos.unmake();
            lost
        })
        .count();
    assert!(losing * 2 > list.len(), "most moves should lose here");
    let (mv, score) = engine(&g, &pos, 6);
    assert_eq!(mv, "a6e6");
    assert!(matches!(score, Score::Cp(c) if c > 0), "{score:?}");
    let m = pos.parse_move(&mv).unwrap();
    pos.make(m);
    let yellow = pos.side_to_move();
    assert!(!forced_win(&mut pos, yellow, 2));
}

#[test]
fn engine_sees_its_own_stone_threatened_at_the_horizon() {
    let _g = crate::serial::shared();
    // Yellow's stone on e1 stands attacked by Red's Builder on e6. Even a depth-1 search
    // must see that (quiescence answers a threatened stone with every move).
    let fen = "h9/10/10/10/4b5/10/10/10/10/4H4B[] w - - 0 30";
    let (g, mut pos) = setup("kaissa", fen);
    let (mv, _) = engine(&g, &pos, 1);
    let m = pos.parse_move(&mv).unwrap();
    pos.make(m);
    let red = pos.side_to_move();
    assert!(
        !forced_win(&mut pos, red, 1),
        "engine played {mv} and lost the stone"
    );
}
