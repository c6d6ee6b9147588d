//! 1.4: the end of the game: Home Stone capture, the Ubars, no legal move, threefold
//! repetition and the 100-ply rule.

use super::*;

/// Loads `pieces` with Yellow to move (or the mirror with Red to move), no hands, turn 20.
fn scene(variant: &str, yellow: bool, pieces: &[(&str, char)], halfmove: u32) -> Pos {
    let (m, side) = if yellow {
        (
            pieces.iter().map(|&(s, c)| (s.to_string(), c)).collect(),
            'w',
        )
    } else {
        (mirror_pieces(pieces), 'b')
    };
    let pairs: Vec<(&str, char)> = m.iter().map(|(s, c)| (s.as_str(), *c)).collect();
    let f = format!("{} {side} - - {halfmove} 20", placement(&pairs, ""));
    load(variant, &f)
}

/// A move of Yellow's, or its mirror for Red.
fn mv(yellow: bool, m: &str) -> String {
    if yellow {
        m.to_string()
    } else {
        mirror_move(m)
    }
}

fn colour(yellow: bool) -> Color {
    if yellow { Color::First } else { Color::Second }
}

#[test]
fn capturing_the_home_stone_wins_at_once() {
    // Each capturer in turn: Rider, Ubar (from afar), Spearman.
    let cases: &[(&[(&str, char)], &str)] = &[
        (
            &[("e5", 'R'), ("e6", 'h'), ("a1", 'H'), ("j9", 'r')],
            "e5e6",
        ),
        (
            &[("e2", 'U'), ("e9", 'h'), ("a1", 'H'), ("j9", 'r')],
            "e2e9",
        ),
        (
            &[("d5", 'P'), ("e6", 'h'), ("a1", 'H'), ("j9", 'r')],
            "d5e6",
        ),
    ];
    for v in SETS {
        for &(pieces, m) in cases {
            let mut pieces = pieces.to_vec();
            pieces.push(("j4", 'u'));
            for yellow in [true, false] {
                let mut pos = scene(v, yellow, &pieces, 0);
                assert_eq!(pos.decided(), None, "{v}");
                play(&mut pos, &mv(yellow, m));
                let won = Some(Outcome::Win(colour(yellow), WinReason::Capture));
                assert_eq!(pos.decided(), won, "{v} {m} yellow={yellow}");
                assert_eq!(pos.outcome(), won, "{v} {m} yellow={yellow}");
                assert!(
                    legal(&pos).is_empty(),
                    "{v} {m}: no moves after the capture"
                );
                assert_eq!(pos.count_moves(), 0);
                assert!(pos.parse_move(&mv(!yellow, "j9j8")).is_err(), "{v}");
                pos.unmake();
                assert_eq!(pos.decided(), None, "{v} unmake");
            }
        }
    }
    // The Tarnsman's leap takes it too (kaissa (3,2), gorean (2,1) also with the option).
    for (v, opts, m) in [
        ("kaissa", &[][..], "e5h7"),
        ("gorean", &[], "e5f7"),
        ("gorean", &["flight_captures_only"], "e5f7"),
    ] {
        let to = &m[2..];
        let f = fen(
            &[("e5", 'T'), (to, 'h'), ("a1", 'H'), ("j4", 'u')],
            "",
            'w',
            20,
        );
        let mut pos = load_with(v, opts, &f);
        play(&mut pos, m);
        assert_eq!(
            pos.decided(),
            Some(Outcome::Win(Color::First, WinReason::Capture)),
            "{v} {opts:?}"
        );
    }
}

/// A side with no Home Stone on the board or in hand has lost, whoever is to move.
#[test]
fn a_side_without_home_stone_has_lost() {
    for v in SETS {
        for (hand, pieces, winner) in [
            ("", &[("a1", 'H'), ("j4", 'u')][..], Color::First),
            ("", &[("a10", 'h'), ("j4", 'u')], Color::Second),
            ("H", &[("j4", 'u')], Color::First),
            ("h", &[("j4", 'u')], Color::Second),
        ] {
            for side in ['w', 'b'] {
                let pos = load(v, &fen(pieces, hand, side, 5));
                let won = Some(Outcome::Win(winner, WinReason::Capture));
                assert_eq!(pos.decided(), won, "{v} {hand} {pieces:?} {side}");
                assert!(legal(&pos).is_empty(), "{v}");
            }
        }
        // With a stone on the board or in hand each, play goes on (turn 20: no drops left
        // when both are on the board).
        let pos = load(
            v,
            &fen(&[("a1", 'H'), ("a10", 'h'), ("j4", 'u')], "", 'w', 20),
        );
        assert_eq!(pos.decided(), None, "{v}");
        assert_eq!(pos.outcome(), None, "{v}");
    }
}

