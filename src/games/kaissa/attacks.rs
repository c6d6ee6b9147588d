//! Move tables: each piece's moves from each cell, built once per game from its Betza
//! description and the board's [`Geometry`], for both colours.
//!
//! Leaps become one bit set per cell and mode. Slides become, per direction, the ray from each
//! cell already clipped to the piece's range (and to its zone, for zone moves), so a Q3 costs
//! exactly what a Q costs: the first blocker is found with one lowest/highest-bit operation and
//! the ray beyond it is cut off with the board's full ray from the blocker.

use crate::core::bitboard::Bitboard;
use crate::core::geometry::{Color, Dir, Geometry};
use crate::games::kaissa::betza::{Component, Mode};

/// Every cell's full ray in every direction, used to cut limited rays at a blocker.
#[derive(Clone, Debug)]
pub struct Rays<B> {
    /// `full[dir][cell]`: the cells beyond `cell` in direction `dir`, to the edge.
    pub full: [Vec<B>; 8],
}

impl<B: Bitboard> Rays<B> {
    /// Builds the full rays of a geometry.
    pub fn new(g: &impl Geometry) -> Self {
        let full = std::array::from_fn(|d| {
            (0..g.cell_count())
                .map(|c| ray(g, c, Dir::ALL[d], 0, |_| true))
                .collect()
        });
        Rays { full }
    }
}

/// The cells from `cell` in `dir`, at most `range` of them (0: no limit), stopping where
/// `keep_going` says no.
fn ray<B: Bitboard>(
    g: &impl Geometry,
    cell: usize,
    dir: Dir,
    range: u32,
    keep_going: impl Fn(usize) -> bool,
) -> B {
    let mut out = B::EMPTY;
    let mut c = cell;
    let mut n = 0;
    while let Some(next) = g.step(c, dir) {
        if !keep_going(next) {
            break;
        }
        out.set(next);
        n += 1;
        if range != 0 && n >= range {
            break;
        }
        c = next;
    }
    out
}

/// One sliding direction of a piece, with its rays from every cell.
#[derive(Clone, Debug)]
pub struct Slide<B> {
    /// Index into [`Rays::full`] of the direction.
    pub dir: usize,
    /// True when the ray runs towards higher cell indices (nearest blocker = lowest bit).
    pub increasing: bool,
    /// Whether it moves, captures or both.
    pub mode: Mode,
    /// Only for a piece that has not moved yet.
    pub initial: bool,
    /// `rays[cell]`: the ray clipped to the range, empty where the move is not allowed.
    pub rays: Vec<B>,
}

/// One sliding direction of a piece on a board whose rays bend (the donkey board), with its
/// rays from every cell. The direction is local to the cell's wedge, so it may differ from cell
/// to cell (a Spearman's forward run follows its field).
#[derive(Clone, Debug)]
pub struct BentSlide<B> {
    /// Whether it moves, captures or both.
    pub mode: Mode,
    /// Only for a piece that has not moved yet.
    pub initial: bool,
    /// `rays[cell]`: the ray clipped to the range (all branches), empty where not allowed.
    pub rays: Vec<B>,
    /// `dirs[cell]`: the local direction (a `Dir8` index) the ray leaves the cell in.
    pub dirs: Vec<u8>,
}

/// What cutting a bent ray at its blockers needs (empty for rectangles): see
/// [`crate::core::donkey::rays`].
#[derive(Clone, Debug, Default)]
pub struct BentRays<B> {
    /// `full[cell * 8 + dir]`: the whole ray, all branches.
    pub full: Vec<B>,
    /// `dir_in[cell * 8 + dir][wedge]`: the direction that ray travels in through the wedge.
    pub dir_in: Vec<[u8; 6]>,
}

