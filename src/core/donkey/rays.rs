//! Rays on the six-wedge board (DONKEY.md §5): from each cell in each local direction, the
//! cells a slider passes, as chains (one, or two where the diagonal splits at the centre point)
//! and as masks.
//!
//! Rays do not run monotonically in cell index, so the rectangle's trick (the first blocker is
//! the lowest or highest set bit) does not apply. Instead a slider cuts its ray beyond *every*
//! blocker on it: cutting beyond a later blocker removes nothing the first one has not already
//! removed. The cells beyond blocker `b` are the full ray from `b` in the direction the ray is
//! travelling there; [`RayTable::direction_in`] gives that direction, which depends only on the
//! wedge `b` lies in (a ray enters each wedge once, in one direction).

use super::{CELLS, Cell, Dir8, Neighbour};

/// No direction: the ray does not enter that wedge.
pub const NONE: u8 = 0xFF;

/// The rays of every cell and direction.
#[derive(Clone, Debug)]
pub struct RayTable {
    /// `chains[cell * 8 + dir]`: each branch of the ray as the cells it passes, in order, with
    /// the direction of travel in each; the branches of a split ray share their trunk.
    chains: Vec<Vec<Vec<Neighbour>>>,
    /// `full[cell * 8 + dir]`: every cell of the ray, all branches.
    full: Vec<u128>,
    /// `dir_in[cell * 8 + dir][wedge]`: the direction the ray travels in that wedge, or
    /// [`NONE`].
    dir_in: Vec<[u8; 6]>,
}

impl RayTable {
    /// Builds the rays by following the neighbour table.
    pub fn new(neighbours: &[[Vec<Neighbour>; 8]]) -> RayTable {
        let mut chains = Vec::with_capacity(CELLS * 8);
        let mut full = Vec::with_capacity(CELLS * 8);
        let mut dir_in = Vec::with_capacity(CELLS * 8);
        for c in Cell::all() {
            for d in Dir8::ALL {
                let mut branches = Vec::new();
                follow(neighbours, c, d, Vec::new(), &mut branches);
                let mut mask = 0u128;
                let mut dirs = [NONE; 6];
                for n in branches.iter().flatten() {
                    mask |= 1u128 << n.cell.index();
                    dirs[n.cell.wedge() as usize] = n.dir as u8;
                }
                chains.push(branches);
                full.push(mask);
                dir_in.push(dirs);
            }
        }
        RayTable {
            chains,
            full,
            dir_in,
        }
    }

    /// The branches of the ray from `cell` in `dir`: no branch when the first step leaves
    /// the board, two for a ray that splits at the centre point.
    pub fn chains(&self, cell: Cell, dir: Dir8) -> &[Vec<Neighbour>] {
        &self.chains[cell.index() * 8 + dir as usize]
    }

    /// Every cell of the ray from `cell` in `dir`, all branches.
    #[inline(always)]
    pub fn full(&self, cell: usize, dir: usize) -> u128 {
        self.full[cell * 8 + dir]
    }

    /// The direction (a [`Dir8`] index) in which the ray from `cell` in `dir` travels through
    /// `wedge`, or [`NONE`] where it does not pass.
    #[inline(always)]
    pub fn direction_in(&self, cell: usize, dir: usize, wedge: usize) -> u8 {
        self.dir_in[cell * 8 + dir][wedge]
    }

    /// The cells of the ray from `cell` in `dir` at most `range` steps away along each branch
    /// (0: no limit).
    pub fn within(&self, cell: Cell, dir: Dir8, range: usize) -> u128 {
        let limit = if range == 0 { usize::MAX } else { range };
        self.chains(cell, dir)
            .iter()
            .flat_map(|b| b.iter().take(limit))
            .fold(0u128, |m, n| m | 1u128 << n.cell.index())
    }

    /// The cells of the ray from `from` in `dir` (already clipped to `ray`) that a slider
    /// reaches on a board occupied by `occ`: up to and including the first piece on each
    /// branch.
    #[inline(always)]
    pub fn cut(&self, from: usize, dir: usize, ray: u128, occ: u128) -> u128 {
        let mut r = ray;
        let mut blockers = ray & occ;
        while blockers != 0 {
            let b = blockers.trailing_zeros() as usize;
            blockers &= blockers - 1;
            let d = self.direction_in(from, dir, b / 16) as usize;
            r &= !self.full(b, d);
        }
        r
    }
}

/// Appends to `out` the branches of the ray that continues from `cell` heading `dir`, each
/// prefixed by `trunk`.
fn follow(
    neighbours: &[[Vec<Neighbour>; 8]],
    cell: Cell,
    dir: Dir8,
    trunk: Vec<Neighbour>,
    out: &mut Vec<Vec<Neighbour>>,
) {
    let next = &neighbours[cell.index()][dir as usize];
    match next.as_slice() {
        [] => {
            if !trunk.is_empty() {
                out.push(trunk);
            }
        }
        [one] => {
            let mut t = trunk;
            t.push(*one);
            follow(neighbours, one.cell, one.dir, t, out);
        }
        many => {
            for n in many {
                let mut t = trunk.clone();
                t.push(*n);
                follow(neighbours, n.cell, n.dir, t, out);
            }
        }
    }
}
