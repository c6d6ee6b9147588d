//! Tests of the Poron Jikaida reference generator in `tests/jikaida_reference/` itself: the start
//! figures, the FEN round trip, and hand-built positions for each rule of docs/RULES.md §3,
//! their move lists derived by hand in the comments.
//!
//! This crate holds the start positions, the FEN and each piece's plain moves; the Pallan's
//! slides and the vaults are in `jikaida_reference_selftest_vaults.rs`, promotion, the
//! Fluttember, check and the end of the game in `jikaida_reference_selftest_endgame.rs`, and
//! the shared helpers in `jikaida_reference_selftest_common/`.
//!
//! Coordinates: files a..l (0..11), ranks 1..18; on the 12 x 18 board the fronts run between
//! files f|g and between ranks 6|7 and 12|13, so the interior drin corners are f6/g6/f7/g7 and
//! f12/g12/f13/g13.

use crate::jikaida_reference;
use crate::jikaida_reference_selftest_common;

use jikaida_reference::{
    PORONDWA_START_FEN, START_FEN, SWODS_START_FEN, divide, in_check, is_game_over, legal_moves,
    move_squares, normalize, perft, piece_at, play,
};
use jikaida_reference_selftest_common::{
    board, has, moves, moves_from, poron, squares, targets, ways,
};

// ------------------------------------------------------------------------------------------
// Start positions
// ------------------------------------------------------------------------------------------

#[test]
fn start_position_figures() {
    // docs/RULES.md §3.1: "138 legal first moves and 19,044 positions after two plies".
    assert_eq!(perft(START_FEN, 1), 138);
    assert_eq!(perft(START_FEN, 2), 19_044);
}

#[test]
#[ignore = "about 40 seconds; the figure is also in tests/perft/jikaida.epd"]
fn start_position_depth_three() {
    assert_eq!(perft(START_FEN, 3), 2_967_000);
}

#[test]
fn perft_file_agrees() {
    // Every line to depth 2, and depth 3 where it has at most 200,000 leaves.
    let text = include_str!("../perft/jikaida.epd");
    let mut lines = 0;
    for line in text
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let mut parts = line.split(" ;");
        let fen = parts.next().unwrap();
        for part in parts {
            let (depth, count) = part.split_once(' ').unwrap();
            let depth: u32 = depth.trim_start_matches('D').parse().unwrap();
            let count: u64 = count.parse().unwrap();
            if depth <= 2 || count <= 200_000 {
                assert_eq!(perft(fen, depth), count, "{fen} depth {depth}");
            }
        }
        lines += 1;
    }
    assert!(
        lines >= 17,
        "only {lines} positions in tests/perft/jikaida.epd"
    );
}

