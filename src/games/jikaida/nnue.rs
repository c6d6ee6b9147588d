//! Jikaida's inputs to a learned evaluation ([`crate::core::nnue`]): the features of a
//! position, of a training record and of a move. Nets are for the 12 x 18 Poron board (and its
//! forms with other start positions, `jikaida-swods` and `porondwa`, which have a built-in
//! net of their own, [`embedded_net`]); a position on a board of another size is evaluated by
//! the hand-written terms.
//!
//! Features, from one side's view (the perspective): a piece of net type t on cell c, the
//! perspective's own (`0`) or the opponent's (`1`): `(own * 12 + t) * 216 + c'`; then the
//! Fluttember while unused, the perspective's own at `24 * 216` and the opponent's at
//! `24 * 216 + 1`; [`INPUTS`] = 5,186. The net types are the nine kinds (King to Swod) and,
//! as 9, 10 and 11, a Paktun, Deldar or Swod that still has its first-move powers (a
//! different piece to play with and against). c' is the cell itself for Yellow and its
//! half-turn image `215 - c` for Blue (the start position is nearly its own half-turn image
//! with the colours exchanged: only the King and the Pallan trade places). A net for
//! Jikaida says it reads [`DESCRIPTION`].
//!
//! A training record ([`Record`], the 128-byte form) lists the pieces by net type and each
//! side's unused Fluttember as a King in hand.

use super::board::Board;
use super::position::JikaidaPosition;
use super::{KING, has_first_move};
use crate::core::bitboard::{Bitboard, Wide};
use crate::core::geometry::Color;
use crate::core::moves::Move;
use crate::core::nnue::accumulator::Delta;
use crate::core::nnue::feature::{Embedded, NetFeatures, NetState, embedded_net};
use crate::core::nnue::inputs::NetInputs;
use crate::core::nnue::network::Network;
use crate::core::nnue::record::{Placed, Record, WIDE_RECORD_BYTES};
use std::sync::Arc;

/// Files of the board nets are for.
pub const FILES: usize = 12;
/// Ranks of the board nets are for.
pub const RANKS: usize = 18;
/// Cells of the board nets are for.
pub const CELLS: usize = FILES * RANKS;
/// Net types: the nine kinds, then the unmoved Paktun, Deldar and Swod.
const TYPES: usize = 12;
/// The first Fluttember feature.
const FLUTTER: usize = 2 * TYPES * CELLS;
/// Inputs of a Jikaida net.
pub const INPUTS: usize = FLUTTER + 2;
/// What a Jikaida net says it reads.
pub const DESCRIPTION: &str = "jikaida: KPACJHNDS NDS-unmoved 12x18 fluttember";
/// The built-in nets, by form (variant name), embedded in the binary, each made as
/// tuning/NNUE.md says. A form plays a net only where it learned that form's games and was
/// measured stronger than the hand-written evaluation: `jikaida-swods` and `porondwa`, whose
/// starts put two ranks of Swods or of Deldars a side, scored 43-45% with jikaida-3
/// (tuning/RESULTS.md), so they play [`FORMS`], adopted on each by its own SPRT.
const EMBEDDED: &[Embedded] = &[
    ("jikaida", include_bytes!("../../../nets/jikaida-3.knue")),
    ("jikaida-swods", FORMS),
    ("porondwa", FORMS),
];

/// The net of the forms `jikaida-swods` and `porondwa`: `jikaida-forms-1`, jikaida-3 trained
/// on both forms' own games.
const FORMS: &[u8] = include_bytes!("../../../nets/jikaida-forms-1.knue");

/// True when nets are for the board of `pos`.
pub fn fits<B: Bitboard>(pos: &JikaidaPosition<B>) -> bool {
    let r = pos.board().rect;
    (r.files, r.ranks) == (FILES, RANKS)
}

/// The net type of a piece of `kind`, unmoved or not.
#[inline(always)]
fn net_type(kind: u8, unmoved: bool) -> u8 {
    if unmoved && has_first_move(kind) {
        kind + 3
    } else {
        kind
    }
}

/// The feature of a piece of `color` and net type `t` on `cell`, seen by each side:
/// (Yellow's view, Blue's).
#[inline(always)]
fn piece(color: Color, t: u8, cell: usize) -> (usize, usize) {
    let own = color.index();
    let first = (own * TYPES + t as usize) * CELLS + cell;
    let second = ((1 - own) * TYPES + t as usize) * CELLS + (CELLS - 1 - cell);
    (first, second)
}

