//! Drin names: the book's way of naming a Jikaida square, `Mortil A1`, beside the engine's
//! board coordinates (`a1`).
//!
//! The board is made of 6 x 6 drins, each with a name. Seen from Yellow's side (south), every
//! drin is lettered `A`–`F` from left to right and numbered `1`–`6` from south to north, the
//! same for both players, so a square is the drin's name followed by those coordinates
//! (seeds/poron-jikaida.txt; docs/RULES.md §3.1 names Poron's six drins). Names are published for
//! two boards only:
//!
//! - Poron Jikaida, 12 x 18 (two drins wide, three deep), north row first:
//!   Wersting | Chavonth, Neemu | Leem, Mortil | Zhantil;
//! - Hyrshiv Jikaida, 18 x 24 (three wide, four deep), from the seed's table, north row first:
//!   Boloth | Graint | Dermiflon, Wersting | Chavonth | Strigicaw, Neemu | Leem | Prychan,
//!   Mortil | Zhantil | Krulch. Poron's six drins keep their places in the south-west and the
//!   new ones fill the east column and the north row.
//!
//! Any other size (Jikshiv's 24 x 36, a 12 x 12 board, Hyrshiv turned on its side as 24 x 18)
//! has no names: [`DrinMap::for_board`] says so rather than inventing any.
//!
//! The names serve display (`d` with the UCI option `DrinNames`, see protocol.md); moves stay
//! in board coordinates.

use super::board::DRIN;
use std::fmt;

/// Poron Jikaida's drins, south row first, each row west to east.
const PORON: [&[&str]; 3] = [
    &["Mortil", "Zhantil"],
    &["Neemu", "Leem"],
    &["Wersting", "Chavonth"],
];

/// Hyrshiv Jikaida's drins, south row first, each row west to east.
const HYRSHIV: [&[&str]; 4] = [
    &["Mortil", "Zhantil", "Krulch"],
    &["Neemu", "Leem", "Prychan"],
    &["Wersting", "Chavonth", "Strigicaw"],
    &["Boloth", "Graint", "Dermiflon"],
];

/// The in-drin file letters, west to east.
const LETTERS: [char; DRIN] = ['A', 'B', 'C', 'D', 'E', 'F'];

/// The drin names of one board size: which drin holds a cell and where inside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrinMap {
    files: usize,
    ranks: usize,
    /// Names by drin row (south first), then drin column (west first).
    rows: &'static [&'static [&'static str]],
}

/// A square in the book's notation: a drin and the coordinates inside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrinSquare {
    /// The drin's name, e.g. `Mortil`.
    pub drin: &'static str,
    /// In-drin file from 0 (`A`) to 5 (`F`), west to east from Yellow's side.
    pub file: usize,
    /// In-drin rank from 0 (`1`) to 5 (`6`), south to north.
    pub rank: usize,
}

impl DrinSquare {
    /// The in-drin coordinates alone, e.g. `A1`.
    pub fn coords(&self) -> String {
        format!("{}{}", LETTERS[self.file], self.rank + 1)
    }
}

/// Written as the book writes it: `Mortil A1`.
impl fmt::Display for DrinSquare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.drin, self.coords())
    }
}

/// A board size for which no drin names are published.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoDrinNames {
    /// Files of the board.
    pub files: usize,
    /// Ranks of the board.
    pub ranks: usize,
}

impl fmt::Display for NoDrinNames {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "no drin names for this board size ({} x {}): names are published for 12 x 18 \
             (Poron) and 18 x 24 (Hyrshiv) only",
            self.files, self.ranks
        )
    }
}

impl DrinMap {
    /// The drin names of a `files` x `ranks` board, or [`NoDrinNames`] when the book gives
    /// none for that size.
    pub fn for_board(files: usize, ranks: usize) -> Result<DrinMap, NoDrinNames> {
        let rows: &'static [&'static [&'static str]] = match (files, ranks) {
            (12, 18) => &PORON,
            (18, 24) => &HYRSHIV,
            _ => return Err(NoDrinNames { files, ranks }),
        };
        Ok(DrinMap { files, ranks, rows })
    }

    /// Files of the board.
    pub fn files(&self) -> usize {
        self.files
    }

    /// Ranks of the board.
    pub fn ranks(&self) -> usize {
        self.ranks
    }

