//! A quantised network: its weights, its file format, and the output computed from two
//! accumulators.
//!
//! The file (little-endian throughout):
//!
//! | bytes | what |
//! |---|---|
//! | 4 | `KNUE` |
//! | 4 | format version, 1 |
//! | 4 | inputs F |
//! | 4 | hidden width H (a multiple of 16) |
//! | 2 + n | the net's name, UTF-8, length first |
//! | 2 + n | the feature set it reads, UTF-8, length first (the game's, e.g. `kaissa merchants UATSBIRXPH 10x10 hand 2`) |
//! | 2 F H | first-layer weights, `i16`, one row of H per input |
//! | 2 H | first-layer biases, `i16` |
//! | 4 H | output weights, `i16`, the side to move's half first |
//! | 4 | output bias, `i32` |
//! | 8 | FNV-1a 64 of every byte before it |
//!
//! A file that breaks any of this, or whose output weights could overflow the sums, is
//! refused with a one-line reason.

use super::simd::Simd;
use super::{QA, QB, SCALE};

/// The file's first bytes.
const MAGIC: &[u8; 4] = b"KNUE";
/// The format version this code reads and writes.
const VERSION: u32 = 1;
/// Largest file accepted (a net of a few hundred KiB is usual).
pub const MAX_FILE_BYTES: usize = 64 << 20;
/// Largest hidden width accepted.
const MAX_HIDDEN: usize = 2048;
/// Largest input count accepted.
const MAX_INPUTS: usize = 1 << 16;

/// A quantised network ready to evaluate.
#[derive(Clone, Debug)]
pub struct Network {
    /// Its name, as `eval` reports it (`merchants-1`).
    pub name: String,
    /// The feature set it reads: a game accepts a net only when this equals its own.
    pub features: String,
    /// Inputs F.
    pub inputs: usize,
    /// Hidden width H per perspective.
    pub hidden: usize,
    /// `w1[f * H + i]`: input f's weight to hidden unit i.
    w1: Vec<i16>,
    /// First-layer biases.
    b1: Vec<i16>,
    /// Output weights: the side to move's H, then the other side's H.
    w2: Vec<i16>,
    /// Output bias, in units of 1/(QA QB).
    b2: i32,
    /// The loops' implementation.
    simd: Simd,
}

/// FNV-1a 64 of `bytes`: the file's checksum.
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h = 0xCBF2_9CE4_8422_2325u64;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01B3);
    }
    h
}

/// Reads a file front to back, each read checked against what is left.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize, what: &str) -> Result<&'a [u8], String> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let Some(end) = end else {
            return Err(format!("truncated at byte {} (reading {what})", self.at));
        };
        let s = &self.bytes[self.at..end];
        self.at = end;
        Ok(s)
    }

    fn u16(&mut self, what: &str) -> Result<u16, String> {
        Ok(u16::from_le_bytes(
            self.take(2, what)?.try_into().unwrap_or_default(),
        ))
    }

    fn u32(&mut self, what: &str) -> Result<u32, String> {
        Ok(u32::from_le_bytes(
            self.take(4, what)?.try_into().unwrap_or_default(),
        ))
    }

    fn text(&mut self, what: &str) -> Result<String, String> {
        let n = self.u16(what)? as usize;
        let b = self.take(n, what)?;
        String::from_utf8(b.to_vec()).map_err(|_| format!("{what} is not UTF-8"))
    }

    fn i16s(&mut self, n: usize, what: &str) -> Result<Vec<i16>, String> {
        let b = self.take(n * 2, what)?;
        Ok(b.chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect())
    }
}

/// Reads the net of a file's bytes for `game`, whose nets read `description` with `inputs`
/// inputs: an error when the bytes are not a net or the net is for another game or shape.
pub fn net_for(
    bytes: &[u8],
    game: &str,
    description: &str,
    inputs: usize,
) -> Result<std::sync::Arc<Network>, String> {
    let net = Network::from_bytes(bytes)?;
    if net.features != description || net.inputs != inputs {
        return Err(format!(
            "the net reads \"{}\" ({} inputs), {game} needs \"{description}\" ({inputs} inputs)",
            net.features, net.inputs
        ));
    }
    Ok(std::sync::Arc::new(net))
}

