//! §3.1: FEN (first-move marks, Fluttember rights) and move notation.

use super::*;

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
    use kaissa::games::jikaida::*;
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
    let def = kaissa::games::variants::Registry::builtin()
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
