//! Jikaida's drin names in `d` (UCI option `DrinNames`), through the binary: each piece's drin
//! square as a user reads it off the labels, the Kings' line, Hyrshiv's board, the fallback
//! for boards without names, no effect on the other games, and bad values refused.

use crate::session;

use session::session;

/// The `d` answers in a session's output: each block ends with its `Variant:` line.
fn boards(out: &str) -> Vec<Vec<&str>> {
    let mut blocks = vec![Vec::new()];
    for line in out.lines() {
        blocks.last_mut().unwrap().push(line);
        if line.starts_with("Variant: ") {
            blocks.push(Vec::new());
        }
    }
    blocks.pop();
    blocks
}

/// Reads the piece on `cell` (e.g. `h1`) and its drin square off a labelled board, the way a
/// user does: the row of its rank, the column of its file letter, the in-drin letter under it,
/// the in-drin number at the right of the row and the name heading its band of drins.
fn read_square(board: &[&str], cell: &str) -> (char, String) {
    let file = (cell.as_bytes()[0] - b'a') as usize;
    let rank: usize = cell[1..].parse().unwrap();
    let col = 4 + 3 * file + 2 * (file / 6) + 1;
    let row_prefix = format!("{rank:>3} ");
    let row = board
        .iter()
        .position(|l| l.starts_with(&row_prefix))
        .unwrap_or_else(|| panic!("no row {rank}: {board:#?}"));
    let piece = board[row].as_bytes()[col] as char;
    let number = board[row].trim_end().chars().last().unwrap();
    let files = board
        .iter()
        .position(|l| l.starts_with("     a "))
        .expect("a file row");
    assert_eq!(
        board[files].as_bytes()[col] as char,
        cell.chars().next().unwrap(),
        "the file letter of {cell} is in the column read"
    );
    let letter = board[files + 1].as_bytes()[col] as char;
    let heading = board[..row]
        .iter()
        .rev()
        .find(|l| l.starts_with("    -- "))
        .unwrap_or_else(|| panic!("no heading above row {rank}: {board:#?}"));
    let name = heading
        .split('+')
        .nth(file / 6)
        .unwrap()
        .trim_matches(|c| c == '-' || c == ' ');
    (piece, format!("{name} {letter}{number}"))
}

#[test]
fn drin_names_label_the_start_position() {
    let out = session(
        "uci\nsetoption name UCI_Variant value jikaida\nd\n\
         setoption name DrinNames value true\nd\n\
         setoption name DrinNames value false\nd\nquit\n",
    );
    assert!(
        out.contains("option name DrinNames type check default false"),
        "{out}"
    );
    assert!(!out.contains("error"), "{out}");
    let b = boards(&out);
    assert_eq!(b.len(), 3, "{out}");
    let (before, named, after) = (&b[0], &b[1], &b[2]);
    // Off (the default, and after turning it off again): the plain board, no names.
    let plain = |block: &[&str]| -> Vec<String> {
        block
            .iter()
            .skip_while(|l| !l.starts_with(" 18 "))
            .map(|l| l.to_string())
            .collect()
    };
    assert_eq!(plain(before), plain(after));
    for name in ["Mortil", "Zhantil", "Neemu", "Leem", "Wersting", "Chavonth"] {
        assert!(!before.join("\n").contains(name), "{before:#?}");
        assert!(
            named.join("\n").contains(&format!("-- {name} ")),
            "{named:#?}"
        );
    }
    assert!(!before.iter().any(|l| l.starts_with("Kings:")));
    assert!(
        before.contains(&"  1  C  J  H  N  N  A  | P  K  A  H  J  C "),
        "{before:#?}"
    );
    // On: each piece reads as the book names its square.
    for (cell, piece, square) in [
        ("a1", 'C', "Mortil A1"),
        ("f1", 'A', "Mortil F1"),
        ("g1", 'P', "Zhantil A1"),
        ("h1", 'K', "Zhantil B1"),
        ("l1", 'C', "Zhantil F1"),
        ("c3", 'S', "Mortil C3"),
        ("k2", 'D', "Zhantil E2"),
        ("a18", 'c', "Wersting A6"),
        ("f18", 'k', "Wersting F6"),
        ("g18", 'a', "Chavonth A6"),
        ("l18", 'c', "Chavonth F6"),
        ("j17", 'd', "Chavonth D5"),
        ("b16", 's', "Wersting B4"),
        ("a7", '.', "Neemu A1"),
        ("l12", '.', "Leem F6"),
        ("f13", '.', "Wersting F1"),
    ] {
        assert_eq!(
            read_square(named, cell),
            (piece, square.to_string()),
            "{cell}: {named:#?}"
        );
    }
    assert!(
        named.contains(&"Kings: Yellow h1 = Zhantil B1, Blue f18 = Wersting F6"),
        "{named:#?}"
    );
    assert!(named.iter().any(|l| l.starts_with("Fen: cjhapkannhjc/")));
}

