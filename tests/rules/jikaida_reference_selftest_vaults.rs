//! Tests of the Poron Jikaida reference generator in `tests/jikaida_reference/`: the Pallan's
//! slides and refraction, and the vaults (straight, across fronts, for Swods, propt, the
//! Pallan's bent vault and move-then-vault), in hand-built positions whose move lists are
//! derived by hand in the comments (docs/RULES.md §3).
//!
//! Coordinates: files a..l (0..11), ranks 1..18; on the 12 x 18 board the fronts run between
//! files f|g and between ranks 6|7 and 12|13, so the interior drin corners are f6/g6/f7/g7 and
//! f12/g12/f13/g13.

use crate::jikaida_reference;
use crate::jikaida_reference_selftest_common;

use jikaida_reference::{piece_at, play};
use jikaida_reference_selftest_common::{has, moves, moves_from, poron, squares, targets, ways};

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
