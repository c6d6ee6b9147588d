//! Tests of the Caïssa reference generator in `tests/caissa_reference/` itself: the start
//! figures, the FEN round trip, and one hand-built position per rule of docs/RULES.md §2.

use crate::caissa_reference;

use caissa_reference::{
    START_FEN, divide, in_check, is_game_over, legal_moves, normalize, perft, piece_at, play,
};

/// Six untiled ranks above a given rank 1, White to move.
fn rank_one_only(rank1: &str) -> String {
    format!("*******/*******/*******/*******/*******/*******/{rank1} w - 0")
}

fn has(moves: &[String], mv: &str) -> bool {
    moves.iter().any(|m| m == mv)
}

fn strs(moves: &[&str]) -> Vec<String> {
    moves.iter().map(|m| m.to_string()).collect()
}

#[test]
fn start_position_figures() {
    assert_eq!(perft(START_FEN, 1), 26);
    assert_eq!(perft(START_FEN, 2), 630);
    assert_eq!(perft(START_FEN, 3), 16_251);
}

#[test]
fn start_position_depth_four() {
    // Not one of the given figures: a regression value of this generator (see
    // tests/perft/caissa.epd), and a check that depth 4 stays fast.
    let start = std::time::Instant::now();
    assert_eq!(perft(START_FEN, 4), 405_737);
    assert!(
        start.elapsed().as_secs() < 30,
        "perft 4 took {:?}",
        start.elapsed()
    );
}

#[test]
fn perft_file_agrees_to_depth_three() {
    let text = include_str!("../perft/caissa.epd");
    let mut lines = 0;
    for line in text
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let mut parts = line.split(" ;");
        let fen = parts.next().unwrap();
        for part in parts.take(3) {
            let (depth, count) = part.split_once(' ').unwrap();
            let depth: u32 = depth.trim_start_matches('D').parse().unwrap();
            assert_eq!(
                perft(fen, depth),
                count.parse::<u64>().unwrap(),
                "{fen} depth {depth}"
            );
        }
        lines += 1;
    }
    assert!(
        lines >= 13,
        "only {lines} positions in tests/perft/caissa.epd"
    );
}

#[test]
fn divide_sums_to_perft_and_is_sorted() {
    let split = divide(START_FEN, 2);
    assert_eq!(split.len(), 26);
    assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 630);
    let names: Vec<&String> = split.iter().map(|(m, _)| m).collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted);
    assert_eq!(
        split.iter().map(|(m, _)| m.clone()).collect::<Vec<_>>(),
        legal_moves(START_FEN)
    );
}

#[test]
fn start_moves_by_piece() {
    // Checked by hand: the Knight's four leaps; the Queen is stopped by its own pieces on b2,
    // c3 and d2, may not go to b3 or f5 (open line to the Queen e6) nor e4 (next to the Rook
    // e5), and reaches g6 past d3..f5 (the Knight f6 shields the rank); the Rook c3 goes up
    // the c-file and along rank 3 but not down onto its own Queen; the Bishop d2 swaps with
    // its own Rook c3.
    let expected = [
        "b2a4", "b2c4", "b2d1", "b2d3", "c2a4", "c2b1", "c2c1", "c2d1", "c2d3", "c2g6", "c3a3",
        "c3b3", "c3c4", "c3c5", "c3c6", "c3c7", "c3d3", "c3e3", "c3f3", "c3g3", "d2c1", "d2c3",
        "d2e1", "d2e3", "d2f4", "d2g5",
    ];
    assert_eq!(legal_moves(START_FEN), strs(&expected));
    assert!(!in_check(START_FEN));
    assert_eq!(is_game_over(START_FEN), None);
    assert_eq!(play(START_FEN, "d2c3"), "7/3bqn1/4r2/7/2B4/1NQR3/7 b - 1");
    assert_eq!(play(START_FEN, "c2g6"), "7/3bqnQ/4r2/7/2R4/1N*B3/7 b - 1");
}