#[test]
fn losing_the_ubar_does_not_end_the_game() {
    for v in SETS {
        for yellow in [true, false] {
            let pieces = [
                ("e5", 'R'),
                ("e6", 'u'),
                ("b2", 'U'),
                ("a1", 'H'),
                ("j10", 'h'),
                ("j8", 'r'),
            ];
            let mut pos = scene(v, yellow, &pieces, 0);
            play(&mut pos, &mv(yellow, "e5e6"));
            assert_eq!(pos.decided(), None, "{v} yellow={yellow}");
            assert_eq!(pos.outcome(), None, "{v} yellow={yellow}");
            assert_eq!(
                moves_from(
                    &pos,
                    &if yellow {
                        "j8".to_string()
                    } else {
                        mirror_sq("j8")
                    }
                )
                .len(),
                5,
                "{v}: the side without its Ubar plays on"
            );
        }
    }
}

/// gorean only: the game is drawn when both Ubars are gone; one gone is no draw.
#[test]
fn both_ubars_gone_draws_in_gorean_only() {
    for v in SETS {
        for yellow in [true, false] {
            // Yellow's Ubar is already gone; Yellow takes Red's.
            let pieces = [
                ("e5", 'R'),
                ("e6", 'u'),
                ("a1", 'H'),
                ("j10", 'h'),
                ("j8", 'r'),
            ];
            let mut pos = scene(v, yellow, &pieces, 0);
            assert_eq!(pos.decided(), None, "{v}: one Ubar left");
            assert_eq!(pos.outcome(), None, "{v}: one Ubar left");
            play(&mut pos, &mv(yellow, "e5e6"));
            if v == "gorean" {
                let draw = Some(Outcome::Draw(DrawReason::BothLost));
                assert_eq!(pos.decided(), draw, "{v} yellow={yellow}");
                assert_eq!(pos.outcome(), draw, "{v} yellow={yellow}");
                assert!(legal(&pos).is_empty(), "{v}");
            } else {
                assert_eq!(pos.decided(), None, "{v} yellow={yellow}");
                assert_eq!(pos.outcome(), None, "{v} yellow={yellow}");
                assert!(!legal(&pos).is_empty(), "{v}");
            }
        }
    }
    // Both options keep the rule.
    let f = fen(&[("a1", 'H'), ("j10", 'h')], "", 'w', 20);
    let pos = load_with("gorean", &["seven_turn_window", "flight_captures_only"], &f);
    assert_eq!(pos.decided(), Some(Outcome::Draw(DrawReason::BothLost)));
}

/// A player with no legal move: draw (not a loss), in every set, for either colour.
#[test]
fn no_legal_move_is_a_draw() {
    // Yellow's only piece is its Home Stone, boxed in by enemy Riders it cannot capture.
    let boxed = [
        ("a1", 'H'),
        ("a2", 'r'),
        ("b1", 'r'),
        ("b2", 'r'),
        ("j10", 'h'),
        ("j5", 'u'),
    ];
    for v in SETS {
        for yellow in [true, false] {
            let pos = scene(v, yellow, &boxed, 0);
            assert!(legal(&pos).is_empty(), "{v} yellow={yellow}");
            assert_eq!(pos.decided(), None, "{v} yellow={yellow}");
            assert_eq!(
                pos.outcome(),
                Some(Outcome::Draw(DrawReason::NoMoves)),
                "{v} yellow={yellow}"
            );
        }
    }
    // merchants, northern: a Spearman stuck on the last rank adds no move.
    let mut stuck = boxed.to_vec();
    stuck.push(("e10", 'P'));
    for v in ["merchants", "northern"] {
        let pos = scene(v, true, &stuck, 0);
        assert_eq!(
            pos.outcome(),
            Some(Outcome::Draw(DrawReason::NoMoves)),
            "{v}"
        );
    }
}

/// Threefold repetition: the third time the same position comes with the same side to move.
#[test]
fn threefold_repetition_draws() {
    for v in SETS {
        let f = fen(
            &[
                ("c4", 'R'),
                ("a1", 'H'),
                ("h7", 'r'),
                ("j10", 'h'),
                ("j4", 'u'),
            ],
            "",
            'w',
            20,
        );
        let mut pos = load(v, &f);
        assert_eq!(pos.repetitions(), 0);
        play_all(&mut pos, "c4c5 h7h6 c5c4 h6h7");
        assert_eq!(pos.repetitions(), 1, "{v}");
        assert_eq!(pos.outcome(), None, "{v}: twice is no draw");
        play_all(&mut pos, "c4c5 h7h6 c5c4");
        assert_eq!(pos.outcome(), None, "{v}");
        play(&mut pos, "h6h7");
        assert_eq!(pos.repetitions(), 2, "{v}");
        let draw = Some(Outcome::Draw(DrawReason::Repetition));
        assert_eq!(pos.outcome(), draw, "{v}: three times");
        assert_eq!(pos.decided(), None, "{v}: repetition depends on history");
        // Taking a move back undoes it.
        pos.unmake();
        assert_eq!(pos.outcome(), None, "{v}");
    }
}

