//! Caïssa's inputs to a learned evaluation ([`crate::core::nnue`]): the features of a
//! position, of a training record and of a move.
//!
//! Features, from one side's view (the perspective): a piece of type t (Queen, Rook, Bishop,
//! Knight) on cell c, the perspective's own (`0`) or the opponent's (`1`): `(own * 4 + t) * 49
//! + c'`; then each cell without a tile: `8 * 49 + c'`; [`INPUTS`] = 441. c' is the cell
//! itself for White and its half-turn image `48 - c` for Black (the start position is its own
//! half-turn image with the colours exchanged, so both sides see the same start). The no-undo
//! ban is not an input: it forbids one move for one turn. A net for Caïssa says it reads
//! [`DESCRIPTION`].
//!
//! A training record ([`Record`]) lists each untiled cell as a piece of type [`HOLE`] of the
//! first player: an untiled cell never holds a piece (a piece moving onto one carries its
//! tile there), so holes and pieces never share a cell.

use super::QUEEN;
use super::board::{CELLS, SIZE};
use super::position::CaissaPosition;
use crate::core::geometry::Color;
use crate::core::moves::Move;
use crate::core::nnue::accumulator::Delta;
use crate::core::nnue::feature::{Embedded, NetFeatures, NetState, embedded_net};
use crate::core::nnue::inputs::NetInputs;
use crate::core::nnue::network::Network;
use crate::core::nnue::record::{Placed, Record};
use std::sync::Arc;

/// Piece types (Queen, Rook, Bishop, Knight).
const TYPES: usize = 4;
/// A record's type for an untiled cell.
pub const HOLE: u8 = TYPES as u8;
/// The first hole feature.
const HOLES: usize = 2 * TYPES * CELLS;
/// Inputs of a Caïssa net.
pub const INPUTS: usize = HOLES + CELLS;
/// What a Caïssa net says it reads.
pub const DESCRIPTION: &str = "caissa: QRBN 7x7 holes";
/// The built-in net, embedded in the binary, made as tuning/NNUE.md says (caissa-3).
const EMBEDDED: &[Embedded] = &[("caissa", include_bytes!("../../../nets/caissa-3.knue"))];

/// The feature of a piece of `color` and type `t` on `cell`, seen by each side: (White's
/// view, Black's).
#[inline(always)]
pub fn piece(color: Color, t: u8, cell: usize) -> (usize, usize) {
    let own = color.index();
    let first = (own * TYPES + t as usize) * CELLS + cell;
    let second = ((1 - own) * TYPES + t as usize) * CELLS + (CELLS - 1 - cell);
    (first, second)
}

/// The feature of an untiled `cell`, seen by each side: (White's view, Black's).
#[inline(always)]
pub fn hole(cell: usize) -> (usize, usize) {
    (HOLES + cell, HOLES + CELLS - 1 - cell)
}

/// The pieces of a position and its untiled cells (as pieces of type [`HOLE`] of the first
/// player), as a record lists them.
pub fn placed(pos: &CaissaPosition) -> Vec<Placed> {
    (0..CELLS)
        .filter_map(|cell| match pos.piece_at(cell) {
            Some((c, t)) => Some((cell, c.index() as u8, t)),
            None if !pos.tiled(cell) => Some((cell, 0, HOLE)),
            None => None,
        })
        .collect()
}

/// Every active feature of pieces and holes listed as [`placed`] lists them: (White's view,
/// Black's). An error for a type or cell not of Caïssa.
fn active_of(list: &[Placed]) -> Result<[Vec<usize>; 2], String> {
    let mut active = [Vec::with_capacity(64), Vec::with_capacity(64)];
    for &(cell, c, t) in list {
        if cell >= CELLS || t > HOLE {
            return Err(format!("piece type {t} on cell {cell} is not of Caïssa"));
        }
        let (a, b) = if t == HOLE {
            hole(cell)
        } else {
            piece(Color::BOTH[c as usize & 1], t, cell)
        };
        active[0].push(a);
        active[1].push(b);
    }
    Ok(active)
}

/// The training record of a position with its search score (for the side to move, in
/// centipawns) and the game's result for White (0 loss, 1 draw, 2 win).
pub fn record_of(pos: &CaissaPosition, score: i32, result: u8) -> Result<Record, String> {
    Record::new(
        &placed(pos),
        [&[], &[]],
        pos.side_to_move().index() as u8,
        score,
        result,
        pos.ply() / 2 + 1,
    )
}

/// The built-in net, if there is one.
pub fn builtin_net() -> Option<Arc<Network>> {
    embedded_net(EMBEDDED, "caissa", DESCRIPTION, INPUTS)
}

/// Caïssa's inputs as the data generator and the trainer see them.
pub struct CaissaInputs;

impl NetInputs for CaissaInputs {
    fn description(&self) -> &str {
        DESCRIPTION
    }

