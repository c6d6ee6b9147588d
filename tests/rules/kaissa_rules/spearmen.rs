//! 1.2: the Spearman of each rule set.

use super::*;

/// Harmless Home Stones for Spearman scenes (Yellow j1, Red h5), and a Red Ubar out of the
/// way (in gorean a position with neither Ubar is a draw).
const STONES: [(&str, char); 3] = [("j1", 'H'), ("h5", 'h'), ("j5", 'u')];

/// One Spearman scene: the pieces (stones added), the Spearman's square, and its targets in
/// merchants, northern, gc, gorean, kaissa (with a promotion suffix where it promotes).
struct Case {
    name: &'static str,
    pieces: &'static [(&'static str, char)],
    at: &'static str,
    want: [&'static str; 5],
}

const CASES: &[Case] = &[
    Case {
        name: "unmoved on its start square, open file: 1-3 forward",
        pieces: &[("e2", 'P')],
        at: "e2",
        want: [
            "e3 e4 e5",
            "e3 e4 e5",
            "e3 e4 e5",
            "e3 e4 e5 d3 f3 d2 f2",
            "e3 e4 e5",
        ],
    },
    Case {
        name: "first move, enemy on the next square: no move forward, no jump",
        pieces: &[("e2", 'P'), ("e3", 'r')],
        at: "e2",
        want: ["", "", "", "d3 f3 d2 f2", ""],
    },
    Case {
        name: "first move, own piece two squares ahead: one step only",
        pieces: &[("e2", 'P'), ("e4", 'R')],
        at: "e2",
        want: ["e3", "e3", "e3", "e3 d3 f3 d2 f2", "e3"],
    },
    Case {
        name: "first move, enemy three squares ahead: two steps, no straight capture",
        pieces: &[("e2", 'P'), ("e5", 'r')],
        at: "e2",
        want: ["e3 e4", "e3 e4", "e3 e4", "e3 e4 d3 f3 d2 f2", "e3 e4"],
    },
    Case {
        name: "first move: at most three squares",
        pieces: &[("e2", 'P'), ("e6", 'r')],
        at: "e2",
        want: [
            "e3 e4 e5",
            "e3 e4 e5",
            "e3 e4 e5",
            "e3 e4 e5 d3 f3 d2 f2",
            "e3 e4 e5",
        ],
    },
    Case {
        name: "first move next to pieces: sideways and diagonal steps never capture sideways",
        pieces: &[
            ("e2", 'P'),
            ("d2", 'r'),
            ("f2", 'R'),
            ("d3", 'r'),
            ("f3", 'R'),
        ],
        at: "e2",
        want: [
            "e3 e4 e5 d3",
            "e3 e4 e5 d3",
            "e3 e4 e5 d3",
            "e3 e4 e5 d3",
            "e3 e4 e5 d3",
        ],
    },
    Case {
        name: "moved: one step; captures diagonally forward only",
        pieces: &[
            ("e4", 'P'),
            ("d5", 'r'),
            ("f5", 'R'),
            ("d4", 'r'),
            ("d3", 'r'),
            ("e3", 'r'),
            ("f3", 'r'),
        ],
        at: "e4",
        want: ["e5 d5", "e5 d5", "e5 d5", "e5 d5 f4", "e5 d5"],
    },
    Case {
        name: "moved, blocked ahead: no capture straight, no quiet diagonal (except gorean)",
        pieces: &[("e4", 'P'), ("e5", 'r')],
        at: "e4",
        want: ["", "", "", "d5 f5 d4 f4", ""],
    },
    Case {
        name: "on rank 8: one step, a capture; no quiet diagonal",
        pieces: &[("c8", 'P'), ("d9", 'r')],
        at: "c8",
        want: ["c9 d9", "c9 d9", "c9 d9", "c9 b9 d9 b8 d8", "c9 d9"],
    },
    Case {
        name: "on rank 9: stays a Spearman (merchants, northern) or must promote to T or R",
        pieces: &[("c9", 'P'), ("d10", 'r')],
        at: "c9",
        want: [
            "c10 d10",
            "c10 d10",
            "c10t c10r d10t d10r",
            "c10t c10r b10t b10r d10t d10r b9 d9",
            "c10t c10r b10t b10r d10t d10r",
        ],
    },
    Case {
        name: "on rank 9, own piece and enemy in front",
        pieces: &[("c9", 'P'), ("b10", 'R'), ("c10", 'r')],
        at: "c9",
        want: ["", "", "", "d10t d10r b9 d9", "d10t d10r"],
    },
    Case {
        name: "on rank 9 at the edge",
        pieces: &[("a9", 'P')],
        at: "a9",
        want: [
            "a10",
            "a10",
            "a10t a10r",
            "a10t a10r b10t b10r b9",
            "a10t a10r b10t b10r",
        ],
    },
];

