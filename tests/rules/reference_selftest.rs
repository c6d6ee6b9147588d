//! Tests of the reference move generator itself, against counts derived by hand from docs/RULES.md
//! section 1. Every test asserts something that a misreading of one rule would break.

use crate::reference;

use reference::{VARIANTS, divide, is_game_over, legal_moves, perft, play, start_fen};

/// Builds a FEN from (square, FEN letter) pairs, the holdings text (e.g. `"Hh"`), the side to
/// move (`'w'` or `'b'`) and the fullmove number. Written independently of the reference's own
/// FEN writer.
fn build(pieces: &[(&str, char)], hand: &str, side: char, fullmove: u32) -> String {
    let mut grid = [[None::<char>; 10]; 10];
    for &(sq, letter) in pieces {
        let file = (sq.as_bytes()[0] - b'a') as usize;
        let rank: usize = sq[1..].parse().unwrap();
        grid[rank - 1][file] = Some(letter);
    }
    let mut rows = Vec::new();
    for rank in (0..10).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for cell in grid[rank] {
            match cell {
                None => empty += 1,
                Some(c) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push(c);
                }
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    format!("{}[{hand}] {side} - - 0 {fullmove}", rows.join("/"))
}

/// The legal moves leaving square `sq` (so `a1` does not match moves from `a10`).
fn moves_from(variant: &str, fen: &str, sq: &str) -> Vec<String> {
    legal_moves(variant, fen)
        .into_iter()
        .filter(|m| {
            m.starts_with(sq) && m[sq.len()..].starts_with(|c: char| c.is_ascii_lowercase())
        })
        .collect()
}

/// The same square seen from the other side (rank r becomes 11 - r).
fn mirror_square(sq: &str) -> String {
    let rank: u32 = sq[1..].parse().unwrap();
    format!("{}{}", &sq[..1], 11 - rank)
}

#[test]
fn start_positions_depth_one_and_two() {
    // merchants: 6 Spearmen x 3 + 2 Riders x 3 + 2 Assassins x 4 + 2 Tarnsmen x 4 = 40.
    // northern: 18 + 6 + Physicians (rook <= 2) 2 x 2 + Tarnsmen 8 = 36.
    // gc: Physicians (rook <= 4) 2 x 4, so 40 (positioning squares and first rank are full,
    // the window opens on turn 3).
    // gorean: 6 Spearmen x 5 + Riders 6 + Physicians 2 x 4 + Tarnsmen (2,1) 2 x 2 = 48 (first
    // rank full, so no drops on turn 1).
    // kaissa: c2-h2 Spearmen 6 x 3, a3/j3 1 each, Riders 2 x 2, Tarnsmen 2 x 3 (a3/j3 are
    // own), Physicians blocked = 30.
    let depth1 = [40u64, 36, 40, 48, 30];
    // The armies only meet where both Physicians reach 4 squares (gc, gorean): after a2a6 the
    // Red Physician on a9 has a8, a7, a6 (capture) instead of 4 moves; same on the j-file.
    // Everywhere else D2 = D1 squared.
    let depth2 = [1600u64, 1296, 40 * 40 - 2, 48 * 48 - 2, 900];
    for (i, v) in VARIANTS.iter().enumerate() {
        let fen = start_fen(v);
        assert_eq!(perft(v, &fen, 1), depth1[i], "{v} depth 1");
        assert_eq!(perft(v, &fen, 2), depth2[i], "{v} depth 2");
    }
    let split = divide("gc", &start_fen("gc"), 2);
    assert!(split.contains(&("a2a6".to_string(), 39)));
    assert!(split.contains(&("a2a5".to_string(), 40)));
}

#[test]
fn start_fens_are_the_given_ones() {
    assert_eq!(
        start_fen("merchants"),
        "ibstuatsbi/xrpppppprx/10/10/10/10/10/10/XRPPPPPPRX/IBSTUATSBI[Hh] w - - 0 1"
    );
    assert_eq!(
        start_fen("gorean"),
        "ibstuatsbi/mrpppppprm/10/10/10/10/10/10/MRPPPPPPRM/IBSTAUTSBI[Hh] w - - 0 1"
    );
    assert_eq!(
        start_fen("kaissa"),
        "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1"
    );
}

#[test]
fn piece_ranges_on_an_empty_board() {
    // (square, piece, moves per variant in VARIANTS order), for a lone Yellow piece; the same
    // piece of Red on the mirrored square must have the same count. (gorean needs a Ubar on
    // the board, or the game is over.)
    let cases: &[(&str, char, [usize; 5])] = &[
        ("e5", 'U', [35; 5]),
        ("a1", 'U', [27; 5]),
        ("a1", 'A', [9, 15, 18, 27, 21]),
        ("e5", 'A', [24, 35, 35, 35, 35]),
        // Tarnsman: 8 leaps from e5; + 8 positioning steps in gc, gorean and kaissa (own half).
        ("e5", 'T', [8, 8, 16, 16, 16]),
        ("e6", 'T', [8, 8, 16, 16, 8]),
        // a1: (3,2) reaches c4, d3; (2,1) reaches b3, c2; positioning a2, b1, b2.
        ("a1", 'T', [2, 2, 5, 5, 5]),
        ("a1", 'S', [5, 5, 7, 2, 6]),
        ("e5", 'S', [17, 17, 17, 8, 17]),
        ("a1", 'B', [18; 5]),
        ("a1", 'I', [9; 5]),
        ("e5", 'I', [17; 5]),
        ("e5", 'R', [8; 5]),
        ("a1", 'R', [3; 5]),
        ("e5", 'H', [8; 5]),
        ("a1", 'H', [3; 5]),
    ];
    for &(sq, piece, counts) in cases {
        for (v, n) in VARIANTS.iter().zip(counts) {
            let hand = if piece == 'H' { "h" } else { "Hh" };
            // An enemy Ubar in the far corner keeps gorean games alive; capturable, so it
            // does not change any count.
            let yellow = build(&[(sq, piece), ("j10", 'u')], hand, 'w', 1);
            assert_eq!(
                moves_from(v, &yellow, sq).len(),
                n,
                "{v}: Yellow {piece} on {sq}"
            );
            let red_sq = mirror_square(sq);
            let hand = if piece == 'H' { "H" } else { "Hh" };
            let red = build(
                &[(&red_sq, piece.to_ascii_lowercase()), ("j1", 'U')],
                hand,
                'b',
                1,
            );
            assert_eq!(
                moves_from(v, &red, &red_sq).len(),
                n,
                "{v}: Red {piece} on {red_sq}"
            );
        }
    }
    // Assassin (merchants only): queen <= 2.
    assert_eq!(
        moves_from("merchants", &build(&[("e5", 'X')], "Hh", 'w', 1), "e5").len(),
        16
    );
    assert_eq!(
        moves_from("merchants", &build(&[("a1", 'X')], "Hh", 'w', 1), "a1").len(),
        6
    );
    // Physician: rook <= 2 in northern, <= 4 elsewhere.
    for (v, n) in [("northern", 8), ("gc", 16), ("gorean", 16), ("kaissa", 16)] {
        assert_eq!(
            moves_from(v, &build(&[("e5", 'M'), ("j10", 'u')], "Hh", 'w', 1), "e5").len(),
            n,
            "{v}"
        );
    }
    assert_eq!(
        moves_from("northern", &build(&[("a1", 'M')], "Hh", 'w', 1), "a1").len(),
        4
    );
}

#[test]
fn sliders_stop_at_pieces_and_capture_only_enemies() {
    // Ubar a1, own Rider a3, enemy Rider c3: a2; b2, c3 (capture); b1..j1 = 12.
    let fen = build(&[("a1", 'U'), ("a3", 'R'), ("c3", 'r')], "Hh", 'w', 1);
    let moves = moves_from("merchants", &fen, "a1");
    assert_eq!(moves.len(), 12);
    assert!(moves.contains(&"a1c3".to_string()));
    assert!(!moves.contains(&"a1a3".to_string()));
    // A leap captures an enemy, never a friend: Tarnsman e5, own g8, enemy c8 -> 7.
    let fen = build(&[("e5", 'T'), ("g8", 'R'), ("c8", 'r')], "Hh", 'w', 1);
    let moves = moves_from("merchants", &fen, "e5");
    assert_eq!(moves.len(), 7);
    assert!(moves.contains(&"e5c8".to_string()));
}

#[test]
fn positioning_move_and_home_stone_never_capture() {
    // gc Tarnsman e5 with enemies on d4, d5, d6: 8 leaps + 5 steps to the empty neighbours.
    let fen = build(
        &[("e5", 'T'), ("d4", 'r'), ("d5", 'r'), ("d6", 'r')],
        "Hh",
        'w',
        1,
    );
    assert_eq!(moves_from("gc", &fen, "e5").len(), 13);
    // Home Stone e5, enemy on e6, own Rider on e4: 6 steps, no capture of e6.
    let fen = build(&[("e5", 'H'), ("e6", 'r'), ("e4", 'R')], "h", 'w', 1);
    let moves = moves_from("kaissa", &fen, "e5");
    assert_eq!(moves.len(), 6);
    assert!(!moves.contains(&"e5e6".to_string()));
}

#[test]
fn kaissa_tarnsman_positions_only_in_own_half() {
    // Red Tarnsman on e6 (Red's half): 8 + 8; on e5 (Yellow's half): 8 leaps only.
    let red_home = build(&[("e6", 't')], "Hh", 'b', 1);
    assert_eq!(moves_from("kaissa", &red_home, "e6").len(), 16);
    let red_away = build(&[("e5", 't')], "Hh", 'b', 1);
    assert_eq!(moves_from("kaissa", &red_away, "e5").len(), 8);
    assert_eq!(moves_from("gc", &red_away, "e5").len(), 16);
}

#[test]
fn spearman_first_move_and_blocking() {
    let v = "merchants";
    // c2 is a start square: unmoved by default -> c3, c4, c5.
    assert_eq!(
        moves_from(v, &build(&[("c2", 'P')], "Hh", 'w', 1), "c2").len(),
        3
    );
    // Blocker on c4: c3 only. Blocker on c3: nothing. Blocker on c5: c3, c4.
    assert_eq!(
        moves_from(v, &build(&[("c2", 'P'), ("c4", 'r')], "Hh", 'w', 1), "c2").len(),
        1
    );
    assert_eq!(
        moves_from(v, &build(&[("c2", 'P'), ("c3", 'R')], "Hh", 'w', 1), "c2").len(),
        0
    );
    assert_eq!(
        moves_from(v, &build(&[("c2", 'P'), ("c5", 'r')], "Hh", 'w', 1), "c2").len(),
        2
    );
    // Diagonal captures of enemies only: enemy b3, own d3 -> c3, c4, c5, c2b3.
    let fen = build(&[("c2", 'P'), ("b3", 'r'), ("d3", 'R')], "Hh", 'w', 1);
    assert_eq!(moves_from(v, &fen, "c2").len(), 4);
    // Not on a start square: one step.
    assert_eq!(
        moves_from(v, &build(&[("c3", 'P')], "Hh", 'w', 1), "c3").len(),
        1
    );
    // Having moved once it steps singly: c2c3, c9c8, then c3 -> c4 only.
    let fen = play(v, &start_fen(v), "c2c3");
    let fen = play(v, &fen, "c9c8");
    assert_eq!(moves_from(v, &fen, "c3"), vec!["c3c4".to_string()]);
    // Red: forward is down the board.
    let fen = build(&[("e9", 'p')], "Hh", 'b', 1);
    assert_eq!(moves_from(v, &fen, "e9"), vec!["e9e6", "e9e7", "e9e8"]);
}

#[test]
fn spearman_last_rank_and_promotion() {
    // merchants / northern: no promotion, stuck on the last rank.
    for v in ["merchants", "northern"] {
        assert_eq!(
            moves_from(v, &build(&[("e9", 'P')], "Hh", 'w', 1), "e9"),
            vec!["e9e10"]
        );
        assert!(moves_from(v, &build(&[("e10", 'P')], "Hh", 'w', 1), "e10").is_empty());
    }
    // gc: two moves per target square. e10 empty, enemy d10, own f10 -> e10 t/r, d10 t/r.
    let fen = build(&[("e9", 'P'), ("d10", 'r'), ("f10", 'R')], "Hh", 'w', 1);
    assert_eq!(
        moves_from("gc", &fen, "e9"),
        vec!["e9d10r", "e9d10t", "e9e10r", "e9e10t"]
    );
    // Red promotes on rank 1.
    let fen = build(&[("c2", 'p')], "Hh", 'b', 1);
    assert_eq!(moves_from("gc", &fen, "c2"), vec!["c2c1r", "c2c1t"]);
    assert_eq!(
        perft("gc", &build(&[("e9", 'P'), ("a5", 'r')], "Hh", 'w', 1), 1),
        2
    );
    // Promotion happens: the new piece is a Tarnsman.
    let after = play("gc", &build(&[("e9", 'P')], "Hh", 'w', 1), "e9e10t");
    assert!(after.starts_with("4T5/"), "{after}");
}

/// The moves from `sq` of a lone gorean piece setup, with a Red Ubar on j10 to keep the game
/// alive (gorean ends when both Ubars are gone).
fn gorean_moves(pieces: &[(&str, char)], sq: &str, unmoved: &str) -> Vec<String> {
    let mut all = pieces.to_vec();
    all.push(("j10", 'u'));
    let fen = format!("{} {unmoved}", build(&all, "Hh", 'w', 1));
    moves_from("gorean", fen.trim_end(), sq)
}

#[test]
fn gorean_spearman_steps_sideways_and_diagonally() {
    // A moved Spearman on e5: e6, d6, f6 (non-capturing diagonals), d5, f5.
    assert_eq!(
        gorean_moves(&[("e5", 'P')], "e5", ""),
        vec!["e5d5", "e5d6", "e5e6", "e5f5", "e5f6"]
    );
    // Enemy on d6 is captured instead: still 5. Enemy on d5 blocks the sideways step: 4.
    assert_eq!(gorean_moves(&[("e5", 'P'), ("d6", 'r')], "e5", "").len(), 5);
    assert_eq!(gorean_moves(&[("e5", 'P'), ("d5", 'r')], "e5", "").len(), 4);
    assert_eq!(gorean_moves(&[("e5", 'P'), ("e6", 'r')], "e5", "").len(), 4);
    // On the 9th rank: e10, d10, f10 each promote (x2), plus d9, f9 sideways = 8.
    assert_eq!(gorean_moves(&[("e9", 'P')], "e9", "").len(), 8);
    // In the start position each Spearman has 5 moves (1, 2, 3 forward and two diagonals).
    assert_eq!(
        moves_from("gorean", &start_fen("gorean"), "c2"),
        vec!["c2b3", "c2c3", "c2c4", "c2c5", "c2d3"]
    );
    // An unmoved Spearman on a start square of an empty board: 5 steps + 2 long moves = 7; the
    // same Spearman marked as moved ("-"): 5.
    assert_eq!(gorean_moves(&[("e2", 'P')], "e2", "").len(), 7);
    assert_eq!(gorean_moves(&[("e2", 'P')], "e2", "-").len(), 5);
    // A Spearman off the start squares that is marked unmoved has the long move.
    assert_eq!(gorean_moves(&[("a4", 'P')], "a4", "a4").len(), 5);
}

#[test]
fn gorean_unmoved_field_is_written_when_not_default() {
    let v = "gorean";
    let fen = play(v, &start_fen(v), "e2e3");
    assert_eq!(fen.split_whitespace().count(), 6, "still default: {fen}");
    let fen = play(v, &fen, "e9e8");
    let fen = play(v, &fen, "d2e2");
    // The Spearman now on e2 has moved although it stands on a start square.
    assert!(
        fen.ends_with(" c2,f2,g2,h2,c9,d9,f9,g9,h9"),
        "unmoved field missing or wrong: {fen}"
    );
    let fen = play(v, &fen, "a9a8");
    // e2 steps only: d3 empty diagonal, e3 own, f3 diagonal, d2 sideways, f2 own -> d2, d3, f3.
    assert_eq!(moves_from(v, &fen, "e2"), vec!["e2d2", "e2d3", "e2f3"]);
}

#[test]
fn kaissa_flanking_spearmen_have_no_long_move() {
    let v = "kaissa";
    let start = start_fen(v);
    assert_eq!(moves_from(v, &start, "a3"), vec!["a3a4"]);
    assert_eq!(moves_from(v, &start, "j3"), vec!["j3j4"]);
    assert_eq!(moves_from(v, &start, "c2"), vec!["c2c3", "c2c4", "c2c5"]);
    let fen = play(v, &start, "e2e3");
    assert_eq!(moves_from(v, &fen, "a8"), vec!["a8a7"]);
    // Even marked unmoved explicitly, the a3 Spearman has no long move.
    let fen = build(&[("a3", 'P')], "Hh", 'w', 1);
    assert_eq!(moves_from(v, &format!("{fen} a3"), "a3").len(), 1);
    // A kaissa Spearman on one of the c2..h2 start squares does get it.
    assert_eq!(
        moves_from(v, &build(&[("d2", 'P')], "Hh", 'w', 1), "d2").len(),
        3
    );
}

#[test]
fn kaissa_ninth_rank_diagonal_without_capture() {
    let v = "kaissa";
    // e9: e10, d10, f10, all empty, each promoting: 6.
    assert_eq!(
        moves_from(v, &build(&[("e9", 'P')], "Hh", 'w', 1), "e9").len(),
        6
    );
    // e10 blocked: only the two diagonals: 4. Enemy on d10 is captured: still 6.
    assert_eq!(
        moves_from(v, &build(&[("e9", 'P'), ("e10", 'R')], "Hh", 'w', 1), "e9").len(),
        4
    );
    assert_eq!(
        moves_from(v, &build(&[("e9", 'P'), ("d10", 'r')], "Hh", 'w', 1), "e9").len(),
        6
    );
    // Elsewhere a diagonal needs a capture: e5 -> e6 only.
    assert_eq!(
        moves_from(v, &build(&[("e5", 'P')], "Hh", 'w', 1), "e5"),
        vec!["e5e6"]
    );
    // Red on its 9th rank (rank 2).
    let fen = build(&[("e2", 'p')], "Hh", 'b', 1);
    assert_eq!(moves_from(v, &fen, "e2").len(), 6);
    // gc has no such diagonal: e9 -> e10 t/r only.
    assert_eq!(
        moves_from("gc", &build(&[("e9", 'P')], "Hh", 'w', 1), "e9").len(),
        2
    );
}

#[test]
fn home_stone_window_edges() {
    // A Ubar each (27 moves each: a5 sees 5 up, 4 down, 9 across, 5 + 4 diagonally; j6 the
    // mirror); both first ranks empty, so 10 placement squares.
    let pieces = [("a5", 'U'), ("j6", 'u')];
    let windows = [
        ("merchants", 8),
        ("northern", 3),
        ("gc", 3),
        ("gorean", 1),
        ("kaissa", 2),
    ];
    for (v, first) in windows {
        for side in ['w', 'b'] {
            let count = |turn: u32| legal_moves(v, &build(&pieces, "Hh", side, turn)).len();
            if first > 1 {
                assert_eq!(count(first - 1), 27, "{v} {side}: turn before the window");
            }
            assert_eq!(count(first), 37, "{v} {side}: first turn of the window");
            assert_eq!(count(9), 37, "{v} {side}: turn 9");
            assert_eq!(count(10), 10, "{v} {side}: deadline turn, only placements");
            let moves = legal_moves(v, &build(&pieces, "Hh", side, 10));
            let home = if side == 'w' { "1" } else { "10" };
            assert!(
                moves.iter().all(|m| m.starts_with("H@") && m[3..] == *home),
                "{moves:?}"
            );
            // Missed deadline (stone still in hand after turn 10): game over.
            assert_eq!(count(11), 0, "{v} {side}: after the deadline");
        }
        // Deadline with a full first rank: no moves, the player has lost.
        let mut full: Vec<(&str, char)> = pieces.to_vec();
        let rank1 = ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "i1", "j1"];
        full.extend(rank1.iter().map(|&s| (s, 'B')));
        assert!(
            legal_moves(v, &build(&full, "Hh", 'w', 10)).is_empty(),
            "{v}"
        );
        assert_eq!(perft(v, &build(&full, "Hh", 'w', 10), 2), 0);
        // The same on turn 9: the pieces move, placements impossible.
        let moves = legal_moves(v, &build(&full, "Hh", 'w', 9));
        assert!(
            !moves.is_empty() && !moves.iter().any(|m| m.contains('@')),
            "{v}"
        );
        // Stone already on the board on turn 10: ordinary moves (Ubar 27 + stone b1 5).
        let placed = build(&[("a5", 'U'), ("j6", 'u'), ("b1", 'H')], "h", 'w', 10);
        let moves = legal_moves(v, &placed);
        assert_eq!(moves.len(), 32, "{v}");
        assert!(moves.contains(&"b1c1".to_string()) && !moves.iter().any(|m| m.contains('@')));
    }
    // Red's turn n is at fullmove n: merchants Red at fullmove 7 has no drops; after Yellow's
    // 8th move Red (fullmove 8) may place.
    let red7 = build(&pieces, "Hh", 'b', 7);
    assert!(
        !legal_moves("merchants", &red7)
            .iter()
            .any(|m| m.starts_with("H@"))
    );
    let red8 = play("merchants", &build(&pieces, "Hh", 'w', 8), "a5a6");
    assert!(legal_moves("merchants", &red8).contains(&"H@c10".to_string()));
    // After Red's 7th move, Yellow is on turn 8: placements open.
    let yellow8 = play("merchants", &red7, "j6j7");
    assert!(yellow8.ends_with(" w - - 1 8"), "{yellow8}");
    assert!(legal_moves("merchants", &yellow8).contains(&"H@e1".to_string()));
}