/// The same placement with the other side to move is another position.
#[test]
fn repetition_needs_the_same_side_to_move() {
    let f = fen(
        &[
            ("c4", 'R'),
            ("a1", 'H'),
            ("h7", 'r'),
            ("j10", 'h'),
            ("j4", 'u'),
        ],
        "",
        'w',
        20,
    );
    let mut pos = load("kaissa", &f);
    // Yellow goes round a triangle, Red back and forth: the start placement, Red to move.
    play_all(&mut pos, "c4c5 h7h6 c5d4 h6h7 d4c4");
    assert_eq!(pos.repetitions(), 0);
    // That position (Red to move) twice more; the start (Yellow to move) does not count.
    play_all(&mut pos, "h7h6 c4c5 h6h7 c5c4");
    assert_eq!(pos.repetitions(), 1);
    assert_eq!(pos.outcome(), None);
    play_all(&mut pos, "h7h6 c4c5 h6h7 c5c4");
    assert_eq!(pos.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
}

/// The repeated positions need not be reached by pieces other than Spearmen: a gorean
/// Spearman's sideways steps can be undone, so the position recurs with the same first-move
/// rights (both have moved), and the third time it is a draw.
#[test]
fn gorean_sideways_spearman_steps_can_repeat() {
    let f = fen(
        &[
            ("d4", 'P'),
            ("a1", 'H'),
            ("g7", 'p'),
            ("j10", 'h'),
            ("j4", 'u'),
        ],
        "",
        'w',
        20,
    );
    let mut pos = load("gorean", &f);
    play_all(&mut pos, "d4c4 g7f7 c4d4 f7g7");
    assert_eq!(pos.outcome(), None);
    play_all(&mut pos, "d4c4 g7f7 c4d4 f7g7");
    assert_eq!(pos.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
}

/// Positions repeated while the stones are still in hand count too: the rule compares the
/// position, side to move, hands and first-move rights, not the turn number.
#[test]
fn repetition_with_stones_in_hand() {
    let f = fen(&[("c4", 'R'), ("h7", 'r'), ("j4", 'u')], "Hh", 'w', 3);
    let mut pos = load("kaissa", &f);
    play_all(&mut pos, "c4c5 h7h6 c5c4 h6h7 c4c5 h7h6 c5c4");
    assert_eq!(pos.outcome(), None);
    play(&mut pos, "h6h7");
    assert_eq!(pos.fullmove(), 7);
    assert_eq!(pos.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
}

/// 100 plies without a capture, a Spearman move or a placement draw; each of those resets
/// the count, any other move adds one.
#[test]
fn hundred_ply_rule() {
    let base: &[(&str, char)] = &[
        ("c4", 'R'),
        ("a1", 'H'),
        ("e2", 'P'),
        ("h7", 'r'),
        ("h6", 'p'),
        ("c5", 'b'),
        ("j10", 'h'),
        ("j4", 'u'),
    ];
    let draw = Some(Outcome::Draw(DrawReason::PlyLimit));
    for v in SETS {
        for yellow in [true, false] {
            let at = |n: u32| scene(v, yellow, base, n);
            let m = |s: &str| mv(yellow, s);
            assert_eq!(at(99).outcome(), None, "{v}");
            assert_eq!(at(100).outcome(), draw, "{v}");
            assert_eq!(at(100).decided(), None, "{v}");
            // A Rider's step and the Home Stone's step count.
            for quiet in ["c4d4", "a1b1"] {
                let mut pos = at(99);
                play(&mut pos, &m(quiet));
                assert_eq!(pos.halfmove_clock(), 100, "{v} {quiet}");
                assert_eq!(pos.outcome(), draw, "{v} {quiet}");
                pos.unmake();
                assert_eq!(pos.halfmove_clock(), 99, "{v} {quiet}");
            }
            // A capture and a Spearman move reset it.
            for reset in ["c4c5", "e2e3"] {
                let mut pos = at(99);
                play(&mut pos, &m(reset));
                assert_eq!(pos.halfmove_clock(), 0, "{v} {reset}");
                assert_eq!(pos.outcome(), None, "{v} {reset}");
            }
            // The count goes on over the opponent's moves.
            let mut pos = at(40);
            play_all(&mut pos, &format!("{} {}", m("c4d4"), m("h7g7")));
            assert_eq!(pos.halfmove_clock(), 42, "{v}");
            play(&mut pos, &m("d4d5"));
            assert_eq!(pos.halfmove_clock(), 43, "{v}");
            play(&mut pos, &m("h6h5"));
            assert_eq!(pos.halfmove_clock(), 0, "{v}: the opponent's Spearman move");
        }
    }
    // A placement resets it (kaissa, turn 5, stone in hand), so does a promotion.
    let f = fen(
        &[("c4", 'R'), ("c9", 'P'), ("j10", 'h'), ("j4", 'u')],
        "H",
        'w',
        5,
    );
    let f = f.replace(" 0 5", " 99 5");
    let mut pos = load("kaissa", &f);
    assert_eq!(pos.halfmove_clock(), 99);
    play(&mut pos, "H@e1");
    assert_eq!(pos.halfmove_clock(), 0);
    let f = fen(
        &[("c9", 'P'), ("a1", 'H'), ("j10", 'h'), ("j4", 'u')],
        "",
        'w',
        20,
    );
    let mut pos = load("gc", &f.replace(" 0 20", " 99 20"));
    play(&mut pos, "c9c10r");
    assert_eq!(pos.halfmove_clock(), 0);
    assert_eq!(pos.outcome(), None);
}