#[test]
fn start_moves_by_piece() {
    // Swods (rank 3, unmoved): 3 straight each (ranks 4-6, before the 6|7 front) plus 1-3
    // squares on each forward diagonal, a front crossed only by the first step:
    // a 3+3, b 3+4, c 3+5, d 3+5 (f5 then g6 would cross at step 3), e 3+4 (f4 only to the
    // right), f 3+6 (g4 crosses at the first step, then h5 i6), g 3+6, h 3+4, i 3+5, j 3+5,
    // k 3+4, l 3+3: 90. Deldars, Paktuns, Kapts, Chuktars, Jiktars, Hikdars: boxed in by their
    // own pieces, no line of 3 in front of them: 0. King h1: 4 Fluttembers (Kapts f1 i1,
    // Chuktars a1 l1). Pallan g1: 44 (below). 90 + 4 + 44 = 138.
    let start = moves(START_FEN);
    assert_eq!(start.len(), 138);
    let count = |sq: &str| moves_from(START_FEN, sq).len();
    let swods: Vec<usize> = "a3 b3 c3 d3 e3 f3 g3 h3 i3 j3 k3 l3"
        .split(' ')
        .map(count)
        .collect();
    assert_eq!(swods, [6, 7, 8, 8, 7, 9, 9, 7, 8, 8, 7, 6]);
    assert_eq!(targets(START_FEN, "d3"), squares("d4 d5 d6 e4 f5 c4 b5 a6"));
    assert_eq!(
        targets(START_FEN, "f3"),
        squares("f4 f5 f6 g4 h5 i6 e4 d5 c6")
    );
    assert_eq!(
        moves_from(START_FEN, "h1"),
        ["h1a1", "h1f1", "h1i1", "h1l1"]
    );
    for sq in [
        "a2", "f2", "l2", "a1", "b1", "c1", "d1", "e1", "f1", "i1", "l1",
    ] {
        assert_eq!(count(sq), 0, "{sq}");
    }
    // The Pallan g1 (Queen + Knight, may take a friend but not the King):
    // - plain: g2 f2 h2 (own Deldars) and f1 (own Kapt) taken by a one-step slide; the King h1
    //   stops the slide east; leaps onto e2 i2 f3 h3 (own pieces, taken): 8 moves.
    // - straight vaults: west over f1 e1 d1 (3 pieces) it may take c1 b1 a1; east over h1 i1
    //   j1 it may take k1 l1; no landing square (the board edge): 5 moves.
    // - bent vaults (corner on the 2nd piece or later): east leg h1 i1 [j1 [k1 [l1]]] turning
    //   N / NE / NW; west leg f1 e1 [d1 ...] turning N / NE / NW; up-legs g2 g3, h2 i3, f2 e3
    //   turning along rank 3 or back down. They land on every square of rank 4 (12), take every
    //   Swod of rank 3 (12), the Deldars a2 b2 c2 d2 e2 i2 j2 k2 l2 (9; f2, g2, h2 are never
    //   the 4th piece or later) and on rank 1 c1 b1 a1 k1 l1 (also straight) and e1 i1 (via
    //   g2 g3 then SW f2 e1 / SE h2 i1): 40 squares; with the plain ones (f2 g2 h2 f1 are new)
    //   44 in all.
    let pallan = targets(START_FEN, "g1");
    assert_eq!(
        pallan,
        squares(
            "a4 b4 c4 d4 e4 f4 g4 h4 i4 j4 k4 l4 a3 b3 c3 d3 e3 f3 g3 h3 i3 j3 k3 l3 \
             a2 b2 c2 d2 e2 f2 g2 h2 i2 j2 k2 l2 a1 b1 c1 e1 f1 i1 k1 l1"
        )
    );
    assert_eq!(ways(START_FEN, "g1l1"), ["vault"]);
    assert_eq!(ways(START_FEN, "g1i4"), ["bent-vault"]);
    assert_eq!(ways(START_FEN, "g1g2"), ["slide"]);
    assert!(!in_check(START_FEN));
    assert!(!is_game_over(START_FEN));
}

#[test]
fn forms_start_positions() {
    // jikaida-swods: the front Swods (rank 4) have 3 straight moves only up to rank 6 (2) and
    // the diagonals up to rank 6 (2 squares); the rank-3 Swods are boxed in. Only the lines
    // differ for the Pallan: g2 g3 g4 (3 pieces) now gives a straight vault landing on g5.
    assert_eq!(
        normalize(SWODS_START_FEN).unwrap(),
        SWODS_START_FEN.to_string()
    );
    assert_eq!(piece_at(SWODS_START_FEN, "c4").as_deref(), Some("S"));
    assert_eq!(piece_at(SWODS_START_FEN, "c15").as_deref(), Some("s"));
    assert!(has(SWODS_START_FEN, "g1g5"));
    assert_eq!(targets(SWODS_START_FEN, "a4"), squares("a5 a6 b5 c6"));
    assert_eq!(targets(SWODS_START_FEN, "a3"), squares(""));
    assert_eq!(piece_at(PORONDWA_START_FEN, "c3").as_deref(), Some("D"));
    assert_eq!(piece_at(PORONDWA_START_FEN, "c4").as_deref(), Some("S"));
    assert_eq!(piece_at(PORONDWA_START_FEN, "c16").as_deref(), Some("d"));
    assert_eq!(piece_at(PORONDWA_START_FEN, "c15").as_deref(), Some("s"));
    // Porondwa: the Swods on rank 4 reach rank 6 only (2 straight, 2 per diagonal).
    assert_eq!(targets(PORONDWA_START_FEN, "a4"), squares("a5 a6 b5 c6"));
    for fen in [SWODS_START_FEN, PORONDWA_START_FEN] {
        let n = perft(fen, 1);
        let split = divide(fen, 1);
        assert_eq!(split.len() as u64, n);
        // Blue's start is Yellow's turned round (files mirrored): the same count.
        let blue = fen.replace(" y ", " b ");
        assert_eq!(perft(&blue, 1), n);
    }
}

