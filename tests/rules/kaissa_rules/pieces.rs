//! 1.2: every piece's moves in every rule set, checked as exact move sets against a small
//! board model written from docs/RULES.md's table, in five scenes and for both colours.

use super::*;
use std::collections::HashMap;

const ORTH: &[(i32, i32)] = &[(0, 1), (1, 0), (0, -1), (-1, 0)];
const DIAG: &[(i32, i32)] = &[(1, 1), (1, -1), (-1, -1), (-1, 1)];
const ALL: &[(i32, i32)] = &[
    (0, 1),
    (1, 0),
    (0, -1),
    (-1, 0),
    (1, 1),
    (1, -1),
    (-1, -1),
    (-1, 1),
];

/// One kind of move from docs/RULES.md §1.2.
#[derive(Clone, Copy, Debug)]
enum Part {
    /// Slides along the directions, at most k squares (0: no limit), stopped by the first
    /// piece, which it may capture if it is an enemy.
    Slide(&'static [(i32, i32)], i32),
    /// Leaps to the eight images of (a, b), over pieces, to an empty or enemy square.
    Leap(i32, i32),
    /// The same leap, but only capturing (gorean `flight_captures_only`).
    CaptureLeap(i32, i32),
    /// One king step to an empty square, never capturing (positioning move, Home Stone).
    Step,
    /// The positioning move, only while standing on the owner's ranks 1-5 (kaissa Tarnsman).
    StepInOwnHalf,
}

use Part::*;

/// The moves of a piece (FEN letter, upper case) in a rule set, straight from the table.
fn parts(variant: &str, options: &[&str], letter: char) -> Vec<Part> {
    let v = variant;
    match letter {
        'U' => vec![Slide(ALL, 0)],
        'A' => vec![Slide(
            ALL,
            match v {
                "merchants" => 3,
                "northern" => 5,
                "gc" => 6,
                "gorean" => 0,
                _ => 7,
            },
        )],
        'T' => match v {
            "merchants" | "northern" => vec![Leap(3, 2)],
            "gc" => vec![Leap(3, 2), Step],
            "gorean" if options.contains(&"flight_captures_only") => {
                vec![CaptureLeap(2, 1), Step]
            }
            "gorean" => vec![Leap(2, 1), Step],
            _ => vec![Leap(3, 2), StepInOwnHalf],
        },
        'S' => vec![Slide(
            DIAG,
            match v {
                "merchants" | "northern" => 5,
                "gc" => 7,
                "gorean" => 2,
                _ => 6,
            },
        )],
        'B' => vec![Slide(ORTH, 0)],
        'I' => vec![Slide(DIAG, 0)],
        'R' => vec![Slide(ALL, 1)],
        'X' => vec![Slide(ALL, 2)],
        'M' => vec![Slide(ORTH, if v == "northern" { 2 } else { 4 })],
        'H' => vec![Step],
        _ => unreachable!(),
    }
}

/// The letters of the pieces a set has, Spearman aside (tested on its own).
fn letters(variant: &str) -> &'static [char] {
    if variant == "merchants" {
        &['U', 'A', 'T', 'S', 'B', 'I', 'R', 'X', 'H']
    } else {
        &['U', 'A', 'T', 'S', 'B', 'I', 'R', 'M', 'H']
    }
}

/// The targets the model gives a piece on `from` of `board` (square -> FEN letter).
fn model(parts: &[Part], board: &HashMap<(i32, i32), char>, from: (i32, i32)) -> BTreeSet<String> {
    let yellow = board[&from].is_ascii_uppercase();
    let on = |(f, r): (i32, i32)| (0..10).contains(&f) && (0..10).contains(&r);
    let own = |c: char| c.is_ascii_uppercase() == yellow;
    let mut out = BTreeSet::new();
    let mut add = |to: (i32, i32)| {
        out.insert(format!("{}{}", square(from), square(to)));
    };
    let own_rank = if yellow { from.1 + 1 } else { 10 - from.1 };
    for &p in parts {
        match p {
            Slide(dirs, k) => {
                for &(dx, dy) in dirs {
                    let mut at = from;
                    let mut n = 0;
                    while k == 0 || n < k {
                        at = (at.0 + dx, at.1 + dy);
                        n += 1;
                        if !on(at) {
                            break;
                        }
                        match board.get(&at) {
                            None => add(at),
                            Some(&c) => {
                                if !own(c) {
                                    add(at);
                                }
                                break;
                            }
                        }
                    }
                }
            }
            Leap(a, b) | CaptureLeap(a, b) => {
                for (x, y) in [(a, b), (b, a)] {
                    for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                        let to = (from.0 + sx * x, from.1 + sy * y);
                        if !on(to) {
                            continue;
                        }
                        let ok = match board.get(&to) {
                            None => matches!(p, Leap(..)),
                            Some(&c) => !own(c),
                        };
                        if ok {
                            add(to);
                        }
                    }
                }
            }
            Step | StepInOwnHalf => {
                if matches!(p, StepInOwnHalf) && own_rank > 5 {
                    continue;
                }
                for &(dx, dy) in ALL {
                    let to = (from.0 + dx, from.1 + dy);
                    if on(to) && !board.contains_key(&to) {
                        add(to);
                    }
                }
            }
        }
    }
    out
}

