//! The training data's binary record: one position with its search score and game result,
//! in 64 bytes for boards of up to 128 cells and 64 pieces (the Kaissa family, Caïssa) or in
//! 128 for boards of up to 256 cells and 128 pieces (Jikaida's 12 x 18). A game's
//! [`super::inputs::NetInputs::record_bytes`] says which its data files hold; `tuning/NNUE.md`
//! documents both layouts.
//!
//! | 64 bytes | 128 bytes | what |
//! |---|---|---|
//! | 16 | 32 | occupied cells, a bit set (bit n: cell n), little-endian |
//! | 8 | 16 | colours: bit i set when the i-th piece (in cell order) is the second player's |
//! | 32 | 64 | types: the i-th piece's type in nibble i (low nibble first) |
//! | 2 | 2 | hands, first player's then second's: `type << 4 \| count` (count 0: empty hand) |
//! | 1 | 1 | side to move: 0 first player, 1 second |
//! | 1 | 1 | result for the first player: 0 loss, 1 draw, 2 win |
//! | 2 | 2 | search score for the side to move, centipawns, `i16` |
//! | 2 | 2 | move number, `u16` |
//! | | 8 | zero |

/// Bytes in one record of a board of up to [`MAX_CELLS`] cells.
pub const RECORD_BYTES: usize = 64;
/// Most pieces a 64-byte record holds.
pub const MAX_PIECES: usize = 64;
/// Most cells a 64-byte record's board may have.
pub const MAX_CELLS: usize = 128;
/// Bytes in one wide record, of a board of up to [`WIDE_MAX_CELLS`] cells.
pub const WIDE_RECORD_BYTES: usize = 128;
/// Most pieces a wide record holds.
pub const WIDE_MAX_PIECES: usize = 128;
/// Most cells a wide record's board may have.
pub const WIDE_MAX_CELLS: usize = 256;

/// One training position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    /// Occupied cells: bit n of word n / 128.
    pub occupied: [u128; 2],
    /// Bit i: the i-th piece in cell order belongs to the second player.
    pub colors: u128,
    /// The pieces' types, two a byte, low nibble first.
    pub types: [u8; 64],
    /// Each player's hand: `type << 4 | count`.
    pub hand: [u8; 2],
    /// 0 when the first player is to move, 1 the second.
    pub stm: u8,
    /// The game's result for the first player: 0 loss, 1 draw, 2 win.
    pub result: u8,
    /// The search's score for the side to move, centipawns.
    pub score: i16,
    /// The move number.
    pub fullmove: u16,
}

/// One piece of a record: (cell, colour 0 or 1, type).
pub type Placed = (usize, u8, u8);

impl Record {
    /// A record of the pieces `pieces` (in any order), each player's hand as (type, count)
    /// pairs, the side to move (0 or 1), its score, the result for the first player (0, 1
    /// or 2) and the move number; an error when the position does not fit a wide record.
    pub fn new(
        pieces: &[Placed],
        hands: [&[(u8, u8)]; 2],
        stm: u8,
        score: i32,
        result: u8,
        fullmove: u32,
    ) -> Result<Record, String> {
        if pieces.len() > WIDE_MAX_PIECES {
            return Err(format!(
                "{} pieces (a record holds {WIDE_MAX_PIECES})",
                pieces.len()
            ));
        }
        let mut sorted = pieces.to_vec();
        sorted.sort_unstable();
        let mut r = Record {
            occupied: [0; 2],
            colors: 0,
            types: [0; 64],
            hand: [0; 2],
            stm: stm.min(1),
            result: result.min(2),
            score: score.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            fullmove: fullmove.min(u16::MAX as u32) as u16,
        };
        for (i, &(cell, color, t)) in sorted.iter().enumerate() {
            if cell >= WIDE_MAX_CELLS || t > 15 || color > 1 {
                return Err(format!(
                    "piece {t} of colour {color} on cell {cell} does not fit a record"
                ));
            }
            if r.occupied[cell / 128] >> (cell % 128) & 1 == 1 {
                return Err(format!("two pieces on cell {cell}"));
            }
            r.occupied[cell / 128] |= 1 << (cell % 128);
            r.colors |= (color as u128) << i;
            r.types[i / 2] |= t << (4 * (i % 2));
        }
        for (c, hand) in hands.iter().enumerate() {
            let held: Vec<&(u8, u8)> = hand.iter().filter(|(_, n)| *n > 0).collect();
            match held[..] {
                [] => {}
                [&(t, n)] if t < 16 && n < 16 => r.hand[c] = t << 4 | n,
                _ => {
                    return Err(
                        "a hand of more than one type, or of 16 or more, does not fit a record"
                            .into(),
                    );
                }
            }
        }
        Ok(r)
    }