#[test]
fn capturing_a_home_stone_ends_the_game() {
    let v = "merchants";
    // Yellow Rider a5, Red stone a6 (placed), Yellow stone j1.
    let fen = build(
        &[("a5", 'R'), ("a6", 'h'), ("j1", 'H'), ("j10", 'r')],
        "",
        'w',
        12,
    );
    let after = play(v, &fen, "a5a6");
    assert!(after.contains("[]") && after.contains(" b "), "{after}");
    assert!(legal_moves(v, &after).is_empty());
    assert!(is_game_over(v, &after));
    assert_eq!(perft(v, &after, 3), 0);
    let split = divide(v, &fen, 2);
    let capture = split.iter().find(|(m, _)| m == "a5a6").unwrap();
    assert_eq!(capture.1, 0);
    assert!(
        split
            .iter()
            .filter(|(m, _)| m != "a5a6")
            .all(|(_, n)| *n > 0)
    );
    // A Spearman may capture a Home Stone too.
    let fen = build(&[("e5", 'P'), ("d6", 'h'), ("j1", 'H')], "", 'w', 12);
    assert!(legal_moves("kaissa", &fen).contains(&"e5d6".to_string()));
}

#[test]
fn no_legal_move_is_a_draw_not_a_decided_game() {
    // Yellow: stone a1 boxed in by Red pieces (it cannot capture), a stuck Spearman on e10.
    let fen = build(
        &[
            ("a1", 'H'),
            ("a2", 'r'),
            ("b1", 'r'),
            ("b2", 'r'),
            ("e10", 'P'),
            ("j10", 'h'),
        ],
        "",
        'w',
        12,
    );
    assert!(legal_moves("merchants", &fen).is_empty());
    assert!(!is_game_over("merchants", &fen));
}