#[test]
fn drin_names_follow_the_moves_and_the_hyrshiv_board() {
    let out = session(
        "uci\nsetoption name UCI_Variant value jikaida\nsetoption name DrinNames value true\n\
         position startpos moves c3c6 c16c14 h1f1\nd\n\
         position fen 1n3a2kp7c/4d'13/6s5s5/18/18/18/18/18/18/18/18/18/18/18/18/18/18/18/18/18/18/6S5S5/4D'13/CN3A2KP8 y - 1\nd\n\
         position fen k23/24/24/24/24/s'23/24/24/24/24/24/24/24/24/24/24/11D'12/24/24/24/24/24/24/24/24/24/24/24/24/24/24/24/24/24/24/23K y - 1\nd\n\
         quit\n",
    );
    assert!(!out.contains("error"), "{out}");
    let b = boards(&out);
    assert_eq!(b.len(), 3, "{out}");
    // After the Fluttember h1f1 the King stands on Mortil F1; the Swods moved into Mortil C6
    // and Wersting C2 (marked ' as moved).
    let poron = &b[0];
    assert_eq!(read_square(poron, "f1"), ('K', "Mortil F1".into()));
    assert_eq!(read_square(poron, "h1"), ('A', "Zhantil B1".into()));
    assert_eq!(read_square(poron, "c6"), ('S', "Mortil C6".into()));
    assert_eq!(read_square(poron, "c14"), ('s', "Wersting C2".into()));
    assert!(
        poron.contains(&"Kings: Yellow f1 = Mortil F1, Blue f18 = Wersting F6"),
        "{poron:#?}"
    );
    // Hyrshiv 18 x 24: the book's twelve drins.
    let hyrshiv = &b[1];
    for name in [
        "Krulch",
        "Prychan",
        "Strigicaw",
        "Boloth",
        "Graint",
        "Dermiflon",
    ] {
        assert!(
            hyrshiv.join("\n").contains(&format!("-- {name} ")),
            "{name}"
        );
    }
    assert_eq!(read_square(hyrshiv, "m3"), ('S', "Krulch A3".into()));
    assert_eq!(read_square(hyrshiv, "g3"), ('S', "Zhantil A3".into()));
    assert_eq!(read_square(hyrshiv, "r24"), ('c', "Dermiflon F6".into()));
    assert_eq!(read_square(hyrshiv, "b24"), ('n', "Boloth B6".into()));
    assert_eq!(read_square(hyrshiv, "e2"), ('D', "Mortil E2".into()));
    assert_eq!(read_square(hyrshiv, "m22"), ('s', "Dermiflon A4".into()));
    assert!(
        hyrshiv.contains(&"Kings: Yellow i1 = Zhantil C1, Blue i24 = Graint C6"),
        "{hyrshiv:#?}"
    );
    // Jikshiv 24 x 36 has no published names: the plain board and a line saying so.
    let jikshiv = b[2].join("\n");
    assert!(
        jikshiv.contains("Drins: no drin names for this board size (24 x 36)"),
        "{jikshiv}"
    );
    assert!(!jikshiv.contains("Mortil") && !jikshiv.contains("Kings:"));
    assert!(!jikshiv.contains("    -- "), "no headings: {jikshiv}");
}

#[test]
fn drin_names_do_nothing_for_other_games_and_refuse_bad_values() {
    let out = session(
        "uci\nd\nsetoption name DrinNames value true\nd\n\
         setoption name UCI_Variant value caissa\nsetoption name DrinNames value false\nd\n\
         setoption name DrinNames value true\nd\n\
         setoption name UCI_Variant value jikaida\n\
         setoption name DrinNames value yes\nsetoption name DrinNames\n\
         setoption name DrinNames value TRUE\nd\nisready\nquit\n",
    );
    let b = boards(&out);
    assert_eq!(b.len(), 5, "{out}");
    let board = |block: &[&str]| -> Vec<String> {
        block
            .iter()
            .skip_while(|l| !l.starts_with(" 10 ") && !l.starts_with("  7 "))
            .map(|l| l.to_string())
            .collect()
    };
    // Kaissa and Caïssa: the same `d` with the option on and off.
    assert!(!board(&b[0]).is_empty());
    assert_eq!(board(&b[0]), board(&b[1]));
    assert!(!board(&b[2]).is_empty());
    assert_eq!(board(&b[2]), board(&b[3]));
    for block in &b[..4] {
        assert!(!block.join("\n").contains("Drins"), "{block:#?}");
    }
    // Bad values: one error line each, the option stays on, the engine carries on.
    for bad in ["yes", "", "TRUE"] {
        assert!(
            out.contains(&format!(
                "info string error: option DrinNames needs true or false, not '{bad}'\n"
            )),
            "{bad}: {out}"
        );
    }
    assert_eq!(out.matches("info string error").count(), 3, "{out}");
    assert!(
        b[4].contains(&"Kings: Yellow h1 = Zhantil B1, Blue f18 = Wersting F6"),
        "{out}"
    );
    assert!(out.contains("readyok"), "{out}");
}
