//! §3.1: propt (a Swod next to a friendly Deldar) and the Swod's promotion.

use super::*;

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
