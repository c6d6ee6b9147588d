//! Move notation: from-to with two-digit ranks, drops `H@e1` with the upper-case letter for
//! both sides, promotion as a lower-case suffix; and the FEN forms the tests rely on.

use super::*;

#[test]
fn two_digit_ranks() {
    for v in SETS {
        let f = fen(
            &[
                ("a9", 'R'),
                ("a1", 'H'),
                ("j10", 'h'),
                ("j4", 'u'),
                ("b10", 'r'),
            ],
            "",
            'w',
            20,
        );
        let mut pos = load(v, &f);
        assert_eq!(
            moves_from(&pos, "a9"),
            set("a9a10 a9b10 a9a8 a9b8 a9b9"),
            "{v}"
        );
        assert!(moves_from(&pos, "a1").iter().all(|m| !m.starts_with("a10")));
        let mv = play(&mut pos, "a9a10");
        assert_eq!(mv.to_text(pos.game()), "a9a10");
        assert_eq!((mv.from(), mv.to()), (cell(&pos, "a9"), cell(&pos, "a10")));
        assert_eq!(letter_at(&pos, "a10"), Some('R'));
        // Red's reply from rank 10.
        let mv = play(&mut pos, "b10a9");
        assert_eq!(mv.to_text(pos.game()), "b10a9");
    }
}

#[test]
fn drop_notation_for_both_sides() {
    for (v, turn) in [
        ("merchants", 8),
        ("northern", 3),
        ("gc", 3),
        ("gorean", 1),
        ("kaissa", 2),
    ] {
        let f = fen(&[("j4", 'u')], "Hh", 'w', turn);
        let mut pos = load(v, &f);
        assert!(
            pos.parse_move("h@e1").is_err(),
            "{v}: lower case is no move"
        );
        assert!(pos.parse_move("H@e10").is_err(), "{v}: not on Red's rank");
        let mv = play(&mut pos, "H@e1");
        assert!(mv.is_drop());
        assert_eq!(mv.to_text(pos.game()), "H@e1");
        assert_eq!(letter_at(&pos, "e1"), Some('H'));
        assert!(
            pos.parse_move("h@e10").is_err(),
            "{v}: lower case is no move"
        );
        let mv = play(&mut pos, "H@e10");
        assert_eq!(mv.to_text(pos.game()), "H@e10");
        assert_eq!(letter_at(&pos, "e10"), Some('h'));
        assert!(pos.to_fen().contains("[]"), "{v}: {}", pos.to_fen());
    }
}

#[test]
fn promotion_suffix_is_lower_case() {
    for v in ["gc", "gorean", "kaissa"] {
        let f = fen(
            &[("c9", 'P'), ("a1", 'H'), ("j1", 'h'), ("j4", 'u')],
            "",
            'w',
            20,
        );
        let pos = load(v, &f);
        assert!(pos.parse_move("c9c10t").is_ok(), "{v}");
        assert!(pos.parse_move("c9c10r").is_ok(), "{v}");
        assert!(pos.parse_move("c9c10T").is_err(), "{v}");
        assert!(pos.parse_move("c9c10").is_err(), "{v}");
        assert!(
            pos.parse_move("c9c10u").is_err(),
            "{v}: only Tarnsman or Rider"
        );
        assert!(
            pos.parse_move("c9c10a").is_err(),
            "{v}: only Tarnsman or Rider"
        );
        let f = fen(
            &[("c2", 'p'), ("a1", 'H'), ("j10", 'h'), ("j4", 'u')],
            "",
            'b',
            20,
        );
        let pos = load(v, &f);
        let straight: BTreeSet<String> = moves_from(&pos, "c2")
            .into_iter()
            .filter(|m| m.starts_with("c2c1"))
            .collect();
        assert_eq!(straight, set("c2c1t c2c1r"), "{v}");
    }
}

/// The FENs built by these tests read and write back unchanged (two-digit empty runs,
/// bracketed hands, the unmoved field only where it differs from the default).
#[test]
fn fen_round_trip() {
    for v in SETS {
        let start = game(v, &[]).def.start_fen.clone();
        assert_eq!(load(v, &start).to_fen(), start, "{v}");
        for f in [
            fen(&[("a1", 'H'), ("j10", 'h'), ("j4", 'u')], "", 'w', 20),
            fen(&[("e5", 'R'), ("j4", 'u')], "Hh", 'b', 3),
            format!(
                "{} w - - 0 20 -",
                placement(&[("e2", 'P'), ("j4", 'u')], "Hh")
            ),
        ] {
            assert_eq!(load(v, &f).to_fen(), f, "{v}");
        }
    }
}