#[test]
fn divide_sums_to_perft_and_is_sorted() {
    let split = divide(START_FEN, 2);
    assert_eq!(split.len(), 138);
    assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 19_044);
    let names: Vec<String> = split.iter().map(|(m, _)| m.clone()).collect();
    assert_eq!(names, moves(START_FEN));
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted);
}

// ------------------------------------------------------------------------------------------
// FEN
// ------------------------------------------------------------------------------------------

#[test]
fn fen_round_trip() {
    assert_eq!(normalize(START_FEN).unwrap(), START_FEN);
    let odd = "k11/12/12/12/12/5N'D'S'4/12/12/12/12/12/2s'9/12/12/12/12/12/10nK b k 7";
    assert_eq!(normalize(odd).unwrap(), odd);
    // Consecutive digits are one number ("12"); empty runs next to each other are merged on
    // output.
    let split = "k5d'5/12/12/12/12/12/12/12/12/12/12/12/12/12/12/12/12/11K y - 1";
    assert_eq!(normalize(split).unwrap(), split);
    let wide = "k23/24/24/24/24/24/24/24/24/24/24/D'22K y - 9";
    assert_eq!(normalize(wide).unwrap(), wide);
    assert!(
        normalize("k5111111/12/12/12/12/12/12/12/12/12/12/12/12/12/12/12/12/11K y - 1").is_err()
    );
    // Positions reached by play, taking moves in a fixed rotating order.
    let mut fen = START_FEN.to_string();
    for i in 0..30 {
        let list = moves(&fen);
        if list.is_empty() {
            break;
        }
        // No move ends where it started.
        assert!(list.iter().all(|m| {
            let (from, to) = move_squares(m);
            from != to
        }));
        let blue = fen.contains(" b ");
        let before: u32 = fen.rsplit(' ').next().unwrap().parse().unwrap();
        fen = play(&fen, &list[(i * 37 + 11) % list.len()]).unwrap();
        assert_eq!(normalize(&fen).unwrap(), fen);
        let after: u32 = fen.rsplit(' ').next().unwrap().parse().unwrap();
        assert_eq!(after, before + u32::from(blue), "fullmove in {fen}");
    }
    // A Swod that has moved gets its apostrophe, and keeps it.
    let after = play(START_FEN, "c3c5").unwrap();
    assert_eq!(piece_at(&after, "c5").as_deref(), Some("S'"));
    assert!(after.ends_with(" b Kk 1"));
    let after = play(&after, "c16c14").unwrap();
    assert!(after.ends_with(" y Kk 2"));
    assert_eq!(piece_at(&after, "c14").as_deref(), Some("s'"));
}

#[test]
fn fen_errors() {
    let kings = "k11/12/12/12/12/12/12/12/12/12/12/12/12/12/12/12/12/11K";
    assert!(legal_moves(&format!("{kings} y - 1")).is_ok());
    // An apostrophe after a piece without first-move powers.
    assert!(legal_moves("k'11/12/12/12/12/12/12/12/12/12/12/12/12/12/12/12/12/11K y - 1").is_err());
    assert!(
        legal_moves("k10a'/12/12/12/12/12/12/12/12/12/12/12/12/12/12/12/12/11K y - 1").is_err()
    );
    // A short rank, a board of 17 ranks, a bad side, a bad fluttember field.
    assert!(legal_moves("k10/12/12/12/12/12/12/12/12/12/12/12/12/12/12/12/12/11K y - 1").is_err());
    assert!(legal_moves("k11/12/12/12/12/12/12/12/12/12/12/12/12/12/12/12/11K y - 1").is_err());
    assert!(legal_moves(&format!("{kings} w - 1")).is_err());
    assert!(legal_moves(&format!("{kings} y kK 1")).is_err());
    assert!(legal_moves(&format!("{kings} y - 0")).is_err());
    // Two Yellow Kings; no Blue King.
    assert!(legal_moves("k10K/12/12/12/12/12/12/12/12/12/12/12/12/12/12/12/12/11K y - 1").is_err());
    assert!(legal_moves("12/12/12/12/12/12/12/12/12/12/12/12/12/12/12/12/12/11K y - 1").is_err());
    // Fluttember rights exist only on the 12 x 18 board.
    let small = "k11/12/12/12/12/11K y K 1";
    assert!(legal_moves(small).is_err());
    assert!(legal_moves("k11/12/12/12/12/11K y - 1").is_ok());
    // The side not to move may not be in check (its King could be taken).
    assert!(
        legal_moves(
            &poron(&[("a1", "K"), ("a3", "j"), ("l18", "k"), ("l17", "d'")]).replace(" y ", " b ")
        )
        .is_err()
    );
    // An illegal move is refused.
    assert!(play(START_FEN, "a2a4").is_err());
    assert!(play(START_FEN, "g1g1").is_err());
}