/// The feature of the unused Fluttember of `color`, seen by each side.
#[inline(always)]
fn flutter(color: Color) -> (usize, usize) {
    let own = color.index();
    (FLUTTER + own, FLUTTER + 1 - own)
}

/// The pieces of a position by net type, as a record lists them.
fn placed<B: Bitboard>(pos: &JikaidaPosition<B>) -> Vec<Placed> {
    (0..pos.board().cells)
        .filter_map(|cell| {
            let (c, k) = pos.piece_at(cell)?;
            Some((cell, c.index() as u8, net_type(k, pos.is_unmoved(cell))))
        })
        .collect()
}

/// Every active feature of pieces listed as [`placed`] lists them and of the unused
/// Fluttembers: (Yellow's view, Blue's). An error for a type or cell not of a 12 x 18 board.
fn active_of(list: &[Placed], flutters: [bool; 2]) -> Result<[Vec<usize>; 2], String> {
    let mut active = [Vec::with_capacity(80), Vec::with_capacity(80)];
    for &(cell, c, t) in list {
        if cell >= CELLS || t as usize >= TYPES {
            return Err(format!(
                "piece type {t} on cell {cell} is not of 12 x 18 Jikaida"
            ));
        }
        let (a, b) = piece(Color::BOTH[c as usize & 1], t, cell);
        active[0].push(a);
        active[1].push(b);
    }
    for color in Color::BOTH {
        if flutters[color.index()] {
            let (a, b) = flutter(color);
            active[0].push(a);
            active[1].push(b);
        }
    }
    Ok(active)
}

/// The training record of a position with its search score (for the side to move, in
/// centipawns) and the game's result for Yellow (0 loss, 1 draw, 2 win).
pub fn record_of<B: Bitboard>(
    pos: &JikaidaPosition<B>,
    score: i32,
    result: u8,
) -> Result<Record, String> {
    if !fits(pos) {
        return Err(format!("nets are for the {FILES} x {RANKS} board"));
    }
    let hand = |c: Color| -> &[(u8, u8)] {
        if pos.has_flutter(c) {
            &[(KING, 1)]
        } else {
            &[]
        }
    };
    Record::new(
        &placed(pos),
        [hand(Color::First), hand(Color::Second)],
        pos.side_to_move().index() as u8,
        score,
        result,
        pos.fullmove(),
    )
}

/// The built-in net of the form `name`, if it has one.
pub fn builtin_net(name: &str) -> Option<Arc<Network>> {
    embedded_net(EMBEDDED, name, DESCRIPTION, INPUTS)
}

/// Jikaida's inputs as the data generator and the trainer see them.
pub struct JikaidaInputs {
    /// The 12 x 18 board's tables, to read FENs with.
    board: Arc<Board<Wide<4>>>,
}

impl JikaidaInputs {
    /// The inputs of the 12 x 18 board.
    pub fn new() -> JikaidaInputs {
        JikaidaInputs {
            board: Arc::new(Board::new(FILES, RANKS)),
        }
    }
}

impl Default for JikaidaInputs {
    fn default() -> Self {
        Self::new()
    }
}

impl NetInputs for JikaidaInputs {
    fn description(&self) -> &str {
        DESCRIPTION
    }

    fn inputs(&self) -> usize {
        INPUTS
    }

    /// 216 cells and up to 72 pieces: the 128-byte record.
    fn record_bytes(&self) -> usize {
        WIDE_RECORD_BYTES
    }

    /// One shared input per net type and side.
    fn factors(&self) -> usize {
        2 * TYPES
    }

    fn factor(&self, feature: usize) -> Option<usize> {
        (feature < FLUTTER).then_some(feature / CELLS)
    }

    fn active_of_record(&self, record: &Record) -> Result<[Vec<usize>; 2], String> {
        let mut flutters = [false; 2];
        for (c, f) in flutters.iter_mut().enumerate() {
            match record.hand(c) {
                None => {}
                Some((KING, 1)) => *f = true,
                Some(h) => return Err(format!("a hand {h:?}: Jikaida holds only the Fluttember")),
            }
        }
        active_of(&record.pieces().collect::<Vec<_>>(), flutters)
    }

    fn record_of_fen(&self, fen: &str, score: i32, result: u8) -> Result<Record, String> {
        record_of(
            &JikaidaPosition::from_fen(self.board.clone(), fen)?,
            score,
            result,
        )
    }
}

