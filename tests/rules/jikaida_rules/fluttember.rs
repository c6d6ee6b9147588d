//! §3.1: the King's Fluttember.

use super::*;

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
        Some((Color::First, kaissa::games::jikaida::KING))
    );
    assert_eq!(
        p.piece_at(cell("h1")),
        Some((Color::First, kaissa::games::jikaida::CHUKTAR))
    );
    assert!(!p.has_flutter(Color::First));
    assert!(p.to_fen().ends_with(" b - 1"), "{}", p.to_fen());
    let p = play(&f, &["h1f1"]);
    assert_eq!(
        p.piece_at(cell("h1")),
        Some((Color::First, kaissa::games::jikaida::KAPT))
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
        Some((Color::First, kaissa::games::jikaida::KING))
    );
    assert_eq!(
        p.piece_at(cell("l1")),
        Some((Color::First, kaissa::games::jikaida::CHUKTAR))
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