#[test]
fn hyrshiv_board_18_by_24() {
    // 18 files (a..r) x 24 ranks: fronts after files f and l, and every 6 ranks. The Chuktar
    // b2 goes east c2..f2, crosses once into g2..l2 and stops before the second file front
    // (m2): 10 squares; north b3..b6, b7..b12 (one crossing): 10; south b1; west a2; NE c3 d4
    // e5 f6, g7..l12 (through the interior corner f6/g7, one crossing): 10; NW a3; SE c1;
    // SW a1. 10 + 10 + 1 + 1 + 10 + 1 + 1 + 1 = 35.
    let fen = board(
        18,
        24,
        &[("b2", "C"), ("r1", "K"), ("a24", "k"), ("a23", "d'")],
        "y - 1",
    );
    assert_eq!(normalize(&fen).unwrap(), fen);
    assert_eq!(
        targets(&fen, "b2"),
        squares(
            "c2 d2 e2 f2 g2 h2 i2 j2 k2 l2 b3 b4 b5 b6 b7 b8 b9 b10 b11 b12 b1 a2 \
             c3 d4 e5 f6 g7 h8 i9 j10 k11 l12 a3 c1 a1"
        )
    );
    // The Yellow King r1: q1 q2 r2.
    assert_eq!(moves(&fen).len(), 35 + 3);
    assert_eq!(
        perft(&fen, 2),
        divide(&fen, 2).iter().map(|(_, n)| n).sum::<u64>()
    );
}

// ------------------------------------------------------------------------------------------
// Plain moves of each piece
// ------------------------------------------------------------------------------------------

#[test]
fn king_steps_across_fronts_and_avoids_capture() {
    // The King f6 stands at the interior drin corner: it steps across either front, and
    // through the corner, freely: e5 e6 e7 f5 f7 g5 g6 g7.
    let fen = poron(&[("f6", "K"), ("l18", "k"), ("l17", "d'")]);
    assert_eq!(targets(&fen, "f6"), squares("e5 e6 e7 f5 f7 g5 g6 g7"));
    // A moved Blue Swod e6 (it takes diagonally downwards: d5, f5): the King may take it (no
    // Blue piece then covers e6) but not step to f5: 7 moves.
    let fen = poron(&[("f6", "K"), ("e6", "s'"), ("l18", "k"), ("l17", "d'")]);
    assert_eq!(targets(&fen, "f6"), squares("e5 e6 e7 g5 g6 g7 f7"));
    assert_eq!(ways(&fen, "f6e6"), ["step"]);
}