/// The features `mv` turns on and off in `pos`, where it is about to be made: the mover
/// leaving its cell (with its first-move powers, if it had them) and arriving (without them,
/// promoted perhaps), what it takes, and for the Fluttember the partner taking the King's
/// cell and the Fluttember used.
fn delta<B: Bitboard>(pos: &JikaidaPosition<B>, mv: Move) -> Delta {
    let mut d = Delta::default();
    let (from, to) = (mv.from(), mv.to());
    let Some((us, kind)) = pos.piece_at(from) else {
        return d;
    };
    let (a, b) = piece(us, net_type(kind, pos.is_unmoved(from)), from);
    d.sub(a, b);
    let arrives = mv.promotes_to().unwrap_or(kind);
    let (a, b) = piece(us, arrives, to);
    d.add(a, b);
    if let Some((c, ck)) = pos.piece_at(to) {
        let (a, b) = piece(c, net_type(ck, pos.is_unmoved(to)), to);
        d.sub(a, b);
        if kind == KING && c == us {
            let (a, b) = piece(us, ck, from);
            d.add(a, b);
            if pos.has_flutter(us) {
                let (a, b) = flutter(us);
                d.sub(a, b);
            }
        }
    }
    d
}

impl<B: Bitboard> NetFeatures for JikaidaPosition<B> {
    fn net_reads(&self) -> (&str, usize) {
        (DESCRIPTION, INPUTS)
    }

    fn active_features(&self) -> [Vec<usize>; 2] {
        let flutters = Color::BOTH.map(|c| self.has_flutter(c));
        active_of(&placed(self), flutters).unwrap_or_default()
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

    /// Nets are for the 12 x 18 board only.
    fn fits_net(&self) -> bool {
        fits(self)
    }

    /// The slider mobility was not kept while the net was attached.
    fn net_detached(&mut self) {
        self.restore_mobility();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "cjhapkannhjc/dddddddddddd/ssssssssssss/12/12/12/12/12/12/12/12/12/12/12/12/SSSSSSSSSSSS/DDDDDDDDDDDD/CJHNNAPKAHJC y Kk 1";

    #[test]
    fn the_built_in_net_is_read_as_a_net_file_would_be() {
        let net = builtin_net("jikaida").expect("Jikaida's built-in net");
        assert_eq!((net.name.as_str(), net.inputs), ("jikaida-3", INPUTS));
        assert_eq!(net.features, DESCRIPTION);
        for form in ["jikaida-swods", "porondwa"] {
            let net = builtin_net(form).expect("the forms' built-in net");
            assert_eq!((net.name.as_str(), net.inputs), ("jikaida-forms-1", INPUTS));
        }
    }

    #[test]
    fn the_start_looks_nearly_the_same_from_both_sides() {
        let inputs = JikaidaInputs::new();
        let r = inputs.record_of_fen(START, 0, 1).unwrap();
        let [mut yellow, mut blue] = inputs.active_of_record(&r).unwrap();
        assert_eq!(yellow.len(), 74);
        yellow.sort_unstable();
        blue.sort_unstable();
        // Only each side's King and Pallan stand on each other's cells in the other view.
        let differ = yellow.iter().filter(|f| !blue.contains(f)).count();
        assert_eq!(differ, 4);
    }

    #[test]
    fn a_record_gives_the_positions_features() {
        let inputs = JikaidaInputs::new();
        let pos = JikaidaPosition::from_fen(inputs.board.clone(), START).unwrap();
        let r = inputs.record_of_fen(START, 12, 1).unwrap();
        assert_eq!(
            inputs.active_of_record(&r).unwrap(),
            active_of(&placed(&pos), [true, true]).unwrap()
        );
        let back = Record::from_bytes(&r.to_bytes(WIDE_RECORD_BYTES).unwrap()).unwrap();
        assert_eq!(back, r);
        assert_eq!(inputs.factor(FLUTTER - 1), Some(2 * TYPES - 1));
        assert_eq!(inputs.factor(FLUTTER), None);
        assert!(inputs.mirrored(0).is_none());
    }

    #[test]
    fn other_boards_have_no_record() {
        let inputs = JikaidaInputs::new();
        let big = format!("{}/{}", "18/".repeat(23), "17K");
        assert!(inputs.record_of_fen(&big, 0, 1).is_err());
    }
}
