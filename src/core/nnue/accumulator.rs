//! The first layer's sums for both perspectives, one entry per ply of the line being searched.
//! Making a move records its feature changes for the next level; the level's sums are worked
//! out from the one below (one fused pass per perspective) only when they are asked for,
//! [`Accumulators::settle`], so a move made only to test it, or whose position is cut off
//! before it is evaluated, costs no pass. Taking a move back steps down a level. Only
//! [`Accumulators::new`], when a net is attached to a position, sums every active feature.

use super::network::Network;
use std::borrow::Cow;
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

    /// `dst = src` changed by this delta's features for `perspective`.
    #[inline(always)]
    fn apply(&self, net: &Network, perspective: usize, dst: &mut [i16], src: &[i16]) {
        let adds = self.add[perspective][..self.adds as usize].map_cols(net);
        let subs = self.sub[perspective][..self.subs as usize].map_cols(net);
        net.simd()
            .update(dst, src, &adds.cols[..adds.n], &subs.cols[..subs.n]);
    }
}

/// A stack of accumulators for one position object, with the net they belong to.
#[derive(Clone, Debug)]
pub struct Accumulators {
    net: Arc<Network>,
    /// `sums[(level * 2 + perspective) * H ..][.. H]`, worked out up to level `computed`.
    sums: Vec<i16>,
    /// `deltas[level]`: the features the move to that level changed.
    deltas: Vec<Delta>,
    /// The current level.
    level: usize,
    /// The highest level whose sums are worked out (at most `level`); those above it up to
    /// the current one wait in `deltas`.
    computed: usize,
}

impl Accumulators {
    /// Accumulators for `net`, the current level refreshed from the active features of each
    /// perspective (first player's, second player's).
    pub fn new(net: Arc<Network>, active: [&[usize]; 2]) -> Accumulators {
        let mut a = Accumulators {
            sums: vec![0; 2 * net.hidden * 16],
            deltas: vec![Delta::default(); 16],
            net,
            level: 0,
            computed: 0,
        };
        a.refresh(active);
        a
    }

    /// The net these sums belong to.
    pub fn net(&self) -> &Arc<Network> {
        &self.net
    }