#[test]
fn paktun_leaps_and_double_first_leap() {
    // A moved Paktun f6 leaps over the fronts to all eight knight squares.
    let fen = poron(&[("f6", "N'"), ("l1", "K"), ("l18", "k"), ("l17", "d'")]);
    assert_eq!(targets(&fen, "f6"), squares("g8 h7 h5 g4 e4 d5 d7 e8"));
    // An unmoved Paktun a1, a Blue Deldar c2: single leaps b3 and c2 (taken; the capture ends
    // the move, so no second leap from c2). Second leaps from b3 (empty): c5 d4 d2 c1 a5
    // (a1, the start, excluded): 7 moves.
    let fen = poron(&[
        ("a1", "N"),
        ("c2", "d'"),
        ("l1", "K"),
        ("l18", "k"),
        ("l17", "d'"),
    ]);
    assert_eq!(targets(&fen, "a1"), squares("b3 c2 c5 d4 d2 c1 a5"));
    assert_eq!(ways(&fen, "a1d4"), ["double-leap"]);
    // Without the Deldar: also from c2 the second leaps d4 e3 e1 a3 b4: 11 squares.
    let fen = poron(&[("a1", "N"), ("l1", "K"), ("l18", "k"), ("l17", "d'")]);
    assert_eq!(
        targets(&fen, "a1"),
        squares("b3 c2 c5 d4 d2 c1 a5 e3 e1 a3 b4")
    );
    // The same Paktun having moved: b3 c2 only.
    let fen = poron(&[("a1", "N'"), ("l1", "K"), ("l18", "k"), ("l17", "d'")]);
    assert_eq!(targets(&fen, "a1"), squares("b3 c2"));
    let after = play(
        &poron(&[("a1", "N"), ("l1", "K"), ("l18", "k"), ("l17", "d'")]),
        "a1d4",
    )
    .unwrap();
    assert_eq!(piece_at(&after, "d4").as_deref(), Some("N'"));
}

#[test]
fn chuktar_and_kapt_cross_one_front() {
    // Chuktar d4: N d5 d6, across the 6|7 front d7..d12, stops before the 12|13 front (8);
    // S d3 d2 d1 (3); E e4 f4, across g4..l4 (8); W c4 b4 a4 (3); NE e5 f6, through the
    // interior corner (one crossing) g7 h8 i9 j10 k11 l12 (8); NW c5 b6 a7 (3); SE e3 f2 g1 (3);
    // SW c3 b2 a1 (3). 39 moves.
    let chuktar = "d5 d6 d7 d8 d9 d10 d11 d12 d3 d2 d1 e4 f4 g4 h4 i4 j4 k4 l4 c4 b4 a4 \
                   e5 f6 g7 h8 i9 j10 k11 l12 c5 b6 a7 e3 f2 g1 c3 b2 a1";
    let fen = poron(&[("d4", "C"), ("a18", "K"), ("l18", "k"), ("l17", "d'")]);
    assert_eq!(targets(&fen, "d4"), squares(chuktar));
    // The Kapt: the same slides, but its own Swod d6 stops it at d5 (it never takes a friend),
    // plus the 8 knight leaps e6 f5 f3 e2 c2 b3 b5 c6: 39 - 7 + 8 = 40.
    let fen = poron(&[
        ("d4", "A"),
        ("d6", "S'"),
        ("a18", "K"),
        ("l18", "k"),
        ("l17", "d'"),
    ]);
    let kapt = chuktar.replace("d6 d7 d8 d9 d10 d11 d12 ", "") + " e6 f5 f3 e2 c2 b3 b5 c6";
    assert_eq!(targets(&fen, "d4"), squares(&kapt));
    // A Blue piece across the front is taken: the Chuktar d4 takes d10 and stops there.
    let fen = poron(&[("d4", "C"), ("d10", "d'"), ("a18", "K"), ("l18", "k")]);
    assert!(has(&fen, "d4d9") && has(&fen, "d4d10") && !has(&fen, "d4d11"));
}

#[test]
fn jiktar_and_hikdar_cross_only_on_the_first_step() {
    // Jiktar f4 (next to the f|g front): E g4 (crossing on the first step) h4 i4 j4 k4 l4 (6);
    // W e4 d4 c4 b4 a4 (5); N f5 f6, f7 would cross on the third step: stop (2); S f3 f2 f1 (3).
    let fen = poron(&[("f4", "J"), ("a18", "K"), ("l18", "k"), ("l17", "d'")]);
    assert_eq!(
        targets(&fen, "f4"),
        squares("g4 h4 i4 j4 k4 l4 e4 d4 c4 b4 a4 f5 f6 f3 f2 f1")
    );
    // Jiktar f6 (at the corner): N f7..f12 (crosses first, stops before 12|13) (6); E g6..l6
    // (6); W e6..a6 (5); S f5..f1 (5): 22.
    let fen = poron(&[("f6", "J"), ("a18", "K"), ("l18", "k"), ("l17", "d'")]);
    assert_eq!(targets(&fen, "f6").len(), 22);
    assert!(has(&fen, "f6f12") && !has(&fen, "f6f13"));
    // Hikdar f6: NE g7 (through the corner) .. l12 (6); NW e7 d8 c9 b10 a11 (5); SE g5 h4 i3 j2
    // k1 (5); SW e5 d4 c3 b2 a1 (5): 21.
    let fen = poron(&[("f6", "H"), ("a18", "K"), ("l18", "k"), ("l17", "d'")]);
    assert_eq!(
        targets(&fen, "f6"),
        squares("g7 h8 i9 j10 k11 l12 e7 d8 c9 b10 a11 g5 h4 i3 j2 k1 e5 d4 c3 b2 a1")
    );
    // Hikdar e5 (one square short of the corner): NE f6 and stops (g7 would cross on the second
    // step); NW d6, stops (c7); SE f4, stops (g3); SW d4 c3 b2 a1: 7.
    let fen = poron(&[("e5", "H"), ("a18", "K"), ("l18", "k"), ("l17", "d'")]);
    assert_eq!(targets(&fen, "e5"), squares("f6 d6 f4 d4 c3 b2 a1"));
}

