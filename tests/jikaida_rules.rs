//! The rules of Poron Jikaida (RULINGS.md §3), one test per rule, against the engine's own
//! implementation in `src/jikaida/`.
//!
//! Every test builds a small position by hand (placed piece by piece with [`fen`], which writes
//! the FEN `<placement> <side> <fluttember> <fullmove>`) and asserts the exact list of the
//! targets of the piece concerned, or named moves present and named moves absent, usually next to
//! a control position that differs in one square, so that breaking the rule makes the test fail.
//! A Paktun, Deldar or Swod written without `'` still has its first-move powers; `S'`, `D'`, `N'`
//! have moved. Fronts run between files f|g and between ranks 6|7 and 12|13.
//!
//! Readings the engine chose, tested as stated: vaults ignore fronts (landing square included);
//! the Fluttember right is consumed only by using it; a position whose side not to move is bare is
//! decided; the Deldar's turning double move is 2 squares straight (first step may cross a
//! front), then 1 or 2 in another direction that never crosses a front.

use kaissa::bitboard::{Bitboard, Wide};
use kaissa::geometry::Color;
use kaissa::jikaida::JikaidaPosition;
use kaissa::jikaida::board::Board;
use kaissa::movegen::{DrawReason, Outcome, WinReason};
use kaissa::moves::Move;
use std::sync::{Arc, OnceLock};

type B4 = Wide<4>;
type Pos = JikaidaPosition<B4>;

const START: &str = "cjhapkannhjc/dddddddddddd/ssssssssssss/12/12/12/12/12/12/12/12/12/12/12/12/SSSSSSSSSSSS/DDDDDDDDDDDD/CJHNNAPKAHJC y Kk 1";

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/// The 12 x 18 board, built once.
fn board() -> Arc<Board<B4>> {
    static BOARD: OnceLock<Arc<Board<B4>>> = OnceLock::new();
    BOARD.get_or_init(|| Arc::new(Board::new(12, 18))).clone()
}

/// File and rank (from 0) of a square name such as `c3` or `l18`.
fn square(s: &str) -> (usize, usize) {
    let file = (s.as_bytes()[0] - b'a') as usize;
    let rank: usize = s[1..].parse().expect("a rank number");
    (file, rank - 1)
}

