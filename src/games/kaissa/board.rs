//! The board a Kaissa-family game is played on: a rectangle ([`Rect`]) or Donkey Kaissa's six
//! wedges ([`DonkeyBoard`]). What the rest of the family asks of a board (how many cells, their
//! names, the second player's image of a first player's cell, king distance) is answered here;
//! move tables are built by [`crate::games::kaissa::attacks`] for rectangles and by
//! [`crate::games::kaissa::donkey`] for the wedges.

use crate::core::definition::Shape;
use crate::core::donkey::wings::{Wing, field};
use crate::core::donkey::{Cell, Dir8, DonkeyBoard};
use crate::core::geometry::{Color, Geometry, Rect};
use std::sync::Arc;

/// A game's board.
#[derive(Clone, Debug)]
pub enum Board {
    /// A rectangle of files x ranks.
    Rect(Rect),
    /// Donkey Kaissa's 96 cells, with every table built.
    Donkey(Arc<DonkeyBoard>),
}

impl Board {
    /// The board of a checked shape.
    pub fn new(shape: Shape) -> Board {
        match shape {
            Shape::Rect { files, ranks } => Board::Rect(Rect { files, ranks }),
            Shape::Donkey(centre) => Board::Donkey(Arc::new(DonkeyBoard::new(centre))),
        }
    }

    /// Number of cells.
    #[inline]
    pub fn cell_count(&self) -> usize {
        match self {
            Board::Rect(r) => r.cell_count(),
            Board::Donkey(_) => crate::core::donkey::CELLS,
        }
    }

    /// The rectangle, if the board is one.
    #[inline]
    pub fn rect(&self) -> Option<&Rect> {
        match self {
            Board::Rect(r) => Some(r),
            Board::Donkey(_) => None,
        }
    }

    /// The donkey board, if the board is one.
    #[inline]
    pub fn donkey(&self) -> Option<&DonkeyBoard> {
        match self {
            Board::Rect(_) => None,
            Board::Donkey(d) => Some(d),
        }
    }

    /// A cell's name as moves write it: `e4`, `a10`, `a32`.
    pub fn name(&self, cell: usize) -> String {
        match self {
            Board::Rect(r) => r.name(cell),
            Board::Donkey(_) => Cell(cell as u8).name(),
        }
    }

    /// Reads a cell name.
    pub fn parse(&self, s: &str) -> Option<usize> {
        match self {
            Board::Rect(r) => r.parse(s),
            Board::Donkey(_) => Cell::parse(s).map(Cell::index),
        }
    }

    /// Reads a cell name at the start of `s`: (cell, bytes used). Rectangles take the longest
    /// rank number that names a cell; donkey names are always three characters.
    pub fn parse_prefix(&self, s: &str) -> Option<(usize, usize)> {
        match self {
            Board::Rect(r) => r.parse_prefix(s),
            Board::Donkey(_) => s.get(..3).and_then(Cell::parse).map(|c| (c.index(), 3)),
        }
    }

    /// The cell `color` has where the first player has `cell`: the cell itself for the first
    /// player; for the second, the same file on the mirrored rank (rectangles) or the half
    /// turn (the donkey board).
    pub fn for_color(&self, cell: usize, color: Color) -> usize {
        match (self, color) {
            (_, Color::First) => cell,
            (Board::Rect(r), Color::Second) => r.cell(r.file(cell), r.ranks - 1 - r.rank(cell)),
            (Board::Donkey(_), Color::Second) => Cell(cell as u8).half_turn().index(),
        }
    }

    /// King distance from a cell to the board's centre, doubled so it stays an integer: for
    /// rectangles measured from the geometric centre, for the donkey board twice the king
    /// steps to the nearest of the six centre cells.
    pub fn centre_distance2(&self, cell: usize) -> i32 {
        match self {
            Board::Rect(b) => {
                let fx = 2 * b.file(cell) as i32 - (b.files as i32 - 1);
                let ry = 2 * b.rank(cell) as i32 - (b.ranks as i32 - 1);
                fx.abs().max(ry.abs())
            }
            Board::Donkey(_) => {
                let dist = self.king_distances(cell);
                2 * (0..6).map(|w| dist[16 * w + 15]).min().unwrap_or(0) as i32
            }
        }
    }