#[test]
fn deldar_moves() {
    // Moved Deldar e5 (one square short of both fronts): 1 or 2 squares, only the first step
    // may cross: N e6 (e7 crosses at step 2) ; S e4 e3; E f5; W d5 c5; NE f6; NW d6; SE f4;
    // SW d4 c3: 11.
    let fen = poron(&[("e5", "D'"), ("a18", "K"), ("l18", "k"), ("l17", "d'")]);
    assert_eq!(
        targets(&fen, "e5"),
        squares("e6 e4 e3 f5 d5 c5 f6 d6 f4 d4 c3")
    );
    // Moved Deldar f6 at the corner: every direction gives 2 (the first step crosses where it
    // must): 16. A Blue Swod f7: taken, and the Deldar cannot pass it to f8: 15.
    let fen = poron(&[("f6", "D'"), ("a18", "K"), ("l18", "k"), ("l17", "d'")]);
    assert_eq!(
        targets(&fen, "f6"),
        squares("f7 f8 g6 h6 g7 h8 e7 d8 g5 h4 e6 d6 f5 f4 e5 d4")
    );
    let fen = poron(&[
        ("f6", "D'"),
        ("f7", "s'"),
        ("a18", "K"),
        ("l18", "k"),
        ("l17", "d'"),
    ]);
    assert_eq!(targets(&fen, "f6").len(), 15);
    assert!(has(&fen, "f6f7") && !has(&fen, "f6f8"));
}

#[test]
fn deldar_double_first_move() {
    // Unmoved Deldar b2 (inside the first drin, no front reached):
    // straight 1-4: N b3 b4 b5 b6, E c2 d2 e2 f2, NE c3 d4 e5 f6, S b1, W a2, NW a3, SE c1,
    // SW a1 (17).
    // Two squares then 1-2 in a new direction:
    //   via b3-b4: E c4 d4, W a4, NE c5 d6, NW a5, SE c3 d2, SW a3, S b3 -> new c4 a4 c5 d6 a5;
    //   via c2-d2: N d3 d4, S d1, NE e3 f4, NW c3 b4, SE e1, SW c1, W c2 -> new d3 d1 e3 f4 e1;
    //   via c3-d4: N d5 d6, S d3 d2, E e4 f4, W c4 b4, NW c5 b6, SE e3 f2, SW c3
    //     -> new d5 e4;
    //   down/left first parts leave the board. 17 + 5 + 5 + 2 = 29.
    let fen = poron(&[("b2", "D"), ("a18", "K"), ("l18", "k"), ("l17", "d'")]);
    assert_eq!(
        targets(&fen, "b2"),
        squares(
            "b3 b4 b5 b6 c2 d2 e2 f2 c3 d4 e5 f6 b1 a2 a3 c1 a1 \
             c4 a4 c5 d6 a5 d3 d1 e3 f4 e1 d5 e4"
        )
    );
    assert_eq!(ways(&fen, "b2d6"), ["deldar-double"]);
    assert_eq!(ways(&fen, "b2d4"), ["step", "deldar-double"]);
    // Unmoved Deldar c5 (one short of the 6|7 front): north only c6 (c7 would be crossed on
    // the second step); no first-move path enters the rank-7 drin.
    let fen = poron(&[("c5", "D"), ("a18", "K"), ("l18", "k"), ("l17", "d'")]);
    let t = targets(&fen, "c5");
    assert!(t.contains(&"c6".to_string()));
    assert!(
        t.iter().all(|s| s[1..].parse::<u32>().unwrap() <= 6),
        "{t:?}"
    );
    // Unmoved Deldar c6 (next to the front): crosses on the first step and goes on c7 c8 c9
    // c10; two squares c7 c8 then e.g. d9 e10 or b9 a10; two squares d7 e8 then S e7 (e6
    // would cross back, but e6 is reached directly anyway: c6 d6 e6).
    let fen = poron(&[("c6", "D"), ("a18", "K"), ("l18", "k"), ("l17", "d'")]);
    for mv in [
        "c6c7", "c6c10", "c6e10", "c6a10", "c6e8", "c6d6", "c6e7", "c6e6",
    ] {
        assert!(has(&fen, mv), "{mv}");
    }
    // Straight on it stops after 4 squares (c10).
    assert!(!has(&fen, "c6c11"));
    // A capture ends the double move: a Blue piece on c8 is taken and nothing goes on from
    // c8; c9 is reached by no other path (the two-square first parts end on c8, e8, a8, e6,
    // a6, e4, c4, a4, none of which is on a straight line with c9 within 2 squares but c8).
    // (d9 and c10 are still reached round it: d7 e8, then NW d9 c10.)
    let fen = poron(&[
        ("c6", "D"),
        ("c8", "s'"),
        ("a18", "K"),
        ("l18", "k"),
        ("l17", "d'"),
    ]);
    assert!(has(&fen, "c6c8") && !has(&fen, "c6c9"));
    assert!(has(&fen, "c6d9") && has(&fen, "c6c10"));
}