#[test]
fn spearman_moves_in_every_set() {
    for case in CASES {
        let mut pieces = case.pieces.to_vec();
        pieces.extend(STONES);
        for (i, v) in SETS.iter().enumerate() {
            let want = fromto(case.at, case.want[i]);
            check_from(case.name, v, &pieces, case.at, &want);
        }
    }
}

#[test]
fn merchants_and_northern_spearmen_are_stuck_on_the_last_rank() {
    for v in ["merchants", "northern"] {
        let pieces = [("e10", 'P'), ("d9", 'r'), ("j1", 'H'), ("a1", 'h')];
        check_from("stuck", v, &pieces, "e10", &BTreeSet::new());
        // Reaching it, the Spearman stays a Spearman.
        let mut pos = load(
            v,
            &fen(&[("e9", 'P'), ("j1", 'H'), ("a1", 'h')], "", 'w', 20),
        );
        play(&mut pos, "e9e10");
        assert_eq!(letter_at(&pos, "e10"), Some('P'), "{v}");
    }
}

#[test]
fn promotion_makes_a_tarnsman_or_a_rider() {
    for v in ["gc", "gorean", "kaissa"] {
        for (mv, sq, letter) in [("c9c10t", "c10", 'T'), ("c9d10r", "d10", 'R')] {
            let f = fen(
                &[
                    ("c9", 'P'),
                    ("d10", 'b'),
                    ("j1", 'H'),
                    ("a1", 'h'),
                    ("j5", 'u'),
                ],
                "",
                'w',
                20,
            );
            let mut pos = load(v, &f);
            play(&mut pos, mv);
            assert_eq!(letter_at(&pos, sq), Some(letter), "{v} {mv}");
            assert_eq!(letter_at(&pos, "c9"), None, "{v} {mv}");
            assert!(
                pos.parse_move("c9c10").is_err(),
                "{v}: promotion is mandatory"
            );
        }
        // Red promotes on rank 1.
        let f = fen(
            &[("c2", 'p'), ("j1", 'H'), ("a10", 'h'), ("j5", 'u')],
            "",
            'b',
            20,
        );
        let mut pos = load(v, &f);
        play(&mut pos, "c2c1r");
        assert_eq!(letter_at(&pos, "c1"), Some('r'), "{v}");
    }
}

#[test]
fn gorean_spearmen_start_with_five_moves() {
    let g = game("gorean", &[]);
    let start = g.start_position();
    for file in "cdefgh".chars() {
        let sq = format!("{file}2");
        assert_eq!(moves_from(&start, &sq).len(), 5, "gorean {sq}");
    }
    let red = g.def.start_fen.replace(" w ", " b ");
    let pos = load("gorean", &red);
    for file in "cdefgh".chars() {
        let sq = format!("{file}9");
        assert_eq!(moves_from(&pos, &sq).len(), 5, "gorean {sq}");
    }
    assert_eq!(moves_from(&start, "c2"), fromto("c2", "c3 c4 c5 b3 d3"));
}

/// A gorean Spearman that stepped sideways onto another start square has moved: no long
/// move, and the FEN records it.
#[test]
fn gorean_sideways_step_loses_the_first_move() {
    let f = fen(
        &[
            ("c2", 'P'),
            ("a1", 'H'),
            ("j9", 'r'),
            ("j10", 'h'),
            ("j5", 'u'),
        ],
        "",
        'w',
        20,
    );
    let mut pos = load("gorean", &f);
    assert_eq!(moves_from(&pos, "c2"), fromto("c2", "c3 c4 c5 b3 d3 b2 d2"));
    play_all(&mut pos, "c2d2 j9j8");
    let moved = fromto("d2", "d3 c3 e3 c2 e2");
    assert_eq!(moves_from(&pos, "d2"), moved);
    // The FEN says so, and reads back the same.
    let written = pos.to_fen();
    assert!(written.ends_with(" -"), "unmoved field missing: {written}");
    assert_eq!(moves_from(&load("gorean", &written), "d2"), moved);
    // A FEN whose unmoved field leaves d2 out gives the same; without the field, d2 is a
    // start square and the Spearman is unmoved.
    let base = placement(
        &[
            ("d2", 'P'),
            ("a1", 'H'),
            ("j8", 'r'),
            ("j10", 'h'),
            ("j5", 'u'),
        ],
        "",
    );
    let pos = load("gorean", &format!("{base} w - - 0 20 -"));
    assert_eq!(moves_from(&pos, "d2"), moved);
    let pos = load("gorean", &format!("{base} w - - 0 20"));
    assert_eq!(moves_from(&pos, "d2"), fromto("d2", "d3 d4 d5 c3 e3 c2 e2"));
}

