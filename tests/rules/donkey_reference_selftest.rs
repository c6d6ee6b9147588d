//! The Donkey Kaissa reference generator (tests/donkey_reference/) checked against the hand
//! counts of DONKEY.md: 58 moves from the start (29 per wing), the FEN round trip, and small
//! positions whose move lists are written out by hand from §5-§9.

use crate::donkey_reference;

use donkey_reference::{Options, Rules, START};

fn rules() -> Rules {
    Rules::new(Options::default())
}

#[test]
fn the_start_has_58_moves_29_per_wing() {
    let r = rules();
    let moves = r.legal_moves(START);
    assert_eq!(moves.len(), 58, "{moves:?}");
    let right = [
        "a21", "a31", "a41", "b14", "b13", "a32", "a42", "b24", "b23", "b22",
    ];
    let on_right = moves.iter().filter(|m| right.contains(&&m[..3])).count();
    assert_eq!(on_right, 29);
    assert_eq!(r.perft(START, 1), 58);
}

#[test]
fn fen_round_trips() {
    let r = rules();
    assert_eq!(donkey_reference::Position::from_fen(START).to_fen(), START);
    let after = r.play(START, "a32a34");
    assert_eq!(
        after,
        "1ATSU1LLT2PSP2/2IB1MRP8/5m2ir2bl2/1atsu1lltp2sp2/2ib1mrp8/5M2IR2BL2[Hh] b - - 0 1"
    );
    let back = donkey_reference::Position::from_fen(&after).to_fen();
    assert_eq!(back, after);
}

/// The moves of the piece on `from` in `fen`.
fn moves_from(r: &Rules, fen: &str, from: &str) -> Vec<String> {
    r.legal_moves(fen)
        .into_iter()
        .filter(|m| m.starts_with(from))
        .map(|m| m[3..].to_string())
        .collect()
}

#[test]
fn a_diagonal_ray_through_the_centre_follows_both_branches() {
    let r = rules();
    let fen = "5I10/16/16/hu14/16/HU14[] w - - 0 20";
    assert_eq!(
        moves_from(&r, fen, "a22").join(" "),
        "a11 a13 a31 a33 a44 c11 c22 c33 c44 e11 e22 e33 e44"
    );
    // An enemy on c33 stops that branch only; a friend on a44 stops the trunk.
    let fen = "5I10/16/10b5/hu14/16/HU14[] w - - 0 20";
    assert_eq!(
        moves_from(&r, fen, "a22").join(" "),
        "a11 a13 a31 a33 a44 c33 c44 e11 e22 e33 e44"
    );
    let fen = "5I9R/16/16/hu14/16/HU14[] w - - 0 20";
    assert_eq!(moves_from(&r, fen, "a22").join(" "), "a11 a13 a31 a33");
}

#[test]
fn a_spearman_promotes_on_the_enemys_near_edges() {
    let r = rules();
    // A Yellow right-wing Spearman on c42: forward c41, diagonally d14 and c31, sideways
    // d24 and c32; the first three are Red's near edges.
    let fen = "16/16/13P2/hu14/16/HU14[] w - - 0 20";
    assert_eq!(
        moves_from(&r, fen, "c42").join(" "),
        "c31r c31t c32 c41r c41t d14r d14t d24"
    );
}

#[test]
fn the_flight_from_a_centre_cell_reaches_ten_cells() {
    let r = rules();
    let fen = "15T/16/16/hu14/16/HU14[] w - - 0 20";
    let flights: Vec<String> = moves_from(&r, fen, "a44");
    // King steps (9) and flights (10).
    assert_eq!(flights.len(), 19, "{flights:?}");
    for t in [
        "a23", "a32", "b24", "b33", "c34", "c43", "e34", "e43", "f33", "f42",
    ] {
        assert!(flights.contains(&t.to_string()), "{t}");
    }
}

#[test]
fn on_the_last_turn_of_the_window_only_placements_are_legal() {
    let r = rules();
    let fen = "4U11/16/16/hu14/16/16[H] w - - 0 10";
    assert_eq!(
        r.legal_moves(fen).join(" "),
        "H@a12 H@a13 H@a14 H@a31 H@a41 H@b13 H@b14 H@f31 H@f41"
    );
    // One turn later the stone is lost.
    assert!(r.is_decided("4U11/16/16/hu14/16/16[H] w - - 0 11"));
    let seven = Rules::new(Options::from_names(&["seven_turn_window"]));
    assert!(seven.is_decided("4U11/16/16/hu14/16/16[H] w - - 0 8"));
}

#[test]
fn perft_from_the_start_to_depth_3() {
    let r = rules();
    let counts: Vec<u64> = (1..=3).map(|d| r.perft(START, d)).collect();
    eprintln!("reference perft from the start: {counts:?}");
    assert_eq!(counts[0], 58);
    // Depth 2: Red has its own 58 replies except where a Yellow move reaches the cells
    // around the centre that Red's long Spearman runs need, or stands in a Red piece's way.
    let divide = r.divide(START, 2);
    let short: Vec<&str> = divide
        .iter()
        .filter(|(_, n)| *n != 58)
        .map(|(m, _)| m.as_str())
        .collect();
    assert!(
        short.contains(&"b24c44"),
        "b24c44 blocks c42's run to b44: {short:?}"
    );
    assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), counts[1]);
    // The start is symmetric under the mirror (w -> -w, digits swapped, wings swapped), so a
    // move and its mirror image have the same subtree.
    let divide3 = r.divide(START, 3);
    for (m, n) in &divide3 {
        let image = mirror_move(m);
        let twin = divide3
            .iter()
            .find(|(x, _)| *x == image)
            .expect("mirror move");
        assert_eq!(twin.1, *n, "{m} and {image}");
    }
}

/// The mirror image of a from-to move text.
fn mirror_move(m: &str) -> String {
    let cell = |c: &str| {
        let b = c.as_bytes();
        let w = (b[0] - b'a') as usize;
        let letter = (b'a' + ((6 - w) % 6) as u8) as char;
        format!("{letter}{}{}", b[2] as char, b[1] as char)
    };
    format!("{}{}", cell(&m[..3]), cell(&m[3..6]))
}
