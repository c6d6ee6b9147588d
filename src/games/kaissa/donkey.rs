//! Betza moves on Donkey Kaissa's six wedges (`docs/DONKEY.md`): the same [`PieceMoves`]
//! tables the rectangle gets, filled from the wedge graph instead of (file, rank) offsets.
//!
//! - `W`, `F`, `K` step to the orthogonal, diagonal or all neighbours (a diagonal through the
//!   centre point reaches both cells of the split); with a range, or as `R`, `B`, `Q`, they
//!   slide along the bending rays ([`BentSlide`]), the range counted along each branch.
//! - `N` is the Tarnsman's (2,1) flight of §6, all eight directions only.
//! - Direction modifiers (`f`, `b`, `l`, `r`, `s`, `v` and their pairs) need the piece's
//!   `wing`: forward is then that wing's field (§7) in the cell's wedge, right a quarter turn
//!   clockwise from it, as its owner sees it.
//! - Other atoms and lame leaps have no meaning here and are refused.

use crate::core::bitboard::Bitboard;
use crate::core::donkey::wings::{Wing, field, left_right};
use crate::core::donkey::{Cell, Dir8, DonkeyBoard, Vec2, mask_cells};
use crate::core::geometry::Color;
use crate::games::kaissa::attacks::{BentRays, BentSlide, PieceMoves};
use crate::games::kaissa::betza::Component;

/// Converts a `u128` mask of donkey cells into the game's bit set.
pub fn to_bits<B: Bitboard>(m: u128) -> B {
    mask_cells(m).fold(B::EMPTY, |mut b, c| {
        b.set(c.index());
        b
    })
}

/// The cut tables of the donkey board's rays, in the game's bit set.
pub fn bent_rays<B: Bitboard>(board: &DonkeyBoard) -> BentRays<B> {
    let mut full = Vec::with_capacity(96 * 8);
    let mut dir_in = Vec::with_capacity(96 * 8);
    for c in 0..96 {
        for d in 0..8 {
            full.push(to_bits(board.rays.full(c, d)));
            dir_in.push(std::array::from_fn(|w| board.rays.direction_in(c, d, w)));
        }
    }
    BentRays { full, dir_in }
}

/// The local direction of an owner-frame unit offset (dx right, dy forward) from `cell`.
fn local(color: Color, wing: Option<Wing>, cell: Cell, (dx, dy): (i32, i32)) -> Dir8 {
    let v: Vec2 = match wing {
        Some(w) => {
            let f = field(color, w, cell.wedge()).vec();
            let (_, r) = left_right(f);
            (
                dy as i8 * f.0 + dx as i8 * r.0,
                dy as i8 * f.1 + dx as i8 * r.1,
            )
        }
        None => (dx as i8, dy as i8),
    };
    Dir8::of(v).expect("a unit offset is one of the eight directions")
}

/// True when `offsets` holds every one of the `all` offsets it shares a kind with: a piece
/// without a wing has no forward, so it may only use whole sets.
fn whole(offsets: &[(i32, i32)], unit: impl Fn((i32, i32)) -> bool, all: usize) -> bool {
    let n = offsets.iter().filter(|&&o| unit(o)).count();
    n == 0 || n == all
}

/// Adds Betza components for `color` on the donkey board, allowed only from cells where
/// `from_ok` holds.
pub fn add<B: Bitboard>(
    pm: &mut PieceMoves<B>,
    board: &DonkeyBoard,
    color: Color,
    wing: Option<Wing>,
    comps: &[Component],
    from_ok: impl Fn(usize) -> bool,
) -> Result<(), String> {
    let orth = |(dx, dy): (i32, i32)| dx.abs() + dy.abs() == 1;
    let diag = |(dx, dy): (i32, i32)| dx.abs() == 1 && dy.abs() == 1;
    let knight = |(dx, dy): (i32, i32)| dx.abs() * dy.abs() == 2;
    for comp in comps {
        let m = comp.mode;
        pm.has_initial |= comp.initial;
        if comp.lame {
            return Err("lame leaps ('n') have no meaning on the donkey board".into());
        }
        if let Some(o) = comp
            .offsets
            .iter()
            .find(|&&o| !orth(o) && !diag(o) && !knight(o))
        {
            return Err(format!(
                "the leap {o:?} has no meaning on the donkey board (W, F, K, R, B, Q and N only)"
            ));
        }
        let knights = comp.offsets.iter().filter(|&&o| knight(o)).count();
        if knights != 0 && (knights != 8 || comp.range.is_some()) {
            return Err(
                "on the donkey board N is the (2,1) flight, in all directions, as a leap".into(),
            );
        }
        if wing.is_none() && !(whole(&comp.offsets, orth, 4) && whole(&comp.offsets, diag, 4)) {
            return Err(
                "direction modifiers on the donkey board need the piece's wing (right or left)"
                    .into(),
            );
        }
        let cells = (0..96).filter(|&c| from_ok(c));
        match comp.range {
            None => {
                let table = if comp.initial {
                    &mut pm.initial_leaps[m.index()]
                } else {
                    &mut pm.leaps[m.index()]
                };
                for c in cells {
                    let mut to = 0u128;
                    if knights == 8 {
                        to |= board.flight[c];
                    }
                    for &o in comp.offsets.iter().filter(|&&o| !knight(o)) {
                        let d = local(color, wing, Cell(c as u8), o);
                        for n in board.neighbours(Cell(c as u8), d) {
                            to |= 1u128 << n.cell.index();
                        }
                    }
                    table[c] |= to_bits::<B>(to);
                }
            }
            Some(range) => {
                for &o in &comp.offsets {
                    let mut slide = BentSlide {
                        mode: m,
                        initial: comp.initial,
                        rays: vec![B::EMPTY; 96],
                        dirs: vec![0; 96],
                    };
                    for c in cells.clone() {
                        let d = local(color, wing, Cell(c as u8), o);
                        slide.dirs[c] = d as u8;
                        slide.rays[c] =
                            to_bits(board.rays.within(Cell(c as u8), d, range as usize));
                    }
                    pm.bent.push(slide);
                }
            }
        }
    }
    Ok(())
}