    /// The name of the drin in drin column `col` (from the west) and drin row `row` (from the
    /// south), or `None` off the board.
    pub fn drin_name(&self, col: usize, row: usize) -> Option<&'static str> {
        self.rows.get(row)?.get(col).copied()
    }

    /// The drin square of the cell on `file` and `rank` (board coordinates from 0, `a1` =
    /// (0, 0)), or `None` off the board.
    pub fn square(&self, file: usize, rank: usize) -> Option<DrinSquare> {
        if file >= self.files || rank >= self.ranks {
            return None;
        }
        Some(DrinSquare {
            drin: self.drin_name(file / DRIN, rank / DRIN)?,
            file: file % DRIN,
            rank: rank % DRIN,
        })
    }

    /// The board coordinates (file, rank from 0) of a drin square, or `None` if the drin is
    /// not on this board or the coordinates are out of range: the inverse of
    /// [`DrinMap::square`].
    pub fn cell(&self, square: DrinSquare) -> Option<(usize, usize)> {
        if square.file >= DRIN || square.rank >= DRIN {
            return None;
        }
        self.rows.iter().enumerate().find_map(|(row, names)| {
            let col = names.iter().position(|&n| n == square.drin)?;
            Some((col * DRIN + square.file, row * DRIN + square.rank))
        })
    }

    /// Reads the book's notation, `Mortil A1` (name case-insensitive, one or more spaces),
    /// into board coordinates (file, rank from 0).
    pub fn parse(&self, text: &str) -> Option<(usize, usize)> {
        let mut words = text.split_whitespace();
        let (name, coords) = (words.next()?, words.next()?);
        if words.next().is_some() {
            return None;
        }
        let drin = self
            .rows
            .iter()
            .flat_map(|r| r.iter())
            .find(|n| n.eq_ignore_ascii_case(name))?;
        let mut chars = coords.chars();
        let letter = chars.next()?.to_ascii_uppercase();
        let file = LETTERS.iter().position(|&l| l == letter)?;
        let rank = match (chars.next()?.to_digit(10), chars.next()) {
            (Some(d @ 1..=6), None) => d as usize - 1,
            _ => return None,
        };
        self.cell(DrinSquare { drin, file, rank })
    }
}

/// The in-drin file letter (`A`–`F`) of a board file (from 0).
pub fn file_letter(file: usize) -> char {
    LETTERS[file % DRIN]
}

