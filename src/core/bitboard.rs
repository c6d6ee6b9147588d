//! Bit sets of board cells.
//!
//! Move generation is written once, generic over [`Bitboard`], and monomorphised for each width:
//! `u64` (up to 64 cells, Caïssa's 7 x 7), `u128` (up to 128 cells, Kaissa's 10 x 10) and
//! [`Wide<N>`] (N x 64 cells: `Wide<4>` covers Jikaida's 12 x 18 = 216 cells). Cell `i` is bit `i`.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of cells, one bit per cell, with the operations move generation needs.
pub trait Bitboard:
    Copy
    + Eq
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// How many cells this width can hold.
    const CAPACITY: usize;
    /// The empty set.
    const EMPTY: Self;

    /// The set holding only `cell`. `cell` must be below [`Self::CAPACITY`].
    fn single(cell: usize) -> Self;
    /// Number of cells in the set.
    fn count(self) -> u32;
    /// Lowest cell of a non-empty set.
    fn lowest(self) -> usize;
    /// Highest cell of a non-empty set.
    fn highest(self) -> usize;
    /// True when the set holds no cell.
    fn is_empty(self) -> bool;

    /// True when the set holds at least one cell.
    #[inline(always)]
    fn any(self) -> bool {
        !self.is_empty()
    }
    /// True when `cell` is in the set.
    #[inline(always)]
    fn has(self, cell: usize) -> bool {
        (self & Self::single(cell)).any()
    }
    /// Adds `cell` to the set.
    #[inline(always)]
    fn set(&mut self, cell: usize) {
        *self |= Self::single(cell);
    }
    /// Removes `cell` from the set.
    #[inline(always)]
    fn clear(&mut self, cell: usize) {
        *self &= !Self::single(cell);
    }
    /// Iterates over the cells of the set, lowest first.
    #[inline(always)]
    fn cells(self) -> Cells<Self> {
        Cells(self)
    }
    /// Removes and returns the lowest cell, or `None` for the empty set.
    #[inline(always)]
    fn pop_lowest(&mut self) -> Option<usize> {
        if self.is_empty() {
            None
        } else {
            let c = self.lowest();
            self.clear(c);
            Some(c)
        }
    }
}

/// Iterator over the cells of a [`Bitboard`], lowest first.
#[derive(Clone, Copy, Debug)]
pub struct Cells<B>(B);

impl<B: Bitboard> Iterator for Cells<B> {
    type Item = usize;
    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        self.0.pop_lowest()
    }
}

macro_rules! primitive_bitboard {
    ($t:ty) => {
        impl Bitboard for $t {
            const CAPACITY: usize = <$t>::BITS as usize;
            const EMPTY: Self = 0;
            #[inline(always)]
            fn single(cell: usize) -> Self {
                1 << cell
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn lowest(self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline(always)]
            fn highest(self) -> usize {
                (<$t>::BITS - 1 - self.leading_zeros()) as usize
            }
            #[inline(always)]
            fn is_empty(self) -> bool {
                self == 0
            }
            #[inline(always)]
            fn clear(&mut self, cell: usize) {
                *self &= !(1 << cell);
            }
        }
    };
}

primitive_bitboard!(u64);
primitive_bitboard!(u128);

/// A bit set of `N` x 64 cells, for boards larger than 128 cells.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Wide<const N: usize>(pub [u64; N]);

impl<const N: usize> Default for Wide<N> {
    fn default() -> Self {
        Wide([0; N])
    }
}

macro_rules! wide_op {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl<const N: usize> $tra for Wide<N> {
            #[inline(always)]
            fn $fa(&mut self, rhs: Self) {
                for i in 0..N {
                    self.0[i] $op rhs.0[i];
                }
            }
        }
        impl<const N: usize> $tr for Wide<N> {
            type Output = Self;
            #[inline(always)]
            fn $f(mut self, rhs: Self) -> Self {
                <Self as $tra>::$fa(&mut self, rhs);
                self
            }
        }
    };
}

wide_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &=);
wide_op!(BitOr, bitor, BitOrAssign, bitor_assign, |=);
wide_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^=);

impl<const N: usize> Not for Wide<N> {
    type Output = Self;
    #[inline(always)]
    fn not(mut self) -> Self {
        for w in self.0.iter_mut() {
            *w = !*w;
        }
        self
    }
}

impl<const N: usize> Bitboard for Wide<N> {
    const CAPACITY: usize = 64 * N;
    const EMPTY: Self = Wide([0; N]);

    #[inline(always)]
    fn single(cell: usize) -> Self {
        let mut w = [0; N];
        w[cell / 64] = 1 << (cell % 64);
        Wide(w)
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline(always)]
    fn lowest(self) -> usize {
        for (i, w) in self.0.iter().enumerate() {
            if *w != 0 {
                return i * 64 + w.trailing_zeros() as usize;
            }
        }
        Self::CAPACITY
    }
    #[inline(always)]
    fn highest(self) -> usize {
        for (i, w) in self.0.iter().enumerate().rev() {
            if *w != 0 {
                return i * 64 + 63 - w.leading_zeros() as usize;
            }
        }
        Self::CAPACITY
    }
    #[inline(always)]
    fn is_empty(self) -> bool {
        self.0.iter().all(|w| *w == 0)
    }
    // The one-cell operations touch the cell's word only (the defaults would build and
    // combine a whole N-word set).
    #[inline(always)]
    fn has(self, cell: usize) -> bool {
        (self.0[cell / 64] >> (cell % 64)) & 1 != 0
    }
    #[inline(always)]
    fn set(&mut self, cell: usize) {
        self.0[cell / 64] |= 1 << (cell % 64);
    }
    #[inline(always)]
    fn clear(&mut self, cell: usize) {
        self.0[cell / 64] &= !(1 << (cell % 64));
    }
    #[inline(always)]
    fn pop_lowest(&mut self) -> Option<usize> {
        for (i, w) in self.0.iter_mut().enumerate() {
            if *w != 0 {
                let c = w.trailing_zeros() as usize;
                *w &= *w - 1;
                return Some(i * 64 + c);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exercise<B: Bitboard>() {
        let cells = [0, 1, 5, B::CAPACITY / 2 + 1, B::CAPACITY - 1];
        let mut s = B::EMPTY;
        for &c in &cells {
            s.set(c);
        }
        assert_eq!(s.count(), 5);
        assert_eq!(s.lowest(), 0);
        assert_eq!(s.highest(), B::CAPACITY - 1);
        let mut sorted = cells.to_vec();
        sorted.sort();
        assert_eq!(s.cells().collect::<Vec<_>>(), sorted);
        s.clear(5);
        assert!(!s.has(5));
        assert!(s.has(1));
        assert_eq!((s & !s), B::EMPTY);
        let t = s;
        assert_eq!((s ^ t).count(), 0);
        assert!(B::single(7).any());
    }

    #[test]
    fn all_widths_behave_alike() {
        exercise::<u64>();
        exercise::<u128>();
        exercise::<Wide<4>>();
        exercise::<Wide<7>>();
    }
}
