//! Donkey Kaissa's board (`docs/DONKEY.md`, the reading the engine implements): six 4 x 4 kite
//! wedges `a`..`f` meeting at a centre point, 96
//! cells named `a11`..`f44`, numbered `16*w + 4*(x-1) + (y-1)` so a `u128` holds the board.
//!
//! Directions are local to a wedge ([`Dir8`]); a step that leaves a wedge enters the next one
//! with its direction rewritten ([`steps`]). A diagonal through the centre point splits in two
//! (unless the board is built with [`Centre::Straight`]). Rays therefore do not run
//! monotonically in cell index, and a ray may have two branches: [`rays`] keeps them as chains
//! of cells and as masks, with what a slider needs to cut a ray at a blocker. [`wings`] holds
//! the Spearmen's forward fields, one per side and wing, and the cells derived from them.
//!
//! Everything is computed once, when a [`DonkeyBoard`] is built; there is no global table.

pub mod layout;
pub mod rays;
pub mod steps;
pub mod wings;

use crate::core::geometry::Color;

/// A direction or displacement in a wedge's local (x, y) frame.
pub type Vec2 = (i8, i8);

/// The four orthogonal unit steps, in [`Dir8`] order: X+, X-, Y+, Y-.
pub const ORTHOGONALS: [Vec2; 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

/// Number of cells.
pub const CELLS: usize = 96;

/// The wedge letters, by wedge index.
pub const WEDGES: [char; 6] = ['a', 'b', 'c', 'd', 'e', 'f'];

/// What the diagonal step from a centre cell towards the centre point does (DONKEY.md §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Centre {
    /// It reaches both centre cells two wedges away: the ray splits (the default, I1).
    Split,
    /// It reaches only the centre cell across the point (option `centre_straight`).
    Straight,
}

/// A cell: wedge `w` (0..6 for `a`..`f`), `x` and `y` (0..4; DONKEY.md's digits minus one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(pub u8);

impl Cell {
    /// The cell of wedge `w` at local (x, y), all from 0.
    #[inline(always)]
    pub const fn new(w: u8, x: u8, y: u8) -> Cell {
        Cell(16 * w + 4 * x + y)
    }

    /// The engine index, 0..96.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// (wedge, x, y), all from 0.
    #[inline(always)]
    pub const fn parts(self) -> (u8, u8, u8) {
        (self.0 / 16, (self.0 / 4) % 4, self.0 % 4)
    }

    /// The wedge index, 0..6.
    #[inline(always)]
    pub const fn wedge(self) -> u8 {
        self.0 / 16
    }

    /// The cell's name: wedge letter, then x and y from 1 (`a11`, `f44`).
    pub fn name(self) -> String {
        let (w, x, y) = self.parts();
        format!("{}{}{}", WEDGES[w as usize], x + 1, y + 1)
    }

    /// Reads a cell name such as `a11` or `f44`.
    pub fn parse(s: &str) -> Option<Cell> {
        let b = s.as_bytes();
        if b.len() != 3 {
            return None;
        }
        let w = WEDGES.iter().position(|&c| c as u8 == b[0])? as u8;
        let digit = |c: u8| (b'1'..=b'4').contains(&c).then(|| c - b'1');
        Some(Cell::new(w, digit(b[1])?, digit(b[2])?))
    }

    /// True for a light ("yellow") cell: wedge + x + y even (a11 is light).
    pub fn is_light(self) -> bool {
        let (w, x, y) = self.parts();
        (w + x + y) % 2 == 0
    }

    /// The cell under the half turn: `w -> w+3`, same digits (maps Yellow's side onto Red's).
    pub fn half_turn(self) -> Cell {
        let (w, x, y) = self.parts();
        Cell::new((w + 3) % 6, x, y)
    }

    /// The cell under the mirror in the Yellow-Red axis: `w -> -w`, digits swapped.
    pub fn mirror(self) -> Cell {
        let (w, x, y) = self.parts();
        Cell::new((6 - w) % 6, y, x)
    }

    /// The cell as `color` sees the first player's cell: itself for the first player, its half
    /// turn for the second.
    pub fn for_color(self, color: Color) -> Cell {
        match color {
            Color::First => self,
            Color::Second => self.half_turn(),
        }
    }

    /// Every cell, in index order.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..CELLS as u8).map(Cell)
    }
}

/// The eight local directions, in the order of DONKEY.md's Appendix A columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir8 {
    /// x increases.
    XP = 0,
    /// x decreases.
    XM = 1,
    /// y increases.
    YP = 2,
    /// y decreases.
    YM = 3,
    /// Towards the centre point.
    XPYP = 4,
    /// x up, y down.
    XPYM = 5,
    /// x down, y up.
    XMYP = 6,
    /// Away from the centre point, towards the wedge's outer corner.
    XMYM = 7,
}

