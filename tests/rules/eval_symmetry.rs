//! Caïssa's and Jikaida's evaluations are symmetric: a position and the same position turned
//! half round with the colours swapped (each game's start is so built) evaluate the same, term
//! by term, for positions of seeded random games.

use crate::xorshift;

use kaissa::core::playable::Playable;
use kaissa::core::ruleset::PositionVisitor;
use kaissa::core::tunable::Tunable;
use kaissa::games;
use kaissa::games::variants::Registry;
use xorshift::Rng;

/// The board field of a FEN turned half round with the colours swapped: cells are digits
/// (empty runs), `*` (Caïssa's untiled square) or a letter with an optional `'` (Jikaida's
/// moved piece).
fn turn_board(board: &str) -> String {
    let ranks: Vec<Vec<String>> = board
        .split('/')
        .map(|rank| {
            let mut cells = Vec::new();
            let mut chars = rank.chars().peekable();
            while let Some(c) = chars.next() {
                if let Some(d) = c.to_digit(10) {
                    let mut n = d;
                    while let Some(e) = chars.peek().and_then(|x| x.to_digit(10)) {
                        n = n * 10 + e;
                        chars.next();
                    }
                    cells.extend((0..n).map(|_| String::new()));
                } else if c == '*' {
                    cells.push("*".into());
                } else {
                    let mut cell = if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                    .to_string();
                    if chars.peek() == Some(&'\'') {
                        cell.push('\'');
                        chars.next();
                    }
                    cells.push(cell);
                }
            }
            cells
        })
        .collect();
    let mut out = Vec::new();
    for rank in ranks.iter().rev() {
        let mut text = String::new();
        let mut empty = 0;
        for cell in rank.iter().rev() {
            if cell.is_empty() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
                empty = 0;
            }
            text.push_str(cell);
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        out.push(text);
    }
    out.join("/")
}

/// A whole FEN turned: the board, the side to move swapped (`w`/`b` for Caïssa, `y`/`b` for
/// Jikaida), Caïssa's banned swap dropped (the evaluation does not read it), Jikaida's
/// Fluttember rights swapped.
fn turned(fen: &str, jikaida: bool) -> String {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let side = match (fields[1], jikaida) {
        ("b", true) => "y",
        ("b", false) => "w",
        _ => "b",
    };
    let mut out = vec![turn_board(fields[0]), side.to_string()];
    if jikaida {
        let rights = fields[2];
        let mut swapped = String::new();
        if rights.contains('k') {
            swapped.push('K');
        }
        if rights.contains('K') {
            swapped.push('k');
        }
        out.push(if swapped.is_empty() {
            "-".into()
        } else {
            swapped
        });
    } else {
        out.push("-".into());
    }
    out.extend(fields[3..].iter().map(|f| f.to_string()));
    out.join(" ")
}

/// Plays seeded random games and compares each position's terms with its turned twin's.
struct Check {
    jikaida: bool,
}

impl PositionVisitor for Check {
    type Output = usize;
    fn visit<P: Playable + Tunable>(self, start: P, eval: P::Eval) -> usize {
        let mut seen = 0;
        for seed in 1..=12u64 {
            let mut pos = start.clone();
            let mut rng = Rng::new(seed);
            for _ in 0..90 {
                let mut list = Vec::new();
                pos.generate(&mut list);
                if list.is_empty() {
                    break;
                }
                pos.make(list[rng.below(list.len())]);
                let fen = pos.write_fen();
                let twin = pos.read_fen(&turned(&fen, self.jikaida)).unwrap();
                assert_eq!(twin.side_to_move(), pos.side_to_move().flip(), "{fen}");
                let terms = pos.eval_terms(&eval);
                let mirrored: Vec<(String, i32, i32)> = twin
                    .eval_terms(&eval)
                    .into_iter()
                    .map(|(name, a, b)| (name, b, a))
                    .collect();
                // Tempo is the one row that goes to the side to move, not to a colour.
                for (a, b) in terms.iter().zip(&mirrored) {
                    if a.0 != "tempo" {
                        assert_eq!(a, b, "{fen}");
                    }
                }
                assert_eq!(pos.evaluate(&eval), twin.evaluate(&eval), "{fen}");
                seen += 1;
            }
        }
        seen
    }
}

#[test]
fn caissa_and_jikaida_evaluate_a_turned_position_alike() {
    let registry = Registry::builtin();
    for (name, jikaida) in [
        ("caissa", false),
        ("jikaida", true),
        ("jikaida-swods", true),
        ("porondwa", true),
    ] {
        let def = registry.get(name, &[]).unwrap();
        let seen = games::build(&def, None, Check { jikaida }).unwrap();
        assert!(seen > 300, "{name}: {seen} positions");
    }
}

#[test]
fn the_turned_fen_of_the_caissa_start_is_the_start_with_black_to_move() {
    assert_eq!(
        turned("7/3bqn1/4r2/7/2R4/1NQB3/7 w - 0", false),
        "7/3bqn1/4r2/7/2R4/1NQB3/7 b - 0"
    );
    assert_eq!(turn_board("1A'2/*3"), "3*/2a'1");
}