/// The placement of a `files` x `ranks` board holding `pieces` (FEN letter with an optional
/// `'`, square).
fn placement_of(files: usize, ranks: usize, pieces: &[(&str, &str)]) -> String {
    let mut grid: Vec<Vec<Option<&str>>> = vec![vec![None; files]; ranks];
    for &(p, sq) in pieces {
        let (f, r) = square(sq);
        assert!(grid[r][f].is_none(), "two pieces on {sq}");
        grid[r][f] = Some(p);
    }
    let mut rows = Vec::new();
    for r in (0..ranks).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for cell in &grid[r] {
            match cell {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push_str(p);
                }
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    rows.join("/")
}

/// A 12 x 18 FEN: `pieces`, `side` to move (`y`/`b`), no Fluttember right, move 1.
fn fen(pieces: &[(&str, &str)], side: &str) -> String {
    fen_flutter(pieces, side, "-")
}

/// A 12 x 18 FEN with a Fluttember field.
fn fen_flutter(pieces: &[(&str, &str)], side: &str, flutter: &str) -> String {
    format!("{} {side} {flutter} 1", placement_of(12, 18, pieces))
}

/// Reads a FEN the test expects to be legal.
fn pos(fen: &str) -> Pos {
    Pos::from_fen(board(), fen).unwrap_or_else(|e| panic!("FEN {fen} refused: {e}"))
}

/// The cell of a square name.
fn cell(s: &str) -> usize {
    let (f, r) = square(s);
    r * 12 + f
}

/// The legal moves of a position as sorted text.
fn list(p: &Pos) -> Vec<String> {
    let mut v = Vec::new();
    p.generate(&mut v);
    let mut out: Vec<String> = v.into_iter().map(|m| p.move_text(m)).collect();
    out.sort();
    out
}

/// The legal moves of a FEN as sorted text, which must also be the moves the search plays
/// (those of the pseudo-legal generator that `try_make` accepts: the Fluttember's attack tests,
/// for one, are left to `try_make`).
#[track_caller]
fn moves(fen: &str) -> Vec<String> {
    let mut p = pos(fen);
    let legal = list(&p);
    assert_eq!(
        accepted(&mut p, false),
        legal,
        "the search's moves in {fen}"
    );
    legal
}

/// A move's start square and the rest (target and promotion letter).
fn split(mv: &str) -> (&str, &str) {
    let digits = mv[1..].bytes().take_while(|b| b.is_ascii_digit()).count();
    mv.split_at(1 + digits)
}

/// The targets (with promotion letters) of the legal moves from `from`, sorted.
fn targets(fen: &str, from: &str) -> Vec<String> {
    let mut out: Vec<String> = moves(fen)
        .iter()
        .filter(|m| split(m).0 == from)
        .map(|m| split(m).1.to_string())
        .collect();
    out.sort();
    out
}

/// A sorted list of texts.
fn set(ms: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = ms.iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

/// Asserts the exact targets of the piece on `from`.
#[track_caller]
fn assert_targets(fen: &str, from: &str, expected: &[&str]) {
    assert_eq!(
        targets(fen, from),
        set(expected),
        "targets of {from} in {fen}"
    );
}

/// Asserts that the moves `present` are legal and the moves `absent` are not.
#[track_caller]
fn assert_moves(fen: &str, present: &[&str], absent: &[&str]) {
    let all = moves(fen);
    for m in present {
        assert!(
            all.iter().any(|x| x == m),
            "{m} should be legal in {fen}; moves: {all:?}"
        );
    }
    for m in absent {
        assert!(
            !all.iter().any(|x| x == m),
            "{m} should not be legal in {fen}"
        );
    }
}

/// Asserts named moves present in and absent from a move list.
#[track_caller]
fn assert_moves_in(all: &[String], present: &[&str], absent: &[&str]) {
    for m in present {
        assert!(all.iter().any(|x| x == m), "{m} missing from {all:?}");
    }
    for m in absent {
        assert!(!all.iter().any(|x| x == m), "{m} should not be in {all:?}");
    }
}

/// Plays moves (each must be legal) from a FEN; checks the incremental key on the way.
fn play(fen: &str, ms: &[&str]) -> Pos {
    let mut p = pos(fen);
    for m in ms {
        let mv = p
            .parse_move(m)
            .unwrap_or_else(|e| panic!("{m} refused in {}: {e}", p.to_fen()));
        p.make(mv);
        assert_eq!(p.key(), p.recompute_key(), "key after {m}");
    }
    p
}

/// True when the side to move's King is capturable.
fn in_check(fen: &str) -> bool {
    pos(fen).in_check()
}

/// The King squares and a spare Blue piece most positions use: Yellow King on l1, Blue King on
/// l18 with a Deldar beside it (so that Blue is never bare).
const KINGS: [(&str, &str); 3] = [("K", "l1"), ("k", "l18"), ("d'", "k18")];

/// `KINGS` plus `extra`.
fn with_kings<'a>(extra: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let mut v: Vec<(&str, &str)> = KINGS.to_vec();
    v.extend_from_slice(extra);
    v
}

/// A FEN with `KINGS`, `extra`, Yellow to move.
fn yfen(extra: &[(&str, &str)]) -> String {
    fen(&with_kings(extra), "y")
}

// ---------------------------------------------------------------------------------------------
// §3.1 Pieces
// ---------------------------------------------------------------------------------------------

#[test]
fn king_steps_one_square_and_crosses_fronts_freely() {
    // King on f6, the corner of four drins: all eight neighbours.
    let f = fen(&[("K", "f6"), ("k", "l18"), ("d'", "k18")], "y");
    assert_targets(&f, "f6", &["e5", "e6", "e7", "f5", "f7", "g5", "g6", "g7"]);
}

#[test]
fn paktun_leaps_as_a_knight_across_fronts() {
    let f = yfen(&[("N'", "f6")]);
    assert_targets(&f, "f6", &["d5", "d7", "e4", "e8", "g4", "g8", "h5", "h7"]);
}

#[test]
fn chuktar_and_kapt_slide_as_queens_crossing_one_front_keeping_direction() {
    // Chuktar on c3: north across the 6|7 front up to c12 (not across 12|13), east across f|g
    // to l3, north-east through the interior corner f6/g7 to l12.
    let f = yfen(&[("C", "c3")]);
    assert_targets(
        &f,
        "c3",
        &[
            "c4", "c5", "c6", "c7", "c8", "c9", "c10", "c11", "c12", "c2", "c1", "d3", "e3", "f3",
            "g3", "h3", "i3", "j3", "k3", "l3", "b3", "a3", "d4", "e5", "f6", "g7", "h8", "i9",
            "j10", "k11", "l12", "b4", "a5", "d2", "e1", "b2", "a1",
        ],
    );
    // Chuktar on a5: north-east crosses 6|7 at b6/c7 and stops at f10 before the f|g front.
    let chuktar_a5 = [
        "a6", "a7", "a8", "a9", "a10", "a11", "a12", "a4", "a3", "a2", "a1", "b5", "c5", "d5",
        "e5", "f5", "g5", "h5", "i5", "j5", "k5", "l5", "b6", "c7", "d8", "e9", "f10", "b4", "c3",
        "d2", "e1",
    ];
    assert_targets(&yfen(&[("C", "a5")]), "a5", &chuktar_a5);
    // The Kapt slides the same and adds the knight's leaps (b7 across the front).
    let mut kapt_a5 = chuktar_a5.to_vec();
    kapt_a5.extend(["b7", "c6", "c4", "b3"]);
    assert_targets(&yfen(&[("A", "a5")]), "a5", &kapt_a5);
}

#[test]
fn jiktar_stops_at_front_unless_first_step() {
    // c3: stops at c6 and f3.
    assert_targets(
        &yfen(&[("J", "c3")]),
        "c3",
        &["c4", "c5", "c6", "c2", "c1", "d3", "e3", "f3", "b3", "a3"],
    );
    // f6, next to two fronts: crosses each on the first step and runs to the next front.
    assert_targets(
        &yfen(&[("J", "f6")]),
        "f6",
        &[
            "f7", "f8", "f9", "f10", "f11", "f12", "f5", "f4", "f3", "f2", "f1", "g6", "h6", "i6",
            "j6", "k6", "l6", "e6", "d6", "c6", "b6", "a6",
        ],
    );
}

#[test]
fn hikdar_stops_at_front_unless_first_step() {
    // c3: stops at f6, the interior corner.
    assert_targets(
        &yfen(&[("H", "c3")]),
        "c3",
        &["d4", "e5", "f6", "b4", "a5", "d2", "e1", "b2", "a1"],
    );
    // f6: crosses on the first step in every direction (g7 through the interior corner).
    assert_targets(
        &yfen(&[("H", "f6")]),
        "f6",
        &[
            "g7", "h8", "i9", "j10", "k11", "l12", "e7", "d8", "c9", "b10", "a11", "g5", "h4",
            "i3", "j2", "k1", "e5", "d4", "c3", "b2", "a1",
        ],
    );
}

#[test]
fn kapt_is_queen_and_knight_and_never_takes_friends() {
    // Kapt b2; friends on b4 (slide) and d3 (leap); an enemy Jiktar on d2.
    let f = yfen(&[("A", "b2"), ("D'", "b4"), ("S'", "d3"), ("j", "d2")]);
    assert_targets(
        &f,
        "b2",
        &[
            "b3", "b1", "c2", "d2", "a2", "c3", "d4", "e5", "f6", "g7", "h8", "i9", "j10", "k11",
            "l12", "a3", "c1", "a1", "a4", "c4", "d1",
        ],
    );
}

#[test]
fn pallan_is_a_kapt_that_may_take_friends_but_never_a_king() {
    // Pallan a1 with a friendly Deldar on b1 and its own King on b2.
    let f = fen(
        &[
            ("P", "a1"),
            ("D'", "b1"),
            ("K", "b2"),
            ("k", "l18"),
            ("d'", "k18"),
        ],
        "y",
    );
    assert_moves(&f, &["a1b1", "a1a2", "a1b3", "a1c2"], &["a1b2"]);
    // The Kapt in its place takes no friend.
    let g = fen(
        &[
            ("A", "a1"),
            ("D'", "b1"),
            ("K", "b2"),
            ("k", "l18"),
            ("d'", "k18"),
        ],
        "y",
    );
    assert_moves(&g, &["a1a2", "a1b3", "a1c2"], &["a1b1", "a1b2"]);
}

#[test]
fn deldar_middle_square_must_be_empty() {
    // Deldar c3 (moved): a friend on c4 blocks c5; an enemy on d4 is taken and blocks e5.
    let f = yfen(&[("D'", "c3"), ("S'", "c4"), ("s'", "d4")]);
    assert_targets(
        &f,
        "c3",
        &[
            "d4", "d3", "e3", "d2", "e1", "c2", "c1", "b2", "a1", "b3", "a3", "b4", "a5",
        ],
    );
    // Control: c4 empty, so c4 and c5 open.
    let g = yfen(&[("D'", "c3"), ("s'", "d4")]);
    assert_targets(
        &g,
        "c3",
        &[
            "c4", "c5", "d4", "d3", "e3", "d2", "e1", "c2", "c1", "b2", "a1", "b3", "a3", "b4",
            "a5",
        ],
    );
}

#[test]
fn swod_steps_forward_and_captures_only_diagonally_forward() {
    // Yellow Swod c4 (moved): an enemy straight ahead on c5 blocks it and cannot be taken; the
    // enemy on d5 can; b5 is a plain diagonal step. Nothing backwards or sideways.
    let f = yfen(&[("S'", "c4"), ("d'", "c5"), ("d'", "d5")]);
    assert_targets(&f, "c4", &["b5", "d5"]);
    let g = yfen(&[("S'", "c4"), ("d'", "d5")]);
    assert_targets(&g, "c4", &["b5", "c5", "d5"]);
    // A Blue Swod goes south.
    let h = fen(&with_kings(&[("s'", "c15"), ("D'", "b14")]), "b");
    assert_targets(&h, "c15", &["b14", "c14", "d14"]);
}

// ---------------------------------------------------------------------------------------------
// §3.1 First moves
// ---------------------------------------------------------------------------------------------

#[test]
fn paktun_first_move_two_leaps_the_first_onto_an_empty_square() {
    // Unmoved Paktun on a1: b3 and c2, then a second leap from each.
    assert_targets(
        &yfen(&[("N", "a1")]),
        "a1",
        &[
            "b3", "c2", "a3", "b4", "d4", "e1", "e3", "a5", "c1", "c5", "d2",
        ],
    );
    // A friend on b3: no leap through it (the first leap must land on an empty square).
    assert_targets(
        &yfen(&[("N", "a1"), ("D'", "b3")]),
        "a1",
        &["c2", "a3", "b4", "d4", "e1", "e3"],
    );
    // Moved: one leap.
    assert_targets(&yfen(&[("N'", "a1")]), "a1", &["b3", "c2"]);
}

#[test]
fn deldar_first_move_goes_four_straight_or_turns_after_the_second_square() {
    // Unmoved Deldar on a1: 1-4 squares straight, or 2 then 1-2 in a new direction. Not b5,
    // d5, e2, e4 (they need a turn after one or three squares).
    assert_targets(
        &yfen(&[("D", "a1")]),
        "a1",
        &[
            "a2", "a3", "a4", "a5", "b1", "b2", "b3", "b4", "c1", "c2", "c3", "c4", "c5", "d1",
            "d2", "d3", "d4", "e1", "e3", "e5",
        ],
    );
    // Moved: one or two squares.
    assert_targets(
        &yfen(&[("D'", "a1")]),
        "a1",
        &["a2", "a3", "b1", "c1", "b2", "c3"],
    );
}

#[test]
fn swod_first_move_goes_one_to_three_squares_capturing_only_diagonally() {
    // Unmoved Swod c3; enemies on c5 (straight: never taken, blocks) and e5 (diagonal: taken,
    // ends the move so f6 is out).
    let f = yfen(&[("S", "c3"), ("d'", "c5"), ("d'", "e5")]);
    assert_targets(&f, "c3", &["c4", "d4", "e5", "b4", "a5"]);
    // Open board: three squares in each forward direction.
    assert_targets(
        &yfen(&[("S", "c3")]),
        "c3",
        &["c4", "c5", "c6", "d4", "e5", "f6", "b4", "a5"],
    );
    // Moved: one square.
    let g = yfen(&[("S'", "c3"), ("d'", "c5"), ("d'", "e5")]);
    assert_targets(&g, "c3", &["b4", "c4", "d4"]);
}

#[test]
fn capture_ends_a_first_move() {
    // Paktun: taking on b3 ends the move (no second leap from b3: a5, c1, c5, d2 are out).
    assert_targets(
        &yfen(&[("N", "a1"), ("d'", "b3")]),
        "a1",
        &["b3", "c2", "a3", "b4", "d4", "e1", "e3"],
    );
    // Deldar: taking on a3 ends the move (a4 only straight on through a3).
    let f = yfen(&[("D", "a1"), ("d'", "a3")]);
    assert_moves(&f, &["a1a3", "a1a2", "a1a5", "a1c5"], &["a1a4"]);
    // Swod: taking on d4 ends the move (e5, f6 are out).
    assert_targets(
        &yfen(&[("S", "c3"), ("d'", "d4")]),
        "c3",
        &["c4", "c5", "c6", "d4", "b4", "a5"],
    );
}

#[test]
fn no_move_ends_on_its_start_square() {
    // Unmoved Paktuns, Deldars and Swods in the open, and the start position.
    let f = yfen(&[
        ("N", "c3"),
        ("D", "h3"),
        ("S", "e8"),
        ("N", "h9"),
        ("D", "c10"),
    ]);
    for fen in [f.as_str(), START] {
        for m in moves(fen) {
            let (from, to) = split(&m);
            assert_ne!(from, to, "{m} in {fen}");
        }
    }
    // The Paktun's leap back to a1 and the Deldar's reversal are not listed.
    assert!(!targets(&yfen(&[("N", "a1")]), "a1").contains(&"a1".to_string()));
    assert!(!targets(&yfen(&[("D", "a1")]), "a1").contains(&"a1".to_string()));
}

#[test]
fn promoted_piece_counts_as_having_moved() {
    let f = yfen(&[("S'", "c17")]);
    for (mv, letter) in [("c17c18n", "N'"), ("c17c18d", "D'")] {
        let p = play(&f, &[mv]);
        assert!(!p.is_unmoved(cell("c18")), "{mv}");
        let row18 = p.to_fen().split('/').next().unwrap().to_string();
        assert_eq!(row18, format!("2{letter}7d'k"), "{mv}");
    }
    // The promoted Paktun, Yellow to move again, has only single leaps.
    let p = play(&f, &["c17c18n", "k18k17"]);
    assert_eq!(list_from(&p, "c18"), set(&["a17", "b16", "d16", "e17"]));
}

/// The targets of the legal moves from `from` in `p`.
fn list_from(p: &Pos, from: &str) -> Vec<String> {
    let mut out: Vec<String> = list(p)
        .iter()
        .filter(|m| split(m).0 == from)
        .map(|m| split(m).1.to_string())
        .collect();
    out.sort();
    out
}

// ---------------------------------------------------------------------------------------------
// §3.1 Fronts
// ---------------------------------------------------------------------------------------------

#[test]
fn deldar_crosses_front_only_on_first_step() {
    // c5: the 6|7 front stops both c6-c7 and d6-e7 on the second step.
    assert_targets(
        &yfen(&[("D'", "c5")]),
        "c5",
        &[
            "c6", "d6", "d5", "e5", "d4", "e3", "c4", "c3", "b4", "a3", "b5", "a5", "b6",
        ],
    );
    // c6: next to the front, crosses on the first step.
    assert_targets(
        &yfen(&[("D'", "c6")]),
        "c6",
        &[
            "c7", "c8", "d7", "e8", "d6", "e6", "d5", "e4", "c5", "c4", "b5", "a4", "b6", "a6",
            "b7", "a8",
        ],
    );
}

#[test]
fn deldar_double_move_crosses_only_on_its_first_step() {
    // Unmoved Deldar a5: nothing across the 6|7 front (a6 then a7 would cross on step 2).
    assert_targets(
        &yfen(&[("D", "a5")]),
        "a5",
        &[
            "a1", "a2", "a3", "a4", "a6", "b2", "b3", "b4", "b5", "b6", "c1", "c2", "c3", "c4",
            "c5", "c6", "d2", "d3", "d4", "d5", "d6", "e1", "e3", "e5",
        ],
    );
    // Unmoved Deldar a4: two straight to a6, but the turn may not cross (no b7), nor a later step.
    let f = yfen(&[("D", "a4")]);
    assert_moves(
        &f,
        &["a4a5", "a4a6", "a4b6", "a4c6"],
        &["a4a7", "a4b7", "a4c7", "a4d7"],
    );
    // Unmoved Deldar a6: crosses on the first step and goes on four squares.
    let g = yfen(&[("D", "a6")]);
    assert_moves(
        &g,
        &["a6a7", "a6a8", "a6a9", "a6a10", "a6b7", "a6c8"],
        &["a6a11"],
    );
}

#[test]
fn swod_crosses_front_only_on_first_step() {
    // Unmoved Swod c5: one square each way (the second step would cross).
    assert_targets(&yfen(&[("S", "c5")]), "c5", &["b6", "c6", "d6"]);
    // Unmoved Swod c6: crosses on the first step, then up to three squares.
    assert_targets(
        &yfen(&[("S", "c6")]),
        "c6",
        &["c7", "c8", "c9", "b7", "a8", "d7", "e8", "f9"],
    );
    // A moved Swod next to the front crosses it.
    assert_targets(&yfen(&[("S'", "f6")]), "f6", &["e7", "f7", "g7"]);
}

#[test]
fn diagonal_through_interior_corner_counts_as_one_crossing() {
    // Chuktar e5: through f6/g7 and on to l12 (one crossing).
    let f = yfen(&[("C", "e5")]);
    assert_moves(&f, &["e5f6", "e5g7", "e5l12"], &[]);
    // Deldar f6 (moved) crosses the corner on its first step; d4 does not reach g7.
    assert_moves(&yfen(&[("D'", "f6")]), &["f6g7", "f6h8"], &[]);
    assert_moves(&yfen(&[("D'", "e5")]), &["e5f6"], &["e5g7"]);
    // Unmoved Swod f6: g7, h8, i9.
    assert_targets(
        &yfen(&[("S", "f6")]),
        "f6",
        &["f7", "f8", "f9", "e7", "d8", "c9", "g7", "h8", "i9"],
    );
}

// ---------------------------------------------------------------------------------------------
// §3.1 The Pallan's refraction
// ---------------------------------------------------------------------------------------------

#[test]
fn pallan_refracts_at_front() {
    // Pallan a1, friends on b1 and b2: north to a6, then straight on across 6|7 to a12, or
    // turned north-east at a6 (b7 .. f11, stopped by the f|g front: one crossing).
    let f = yfen(&[("P", "a1"), ("D'", "b1"), ("D'", "b2")]);
    assert_targets(
        &f,
        "a1",
        &[
            "b1", "b2", "b3", "c2", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9", "a10", "a11",
            "a12", "b7", "c8", "d9", "e10", "f11",
        ],
    );
    // The Kapt does not refract nor take friends.
    let g = yfen(&[("A", "a1"), ("D'", "b1"), ("D'", "b2")]);
    assert_targets(
        &g,
        "a1",
        &[
            "b3", "c2", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9", "a10", "a11", "a12",
        ],
    );
}

#[test]
fn pallan_refraction_through_interior_corner() {
    // Pallan a1, friends on a2 and b1: north-east to f6, then straight through the corner
    // (g7 .. l12), or turned north (f7 .. f12) or east (g6 .. l6), each one crossing.
    let f = yfen(&[("P", "a1"), ("D'", "a2"), ("D'", "b1")]);
    assert_targets(
        &f,
        "a1",
        &[
            "a2", "b1", "b3", "c2", "b2", "c3", "d4", "e5", "f6", "g7", "h8", "i9", "j10", "k11",
            "l12", "f7", "f8", "f9", "f10", "f11", "f12", "g6", "h6", "i6", "j6", "k6", "l6",
        ],
    );
}

#[test]
fn pallan_bend_along_front_keeps_its_crossing() {
    // Pallan b1, friends on a2, b2, c1: north-east to f5. Straight on across f|g to g6 (h7
    // would cross 6|7, a second front); turned east across f|g (g5 .. l5); or turned north
    // along the front (f6), which crosses nothing, so it may still cross 6|7 straight on
    // (f7 .. f12). No second bend at f6 (no e7, g7).
    let f = yfen(&[("P", "b1"), ("D'", "a2"), ("D'", "b2"), ("D'", "c1")]);
    assert_targets(
        &f,
        "b1",
        &[
            "a1", "a2", "b2", "c1", "a3", "c3", "d2", "c2", "d3", "e4", "f5", "g6", "g5", "h5",
            "i5", "j5", "k5", "l5", "f6", "f7", "f8", "f9", "f10", "f11", "f12",
        ],
    );
}

#[test]
fn pallan_sliding_along_front_is_not_arriving_at_it() {
    // Pallan f1, friends on e1, e2, g1, g2: it slides north along the f|g front without
    // turning (no e3 .. e6 or g4 .. g6); at f6 it arrives at 6|7 and may turn to e7 or g7.
    let f = yfen(&[
        ("P", "f1"),
        ("D'", "e1"),
        ("D'", "e2"),
        ("D'", "g1"),
        ("D'", "g2"),
    ]);
    assert_targets(
        &f,
        "f1",
        &[
            "e1", "e2", "g1", "g2", "d2", "e3", "g3", "h2", "f2", "f3", "f4", "f5", "f6", "f7",
            "f8", "f9", "f10", "f11", "f12", "e7", "d8", "c9", "b10", "a11", "g7", "h8", "i9",
            "j10", "k11", "l12",
        ],
    );
}

#[test]
fn pallan_captures_after_the_bend() {
    // As in pallan_refracts_at_front with an enemy on c8: taken, and the bent slide ends there.
    let f = yfen(&[("P", "a1"), ("D'", "b1"), ("D'", "b2"), ("d'", "c8")]);
    assert_moves(&f, &["a1b7", "a1c8", "a1a12"], &["a1d9", "a1e10", "a1f11"]);
}

// ---------------------------------------------------------------------------------------------
// §3.1 Vaults
// ---------------------------------------------------------------------------------------------

#[test]
fn vault_needs_three_pieces_and_lands_on_first_gap() {
    // Jiktar c1 next to c2, c3, c4 (mixed colours): lands on c5, not beyond (c6 holds a piece,
    // c7 is past it).
    let f = yfen(&[
        ("J", "c1"),
        ("S'", "c2"),
        ("s'", "c3"),
        ("D'", "c4"),
        ("D'", "c6"),
    ]);
    assert_targets(&f, "c1", &["a1", "b1", "d1", "e1", "f1", "c5"]);
    // Two pieces only: no vault.
    let g = yfen(&[("J", "c1"), ("S'", "c2"), ("s'", "c3"), ("D'", "c6")]);
    assert_targets(&g, "c1", &["a1", "b1", "d1", "e1", "f1"]);
}

#[test]
fn vault_captures_only_after_three_pieces() {
    // Jiktar c1; c2 friend, c3 c4 c5 enemies, c6 empty: c5 may be taken (three passed), not c3
    // or c4; or land on c6.
    let f = yfen(&[
        ("J", "c1"),
        ("S'", "c2"),
        ("d'", "c3"),
        ("d'", "c4"),
        ("d'", "c5"),
    ]);
    assert_targets(&f, "c1", &["a1", "b1", "d1", "e1", "f1", "c5", "c6"]);
}

#[test]
fn vault_without_landing_square_can_only_capture() {
    // Jiktar a13; a14 a15 friends, a16 a17 a18 enemies up to the edge: takes a17 or a18.
    let f = fen(
        &[
            ("J", "a13"),
            ("S'", "a14"),
            ("D'", "a15"),
            ("s'", "a16"),
            ("d'", "a17"),
            ("c", "a18"),
            ("K", "l1"),
            ("k", "l18"),
        ],
        "y",
    );
    let plain = [
        "b13", "c13", "d13", "e13", "f13", "a12", "a11", "a10", "a9", "a8", "a7",
    ];
    let mut with_captures = plain.to_vec();
    with_captures.extend(["a17", "a18"]);
    assert_targets(&f, "a13", &with_captures);
    // Friends at the far end: nothing to take and nowhere to land.
    let g = fen(
        &[
            ("J", "a13"),
            ("S'", "a14"),
            ("D'", "a15"),
            ("s'", "a16"),
            ("D'", "a17"),
            ("D'", "a18"),
            ("K", "l1"),
            ("k", "l18"),
        ],
        "y",
    );
    assert_targets(&g, "a13", &plain);
}

#[test]
fn vault_line_may_hold_both_colours_and_kings() {
    // Yellow King in the line.
    let f = fen(
        &[
            ("J", "c1"),
            ("K", "c2"),
            ("s'", "c3"),
            ("S'", "c4"),
            ("k", "l18"),
            ("d'", "k18"),
        ],
        "y",
    );
    assert_moves(&f, &["c1c5"], &[]);
    // Blue King in the line.
    let g = fen(
        &[
            ("J", "c1"),
            ("S'", "c2"),
            ("k", "c3"),
            ("S'", "c4"),
            ("K", "l1"),
            ("d'", "k18"),
        ],
        "y",
    );
    assert_moves(&g, &["c1c5"], &[]);
}

#[test]
fn vault_starts_next_to_the_line_and_in_line_with_it() {
    // A gap between the Jiktar and the line: no vault (c6 out).
    let f = yfen(&[("J", "c1"), ("S'", "c3"), ("S'", "c4"), ("S'", "c5")]);
    assert_targets(&f, "c1", &["a1", "b1", "c2", "d1", "e1", "f1"]);
    // A diagonal line from c1 (d2 e3 f4): the Jiktar vaults along it to g5.
    let g = yfen(&[("J", "c1"), ("S'", "d2"), ("S'", "e3"), ("S'", "f4")]);
    assert_targets(
        &g,
        "c1",
        &[
            "a1", "b1", "c2", "c3", "c4", "c5", "c6", "d1", "e1", "f1", "g5",
        ],
    );
    // A line whose end touches c1 diagonally but runs north (d2 d3 d4): not in line, no vault.
    let h = yfen(&[("J", "c1"), ("S'", "d2"), ("S'", "d3"), ("S'", "d4")]);
    assert_targets(
        &h,
        "c1",
        &["a1", "b1", "c2", "c3", "c4", "c5", "c6", "d1", "e1", "f1"],
    );
}

#[test]
fn vaults_ignore_fronts() {
    // Jiktar c5 over c6 c7 c8 (across 6|7) to c9.
    let f = yfen(&[("J", "c5"), ("S'", "c6"), ("s'", "c7"), ("S'", "c8")]);
    assert_targets(
        &f,
        "c5",
        &["c4", "c3", "c2", "c1", "d5", "e5", "f5", "b5", "a5", "c9"],
    );
    // Jiktar c3 over c4 c5 c6: lands on c7, across the front.
    assert_moves(
        &yfen(&[("J", "c3"), ("S'", "c4"), ("S'", "c5"), ("S'", "c6")]),
        &["c3c7"],
        &[],
    );
    // Hikdar c3 over d4 e5 f6: lands on g7, through the interior corner.
    assert_moves(
        &yfen(&[("H", "c3"), ("S'", "d4"), ("S'", "e5"), ("S'", "f6")]),
        &["c3g7"],
        &[],
    );
}

#[test]
fn swod_vaults_forward_only() {
    // Swod c5 among lines of three friends north (to c9), north-east (to g9), south (c1), east
    // (g5) and south-east (g1): only the forward vaults.
    let lines = [
        ("D'", "c6"),
        ("D'", "c7"),
        ("D'", "c8"),
        ("D'", "d6"),
        ("D'", "e7"),
        ("D'", "f8"),
        ("D'", "c4"),
        ("D'", "c3"),
        ("D'", "c2"),
        ("D'", "d5"),
        ("D'", "e5"),
        ("D'", "f5"),
        ("D'", "d4"),
        ("D'", "e3"),
        ("D'", "f2"),
    ];
    let mut pieces = lines.to_vec();
    pieces.push(("S'", "c5"));
    assert_targets(&yfen(&pieces), "c5", &["b6", "c9", "g9"]);
    // Control: a Deldar on c5 vaults all five ways.
    let mut pieces = lines.to_vec();
    pieces.push(("D'", "c5"));
    assert_moves(
        &yfen(&pieces),
        &["c5c9", "c5g9", "c5c1", "c5g5", "c5g1"],
        &[],
    );
}

#[test]
fn swod_captures_at_the_end_of_a_straight_ahead_vault() {
    // Swod c5 over c6 c7 c8: takes the enemy on c9, or lands on c10.
    let f = yfen(&[
        ("S'", "c5"),
        ("D'", "c6"),
        ("D'", "c7"),
        ("D'", "c8"),
        ("d'", "c9"),
    ]);
    assert_targets(&f, "c5", &["b6", "d6", "c9", "c10"]);
}

#[test]
fn king_may_vault() {
    let f = fen(
        &[
            ("K", "c1"),
            ("D'", "c2"),
            ("D'", "c3"),
            ("D'", "c4"),
            ("k", "l18"),
            ("d'", "k18"),
        ],
        "y",
    );
    assert_targets(&f, "c1", &["b1", "b2", "d1", "d2", "c5"]);
    let g = fen(
        &[
            ("K", "c1"),
            ("D'", "c2"),
            ("D'", "c3"),
            ("k", "l18"),
            ("d'", "k18"),
        ],
        "y",
    );
    assert_targets(&g, "c1", &["b1", "b2", "d1", "d2"]);
}

#[test]
fn pallan_vault_takes_friends_but_never_a_king() {
    // Pallan c1 over c2 c3 c4: may take the friend on c5, or land on c6.
    let f = yfen(&[
        ("P", "c1"),
        ("D'", "c2"),
        ("D'", "c3"),
        ("D'", "c4"),
        ("D'", "c5"),
    ]);
    assert_moves(&f, &["c1c5", "c1c6"], &[]);
    // Its own King on c5 is not taken.
    let g = fen(
        &[
            ("P", "c1"),
            ("D'", "c2"),
            ("D'", "c3"),
            ("D'", "c4"),
            ("K", "c5"),
            ("k", "l18"),
            ("d'", "k18"),
        ],
        "y",
    );
    assert_moves(&g, &["c1c6"], &["c1c5"]);
    // A Jiktar takes no friend by vault.
    let h = yfen(&[
        ("J", "c1"),
        ("D'", "c2"),
        ("D'", "c3"),
        ("D'", "c4"),
        ("D'", "c5"),
    ]);
    assert_moves(&h, &["c1c6"], &["c1c5"]);
}

// ---------------------------------------------------------------------------------------------
// §3.1 The Pallan's bent vault and move-then-vault
// ---------------------------------------------------------------------------------------------

/// The Pallan boxed in on a1 by friends on a2, a3, b1, b2 (a3 makes a2-a3 a two-piece leg).
const BOX: [(&str, &str); 5] = [
    ("P", "a1"),
    ("D'", "a2"),
    ("D'", "a3"),
    ("D'", "b1"),
    ("D'", "b2"),
];

fn boxed(extra: &[(&str, &str)]) -> String {
    let mut v = BOX.to_vec();
    v.extend_from_slice(extra);
    yfen(&v)
}

#[test]
fn pallan_bent_vault_turns_by_45_90_or_135_degrees() {
    // a2 a3 then turned at a3: 135° over b2 to c1. Nothing else (b4 would need a piece after
    // the corner).
    assert_targets(&boxed(&[]), "a1", &["a2", "b1", "b2", "b3", "c2", "c1"]);
    // Adding b3 (enemy) and b4 (friend): 90° over b3 to c3, 45° over b4 to c5.
    assert_targets(
        &boxed(&[("d'", "b3"), ("D'", "b4")]),
        "a1",
        &["a2", "b1", "b2", "b3", "c2", "c1", "c3", "c5"],
    );
    // The Kapt does not bend.
    let mut kapt = BOX.to_vec();
    kapt[0] = ("A", "a1");
    kapt.extend([("d'", "b3"), ("D'", "b4")]);
    assert_targets(&yfen(&kapt), "a1", &["b3", "c2"]);
}

#[test]
fn bent_vault_captures_only_after_three_pieces() {
    // a2 a3, turned at a3 north-east: b4 (enemy, two passed: not taken), c5 (enemy, three
    // passed: taken), d6 landing.
    assert_targets(
        &boxed(&[("d'", "b4"), ("d'", "c5")]),
        "a1",
        &["a2", "b1", "b2", "b3", "c2", "c1", "c5", "d6"],
    );
}

#[test]
fn bent_vault_may_turn_where_the_line_goes_on_straight() {
    // a2 a3 a4 straight to a5; turned at a3 (where the line goes on) over b4 to c5; turned at
    // a4 onto the friend b4 (three passed: the Pallan may take it) or over it to c4.
    assert_targets(
        &boxed(&[("D'", "a4"), ("D'", "b4")]),
        "a1",
        &["a2", "b1", "b2", "b3", "c2", "c1", "a5", "c5", "b4", "c4"],
    );
}

#[test]
fn pallan_move_then_vault() {
    // Pallan a1 (friends a2, b2, f1) slides to e1 and vaults over e2 e3 e4 to e5.
    let f = yfen(&[
        ("P", "a1"),
        ("D'", "a2"),
        ("D'", "b2"),
        ("D'", "f1"),
        ("S'", "e2"),
        ("s'", "e3"),
        ("S'", "e4"),
    ]);
    assert_targets(
        &f,
        "a1",
        &["a2", "b1", "b2", "b3", "c1", "c2", "d1", "e1", "e5", "f1"],
    );
    // The Kapt cannot.
    let g = yfen(&[
        ("A", "a1"),
        ("D'", "a2"),
        ("D'", "b2"),
        ("D'", "f1"),
        ("S'", "e2"),
        ("s'", "e3"),
        ("S'", "e4"),
    ]);
    assert_targets(&g, "a1", &["b1", "b3", "c1", "c2", "d1", "e1"]);
}

#[test]
fn move_then_vault_leaves_the_start_square_empty() {
    // Pallan a3 under a4 a5: sliding to a2 and vaulting north would need a3 in the line.
    let f = yfen(&[("P", "a3"), ("D'", "a4"), ("D'", "a5")]);
    assert_moves(&f, &["a3a2", "a3a4"], &["a3a6"]);
    // Control: a third piece really on a3, Pallan on a1: slide to a2, vault to a6.
    let g = yfen(&[("P", "a1"), ("D'", "a3"), ("D'", "a4"), ("D'", "a5")]);
    assert_moves(&g, &["a1a2", "a1a6"], &[]);
}

#[test]
fn move_then_vault_may_not_begin_across_a_front() {
    // Pallan a1 slides to a6; the line a7 a8 a9 lies across the front: no vault to a10.
    let f = yfen(&[("P", "a1"), ("D'", "a7"), ("D'", "a8"), ("D'", "a9")]);
    assert_moves(&f, &["a1a6", "a1a7"], &["a1a10"]);
    // A Pallan already on a6 vaults across the front (an ordinary vault).
    let g = yfen(&[("P", "a6"), ("D'", "a7"), ("D'", "a8"), ("D'", "a9")]);
    assert_moves(&g, &["a6a10"], &[]);
}

#[test]
fn move_then_vault_starts_with_a_plain_slide() {
    // Pallan a1; line c3 (enemy) d3 e3 f3. Leaping to b3 and vaulting to g3, or taking c3 and
    // vaulting on, are not allowed.
    let line = [("d'", "c3"), ("D'", "d3"), ("D'", "e3"), ("D'", "f3")];
    let mut v = line.to_vec();
    v.push(("P", "a1"));
    assert_moves(&yfen(&v), &["a1c3", "a1b3"], &["a1g3"]);
    // Control: from a3 it slides to b3 and vaults to g3.
    let mut v = line.to_vec();
    v.push(("P", "a3"));
    assert_moves(&yfen(&v), &["a3b3", "a3g3"], &[]);
}

#[test]
fn move_then_vault_may_refract_and_may_bend() {
    // Pallan a1 (friends a2, b1) slides to f6, turns east to i6 and vaults south over i5 i4 i3
    // to i2.
    let f = yfen(&[
        ("P", "a1"),
        ("D'", "a2"),
        ("D'", "b1"),
        ("S'", "i5"),
        ("S'", "i4"),
        ("S'", "i3"),
    ]);
    assert_moves(&f, &["a1i6", "a1i2"], &[]);
    // Pallan a1 (friends a2, b2, f1) slides to d1, vaults north over d2 d3 and turns east over
    // e3 to f3.
    let g = yfen(&[
        ("P", "a1"),
        ("D'", "a2"),
        ("D'", "b2"),
        ("D'", "f1"),
        ("S'", "d2"),
        ("S'", "d3"),
        ("S'", "e3"),
    ]);
    assert_moves(&g, &["a1d1", "a1f3"], &[]);
    let mut kapt: Vec<(&str, &str)> = vec![("A", "a1")];
    kapt.extend([("D'", "a2"), ("D'", "b2"), ("D'", "f1")]);
    kapt.extend([("S'", "d2"), ("S'", "d3"), ("S'", "e3")]);
    assert_moves(&yfen(&kapt), &["a1d1"], &["a1f3"]);
}

// ---------------------------------------------------------------------------------------------
// §3.1 Propt
// ---------------------------------------------------------------------------------------------

#[test]
fn propt_protects_swod_from_enemy_swods_only() {
    // Blue Swod d5 with a Blue Deldar on e6 beside it: the Yellow Swod c4 cannot take it, the
    // Yellow Jiktar d3 can.
    let f = yfen(&[("S'", "c4"), ("J", "d3"), ("s'", "d5"), ("d'", "e6")]);
    assert_targets(&f, "c4", &["b5", "c5"]);
    assert_moves(&f, &["d3d5"], &[]);
    // The Deldar two squares away (f6): no propt.
    let g = yfen(&[("S'", "c4"), ("J", "d3"), ("s'", "d5"), ("d'", "f6")]);
    assert_targets(&g, "c4", &["b5", "c5", "d5"]);
    // A Yellow Deldar beside the Blue Swod protects nothing.
    let h = yfen(&[("S'", "c4"), ("J", "d3"), ("s'", "d5"), ("D'", "e6")]);
    assert_targets(&h, "c4", &["b5", "c5", "d5"]);
    // Capturable, as check and the Fluttember count it, follows the same rule: with only the
    // Swod c4 to take it, d5 is safe under propt and capturable without.
    let only_swod = |deldar: &str| {
        pos(&yfen(&[("S'", "c4"), ("s'", "d5"), ("d'", deldar)])).attacked(cell("d5"), Color::First)
    };
    assert!(!only_swod("e6"));
    assert!(only_swod("f6"));
    // Orthogonal neighbour (d6) protects too.
    let i = yfen(&[("S'", "c4"), ("J", "d3"), ("s'", "d5"), ("d'", "d6")]);
    assert_targets(&i, "c4", &["b5", "c5"]);
}

#[test]
fn propt_protects_swod_from_swod_vaults() {
    // Yellow Swod c5 over c6 c7 c8 onto the Blue Swod c9, propt by d10: only the landing c10.
    let line = [("D'", "c6"), ("D'", "c7"), ("D'", "c8"), ("s'", "c9")];
    let mut v = line.to_vec();
    v.extend([("S'", "c5"), ("d'", "d10")]);
    assert_targets(&yfen(&v), "c5", &["b6", "d6", "c10"]);
    // Without the Deldar beside it (e10): taken.
    let mut v = line.to_vec();
    v.extend([("S'", "c5"), ("d'", "e10")]);
    assert_targets(&yfen(&v), "c5", &["b6", "d6", "c9", "c10"]);
    // A Jiktar vaulting the same line takes it despite the propt.
    let mut v = line.to_vec();
    v.extend([("J", "c5"), ("d'", "d10")]);
    assert_moves(&yfen(&v), &["c5c9", "c5c10"], &[]);
}

// ---------------------------------------------------------------------------------------------
// §3.1 Promotion
// ---------------------------------------------------------------------------------------------

#[test]
fn swod_promotes_to_any_piece_but_king_and_swod() {
    // Yellow already has a Pallan and two Kapts; the Swod on c17 must promote on c18 or b18
    // (enemy) to any of seven kinds; d18 holds a friend.
    let f = yfen(&[
        ("S'", "c17"),
        ("j", "b18"),
        ("D'", "d18"),
        ("P", "a1"),
        ("A", "b1"),
        ("A", "c1"),
    ]);
    let mut expected = Vec::new();
    for to in ["b18", "c18"] {
        for p in ['p', 'a', 'c', 'j', 'h', 'n', 'd'] {
            expected.push(format!("{to}{p}"));
        }
    }
    let expected: Vec<&str> = expected.iter().map(|s| s.as_str()).collect();
    assert_targets(&f, "c17", &expected);
    // A first move reaching the last rank promotes too.
    let g = yfen(&[("S", "c15")]);
    assert_moves(
        &g,
        &["c15c16", "c15c17", "c15c18p", "c15c18d", "c15f18n"],
        &["c15c18", "c15c18k", "c15c18s"],
    );
}

#[test]
fn swod_vault_onto_last_rank_promotes() {
    let f = yfen(&[("S'", "c14"), ("D'", "c15"), ("D'", "c16"), ("D'", "c17")]);
    assert_targets(
        &f,
        "c14",
        &[
            "b15", "d15", "c18p", "c18a", "c18c", "c18j", "c18h", "c18n", "c18d",
        ],
    );
}

// ---------------------------------------------------------------------------------------------
// §3.1 The King's Fluttember
// ---------------------------------------------------------------------------------------------

/// Yellow's first rank as at the start (King h1, Kapts f1 i1, Chuktars a1 l1), Blue's King on
/// f18 with a Deldar, plus `extra`; Yellow to move with the Fluttember field `flutter`.
fn flutter_fen(extra: &[(&str, &str)], flutter: &str) -> String {
    let mut v = vec![
        ("C", "a1"),
        ("J", "b1"),
        ("H", "c1"),
        ("N'", "d1"),
        ("N'", "e1"),
        ("A", "f1"),
        ("P", "g1"),
        ("K", "h1"),
        ("A", "i1"),
        ("H", "j1"),
        ("J", "k1"),
        ("C", "l1"),
        ("k", "f18"),
        ("d'", "f17"),
    ];
    v.extend_from_slice(extra);
    fen_flutter(&v, "y", flutter)
}

#[test]
fn fluttember_swaps_king_with_kapt_or_chuktar_on_original_squares() {
    let f = flutter_fen(&[], "K");
    // Pieces in between do not matter: all four swaps.
    assert_targets(&f, "h1", &["a1", "f1", "g2", "h2", "i1", "i2", "l1"]);
    let p = play(&f, &["h1a1"]);
    assert_eq!(
        p.piece_at(cell("a1")),
        Some((Color::First, kaissa::jikaida::KING))
    );
    assert_eq!(
        p.piece_at(cell("h1")),
        Some((Color::First, kaissa::jikaida::CHUKTAR))
    );
    assert!(!p.has_flutter(Color::First));
    assert!(p.to_fen().ends_with(" b - 1"), "{}", p.to_fen());
    let p = play(&f, &["h1f1"]);
    assert_eq!(
        p.piece_at(cell("h1")),
        Some((Color::First, kaissa::jikaida::KAPT))
    );
    // Unmake restores the King, the partner and the right.
    let mut q = pos(&f);
    let mv = q.parse_move("h1i1").unwrap();
    q.make(mv);
    q.unmake();
    assert_eq!(q.to_fen(), f);
}

/// Pieces to add (letter, square) for an attack, the same for its control, and the swap the
/// attack removes.
type AttackCase<'a> = (&'a [(&'a str, &'a str)], &'a [(&'a str, &'a str)], &'a str);