#[test]
fn swod_moves() {
    // Unmoved Swod c3: straight c4 c5 c6; NE d4 e5 f6; NW b4 a5: 8.
    let fen = poron(&[("c3", "S"), ("l1", "K"), ("l18", "k"), ("l17", "d'")]);
    assert_eq!(targets(&fen, "c3"), squares("c4 c5 c6 d4 e5 f6 b4 a5"));
    // Blue pieces c5 and e5: straight ahead it stops at c4 (never takes straight), on the
    // diagonal it takes e5 and stops: c4 d4 e5 b4 a5.
    let fen = poron(&[
        ("c3", "S"),
        ("c5", "s'"),
        ("e5", "d'"),
        ("l1", "K"),
        ("l18", "k"),
        ("l17", "d'"),
    ]);
    assert_eq!(targets(&fen, "c3"), squares("c4 d4 e5 b4 a5"));
    // Moved: one step c4, or diagonally b4 d4.
    let fen = poron(&[("c3", "S'"), ("l1", "K"), ("l18", "k"), ("l17", "d'")]);
    assert_eq!(targets(&fen, "c3"), squares("c4 b4 d4"));
    // A moved Swod does not take straight ahead.
    let fen = poron(&[
        ("c3", "S'"),
        ("c4", "d'"),
        ("l1", "K"),
        ("l18", "k"),
        ("l17", "d'"),
    ]);
    assert_eq!(targets(&fen, "c3"), squares("b4 d4"));
    // Unmoved Swod f6 at the corner: crosses on its first step: f7 f8 f9, g7 h8 i9, e7 d8 c9.
    let fen = poron(&[("f6", "S"), ("l1", "K"), ("l18", "k"), ("l17", "d'")]);
    assert_eq!(targets(&fen, "f6"), squares("f7 f8 f9 g7 h8 i9 e7 d8 c9"));
    // Unmoved Swod e5: every direction would cross on the second step: e6 f6 d6.
    let fen = poron(&[("e5", "S"), ("l1", "K"), ("l18", "k"), ("l17", "d'")]);
    assert_eq!(targets(&fen, "e5"), squares("e6 f6 d6"));
    // Blue Swods go down the board: unmoved c16 has c15 c14 c13, d15 e14 f13, b15 a14.
    let fen = poron(&[("c16", "s"), ("l1", "K"), ("a2", "D'"), ("l18", "k")]).replace(" y ", " b ");
    assert_eq!(
        targets(&fen, "c16"),
        squares("c15 c14 c13 d15 e14 f13 b15 a14")
    );
}
