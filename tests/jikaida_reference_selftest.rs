//! Tests of the Poron Jikaida reference generator in `tests/jikaida_reference/` itself: the start
//! figures, the FEN round trip, and hand-built positions for each rule of RULINGS.md section 3,
//! their move lists derived by hand in the comments.
//!
//! Coordinates: files a..l (0..11), ranks 1..18; on the 12 x 18 board the fronts run between
//! files f|g and between ranks 6|7 and 12|13, so the interior drin corners are f6/g6/f7/g7 and
//! f12/g12/f13/g13.

mod jikaida_reference;

use jikaida_reference::{
    PORONDWA_START_FEN, START_FEN, SWODS_START_FEN, attacked, divide, in_check, is_game_over,
    legal_moves, move_squares, move_ways, normalize, perft, piece_at, play,
};

/// The FEN of a `files` x `ranks` board holding `pieces` (square, FEN text such as `"S'"`),
/// the rest empty; `tail` is the side, fluttember and fullmove fields.
fn board(files: usize, ranks: usize, pieces: &[(&str, &str)], tail: &str) -> String {
    let mut grid: Vec<Vec<Option<String>>> = vec![vec![None; files]; ranks];
    for (square, text) in pieces {
        let file = (square.as_bytes()[0] - b'a') as usize;
        let rank: usize = square[1..].parse().unwrap();
        assert!(grid[rank - 1][file].is_none(), "{square} twice");
        grid[rank - 1][file] = Some(text.to_string());
    }
    let mut rows = Vec::new();
    for rank in (0..ranks).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for cell in &grid[rank] {
            match cell {
                None => empty += 1,
                Some(t) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push_str(t);
                }
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    format!("{} {tail}", rows.join("/"))
}

/// A 12 x 18 position with `pieces`, Yellow to move, no Fluttember rights.
fn poron(pieces: &[(&str, &str)]) -> String {
    board(12, 18, pieces, "y - 1")
}

fn moves(fen: &str) -> Vec<String> {
    legal_moves(fen).unwrap_or_else(|e| panic!("{e}"))
}

/// The legal moves starting on `square`, sorted.
fn moves_from(fen: &str, square: &str) -> Vec<String> {
    moves(fen)
        .into_iter()
        .filter(|m| move_squares(m).0 == square)
        .collect()
}

/// The end squares of the legal moves starting on `square`, sorted.
fn targets(fen: &str, square: &str) -> Vec<String> {
    let mut out: Vec<String> = moves_from(fen, square)
        .iter()
        .map(|m| move_squares(m).1)
        .collect();
    out.sort();
    out.dedup();
    out
}

/// `names` (space-separated squares) sorted, for comparing with `targets`.
fn squares(names: &str) -> Vec<String> {
    let mut out: Vec<String> = names.split_whitespace().map(|s| s.to_string()).collect();
    out.sort();
    let before = out.len();
    out.dedup();
    assert_eq!(before, out.len(), "a square listed twice in {names:?}");
    out
}

/// The ways the legal move `mv` can be made.
fn ways(fen: &str, mv: &str) -> Vec<String> {
    move_ways(fen)
        .unwrap()
        .into_iter()
        .find(|(m, _)| m == mv)
        .unwrap_or_else(|| panic!("{mv} is not legal in {fen}"))
        .1
}

fn has(fen: &str, mv: &str) -> bool {
    moves(fen).iter().any(|m| m == mv)
}

// ------------------------------------------------------------------------------------------
// Start positions
// ------------------------------------------------------------------------------------------

#[test]
fn start_position_figures() {
    // RULINGS 3.1: "138 legal first moves and 19,044 positions after two plies".
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
    let text = include_str!("perft/jikaida.epd");
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

// ------------------------------------------------------------------------------------------
// The Pallan's slides and refraction
// ------------------------------------------------------------------------------------------

#[test]
fn pallan_slides_with_refraction() {
    // Pallan d4 on an empty board (Kings on rank 18, out of reach).
    // N: d5 d6; straight across d7..d12 (stops before 12|13); refracted at d6 to NE e7 f8 (g9
    //    would cross again) or NW c7 b8 a9: 13.
    // S: d3 d2 d1 (3). W: c4 b4 a4 (3). SW: c3 b2 a1 (3).
    // E: e4 f4; across g4..l4; refracted at f4 NE g5 h6 (i7 would cross again) or SE g3 h2 i1:
    //    13.
    // NE: e5 f6, then the interior corner: straight through g7..l12 (one crossing); refracted
    //    to E g6 (crossing the f|g front) h6 i6 j6 k6 l6 along the 6|7 front, or to N f7 (across
    //    6|7) f8 .. f12: 20, of which h6 and f8 were counted above: 18 new.
    // NW: c5 b6; straight a7; refracted W a6 (along the front, the board edge next), N b7..b12:
    //    10, b8 counted: 9 new.
    // SE: e3 f2; straight g1; refracted E g2 h2 i2 j2 k2 l2, S f1: 10, h2 counted: 9 new.
    // Leaps: e6 f5 f3 e2 c2 b3 b5 c6 (8, none reached by a slide).
    // 13 + 3 + 3 + 3 + 13 + 18 + 9 + 9 + 8 = 79.
    let fen = poron(&[("d4", "P"), ("a18", "K"), ("l18", "k"), ("l17", "d'")]);
    let expected = squares(
        "d5 d6 d7 d8 d9 d10 d11 d12 e7 f8 c7 b8 a9 \
         d3 d2 d1 c4 b4 a4 c3 b2 a1 \
         e4 f4 g4 h4 i4 j4 k4 l4 g5 h6 g3 h2 i1 \
         e5 f6 g7 h8 i9 j10 k11 l12 g6 i6 j6 k6 l6 f7 f9 f10 f11 f12 \
         c5 b6 a7 a6 b7 b9 b10 b11 b12 \
         e3 f2 g1 g2 i2 j2 k2 l2 f1 \
         e6 f5 f3 e2 c2 b3 b5 c6",
    );
    assert_eq!(expected.len(), 79);
    assert_eq!(targets(&fen, "d4"), expected);
    assert_eq!(ways(&fen, "d4l6"), ["refraction"]);
    assert_eq!(ways(&fen, "d4f12"), ["refraction"]);
    assert_eq!(ways(&fen, "d4l12"), ["slide"]);
    // King a18: a17 b17 b18.
    assert_eq!(moves(&fen).len(), 79 + 3);
}

#[test]
fn pallan_bends_along_a_front_then_crosses_straight_on() {
    // Pallan b4 going NE: c5 d6, then e7 would cross the 6|7 front. It turns E along the front
    // (e6 f6: the bend, no crossing) and may still cross the f|g front straight on: g6 .. l6.
    // Having bent it cannot turn again at f6 (to g7); straight NE it crosses at e7, goes f8
    // and stops before g9.
    let fen = poron(&[("b4", "P"), ("a18", "K"), ("l18", "k"), ("l17", "d'")]);
    for mv in [
        "b4e6", "b4f6", "b4g6", "b4l6", "b4e7", "b4f8", "b4d7", "b4d12",
    ] {
        assert!(has(&fen, mv), "{mv}");
    }
    for mv in ["b4g7", "b4g9", "b4h8"] {
        assert!(!has(&fen, mv), "{mv}");
    }
    assert_eq!(ways(&fen, "b4l6"), ["refraction"]);
    // A capture may follow the bend: a Blue Deldar on e6 is taken by turning at d6.
    let fen = poron(&[
        ("b4", "P"),
        ("e6", "d'"),
        ("a18", "K"),
        ("l18", "k"),
        ("l17", "d'"),
    ]);
    assert_eq!(ways(&fen, "b4e6"), ["refraction"]);
    assert!(!has(&fen, "b4f6"));
}

// ------------------------------------------------------------------------------------------
// Vaults
// ------------------------------------------------------------------------------------------

#[test]
fn straight_vault_lands_and_captures() {
    // Jiktar b2; on the b-file Yellow Swod b3, Blue Swod b4, Yellow Swod b5, Blue Deldar b6,
    // b7 empty. It cannot slide north (own Swod b3). Vault north: past b3 b4 b5 (3 pieces) it
    // may take b6 (Blue), or land on b7 (the first empty square, across the 6|7 front).
    // Slides: S b1; E c2 d2 e2 f2 (g2 would cross on the 5th step); W a2. 8 moves.
    let fen = poron(&[
        ("b2", "J"),
        ("b3", "S'"),
        ("b4", "s'"),
        ("b5", "S'"),
        ("b6", "d'"),
        ("l1", "K"),
        ("l18", "k"),
        ("l17", "d'"),
    ]);
    assert_eq!(targets(&fen, "b2"), squares("b1 c2 d2 e2 f2 a2 b6 b7"));
    assert_eq!(ways(&fen, "b2b7"), ["vault"]);
    let after = play(&fen, "b2b6").unwrap();
    assert_eq!(piece_at(&after, "b6").as_deref(), Some("J"));
    assert_eq!(piece_at(&after, "b2"), None);
    // With only two pieces in the line there is no vault.
    let fen = poron(&[
        ("b2", "J"),
        ("b3", "S'"),
        ("b4", "s'"),
        ("l1", "K"),
        ("l18", "k"),
        ("l17", "d'"),
    ]);
    assert_eq!(targets(&fen, "b2"), squares("b1 c2 d2 e2 f2 a2"));
}

#[test]
fn long_vault_across_two_fronts() {
    // Kapt a3 below a column a4..a14 (11 pieces), a15 empty. Past a4 a5 a6 it may take each
    // Blue piece from the 4th on (a7 a9 a11 a13), or land on a15 (two fronts further up).
    // Its own pieces a8 .. are not taken.
    let mut pieces = vec![("a3", "A"), ("l1", "K"), ("l18", "k"), ("l17", "d'")];
    for (i, sq) in [
        "a4", "a5", "a6", "a7", "a8", "a9", "a10", "a11", "a12", "a13", "a14",
    ]
    .iter()
    .enumerate()
    {
        pieces.push((sq, if i % 2 == 1 { "D'" } else { "d'" }));
    }
    // Blue d' on a4 a6 a8 a10 a12 a14, Yellow D' on a5 a7 a9 a11 a13.
    let fen = poron(&pieces);
    let vault: Vec<String> = moves_from(&fen, "a3")
        .into_iter()
        .filter(|m| ways(&fen, m) == ["vault"])
        .collect();
    assert_eq!(vault, ["a3a10", "a3a12", "a3a14", "a3a15", "a3a8"]);
}

#[test]
fn vault_rules_for_swods() {
    // A moved Swod c5 with c6 c7 c8 ahead (c9 empty) vaults straight ahead to c9; with b6 a7..
    // nothing; backwards (c4 c3 c2 behind it) never; sideways (d5 e5 f5) never.
    let fen = poron(&[
        ("c5", "S'"),
        ("c6", "j"),
        ("c7", "D'"),
        ("c8", "d'"),
        ("c4", "D'"),
        ("c3", "D'"),
        ("c2", "D'"),
        ("d5", "D'"),
        ("e5", "D'"),
        ("f5", "D'"),
        ("l1", "K"),
        ("l18", "k"),
        ("l17", "d'"),
    ]);
    // Its plain moves: c6 is a Blue Jiktar straight ahead (no capture), b6 (empty) and d6
    // (empty); vault: c9. 3 moves.
    assert_eq!(targets(&fen, "c5"), squares("b6 d6 c9"));
    // Straight ahead a Swod vault may also capture: with a Blue Swod on c9 (the 4th piece) it
    // may take it, or land on c10.
    let fen2 = poron(&[
        ("c5", "S'"),
        ("c6", "j"),
        ("c7", "D'"),
        ("c8", "s'"),
        ("c9", "s'"),
        ("l1", "K"),
        ("l18", "k"),
    ]);
    assert_eq!(targets(&fen2, "c5"), squares("b6 d6 c9 c10"));
    // Diagonally forward: d6 e7 f8 (3 pieces), g9 empty: the Swod lands on g9.
    let fen = poron(&[
        ("c5", "S'"),
        ("d6", "D'"),
        ("e7", "d'"),
        ("f8", "D'"),
        ("l1", "K"),
        ("l18", "k"),
        ("l17", "d'"),
    ]);
    assert_eq!(targets(&fen, "c5"), squares("c6 b6 g9"));
    // A Blue Swod vaults downwards: b9 over b8 b7 b6 to b5.
    let fen = poron(&[
        ("b9", "s'"),
        ("b8", "D'"),
        ("b7", "D'"),
        ("b6", "D'"),
        ("l1", "K"),
        ("l18", "k"),
        ("l17", "d'"),
    ])
    .replace(" y ", " b ");
    assert!(has(&fen, "b9b5"));
}

#[test]
fn propt_protects_swods_from_swods_only() {
    // Moved Yellow Swod d5: it may take the Blue Swod c6, not the Blue Swod e6 (propt by the
    // Blue Deldar f7 next to it): c6 d6 -> 2 moves.
    let fen = poron(&[
        ("d5", "S'"),
        ("c6", "s'"),
        ("e6", "s'"),
        ("f7", "d'"),
        ("l1", "K"),
        ("l18", "k"),
        ("l17", "d'"),
    ]);
    assert_eq!(targets(&fen, "d5"), squares("c6 d6"));
    // The same Blue Swod next to a Blue Jiktar instead: no propt, 3 moves.
    let fen = poron(&[
        ("d5", "S'"),
        ("c6", "s'"),
        ("e6", "s'"),
        ("f7", "j"),
        ("l1", "K"),
        ("l18", "k"),
        ("l17", "d'"),
    ]);
    assert_eq!(targets(&fen, "d5"), squares("c6 d6 e6"));
    // Propt stops only Swods: a Yellow Deldar e5 takes the same propt Swod e6.
    let fen = poron(&[
        ("e5", "D'"),
        ("e6", "s'"),
        ("f7", "d'"),
        ("l1", "K"),
        ("l18", "k"),
    ]);
    assert!(has(&fen, "e5e6"));
    // By vault: a Yellow Swod b8 under b9 b10 b11 and the Blue Swod b12, propt by the Blue
    // Deldar a13: it cannot take b12 (the 4th piece); it lands on b13 past it.
    let fen = poron(&[
        ("b8", "S'"),
        ("b9", "D'"),
        ("b10", "D'"),
        ("b11", "D'"),
        ("b12", "s'"),
        ("a13", "d'"),
        ("l1", "K"),
        ("l18", "k"),
        ("l17", "d'"),
    ]);
    assert!(!has(&fen, "b8b12"));
    assert!(has(&fen, "b8b13"));
    // The same line vaulted by a Yellow Jiktar (not a Swod): it may take b12.
    let fen = fen.replace("/1S'10/", "/1J10/");
    assert_eq!(piece_at(&fen, "b8").as_deref(), Some("J"));
    assert!(has(&fen, "b8b12"));
    // First-move diagonal captures of a Swod respect propt too.
    let fen = poron(&[
        ("c3", "S"),
        ("e5", "s'"),
        ("f6", "d'"),
        ("l1", "K"),
        ("l18", "k"),
        ("l17", "d'"),
    ]);
    assert_eq!(targets(&fen, "c3"), squares("c4 c5 c6 d4 b4 a5"));
}

#[test]
fn pallan_bent_vault() {
    // Yellow: Pallan a1, King a2, Hikdar b1, Jiktar c1, Swod b2. Blue: Swods c2 c3, King l18.
    // Pallan a1:
    // - slides: N stopped by its own King a2 (never taken); E takes its own Hikdar b1; NE takes
    //   its own Swod b2 (2 moves);
    // - leaps: b3 (empty), c2 (Blue Swod taken) (2);
    // - straight vaults: no line of 3 (N a2; E b1 c1; NE b2 c3);
    // - bent vaults: along b1 c1 turning at c1: N over c2 (3rd piece) c3 (4th: taken) to c4
    //   (landing); NW over b2 (3rd piece) to a3 (landing); along b2 c3 turning at c3: S over c2
    //   (3rd) to c1 (4th piece, its own Jiktar: the Pallan may take it). 4 moves.
    // 8 moves in all.
    let fen = poron(&[
        ("a1", "P"),
        ("a2", "K"),
        ("b1", "H"),
        ("c1", "J"),
        ("b2", "S'"),
        ("c2", "s'"),
        ("c3", "s'"),
        ("l18", "k"),
        ("l17", "d'"),
    ]);
    assert_eq!(targets(&fen, "a1"), squares("b1 b2 b3 c2 c3 c4 a3 c1"));
    for mv in ["a1c3", "a1c4", "a1a3", "a1c1"] {
        assert_eq!(ways(&fen, mv), ["bent-vault"], "{mv}");
    }
    // Only the Pallan bends: a Kapt on a1 has leaps b3 and c2 and no vault at all.
    let kapt = fen.replacen("P", "A", 1);
    assert_eq!(targets(&kapt, "a1"), squares("b3 c2"));
}

#[test]
fn pallan_move_then_vault() {
    // Pallan a4; Blue Swods d5 d6 d7 (a column across the 6|7 front), d8 empty.
    // Slides: E b4 c4 d4 e4 f4, across g4..l4, refracted NE g5 h6 or SE g3 h2 i1 (16);
    //   N a5 a6, across a7..a12, refracted NE b7 c8 d9 e10 f11 (13); S a3 a2 a1 (3);
    //   NE b5 c6, then d7 would cross: straight takes d7, bent E takes d6, bent N c7..c12 (c8
    //   counted): 9 new; SE b3 c2 d1 (3).
    // Leaps: b6 c5 c3 b2 (4).
    // Move-then-vault: slide to d4, vault north over d5 d6 d7 to d8 (the line may cross the
    //   front once the vault has begun). No other slide square is next to a line of 3 whose
    //   first piece is on its side of the front (c6 has d7 across the front). 1.
    // 16 + 13 + 3 + 9 + 3 + 4 + 1 = 49.
    let fen = poron(&[
        ("a4", "P"),
        ("d5", "s'"),
        ("d6", "s'"),
        ("d7", "s'"),
        ("l1", "K"),
        ("l18", "k"),
        ("l17", "d'"),
    ]);
    let expected = squares(
        "b4 c4 d4 e4 f4 g4 h4 i4 j4 k4 l4 g5 h6 g3 h2 i1 \
         a5 a6 a7 a8 a9 a10 a11 a12 b7 c8 d9 e10 f11 \
         a3 a2 a1 b5 c6 d7 d6 c7 c9 c10 c11 c12 b3 c2 d1 \
         b6 c5 c3 b2 d8",
    );
    assert_eq!(expected.len(), 49);
    assert_eq!(targets(&fen, "a4"), expected);
    assert_eq!(ways(&fen, "a4d8"), ["move-vault"]);
    assert_eq!(ways(&fen, "a4d6"), ["refraction"]);

    // The vault may not begin across a front: a diagonal line d7 e8 f9 (g10 empty) starts
    // across the 6|7 front from c6, where the Pallan's slide could stop. No move-then-vault
    // to g10; a Pallan already standing on c6 vaults there (an ordinary vault may).
    let line = [
        ("d7", "s'"),
        ("e8", "s'"),
        ("f9", "s'"),
        ("l1", "K"),
        ("l18", "k"),
        ("l17", "d'"),
    ];
    let mut pieces = line.to_vec();
    pieces.push(("a4", "P"));
    let fen = poron(&pieces);
    assert!(!has(&fen, "a4g10"));
    let mut pieces = line.to_vec();
    pieces.push(("c6", "P"));
    let fen = poron(&pieces);
    assert_eq!(ways(&fen, "c6g10"), ["vault"]);

    // Move then bent vault: Pallan a1 slides to e1 (b1 c1 d1 empty), then goes over e2 e3
    // (turning at e3) and f4 to g5. The square it left is empty during the vault.
    let fen = poron(&[
        ("a1", "P"),
        ("e2", "s'"),
        ("e3", "s'"),
        ("f4", "s'"),
        ("l18", "k"),
        ("l2", "K"),
    ]);
    assert_eq!(ways(&fen, "a1g5"), ["move-vault"]);
    // The square the Pallan left is empty during the vault: Pallan e4 under Blue Swods e5 e6.
    // Sliding back to e3 it finds e4 empty, so no line e4 e5 e6 to vault to e7; and from e4
    // itself e5 e6 are only two pieces.
    let fen = poron(&[
        ("e4", "P"),
        ("e5", "s'"),
        ("e6", "s'"),
        ("l1", "K"),
        ("l18", "k"),
        ("l17", "d'"),
    ]);
    assert!(has(&fen, "e4e3") && has(&fen, "e4e5"));
    assert!(!has(&fen, "e4e7"));
}

// ------------------------------------------------------------------------------------------
// Promotion, Fluttember, check, end of game
// ------------------------------------------------------------------------------------------

#[test]
fn promotion_offers_seven_pieces() {
    // A moved Swod c17 reaches rank 18 on c18, b18 or d18: 3 x 7 = 21 moves.
    let fen = poron(&[("c17", "S'"), ("l1", "K"), ("l18", "k"), ("l17", "d'")]);
    let list = moves_from(&fen, "c17");
    assert_eq!(list.len(), 21);
    for p in ["p", "a", "c", "j", "h", "n", "d"] {
        assert!(list.contains(&format!("c17c18{p}")), "{p}");
    }
    assert!(!list.contains(&"c17c18".to_string()));
    assert!(!list.contains(&"c17c18k".to_string()));
    assert!(!list.contains(&"c17c18s".to_string()));
    // A promoted Paktun or Deldar has "moved": no first-move powers, so an apostrophe.
    let after = play(&fen, "c17c18n").unwrap();
    assert_eq!(piece_at(&after, "c18").as_deref(), Some("N'"));
    let after = play(&fen, "c17c18d").unwrap();
    assert_eq!(piece_at(&after, "c18").as_deref(), Some("D'"));
    let after = play(&fen, "c17c18p").unwrap();
    assert_eq!(piece_at(&after, "c18").as_deref(), Some("P"));
    // A Blue Swod promotes on rank 1.
    let fen =
        poron(&[("c2", "s'"), ("l3", "K"), ("a10", "D'"), ("l18", "k")]).replace(" y ", " b ");
    assert_eq!(moves_from(&fen, "c2").len(), 21);
    let after = play(&fen, "c2c1a").unwrap();
    assert_eq!(piece_at(&after, "c1").as_deref(), Some("a"));
    // An unmoved Swod c16 runs to c18 in one move and promotes: c17, c18x7, b17, a18x7, d17,
    // e18x7: 3 + 21 = 24.
    let fen = poron(&[("c16", "S"), ("l1", "K"), ("l18", "k"), ("l17", "d'")]);
    assert_eq!(moves_from(&fen, "c16").len(), 24);
}

#[test]
fn fluttember() {
    // Yellow King h1 with its right: Kapt f1 and Chuktar l1 on their squares. A Blue Chuktar
    // f10 reaches f1 (f9 f8 f7, one crossing, f6 .. f1): the Kapt's square is attacked, so
    // h1f1 is refused; l1 is safe: h1l1.
    let pieces = [
        ("h1", "K"),
        ("f1", "A"),
        ("l1", "C"),
        ("f18", "k"),
        ("a17", "d'"),
    ];
    let mut p = pieces.to_vec();
    p.push(("f10", "c"));
    let fen = board(12, 18, &p, "y K 1");
    assert!(attacked(&fen, "f1", false) && !attacked(&fen, "l1", false));
    assert!(!attacked(&fen, "h1", false));
    assert!(has(&fen, "h1l1"));
    assert!(!has(&fen, "h1f1"));
    assert_eq!(ways(&fen, "h1l1"), ["fluttember"]);
    let after = play(&fen, "h1l1").unwrap();
    assert_eq!(piece_at(&after, "l1").as_deref(), Some("K"));
    assert_eq!(piece_at(&after, "h1").as_deref(), Some("C"));
    assert!(after.ends_with(" b - 1"));
    // Without the Blue Chuktar both are there; without the right, neither.
    let fen = board(12, 18, &pieces, "y Kk 1");
    assert!(has(&fen, "h1l1") && has(&fen, "h1f1"));
    let after = play(&fen, "h1f1").unwrap();
    assert!(after.ends_with(" b k 1"));
    let fen = board(12, 18, &pieces, "y k 1");
    assert!(!has(&fen, "h1l1") && !has(&fen, "h1f1"));
    // Attacked by a vault: Yellow Swods l2 l3 l4 and a Blue Jiktar l5 above them; the Jiktar
    // vaults down over l4 l3 l2 and takes on l1 (the 4th piece). h1l1 refused, h1f1 allowed.
    let mut p = pieces.to_vec();
    p.extend([("l2", "S'"), ("l3", "S'"), ("l4", "S'"), ("l5", "j")]);
    let fen = board(12, 18, &p, "y K 1");
    assert!(attacked(&fen, "l1", false));
    assert!(!has(&fen, "h1l1"));
    assert!(has(&fen, "h1f1"));
    // The King in check (a Blue Jiktar h5 down the h-file: h4 h3 h2 h1): no Fluttember.
    let mut p = pieces.to_vec();
    p.push(("h5", "j"));
    let fen = board(12, 18, &p, "y K 1");
    assert!(in_check(&fen));
    assert!(!has(&fen, "h1l1") && !has(&fen, "h1f1"));
    // Pieces in between do not matter; only the original squares count: a Kapt on g1 (not an
    // original square) is no partner, a Chuktar on a1 (original Chuktar square) is, across
    // the whole rank.
    let fen = board(
        12,
        18,
        &[
            ("h1", "K"),
            ("g1", "A"),
            ("a1", "C"),
            ("b1", "D'"),
            ("f18", "k"),
            ("a17", "d'"),
        ],
        "y K 1",
    );
    let kings: Vec<String> = moves_from(&fen, "h1")
        .into_iter()
        .filter(|m| ways(&fen, m) == ["fluttember"])
        .collect();
    assert_eq!(kings, ["h1a1"]);
    // A King that moved away and came back keeps its right (the text: "whether or not they
    // have previously moved").
    let fen = board(
        12,
        18,
        &[("g1", "K"), ("f1", "A"), ("f18", "k"), ("a17", "d'")],
        "y Kk 1",
    );
    let fen = play(&fen, "g1h1").unwrap();
    let fen = play(&fen, "f18e18").unwrap();
    assert!(has(&fen, "h1f1"));
    // Blue: King f18, Kapts d18 g18, Chuktars a18 l18.
    let fen = board(
        12,
        18,
        &[
            ("f18", "k"),
            ("d18", "a"),
            ("l18", "c"),
            ("h1", "K"),
            ("a2", "D'"),
        ],
        "b k 3",
    );
    assert!(has(&fen, "f18d18") && has(&fen, "f18l18"));
    assert!(play(&fen, "f18d18").unwrap().ends_with(" y - 4"));
    // Off the 12 x 18 board there is no Fluttember field.
    assert!(
        legal_moves(&board(
            12,
            12,
            &[("h1", "K"), ("f1", "A"), ("f12", "k")],
            "y K 1"
        ))
        .is_err()
    );
}

#[test]
fn check_by_a_vault() {
    // Yellow King e1 under its own Deldars e2 e3 e4; a Blue Hikdar e5 vaults down over e4 e3
    // e2 onto e1 (the 4th piece): check, though no Hikdar slide reaches e1.
    // Legal replies (every one breaks the line or leaves it):
    // - King: d1 f1 d2 f2 (no Blue move ends there), vault over e2 e3 e4 taking e5, or landing
    //   on e6 past e5: 6;
    // - Deldar e2: f2 d2 c2 f3 d3 c4 f1 d1 (g2, g4 would cross on the 2nd step) and the vault
    //   over e3 e4 e5 to e6: 9;
    // - Deldar e3: f3 d3 c3 f4 d4 c5 f2 d2 c1: 9;
    // - Deldar e4: e5 (takes the Hikdar) f4 d4 c4 f5 d5 c6 f3 d3 c2: 10.
    // A Yellow Jiktar a10 has 10 moves (a11 a12, a9 a8 a7, b10..f10), none of which helps.
    // 6 + 9 + 9 + 10 = 34.
    let fen = poron(&[
        ("e1", "K"),
        ("e2", "D'"),
        ("e3", "D'"),
        ("e4", "D'"),
        ("e5", "h"),
        ("a10", "J"),
        ("l18", "k"),
        ("l17", "d'"),
    ]);
    assert!(in_check(&fen));
    assert_eq!(targets(&fen, "e1"), squares("d1 f1 d2 f2 e5 e6"));
    assert_eq!(targets(&fen, "e2"), squares("f2 d2 c2 f3 d3 c4 f1 d1 e6"));
    assert_eq!(targets(&fen, "e3"), squares("f3 d3 c3 f4 d4 c5 f2 d2 c1"));
    assert_eq!(
        targets(&fen, "e4"),
        squares("e5 f4 d4 c4 f5 d5 c6 f3 d3 c2")
    );
    assert!(moves_from(&fen, "a10").is_empty());
    assert_eq!(moves(&fen).len(), 34);
    // With only two pieces between, no check.
    let fen = poron(&[
        ("e1", "K"),
        ("e2", "D'"),
        ("e3", "D'"),
        ("e5", "h"),
        ("l18", "k"),
        ("l17", "d'"),
    ]);
    assert!(!in_check(&fen));
}

#[test]
fn checkmate_and_stalemate_have_no_moves() {
    // Checkmate: Yellow King a1, checked by the Blue Chuktar a5 down the a-file; the Blue
    // Chuktar b5 covers b1 and b2, a2 stays on the a-file. The Swod l3 cannot help.
    let fen = poron(&[
        ("a1", "K"),
        ("l3", "S'"),
        ("a5", "c"),
        ("b5", "c"),
        ("l18", "k"),
        ("l17", "d'"),
    ]);
    assert!(in_check(&fen));
    assert!(moves(&fen).is_empty());
    assert!(is_game_over(&fen));
    assert_eq!(perft(&fen, 1), 0);
    assert_eq!(perft(&fen, 2), 0);
    // Stalemate: Yellow King a1 not in check, but a2 (Blue Chuktar c4, SW b3 a2), b1 and b2
    // (Blue Chuktar b5) are covered; the Swod h5 is stuck: h6 is occupied and g6, i6 hold Blue
    // Swods propt by the Blue Deldar h7; no line of 3 ahead of it.
    let fen = poron(&[
        ("a1", "K"),
        ("h5", "S'"),
        ("h6", "s'"),
        ("g6", "s'"),
        ("i6", "s'"),
        ("h7", "d'"),
        ("c4", "c"),
        ("b5", "c"),
        ("l18", "k"),
        ("l17", "d'"),
    ]);
    assert!(!in_check(&fen));
    assert!(moves(&fen).is_empty());
    assert!(is_game_over(&fen));
    assert_eq!(perft(&fen, 1), 0);
}

#[test]
fn bare_king_gets_one_reply() {
    // Blue (to move) has only its King l18, in check from the Yellow Chuktar k17 next to it:
    // k18 and l17 are covered by the Chuktar, so the one reply is l18k17, baring Yellow too
    // (a draw). Either way the game ends after the reply: perft 1 = 1, perft 2 = 0.
    let fen = poron(&[("a1", "K"), ("k17", "C"), ("l18", "k")]).replace(" y ", " b ");
    assert!(in_check(&fen));
    assert_eq!(moves(&fen), ["l18k17"]);
    assert!(!is_game_over(&fen));
    assert_eq!(perft(&fen, 2), 0);
    let after = play(&fen, "l18k17").unwrap();
    assert!(is_game_over(&after));
    assert!(moves(&after).is_empty());
    // A bare Blue King not in check: its three steps, then the game is over.
    let fen = poron(&[("a1", "K"), ("a2", "C"), ("l18", "k")]).replace(" y ", " b ");
    assert_eq!(perft(&fen, 1), 3);
    assert_eq!(perft(&fen, 2), 0);
    // The side to move with a bare opponent: over, whatever it has.
    let fen = poron(&[("a1", "K"), ("a2", "C"), ("l18", "k")]);
    assert!(is_game_over(&fen));
    assert_eq!(perft(&fen, 1), 0);
    // Baring the opponent: Yellow's Chuktar takes Blue's last piece; Blue's King then has its
    // reply (k18 l17 k17; none is covered), and after it the game is over.
    let fen = poron(&[("a1", "K"), ("a2", "C"), ("a10", "d'"), ("l18", "k")]);
    let after = play(&fen, "a2a10").unwrap();
    assert_eq!(perft(&after, 1), 3);
    assert_eq!(perft(&after, 2), 0);
    assert_eq!(
        divide(&fen, 2)
            .iter()
            .find(|(m, _)| m == "a2a10")
            .unwrap()
            .1,
        3
    );
    // Both bare: the side not to move is bare, so over.
    let fen = poron(&[("a1", "K"), ("l18", "k")]);
    assert!(is_game_over(&fen));
}