/// A test scene, written for a Yellow piece; each scene is also played mirrored (ranks
/// reversed, colours swapped, Red to move).
struct Scene {
    name: &'static str,
    /// Where the piece under test stands.
    at: &'static str,
    /// The other pieces, Home Stones excluded. Each scene has a Red Ubar out of the way: in
    /// gorean a position with neither Ubar is a draw.
    others: &'static [(&'static str, char)],
    /// Where Yellow's and Red's Home Stones stand (Yellow's is left out when the piece under
    /// test is the Home Stone).
    stones: (&'static str, &'static str),
}

const SCENES: &[Scene] = &[
    // Open board with blockers at a distance: own pieces stop a ray before them (e8 on the
    // file, g7 on a diagonal), enemies are captured (b2 at distance 3, g5 at distance 2);
    // leap targets hold an own piece (g8, c6: not reachable) or an enemy (h3, c4: captured).
    Scene {
        name: "open middle",
        at: "e5",
        others: &[
            ("e8", 'R'),
            ("g7", 'R'),
            ("b2", 'r'),
            ("g5", 'r'),
            ("g8", 'R'),
            ("c6", 'R'),
            ("h3", 'r'),
            ("c4", 'r'),
            ("a7", 'u'),
        ],
        stones: ("j1", "a10"),
    },
    // A corner on an empty board: nine squares on each of the three lines, so every range
    // from 1 to 7 and "unlimited" give different move sets.
    Scene {
        name: "corner",
        at: "a1",
        others: &[("j4", 'u')],
        stones: ("i3", "c10"),
    },
    // An edge square of Yellow's sixth rank (Red's fifth when mirrored): lines of 4, 5 and 9.
    Scene {
        name: "edge",
        at: "j6",
        others: &[("a3", 'u')],
        stones: ("a2", "a9"),
    },
    // Hemmed in: own pieces behind and beside, enemies in front, one free square (f5). Leapers
    // jump out; sliders only capture or go east; steps only to f5.
    Scene {
        name: "hemmed in",
        at: "e5",
        others: &[
            ("d4", 'R'),
            ("e4", 'R'),
            ("f4", 'R'),
            ("d5", 'R'),
            ("d6", 'r'),
            ("e6", 'r'),
            ("f6", 'r'),
            ("a7", 'u'),
        ],
        stones: ("j1", "a10"),
    },
    // In the enemy half, next to enemy pieces: positioning moves never capture, and in kaissa
    // the Tarnsman has none here.
    Scene {
        name: "enemy half",
        at: "d8",
        others: &[
            ("c9", 'r'),
            ("d9", 'r'),
            ("e7", 'r'),
            ("c7", 'R'),
            ("j3", 'u'),
        ],
        stones: ("j1", "j10"),
    },
];

