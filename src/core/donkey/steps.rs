//! The two crossing rules of DONKEY.md §3 and everything built directly on them: the
//! orthogonal step, the diagonal step (both orders of its two components), and the Tarnsman's
//! (2,1) flight (§6). Pure functions of a cell and a local direction; the tables in
//! [`super::DonkeyBoard`] are filled from them once.

use super::{Cell, Centre, Vec2};

/// One step's result: the cell reached and the two components of the direction of travel
/// there, each rewritten by the wedge crossings on the way (for an orthogonal step the second
/// component is the rewritten perpendicular the caller passed along).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arrival {
    /// The cell reached.
    pub cell: Cell,
    /// The first component, rewritten.
    pub a: Vec2,
    /// The second component, rewritten.
    pub b: Vec2,
}

impl Arrival {
    /// The direction of travel in the new cell: the sum of the rewritten components for a
    /// diagonal step.
    pub fn sum(self) -> Vec2 {
        (self.a.0 + self.b.0, self.a.1 + self.b.1)
    }
}

/// Rewrites a direction entering wedge w+1 across the x = 4 side: `(dx, dy) -> (dy, -dx)`.
fn turn_next(v: Vec2) -> Vec2 {
    (v.1, -v.0)
}

/// Rewrites a direction entering wedge w-1 across the y = 4 side: `(dx, dy) -> (-dy, dx)`.
fn turn_prev(v: Vec2) -> Vec2 {
    (-v.1, v.0)
}

/// The orthogonal unit step `d` from `cell`, carrying the direction `carry` along (it is
/// rewritten exactly as `d` is). `None` off the board.
pub fn orthogonal(cell: Cell, d: Vec2, carry: Vec2) -> Option<Arrival> {
    debug_assert!(d.0.abs() + d.1.abs() == 1, "orthogonal unit step");
    let (w, x, y) = cell.parts();
    let (nx, ny) = (x as i8 + d.0, y as i8 + d.1);
    if nx < 0 || ny < 0 {
        return None;
    }
    Some(if nx == 4 {
        Arrival {
            cell: Cell::new((w + 1) % 6, y, 3),
            a: turn_next(d),
            b: turn_next(carry),
        }
    } else if ny == 4 {
        Arrival {
            cell: Cell::new((w + 5) % 6, 3, x),
            a: turn_prev(d),
            b: turn_prev(carry),
        }
    } else {
        Arrival {
            cell: Cell::new(w, nx as u8, ny as u8),
            a: d,
            b: carry,
        }
    })
}

/// The diagonal step `d1 + d2` (perpendicular orthogonal unit steps) by one order: `d1`, then
/// the rewritten `d2`. The components of the result are `d1` and `d2` rewritten.
pub fn diagonal_in_order(cell: Cell, d1: Vec2, d2: Vec2) -> Option<Arrival> {
    let first = orthogonal(cell, d1, d2)?;
    let second = orthogonal(first.cell, first.b, first.a)?;
    Some(Arrival {
        cell: second.cell,
        a: second.b,
        b: second.a,
    })
}

/// Every result of the diagonal step `d1 + d2` from `cell` (§3): both orders of the two
/// components, de-duplicated by cell. One result everywhere except a centre cell heading
/// X+Y+, which reaches the two centre cells two wedges away (or, with [`Centre::Straight`],
/// only the one across the point). Components are reported in the order `(d1, d2)`.
pub fn diagonal(cell: Cell, d1: Vec2, d2: Vec2, centre: Centre) -> Vec<Arrival> {
    let (_, x, y) = cell.parts();
    let through_centre = x == 3 && y == 3 && d1.0 + d2.0 == 1 && d1.1 + d2.1 == 1;
    if through_centre && centre == Centre::Straight {
        let (w, _, _) = cell.parts();
        return vec![Arrival {
            cell: Cell::new((w + 3) % 6, 3, 3),
            a: (-d1.0, -d1.1),
            b: (-d2.0, -d2.1),
        }];
    }
    let mut out: Vec<Arrival> = Vec::with_capacity(2);
    if let Some(r) = diagonal_in_order(cell, d1, d2) {
        out.push(r);
    }
    if let Some(r) = diagonal_in_order(cell, d2, d1) {
        let r = Arrival {
            cell: r.cell,
            a: r.b,
            b: r.a,
        };
        if !out.iter().any(|o| o.cell == r.cell) {
            out.push(r);
        }
    }
    out
}

/// The two unit vectors perpendicular to an orthogonal unit vector.
pub fn perpendiculars(d: Vec2) -> [Vec2; 2] {
    [(d.1, -d.0), (-d.1, d.0)]
}

/// The cells one (2,1) flight away from `cell` (§6): an orthogonal step `d` followed by the
/// outward diagonal (rewritten `d` plus either perpendicular), or the diagonal `d + p`
/// followed by the orthogonal step along its rewritten `d` component; both orders, every
/// choice of `d` and `p`, every branch through the centre.
pub fn flights(cell: Cell, centre: Centre) -> Vec<Cell> {
    let mut out = Vec::new();
    let mut add = |c: Cell| {
        if c != cell && !out.contains(&c) {
            out.push(c);
        }
    };
    for d in super::ORTHOGONALS {
        for p in perpendiculars(d) {
            // Orthogonal first, then the outward diagonal.
            if let Some(o) = orthogonal(cell, d, p) {
                for r in diagonal(o.cell, o.a, o.b, centre) {
                    add(r.cell);
                }
            }
            // Diagonal first, then the orthogonal step along the rewritten d.
            for r in diagonal(cell, d, p, centre) {
                if let Some(o) = orthogonal(r.cell, r.a, r.b) {
                    add(o.cell);
                }
            }
        }
    }
    out
}