#[test]
fn fluttember_refused_when_partner_square_attacked() {
    let all = ["h1a1", "h1f1", "h1i1", "h1l1"];
    // Each attack on one partner's square removes that swap only; its control, which does not
    // attack, removes none.
    let cases: [AttackCase; 5] = [
        // A Jiktar on a5 sees a1 (control: on b5).
        (&[("j", "a5")], &[("j", "b5")], "h1a1"),
        // A Deldar vaults over f4 f3 f2 onto f1 (control: f2 empty, two pieces only).
        (
            &[("d'", "f5"), ("S'", "f4"), ("S'", "f3"), ("S'", "f2")],
            &[("d'", "f5"), ("S'", "f4"), ("S'", "f3")],
            "h1f1",
        ),
        // An unmoved Paktun's double leap l5-k3-l1 (control: moved).
        (&[("n", "l5")], &[("n'", "l5")], "h1l1"),
        // An unmoved Swod's diagonal first move d4-c3-b2-a1 (control: moved).
        (&[("s", "d4")], &[("s'", "d4")], "h1a1"),
        // A Paktun's leap k2-i1 (control: on k4).
        (&[("n'", "k2")], &[("n'", "k4")], "h1i1"),
    ];
    for (attack, control, gone) in cases {
        let f = flutter_fen(attack, "K");
        let present: Vec<&str> = all.iter().copied().filter(|m| m != &gone).collect();
        assert_moves(&f, &present, &[gone]);
        assert_moves(&flutter_fen(control, "K"), &all, &[]);
    }
}

