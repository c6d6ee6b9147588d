//! The Spearmen's "forward" (DONKEY.md §7): each Spearman belongs to the near edge it was set
//! up against, its owner's right or left wing, and forward is that edge's inward direction
//! carried along the grid from wedge to wedge. This module derives the four fields (side x
//! wing) from the home edges, and from them the Spearman's steps, its 2-3 cell first runs, the
//! cells where a file ends (`promotion_end`) and the enemy's near edges (the default
//! promotion cells).

use super::steps::{self, perpendiculars};
use super::{CELLS, Cell, Centre, Dir8, Vec2};
use crate::core::geometry::Color;

/// A Spearman's wing: the near edge of its owner it started on, as its owner sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Wing {
    /// The owner's right near edge (Yellow: `ab`, Red: `de`).
    Right = 0,
    /// The owner's left near edge (Yellow: `af`, Red: `cd`).
    Left = 1,
}

impl Wing {
    /// Both wings.
    pub const BOTH: [Wing; 2] = [Wing::Right, Wing::Left];
}

/// The forward direction of (side, wing) in `wedge`, derived from the home edge.
///
/// The home wedge is the side's corner wedge (`a` for Yellow, `d` for Red); the right edge is
/// its y = 1 side (inward Y+), the left edge its x = 1 side (inward X+). The direction is
/// carried into the next wedges across the x = 4 side (w+1) and the previous ones across the
/// y = 4 side (w-1). Going once round the centre turns a direction through 180°, so each field
/// has one cut, on the boundary where its files diverge: the right wing's field is carried
/// three wedges on (w+1..w+3) and two back; the left wing's two on and three back.
pub fn field(color: Color, wing: Wing, wedge: u8) -> Dir8 {
    let home = match color {
        Color::First => 0,
        Color::Second => 3,
    };
    let (mut v, ahead): (Vec2, u8) = match wing {
        Wing::Right => ((0, 1), 3),
        Wing::Left => ((1, 0), 2),
    };
    let offset = (wedge + 6 - home) % 6;
    if offset <= ahead {
        for _ in 0..offset {
            v = (v.1, -v.0);
        }
    } else {
        for _ in 0..6 - offset {
            v = (-v.1, v.0);
        }
    }
    Dir8::of(v).expect("a field is an orthogonal direction")
}

/// The owner's left and right of a forward direction: a quarter turn counter-clockwise and
/// clockwise in the local frame (the frames are right-handed: X+ then Y+ turns
/// counter-clockwise as seen from above).
pub fn left_right(forward: Vec2) -> (Vec2, Vec2) {
    ((-forward.1, forward.0), (forward.1, -forward.0))
}

/// One (side, wing)'s moves from every cell, as masks.
#[derive(Clone, Debug)]
pub struct Field {
    /// `forward[cell]`: the forward direction in the cell's wedge.
    pub forward: Vec<Dir8>,
    /// `step[cell]`: the cell one step forward (empty where the file ends).
    pub step: Vec<u128>,
    /// `diagonal[cell]`: the diagonally forward cells (both branches through the centre).
    pub diagonal: Vec<u128>,
    /// `sideways[cell]`: the cells one step to either side.
    pub sideways: Vec<u128>,
    /// `run[cell]`: the cells 1-3 steps straight forward, in order (a first move's path).
    pub run: Vec<Vec<Cell>>,
    /// Cells with no forward step: the ends of the files (option `promotion_end`).
    pub ends: u128,
}

/// The fields of both sides and wings.
#[derive(Clone, Debug)]
pub struct Wings {
    /// `fields[color][wing]`.
    pub fields: [[Field; 2]; 2],
    /// `enemy_edges[color]`: the 15 cells of the opponent's two near edges, where `color`'s
    /// Spearmen promote by default.
    pub enemy_edges: [u128; 2],
}

impl Wings {
    /// Builds the fields for a centre rule (it matters for diagonal steps from centre cells).
    pub fn new(centre: Centre) -> Wings {
        let fields = [Color::First, Color::Second]
            .map(|color| Wing::BOTH.map(|wing| Field::new(color, wing, centre)));
        let enemy_edges = [Color::First, Color::Second].map(|color| near_edges(color.flip()));
        Wings {
            fields,
            enemy_edges,
        }
    }

    /// The field of one side and wing.
    pub fn field(&self, color: Color, wing: Wing) -> &Field {
        &self.fields[color.index()][wing as usize]
    }
}

impl Field {
    fn new(color: Color, wing: Wing, centre: Centre) -> Field {
        let mut f = Field {
            forward: Vec::with_capacity(CELLS),
            step: Vec::with_capacity(CELLS),
            diagonal: Vec::with_capacity(CELLS),
            sideways: Vec::with_capacity(CELLS),
            run: Vec::with_capacity(CELLS),
            ends: 0,
        };
        for c in Cell::all() {
            let fw = field(color, wing, c.wedge());
            let v = fw.vec();
            f.forward.push(fw);
            let mut run = Vec::new();
            let (mut at, mut heading) = (c, v);
            while run.len() < 3 {
                match steps::orthogonal(at, heading, (0, 0)) {
                    Some(a) => {
                        run.push(a.cell);
                        (at, heading) = (a.cell, a.a);
                    }
                    None => break,
                }
            }
            let bit = |c: Cell| 1u128 << c.index();
            f.step.push(run.first().map_or(0, |&c| bit(c)));
            if run.is_empty() {
                f.ends |= bit(c);
            }
            f.run.push(run);
            let mut diagonal = 0;
            let mut sideways = 0;
            for p in perpendiculars(v) {
                for a in steps::diagonal(c, v, p, centre) {
                    diagonal |= bit(a.cell);
                }
                if let Some(a) = steps::orthogonal(c, p, (0, 0)) {
                    sideways |= bit(a.cell);
                }
            }
            f.diagonal.push(diagonal);
            f.sideways.push(sideways);
        }
        f
    }
}

/// The cells of a side's two near edges: its corner wedge's y = 1 and x = 1 sides, the next
/// wedge's x = 1 side and the previous wedge's y = 1 side (15 cells, the corner on both).
pub fn near_edges(color: Color) -> u128 {
    let home = match color {
        Color::First => 0,
        Color::Second => 3,
    };
    let mut m = 0u128;
    for k in 0..4 {
        m |= 1u128 << Cell::new(home, k, 0).index();
        m |= 1u128 << Cell::new(home, 0, k).index();
        m |= 1u128 << Cell::new((home + 1) % 6, 0, k).index();
        m |= 1u128 << Cell::new((home + 5) % 6, k, 0).index();
    }
    m
}