    /// The king-step distance from `cell` to every cell (`u32::MAX` where unreachable).
    pub fn king_distances(&self, cell: usize) -> Vec<u32> {
        Self::distances_by(&self.king_steps(), cell)
    }

    /// [`Board::king_distances`] from every cell, indexed by cell (the steps worked out once).
    pub fn king_distance_table(&self) -> Vec<Vec<u32>> {
        let steps = self.king_steps();
        (0..self.cell_count())
            .map(|c| Self::distances_by(&steps, c))
            .collect()
    }

    /// Breadth-first step counts from `cell` over the neighbour lists `steps`.
    fn distances_by(steps: &[Vec<usize>], cell: usize) -> Vec<u32> {
        let mut dist = vec![u32::MAX; steps.len()];
        let mut queue = std::collections::VecDeque::from([cell]);
        dist[cell] = 0;
        while let Some(c) = queue.pop_front() {
            for &n in &steps[c] {
                if dist[n] == u32::MAX {
                    dist[n] = dist[c] + 1;
                    queue.push_back(n);
                }
            }
        }
        dist
    }

    /// How far a pawn-like piece of `color` on `cell` has come: (steps from its own edge,
    /// steps from the first row behind the pawns to the last before the end of the file). On
    /// rectangles the relative rank and ranks - 2; on the donkey board the steps back along
    /// the piece's file (its wing's field) and 6, the files being 8 cells long.
    pub fn pawn_progress(&self, cell: usize, color: Color, wing: Option<Wing>) -> (i32, i32) {
        match self {
            Board::Rect(r) => (
                r.relative_rank(cell, color) as i32,
                (r.ranks as i32 - 2).max(1),
            ),
            Board::Donkey(d) => {
                let Some(wing) = wing else { return (0, 6) };
                let mut at = Cell(cell as u8);
                let mut back = 0;
                loop {
                    let (fx, fy) = field(color, wing, at.wedge()).vec();
                    match Dir8::of((-fx, -fy)).and_then(|b| d.neighbours(at, b).first()) {
                        Some(n) if back < 7 => {
                            at = n.cell;
                            back += 1;
                        }
                        _ => break,
                    }
                }
                (back, 6)
            }
        }
    }

    /// The rows of the FEN placement field, in the order they are written, each with its
    /// cells in order, and what a row is called in messages: for rectangles the ranks from
    /// the last to the first, files a, b, ...; for the donkey board the wedges a..f, each
    /// with its 16 cells in index order (x1y1, x1y2, .. x4y4).
    pub fn fen_rows(&self) -> (Vec<Vec<usize>>, &'static str) {
        match self {
            Board::Rect(r) => (
                (0..r.ranks)
                    .rev()
                    .map(|rank| (0..r.files).map(|file| r.cell(file, rank)).collect())
                    .collect(),
                "rank",
            ),
            Board::Donkey(_) => (
                (0..6).map(|w| (16 * w..16 * w + 16).collect()).collect(),
                "wedge",
            ),
        }
    }

    /// The name of FEN row `i` (0: the first written) in messages: `rank 10`, `wedge a`.
    pub fn fen_row_name(&self, i: usize) -> String {
        match self {
            Board::Rect(r) => format!("rank {}", r.ranks - i),
            Board::Donkey(_) => format!("wedge {}", crate::core::donkey::WEDGES[i]),
        }
    }

    /// The cells one king step from each cell.
    pub fn king_steps(&self) -> Vec<Vec<usize>> {
        match self {
            Board::Rect(r) => (0..r.cell_count())
                .map(|c| {
                    crate::core::geometry::Dir::ALL
                        .iter()
                        .filter_map(|&d| r.step(c, d))
                        .collect()
                })
                .collect(),
            Board::Donkey(d) => d
                .king
                .iter()
                .map(|&m| {
                    crate::core::donkey::mask_cells(m)
                        .map(Cell::index)
                        .collect()
                })
                .collect(),
        }
    }
}
