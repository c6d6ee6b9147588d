//! The tests' one random source: the crate's xorshift64 ([`kaissa::core::rng::xorshift64`])
//! behind a small handle, for seeded test games, mutations and playouts. Declared once at
//! the root of each test target that uses it (`crate::xorshift`).

use kaissa::core::rng::xorshift64;

/// The generator's state.
pub struct Rng(u64);

impl Rng {
    /// A generator seeded from `seed` (scrambled, never zero).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// A generator whose state is `state` as given (not zero).
    pub fn from_state(state: u64) -> Rng {
        Rng(state)
    }

    /// The next 64 random bits (the new state). A random source, never exhausted: not an
    /// `Iterator`.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u64 {
        xorshift64(&mut self.0)
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// `true` with probability `percent` / 100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}