/// Checks one piece in one set (with options) in every scene, both colours.
fn check_piece(variant: &str, options: &[&str], letter: char) {
    let ps = parts(variant, options, letter);
    for scene in SCENES {
        for yellow in [true, false] {
            let flip = |sq: &str| {
                if yellow {
                    sq.to_string()
                } else {
                    mirror_sq(sq)
                }
            };
            let case = |c: char| if yellow { c } else { swap_case(c) };
            let mut list: Vec<(String, char)> = vec![(flip(scene.at), case(letter))];
            for &(sq, c) in scene.others {
                list.push((flip(sq), case(c)));
            }
            if letter != 'H' {
                list.push((flip(scene.stones.0), case('H')));
            }
            list.push((flip(scene.stones.1), case('h')));
            let board: HashMap<(i32, i32), char> =
                list.iter().map(|(s, c)| (coords(s), *c)).collect();
            let pairs: Vec<(&str, char)> = list.iter().map(|(s, c)| (s.as_str(), *c)).collect();
            let f = fen(&pairs, "", if yellow { 'w' } else { 'b' }, 20);
            let pos = load_with(variant, options, &f);
            let at = flip(scene.at);
            let want = model(&ps, &board, coords(&at));
            assert_eq!(
                moves_from(&pos, &at),
                want,
                "{variant} {options:?}: {} {letter} on {at} ({}), FEN {f}",
                if yellow { "Yellow" } else { "Red" },
                scene.name
            );
        }
    }
}

fn check_all_sets(letter: char) {
    for v in SETS {
        if letters(v).contains(&letter) {
            check_piece(v, &[], letter);
        }
    }
}

#[test]
fn ubar_is_a_queen_in_every_set() {
    check_all_sets('U');
}

#[test]
fn ubara_is_a_queen_of_range_3_5_6_unlimited_7() {
    check_all_sets('A');
}

#[test]
fn tarnsman_leaps_and_positioning_moves() {
    check_all_sets('T');
}

#[test]
fn scribe_is_a_bishop_of_range_5_5_7_2_6() {
    check_all_sets('S');
}

#[test]
fn builder_is_a_rook() {
    check_all_sets('B');
}

#[test]
fn initiate_is_a_bishop() {
    check_all_sets('I');
}

#[test]
fn rider_steps_like_a_king() {
    check_all_sets('R');
}

#[test]
fn assassin_is_a_queen_of_range_2_in_merchants() {
    check_all_sets('X');
}

#[test]
fn physician_is_a_rook_of_range_2_or_4() {
    check_all_sets('M');
}

#[test]
fn home_stone_steps_to_empty_squares_and_never_captures() {
    check_all_sets('H');
}

#[test]
fn gorean_flight_captures_only_option() {
    check_piece("gorean", &["flight_captures_only"], 'T');
    check_piece(
        "gorean",
        &["flight_captures_only", "seven_turn_window"],
        'T',
    );
    // Every other piece keeps its moves under both options.
    for &l in letters("gorean") {
        check_piece("gorean", &["flight_captures_only", "seven_turn_window"], l);
    }
}

/// Hand-written move sets for the Tarnsman, so that the rule is visible without the model.
#[test]
fn tarnsman_move_sets_written_out() {
    let f = fen(
        &[
            ("e5", 'T'),
            ("e6", 'r'),
            ("d6", 'R'),
            ("j1", 'H'),
            ("a10", 'h'),
            ("a7", 'u'),
        ],
        "",
        'w',
        20,
    );
    // (3,2) leaps, over the pieces on d6 and e6.
    let z = "b3 b7 c2 c8 g2 g8 h3 h7";
    // Positioning: one step to an empty square (e6 holds an enemy, d6 a friend).
    let k = "d4 e4 f4 d5 f5 f6";
    let n = "c4 c6 d3 d7 f3 f7 g4 g6";
    for (v, opts, want) in [
        ("merchants", &[][..], fromto("e5", z)),
        ("northern", &[], fromto("e5", z)),
        ("gc", &[], fromto("e5", &format!("{z} {k}"))),
        ("kaissa", &[], fromto("e5", &format!("{z} {k}"))),
        ("gorean", &[], fromto("e5", &format!("{n} {k}"))),
        ("gorean", &["flight_captures_only"], fromto("e5", k)),
    ] {
        assert_eq!(
            moves_from(&load_with(v, opts, &f), "e5"),
            want,
            "{v} {opts:?}"
        );
    }
    // With flight_captures_only the (2,1) leap still captures.
    let f = fen(
        &[
            ("e5", 'T'),
            ("f7", 'r'),
            ("c4", 'r'),
            ("j1", 'H'),
            ("a10", 'h'),
            ("a7", 'u'),
        ],
        "",
        'w',
        20,
    );
    let pos = load_with("gorean", &["flight_captures_only"], &f);
    assert_eq!(
        moves_from(&pos, "e5"),
        fromto("e5", "f7 c4 d4 e4 f4 d5 f5 d6 e6 f6")
    );
    // kaissa: the positioning move exists on Yellow's rank 5 (even towards rank 6), not on
    // rank 6; for Red on rank 6 (its fifth), not on rank 5.
    let f = fen(
        &[("e5", 'T'), ("e6", 't'), ("j1", 'H'), ("a10", 'h')],
        "",
        'w',
        20,
    );
    let pos = load("kaissa", &f);
    assert_eq!(
        moves_from(&pos, "e5"),
        fromto("e5", "b3 b7 c2 c8 g2 g8 h3 h7 d4 e4 f4 d5 f5 d6 f6")
    );
    let f = fen(
        &[("e6", 'T'), ("e5", 't'), ("j1", 'H'), ("a10", 'h')],
        "",
        'w',
        20,
    );
    assert_eq!(
        moves_from(&load("kaissa", &f), "e6"),
        fromto("e6", "b4 b8 c3 c9 g3 g9 h4 h8")
    );
    let f = fen(
        &[("e6", 't'), ("e5", 'T'), ("j1", 'H'), ("a10", 'h')],
        "",
        'b',
        20,
    );
    assert_eq!(
        moves_from(&load("kaissa", &f), "e6"),
        fromto("e6", "b4 b8 c3 c9 g3 g9 h4 h8 d7 e7 f7 d6 f6 d5 f5")
    );
    let f = fen(
        &[("e5", 't'), ("e6", 'T'), ("j1", 'H'), ("a10", 'h')],
        "",
        'b',
        20,
    );
    assert_eq!(
        moves_from(&load("kaissa", &f), "e5"),
        fromto("e5", "b3 b7 c2 c8 g2 g8 h3 h7")
    );
}

