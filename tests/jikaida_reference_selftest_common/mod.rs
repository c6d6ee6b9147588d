//! Helpers shared by the test crates `jikaida_reference_selftest*.rs`: building a FEN from a
//! list of pieces, and reading the reference generator's legal moves, their end squares and
//! the ways each is made.

use crate::jikaida_reference::{legal_moves, move_squares, move_ways};

/// The FEN of a `files` x `ranks` board holding `pieces` (square, FEN text such as `"S'"`),
/// the rest empty; `tail` is the side, fluttember and fullmove fields.
pub fn board(files: usize, ranks: usize, pieces: &[(&str, &str)], tail: &str) -> String {
    let mut grid: Vec<Vec<Option<String>>> = vec![vec![None; files]; ranks];
    for (square, text) in pieces {
        let file = (square.as_bytes()[0] - b'a') as usize;
        let rank: usize = square[1..].parse().unwrap();
        assert!(grid[rank - 1][file].is_none(), "{square} twice");
        grid[rank - 1][file] = Some(text.to_string());
    }
    let mut rows = Vec::new();
    for rank in (0..ranks).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for cell in &grid[rank] {
            match cell {
                None => empty += 1,
                Some(t) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push_str(t);
                }
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    format!("{} {tail}", rows.join("/"))
}

/// A 12 x 18 position with `pieces`, Yellow to move, no Fluttember rights.
pub fn poron(pieces: &[(&str, &str)]) -> String {
    board(12, 18, pieces, "y - 1")
}

pub fn moves(fen: &str) -> Vec<String> {
    legal_moves(fen).unwrap_or_else(|e| panic!("{e}"))
}

/// The legal moves starting on `square`, sorted.
pub fn moves_from(fen: &str, square: &str) -> Vec<String> {
    moves(fen)
        .into_iter()
        .filter(|m| move_squares(m).0 == square)
        .collect()
}

/// The end squares of the legal moves starting on `square`, sorted.
pub fn targets(fen: &str, square: &str) -> Vec<String> {
    let mut out: Vec<String> = moves_from(fen, square)
        .iter()
        .map(|m| move_squares(m).1)
        .collect();
    out.sort();
    out.dedup();
    out
}

/// `names` (space-separated squares) sorted, for comparing with `targets`.
pub fn squares(names: &str) -> Vec<String> {
    let mut out: Vec<String> = names.split_whitespace().map(|s| s.to_string()).collect();
    out.sort();
    let before = out.len();
    out.dedup();
    assert_eq!(before, out.len(), "a square listed twice in {names:?}");
    out
}

/// The ways the legal move `mv` can be made.
pub fn ways(fen: &str, mv: &str) -> Vec<String> {
    move_ways(fen)
        .unwrap()
        .into_iter()
        .find(|(m, _)| m == mv)
        .unwrap_or_else(|| panic!("{mv} is not legal in {fen}"))
        .1
}

pub fn has(fen: &str, mv: &str) -> bool {
    moves(fen).iter().any(|m| m == mv)
}