    fn inputs(&self) -> usize {
        INPUTS
    }

    /// One shared input per piece type and side, and one for every hole.
    fn factors(&self) -> usize {
        2 * TYPES + 1
    }

    fn factor(&self, feature: usize) -> Option<usize> {
        match feature {
            f if f < HOLES => Some(f / CELLS),
            f if f < INPUTS => Some(2 * TYPES),
            _ => None,
        }
    }

    /// Caïssa's rules treat both wings alike (chess geometry, tiles connected by any contact),
    /// and the mirror commutes with Black's half turn: in either view a feature's cell goes to
    /// its mirror image.
    fn mirrored(&self, feature: usize) -> Option<usize> {
        if feature >= INPUTS {
            return None;
        }
        let cell = feature % CELLS;
        let (file, rank) = (cell % SIZE, cell / SIZE);
        Some(feature - cell + rank * SIZE + (SIZE - 1 - file))
    }

    fn active_of_record(&self, record: &Record) -> Result<[Vec<usize>; 2], String> {
        if record.hand(0).is_some() || record.hand(1).is_some() {
            return Err("a hand: Caïssa has none".into());
        }
        active_of(&record.pieces().collect::<Vec<_>>())
    }

    fn record_of_fen(&self, fen: &str, score: i32, result: u8) -> Result<Record, String> {
        record_of(&CaissaPosition::from_fen(fen)?, score, result)
    }
}

/// The features `mv` turns on and off in `pos`, where it is about to be made: a Queen's move
/// (with its capture, and the tile it leaves sinking), a tile carried, a plain move, an
/// exchange of two pieces; nothing for the pass.
fn delta(pos: &CaissaPosition, mv: Move) -> Delta {
    let mut d = Delta::default();
    if mv == Move::PASS {
        return d;
    }
    let (from, to) = (mv.from(), mv.to());
    let Some((us, t)) = pos.piece_at(from) else {
        return d;
    };
    let (a, b) = piece(us, t, from);
    d.sub(a, b);
    let (a, b) = piece(us, t, to);
    d.add(a, b);
    match pos.piece_at(to) {
        Some((c, ct)) if t == QUEEN => {
            let (a, b) = piece(c, ct, to);
            d.sub(a, b);
        }
        Some((c, ct)) => {
            let (a, b) = piece(c, ct, to);
            d.sub(a, b);
            let (a, b) = piece(c, ct, from);
            d.add(a, b);
        }
        None if t != QUEEN && !pos.tiled(to) => {
            let (a, b) = hole(to);
            d.sub(a, b);
            let (a, b) = hole(from);
            d.add(a, b);
        }
        None => {}
    }
    if t == QUEEN {
        let (a, b) = hole(from);
        d.add(a, b);
    }
    d
}

impl NetFeatures for CaissaPosition {
    fn net_reads(&self) -> (&str, usize) {
        (DESCRIPTION, INPUTS)
    }

    fn active_features(&self) -> [Vec<usize>; 2] {
        active_of(&placed(self)).unwrap_or_default()
    }

    #[inline]
    fn move_delta(&self, mv: Move) -> Delta {
        delta(self, mv)
    }

    #[inline(always)]
    fn net_side(&self) -> Color {
        self.side_to_move()
    }

    #[inline(always)]
    fn net_state(&self) -> &NetState {
        &self.nnue
    }

    #[inline(always)]
    fn net_state_mut(&mut self) -> &mut NetState {
        &mut self.nnue
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_net_is_read_as_a_net_file_would_be() {
        let net = builtin_net().expect("Caïssa's built-in net");
        assert_eq!((net.name.as_str(), net.inputs), ("caissa-3", INPUTS));
        assert_eq!(net.features, DESCRIPTION);
    }

    #[test]
    fn the_start_looks_the_same_from_both_sides() {
        let pos = CaissaPosition::start();
        let [mut white, mut black] = active_of(&placed(&pos)).unwrap();
        white.sort_unstable();
        black.sort_unstable();
        assert_eq!(white, black);
        assert_eq!(white.len(), 8);
    }

    #[test]
    fn a_record_gives_the_positions_features() {
        let fen = "7/3bqn1/4r2/7/2R4/1NQB3/7 w - 0";
        let pos = CaissaPosition::from_fen(fen).unwrap();
        let r = CaissaInputs.record_of_fen(fen, 12, 1).unwrap();
        assert_eq!(
            CaissaInputs.active_of_record(&r).unwrap(),
            active_of(&placed(&pos)).unwrap()
        );
        let mirror = |f: usize| CaissaInputs.mirrored(f).unwrap();
        assert!((0..INPUTS).all(|f| mirror(mirror(f)) == f));
        assert_eq!(CaissaInputs.factor(HOLES + 3), Some(8));
        assert_eq!(CaissaInputs.factor(INPUTS), None);
    }
}
