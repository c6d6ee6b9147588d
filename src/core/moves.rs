//! Moves: a compact 32-bit encoding every game shares. Each game writes and reads them in its
//! own notation (the Kaissa family's is `games::kaissa::game::MoveText`).

/// A move: a piece moving from one cell to another (possibly promoting), or a drop.
///
/// Bits 0-9 hold the origin (or, for a drop, the dropped type), bits 10-19 the target,
/// bits 20-24 the promotion type plus one (0: none), bit 25 marks a drop, bit 26 the pass.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Move(u32);

const DROP: u32 = 1 << 25;

impl Move {
    /// The null move: moves nothing; never legal, used as "no move".
    pub const NULL: Move = Move(0);

    /// The pass of games that allow one when a player has no other move (Caïssa), written
    /// `0000`.
    pub const PASS: Move = Move(1 << 26);

    /// A piece moving from `from` to `to`.
    #[inline(always)]
    pub fn normal(from: usize, to: usize) -> Move {
        Move(from as u32 | (to as u32) << 10)
    }

    /// A piece moving from `from` to `to` and becoming type `ptype`.
    #[inline(always)]
    pub fn promotion(from: usize, to: usize, ptype: u8) -> Move {
        Move(from as u32 | (to as u32) << 10 | (ptype as u32 + 1) << 20)
    }

    /// A piece of type `ptype` placed from the hand on `to`.
    #[inline(always)]
    pub fn drop(ptype: u8, to: usize) -> Move {
        Move(ptype as u32 | (to as u32) << 10 | DROP)
    }

    /// The origin cell (meaningless for drops).
    #[inline(always)]
    pub fn from(self) -> usize {
        (self.0 & 0x3FF) as usize
    }

    /// The target cell.
    #[inline(always)]
    pub fn to(self) -> usize {
        ((self.0 >> 10) & 0x3FF) as usize
    }

    /// The type a promoting piece becomes.
    #[inline(always)]
    pub fn promotes_to(self) -> Option<u8> {
        match (self.0 >> 20) & 0x1F {
            0 => None,
            n => Some(n as u8 - 1),
        }
    }

    /// True for a drop.
    #[inline(always)]
    pub fn is_drop(self) -> bool {
        self.0 & DROP != 0
    }

    /// The dropped type, for a drop.
    #[inline(always)]
    pub fn drop_type(self) -> u8 {
        (self.0 & 0x3FF) as u8
    }

    /// The raw encoding (for hash tables).
    pub fn raw(self) -> u32 {
        self.0
    }

    /// A move from its raw encoding (as stored by [`Move::raw`]).
    pub fn from_raw(raw: u32) -> Move {
        Move(raw)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_round_trip() {
        let m = Move::promotion(1023, 517, 15);
        assert_eq!((m.from(), m.to(), m.promotes_to()), (1023, 517, Some(15)));
        assert!(!m.is_drop());
        let d = Move::drop(10, 99);
        assert!(d.is_drop());
        assert_eq!((d.drop_type(), d.to(), d.promotes_to()), (10, 99, None));
        assert_eq!(Move::normal(3, 4).promotes_to(), None);
    }
}
