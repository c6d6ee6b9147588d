//! 1.1: the initial arrays, the stones in hand, Yellow to move; the pieces of each set.

use super::*;

/// Rank 1 (a to j), rank 2 and rank 3 of Yellow's array; `.` is empty.
fn yellow_array(variant: &str) -> [&'static str; 3] {
    match variant {
        "merchants" => ["IBSTUATSBI", "XRPPPPPPRX", ".........."],
        "northern" | "gc" => ["IBSTUATSBI", "MRPPPPPPRM", ".........."],
        "gorean" => ["IBSTAUTSBI", "MRPPPPPPRM", ".........."],
        "kaissa" => ["IBSTUATSBI", "MRPPPPPPRM", "P........P"],
        _ => unreachable!(),
    }
}

/// Red's rank 10, 9 and 8 (lower case): the same files as Yellow's, except in gorean, where
/// each player's Ubar stands on his right.
fn red_array(variant: &str) -> [String; 3] {
    let y = yellow_array(variant);
    let mut r = y.map(str::to_ascii_lowercase);
    if variant == "gorean" {
        r[0] = "ibstuatsbi".to_string();
    }
    r
}

#[test]
fn initial_arrays_hands_and_first_player() {
    for v in SETS {
        let g = game(v, &[]);
        let pos = g.start_position();
        let y = yellow_array(v);
        let r = red_array(v);
        for rank in 1..=10 {
            let row: Option<String> = match rank {
                1..=3 => Some(y[rank - 1].to_string()),
                8..=10 => Some(r[10 - rank].clone()),
                _ => None,
            };
            for (f, file) in "abcdefghij".chars().enumerate() {
                let sq = format!("{file}{rank}");
                let want = row
                    .as_ref()
                    .map(|s| s.as_bytes()[f] as char)
                    .filter(|&c| c != '.');
                assert_eq!(letter_at(&pos, &sq), want, "{v}: start piece on {sq}");
            }
        }
        let (_, h) = g.piece_of_letter('H').expect("Home Stone");
        assert_eq!(pos.in_hand(Color::First, h), 1, "{v}: Yellow's stone");
        assert_eq!(pos.in_hand(Color::Second, h), 1, "{v}: Red's stone");
        assert_eq!(pos.side_to_move(), Color::First, "{v}: Yellow moves first");
        assert_eq!((pos.fullmove(), pos.halfmove_clock()), (1, 0), "{v}");
        assert_eq!(pos.decided(), None, "{v}");
        assert_eq!(pos.outcome(), None, "{v}");
    }
}

#[test]
fn gorean_ubars_stand_on_each_players_right() {
    let pos = game("gorean", &[]).start_position();
    assert_eq!(letter_at(&pos, "e1"), Some('A'));
    assert_eq!(letter_at(&pos, "f1"), Some('U'));
    assert_eq!(letter_at(&pos, "e10"), Some('u'));
    assert_eq!(letter_at(&pos, "f10"), Some('a'));
}

#[test]
fn piece_names_and_which_pieces_each_set_has() {
    let common = [
        ('U', "Ubar"),
        ('A', "Ubara"),
        ('T', "Tarnsman"),
        ('S', "Scribe"),
        ('B', "Builder"),
        ('I', "Initiate"),
        ('P', "Spearman"),
        ('R', "Rider"),
        ('H', "Home Stone"),
    ];
    let northern = [
        ('U', "Jarl"),
        ('A', "Jarl's Woman"),
        ('T', "Axe"),
        ('S', "Singer"),
        ('B', "Builder"),
        ('I', "Rune Priest"),
        ('P', "Spearman"),
        ('R', "Rider"),
        ('H', "Lodge"),
    ];
    for v in SETS {
        let g = game(v, &[]);
        let names = if v == "northern" { &northern } else { &common };
        let mut want: Vec<(char, String)> =
            names.iter().map(|&(l, n)| (l, n.to_string())).collect();
        want.push(if v == "merchants" {
            ('X', "Assassin".to_string())
        } else {
            ('M', "Physician".to_string())
        });
        want.sort();
        let mut got: Vec<(char, String)> = g
            .pieces
            .iter()
            .map(|p| (p.letter, p.name.clone()))
            .collect();
        got.sort();
        assert_eq!(got, want, "{v}: pieces");
        // The set's FEN refuses the piece it does not have.
        let other = if v == "merchants" { 'M' } else { 'X' };
        let f = fen(&[("e5", other), ("e1", 'H'), ("e10", 'h')], "", 'w', 20);
        assert!(Position::from_fen(&g, &f).is_err(), "{v} has no {other}");
    }
}
