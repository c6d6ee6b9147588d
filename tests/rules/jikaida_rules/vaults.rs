//! §3.1: vaults (zeunt) by every piece, and the Pallan's bent vault and move-then-vault.

use super::*;

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