impl Network {
    /// A network from its parts, checked as a file is.
    pub fn from_parts(
        name: &str,
        features: &str,
        (inputs, hidden): (usize, usize),
        w1: Vec<i16>,
        b1: Vec<i16>,
        w2: Vec<i16>,
        b2: i32,
    ) -> Result<Network, String> {
        if hidden == 0 || hidden % 16 != 0 || hidden > MAX_HIDDEN {
            return Err(format!(
                "hidden width {hidden} is not a multiple of 16 from 16 to {MAX_HIDDEN}"
            ));
        }
        if inputs == 0 || inputs > MAX_INPUTS {
            return Err(format!("{inputs} inputs (1 to {MAX_INPUTS} allowed)"));
        }
        if w1.len() != inputs * hidden || b1.len() != hidden || w2.len() != 2 * hidden {
            return Err("the weights do not match the stated sizes".into());
        }
        // The dot product takes clamp(acc) * w in i16 (exact only for |w| <= 128) and sums
        // 2H terms of at most QA * QA * |w| in i32.
        let max_w = w2.iter().map(|w| (*w as i32).abs()).max().unwrap_or(0);
        if max_w > 128 || (2 * hidden as i64) * (QA * QA) as i64 * max_w as i64 > i32::MAX as i64 {
            return Err(format!(
                "output weights up to {max_w} could overflow the output sum (at most {} for width {hidden})",
                (i32::MAX as i64 / (2 * hidden as i64 * (QA * QA) as i64)).min(128)
            ));
        }
        Ok(Network {
            name: name.to_string(),
            features: features.to_string(),
            inputs,
            hidden,
            w1,
            b1,
            w2,
            b2,
            simd: Simd::detect(),
        })
    }

    /// Its weights as stored: first-layer rows, first-layer biases, output weights (units
    /// of 1/[`QA`], 1/[`QA`], 1/[`QB`]) and the output bias (units of 1/([`QA`] [`QB`])): a
    /// trainer's start from a net.
    pub fn weights(&self) -> (&[i16], &[i16], &[i16], i32) {
        (&self.w1, &self.b1, &self.w2, self.b2)
    }