#[test]
fn check_comes_from_rook_bishop_knight_through_holes() {
    // The Rook d7 checks the Queen d4 across the hole d5.
    assert!(in_check("3r3/6q/3*3/3Q3/7/7/7 w - 0"));
    // A piece between blocks it.
    assert!(!in_check("3r3/6q/3N3/3Q3/7/7/7 w - 0"));
    // Bishop over a hole, Knight leap.
    assert!(in_check("q6/7/5b1/4*2/3Q3/7/7 w - 0"));
    assert!(in_check("q6/7/7/3Q3/7/2n4/7 w - 0"));
    // A Queen gives no check: these Queens face each other (an unreachable position), yet
    // neither is in check.
    assert!(!in_check("7/7/7/6q/7/7/3Q3 b - 0"));
    assert!(!in_check("7/7/7/6q/7/7/3Q3 w - 0"));
}

#[test]
fn fen_round_trip() {
    assert_eq!(normalize(START_FEN), START_FEN);
    let odd = "7/7/7/1**R3/7/7/q1Q4 b c3e5 17";
    assert_eq!(normalize(odd), odd);
    // Positions reached by play, always taking the moves in a fixed rotating order.
    let mut fen = START_FEN.to_string();
    for i in 0..40 {
        let moves = legal_moves(&fen);
        if moves.is_empty() {
            break;
        }
        fen = play(&fen, &moves[(i * 7 + 3) % moves.len()]);
        assert_eq!(normalize(&fen), fen);
        assert!(
            fen.ends_with(&format!(" {}", i + 1)),
            "ply counter in {fen}"
        );
    }
}

#[test]
fn knight_carry_onto_a_hole_needs_connected_tiles() {
    // Ranks 1 and 2 tiled, the rest holes. The Knight d2 may carry its tile to b3 and f3
    // (both touch rank 2) but not to c4 or e4 (isolated tiles).
    let fen = "*******/*******/*******/*******/*******/3N2q/Q6 w - 0";
    let moves = legal_moves(fen);
    for mv in ["d2b3", "d2f3", "d2b1", "d2f1"] {
        assert!(has(&moves, mv), "{mv} missing from {moves:?}");
    }
    for mv in ["d2c4", "d2e4"] {
        assert!(!has(&moves, mv), "{mv} should be illegal");
    }
    let after = play(fen, "d2b3");
    assert_eq!(
        after,
        "*******/*******/*******/*******/*N*****/3*2q/Q6 b - 1"
    );
}

#[test]
fn carry_whose_origin_splits_the_tiles_is_absent() {
    // Only rank 1 is tiled; the Knight d1 would leave a hole splitting the rank in two,
    // whatever hole it lands on. The Queen a1 is an end of the row, so it may move.
    let fen = rank_one_only("Q2N2q");
    assert_eq!(legal_moves(&fen), strs(&["a1b1", "a1c1"]));
}

#[test]
fn queen_in_check_moves_only_to_adjacent_tiles() {
    // The Rook d7 checks the Queen d4 down the d-file; d5 and d3 stay in check, e4 would face
    // the Black Queen g6 on an open diagonal.
    let fen = "3r3/6q/7/3Q3/7/7/7 w - 0";
    assert!(in_check(fen));
    assert_eq!(
        legal_moves(fen),
        strs(&["d4c3", "d4c4", "d4c5", "d4e3", "d4e5"])
    );
    // Not in check, the same Queen goes far.
    let free = "7/6q/7/3Q3/7/7/7 w - 0";
    assert!(!in_check(free));
    assert!(has(&legal_moves(free), "d4a1"));
}

#[test]
fn queen_in_check_may_capture_an_adjacent_piece() {
    let fen = "3r3/6q/7/3Q3/2n4/7/7 w - 0";
    // The Knight c3 does not attack d4; the Rook d7 does. Capturing c3 leaves the d-file.
    assert!(in_check(fen));
    let moves = legal_moves(fen);
    assert!(has(&moves, "d4c3"));
    assert_eq!(play(fen, "d4c3"), "3r3/6q/7/3*3/2Q4/7/7 b - 1");
}

#[test]
fn queen_move_whose_origin_splits_the_tiles_is_absent() {
    // Only rank 1: the Queen c1 links a1-b1 to d1-g1, so none of its moves is legal
    // (c1d1 by geometry); the Rook b1 can still step to a1 or carry its tile to b2.
    let fen = rank_one_only("1RQ1n1q");
    assert_eq!(legal_moves(&fen), strs(&["b1a1", "b1b2"]));
}