/// Every set: a Spearman that has moved, or whose FEN says it has, has no long move; the
/// field also lists unmoved Spearmen off their start squares.
#[test]
fn unmoved_field_and_moving_once_end_the_first_move() {
    for (i, v) in SETS.iter().enumerate() {
        let extra = if i == 3 { " d3 f3 d2 f2" } else { "" };
        let base = placement(
            &[
                ("e2", 'P'),
                ("a1", 'H'),
                ("j9", 'r'),
                ("j10", 'h'),
                ("j5", 'u'),
            ],
            "",
        );
        let pos = load(v, &format!("{base} w - - 0 20 -"));
        assert_eq!(
            moves_from(&pos, "e2"),
            fromto("e2", &format!("e3{extra}")),
            "{v}"
        );
        let mut pos = load(v, &format!("{base} w - - 0 20"));
        play_all(&mut pos, "e2e3 j9j8");
        let extra = if i == 3 { " d4 f4 d3 f3" } else { "" };
        assert_eq!(
            moves_from(&pos, "e3"),
            fromto("e3", &format!("e4{extra}")),
            "{v}"
        );
    }
}

#[test]
fn kaissa_a3_j3_a8_j8_spearmen_have_no_long_move() {
    let g = game("kaissa", &[]);
    let start = g.start_position();
    assert_eq!(moves_from(&start, "a3"), set("a3a4"));
    assert_eq!(moves_from(&start, "j3"), set("j3j4"));
    assert_eq!(moves_from(&start, "e2"), set("e2e3 e2e4 e2e5"));
    let red = load("kaissa", &g.def.start_fen.replace(" w ", " b "));
    assert_eq!(moves_from(&red, "a8"), set("a8a7"));
    assert_eq!(moves_from(&red, "j8"), set("j8j7"));
    assert_eq!(moves_from(&red, "e9"), set("e9e8 e9e7 e9e6"));
    // Moved there (written on a3 in a FEN without the field): still one step.
    let f = fen(
        &[("a3", 'P'), ("j8", 'p'), ("e1", 'H'), ("e10", 'h')],
        "",
        'w',
        20,
    );
    assert_eq!(moves_from(&load("kaissa", &f), "a3"), set("a3a4"));
}

/// The a3/j3 Spearmen start there and have never moved; a FEN that lists them as unmoved must
/// not give them the long move: the engine may refuse such a FEN, or read it and still give
/// them only the step.
#[test]
fn kaissa_a3_spearman_listed_as_unmoved_has_no_long_move() {
    let g = game("kaissa", &[]);
    for (side, listed, sq, want) in [
        ("w", "a3", "a3", "a3a4"),
        ("w", "j3", "j3", "j3j4"),
        ("b", "a8", "a8", "a8a7"),
        ("b", "j8", "j8", "j8j7"),
        ("w", "a3,e2", "a3", "a3a4"),
    ] {
        let f = format!(
            "{} {listed}",
            g.def.start_fen.replace(" w ", &format!(" {side} "))
        );
        if let Ok(pos) = Position::from_fen(&g, &f) {
            assert_eq!(moves_from(&pos, sq), set(want), "{f}");
        }
    }
}

/// No en passant: after a long first move past an enemy Spearman, it cannot take on the
/// squares passed over.
#[test]
fn no_en_passant() {
    for (i, v) in SETS.iter().enumerate() {
        let gorean = i == 3;
        let f = fen(
            &[
                ("e2", 'P'),
                ("d4", 'p'),
                ("f5", 'p'),
                ("a1", 'H'),
                ("j10", 'h'),
                ("j5", 'u'),
            ],
            "",
            'w',
            20,
        );
        // Two squares, past d4 (e3 next to it).
        let mut pos = load(v, &f);
        play(&mut pos, "e2e4");
        let want = if gorean { "d3 c3 e3 c4" } else { "d3" };
        assert_eq!(moves_from(&pos, "d4"), fromto("d4", want), "{v} after e2e4");
        // Three squares, past d4 and f5 (e3, e4 next to them).
        let mut pos = load(v, &f);
        play(&mut pos, "e2e5");
        let want = if gorean { "d3 c3 e3 c4 e4" } else { "d3" };
        assert_eq!(moves_from(&pos, "d4"), fromto("d4", want), "{v} after e2e5");
        let want = if gorean { "f4 e4 g4 g5" } else { "f4" };
        assert_eq!(moves_from(&pos, "f5"), fromto("f5", want), "{v} after e2e5");
        if gorean {
            // The quiet diagonal step to a passed square takes nothing.
            play(&mut pos, "d4e4");
            assert_eq!(letter_at(&pos, "e5"), Some('P'));
        }
    }
}
