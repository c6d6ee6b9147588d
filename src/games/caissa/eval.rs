//! Static evaluation of Caïssa, from the side to move's view: the hand-written terms, or the
//! learned net ([`super::nnue`]) when one is chosen ([`CaissaEval`]).
//!
//! The game is won by trapping the Queen, so most terms measure the Queens' freedom: the
//! tiles next to each Queen (where a checked Queen may go; they count for more as tiles sink),
//! its mobility, the tiles within two steps (its room as the board sinks), whether it can move
//! at all (its tile may be one the group cannot lose), and the enemy pieces one move away from
//! giving check. Rooks, Bishops and Knights count as material (only the Queen captures them),
//! by their activity and closeness to the enemy Queen, and against their side when the enemy
//! Queen could take them unguarded. Symmetric: a position and its colour-flipped mirror
//! evaluate the same.

use super::board::{CELLS, TABLES, bishop, connected, grow, queen, rook};
use super::movegen::piece_reach;
use super::position::CaissaPosition;
use super::{BISHOP, KNIGHT, QUEEN, ROOK};
use crate::core::geometry::Color;
use crate::core::nnue::feature::NetFeatures;
use crate::core::nnue::network::Network;
use crate::core::tunable::{Tunable, Weight, array_fields, read_fields, write_fields};
use std::sync::Arc;

/// The weights of the Caïssa evaluation, all in centipawns (the one place they live).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CaissaParams {
    /// Value of a Rook, a Bishop and a Knight.
    pub value: [i32; 3],
    /// Per tile next to the Queen that it could step to.
    pub escape: i32,
    /// When the Queen has no tile to step to.
    pub no_escape: i32,
    /// Per square the Queen could move to.
    pub queen_mobility: i32,
    /// Per tile next to the Queen that it could step to, per 8 tiles sunk (removed) so far:
    /// an escape counts for more as the board shrinks.
    pub sunk_escape: i32,
    /// Per tile within two steps of the Queen.
    pub room: i32,
    /// When the Queen's own tile cannot be removed (the Queen cannot move at all).
    pub frozen: i32,
    /// Per enemy piece that could give check with its next move.
    pub threat: i32,
    /// Per Rook, Bishop or Knight the enemy Queen could take that no friendly piece guards
    /// (a guarded piece cannot be taken: the Queen may not move into check, nor onto a line
    /// facing the other Queen).
    pub hanging: i32,
    /// Per target square of a Rook, Bishop or Knight.
    pub activity: i32,
    /// Per step a Rook, Bishop or Knight is closer to the enemy Queen than 6.
    pub closeness: i32,
    /// For the side to move.
    pub tempo: i32,
}

/// The weights: Texel-tuned on 6,000 self-play games (tuning/RESULTS.md, "Caïssa").
pub const DEFAULT: CaissaParams = CaissaParams {
    value: [458, 230, 230],
    escape: 9,
    no_escape: -1,
    queen_mobility: 1,
    sunk_escape: 3,
    room: 4,
    frozen: 83,
    threat: 33,
    hanging: 9,
    activity: 4,
    closeness: 7,
    tempo: 26,
};

/// The evaluation a Caïssa search uses: the hand-written weights, and the learned net that
/// evaluates in their place when one is chosen (`Use NNUE`, `EvalFile`).
#[derive(Clone, Debug)]
pub struct CaissaEval {
    /// The hand-written evaluation's weights.
    pub params: CaissaParams,
    /// The learned net, if one is chosen.
    pub net: Option<Arc<Network>>,
}

impl CaissaEval {
    /// The hand-written weights `params` with the built-in net, if Caïssa has one.
    pub fn new(params: CaissaParams) -> CaissaEval {
        CaissaEval {
            params,
            net: super::nnue::builtin_net(),
        }
    }

    /// The evaluation of `pos` from the side to move's view: the attached net's when the
    /// position has one (see [`CaissaPosition::attach_net`]), else the hand-written one.
    #[inline]
    pub fn evaluate(&self, pos: &CaissaPosition) -> i32 {
        match pos.net_eval() {
            Some(v) => v,
            None => self.params.evaluate(pos),
        }
    }
}

/// King distance between two cells.
fn distance(a: usize, b: usize) -> i32 {
    let (fa, ra) = ((a % 7) as i32, (a / 7) as i32);
    let (fb, rb) = ((b % 7) as i32, (b / 7) as i32);
    (fa - fb).abs().max((ra - rb).abs())
}

impl CaissaParams {
    /// The evaluation from the side to move's view.
    pub fn evaluate(&self, pos: &CaissaPosition) -> i32 {
        let white = self.side(pos, Color::First);
        let black = self.side(pos, Color::Second);
        let score = white - black;
        let score = if pos.side_to_move() == Color::First {
            score
        } else {
            -score
        };
        score + self.tempo
    }