    /// Reads a network file (see the module's table); the reason in one line when it is
    /// not one.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, String> {
        if bytes.len() > MAX_FILE_BYTES {
            return Err(format!(
                "{} bytes: larger than any net ({} MiB at most)",
                bytes.len(),
                MAX_FILE_BYTES >> 20
            ));
        }
        if bytes.len() < 8 || &bytes[..4] != MAGIC {
            return Err("not a kaissa network file (it does not start with KNUE)".into());
        }
        let (body, sum) = bytes.split_at(bytes.len() - 8);
        let mut r = Reader { bytes: body, at: 4 };
        let version = r.u32("version")?;
        if version != VERSION {
            return Err(format!(
                "format version {version} (this engine reads {VERSION})"
            ));
        }
        let inputs = r.u32("inputs")? as usize;
        let hidden = r.u32("hidden width")? as usize;
        if inputs > MAX_INPUTS || hidden > MAX_HIDDEN {
            return Err(format!("sizes {inputs} x {hidden} are out of range"));
        }
        let name = r.text("name")?;
        let features = r.text("feature set")?;
        let w1 = r.i16s(inputs * hidden, "first-layer weights")?;
        let b1 = r.i16s(hidden, "first-layer biases")?;
        let w2 = r.i16s(2 * hidden, "output weights")?;
        let b2 = r.u32("output bias")? as i32;
        if r.at != body.len() {
            return Err(format!("{} bytes too many", body.len() - r.at));
        }
        let want = u64::from_le_bytes(sum.try_into().unwrap_or_default());
        if fnv1a(body) != want {
            return Err("checksum mismatch: the file is damaged".into());
        }
        Network::from_parts(&name, &features, (inputs, hidden), w1, b1, w2, b2)
    }

    /// The network as a file (see the module's table).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(64 + 2 * (self.w1.len() + 3 * self.hidden));
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&(self.inputs as u32).to_le_bytes());
        out.extend_from_slice(&(self.hidden as u32).to_le_bytes());
        for s in [&self.name, &self.features] {
            out.extend_from_slice(&(s.len() as u16).to_le_bytes());
            out.extend_from_slice(s.as_bytes());
        }
        for w in self.w1.iter().chain(&self.b1).chain(&self.w2) {
            out.extend_from_slice(&w.to_le_bytes());
        }
        out.extend_from_slice(&self.b2.to_le_bytes());
        let sum = fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Input `f`'s weights to the hidden layer (H of them).
    #[inline(always)]
    pub fn column(&self, f: usize) -> &[i16] {
        &self.w1[f * self.hidden..(f + 1) * self.hidden]
    }

    /// The first-layer biases: the accumulator of an empty input.
    #[inline(always)]
    pub fn biases(&self) -> &[i16] {
        &self.b1
    }

    /// The loops' implementation this net runs.
    #[inline(always)]
    pub fn simd(&self) -> Simd {
        self.simd
    }

    /// Runs the scalar loops from now on (tests compare them with the SIMD ones).
    pub fn force_scalar(&mut self) {
        self.simd = Simd::SCALAR;
    }

    /// The evaluation in centipawns for the side whose accumulator is `us`, `them` the
    /// other side's.
    #[inline]
    pub fn output(&self, us: &[i16], them: &[i16]) -> i32 {
        let h = self.hidden;
        let sum = self
            .simd
            .screlu_dot(us, &self.w2[..h])
            .wrapping_add(self.simd.screlu_dot(them, &self.w2[h..]));
        // sum is in units of QA * QA * QB; bring it to QA * QB, add the bias, scale.
        let raw = sum / QA + self.b2;
        (raw as i64 * SCALE as i64 / (QA * QB) as i64) as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny() -> Network {
        let (f, h) = (3, 16);
        let w1 = (0..f * h).map(|i| (i as i16 % 7) * 20 - 60).collect();
        let b1 = (0..h).map(|i| i as i16 * 10).collect();
        let w2 = (0..2 * h).map(|i| (i as i16 % 9) * 10 - 40).collect();
        Network::from_parts("tiny", "test 3", (f, h), w1, b1, w2, 1234).unwrap()
    }

    #[test]
    fn a_file_reads_back_as_the_same_network() {
        let n = tiny();
        let m = Network::from_bytes(&n.to_bytes()).unwrap();
        assert_eq!((m.name.as_str(), m.features.as_str()), ("tiny", "test 3"));
        assert_eq!((m.w1, m.b1, m.w2, m.b2), (n.w1, n.b1, n.w2, n.b2));
    }

    #[test]
    fn damaged_files_are_refused_with_a_reason() {
        let good = tiny().to_bytes();
        let cases: Vec<(Vec<u8>, &str)> = vec![
            (Vec::new(), "KNUE"),
            (b"hello world, not a net".to_vec(), "KNUE"),
            (good[..good.len() / 2].to_vec(), "truncated"),
            (good[..good.len() - 3].to_vec(), ""),
            ([&good[..], &[0u8; 10]].concat(), ""),
            (vec![0xAB; MAX_FILE_BYTES + 1], "larger"),
        ];
        for (bytes, want) in cases {
            let e = Network::from_bytes(&bytes).unwrap_err();
            assert!(e.contains(want), "{e}");
            assert!(!e.contains('\n'));
        }
        let mut flipped = good.clone();
        flipped[40] ^= 1;
        assert!(
            Network::from_bytes(&flipped)
                .unwrap_err()
                .contains("checksum")
        );
        let mut version = good;
        version[4] = 9;
        assert!(
            Network::from_bytes(&version)
                .unwrap_err()
                .contains("version")
        );
    }

    #[test]
    fn output_weights_that_could_overflow_are_refused() {
        let h = 16;
        let big = vec![129i16; 2 * h];
        let e = Network::from_parts("x", "y", (1, h), vec![0; h], vec![0; h], big, 0);
        assert!(e.unwrap_err().contains("overflow"));
    }

    #[test]
    fn output_is_the_scaled_dot_product() {
        let n = tiny();
        let us = vec![100i16; 16];
        let them = vec![0i16; 16];
        let dot: i32 = n.w2[..16].iter().map(|&w| 100 * 100 * w as i32).sum();
        let want = ((dot / QA + n.b2) as i64 * SCALE as i64 / (QA * QB) as i64) as i32;
        assert_eq!(n.output(&us, &them), want);
    }
}