/// Hand-written range checks from the corner, independent of the model.
#[test]
fn ranges_written_out() {
    let count = |v: &str, letter: char| {
        let f = fen(
            &[("a1", letter), ("j2", 'H'), ("h10", 'h'), ("j4", 'u')],
            "",
            'w',
            20,
        );
        moves_from(&load(v, &f), "a1").len()
    };
    // Ubara: 3 lines of 9 squares from a1, cut at 3/5/6/none/7.
    assert_eq!(count("merchants", 'A'), 9);
    assert_eq!(count("northern", 'A'), 15);
    assert_eq!(count("gc", 'A'), 18);
    assert_eq!(count("gorean", 'A'), 27);
    assert_eq!(count("kaissa", 'A'), 21);
    // Scribe: the long diagonal, cut at 5/5/7/2/6.
    assert_eq!(count("merchants", 'S'), 5);
    assert_eq!(count("northern", 'S'), 5);
    assert_eq!(count("gc", 'S'), 7);
    assert_eq!(count("gorean", 'S'), 2);
    assert_eq!(count("kaissa", 'S'), 6);
    // Physician: two lines, cut at 2/4; Assassin: three lines cut at 2.
    assert_eq!(count("northern", 'M'), 4);
    assert_eq!(count("gc", 'M'), 8);
    assert_eq!(count("gorean", 'M'), 8);
    assert_eq!(count("kaissa", 'M'), 8);
    assert_eq!(count("merchants", 'X'), 6);
    for v in SETS {
        assert_eq!(count(v, 'U'), 27, "{v} Ubar");
        assert_eq!(count(v, 'B'), 18, "{v} Builder");
        assert_eq!(count(v, 'I'), 9, "{v} Initiate");
        assert_eq!(count(v, 'R'), 3, "{v} Rider");
        assert_eq!(count(v, 'H'), 3, "{v} Home Stone");
    }
}

/// There is no check: the Ubar and the Home Stone may step where they can be taken.
#[test]
fn pieces_may_be_left_en_prise() {
    for v in SETS {
        let f = fen(
            &[
                ("e1", 'H'),
                ("a5", 'U'),
                ("e3", 'r'),
                ("b7", 'r'),
                ("j10", 'h'),
            ],
            "",
            'w',
            20,
        );
        let pos = load(v, &f);
        // e2, d2, f2 are next to the Rider on e3.
        assert_eq!(
            moves_from(&pos, "e1"),
            fromto("e1", "d1 f1 d2 e2 f2"),
            "{v}"
        );
        // a6 and b6 are next to the Rider on b7.
        let u = moves_from(&pos, "a5");
        assert!(u.contains("a5a6") && u.contains("a5b6"), "{v}: {u:?}");
    }
}