    /// Terms for one side, as (name, value) pairs.
    pub fn terms(&self, pos: &CaissaPosition, us: Color) -> [(&'static str, i32); 6] {
        let them = us.flip();
        let tiles = pos.tiles();
        let own: u64 = (0..4).map(|t| pos.pieces(us, t)).fold(0, |a, b| a | b);
        let theirs: u64 = (0..4).map(|t| pos.pieces(them, t)).fold(0, |a, b| a | b);
        let all = own | theirs;
        let mut material = 0;
        for (i, t) in [ROOK, BISHOP, KNIGHT].into_iter().enumerate() {
            material += self.value[i] * pos.pieces(us, t).count_ones() as i32;
        }
        let qbb = pos.pieces(us, QUEEN);
        if qbb == 0 {
            return [
                ("material", material),
                ("queen", 0),
                ("danger", 0),
                ("activity", 0),
                ("room", 0),
                ("hanging", 0),
            ];
        }
        let q = qbb.trailing_zeros() as usize;
        let enemy_queen = pos.pieces(them, QUEEN);
        let steps = TABLES.king[q] & tiles & !own & !enemy_queen;
        let sunk = (CELLS as u32 - tiles.count_ones()) as i32;
        let mut queen_term = self.escape * steps.count_ones() as i32
            + self.sunk_escape * steps.count_ones() as i32 * sunk / 8;
        if steps == 0 {
            queen_term -= self.no_escape;
        }
        queen_term +=
            self.queen_mobility * (queen(q, all) & tiles & !own & !enemy_queen).count_ones() as i32;
        if !connected(tiles & !qbb) {
            queen_term -= self.frozen;
        }
        let room = self.room * (grow(grow(qbb)) & tiles).count_ones() as i32;
        // Enemy pieces that could move to a square from which they check our Queen.
        let mut danger = 0;
        let check_from = [rook(q, all), bishop(q, all), TABLES.knight[q]];
        for (i, t) in [ROOK, BISHOP, KNIGHT].into_iter().enumerate() {
            let mut bb = pos.pieces(them, t);
            while bb != 0 {
                let from = bb.trailing_zeros() as usize;
                bb &= bb - 1;
                let reach = piece_reach(t, from, all);
                if reach & check_from[i] & !qbb != 0 {
                    danger -= self.threat;
                }
            }
        }
        let mut activity = 0;
        // The cells our Rooks, Bishops and Knights reach: where the enemy Queen may not take.
        let mut reached = 0u64;
        let eq = enemy_queen.trailing_zeros() as usize;
        for t in [ROOK, BISHOP, KNIGHT] {
            let mut bb = pos.pieces(us, t);
            while bb != 0 {
                let from = bb.trailing_zeros() as usize;
                bb &= bb - 1;
                let reach = piece_reach(t, from, all);
                reached |= reach;
                activity += self.activity * (reach & !qbb).count_ones() as i32;
                if eq < 64 {
                    activity += self.closeness * (6 - distance(from, eq));
                }
            }
        }
        // Our Rooks, Bishops and Knights the enemy Queen attacks on a square it may take on:
        // one no friendly piece reaches and not in line with our Queen (the Queens may not
        // face each other).
        let hanging = if eq < 64 {
            let guarded = reached | queen(q, all);
            (queen(eq, all) & own & !qbb & !guarded).count_ones() as i32
        } else {
            0
        };
        [
            ("material", material),
            ("queen", queen_term),
            ("danger", danger),
            ("activity", activity),
            ("room", room),
            ("hanging", -self.hanging * hanging),
        ]
    }

    fn side(&self, pos: &CaissaPosition, us: Color) -> i32 {
        self.terms(pos, us).iter().map(|t| t.1).sum()
    }
}

impl CaissaParams {
    /// Every weight by name, mutable, for tuners (`value[i]` one by one).
    pub fn fields_mut(&mut self) -> Vec<(String, &mut i32)> {
        let CaissaParams {
            value,
            escape,
            no_escape,
            queen_mobility,
            sunk_escape,
            room,
            frozen,
            threat,
            hanging,
            activity,
            closeness,
            tempo,
        } = self;
        let mut v = array_fields("value", value);
        v.extend([
            ("escape".into(), escape),
            ("no_escape".into(), no_escape),
            ("queen_mobility".into(), queen_mobility),
            ("sunk_escape".into(), sunk_escape),
            ("room".into(), room),
            ("frozen".into(), frozen),
            ("threat".into(), threat),
            ("hanging".into(), hanging),
            ("activity".into(), activity),
            ("closeness".into(), closeness),
            ("tempo".into(), tempo),
        ]);
        v
    }
}

/// Caïssa's weights to a tuner: every field of [`CaissaParams`], piece values in double steps.
impl Tunable for CaissaPosition {
    fn weights(&self, eval: &CaissaEval) -> Vec<Weight> {
        let mut p = eval.params;
        read_fields(p.fields_mut(), |name| {
            if name.starts_with("value") { 2 } else { 1 }
        })
    }

    /// The hand-written evaluation with these weights (no net: tuners fit the weights).
    fn with_weights(&self, values: &[i32]) -> CaissaEval {
        let mut p = DEFAULT;
        write_fields(p.fields_mut(), values);
        CaissaEval {
            params: p,
            net: None,
        }
    }

    /// The weights as the `DEFAULT` of `src/games/caissa/eval.rs`.
    fn weights_text(&self, values: &[i32]) -> String {
        format!("{:#?}\n", self.with_weights(values).params)
    }
}
