//! xorshift64: a tiny, dependency-free, reproducible pseudo-random generator for seeded test
//! games and playouts. Used as `mod xorshift;`.
#![allow(dead_code)]

/// The generator's state.
pub struct Rng(u64);

impl Rng {
    /// A generator seeded from `seed` (never zero).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}
