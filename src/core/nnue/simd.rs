//! The network's two inner loops, with AVX2 where the processor has it and a scalar path
//! beside it that gives the same bits: the first layer's update (a previous accumulator plus
//! some weight columns minus others) and the output's dot product of the squared clipped
//! activations with the output weights.
//!
//! Both paths add in wrapping `i16` (the update) and wrapping `i32` (the dot product), whose
//! sums do not depend on the order of the terms, so they agree bit for bit even where a sum
//! would overflow. The network loader ([`super::network`]) refuses weights whose products
//! could overflow before they are summed.

use super::QA;

/// Which implementation of the loops to run: a value that can only be made for a processor
/// that runs it. The AVX2 kind is private and made only by [`Simd::detect`] or
/// [`Simd::avx2`], both after the run-time check, so no safe caller can reach the AVX2 loops
/// on a processor without AVX2; and every call checks its slices' lengths (a panic, not a
/// read out of bounds, on the wrong ones).
///
/// Safe code cannot name the AVX2 kind itself:
/// ```compile_fail
/// let _ = kaissa::core::nnue::simd::Simd(kaissa::core::nnue::simd::Kind::Avx2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Simd(Kind);

/// The implementations; private so that [`Simd`]'s constructors are the only way to one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Plain Rust, any processor.
    Scalar,
    /// AVX2: only ever made after the processor was found to have it.
    #[cfg(target_arch = "x86_64")]
    Avx2,
}

impl Simd {
    /// The plain Rust loops, on any processor.
    pub const SCALAR: Simd = Simd(Kind::Scalar);

    /// The fastest implementation this processor runs.
    pub fn detect() -> Simd {
        Simd::avx2().unwrap_or(Simd::SCALAR)
    }

    /// The AVX2 loops, if this processor has AVX2 (checked now).
    pub fn avx2() -> Option<Simd> {
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("avx2") {
                return Some(Simd(Kind::Avx2));
            }
        }
        None
    }

    /// True for the plain Rust loops.
    pub fn is_scalar(self) -> bool {
        self.0 == Kind::Scalar
    }

    /// `dst = src + sum(adds) - sum(subs)`, lane by lane in wrapping `i16`.
    ///
    /// # Panics
    /// Unless every slice has the length of `dst`, a multiple of 16.
    #[inline]
    pub fn update(self, dst: &mut [i16], src: &[i16], adds: &[&[i16]], subs: &[&[i16]]) {
        let n = dst.len();
        assert!(
            src.len() == n && n.is_multiple_of(16) && adds.iter().chain(subs).all(|c| c.len() == n),
            "Simd::update: every slice must have dst's length, a multiple of 16"
        );
        match self.0 {
            #[cfg(target_arch = "x86_64")]
            // Safety: a `Kind::Avx2` is only made after `is_x86_feature_detected!("avx2")`
            // (see `Simd::avx2`), and the assertion above checked every slice's length.
            Kind::Avx2 => unsafe { avx2::update(dst, src, adds, subs) },
            Kind::Scalar => scalar_update(dst, src, adds, subs),
        }
    }

    /// `sum(clamp(acc, 0, QA)^2 * w)` in wrapping `i32`, with the product `clamp(acc) * w`
    /// taken in `i16` first (exact for |w| <= 128).
    ///
    /// # Panics
    /// Unless both slices have one length, a multiple of 16.
    #[inline]
    pub fn screlu_dot(self, acc: &[i16], w: &[i16]) -> i32 {
        assert!(
            acc.len() == w.len() && acc.len().is_multiple_of(16),
            "Simd::screlu_dot: both slices must have one length, a multiple of 16"
        );
        match self.0 {
            #[cfg(target_arch = "x86_64")]
            // Safety: as in `update`: AVX2 is present when this kind exists, and the
            // assertion above checked both lengths.
            Kind::Avx2 => unsafe { avx2::screlu_dot(acc, w) },
            Kind::Scalar => scalar_screlu_dot(acc, w),
        }
    }
}

fn scalar_update(dst: &mut [i16], src: &[i16], adds: &[&[i16]], subs: &[&[i16]]) {
    for (i, d) in dst.iter_mut().enumerate() {
        let mut v = src[i];
        for a in adds {
            v = v.wrapping_add(a[i]);
        }
        for s in subs {
            v = v.wrapping_sub(s[i]);
        }
        *d = v;
    }
}