#[test]
fn fluttember_refused_in_check() {
    // A Blue Jiktar on h5 checks the King on h1: no swap, though a1, f1, i1 and l1 are safe.
    let f = flutter_fen(&[("j", "h5")], "K");
    assert!(in_check(&f));
    assert_moves(&f, &[], &["h1a1", "h1f1", "h1i1", "h1l1"]);
    // Blocked on h3: all four.
    let g = flutter_fen(&[("j", "h5"), ("S'", "h3")], "K");
    assert_moves(&g, &["h1a1", "h1f1", "h1i1", "h1l1"], &[]);
}

#[test]
fn fluttember_needs_king_and_partner_on_original_squares() {
    // King on g2 instead of h1: no swap.
    let v = vec![
        ("C", "a1"),
        ("A", "f1"),
        ("K", "g2"),
        ("A", "i1"),
        ("C", "l1"),
        ("k", "f18"),
        ("d'", "f17"),
    ];
    let f = fen_flutter(&v, "y", "K");
    let none: Vec<String> = moves(&f)
        .into_iter()
        .filter(|m| ["f1", "i1", "a1", "l1"].contains(&split(m).1) && split(m).0 == "g2")
        .collect();
    assert!(none.is_empty(), "{none:?}");
    // Kapt on e1 (not its square), Jiktar on f1, Pallan on i1, Kapt on a1 (a Chuktar's square),
    // Chuktar on l1: only h1l1.
    let v = vec![
        ("A", "a1"),
        ("A", "e1"),
        ("J", "f1"),
        ("K", "h1"),
        ("P", "i1"),
        ("C", "l1"),
        ("k", "f18"),
        ("d'", "f17"),
    ];
    let g = fen_flutter(&v, "y", "K");
    assert_targets(&g, "h1", &["g1", "g2", "h2", "i2", "l1"]);
    // A Chuktar on a Kapt's square does not swap either.
    let v = vec![("C", "f1"), ("K", "h1"), ("k", "f18"), ("d'", "f17")];
    let h = fen_flutter(&v, "y", "K");
    assert_targets(&h, "h1", &["g1", "g2", "h2", "i1", "i2"]);
}