#[test]
fn queen_slides_over_holes_and_leaves_a_hole() {
    let fen = "4q2/7/7/7/7/7/Q****2 w - 0";
    let moves = legal_moves(fen);
    assert!(has(&moves, "a1f1"));
    assert!(has(&moves, "a1g1"));
    for mv in ["a1b1", "a1c1", "a1d1", "a1e1"] {
        assert!(!has(&moves, mv));
    }
    assert_eq!(play(fen, "a1f1"), "4q2/7/7/7/7/7/*****Q1 b - 1");
}

#[test]
fn queen_captures_only_enemy_non_queens() {
    // The Queen d4 captures the Bishop d6 (stopping there), not its own Knight f6.
    let fen = "1q5/3b1N1/7/3Q3/7/7/7 w - 0";
    let moves = legal_moves(fen);
    assert!(has(&moves, "d4d6"));
    assert!(!has(&moves, "d4d7"));
    assert!(!has(&moves, "d4f6"));
    assert!(!has(&moves, "d4g7"));
    assert_eq!(play(fen, "d4d6"), "1q5/3Q1N1/7/3*3/7/7/7 b - 1");
}

#[test]
fn sliders_pass_over_holes_and_carry_their_tile() {
    // Rook a1: b1 and c1 are holes (carry), d1..g1 tiles.
    let fen = "6q/7/7/Q6/7/7/R**4 w - 0";
    let moves = legal_moves(fen);
    for mv in ["a1b1", "a1c1", "a1d1", "a1g1", "a1a2", "a1a3"] {
        assert!(has(&moves, mv), "{mv} missing");
    }
    assert_eq!(play(fen, "a1b1"), "6q/7/7/Q6/7/7/*R*4 b - 1");
    assert_eq!(play(fen, "a1d1"), "6q/7/7/Q6/7/7/1**R3 b - 1");
    // Bishop c1 over the holes d2 and e3 to f4 and a swap with the Knight g5.
    let fen = "6q/Q6/6n/7/4*2/3*3/2B4 w - 0";
    let moves = legal_moves(fen);
    for mv in ["c1d2", "c1e3", "c1f4", "c1g5", "c1b2", "c1a3"] {
        assert!(has(&moves, mv), "{mv} missing");
    }
    assert_eq!(play(fen, "c1e3"), "6q/Q6/6n/7/4B2/3*3/2*4 b - 1");
    assert_eq!(play(fen, "c1g5"), "6q/Q6/6B/7/4*2/3*3/2n4 b - 1");
}

#[test]
fn no_swap_with_own_queen_but_with_enemy_queen_and_own_pieces() {
    let fen = "7/7/7/4q2/6Q/4N2/1B4R w - 0";
    let moves = legal_moves(fen);
    // Rook g1 stops below its own Queen g3; the Knight e2 cannot land on it either.
    assert!(has(&moves, "g1g2"));
    assert!(!has(&moves, "g1g3"));
    assert!(!has(&moves, "e2g3"));
    // The Knight swaps with its own Rook.
    assert!(has(&moves, "e2g1"));
    assert_eq!(play(fen, "e2g1"), "7/7/7/4q2/6Q/4R2/1B4N b - 1");
    // The Bishop b1 swaps with the Black Queen e4; no ban (different types).
    assert!(has(&moves, "b1e4"));
    assert_eq!(play(fen, "b1e4"), "7/7/7/4B2/6Q/4N2/1q4R b - 1");
}

#[test]
fn swap_exposing_own_queen_is_absent() {
    // The Rook d2 shields the Queen d1 from the Rook d7. Swapping with d7 puts the Black Rook
    // on d2, next to the Queen; leaving the file exposes it.
    let fen = "3r2q/7/7/7/7/3R3/3Q3 w - 0";
    let moves = legal_moves(fen);
    assert!(!in_check(fen));
    assert!(has(&moves, "d2d3"));
    assert!(has(&moves, "d2d6"));
    assert!(!has(&moves, "d2d7"));
    assert!(!has(&moves, "d2e2"));
    assert!(!has(&moves, "d2a2"));
}

#[test]
fn opening_the_line_between_the_queens_is_absent() {
    // The Knight b2 stands between the Queens a1 and g7. Its plain moves open the diagonal;
    // its swap with the Rook d3 keeps a piece (the Rook) on b2.
    let fen = "6q/7/7/7/3r3/1N5/Q6 w - 0";
    let moves = legal_moves(fen);
    assert!(has(&moves, "b2d3"));
    for mv in ["b2a4", "b2c4", "b2d1"] {
        assert!(!has(&moves, mv), "{mv} should be illegal");
    }
    // The Queen cannot step onto an open line with the other Queen either: a1a7 (rank 7
    // holds the Black Queen g7 with b7..f7 empty).
    assert!(!has(&moves, "a1a7"));
    assert!(has(&moves, "a1a6"));
}

