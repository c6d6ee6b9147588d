//! The first layer's sums for both perspectives, one entry per ply of the line being searched:
//! making a move writes the next entry from the current one and the move's feature changes
//! (one fused pass), taking it back steps down a level. Nothing is recomputed in the hot path:
//! only [`Accumulators::refresh`], when a net is attached to a position, sums every active
//! feature.

use super::network::Network;
use std::sync::Arc;

/// Most features one move turns on or off for one perspective (a capture with promotion
/// removes two pieces' and adds one; a drop removes a hand count and adds a piece).
pub const MAX_CHANGES: usize = 4;

/// The features one move turns on and off, per perspective (first player's, second's).
#[derive(Clone, Copy, Debug, Default)]
pub struct Delta {
    add: [[u32; MAX_CHANGES]; 2],
    sub: [[u32; MAX_CHANGES]; 2],
    adds: u8,
    subs: u8,
}

impl Delta {
    /// Turns on feature `first` for the first player's view and `second` for the second's.
    #[inline(always)]
    pub fn add(&mut self, first: usize, second: usize) {
        let n = self.adds as usize;
        debug_assert!(n < MAX_CHANGES);
        self.add[0][n] = first as u32;
        self.add[1][n] = second as u32;
        self.adds += 1;
    }

    /// Turns off feature `first` for the first player's view and `second` for the second's.
    #[inline(always)]
    pub fn sub(&mut self, first: usize, second: usize) {
        let n = self.subs as usize;
        debug_assert!(n < MAX_CHANGES);
        self.sub[0][n] = first as u32;
        self.sub[1][n] = second as u32;
        self.subs += 1;
    }
}

/// A stack of accumulators for one position object, with the net they belong to.
#[derive(Clone, Debug)]
pub struct Accumulators {
    net: Arc<Network>,
    /// `sums[(level * 2 + perspective) * H ..][.. H]`.
    sums: Vec<i16>,
    /// The current level.
    level: usize,
}

impl Accumulators {
    /// Accumulators for `net`, the current level refreshed from the active features of each
    /// perspective (first player's, second player's).
    pub fn new(net: Arc<Network>, active: [&[usize]; 2]) -> Accumulators {
        let mut a = Accumulators {
            sums: vec![0; 2 * net.hidden * 16],
            net,
            level: 0,
        };
        a.refresh(active);
        a
    }

    /// The net these sums belong to.
    pub fn net(&self) -> &Arc<Network> {
        &self.net
    }

    /// The current level's sums for `perspective` (0 first player, 1 second).
    #[inline(always)]
    pub fn sums(&self, perspective: usize) -> &[i16] {
        let h = self.net.hidden;
        let at = (self.level * 2 + perspective) * h;
        &self.sums[at..at + h]
    }

    /// Recomputes the current level from every active feature.
    pub fn refresh(&mut self, active: [&[usize]; 2]) {
        let h = self.net.hidden;
        for (p, features) in active.iter().enumerate() {
            let at = (self.level * 2 + p) * h;
            let acc = &mut self.sums[at..at + h];
            acc.copy_from_slice(self.net.biases());
            // Wrapping adds, as the update loops add: the same bits in any order.
            for &f in features.iter() {
                for (a, w) in acc.iter_mut().zip(self.net.column(f)) {
                    *a = a.wrapping_add(*w);
                }
            }
        }
    }

    /// Makes a move: the next level is the current one changed by `delta`.
    #[inline]
    pub fn push(&mut self, delta: &Delta) {
        let h = self.net.hidden;
        if (self.level + 2) * 2 * h > self.sums.len() {
            self.sums.resize(self.sums.len() * 2, 0);
        }
        let net = &*self.net;
        for p in 0..2 {
            let from = (self.level * 2 + p) * h;
            let (before, after) = self.sums.split_at_mut(from + 2 * h);
            let src = &before[from..from + h];
            let dst = &mut after[..h];
            let adds = delta.add[p][..delta.adds as usize].map_cols(net);
            let subs = delta.sub[p][..delta.subs as usize].map_cols(net);
            net.simd()
                .update(dst, src, &adds.cols[..adds.n], &subs.cols[..subs.n]);
        }
        self.level += 1;
    }

    /// Takes a move back: the previous level is current again. False, and nothing changed,
    /// at the first level (a move made before these sums existed: the caller refreshes).
    #[inline(always)]
    pub fn pop(&mut self) -> bool {
        if self.level == 0 {
            return false;
        }
        self.level -= 1;
        true
    }

    /// The evaluation in centipawns for the side to move, `perspective` (0 first player,
    /// 1 second).
    #[inline]
    pub fn evaluate(&self, perspective: usize) -> i32 {
        self.net
            .output(self.sums(perspective), self.sums(1 - perspective))
    }
}

/// Up to [`MAX_CHANGES`] weight columns, without allocating.
struct Columns<'a> {
    cols: [&'a [i16]; MAX_CHANGES],
    n: usize,
}

/// The columns of a list of features.
trait MapColumns {
    fn map_cols<'a>(&self, net: &'a Network) -> Columns<'a>;
}

impl MapColumns for [u32] {
    #[inline(always)]
    fn map_cols<'a>(&self, net: &'a Network) -> Columns<'a> {
        let mut c = Columns {
            cols: [&[]; MAX_CHANGES],
            n: self.len(),
        };
        for (i, &f) in self.iter().enumerate() {
            c.cols[i] = net.column(f as usize);
        }
        c
    }
}
