//! Board geometry: cells, the neighbour of a cell in each direction, and leaps.
//!
//! Move tables are built from a [`Geometry`] only through [`Geometry::step`] and
//! [`Geometry::leap`], never from rectangle arithmetic, so a board that is not a rectangle (Donkey
//! Kaissa's six wedges, where rays bend between wedges) can implement the trait later and reuse the
//! whole move generator. [`Rect`] is the rectangular board every game uses today.
//!
//! Sliding attacks find the first blocker on a ray with the lowest or highest set bit, so a
//! geometry must number its cells so that every ray runs monotonically in cell index; for
//! [`Rect`] (cell = rank x files + file) the directions N, NE, E and NW run upwards.

/// The two players. The first player (Yellow in Kaissa) is written in upper case in FEN.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// The first player: Yellow in Kaissa and Jikaida, White in Caïssa.
    First = 0,
    /// The second player: Red in Kaissa, Blue in Jikaida, Black in Caïssa.
    Second = 1,
}

impl Color {
    /// Both colours, first player first.
    pub const BOTH: [Color; 2] = [Color::First, Color::Second];

    /// The other player.
    #[inline(always)]
    pub fn flip(self) -> Color {
        match self {
            Color::First => Color::Second,
            Color::Second => Color::First,
        }
    }

    /// 0 for the first player, 1 for the second: an index into per-colour tables.
    #[inline(always)]
    pub fn index(self) -> usize {
        self as usize
    }

    /// A FEN piece letter, given in upper case, in this colour's case (upper case for the
    /// first player, lower case for the second): the convention every game's FEN shares.
    #[inline]
    pub fn letter_case(self, upper: char) -> char {
        match self {
            Color::First => upper,
            Color::Second => upper.to_ascii_lowercase(),
        }
    }

    /// The colour a FEN piece letter's case names (upper case: the first player).
    #[inline]
    pub fn of_letter(c: char) -> Color {
        if c.is_ascii_uppercase() {
            Color::First
        } else {
            Color::Second
        }
    }
}

/// The eight directions of a square board, seen from the first player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    /// Towards the second player.
    N = 0,
    /// Towards the second player and the first player's right.
    NE = 1,
    /// The first player's right.
    E = 2,
    /// Towards the first player and the first player's right.
    SE = 3,
    /// Towards the first player.
    S = 4,
    /// Towards the first player and the first player's left.
    SW = 5,
    /// The first player's left.
    W = 6,
    /// Towards the second player and the first player's left.
    NW = 7,
}

impl Dir {
    /// All eight directions, clockwise from north.
    pub const ALL: [Dir; 8] = [
        Dir::N,
        Dir::NE,
        Dir::E,
        Dir::SE,
        Dir::S,
        Dir::SW,
        Dir::W,
        Dir::NW,
    ];

    /// The (file, rank) offset of one step in this direction.
    pub fn delta(self) -> (i32, i32) {
        match self {
            Dir::N => (0, 1),
            Dir::NE => (1, 1),
            Dir::E => (1, 0),
            Dir::SE => (1, -1),
            Dir::S => (0, -1),
            Dir::SW => (-1, -1),
            Dir::W => (-1, 0),
            Dir::NW => (-1, 1),
        }
    }

    /// The direction with the given (file, rank) step, if it is one of the eight.
    pub fn from_delta(dx: i32, dy: i32) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| d.delta() == (dx, dy))
    }

    /// The direction as the second player sees it: north and south swap, east and west stay.
    pub fn mirrored(self) -> Dir {
        let (dx, dy) = self.delta();
        Dir::from_delta(dx, -dy).expect("mirror of a direction is a direction")
    }
}

/// What move-table construction needs to know about a board.
pub trait Geometry {
    /// Number of cells; cells are numbered `0..cell_count()`.
    fn cell_count(&self) -> usize;
    /// The neighbour of `cell` one step in direction `dir`, if there is one.
    fn step(&self, cell: usize, dir: Dir) -> Option<usize>;
    /// The cell reached by a leap of `dx` files and `dy` ranks (seen from the first player), if any.
    fn leap(&self, cell: usize, dx: i32, dy: i32) -> Option<usize>;
    /// True when rays in `dir` visit cells in increasing index order.
    fn ray_increases(&self, dir: Dir) -> bool;
}

