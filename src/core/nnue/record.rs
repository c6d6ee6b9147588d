//! The training data's binary record: one position of up to 128 cells and 64 pieces with its
//! search score and game result, in 64 bytes (`tuning/NNUE.md` documents the layout).
//!
//! | bytes | what |
//! |---|---|
//! | 16 | occupied cells, a `u128` bit set (bit n: cell n) |
//! | 8 | colours, a `u64`: bit i set when the i-th piece (in cell order) is the second player's |
//! | 32 | types: the i-th piece's type in nibble i (low nibble first) |
//! | 2 | hands, first player's then second's: `type << 4 | count` (count 0: empty hand) |
//! | 1 | side to move: 0 first player, 1 second |
//! | 1 | result for the first player: 0 loss, 1 draw, 2 win |
//! | 2 | search score for the side to move, centipawns, `i16` |
//! | 2 | move number, `u16` |

/// Bytes in one record.
pub const RECORD_BYTES: usize = 64;
/// Most pieces a record holds.
pub const MAX_PIECES: usize = 64;
/// Most cells a record's board may have.
pub const MAX_CELLS: usize = 128;

/// One training position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    /// Occupied cells.
    pub occupied: u128,
    /// Bit i: the i-th piece in cell order belongs to the second player.
    pub colors: u64,
    /// The pieces' types, two a byte, low nibble first.
    pub types: [u8; 32],
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
    /// or 2) and the move number; an error when the position does not fit a record.
    pub fn new(
        pieces: &[Placed],
        hands: [&[(u8, u8)]; 2],
        stm: u8,
        score: i32,
        result: u8,
        fullmove: u32,
    ) -> Result<Record, String> {
        if pieces.len() > MAX_PIECES {
            return Err(format!(
                "{} pieces (a record holds {MAX_PIECES})",
                pieces.len()
            ));
        }
        let mut sorted = pieces.to_vec();
        sorted.sort_unstable();
        let mut r = Record {
            occupied: 0,
            colors: 0,
            types: [0; 32],
            hand: [0; 2],
            stm: stm.min(1),
            result: result.min(2),
            score: score.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            fullmove: fullmove.min(u16::MAX as u32) as u16,
        };
        for (i, &(cell, color, t)) in sorted.iter().enumerate() {
            if cell >= MAX_CELLS || t > 15 || color > 1 {
                return Err(format!(
                    "piece {t} of colour {color} on cell {cell} does not fit a record"
                ));
            }
            if r.occupied >> cell & 1 == 1 {
                return Err(format!("two pieces on cell {cell}"));
            }
            r.occupied |= 1 << cell;
            r.colors |= (color as u64) << i;
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

    /// The pieces, in cell order.
    pub fn pieces(&self) -> impl Iterator<Item = Placed> + '_ {
        let mut occ = self.occupied;
        (0..self.occupied.count_ones() as usize).map(move |i| {
            let cell = occ.trailing_zeros() as usize;
            occ &= occ - 1;
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

    /// The record as bytes.
    pub fn to_bytes(&self) -> [u8; RECORD_BYTES] {
        let mut b = [0u8; RECORD_BYTES];
        b[..16].copy_from_slice(&self.occupied.to_le_bytes());
        b[16..24].copy_from_slice(&self.colors.to_le_bytes());
        b[24..56].copy_from_slice(&self.types);
        b[56..58].copy_from_slice(&self.hand);
        b[58] = self.stm;
        b[59] = self.result;
        b[60..62].copy_from_slice(&self.score.to_le_bytes());
        b[62..64].copy_from_slice(&self.fullmove.to_le_bytes());
        b
    }

    /// Reads a record; an error when its bytes cannot be one (too many pieces, a side to
    /// move or result out of range, colour or type bits beyond its pieces).
    pub fn from_bytes(b: &[u8; RECORD_BYTES]) -> Result<Record, String> {
        let mut types = [0u8; 32];
        types.copy_from_slice(&b[24..56]);
        let r = Record {
            occupied: u128::from_le_bytes(b[..16].try_into().unwrap_or_default()),
            colors: u64::from_le_bytes(b[16..24].try_into().unwrap_or_default()),
            types,
            hand: [b[56], b[57]],
            stm: b[58],
            result: b[59],
            score: i16::from_le_bytes([b[60], b[61]]),
            fullmove: u16::from_le_bytes([b[62], b[63]]),
        };
        let n = r.occupied.count_ones() as usize;
        if n > MAX_PIECES {
            return Err(format!("{n} pieces (at most {MAX_PIECES})"));
        }
        if r.stm > 1 || r.result > 2 {
            return Err(format!(
                "side to move {} or result {} out of range",
                r.stm, r.result
            ));
        }
        if n < 64 && r.colors >> n != 0 {
            return Err("colour bits beyond the pieces".into());
        }
        let unused_types = (n..MAX_PIECES).any(|i| r.types[i / 2] >> (4 * (i % 2)) & 0xF != 0);
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
        let back = Record::from_bytes(&r.to_bytes()).unwrap();
        assert_eq!(back, r);
        let got: Vec<Placed> = back.pieces().collect();
        assert_eq!(got, vec![(0, 0, 15), (57, 0, 0), (99, 1, 3), (127, 1, 9)]);
        assert_eq!((back.hand(0), back.hand(1)), (Some((9, 1)), None));
        assert_eq!(
            (back.stm, back.result, back.score, back.fullmove),
            (1, 2, -123, 17)
        );
    }

    #[test]
    fn what_does_not_fit_is_refused() {
        assert!(Record::new(&[(128, 0, 1)], [&[], &[]], 0, 0, 1, 1).is_err());
        assert!(Record::new(&[(3, 0, 1), (3, 1, 2)], [&[], &[]], 0, 0, 1, 1).is_err());
        assert!(Record::new(&[], [&[(1, 1), (2, 1)], &[]], 0, 0, 1, 1).is_err());
        let many: Vec<Placed> = (0..65).map(|c| (c, 0, 1)).collect();
        assert!(Record::new(&many, [&[], &[]], 0, 0, 1, 1).is_err());
        let mut bad = Record::new(&[(5, 0, 1)], [&[], &[]], 0, 0, 1, 1)
            .unwrap()
            .to_bytes();
        bad[59] = 7;
        assert!(Record::from_bytes(&bad).is_err());
        let mut bits = Record::new(&[(5, 0, 1)], [&[], &[]], 0, 0, 1, 1)
            .unwrap()
            .to_bytes();
        bits[16] = 0b10;
        assert!(Record::from_bytes(&bits).is_err());
    }

    #[test]
    fn scores_beyond_i16_are_clamped() {
        let r = Record::new(&[], [&[], &[]], 0, 100_000, 1, 1).unwrap();
        assert_eq!(r.score, i16::MAX);
    }
}