#[test]
fn gorean_game_ends_when_both_ubars_are_gone() {
    let v = "gorean";
    let no_ubars = build(
        &[("a5", 'R'), ("j6", 'r'), ("b1", 'H'), ("b10", 'h')],
        "",
        'w',
        12,
    );
    assert!(legal_moves(v, &no_ubars).is_empty());
    assert!(is_game_over(v, &no_ubars));
    // The same without Ubars in kaissa plays on.
    assert_eq!(legal_moves("kaissa", &no_ubars).len(), 10);
    // One Ubar left: play goes on; capturing it ends the game.
    let one = build(
        &[("a5", 'R'), ("a6", 'u'), ("b1", 'H'), ("b10", 'h')],
        "",
        'w',
        12,
    );
    assert!(!legal_moves(v, &one).is_empty());
    let after = play(v, &one, "a5a6");
    assert!(legal_moves(v, &after).is_empty());
    assert_eq!(perft(v, &after, 2), 0);
}

#[test]
fn fen_bookkeeping() {
    let v = "merchants";
    let fen = play(v, &start_fen(v), "e2e4");
    assert_eq!(
        fen,
        "ibstuatsbi/xrpppppprx/10/10/10/10/4P5/10/XRPP1PPPRX/IBSTUATSBI[Hh] b - - 0 1"
    );
    let fen = play(v, &fen, "b9b8");
    assert!(fen.ends_with("[Hh] w - - 1 2"), "{fen}");
    // Placement empties the hand and resets the clock.
    let fen = build(&[("a5", 'R'), ("j6", 'r')], "Hh", 'w', 8);
    let fen = play(v, &fen, "H@c1");
    assert_eq!(fen, "10/10/10/10/9r/R9/10/10/10/2H7[h] b - - 0 8");
    let fen = play(v, &fen, "H@j10");
    assert_eq!(fen, "9h/10/10/10/9r/R9/10/10/10/2H7[] w - - 0 9");
    // Two-digit runs and ranks parse and print.
    let fen = build(&[("a10", 'P')], "Hh", 'w', 1);
    assert_eq!(moves_from("merchants", &fen, "a10"), Vec::<String>::new());
    // kaissa: a3a4 keeps the default unmoved set, so no 7th field.
    let fen = play("kaissa", &start_fen("kaissa"), "a3a4");
    assert_eq!(fen.split_whitespace().count(), 6, "{fen}");
}

