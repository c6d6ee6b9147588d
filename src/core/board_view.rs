//! [`BoardView`]: a position as a picture is drawn from it, game-neutral. Each game lists its
//! cells with their names, places and looks (Caïssa's tiles and holes, Jikaida's drins and
//! fronts, the Kaissa family's Home Stone zones), its hands and a few lines of notes; a front
//! end (`kaissa serve`'s page) draws any board from that list alone, without knowing any rule.

use serde::Serialize;

/// One cell as it is drawn.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CellView {
    /// The cell's number, as moves count cells (`Move::from`, `Move::to`).
    pub index: usize,
    /// The engine's name of the cell, as moves write it (`e4`, `a10`).
    pub name: String,
    /// Column of the cell's centre, in cell widths from the left edge, seen from the first
    /// player's side (fractional for boards that are not grids).
    pub x: f32,
    /// Row of the cell's centre, in cell heights from the top edge, seen from the first
    /// player's side.
    pub y: f32,
    /// The piece on it as its FEN letter (upper case: first player), if any.
    pub piece: Option<char>,
    /// The cell's look, as CSS-friendly words the page styles: `light`/`dark`, `hole` (no
    /// tile: Caïssa), `drin-a`/`drin-b` (Jikaida's alternating drins), `front-w`/`front-s`
    /// (a front on the cell's west or south side), `zone-first`/`zone-second` (where that
    /// player may place from the hand now), `moved` (a piece whose first-move powers are
    /// spent), `danger` (a piece whose loss ends the game, attacked now: the Home Stone,
    /// Caïssa's Queen, Jikaida's King in check).
    pub marks: Vec<&'static str>,
    /// The cell's name in the game's own notation, beside the engine's (Jikaida's `Mortil A1`).
    pub label: Option<String>,
    /// The cell's outline, corner by corner, in the units of `x` and `y`, for a cell that is
    /// not a unit square around its centre (Donkey Kaissa's kites); empty for a square.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub shape: Vec<(f32, f32)>,
}

/// A line drawn on the board (Donkey Kaissa's hexagon sides and wedge borders), in the units
/// of the cells' `x` and `y`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LineView {
    /// One end.
    pub x1: f32,
    /// One end.
    pub y1: f32,
    /// The other end.
    pub x2: f32,
    /// The other end.
    pub y2: f32,
    /// What it is, as a CSS-friendly word: `edge` (the board's outline), `wedge` (a border
    /// between wedges).
    pub kind: &'static str,
}

/// A player's hand: pieces waiting to be placed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HandView {
    /// 0 for the first player, 1 for the second.
    pub color: usize,
    /// (FEN letter, count) of every piece held.
    pub pieces: Vec<(char, u32)>,
}

/// A named part of the board (Jikaida's drins), drawn with its name when names are asked for.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AreaView {
    /// Its name (`Mortil`).
    pub name: String,
    /// Left edge, in cell widths from the left, seen from the first player's side.
    pub x: f32,
    /// Top edge, in cell heights from the top, seen from the first player's side.
    pub y: f32,
    /// Width in cells.
    pub width: f32,
    /// Height in cells.
    pub height: f32,
}

/// A position as a front end draws it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BoardView {
    /// Width of the drawing, in cell widths.
    pub width: f32,
    /// Height of the drawing, in cell heights.
    pub height: f32,
    /// Every cell of the board.
    pub cells: Vec<CellView>,
    /// Labels along the bottom edge: (x of the centre, text), e.g. the file letters.
    pub bottom: Vec<(f32, String)>,
    /// Labels along the left edge: (y of the centre, text), e.g. the rank numbers.
    pub left: Vec<(f32, String)>,
    /// Named parts of the board (empty for games without them).
    pub areas: Vec<AreaView>,
    /// Lines drawn over the cells (empty for grids).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub lines: Vec<LineView>,
    /// The hands (empty for games without them).
    pub hands: Vec<HandView>,
    /// Lines of state a board does not show: Home Stone windows, the Fluttember, a banned
    /// exchange.
    pub notes: Vec<String>,
}

impl BoardView {
    /// A rectangular board of `files` x `ranks` with algebraic names (`a1` bottom left from
    /// the first player's side, cell = rank x files + file), checkered, with file letters and
    /// rank numbers on the edges; pieces from `piece` (cell number to FEN letter). Games add
    /// their marks, hands and notes to it.
    pub fn rect(files: usize, ranks: usize, piece: impl Fn(usize) -> Option<char>) -> BoardView {
        let mut cells = Vec::with_capacity(files * ranks);
        for rank in 0..ranks {
            for file in 0..files {
                let index = rank * files + file;
                cells.push(CellView {
                    index,
                    name: format!("{}{}", (b'a' + file as u8) as char, rank + 1),
                    x: file as f32 + 0.5,
                    y: (ranks - 1 - rank) as f32 + 0.5,
                    piece: piece(index),
                    marks: vec![if (file + rank).is_multiple_of(2) {
                        "dark"
                    } else {
                        "light"
                    }],
                    label: None,
                    shape: Vec::new(),
                });
            }
        }
        BoardView {
            width: files as f32,
            height: ranks as f32,
            cells,
            bottom: (0..files)
                .map(|f| (f as f32 + 0.5, ((b'a' + f as u8) as char).to_string()))
                .collect(),
            left: (0..ranks)
                .map(|r| ((ranks - 1 - r) as f32 + 0.5, (r + 1).to_string()))
                .collect(),
            areas: Vec::new(),
            lines: Vec::new(),
            hands: Vec::new(),
            notes: Vec::new(),
        }
    }

    /// The cell with this number.
    pub fn cell(&self, index: usize) -> Option<&CellView> {
        self.cells
            .get(index)
            .filter(|c| c.index == index)
            .or_else(|| self.cells.iter().find(|c| c.index == index))
    }

    /// The cell with this number, to change.
    pub fn cell_mut(&mut self, index: usize) -> Option<&mut CellView> {
        self.cells.iter_mut().find(|c| c.index == index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rectangle_names_its_cells_from_the_first_players_side() {
        let v = BoardView::rect(10, 10, |c| (c == 0).then_some('P'));
        assert_eq!(v.cells.len(), 100);
        let a1 = v.cell(0).unwrap();
        assert_eq!(
            (a1.name.as_str(), a1.x, a1.y, a1.piece),
            ("a1", 0.5, 9.5, Some('P'))
        );
        let j10 = v.cell(99).unwrap();
        assert_eq!((j10.name.as_str(), j10.x, j10.y), ("j10", 9.5, 0.5));
        assert_eq!(a1.marks, vec!["dark"]);
        assert_eq!(v.bottom[0], (0.5, "a".to_string()));
        assert_eq!(v.left[0], (9.5, "1".to_string()));
    }
}