impl<B: Bitboard> BentRays<B> {
    /// The part of `ray` (leaving `from` in local direction `dir`) a slider reaches on a board
    /// occupied by `occ`: the cells up to and including the first piece on each branch. Every
    /// blocker cuts off the cells beyond it; those beyond a later blocker are already gone.
    #[inline(always)]
    pub fn cut(&self, from: usize, dir: usize, ray: B, occ: B) -> B {
        let mut r = ray;
        let mut blockers = ray & occ;
        let dir_in = &self.dir_in[from * 8 + dir];
        while let Some(b) = blockers.pop_lowest() {
            r &= !self.full[b * 8 + dir_in[b / 16] as usize];
        }
        r
    }
}

/// A lame leap: the target is reachable only if the cells on the way are empty.
#[derive(Clone, Debug)]
pub struct Lame<B> {
    /// Whether it moves, captures or both.
    pub mode: Mode,
    /// Only for a piece that has not moved yet.
    pub initial: bool,
    /// `paths[cell]`: each target with the cells that must be empty.
    pub paths: Vec<Vec<(usize, B)>>,
}

/// All moves of one piece type for one colour.
#[derive(Clone, Debug)]
pub struct PieceMoves<B> {
    /// `leaps[mode][cell]`: leap targets, by mode.
    pub leaps: [Vec<B>; 3],
    /// Leap targets available only to a piece that has not moved yet.
    pub initial_leaps: [Vec<B>; 3],
    /// Sliding directions, merged so each (direction, mode, initial) appears once.
    pub slides: Vec<Slide<B>>,
    /// Lame leaps (rare).
    pub lame: Vec<Lame<B>>,
    /// Slides on a board whose rays bend (empty on rectangles).
    pub bent: Vec<BentSlide<B>>,
    /// True when any move needs the piece to be unmoved.
    pub has_initial: bool,
}

impl<B: Bitboard> PieceMoves<B> {
    /// An empty move set for a board of `cells` cells.
    pub fn empty(cells: usize) -> Self {
        PieceMoves {
            leaps: std::array::from_fn(|_| vec![B::EMPTY; cells]),
            initial_leaps: std::array::from_fn(|_| vec![B::EMPTY; cells]),
            slides: Vec::new(),
            lame: Vec::new(),
            bent: Vec::new(),
            has_initial: false,
        }
    }

    /// True when some move of this piece can capture.
    pub fn can_capture(&self) -> bool {
        let capturing = |m: Mode| m != Mode::Quiet;
        [Mode::Both, Mode::Capture].into_iter().any(|m| {
            self.leaps[m.index()].iter().any(|b| b.any())
                || self.initial_leaps[m.index()].iter().any(|b| b.any())
        }) || self.slides.iter().any(|s| capturing(s.mode))
            || self.lame.iter().any(|l| capturing(l.mode))
            || self.bent.iter().any(|s| capturing(s.mode))
    }