/// The in-drin rank number (1–6) of a board rank (from 0).
pub fn rank_number(rank: usize) -> usize {
    rank % DRIN + 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::geometry::Rect;
    use std::collections::HashSet;

    /// The drin square of an algebraic cell name, as text.
    fn named(map: &DrinMap, cell: &str) -> String {
        let r = Rect {
            files: map.files(),
            ranks: map.ranks(),
        };
        let c = r.parse(cell).expect("a cell of the board");
        map.square(r.file(c), r.rank(c))
            .expect("a named cell")
            .to_string()
    }

    #[test]
    fn poron_corners_of_every_drin() {
        let m = DrinMap::for_board(12, 18).unwrap();
        // (cell, its drin square): the four corners of each of the six drins.
        let cases = [
            ("a1", "Mortil A1"),
            ("f1", "Mortil F1"),
            ("a6", "Mortil A6"),
            ("f6", "Mortil F6"),
            ("g1", "Zhantil A1"),
            ("l1", "Zhantil F1"),
            ("g6", "Zhantil A6"),
            ("l6", "Zhantil F6"),
            ("a7", "Neemu A1"),
            ("f7", "Neemu F1"),
            ("a12", "Neemu A6"),
            ("f12", "Neemu F6"),
            ("g7", "Leem A1"),
            ("l7", "Leem F1"),
            ("g12", "Leem A6"),
            ("l12", "Leem F6"),
            ("a13", "Wersting A1"),
            ("f13", "Wersting F1"),
            ("a18", "Wersting A6"),
            ("f18", "Wersting F6"),
            ("g13", "Chavonth A1"),
            ("l13", "Chavonth F1"),
            ("g18", "Chavonth A6"),
            ("l18", "Chavonth F6"),
        ];
        for (cell, want) in cases {
            assert_eq!(named(&m, cell), want, "{cell}");
        }
        // The Kings' start squares and a few inner ones.
        assert_eq!(named(&m, "h1"), "Zhantil B1");
        assert_eq!(named(&m, "f18"), "Wersting F6");
        assert_eq!(named(&m, "c3"), "Mortil C3");
        assert_eq!(named(&m, "j10"), "Leem D4");
        assert_eq!(named(&m, "e16"), "Wersting E4");
    }

    #[test]
    fn hyrshiv_corners_of_every_drin() {
        let m = DrinMap::for_board(18, 24).unwrap();
        let names = [
            ["Mortil", "Zhantil", "Krulch"],
            ["Neemu", "Leem", "Prychan"],
            ["Wersting", "Chavonth", "Strigicaw"],
            ["Boloth", "Graint", "Dermiflon"],
        ];
        let r = Rect {
            files: 18,
            ranks: 24,
        };
        for (row, row_names) in names.iter().enumerate() {
            for (col, name) in row_names.iter().enumerate() {
                let (f0, r0) = (col * 6, row * 6);
                for (df, dr, coords) in [(0, 0, "A1"), (5, 0, "F1"), (0, 5, "A6"), (5, 5, "F6")] {
                    let cell = r.name(r.cell(f0 + df, r0 + dr));
                    assert_eq!(named(&m, &cell), format!("{name} {coords}"), "{cell}");
                }
            }
        }
        // Spelled out, so a shifted table cannot pass by agreeing with itself.
        assert_eq!(named(&m, "m1"), "Krulch A1");
        assert_eq!(named(&m, "r12"), "Prychan F6");
        assert_eq!(named(&m, "m18"), "Strigicaw A6");
        assert_eq!(named(&m, "a19"), "Boloth A1");
        assert_eq!(named(&m, "l24"), "Graint F6");
        assert_eq!(named(&m, "r24"), "Dermiflon F6");
        assert_eq!(named(&m, "a1"), "Mortil A1");
        assert_eq!(named(&m, "l18"), "Chavonth F6");
    }

    #[test]
    fn every_cell_has_one_square_and_back() {
        for (files, ranks) in [(12, 18), (18, 24)] {
            let m = DrinMap::for_board(files, ranks).unwrap();
            let mut seen = HashSet::new();
            for rank in 0..ranks {
                for file in 0..files {
                    let sq = m.square(file, rank).expect("every cell is named");
                    assert!(seen.insert(sq.to_string()), "{sq} named twice");
                    assert_eq!(m.cell(sq), Some((file, rank)), "{sq}");
                    assert_eq!(m.parse(&sq.to_string()), Some((file, rank)), "{sq}");
                }
            }
            // Each drin has exactly 36 squares.
            let drins: HashSet<&str> = seen.iter().map(|s| s.split(' ').next().unwrap()).collect();
            assert_eq!(drins.len() * 36, files * ranks);
            assert_eq!(seen.len(), files * ranks);
            assert_eq!(m.square(files, 0), None);
            assert_eq!(m.square(0, ranks), None);
        }
    }

    #[test]
    fn other_sizes_have_no_names() {
        for (files, ranks) in [(24, 36), (12, 12), (24, 18), (6, 6), (18, 18)] {
            let e = DrinMap::for_board(files, ranks).unwrap_err();
            assert_eq!(e, NoDrinNames { files, ranks });
            assert!(
                e.to_string().starts_with(&format!(
                    "no drin names for this board size ({files} x {ranks})"
                )),
                "{e}"
            );
        }
    }

    #[test]
    fn parse_refuses_bad_text() {
        let m = DrinMap::for_board(12, 18).unwrap();
        assert_eq!(m.parse("mortil a1"), Some((0, 0)));
        assert_eq!(m.parse("Zhantil  B1"), Some((7, 0)));
        for bad in [
            "",
            "Mortil",
            "Mortil A0",
            "Mortil A7",
            "Mortil G1",
            "Mortil A10",
            "Krulch A1",
            "Mortil A1 x",
            "Mörtil A1",
            "A1 Mortil",
        ] {
            assert_eq!(m.parse(bad), None, "{bad}");
        }
        let bad_square = DrinSquare {
            drin: "Mortil",
            file: 6,
            rank: 0,
        };
        assert_eq!(m.cell(bad_square), None);
    }

    #[test]
    fn margins_letters_and_numbers() {
        assert_eq!(file_letter(0), 'A');
        assert_eq!(file_letter(7), 'B');
        assert_eq!(file_letter(17), 'F');
        assert_eq!(rank_number(0), 1);
        assert_eq!(rank_number(12), 1);
        assert_eq!(rank_number(23), 6);
    }
}