impl Dir8 {
    /// All eight, in Appendix A's column order.
    pub const ALL: [Dir8; 8] = [
        Dir8::XP,
        Dir8::XM,
        Dir8::YP,
        Dir8::YM,
        Dir8::XPYP,
        Dir8::XPYM,
        Dir8::XMYP,
        Dir8::XMYM,
    ];

    /// The local (dx, dy) of one step.
    pub const fn vec(self) -> Vec2 {
        match self {
            Dir8::XP => (1, 0),
            Dir8::XM => (-1, 0),
            Dir8::YP => (0, 1),
            Dir8::YM => (0, -1),
            Dir8::XPYP => (1, 1),
            Dir8::XPYM => (1, -1),
            Dir8::XMYP => (-1, 1),
            Dir8::XMYM => (-1, -1),
        }
    }

    /// The direction of a local unit vector (orthogonal or diagonal).
    pub fn of(v: Vec2) -> Option<Dir8> {
        Dir8::ALL.into_iter().find(|d| d.vec() == v)
    }

    /// True for the four orthogonal directions.
    pub const fn is_orthogonal(self) -> bool {
        (self as usize) < 4
    }

    /// Appendix A's spelling: `X+`, `X-Y+`.
    pub fn label(self) -> &'static str {
        ["X+", "X-", "Y+", "Y-", "X+Y+", "X+Y-", "X-Y+", "X-Y-"][self as usize]
    }

    /// The two orthogonal components of a diagonal direction, x first.
    pub fn components(self) -> (Vec2, Vec2) {
        let (dx, dy) = self.vec();
        ((dx, 0), (0, dy))
    }
}

/// A neighbour in one direction: the cell and the direction in which a ray continues there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Neighbour {
    /// The cell reached.
    pub cell: Cell,
    /// The direction of travel there.
    pub dir: Dir8,
}

/// The board with every table built: neighbours, rays, flights, king steps and the Spearmen's
/// fields, for one reading of the centre point.
#[derive(Clone, Debug)]
pub struct DonkeyBoard {
    /// The centre rule it was built with.
    pub centre: Centre,
    /// `neighbours[cell][dir]`: one entry, none off the board, two for a split diagonal.
    neighbours: Vec<[Vec<Neighbour>; 8]>,
    /// The rays of every cell and direction.
    pub rays: rays::RayTable,
    /// `flight[cell]`: the Tarnsman's (2,1) flight targets.
    pub flight: Vec<u128>,
    /// `king[cell]`: every neighbour.
    pub king: Vec<u128>,
    /// The Spearmen's fields and what follows from them.
    pub wings: wings::Wings,
}

impl DonkeyBoard {
    /// Builds every table for the given centre rule.
    pub fn new(centre: Centre) -> DonkeyBoard {
        let neighbours: Vec<[Vec<Neighbour>; 8]> = Cell::all()
            .map(|c| std::array::from_fn(|d| step_all(c, Dir8::ALL[d], centre)))
            .collect();
        let king = neighbours
            .iter()
            .map(|per_dir| {
                per_dir
                    .iter()
                    .flatten()
                    .fold(0u128, |m, n| m | 1u128 << n.cell.index())
            })
            .collect();
        let flight = Cell::all()
            .map(|c| {
                steps::flights(c, centre)
                    .into_iter()
                    .fold(0u128, |m, t| m | 1u128 << t.index())
            })
            .collect();
        let rays = rays::RayTable::new(&neighbours);
        let wings = wings::Wings::new(centre);
        DonkeyBoard {
            centre,
            neighbours,
            rays,
            flight,
            king,
            wings,
        }
    }

    /// The neighbours of `cell` in local direction `dir`, each with the direction a ray
    /// continues in: none off the board, two where a diagonal splits at the centre.
    pub fn neighbours(&self, cell: Cell, dir: Dir8) -> &[Neighbour] {
        &self.neighbours[cell.index()][dir as usize]
    }
}

/// Every result of one step from `cell` in `dir` (orthogonal or diagonal).
fn step_all(cell: Cell, dir: Dir8, centre: Centre) -> Vec<Neighbour> {
    let to_neighbour = |cell: Cell, v: Vec2| Neighbour {
        cell,
        dir: Dir8::of(v).expect("a step arrives in one of the eight directions"),
    };
    if dir.is_orthogonal() {
        steps::orthogonal(cell, dir.vec(), (0, 0))
            .map(|a| to_neighbour(a.cell, a.a))
            .into_iter()
            .collect()
    } else {
        let (d1, d2) = dir.components();
        steps::diagonal(cell, d1, d2, centre)
            .into_iter()
            .map(|a| to_neighbour(a.cell, a.sum()))
            .collect()
    }
}

/// Iterates the cells of a `u128` mask, lowest first.
pub fn mask_cells(mut m: u128) -> impl Iterator<Item = Cell> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let c = m.trailing_zeros() as u8;
            m &= m - 1;
            Cell(c)
        })
    })
}