#[test]
fn fluttember_only_once_per_game() {
    // Field "k": Yellow has used it.
    let f = flutter_fen(&[], "k");
    assert_targets(&f, "h1", &["g2", "h2", "i2"]);
    // King h1 and Chuktar l1 swap; both walk back to their squares; no second swap.
    let v = [("K", "h1"), ("C", "l1"), ("k", "f18"), ("d'", "f17")];
    let g = fen_flutter(&v, "y", "K");
    assert_moves(&g, &["h1l1"], &[]);
    let yellow = [
        "h1l1", "h1h2", "l1k1", "k1j1", "j1i1", "i1h1", "h2l2", "l2l1",
    ];
    let mut line = Vec::new();
    for (i, m) in yellow.iter().enumerate() {
        line.push(*m);
        line.push(if i % 2 == 0 { "f17e17" } else { "e17f17" });
    }
    let p = play(&g, &line);
    assert_eq!(
        p.piece_at(cell("h1")),
        Some((Color::First, kaissa::jikaida::KING))
    );
    assert_eq!(
        p.piece_at(cell("l1")),
        Some((Color::First, kaissa::jikaida::CHUKTAR))
    );
    assert!(!p.has_flutter(Color::First));
    assert!(!list(&p).iter().any(|m| m == "h1l1"));
}

#[test]
fn fluttember_right_kept_when_the_king_returns() {
    // The engine's reading: the right is consumed only by using it.
    let f = flutter_fen(&[], "K");
    let p = play(&f, &["h1h2", "f17e17", "h2h1", "e17f17"]);
    assert!(p.has_flutter(Color::First));
    let l = list(&p);
    for m in ["h1a1", "h1f1", "h1i1", "h1l1"] {
        assert!(l.iter().any(|x| x == m), "{m}");
    }
}

#[test]
fn blue_fluttember_uses_blue_squares() {
    // Blue King f18, Kapts d18 g18, Chuktars a18 l18.
    let v = vec![
        ("c", "a18"),
        ("a", "d18"),
        ("k", "f18"),
        ("a", "g18"),
        ("c", "l18"),
        ("K", "l1"),
        ("D'", "k1"),
    ];
    let f = fen_flutter(&v, "b", "k");
    assert_targets(
        &f,
        "f18",
        &["a18", "d18", "e17", "e18", "f17", "g17", "g18", "l18"],
    );
    // Blue's right does not serve Yellow, nor Yellow's Blue.
    let g = fen_flutter(&v, "b", "K");
    assert_targets(&g, "f18", &["e17", "e18", "f17", "g17"]);
}

