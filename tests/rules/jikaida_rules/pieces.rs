//! §3.1: each piece's moves, and the first moves (Paktun, Deldar, Swod).

use super::*;

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
