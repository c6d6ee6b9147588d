//! 1.3 and 1.5: the Home Stone's placement windows and deadlines in each rule set, the gorean
//! seven-turn option.

use super::*;

/// Rule set, options, first and last own turn of the window.
const WINDOWS: &[(&str, &[&str], u32, u32)] = &[
    ("merchants", &[], 8, 10),
    ("northern", &[], 3, 10),
    ("gc", &[], 3, 10),
    ("gorean", &[], 1, 10),
    ("gorean", &["seven_turn_window"], 1, 7),
    ("gorean", &["flight_captures_only"], 1, 10),
    ("kaissa", &[], 2, 10),
];

/// Yellow's scene: Riders on a1 and e5, the stone in hand; Red's stone placed, a Red Rider
/// and a Red Ubar (gorean draws when neither Ubar is left).
const SCENE: &[(&str, char)] = &[
    ("a1", 'R'),
    ("e5", 'R'),
    ("h10", 'h'),
    ("h8", 'r'),
    ("j5", 'u'),
];

/// The Riders' moves in the scene.
const RIDER_MOVES: &str = "a1a2 a1b1 a1b2 e5d4 e5e4 e5f4 e5d5 e5f5 e5d6 e5e6 e5f6";

/// The scene for Yellow (hand `H`, Yellow to move) or mirrored for Red (hand `h`).
fn scene(yellow: bool, pieces: &[(&str, char)], fullmove: u32) -> String {
    if yellow {
        fen(pieces, "H", 'w', fullmove)
    } else {
        let m = mirror_pieces(pieces);
        let pairs: Vec<(&str, char)> = m.iter().map(|(s, c)| (s.as_str(), *c)).collect();
        fen(&pairs, "h", 'b', fullmove)
    }
}

/// Mirrors a set of Yellow's moves for Red when `yellow` is false.
fn side(yellow: bool, moves: BTreeSet<String>) -> BTreeSet<String> {
    if yellow {
        moves
    } else {
        moves.iter().map(|m| mirror_move(m)).collect()
    }
}

#[test]
fn placement_windows_of_each_set() {
    let riders = set(RIDER_MOVES);
    let stones = placements("b1 c1 d1 e1 f1 g1 h1 i1 j1");
    for &(v, opts, first, last) in WINDOWS {
        for yellow in [true, false] {
            let who = if yellow { "Yellow" } else { "Red" };
            for turn in 1..=last + 1 {
                let f = scene(yellow, SCENE, turn);
                let pos = load_with(v, opts, &f);
                let want: BTreeSet<String> = if turn < first {
                    riders.clone()
                } else if turn < last {
                    riders.union(&stones).cloned().collect()
                } else if turn == last {
                    // The deadline: only placements.
                    stones.clone()
                } else {
                    BTreeSet::new()
                };
                assert_eq!(
                    legal(&pos),
                    side(yellow, want),
                    "{v} {opts:?} {who} turn {turn}"
                );
                let decided = if turn > last {
                    Some(Outcome::Win(
                        if yellow { Color::Second } else { Color::First },
                        WinReason::MissedDeadline,
                    ))
                } else {
                    None
                };
                assert_eq!(pos.decided(), decided, "{v} {opts:?} {who} turn {turn}");
                assert_eq!(pos.outcome(), decided, "{v} {opts:?} {who} turn {turn}");
            }
        }
    }
}

#[test]
fn deadline_with_no_free_square_loses() {
    // Yellow's first rank full (own and enemy pieces).
    let full: &[(&str, char)] = &[
        ("a1", 'R'),
        ("b1", 'R'),
        ("c1", 'R'),
        ("d1", 'B'),
        ("e1", 'R'),
        ("f1", 'r'),
        ("g1", 'r'),
        ("h1", 'b'),
        ("i1", 'r'),
        ("j1", 'r'),
        ("e5", 'R'),
        ("h10", 'h'),
        ("j5", 'u'),
    ];
    // One free square: the placement there is the only legal move.
    let one_free: Vec<(&str, char)> = full.iter().filter(|p| p.0 != "g1").copied().collect();
    for &(v, opts, _, last) in WINDOWS {
        for yellow in [true, false] {
            let who = if yellow { "Yellow" } else { "Red" };
            let loser_wins = if yellow { Color::Second } else { Color::First };
            let pos = load_with(v, opts, &scene(yellow, full, last));
            let lost = Some(Outcome::Win(loser_wins, WinReason::MissedDeadline));
            assert_eq!(pos.decided(), lost, "{v} {opts:?} {who}");
            assert_eq!(pos.outcome(), lost, "{v} {opts:?} {who}");
            assert!(legal(&pos).is_empty(), "{v} {opts:?} {who}");
            // The turn before, a full rank is no loss yet: other moves are played.
            let pos = load_with(v, opts, &scene(yellow, full, last - 1));
            assert_eq!(pos.decided(), None, "{v} {opts:?} {who}");
            let moves = legal(&pos);
            assert!(!moves.is_empty(), "{v} {opts:?} {who}");
            assert!(
                moves.iter().all(|m| !m.contains('@')),
                "{v} {who}: {moves:?}"
            );
            // Deadline with one free square.
            let pos = load_with(v, opts, &scene(yellow, &one_free, last));
            assert_eq!(pos.decided(), None, "{v} {opts:?} {who}");
            assert_eq!(
                legal(&pos),
                side(yellow, placements("g1")),
                "{v} {opts:?} {who}"
            );
        }
    }
}