// ---------------------------------------------------------------------------------------------
// §3.1 Check
// ---------------------------------------------------------------------------------------------

#[test]
fn no_move_may_leave_the_king_capturable() {
    // Yellow King c1, Jiktar c3 pinned by the Blue Jiktar on c5: only along the file.
    let f = fen(&[("K", "c1"), ("J", "c3"), ("j", "c5"), ("k", "l18")], "y");
    assert_targets(&f, "c3", &["c2", "c4", "c5"]);
    let g = fen(&[("K", "c1"), ("J", "c3"), ("j", "d5"), ("k", "l18")], "y");
    assert_targets(
        &g,
        "c3",
        &["a3", "b3", "c2", "c4", "c5", "c6", "d3", "e3", "f3"],
    );
}

#[test]
fn check_includes_vault_captures() {
    // Blue Deldar c5 over c4 c3 c2 onto the Yellow King c1.
    let pieces = [
        ("K", "c1"),
        ("S'", "c2"),
        ("S'", "c3"),
        ("S'", "c4"),
        ("d'", "c5"),
        ("k", "l18"),
        ("N'", "l10"),
    ];
    let f = fen(&pieces, "y");
    assert!(in_check(&f));
    // The Paktun's moves do not help; the King may leave, or vault and take the Deldar (landing
    // on c6 would leave it next to the Deldar).
    assert!(targets(&f, "l10").is_empty());
    assert_targets(&f, "c1", &["b1", "b2", "c5", "d1", "d2"]);
    // Any Swod leaving the line answers the check (c2 may also vault over c3 c4 c5 to c6).
    assert_eq!(
        moves(&f),
        set(&[
            "c1b1", "c1b2", "c1c5", "c1d1", "c1d2", "c2b3", "c2d3", "c2c6", "c3b4", "c3d4", "c4b5",
            "c4d5",
        ])
    );
    // The same position with Blue to move is refused (Yellow, not to move, in check).
    assert!(Pos::from_fen(board(), &fen(&pieces, "b")).is_err());
    // Control: c2 empty, no check.
    let g = fen(
        &[
            ("K", "c1"),
            ("S'", "c3"),
            ("S'", "c4"),
            ("d'", "c5"),
            ("k", "l18"),
        ],
        "y",
    );
    assert!(!in_check(&g));
    // Completing the line is illegal: the Jiktar may not go to c4 (c2 c3 c4 under d' c5).
    let h = fen(
        &[
            ("K", "c1"),
            ("S'", "c2"),
            ("S'", "c3"),
            ("J", "a4"),
            ("d'", "c5"),
            ("k", "l18"),
        ],
        "y",
    );
    assert_targets(
        &h,
        "a4",
        &["a1", "a2", "a3", "a5", "a6", "b4", "d4", "e4", "f4"],
    );
    let i = fen(
        &[
            ("K", "c1"),
            ("S'", "c2"),
            ("S'", "c3"),
            ("J", "a4"),
            ("k", "l18"),
            ("d'", "k18"),
        ],
        "y",
    );
    assert_moves(&i, &["a4c4"], &[]);
}

#[test]
fn check_by_swod_vault_only_forward() {
    let check = |pieces: &[(&str, &str)]| {
        let mut v = vec![("K", "c5"), ("k", "l18")];
        v.extend_from_slice(pieces);
        in_check(&fen(&v, "y"))
    };
    // A Blue Swod on c1 behind c2 c3 c4 would vault backwards (north) onto c5: no check.
    let line = [("D'", "c4"), ("D'", "c3"), ("D'", "c2")];
    let mut v = line.to_vec();
    v.push(("s'", "c1"));
    assert!(!check(&v));
    // A Deldar there vaults any way: check.
    let mut v = line.to_vec();
    v.push(("d'", "c1"));
    assert!(check(&v));
    // A Blue Swod on c9 vaults forward (south) over c8 c7 c6 onto c5: check.
    assert!(check(&[
        ("D'", "c6"),
        ("D'", "c7"),
        ("D'", "c8"),
        ("s'", "c9")
    ]));
}

#[test]
fn check_by_slides_respects_fronts() {
    let check =
        |attacker: (&str, &str)| in_check(&fen(&[("K", "c1"), attacker, ("k", "l18")], "y"));
    // Chuktar and Kapt cross one front (c9: yes; c13: a second front, no).
    assert!(check(("c", "c9")));
    assert!(!check(("c", "c13")));
    assert!(check(("a", "c9")));
    assert!(!check(("a", "c13")));
    // Jiktar: from c7 it crosses on its first step; from c8 it stops at c7.
    assert!(check(("j", "c7")));
    assert!(!check(("j", "c8")));
    // Hikdar: g5-f4 crosses on the first step; from h6 the crossing would be the second step.
    assert!(check(("h", "g5")));
    assert!(!check(("h", "h6")));
    // Knight leaps ignore fronts, in the Kapt and Pallan too.
    assert!(check(("n'", "d3")));
    assert!(check(("a", "b3")));
    assert!(check(("p", "e2")));
    // Deldar (moved) two squares with an empty middle.
    assert!(check(("d'", "c3")));
    assert!(!check(("d'", "c4")));
    assert!(!in_check(&fen(
        &[("K", "c1"), ("S'", "c2"), ("d'", "c3"), ("k", "l18")],
        "y"
    )));
    // A Deldar two squares off across a front: only if the front is its first step.
    let k6 = |d: &str| in_check(&fen(&[("K", "c6"), ("d'", d), ("k", "l18")], "y"));
    assert!(k6("c7"));
    assert!(!k6("c8"));
    // Swod: diagonally forward only.
    assert!(check(("s'", "d2")));
    assert!(!check(("s'", "c2")));
    assert!(!in_check(&fen(
        &[("K", "c3"), ("s'", "d2"), ("k", "l18")],
        "y"
    )));
}

#[test]
fn check_by_first_moves() {
    let check =
        |attacker: (&str, &str)| in_check(&fen(&[("K", "c1"), attacker, ("k", "l18")], "y"));
    // Unmoved Deldar: four straight (c5), or two then a turn (e4: d3 c2, then c1).
    assert!(check(("d", "c5")));
    assert!(!check(("d'", "c5")));
    assert!(check(("d", "e4")));
    assert!(!check(("d'", "e4")));
    // Unmoved Swod: diagonal captures up to three squares.
    assert!(check(("s", "e3")));
    assert!(!check(("s'", "e3")));
    // Unmoved Paktun: two leaps (c5-b3-c1).
    assert!(check(("n", "c5")));
    assert!(!check(("n'", "c5")));
    // Unmoved Deldar e5 checks by e5-d4-c3 then c3-c2-c1 (its other way, by e4, is blocked):
    // the Jiktar answers by blocking d4, not d5.
    let f = fen(
        &[
            ("K", "c1"),
            ("d", "e5"),
            ("D'", "e4"),
            ("J", "d6"),
            ("k", "l18"),
        ],
        "y",
    );
    assert!(in_check(&f));
    assert_moves(&f, &["d6d4"], &["d6d5", "d6c6"]);
}

#[test]
fn check_by_pallan_refraction_bent_vault_and_move_then_vault() {
    // Refraction: Pallan g9 slides to g7, turns south-west through f6 to a1.
    let f = |p: &str, extra: &[(&str, &str)]| {
        let mut v = vec![("K", "a1"), (p, "g9"), ("k", "l18")];
        v.extend_from_slice(extra);
        in_check(&fen(&v, "y"))
    };
    assert!(f("p", &[]));
    assert!(!f("a", &[]));
    // Bent vault: Pallan c3 over c2 c1, turned west over b1 onto a1 (b2 blocks the diagonal).
    let bent = |p: &str| {
        in_check(&fen(
            &[
                ("K", "a1"),
                ("D'", "b1"),
                ("D'", "b2"),
                ("D'", "c1"),
                ("D'", "c2"),
                (p, "c3"),
                ("k", "l18"),
            ],
            "y",
        ))
    };
    assert!(bent("p"));
    assert!(!bent("a"));
    // Move-then-vault: Pallan c5 slides to a5 and vaults over a4 a3 a2 onto a1.
    let mtv = |p: &str| {
        in_check(&fen(
            &[
                ("K", "a1"),
                ("D'", "a2"),
                ("D'", "a3"),
                ("D'", "a4"),
                (p, "c5"),
                ("k", "l18"),
            ],
            "y",
        ))
    };
    assert!(mtv("p"));
    assert!(!mtv("a"));
    // The square the Pallan leaves is empty during the vault: Pallan a3 under a4 a5 does not
    // take a6 by sliding to a2 and vaulting.
    assert!(!in_check(&fen(
        &[
            ("K", "a6"),
            ("D'", "a5"),
            ("D'", "a4"),
            ("p", "a3"),
            ("k", "l18")
        ],
        "y"
    )));
}

/// A small deterministic generator for playouts.
struct Rng(u64);