/// Mirrors a FEN: ranks flipped, colours swapped, side to move swapped (windows differ between
/// first and second player, so only use it with both stones on the board).
fn mirror(fen: &str) -> String {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let (placement, rest) = fields[0].split_once('[').unwrap();
    let swap = |s: &str| -> String {
        s.chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect()
    };
    let ranks: Vec<String> = placement.split('/').rev().map(swap).collect();
    let side = if fields[1] == "w" { "b" } else { "w" };
    format!(
        "{}[{} {side} - - {} {}",
        ranks.join("/"),
        swap(rest),
        fields[4],
        fields[5]
    )
}

#[test]
fn rules_are_symmetric_between_colours() {
    // Start arrays with the a-file Initiates replaced by placed Home Stones and some play.
    let positions = [
        (
            "merchants",
            "hbstuatsbi/xrpp1ppprx/10/4p5/2P7/10/10/5T4/XR1PPPPPRX/HBSTUA1SBI[] w - - 0 12",
        ),
        (
            "northern",
            "hbstuatsbi/mrpp1ppprm/10/4p5/2P7/10/10/5T4/MR1PPPPPRM/HBSTUA1SBI[] w - - 0 12",
        ),
        (
            "gc",
            "hbstuatsbi/mrpp1ppprm/10/3P6/2P1p5/10/10/5T4/MR2PPPPRM/HBSTUA1SBI[] w - - 0 12",
        ),
        (
            "gorean",
            "hbstuatsbi/mr1pp1pprm/3p6/4p5/2P7/2P7/10/5T4/MR2PPPPRM/HBSTAU1SBI[] w - - 0 12",
        ),
        (
            "kaissa",
            "hbstuatsbi/mrpp1ppprm/p8p/2P1p5/4t5/2T7/10/P8P/MR1PPPPPRM/HBSTUA1SBI[] w - - 0 12",
        ),
    ];
    for (v, fen) in positions {
        let a = perft(v, fen, 3);
        let b = perft(v, &mirror(fen), 3);
        assert!(a > 0);
        assert_eq!(a, b, "{v}: {fen} vs {}", mirror(fen));
    }
}

#[test]
fn divide_is_sorted_and_sums_to_perft() {
    for v in VARIANTS {
        let fen = start_fen(v);
        let split = divide(v, &fen, 3);
        let total: u64 = split.iter().map(|(_, n)| n).sum();
        assert_eq!(total, perft(v, &fen, 3), "{v}");
        assert!(split.windows(2).all(|w| w[0].0 < w[1].0), "{v}: not sorted");
        let names: Vec<String> = split.into_iter().map(|(m, _)| m).collect();
        assert_eq!(names, legal_moves(v, &fen), "{v}");
    }
}