/// Placements go only to empty squares of the owner's first rank, whatever else is empty.
#[test]
fn placements_only_on_own_first_rank() {
    for &(v, opts, first, _) in WINDOWS {
        for yellow in [true, false] {
            // Empty board but for the Red stone and Ubar, both far from rank 1.
            let pieces: &[(&str, char)] = &[("d1", 'R'), ("e5", 'h'), ("j5", 'u')];
            let pos = load_with(v, opts, &scene(yellow, pieces, first));
            assert_eq!(
                drops(&pos),
                side(yellow, placements("a1 b1 c1 e1 f1 g1 h1 i1 j1")),
                "{v} {opts:?} yellow={yellow}"
            );
        }
    }
}

/// A game played through in kaissa: the windows counted in own turns for both players, the
/// opponent's stone in hand makes no difference, and the deadline forces the placement.
#[test]
fn windows_counted_in_own_turns_during_play() {
    let f = fen(&[("c4", 'R'), ("h7", 'r')], "Hh", 'w', 1);
    let mut pos = load("kaissa", &f);
    let yellow_rank = placements("a1 b1 c1 d1 e1 f1 g1 h1 i1 j1");
    let red_rank = placements("a10 b10 c10 d10 e10 f10 g10 h10 i10 j10");
    // Turn 1 of each: outside kaissa's window 2-10.
    assert!(drops(&pos).is_empty());
    play(&mut pos, "c4c5");
    assert!(drops(&pos).is_empty());
    play(&mut pos, "h7h6");
    // Yellow's turn 2: inside.
    assert_eq!(pos.fullmove(), 2);
    assert_eq!(drops(&pos), yellow_rank);
    play(&mut pos, "c5c4");
    assert_eq!(drops(&pos), red_rank);
    play(&mut pos, "H@e10");
    assert_eq!(letter_at(&pos, "e10"), Some('h'));
    // Yellow keeps the stone in hand up to turn 10.
    for turn in 3..=9 {
        assert_eq!(pos.fullmove(), turn);
        let moves = legal(&pos);
        assert_eq!(drops(&pos), yellow_rank, "turn {turn}");
        assert!(moves.len() > yellow_rank.len(), "turn {turn}");
        let (y, r) = if turn % 2 == 1 {
            ("c4c5", "h6h7")
        } else {
            ("c5c4", "h7h6")
        };
        play_all(&mut pos, &format!("{y} {r}"));
    }
    assert_eq!(pos.fullmove(), 10);
    assert_eq!(legal(&pos), yellow_rank);
    play(&mut pos, "H@a1");
    assert_eq!(letter_at(&pos, "a1"), Some('H'));
    assert_eq!(pos.decided(), None);
    assert!(pos.to_fen().contains("[]"), "{}", pos.to_fen());
}

/// Red's placements are written with the upper-case letter too, and lower case is no move.
#[test]
fn red_placement_notation() {
    let f = fen(&[("e1", 'H'), ("c4", 'R'), ("j5", 'u')], "h", 'b', 5);
    for v in ["gc", "gorean", "kaissa", "northern"] {
        let mut pos = load(v, &f);
        assert!(drops(&pos).contains("H@e10"), "{v}");
        assert!(pos.parse_move("h@e10").is_err(), "{v}");
        let mv = play(&mut pos, "H@e10");
        assert_eq!(mv.to_text(pos.game()), "H@e10");
        assert_eq!(letter_at(&pos, "e10"), Some('h'), "{v}");
        assert_eq!(pos.in_hand(Color::Second, mv.drop_type()), 0, "{v}");
    }
}
