//! The crate's two seeded pseudo-random generators, each written once. Both keep their whole
//! state in one `u64` the caller owns and seeds, so a sequence is the same in every run and on
//! every machine (Zobrist keys feed the bench signature and the perft tables, random games the
//! tests):
//!
//! - [`splitmix64`] draws the Zobrist key tables of every game: each output is a well-mixed
//!   function of a counter, so neighbouring seeds (one per board size) still give unrelated
//!   keys; it is a `const fn`, so a table can be drawn at compile time.
//! - [`xorshift64`] picks the random moves and boards of seeded games and playouts (tests,
//!   opening and training-data tools): three shifts, the state is the output.

/// SplitMix64 (Steele, Lea and Flood, 2014): advances `state` by the golden-ratio step and
/// returns its mix. Any seed, zero included, gives a full-period sequence.
#[inline]
pub const fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// xorshift64 (Marsaglia, 2003, shifts 13, 7, 17): advances `state` and returns it. The seed
/// must not be zero (zero stays zero).
#[inline]
pub const fn xorshift64(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first outputs of both generators, as every copy they replaced gave them (the
    /// SplitMix64 figures are the reference implementation's for seed 0).
    #[test]
    fn known_sequences() {
        let mut s = 0;
        assert_eq!(splitmix64(&mut s), 0xE220_A839_7B1D_CDAF);
        assert_eq!(splitmix64(&mut s), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(s, 0x9E37_79B9_7F4A_7C15u64.wrapping_mul(2));
        let mut x = 1;
        assert_eq!(xorshift64(&mut x), 0x4082_2041);
        assert_eq!(x, 0x4082_2041);
        assert_eq!(xorshift64(&mut x), 0x1000_4106_0C01_1441);
        let mut zero = 0;
        assert_eq!(xorshift64(&mut zero), 0);
    }
}