    /// Adds Betza components for `color`, allowed only from cells where `from_ok` holds.
    pub fn add(
        &mut self,
        g: &impl Geometry,
        color: Color,
        comps: &[Component],
        from_ok: impl Fn(usize) -> bool,
    ) {
        let cells = g.cell_count();
        let flip = |(dx, dy): (i32, i32)| match color {
            Color::First => (dx, dy),
            Color::Second => (dx, -dy),
        };
        for comp in comps {
            let m = comp.mode;
            self.has_initial |= comp.initial;
            match comp.range {
                None if comp.lame => {
                    let mut paths = vec![Vec::new(); cells];
                    for (c, p) in paths.iter_mut().enumerate() {
                        if !from_ok(c) {
                            continue;
                        }
                        for &o in &comp.offsets {
                            let (dx, dy) = flip(o);
                            if let Some(t) = g.leap(c, dx, dy) {
                                p.push((t, lame_path::<B>(g, c, dx, dy)));
                            }
                        }
                    }
                    self.lame.push(Lame {
                        mode: m,
                        initial: comp.initial,
                        paths,
                    });
                }
                None => {
                    let table = if comp.initial {
                        &mut self.initial_leaps[m.index()]
                    } else {
                        &mut self.leaps[m.index()]
                    };
                    for (c, entry) in table.iter_mut().enumerate() {
                        if !from_ok(c) {
                            continue;
                        }
                        for &o in &comp.offsets {
                            let (dx, dy) = flip(o);
                            if let Some(t) = g.leap(c, dx, dy) {
                                entry.set(t);
                            }
                        }
                    }
                }
                Some(range) => {
                    for &o in &comp.offsets {
                        let (dx, dy) = flip(o);
                        let dir = Dir::from_delta(dx, dy).expect("slides use unit steps");
                        let d = dir as usize;
                        let pos =
                            match self.slides.iter().position(|s| {
                                s.dir == d && s.mode == m && s.initial == comp.initial
                            }) {
                                Some(p) => p,
                                None => {
                                    self.slides.push(Slide {
                                        dir: d,
                                        increasing: g.ray_increases(dir),
                                        mode: m,
                                        initial: comp.initial,
                                        rays: vec![B::EMPTY; cells],
                                    });
                                    self.slides.len() - 1
                                }
                            };
                        for c in 0..cells {
                            if from_ok(c) {
                                self.slides[pos].rays[c] |= ray(g, c, dir, range, |_| true);
                            }
                        }
                    }
                }
            }
        }
        // Unlimited and long slides first: the order does not change results, only speed.
        self.slides.sort_by_key(|s| (s.initial, s.mode, s.dir));
    }
}

/// Cells a lame leap of (dx, dy) passes over: the straight line for D, A, H, G; for an
/// oblique leap, the orthogonal cell next to the start on its long side.
fn lame_path<B: Bitboard>(g: &impl Geometry, c: usize, dx: i32, dy: i32) -> B {
    let mut out = B::EMPTY;
    if dx == 0 || dy == 0 || dx.abs() == dy.abs() {
        let n = dx.abs().max(dy.abs());
        let (sx, sy) = (dx.signum(), dy.signum());
        for k in 1..n {
            if let Some(t) = g.leap(c, sx * k, sy * k) {
                out.set(t);
            }
        }
    } else {
        let step = if dx.abs() > dy.abs() {
            (dx.signum(), 0)
        } else {
            (0, dy.signum())
        };
        if let Some(t) = g.leap(c, step.0, step.1) {
            out.set(t);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::geometry::Rect;
    use crate::games::kaissa::betza;

    const BOARD: Rect = Rect {
        files: 10,
        ranks: 10,
    };

    fn moves(b: &str, color: Color) -> PieceMoves<u128> {
        let mut pm = PieceMoves::empty(100);
        pm.add(&BOARD, color, &betza::parse(b).unwrap(), |_| true);
        pm
    }

    #[test]
    fn limited_and_full_rays() {
        let q3 = moves("Q3", Color::First);
        assert_eq!(q3.slides.len(), 8);
        let e5 = BOARD.parse("e5").unwrap();
        let total: u32 = q3.slides.iter().map(|s| s.rays[e5].count()).sum();
        assert_eq!(total, 24);
        let rays = Rays::<u128>::new(&BOARD);
        assert_eq!(rays.full[Dir::N as usize][e5].count(), 5);
        assert_eq!(rays.full[Dir::SW as usize][e5].count(), 4);
    }

    #[test]
    fn directions_follow_the_owner() {
        let p = moves("fmW", Color::Second);
        let e5 = BOARD.parse("e5").unwrap();
        assert_eq!(p.leaps[1][e5], 1u128 << BOARD.parse("e4").unwrap());
        let z = moves("Z", Color::First);
        assert_eq!(z.leaps[0][0].count(), 2);
    }

    #[test]
    fn lame_leaps_record_their_path() {
        let n = moves("nN", Color::First);
        let a1 = 0;
        let b3 = BOARD.parse("b3").unwrap();
        let path = n.lame[0].paths[a1].iter().find(|p| p.0 == b3).unwrap().1;
        assert_eq!(path, 1u128 << BOARD.parse("a2").unwrap());
    }
}