    /// The current level's sums for `perspective` (0 first player, 1 second): borrowed once
    /// [`Self::settle`] has worked them out, worked out into a copy otherwise.
    pub fn sums(&self, perspective: usize) -> Cow<'_, [i16]> {
        let h = self.net.hidden;
        let at = |level: usize| (level * 2 + perspective) * h;
        let done = &self.sums[at(self.computed)..at(self.computed) + h];
        if self.computed == self.level {
            return Cow::Borrowed(done);
        }
        let mut acc = done.to_vec();
        let mut next = vec![0; h];
        for d in &self.deltas[self.computed + 1..=self.level] {
            d.apply(&self.net, perspective, &mut next, &acc);
            std::mem::swap(&mut acc, &mut next);
        }
        Cow::Owned(acc)
    }

    /// Works out the first level from every active feature.
    fn refresh(&mut self, active: [&[usize]; 2]) {
        debug_assert_eq!(self.level, 0);
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
        self.computed = self.level;
    }

    /// Makes a move: the next level is the current one changed by `delta` (worked out when
    /// it is asked for).
    #[inline]
    pub fn push(&mut self, delta: &Delta) {
        self.level += 1;
        if self.level >= self.deltas.len() {
            self.deltas.resize(self.deltas.len() * 2, Delta::default());
        }
        self.deltas[self.level] = *delta;
    }

    /// Works out the sums of every level up to the current one that waits for them.
    #[inline]
    pub fn settle(&mut self) {
        if self.computed == self.level {
            return;
        }
        let h = self.net.hidden;
        if (self.level + 1) * 2 * h > self.sums.len() {
            let len = ((self.level + 1) * 2 * h).max(self.sums.len() * 2);
            self.sums.resize(len, 0);
        }
        let net = &*self.net;
        for level in self.computed + 1..=self.level {
            let from = (level - 1) * 2 * h;
            let (before, after) = self.sums.split_at_mut(from + 2 * h);
            for p in 0..2 {
                let src = &before[from + p * h..from + (p + 1) * h];
                let dst = &mut after[p * h..(p + 1) * h];
                self.deltas[level].apply(net, p, dst, src);
            }
        }
        self.computed = self.level;
    }

    /// Takes a move back: the previous level is current again. False, and nothing changed,
    /// at the first level (a move made before these sums existed: the caller refreshes).
    #[inline(always)]
    pub fn pop(&mut self) -> bool {
        if self.level == 0 {
            return false;
        }
        self.level -= 1;
        self.computed = self.computed.min(self.level);
        true
    }

    /// The evaluation in centipawns for the side to move, `perspective` (0 first player,
    /// 1 second); quickest after [`Self::settle`].
    #[inline]
    pub fn evaluate(&self, perspective: usize) -> i32 {
        if self.computed == self.level {
            let h = self.net.hidden;
            let at = |p: usize| (self.level * 2 + p) * h;
            let (us, them) = (at(perspective), at(1 - perspective));
            return self
                .net
                .output(&self.sums[us..us + h], &self.sums[them..them + h]);
        }
        self.net
            .output(&self.sums(perspective), &self.sums(1 - perspective))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::rng::xorshift64;

    /// Sums worked out late agree with sums worked out at every move: through random moves,
    /// take-backs and settlings (in any order), the current sums and evaluation, read before
    /// and after [`Accumulators::settle`], equal a stack kept eagerly by plain adds.
    #[test]
    fn late_sums_equal_sums_kept_at_every_move() {
        let (inputs, hidden) = (40, 32);
        let mut x = 0x1A2E_5E77_1E00_0001u64;
        let mut draw = |n: usize, range: u64| -> Vec<i16> {
            (0..n)
                .map(|_| (xorshift64(&mut x) % (2 * range + 1)) as i16 - range as i16)
                .collect()
        };
        let (w1, b1, w2) = (
            draw(inputs * hidden, 300),
            draw(hidden, 100),
            draw(2 * hidden, 100),
        );
        let net = Arc::new(
            Network::from_parts("test", "test", (inputs, hidden), w1, b1, w2, 55).unwrap(),
        );
        let active = [vec![1, 5, 9], vec![2, 6]];
        let mut acc = Accumulators::new(net.clone(), [&active[0], &active[1]]);
        // The eager stack: level by level, both perspectives.
        let mut kept = vec![[acc.sums(0).to_vec(), acc.sums(1).to_vec()]];
        let (mut settled, mut late) = (0, 0);
        for step in 0..4000 {
            let r = xorshift64(&mut x);
            if r.is_multiple_of(3) && kept.len() > 1 {
                assert!(acc.pop());
                kept.pop();
            } else if kept.len() < 40 {
                let mut d = Delta::default();
                let mut next = kept.last().unwrap().clone();
                for k in 0..(r >> 8) % 4 {
                    let f = [
                        (r >> (12 + 6 * k)) as usize % inputs,
                        (r >> (40 + k)) as usize % inputs,
                    ];
                    let on = (r >> (30 + k)) & 1 == 0;
                    if on {
                        d.add(f[0], f[1]);
                    } else {
                        d.sub(f[0], f[1]);
                    }
                    for p in 0..2 {
                        for (a, w) in next[p].iter_mut().zip(net.column(f[p])) {
                            *a = if on {
                                a.wrapping_add(*w)
                            } else {
                                a.wrapping_sub(*w)
                            };
                        }
                    }
                }
                acc.push(&d);
                kept.push(next);
            }
            let want = kept.last().unwrap();
            let eval = net.output(&want[0], &want[1]);
            late += (acc.computed < acc.level) as usize;
            assert_eq!(acc.evaluate(0), eval, "step {step}");
            if (r >> 50).is_multiple_of(4) {
                acc.settle();
                settled += 1;
                assert_eq!(
                    acc.evaluate(1),
                    net.output(&want[1], &want[0]),
                    "step {step}"
                );
            }
            for (p, w) in want.iter().enumerate() {
                assert_eq!(*acc.sums(p), w[..], "step {step}, perspective {p}");
            }
        }
        assert!(acc.level == kept.len() - 1 && settled > 500 && late > 1000);
    }
}
