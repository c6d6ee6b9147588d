//! §3.1: fronts (who may cross, and when) and the Pallan's refraction at a front.

use super::*;

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