/// A rectangular board of `files` x `ranks` cells; cell = rank x files + file, a1 = 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rect {
    /// Number of files (columns), lettered from `a`.
    pub files: usize,
    /// Number of ranks (rows), numbered from 1 on the first player's side.
    pub ranks: usize,
}

impl Rect {
    /// The cell on `file` and `rank` (both from 0).
    #[inline(always)]
    pub fn cell(&self, file: usize, rank: usize) -> usize {
        rank * self.files + file
    }

    /// File of a cell, from 0.
    #[inline(always)]
    pub fn file(&self, cell: usize) -> usize {
        cell % self.files
    }

    /// Rank of a cell, from 0 on the first player's side.
    #[inline(always)]
    pub fn rank(&self, cell: usize) -> usize {
        cell / self.files
    }

    /// Rank of a cell counted from `color`'s own side, from 0.
    pub fn relative_rank(&self, cell: usize, color: Color) -> usize {
        match color {
            Color::First => self.rank(cell),
            Color::Second => self.ranks - 1 - self.rank(cell),
        }
    }

    /// Algebraic name of a cell: file letter and rank number, e.g. `a10`.
    pub fn name(&self, cell: usize) -> String {
        let file = (b'a' + self.file(cell) as u8) as char;
        format!("{}{}", file, self.rank(cell) + 1)
    }

    /// Parses an algebraic cell name such as `e4` or `j10`.
    pub fn parse(&self, s: &str) -> Option<usize> {
        let mut chars = s.chars();
        let f = chars.next()?;
        if !f.is_ascii_lowercase() {
            return None;
        }
        let file = (f as u8 - b'a') as usize;
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        if digits.starts_with('0') {
            return None;
        }
        let rank: usize = digits.parse().ok()?;
        if file >= self.files || rank == 0 || rank > self.ranks {
            return None;
        }
        Some(self.cell(file, rank - 1))
    }

    /// Reads an algebraic cell name at the start of `s`, returning the cell and the bytes used.
    /// Takes the longest rank number that names a cell of this board (so `a10` beats `a1`).
    pub fn parse_prefix(&self, s: &str) -> Option<(usize, usize)> {
        let bytes = s.as_bytes();
        if bytes.is_empty() {
            return None;
        }
        let mut end = 1;
        while end < bytes.len() && end < 4 && bytes[end].is_ascii_digit() {
            end += 1;
        }
        (2..=end)
            .rev()
            .find_map(|e| self.parse(&s[..e]).map(|c| (c, e)))
    }
}

impl Geometry for Rect {
    fn cell_count(&self) -> usize {
        self.files * self.ranks
    }

    fn step(&self, cell: usize, dir: Dir) -> Option<usize> {
        let (dx, dy) = dir.delta();
        self.leap(cell, dx, dy)
    }

    fn leap(&self, cell: usize, dx: i32, dy: i32) -> Option<usize> {
        let f = self.file(cell) as i32 + dx;
        let r = self.rank(cell) as i32 + dy;
        if f < 0 || r < 0 || f >= self.files as i32 || r >= self.ranks as i32 {
            None
        } else {
            Some(self.cell(f as usize, r as usize))
        }
    }

    fn ray_increases(&self, dir: Dir) -> bool {
        matches!(dir, Dir::N | Dir::NE | Dir::E | Dir::NW)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_on_ten_ranks() {
        let r = Rect {
            files: 10,
            ranks: 10,
        };
        for c in 0..100 {
            assert_eq!(r.parse(&r.name(c)), Some(c));
        }
        assert_eq!(r.parse("a10"), Some(90));
        assert_eq!(r.parse("k1"), None);
        assert_eq!(r.parse("a11"), None);
        assert_eq!(r.parse("a0"), None);
        assert_eq!(r.parse("a01"), None);
        assert_eq!(r.parse_prefix("a10a9"), Some((90, 3)));
        assert_eq!(r.parse_prefix("a1a2"), Some((0, 2)));
    }

    #[test]
    fn rays_are_monotonic() {
        let r = Rect {
            files: 12,
            ranks: 18,
        };
        for d in Dir::ALL {
            for c in 0..r.cell_count() {
                if let Some(n) = r.step(c, d) {
                    assert_eq!(n > c, r.ray_increases(d), "{d:?} from {c}");
                }
            }
            assert_eq!(d.mirrored().mirrored(), d);
        }
    }
}