#[test]
fn no_undo_ban_lasts_one_turn() {
    let fen = "5q1/7/2r4/7/2R4/7/Q6 w - 0";
    let after = play(fen, "c3c5");
    assert_eq!(after, "5q1/7/2R4/7/2r4/7/Q6 b c3c5 1");
    let moves = legal_moves(&after);
    assert!(!has(&moves, "c3c5"), "the banned undo is generated");
    assert!(has(&moves, "c3c4"));
    // A swap of different types sets no ban.
    let other = "5q1/7/2n4/7/2R4/7/Q6 w - 0";
    assert_eq!(play(other, "c3c5"), "5q1/7/2R4/7/2n4/7/Q6 b - 1");
    // (A Bishop would be no example: on c3 it would check the Queen a1.)
    assert!(!has(&legal_moves("5q1/7/2b4/7/2R4/7/Q6 w - 0"), "c3c5"));
    // One turn later the same move is back.
    let after = play(&after, "f7f6");
    assert_eq!(after, "5*1/5q1/2R4/7/2r4/7/Q6 w - 2");
    let after = play(&after, "a1a2");
    assert!(has(&legal_moves(&after), "c3c5"));
    // A ban given in the FEN is honoured.
    let banned = "5q1/7/2R4/7/2r4/7/Q6 b c3c5 1";
    assert!(!has(&legal_moves(banned), "c3c5"));
    let unbanned = "5q1/7/2R4/7/2r4/7/Q6 b - 1";
    assert!(has(&legal_moves(unbanned), "c3c5"));
}

#[test]
fn pass_when_blocked_and_not_in_check() {
    // Only rank 1: the White Queen b1 cannot move (removing b1 cuts off a1), the Black Knight
    // d1 does not attack it; Black (Queen g1) has moves, so White passes.
    let fen = rank_one_only("1Q1n2q");
    assert!(!in_check(&fen));
    assert_eq!(legal_moves(&fen), strs(&["0000"]));
    assert_eq!(is_game_over(&fen), None);
    let after = play(&fen, "0000");
    assert_eq!(
        after,
        "*******/*******/*******/*******/*******/*******/1Q1n2q b - 1"
    );
    assert_eq!(legal_moves(&after), strs(&["g1e1", "g1f1"]));
    // A pass clears a ban.
    let banned = "*******/*******/*******/*******/*******/*******/1Q1n2q w d1e1 5";
    assert_eq!(
        play(banned, "0000"),
        "*******/*******/*******/*******/*******/*******/1Q1n2q b - 6"
    );
    assert_eq!(perft(&fen, 1), 1);
    assert_eq!(perft(&fen, 2), 2);
}

#[test]
fn checkmate_gives_no_moves() {
    // The Rook e1 checks the Queen b1, which cannot step to a1 or c1 without cutting the row.
    let fen = rank_one_only("1Q2r1q");
    assert!(in_check(&fen));
    assert!(legal_moves(&fen).is_empty());
    assert_eq!(is_game_over(&fen), Some("checkmate"));
    assert_eq!(perft(&fen, 1), 0);
    assert_eq!(perft(&fen, 3), 0);
}

#[test]
fn both_blocked_gives_no_moves() {
    // Both Queens cut the row if they move; the Knight d1 (between them) has only holes to go
    // to and would cut the row too. Neither side can move: drawn, no pass.
    let white = rank_one_only("1Q1N1q1");
    assert!(!in_check(&white));
    assert!(legal_moves(&white).is_empty());
    assert_eq!(is_game_over(&white), Some("blocked"));
    let black = white.replace(" w ", " b ");
    assert!(legal_moves(&black).is_empty());
    assert_eq!(is_game_over(&black), Some("blocked"));
    assert_eq!(perft(&white, 2), 0);
}

#[test]
fn piece_lookup() {
    assert_eq!(piece_at(START_FEN, "c2"), Some('Q'));
    assert_eq!(piece_at(START_FEN, "e6"), Some('q'));
    assert_eq!(piece_at(START_FEN, "a1"), None);
}