impl Rng {
    fn next(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Positions for the property tests: random games (captures preferred half the time) from the
/// start and from thinned-out start arrays (each piece but the Kings kept with probability
/// 2/5, pieces that have moved marked as such at random), every position on the way.
fn playout_positions() -> Vec<Pos> {
    let mut out = Vec::new();
    let start_pieces: Vec<(String, String)> = {
        let p = pos(START);
        (0..12 * 18)
            .filter_map(|c| {
                p.piece_at(c).map(|(color, kind)| {
                    let l = kaissa::jikaida::piece_letter(color, kind).to_string();
                    let sq = format!("{}{}", (b'a' + (c % 12) as u8) as char, c / 12 + 1);
                    (l, sq)
                })
            })
            .collect()
    };
    for seed in 1..=24u64 {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ seed.wrapping_mul(0x1234_5678_9ABC));
        let mut p = if seed <= 8 {
            pos(START)
        } else {
            // Thin the array until the FEN is accepted (the side not to move not in check).
            loop {
                let mut v: Vec<(String, String)> = Vec::new();
                for (l, sq) in &start_pieces {
                    if l == "K" || l == "k" || rng.next(5) < 2 {
                        let moved = "NDSnds".contains(l.as_str()) && rng.next(2) == 0;
                        v.push((if moved { format!("{l}'") } else { l.clone() }, sq.clone()));
                    }
                }
                let refs: Vec<(&str, &str)> =
                    v.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
                if let Ok(p) = Pos::from_fen(board(), &fen(&refs, "y")) {
                    break p;
                }
            }
        };
        for _ in 0..60 {
            out.push(p.clone());
            let mut l: Vec<Move> = Vec::new();
            p.generate(&mut l);
            if l.is_empty() {
                break;
            }
            let caps: Vec<Move> = l.iter().copied().filter(|&m| p.is_capture(m)).collect();
            let mv = if !caps.is_empty() && rng.next(2) == 0 {
                caps[rng.next(caps.len())]
            } else {
                l[rng.next(l.len())]
            };
            p.make(mv);
        }
    }
    out
}

#[test]
fn capturable_means_some_move_captures_there() {
    // In positions reached by random play, `attacked` (used for check and the Fluttember) agrees
    // with the union of every piece's moves, for every piece of the other side.
    let mut checked = 0;
    for p in playout_positions() {
        for by in [Color::First, Color::Second] {
            let propt = p.propt(by.flip());
            let mut reach = B4::EMPTY;
            for from in 0..12 * 18 {
                if matches!(p.piece_at(from), Some((c, _)) if c == by) {
                    reach |= p.reach(from, propt);
                }
            }
            for target in 0..12 * 18 {
                if matches!(p.piece_at(target), Some((c, _)) if c != by) {
                    assert_eq!(
                        p.attacked(target, by),
                        reach.has(target),
                        "cell {target} by {by:?} in {}",
                        p.to_fen()
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 20_000, "{checked}");
}

#[test]
fn legal_moves_are_exactly_those_that_leave_the_king_uncapturable() {
    // Every piece's every target (a Swod reaching its last rank with each of the seven
    // promotions), kept when the mover's King cannot be captured after it: the generator's list
    // without its Fluttembers.
    let mut checks = 0;
    for p in playout_positions() {
        if p.decided().is_some() {
            continue;
        }
        let us = p.side_to_move();
        if p.in_check() {
            checks += 1;
        }
        let propt = p.propt(us.flip());
        let mut expected = Vec::new();
        let mut q = p.clone();
        for from in 0..12 * 18 {
            let Some((c, kind)) = p.piece_at(from) else {
                continue;
            };
            if c != us {
                continue;
            }
            let last = if us == Color::First { 17 } else { 0 };
            for to in 0..12 * 18 {
                if !p.reach(from, propt).has(to) {
                    continue;
                }
                let mvs: Vec<Move> = if kind == kaissa::jikaida::SWOD && to / 12 == last {
                    kaissa::jikaida::PROMOTIONS
                        .iter()
                        .map(|&k| Move::promotion(from, to, k))
                        .collect()
                } else {
                    vec![Move::normal(from, to)]
                };
                for mv in mvs {
                    q.make(mv);
                    if !q.attacked(q.king(us), us.flip()) {
                        expected.push(p.move_text(mv));
                    }
                    q.unmake();
                }
            }
        }
        expected.sort();
        let mut got = Vec::new();
        p.generate(&mut got);
        let mut got: Vec<String> = got
            .into_iter()
            .filter(|&m| !p.is_flutter(m))
            .map(|m| p.move_text(m))
            .collect();
        got.sort();
        assert_eq!(got, expected, "{}", p.to_fen());
    }
    assert!(checks > 10, "only {checks} positions in check");
}

/// The moves the search plays from a position: those of `generate_pseudo` (or its captures)
/// that `try_make` accepts, each taken back; a refused move must leave the position as it was.
/// Read twice: before the check answer is known, and after `in_danger_here` has found it (as
/// in the search, where a known check narrows the list to the moves that can answer it).
fn accepted(p: &mut Pos, noisy: bool) -> Vec<String> {
    use kaissa::rules::Rules;
    let unknown = accepted_once(p, noisy);
    p.in_danger_here();
    let known = accepted_once(p, noisy);
    assert_eq!(
        unknown,
        known,
        "with the check answer known, {}",
        p.to_fen()
    );
    known
}

/// [`accepted`] once, as the position stands.
fn accepted_once(p: &mut Pos, noisy: bool) -> Vec<String> {
    let mut l = Vec::new();
    if noisy {
        p.generate_captures_pseudo(&mut l);
    } else {
        p.generate_pseudo(&mut l);
    }
    let before = (p.key(), p.to_fen());
    let mut out = Vec::new();
    for mv in l {
        if p.try_make(mv) {
            out.push(p.move_text(mv));
            p.unmake();
        }
        assert_eq!((p.key(), p.to_fen()), before, "after {}", p.move_text(mv));
    }
    out.sort();
    out
}

/// The legal moves (or legal captures) as sorted text.
fn legal_texts(p: &Pos, noisy: bool) -> Vec<String> {
    let mut l = Vec::new();
    if noisy {
        p.generate_captures(&mut l);
    } else {
        p.generate(&mut l);
    }
    let mut out: Vec<String> = l.into_iter().map(|m| p.move_text(m)).collect();
    out.sort();
    out
}

#[test]
fn pseudo_legal_moves_accepted_by_try_make_are_the_legal_moves() {
    // The search generates without the check test and tests only the moves it plays, reusing
    // the check answer of each position of the line: it must play exactly the legal moves, at
    // a position, after its children's moves were played and taken back, and after a pass.
    use kaissa::rules::Rules;
    let mut refused = 0;
    let mut checks = 0;
    let mut narrowed = 0;
    for mut p in playout_positions() {
        if p.decided().is_some() {
            continue;
        }
        let legal = legal_texts(&p, false);
        // Before the check answer is known, so every illegal move is in the list.
        let mut pseudo = Vec::new();
        p.generate_pseudo(&mut pseudo);
        refused += pseudo.len() - legal.len();
        assert_eq!(p.in_danger_here(), p.in_check(), "{}", p.to_fen());
        assert_eq!(accepted(&mut p, false), legal, "{}", p.to_fen());
        assert_eq!(
            accepted(&mut p, true),
            legal_texts(&p, true),
            "{}",
            p.to_fen()
        );
        // The children: every seventh, and every one in check (where the remembered answer
        // is the one capture found, and most moves are refused without a test).
        let mut l = Vec::new();
        p.generate(&mut l);
        for (n, &mv) in l.iter().enumerate() {
            p.make(mv);
            let check = p.in_check();
            if p.decided().is_none() && (check || n % 7 == 0) {
                checks += check as usize;
                if check {
                    // Once the check is known, the list holds only moves that can answer it.
                    let mut before = Vec::new();
                    p.generate_pseudo(&mut before);
                    assert!(p.in_danger_here());
                    let mut known = Vec::new();
                    p.generate_pseudo(&mut known);
                    assert!(known.iter().all(|m| before.contains(m)));
                    narrowed += (known.len() < before.len()) as usize;
                }
                let fen = p.to_fen();
                assert_eq!(accepted(&mut p, false), legal_texts(&p, false), "{fen}");
                assert_eq!(accepted(&mut p, true), legal_texts(&p, true), "{fen}");
            }
            p.unmake();
        }
        assert_eq!(accepted(&mut p, false), legal, "{}", p.to_fen());
        p.make_pass();
        let fen = p.to_fen();
        assert_eq!(accepted(&mut p, false), legal_texts(&p, false), "{fen}");
        p.unmake_pass();
    }
    assert!(refused > 1000, "only {refused} illegal moves refused");
    assert!(checks > 1000, "only {checks} positions in check");
    assert!(
        narrowed * 2 > checks,
        "a known check narrowed only {narrowed} lists"
    );
}

// ---------------------------------------------------------------------------------------------
// §3.1 Results
// ---------------------------------------------------------------------------------------------

#[test]
fn checkmate_wins() {
    // Yellow King a1, Blue Jiktars a5 and b5; a Yellow Paktun that cannot help.
    let f = fen(
        &[
            ("K", "a1"),
            ("N'", "l10"),
            ("j", "a5"),
            ("j", "b5"),
            ("k", "l18"),
        ],
        "y",
    );
    let p = pos(&f);
    assert!(p.in_check());
    assert!(list(&p).is_empty());
    assert_eq!(
        p.outcome(3),
        Some(Outcome::Win(Color::Second, WinReason::Checkmate))
    );
    // Control: the b-file Jiktar on c5 leaves b1 and b2 free.
    let g = fen(
        &[
            ("K", "a1"),
            ("N'", "l10"),
            ("j", "a5"),
            ("j", "c5"),
            ("k", "l18"),
        ],
        "y",
    );
    assert_eq!(pos(&g).outcome(3), None);
}

#[test]
fn stalemate_loses_for_the_stalemated_side() {
    // Yellow King a1 not in check, every step covered (Jiktars b5 and f2); the Yellow Swod l10 is
    // blocked by the Deldar l11 and cannot take the Swod k11, propt by that Deldar.
    let pieces = [
        ("K", "a1"),
        ("S'", "l10"),
        ("j", "b5"),
        ("j", "f2"),
        ("d'", "l11"),
        ("s'", "k11"),
        ("k", "l18"),
    ];
    let p = pos(&fen(&pieces, "y"));
    assert!(!p.in_check());
    assert!(list(&p).is_empty());
    assert_eq!(
        p.outcome(3),
        Some(Outcome::Win(Color::Second, WinReason::Stalemate))
    );
    // Control: the Deldar on k12 instead of l11 leaves l10-l11 open.
    let mut v = pieces.to_vec();
    v[4] = ("d'", "k12");
    let q = pos(&fen(&v, "y"));
    assert_eq!(list(&q), set(&["l10l11"]));
    assert_eq!(q.outcome(3), None);
}

#[test]
fn baring_the_king_wins_after_the_bared_sides_reply() {
    // Yellow Jiktar takes Blue's last piece; Blue, bare, still replies; then the game is won.
    let f = fen(&[("K", "a1"), ("J", "c3"), ("d'", "c5"), ("k", "l18")], "y");
    let p = play(&f, &["c3c5"]);
    assert_eq!(p.outcome(3), None);
    assert!(!list(&p).is_empty());
    let p = play(&f, &["c3c5", "l18l17"]);
    assert_eq!(
        p.decided(),
        Some(Outcome::Win(Color::First, WinReason::BareKing))
    );
    assert_eq!(
        p.outcome(3),
        Some(Outcome::Win(Color::First, WinReason::BareKing))
    );
    assert!(list(&p).is_empty());
}

#[test]
fn bare_king_reply_that_bares_the_other_draws() {
    // Yellow (King and Jiktar) takes Blue's last piece on c5; the Blue King d6 takes the
    // Jiktar back: both bare, drawn.
    let f = fen(&[("K", "a1"), ("J", "c3"), ("d'", "c5"), ("k", "d6")], "y");
    let p = play(&f, &["c3c5", "d6c5"]);
    assert_eq!(p.outcome(3), Some(Outcome::Draw(DrawReason::BothBare)));
    assert!(list(&p).is_empty());
    // Another reply leaves Yellow the winner.
    let p = play(&f, &["c3c5", "d6e6"]);
    assert_eq!(
        p.outcome(3),
        Some(Outcome::Win(Color::First, WinReason::BareKing))
    );
}

#[test]
fn threefold_repetition_draws() {
    let f = fen(
        &[("K", "a1"), ("D'", "c3"), ("k", "l18"), ("d'", "j17")],
        "y",
    );
    let cycle = ["a1b1", "l18k18", "b1a1", "k18l18"];
    let p = play(&f, &cycle);
    assert_eq!(p.outcome(3), None);
    let mut twice = cycle.to_vec();
    twice.extend(cycle);
    let p = play(&f, &twice);
    assert_eq!(p.outcome(3), Some(Outcome::Draw(DrawReason::Repetition)));
    // Repetition counting off (perft's view): no result.
    assert_eq!(p.outcome(0), None);
}

// ---------------------------------------------------------------------------------------------
// §3.1 FEN and notation
// ---------------------------------------------------------------------------------------------

#[test]
fn fen_round_trip_letters_and_first_move_marks() {
    assert_eq!(pos(START).to_fen(), START);
    // Every letter of both sides, moved and unmoved Paktuns, Deldars, Swods.
    let f = "kpacjhnN'dD's'S/12/12/12/12/12/12/12/12/12/12/12/12/12/12/12/12/Kn'd's8 b Kk 7";
    let p = pos(f);
    assert_eq!(p.to_fen(), f);
    use kaissa::jikaida::*;
    let expect = [
        ("a18", Color::Second, KING),
        ("b18", Color::Second, PALLAN),
        ("c18", Color::Second, KAPT),
        ("d18", Color::Second, CHUKTAR),
        ("e18", Color::Second, JIKTAR),
        ("f18", Color::Second, HIKDAR),
        ("g18", Color::Second, PAKTUN),
        ("h18", Color::First, PAKTUN),
        ("i18", Color::Second, DELDAR),
        ("j18", Color::First, DELDAR),
        ("k18", Color::Second, SWOD),
        ("l18", Color::First, SWOD),
        ("a1", Color::First, KING),
    ];
    for (sq, c, k) in expect {
        assert_eq!(p.piece_at(cell(sq)), Some((c, k)), "{sq}");
    }
    assert!(p.is_unmoved(cell("g18")) && !p.is_unmoved(cell("h18")));
    assert!(p.is_unmoved(cell("l18")) && !p.is_unmoved(cell("j18")));
    assert_eq!(p.side_to_move(), Color::Second);
    assert!(p.has_flutter(Color::First) && p.has_flutter(Color::Second));
    assert_eq!(p.fullmove(), 7);
    // A first move marks the piece as moved.
    let q = play(START, &["c3c6"]);
    assert!(q.to_fen().contains("/2S'9/"), "{}", q.to_fen());
    assert!(q.to_fen().ends_with(" b Kk 1"));
}

#[test]
fn fen_refusals() {
    let good = fen(&[("K", "a1"), ("k", "l18"), ("d'", "k18")], "y");
    assert!(Pos::from_fen(board(), &good).is_ok());
    let bad = [
        // No Yellow King.
        fen(&[("k", "l18"), ("d'", "k18")], "y"),
        // Two Yellow Kings.
        fen(&[("K", "a1"), ("K", "c1"), ("k", "l18")], "y"),
        // Blue, not to move, in check.
        fen(&[("K", "a1"), ("J", "l14"), ("k", "l18")], "y"),
        // A mark after a King.
        good.replacen("K", "K'", 1),
        // Bad side, bad Fluttember field, bad move number.
        good.replace(" y - 1", " w - 1"),
        good.replace(" y - 1", " y Q 1"),
        good.replace(" y - 1", " y - 0"),
        // Unknown letter.
        good.replacen("K", "Q", 1),
        // Eleven files on rank 1.
        good.replacen("K11", "K10", 1),
    ];
    for f in &bad {
        assert!(Pos::from_fen(board(), f).is_err(), "accepted {f}");
    }
}

#[test]
fn notation_is_from_to_with_two_digit_ranks_and_promotion_suffix() {
    // Yellow Swod a17 promotes: a17a18p; the move text and the parser agree.
    let f = yfen(&[
        ("S'", "a17"),
        ("J", "c1"),
        ("S'", "c2"),
        ("S'", "c3"),
        ("S'", "c4"),
    ]);
    let p = pos(&f);
    for text in ["a17a18p", "a17a18d", "c1c5", "c1f1"] {
        let mv = p.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(p.move_text(mv), text);
    }
    for text in ["a17a18", "a17a18k", "a17a18s", "c1c6", "a17a18q", "c1"] {
        assert!(p.parse_move(text).is_err(), "{text} accepted");
    }
    // Blue promotes with a lower-case letter too.
    let g = fen(&with_kings(&[("s'", "b2"), ("D'", "j5")]), "b");
    assert_moves(&g, &["b2b1p", "b2a1j", "b2c1n"], &["b2b1"]);
}

#[test]
fn a_move_is_named_once_whatever_its_paths() {
    // Unmoved Deldar a1 reaches c3 straight and by turning (a1-b1-c1-c2-c3, a1-a2-a3-b3-c3);
    // the list names each move once.
    for f in [
        yfen(&[("D", "a1")]),
        START.to_string(),
        boxed(&[("D'", "a4"), ("D'", "b4")]),
    ] {
        let l = moves(&f);
        let mut d = l.clone();
        d.dedup();
        assert_eq!(l, d, "{f}");
    }
}

#[test]
fn start_position_has_138_moves_and_19044_after_two_plies() {
    let p = pos(START);
    assert_eq!(list(&p).len(), 138);
    let def = kaissa::variant::Registry::builtin()
        .get("jikaida", &[])
        .expect("jikaida");
    let mut s = kaissa::engine::new_state(&def).expect("state");
    assert_eq!(s.fen(), START);
    assert_eq!(s.legal_moves().len(), 138);
    assert_eq!(s.perft(2), 19_044);
    // Blue may move first (by agreement): the array is symmetric, so 138 too.
    let blue_first = START.replace(" y Kk 1", " b Kk 1");
    s.set_position(Some(&blue_first), &[]).expect("blue first");
    assert_eq!(s.legal_moves().len(), 138);
    let rank = |m: &String| -> usize { split(m).0[1..].parse().unwrap() };
    assert!(s.legal_moves().iter().all(|m| rank(m) >= 16));
}

// ---------------------------------------------------------------------------------------------
// §3.2 Forms
// ---------------------------------------------------------------------------------------------

#[test]
fn jikaida_swods_start_position() {
    let def = kaissa::variant::Registry::builtin()
        .get("jikaida-swods", &[])
        .expect("jikaida-swods");
    let s = kaissa::engine::new_state(&def).expect("state");
    let fen = s.fen();
    let rows: Vec<&str> = fen.split_whitespace().next().unwrap().split('/').collect();
    // Ranks 18 .. 1.
    assert_eq!(rows[0], "cjhapkannhjc");
    assert_eq!(rows[1], "dddddddddddd");
    assert_eq!(rows[2], "ssssssssssss");
    assert_eq!(rows[3], "ssssssssssss");
    assert!(rows[4..14].iter().all(|r| *r == "12"));
    assert_eq!(rows[14], "SSSSSSSSSSSS");
    assert_eq!(rows[15], "SSSSSSSSSSSS");
    assert_eq!(rows[16], "DDDDDDDDDDDD");
    assert_eq!(rows[17], "CJHNNAPKAHJC");
    assert!(fen.ends_with(" y Kk 1"));
    // Rank-4 Swods go one or two squares (the 6|7 front stops the third); rank-3 Swods are
    // hemmed in; rank-1 pieces vault over ranks 2-4.
    let l = s.legal_moves();
    assert_moves_in(
        &l,
        &["c4c5", "c4c6", "c4b5", "c4e6", "a1a5", "a1e5"],
        &["c4c7", "c3c4"],
    );
    assert!(!l.iter().any(|m| split(m).0 == "c3" || split(m).0 == "c2"));
}

#[test]
fn porondwa_start_position() {
    let def = kaissa::variant::Registry::builtin()
        .get("porondwa", &[])
        .expect("porondwa");
    let s = kaissa::engine::new_state(&def).expect("state");
    let fen = s.fen();
    let rows: Vec<&str> = fen.split_whitespace().next().unwrap().split('/').collect();
    assert_eq!(rows[0], "cjhapkannhjc");
    assert_eq!(rows[1], "dddddddddddd");
    assert_eq!(rows[2], "dddddddddddd");
    assert_eq!(rows[3], "ssssssssssss");
    assert!(rows[4..14].iter().all(|r| *r == "12"));
    assert_eq!(rows[14], "SSSSSSSSSSSS");
    assert_eq!(rows[15], "DDDDDDDDDDDD");
    assert_eq!(rows[16], "DDDDDDDDDDDD");
    assert_eq!(rows[17], "CJHNNAPKAHJC");
    // Rank-4 Swods move; rank-1 pieces vault over the two Deldar ranks and the Swods.
    let l = s.legal_moves();
    assert_moves_in(&l, &["c4c5", "c4c6", "a1a5", "a1e5"], &["c4c7"]);
    assert!(
        l.iter()
            .all(|m| split(m).0.ends_with('4') || split(m).0.ends_with('1'))
    );
}

#[test]
fn hyrshiv_board_18_by_24_has_fronts_every_six_files_and_ranks() {
    // Jiktars l12 (next to the l|m and 12|13 fronts) and c18 (next to 18|19).
    let pieces = [
        ("J", "l12"),
        ("J", "c18"),
        ("K", "a1"),
        ("k", "r24"),
        ("d'", "q24"),
    ];
    let fen = format!("{} y - 1", placement_of(18, 24, &pieces));
    let expect_l12 = set(&[
        "l13", "l14", "l15", "l16", "l17", "l18", "l11", "l10", "l9", "l8", "l7", "m12", "n12",
        "o12", "p12", "q12", "r12", "k12", "j12", "i12", "h12", "g12",
    ]);
    let expect_c18 = set(&[
        "c19", "c20", "c21", "c22", "c23", "c24", "c17", "c16", "c15", "c14", "c13", "d18", "e18",
        "f18", "b18", "a18",
    ]);
    let from = |l: &[String], sq: &str| -> Vec<String> {
        let mut v: Vec<String> = l
            .iter()
            .filter(|m| split(m).0 == sq)
            .map(|m| split(m).1.to_string())
            .collect();
        v.sort();
        v
    };
    // Through the width-free interface (a FEN of another size builds its board).
    let def = kaissa::variant::Registry::builtin()
        .get("jikaida", &[])
        .expect("jikaida");
    let mut s = kaissa::engine::new_state(&def).expect("state");
    s.set_position(Some(&fen), &[]).expect("18 x 24 FEN");
    assert_eq!(s.fen(), fen);
    let l = s.legal_moves();
    assert_eq!(from(&l, "l12"), expect_l12);
    assert_eq!(from(&l, "c18"), expect_c18);
    // Directly on a Wide<7> board.
    let b7 = Arc::new(Board::<Wide<7>>::new(18, 24));
    let p = JikaidaPosition::from_fen(b7.clone(), &fen).expect("18 x 24");
    let mut v = Vec::new();
    p.generate(&mut v);
    let l: Vec<String> = v.iter().map(|&m| p.move_text(m)).collect();
    assert_eq!(from(&l, "l12"), expect_l12);
    // No Fluttember on a board without a published array.
    let with_flutter = fen.replace(" y - 1", " y Kk 1");
    assert!(JikaidaPosition::from_fen(b7, &with_flutter).is_err());
}
