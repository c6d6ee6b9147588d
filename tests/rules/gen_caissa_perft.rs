//! (Re)generates `tests/perft/caissa.epd` with the Caïssa reference generator in
//! `tests/caissa_reference/`. Ignored by default; run with
//! `cargo test --test rules gen_caissa_perft -- --ignored`.
//!
//! Positions are reached from the start by seeded pseudo-random playouts (a tiny xorshift
//! generator, so the file is reproducible), each steered by a simple move policy and stopped by
//! a predicate describing what the position should exercise. Where random play finds nothing
//! within its budget, a hand-built position is used instead.

use crate::caissa_reference;
use crate::xorshift;

use caissa_reference::{
    START_FEN, hole_count, in_check, is_game_over, is_tile, legal_moves, perft, piece_at, play,
};
use std::fmt::Write as _;
use std::time::Instant;
use xorshift::Rng;

/// How a playout chooses its moves.
#[derive(Clone, Copy, PartialEq)]
enum Policy {
    /// Uniformly random.
    Random,
    /// Mostly Queen moves and carries onto holes (both reshape the tiles).
    Holes,
    /// Mostly swaps.
    Swaps,
    /// Mostly moves that give check or capture.
    Attack,
}

/// The origin and destination square names of a from-to move.
fn squares(mv: &str) -> (&str, &str) {
    (&mv[0..2], &mv[2..4])
}

/// Whether `mv` is played by a Queen.
fn is_queen_move(fen: &str, mv: &str) -> bool {
    mv != "0000" && matches!(piece_at(fen, squares(mv).0), Some('Q' | 'q'))
}

/// Whether `mv` is a Rook, Bishop or Knight carrying its tile onto a hole.
fn is_carry(fen: &str, mv: &str) -> bool {
    mv != "0000" && !is_queen_move(fen, mv) && !is_tile(fen, squares(mv).1)
}

/// Whether `mv` is a swap of two pieces.
fn is_swap(fen: &str, mv: &str) -> bool {
    mv != "0000" && !is_queen_move(fen, mv) && piece_at(fen, squares(mv).1).is_some()
}

/// Whether `mv` is a Queen capture.
fn is_capture(fen: &str, mv: &str) -> bool {
    is_queen_move(fen, mv) && piece_at(fen, squares(mv).1).is_some()
}

/// Whether `mv` is a swap with the enemy Queen.
fn is_queen_swap(fen: &str, mv: &str) -> bool {
    is_swap(fen, mv) && matches!(piece_at(fen, squares(mv).1), Some('Q' | 'q'))
}

/// Picks the next move according to `policy`.
fn choose(policy: Policy, fen: &str, moves: &[String], rng: &mut Rng) -> String {
    let preferred: Vec<&String> = match policy {
        Policy::Random => Vec::new(),
        Policy::Holes => moves
            .iter()
            .filter(|m| is_queen_move(fen, m) || is_carry(fen, m))
            .collect(),
        Policy::Swaps => moves.iter().filter(|m| is_swap(fen, m)).collect(),
        Policy::Attack => moves
            .iter()
            .filter(|m| is_capture(fen, m) || in_check(&play(fen, m)))
            .collect(),
    };
    if !preferred.is_empty() && rng.chance(80) {
        return preferred[rng.below(preferred.len())].clone();
    }
    moves[rng.below(moves.len())].clone()
}

/// What the stop predicate sees: the position, its moves, and the plies played to reach it.
struct Node<'a> {
    fen: &'a str,
    moves: &'a [String],
    ply: usize,
}

/// Plays seeded playouts (seeds `1..=tries`, at most `max_plies` each) with `policy` until
/// `stop` accepts a position; returns it and its seed.
fn find(
    policy: Policy,
    tries: u64,
    max_plies: usize,
    stop: impl Fn(&Node) -> bool,
) -> Option<(String, u64)> {
    for seed in 1..=tries {
        let mut rng = Rng::new(seed);
        let mut fen = START_FEN.to_string();
        for ply in 0..=max_plies {
            let moves = legal_moves(&fen);
            let node = Node {
                fen: &fen,
                moves: &moves,
                ply,
            };
            if stop(&node) {
                return Some((fen, seed));
            }
            if moves.is_empty() {
                break;
            }
            let mv = choose(policy, &fen, &moves, &mut rng);
            fen = play(&fen, &mv);
        }
    }
    None
}

/// The perft figures of `fen`, the deepest depth chosen so its estimated node count stays
/// within `budget` (at least depth 3, at most depth 6).
fn figures(fen: &str, budget: u64) -> Vec<u64> {
    let mut out: Vec<u64> = Vec::new();
    for depth in 1..=6 {
        if depth > 3 {
            let last = out[out.len() - 1];
            let before = out[out.len() - 2].max(1);
            let estimate = last.saturating_mul(last) / before;
            if last == 0 || estimate > budget {
                break;
            }
        }
        out.push(perft(fen, depth));
    }
    out
}

/// The banned move of a FEN, if any.
fn banned(fen: &str) -> Option<&str> {
    fen.split_whitespace().nth(2).filter(|b| *b != "-")
}

/// `fen` without its banned move.
fn unbanned(fen: &str) -> String {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    format!("{} {} - {}", fields[0], fields[1], fields[3])
}