    /// The number of pieces.
    pub fn piece_count(&self) -> usize {
        (self.occupied[0].count_ones() + self.occupied[1].count_ones()) as usize
    }

    /// The pieces, in cell order.
    pub fn pieces(&self) -> impl Iterator<Item = Placed> + '_ {
        let mut occ = self.occupied;
        (0..self.piece_count()).map(move |i| {
            let w = usize::from(occ[0] == 0);
            let cell = w * 128 + occ[w].trailing_zeros() as usize;
            occ[w] &= occ[w] - 1;
            let color = (self.colors >> i & 1) as u8;
            let t = self.types[i / 2] >> (4 * (i % 2)) & 0xF;
            (cell, color, t)
        })
    }

    /// Player `color`'s hand as (type, count), or None when it is empty.
    pub fn hand(&self, color: usize) -> Option<(u8, u8)> {
        let h = self.hand[color];
        (h & 0xF != 0).then_some((h >> 4, h & 0xF))
    }

    /// The record as `size` bytes ([`RECORD_BYTES`] or [`WIDE_RECORD_BYTES`]); an error when
    /// it does not fit that size.
    pub fn to_bytes(&self, size: usize) -> Result<Vec<u8>, String> {
        let n = self.piece_count();
        let (cells, pieces) = match size {
            RECORD_BYTES => (16, 8),
            WIDE_RECORD_BYTES => (32, 16),
            _ => return Err(format!("no record has {size} bytes")),
        };
        if size == RECORD_BYTES && (self.occupied[1] != 0 || n > MAX_PIECES) {
            return Err(format!(
                "{n} pieces up to cell {}: a {RECORD_BYTES}-byte record holds {MAX_PIECES} on {MAX_CELLS} cells",
                self.pieces().last().map_or(0, |p| p.0)
            ));
        }
        let mut b = Vec::with_capacity(size);
        b.extend_from_slice(&self.occupied[0].to_le_bytes());
        if cells == 32 {
            b.extend_from_slice(&self.occupied[1].to_le_bytes());
        }
        b.extend_from_slice(&self.colors.to_le_bytes()[..pieces]);
        b.extend_from_slice(&self.types[..size / 4 * 2]);
        b.extend_from_slice(&self.hand);
        b.push(self.stm);
        b.push(self.result);
        b.extend_from_slice(&self.score.to_le_bytes());
        b.extend_from_slice(&self.fullmove.to_le_bytes());
        b.resize(size, 0);
        Ok(b)
    }

    /// Every record of a binary data file's `bytes`, `size` bytes each ([`RECORD_BYTES`] or
    /// [`WIDE_RECORD_BYTES`]); an error names the record, counted from 1, that cannot be read
    /// or is cut short.
    pub fn read_all(bytes: &[u8], size: usize) -> Result<Vec<Record>, String> {
        if !bytes.len().is_multiple_of(size) {
            return Err(format!(
                "{} bytes is not a whole number of {size}-byte records (record {} is cut short)",
                bytes.len(),
                bytes.len() / size + 1
            ));
        }
        bytes
            .chunks_exact(size)
            .enumerate()
            .map(|(i, b)| Record::from_bytes(b).map_err(|e| format!("record {}: {e}", i + 1)))
            .collect()
    }

    /// Reads a record of [`RECORD_BYTES`] or [`WIDE_RECORD_BYTES`] bytes; an error when its
    /// bytes cannot be one (too many pieces, a side to move or result out of range, colour or
    /// type bits beyond its pieces, a wide record's last bytes not zero).
    pub fn from_bytes(b: &[u8]) -> Result<Record, String> {
        let (cells, pieces, max) = match b.len() {
            RECORD_BYTES => (16, 8, MAX_PIECES),
            WIDE_RECORD_BYTES => (32, 16, WIDE_MAX_PIECES),
            n => return Err(format!("{n} bytes is no record")),
        };
        let word = |at: usize, len: usize| {
            let mut w = [0u8; 16];
            w[..len].copy_from_slice(&b[at..at + len]);
            u128::from_le_bytes(w)
        };
        let occupied = [word(0, 16), if cells == 32 { word(16, 16) } else { 0 }];
        let colors = word(cells, pieces);
        let at = cells + pieces;
        let tlen = b.len() / 4 * 2;
        let mut types = [0u8; 64];
        types[..tlen].copy_from_slice(&b[at..at + tlen]);
        let at = at + tlen;
        let r = Record {
            occupied,
            colors,
            types,
            hand: [b[at], b[at + 1]],
            stm: b[at + 2],
            result: b[at + 3],
            score: i16::from_le_bytes([b[at + 4], b[at + 5]]),
            fullmove: u16::from_le_bytes([b[at + 6], b[at + 7]]),
        };
        if b[at + 8..].iter().any(|&x| x != 0) {
            return Err("the record's last bytes are not zero".into());
        }
        let n = r.piece_count();
        if n > max {
            return Err(format!("{n} pieces (at most {max})"));
        }
        if r.stm > 1 || r.result > 2 {
            return Err(format!(
                "side to move {} or result {} out of range",
                r.stm, r.result
            ));
        }
        if n < 128 && r.colors >> n != 0 {
            return Err("colour bits beyond the pieces".into());
        }
        let unused_types = (n..WIDE_MAX_PIECES).any(|i| r.types[i / 2] >> (4 * (i % 2)) & 0xF != 0);
        if unused_types {
            return Err("type bits beyond the pieces".into());
        }
        Ok(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_reads_back_as_written() {
        let pieces = [(99, 1, 3), (0, 0, 15), (57, 0, 0), (127, 1, 9)];
        let r = Record::new(&pieces, [&[(9, 1)], &[]], 1, -123, 2, 17).unwrap();
        for size in [RECORD_BYTES, WIDE_RECORD_BYTES] {
            let bytes = r.to_bytes(size).unwrap();
            assert_eq!(bytes.len(), size);
            let back = Record::from_bytes(&bytes).unwrap();
            assert_eq!(back, r);
            let got: Vec<Placed> = back.pieces().collect();
            assert_eq!(got, vec![(0, 0, 15), (57, 0, 0), (99, 1, 3), (127, 1, 9)]);
            assert_eq!((back.hand(0), back.hand(1)), (Some((9, 1)), None));
            assert_eq!(
                (back.stm, back.result, back.score, back.fullmove),
                (1, 2, -123, 17)
            );
        }
    }

    #[test]
    fn a_wide_record_holds_a_jikaida_board() {
        let pieces: Vec<Placed> = (0..72)
            .map(|i| (i * 3, (i % 2) as u8, (i % 12) as u8))
            .collect();
        let r = Record::new(&pieces, [&[(0, 1)], &[(0, 1)]], 0, 55, 1, 40).unwrap();
        assert!(r.to_bytes(RECORD_BYTES).is_err());
        let back = Record::from_bytes(&r.to_bytes(WIDE_RECORD_BYTES).unwrap()).unwrap();
        assert_eq!(back, r);
        assert_eq!(back.pieces().collect::<Vec<_>>(), pieces);
        let mut tail = r.to_bytes(WIDE_RECORD_BYTES).unwrap();
        tail[127] = 1;
        assert!(Record::from_bytes(&tail).is_err());
    }

    #[test]
    fn what_does_not_fit_is_refused() {
        assert!(Record::new(&[(256, 0, 1)], [&[], &[]], 0, 0, 1, 1).is_err());
        assert!(Record::new(&[(3, 0, 1), (3, 1, 2)], [&[], &[]], 0, 0, 1, 1).is_err());
        assert!(Record::new(&[], [&[(1, 1), (2, 1)], &[]], 0, 0, 1, 1).is_err());
        let many: Vec<Placed> = (0..129).map(|c| (c, 0, 1)).collect();
        assert!(Record::new(&many, [&[], &[]], 0, 0, 1, 1).is_err());
        let narrow: Vec<Placed> = (0..65).map(|c| (c, 0, 1)).collect();
        let r = Record::new(&narrow, [&[], &[]], 0, 0, 1, 1).unwrap();
        assert!(r.to_bytes(RECORD_BYTES).is_err());
        assert!(r.to_bytes(100).is_err());
        assert!(Record::from_bytes(&[0; 100]).is_err());
        let mut bad = Record::new(&[(5, 0, 1)], [&[], &[]], 0, 0, 1, 1)
            .unwrap()
            .to_bytes(RECORD_BYTES)
            .unwrap();
        bad[59] = 7;
        assert!(Record::from_bytes(&bad).is_err());
        let mut bits = Record::new(&[(5, 0, 1)], [&[], &[]], 0, 0, 1, 1)
            .unwrap()
            .to_bytes(RECORD_BYTES)
            .unwrap();
        bits[16] = 0b10;
        assert!(Record::from_bytes(&bits).is_err());
    }

    #[test]
    fn scores_beyond_i16_are_clamped() {
        let r = Record::new(&[], [&[], &[]], 0, 100_000, 1, 1).unwrap();
        assert_eq!(r.score, i16::MAX);
    }
}
