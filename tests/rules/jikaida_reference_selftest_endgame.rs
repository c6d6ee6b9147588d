//! Tests of the Poron Jikaida reference generator in `tests/jikaida_reference/`: promotion,
//! the Fluttember, check (by a vault), checkmate and stalemate, and the bare King's one reply,
//! in hand-built positions whose move lists are derived by hand in the comments (docs/RULES.md
//! section 3).
//!
//! Coordinates: files a..l (0..11), ranks 1..18; on the 12 x 18 board the fronts run between
//! files f|g and between ranks 6|7 and 12|13, so the interior drin corners are f6/g6/f7/g7 and
//! f12/g12/f13/g13.

use crate::jikaida_reference;
use crate::jikaida_reference_selftest_common;

use jikaida_reference::{
    attacked, divide, in_check, is_game_over, legal_moves, perft, piece_at, play,
};
use jikaida_reference_selftest_common::{
    board, has, moves, moves_from, poron, squares, targets, ways,
};

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
