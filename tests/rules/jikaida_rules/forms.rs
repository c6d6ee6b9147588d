//! §3.2: the forms (`jikaida-swods`, `porondwa`) and the larger boards.

use super::*;

// ---------------------------------------------------------------------------------------------
// §3.2 Forms
// ---------------------------------------------------------------------------------------------

#[test]
fn jikaida_swods_start_position() {
    let def = kaissa::games::variants::Registry::builtin()
        .get("jikaida-swods", &[])
        .expect("jikaida-swods");
    let s = kaissa::engine::new_state(&def).expect("state");
    let fen = s.fen();
    let rows: Vec<&str> = fen.split_whitespace().next().unwrap().split('/').collect();
    // Ranks 18 .. 1.
    assert_eq!(rows[0], "cjhapkannhjc");
    assert_eq!(rows[1], "dddddddddddd");
    assert_eq!(rows[2], "ssssssssssss");
    assert_eq!(rows[3], "ssssssssssss");
    assert!(rows[4..14].iter().all(|r| *r == "12"));
    assert_eq!(rows[14], "SSSSSSSSSSSS");
    assert_eq!(rows[15], "SSSSSSSSSSSS");
    assert_eq!(rows[16], "DDDDDDDDDDDD");
    assert_eq!(rows[17], "CJHNNAPKAHJC");
    assert!(fen.ends_with(" y Kk 1"));
    // Rank-4 Swods go one or two squares (the 6|7 front stops the third); rank-3 Swods are
    // hemmed in; rank-1 pieces vault over ranks 2-4.
    let l = s.legal_moves();
    assert_moves_in(
        &l,
        &["c4c5", "c4c6", "c4b5", "c4e6", "a1a5", "a1e5"],
        &["c4c7", "c3c4"],
    );
    assert!(!l.iter().any(|m| split(m).0 == "c3" || split(m).0 == "c2"));
}

#[test]
fn porondwa_start_position() {
    let def = kaissa::games::variants::Registry::builtin()
        .get("porondwa", &[])
        .expect("porondwa");
    let s = kaissa::engine::new_state(&def).expect("state");
    let fen = s.fen();
    let rows: Vec<&str> = fen.split_whitespace().next().unwrap().split('/').collect();
    assert_eq!(rows[0], "cjhapkannhjc");
    assert_eq!(rows[1], "dddddddddddd");
    assert_eq!(rows[2], "dddddddddddd");
    assert_eq!(rows[3], "ssssssssssss");
    assert!(rows[4..14].iter().all(|r| *r == "12"));
    assert_eq!(rows[14], "SSSSSSSSSSSS");
    assert_eq!(rows[15], "DDDDDDDDDDDD");
    assert_eq!(rows[16], "DDDDDDDDDDDD");
    assert_eq!(rows[17], "CJHNNAPKAHJC");
    // Rank-4 Swods move; rank-1 pieces vault over the two Deldar ranks and the Swods.
    let l = s.legal_moves();
    assert_moves_in(&l, &["c4c5", "c4c6", "a1a5", "a1e5"], &["c4c7"]);
    assert!(
        l.iter()
            .all(|m| split(m).0.ends_with('4') || split(m).0.ends_with('1'))
    );
}

#[test]
fn hyrshiv_board_18_by_24_has_fronts_every_six_files_and_ranks() {
    // Jiktars l12 (next to the l|m and 12|13 fronts) and c18 (next to 18|19).
    let pieces = [
        ("J", "l12"),
        ("J", "c18"),
        ("K", "a1"),
        ("k", "r24"),
        ("d'", "q24"),
    ];
    let fen = format!("{} y - 1", placement_of(18, 24, &pieces));
    let expect_l12 = set(&[
        "l13", "l14", "l15", "l16", "l17", "l18", "l11", "l10", "l9", "l8", "l7", "m12", "n12",
        "o12", "p12", "q12", "r12", "k12", "j12", "i12", "h12", "g12",
    ]);
    let expect_c18 = set(&[
        "c19", "c20", "c21", "c22", "c23", "c24", "c17", "c16", "c15", "c14", "c13", "d18", "e18",
        "f18", "b18", "a18",
    ]);
    let from = |l: &[String], sq: &str| -> Vec<String> {
        let mut v: Vec<String> = l
            .iter()
            .filter(|m| split(m).0 == sq)
            .map(|m| split(m).1.to_string())
            .collect();
        v.sort();
        v
    };
    // Through the width-free interface (a FEN of another size builds its board).
    let def = kaissa::games::variants::Registry::builtin()
        .get("jikaida", &[])
        .expect("jikaida");
    let mut s = kaissa::engine::new_state(&def).expect("state");
    s.set_position(Some(&fen), &[]).expect("18 x 24 FEN");
    assert_eq!(s.fen(), fen);
    let l = s.legal_moves();
    assert_eq!(from(&l, "l12"), expect_l12);
    assert_eq!(from(&l, "c18"), expect_c18);
    // Directly on a Wide<7> board.
    let b7 = Arc::new(Board::<Wide<7>>::new(18, 24));
    let p = JikaidaPosition::from_fen(b7.clone(), &fen).expect("18 x 24");
    let mut v = Vec::new();
    p.generate(&mut v);
    let l: Vec<String> = v.iter().map(|&m| p.move_text(m)).collect();
    assert_eq!(from(&l, "l12"), expect_l12);
    // No Fluttember on a board without a published array.
    let with_flutter = fen.replace(" y - 1", " y Kk 1");
    assert!(JikaidaPosition::from_fen(b7, &with_flutter).is_err());
}