fn scalar_screlu_dot(acc: &[i16], w: &[i16]) -> i32 {
    let mut sum = 0i32;
    for (&a, &w) in acc.iter().zip(w) {
        let v = a.clamp(0, QA as i16);
        sum = sum.wrapping_add(v as i32 * v.wrapping_mul(w) as i32);
    }
    sum
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use super::QA;
    use std::arch::x86_64::*;

    /// AVX2 form of `scalar_update`.
    ///
    /// # Safety
    /// The processor must have AVX2; every slice at least as long as `dst`, whose length is
    /// a multiple of 16.
    #[target_feature(enable = "avx2")]
    pub unsafe fn update(dst: &mut [i16], src: &[i16], adds: &[&[i16]], subs: &[&[i16]]) {
        for i in (0..dst.len()).step_by(16) {
            // Safety: i + 16 <= len of every slice (the caller's contract); unaligned loads.
            unsafe {
                let mut v = _mm256_loadu_si256(src.as_ptr().add(i) as *const __m256i);
                for a in adds {
                    v = _mm256_add_epi16(v, _mm256_loadu_si256(a.as_ptr().add(i) as *const _));
                }
                for s in subs {
                    v = _mm256_sub_epi16(v, _mm256_loadu_si256(s.as_ptr().add(i) as *const _));
                }
                _mm256_storeu_si256(dst.as_mut_ptr().add(i) as *mut __m256i, v);
            }
        }
    }

    /// AVX2 form of `scalar_screlu_dot`.
    ///
    /// # Safety
    /// The processor must have AVX2; both slices of one length, a multiple of 16.
    #[target_feature(enable = "avx2")]
    pub unsafe fn screlu_dot(acc: &[i16], w: &[i16]) -> i32 {
        let zero = _mm256_setzero_si256();
        let qa = _mm256_set1_epi16(QA as i16);
        let mut sum = _mm256_setzero_si256();
        for i in (0..acc.len()).step_by(16) {
            // Safety: i + 16 <= len of both slices (the caller's contract); unaligned loads.
            unsafe {
                let a = _mm256_loadu_si256(acc.as_ptr().add(i) as *const __m256i);
                let w = _mm256_loadu_si256(w.as_ptr().add(i) as *const __m256i);
                let v = _mm256_min_epi16(_mm256_max_epi16(a, zero), qa);
                let vw = _mm256_mullo_epi16(v, w);
                sum = _mm256_add_epi32(sum, _mm256_madd_epi16(vw, v));
            }
        }
        let lo = _mm256_castsi256_si128(sum);
        let hi = _mm256_extracti128_si256(sum, 1);
        let s = _mm_add_epi32(lo, hi);
        let s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0b01_00_11_10));
        let s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0b10_11_00_01));
        _mm_cvtsi128_si32(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A seeded stream of small numbers for the comparisons.
    fn numbers(seed: u64, n: usize, range: i32) -> Vec<i16> {
        let mut s = seed | 1;
        (0..n)
            .map(|_| {
                s ^= s << 13;
                s ^= s >> 7;
                s ^= s << 17;
                ((s % (2 * range as u64 + 1)) as i32 - range) as i16
            })
            .collect()
    }

    #[test]
    fn avx2_equals_scalar_bit_for_bit() {
        let simd = Simd::detect();
        if simd.is_scalar() {
            eprintln!("no AVX2 here: only the scalar path runs");
        }
        for (seed, n) in [(1, 16), (2, 128), (3, 256), (4, 512)] {
            // Values large enough that the i16 sums and i32 dot products wrap.
            let src = numbers(seed, n, 32_000);
            let cols: Vec<Vec<i16>> = (0..5).map(|k| numbers(seed * 10 + k, n, 30_000)).collect();
            let (adds, subs) = ([&cols[0][..], &cols[1]], [&cols[2][..], &cols[3], &cols[4]]);
            let mut a = vec![0; n];
            let mut b = vec![0; n];
            simd.update(&mut a, &src, &adds, &subs);
            Simd::SCALAR.update(&mut b, &src, &adds, &subs);
            assert_eq!(a, b);
            let w = numbers(seed + 100, n, 128);
            assert_eq!(simd.screlu_dot(&src, &w), Simd::SCALAR.screlu_dot(&src, &w));
        }
    }

    #[test]
    fn scalar_paths_compute_what_they_say() {
        let src = vec![5i16; 16];
        let one = vec![1i16; 16];
        let two = vec![2i16; 16];
        let mut d = vec![0; 16];
        Simd::SCALAR.update(&mut d, &src, &[&two], &[&one]);
        assert_eq!(d, vec![6; 16]);
        // clamp(-3) = 0, clamp(10) = 10, clamp(300) = 255.
        let mut acc = vec![0i16; 16];
        acc[0] = -3;
        acc[1] = 10;
        acc[2] = 300;
        let mut w = vec![0i16; 16];
        w[0] = 7;
        w[1] = 3;
        w[2] = -2;
        assert_eq!(Simd::SCALAR.screlu_dot(&acc, &w), 100 * 3 + 255 * 255 * -2);
    }

    /// Wrong lengths panic on every implementation this processor has, before any loop runs
    /// (a release build once read and wrote out of bounds here).
    #[test]
    fn wrong_lengths_panic_rather_than_read_out_of_bounds() {
        use std::panic::catch_unwind;
        let kinds = [Some(Simd::SCALAR), Simd::avx2()];
        for simd in kinds.into_iter().flatten() {
            let short = vec![1i16; 16];
            let long = vec![1i16; 32];
            let odd = vec![1i16; 20];
            assert!(catch_unwind(|| simd.screlu_dot(&long, &short)).is_err());
            assert!(catch_unwind(|| simd.screlu_dot(&odd, &odd)).is_err());
            assert!(catch_unwind(|| simd.update(&mut long.clone(), &short, &[], &[])).is_err());
            assert!(
                catch_unwind(|| simd.update(&mut long.clone(), &long, &[&short], &[])).is_err()
            );
            assert!(
                catch_unwind(|| simd.update(&mut long.clone(), &long, &[], &[&short])).is_err()
            );
            assert!(catch_unwind(|| simd.update(&mut odd.clone(), &odd, &[], &[])).is_err());
            // The right lengths still run.
            let mut d = long.clone();
            simd.update(&mut d, &long, &[&long], &[]);
            assert_eq!(d, vec![2; 32]);
            assert_eq!(simd.screlu_dot(&long, &long), 32);
        }
    }
}