#[test]
#[ignore]
fn generate_caissa_perft_file() {
    // (comment, FEN, node budget of the deepest depth)
    let mut entries: Vec<(String, String, u64)> = vec![(
        "start position".to_string(),
        START_FEN.to_string(),
        20_000_000,
    )];
    let mut add = |what: &str, found: Option<(String, u64)>, fallback: Option<&str>| {
        let (comment, fen) = match (found, fallback) {
            (Some((fen, seed)), _) => (format!("{what} (random playout, seed {seed})"), fen),
            (None, Some(fen)) => (format!("{what} (built by hand)"), fen.to_string()),
            (None, None) => {
                eprintln!("skipped, nothing found: {what}");
                return;
            }
        };
        eprintln!("{comment}: {fen}");
        entries.push((comment, fen, 4_000_000));
    };

    add(
        "early middlegame, ply 8",
        find(Policy::Random, 1, 8, |n| n.ply == 8),
        None,
    );
    add(
        "middlegame, ply 20",
        find(Policy::Random, 50, 20, |n| n.ply == 20 && n.moves.len() > 1),
        None,
    );
    add(
        "many holes (at least 14 untiled squares)",
        find(Policy::Holes, 200, 60, |n| {
            hole_count(n.fen) >= 14 && n.moves.len() > 1
        }),
        None,
    );
    add(
        "very many holes (at least 22 untiled squares)",
        find(Policy::Holes, 500, 120, |n| {
            hole_count(n.fen) >= 22 && n.moves.len() > 1
        }),
        None,
    );
    add(
        "banned (no-undo) move in the FEN, which would otherwise be legal",
        find(Policy::Swaps, 500, 60, |n| {
            banned(n.fen).is_some_and(|b| legal_moves(&unbanned(n.fen)).iter().any(|m| m == b))
        }),
        None,
    );
    add(
        "banned (no-undo) move after a Knight swap, with holes on the board",
        find(Policy::Swaps, 1000, 80, |n| {
            banned(n.fen).is_some_and(|b| matches!(piece_at(n.fen, &b[0..2]), Some('N' | 'n')))
                && hole_count(n.fen) >= 4
                && !in_check(n.fen)
        }),
        None,
    );
    add(
        "side to move in check",
        find(Policy::Attack, 200, 40, |n| n.ply >= 4 && in_check(n.fen)),
        None,
    );
    add(
        "side to move in check, with holes around",
        find(Policy::Attack, 500, 100, |n| {
            in_check(n.fen) && hole_count(n.fen) >= 10 && n.moves.len() > 1
        }),
        None,
    );
    // A swap with the enemy Queen needs a Rook, Bishop or Knight attacking it, i.e. the side
    // not to move in check, which legal play never leaves: random play cannot find one.
    let bishop_swap = "7/3bqn1/4r2/2B4/2R4/1NQ4/7 w - 0";
    assert!(
        legal_moves(bishop_swap)
            .iter()
            .any(|m| is_queen_swap(bishop_swap, m))
    );
    add(
        "swap with the enemy Queen available (Bishop c4 - Queen e6; unreachable: Black is in check)",
        None,
        Some(bishop_swap),
    );
    let knight_swap = "7/3bqn1/4r1N/7/2R4/2QB3/7 w - 0";
    assert!(
        legal_moves(knight_swap)
            .iter()
            .any(|m| is_queen_swap(knight_swap, m))
    );
    add(
        "swap with the enemy Queen available (Knight g5 - Queen e6; unreachable: Black is in check)",
        None,
        Some(knight_swap),
    );
    let swapped = play(bishop_swap, "c4e6");
    add(
        "just after the swap c4e6 with the enemy Queen (Black Queen now on c4)",
        None,
        Some(&swapped),
    );
    add(
        "after Queen captures (pieces gone)",
        find(Policy::Attack, 500, 100, |n| {
            let pieces = n.fen.split(' ').next().unwrap();
            pieces.chars().filter(|c| c.is_ascii_alphabetic()).count() <= 6 && n.moves.len() > 1
        }),
        None,
    );
    add(
        "the pass is the only move",
        find(Policy::Holes, 2000, 200, |n| n.moves == ["0000"]),
        Some("*******/*******/*******/*******/*******/*******/1Q1n2q w - 0"),
    );
    add(
        "checkmate (no moves)",
        find(Policy::Attack, 2000, 200, |n| {
            is_game_over(n.fen) == Some("checkmate")
        }),
        Some("*******/*******/*******/*******/*******/*******/1Q2r1q w - 0"),
    );
    add(
        "both sides blocked: drawn, no moves and no pass",
        find(Policy::Holes, 2000, 200, |n| {
            is_game_over(n.fen) == Some("blocked")
        }),
        Some("*******/*******/*******/*******/*******/*******/1Q1N1q1 w - 0"),
    );
    add(
        "side to move in check while a banned (no-undo) move is active",
        find(Policy::Swaps, 3000, 120, |n| {
            banned(n.fen).is_some() && in_check(n.fen)
        }),
        None,
    );
    add(
        "the pass is the only move, the opponent has several pieces to move",
        None,
        Some("*******/*******/*******/*******/*******/*****rb/1Q1n2q w - 10"),
    );

    let mut text = String::new();
    text.push_str(
        "# Perft figures for Caissa (docs/RULES.md §2), computed by the independent \
         reference generator in tests/caissa_reference/ (tests/gen_caissa_perft.rs).\n",
    );
    text.push_str("# Format: <fen> ;D1 <n> ;D2 <n> ...\n");
    for (comment, fen, budget) in &entries {
        let start = Instant::now();
        let counts = figures(fen, *budget);
        eprintln!("{fen}: {counts:?} in {:.2}s", start.elapsed().as_secs_f64());
        write!(text, "\n# {comment}\n{fen}").unwrap();
        for (i, n) in counts.iter().enumerate() {
            write!(text, " ;D{} {n}", i + 1).unwrap();
        }
        text.push('\n');
    }
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/perft/caissa.epd");
    std::fs::write(path, text).unwrap();
}
