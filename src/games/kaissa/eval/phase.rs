//! The game phase: how far the game has gone from the middlegame towards the endgame, read
//! from the non-pawn material left on the board, and the pair of middlegame and endgame scores
//! the evaluation blends by it (a tapered evaluation).

use crate::core::bitboard::Bitboard;
use crate::games::kaissa::game::Game;

/// The phase of the full middlegame (all of the start's non-pawn material on the board).
pub const FULL: i32 = 256;

/// A score in the middlegame and in the endgame, in centipawns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Phased {
    pub mg: i32,
    pub eg: i32,
}

impl Phased {
    /// Adds a term that weighs the same in every phase.
    #[inline(always)]
    pub fn add(&mut self, v: i32) {
        self.mg += v;
        self.eg += v;
    }

    /// The sum of two phased scores.
    #[inline(always)]
    pub fn plus(self, o: Phased) -> Phased {
        Phased {
            mg: self.mg + o.mg,
            eg: self.eg + o.eg,
        }
    }

    /// The difference of two phased scores.
    #[inline(always)]
    pub fn minus(self, o: Phased) -> Phased {
        Phased {
            mg: self.mg - o.mg,
            eg: self.eg - o.eg,
        }
    }

    /// The score at `phase` (0 ..= [`FULL`]): the middlegame's share `phase / FULL`, the
    /// endgame's the rest. Equal halves give that value exactly.
    #[inline(always)]
    pub fn blend(self, phase: i32) -> i32 {
        (self.mg * phase + self.eg * (FULL - phase)) / FULL
    }
}

/// The phase with `material` non-pawn material on the board out of the start's `start`:
/// [`FULL`] at the start (or above it, after promotions), 0 with none; [`FULL`] always for a
/// game that starts with no such material.
#[inline(always)]
pub fn of(material: i32, start: i32) -> i32 {
    if start <= 0 {
        return FULL;
    }
    (material.max(0) * FULL / start).min(FULL)
}

/// Both sides' non-pawn material in the game's start position, from its FEN's piece letters
/// (`value` by piece type; pawns and royal pieces, valued 0, do not count).
pub fn start_material<B: Bitboard>(game: &Game<B>, value: &[i32]) -> i32 {
    let placement = game.def.start_fen.split([' ', '[']).next().unwrap_or("");
    placement
        .chars()
        .filter(|c| c.is_ascii_alphabetic())
        .filter_map(|c| {
            let t = game
                .pieces
                .iter()
                .position(|p| p.letter == c.to_ascii_uppercase())?;
            (!game.pieces[t].pawn).then_some(value[t])
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::kaissa::builtin;
    use crate::games::kaissa::eval::EvalTables;
    use std::sync::Arc;

    #[test]
    fn equal_halves_blend_to_themselves_and_the_ends_to_each_half() {
        for v in [-1001, -7, 0, 3, 999] {
            let p = Phased { mg: v, eg: v };
            for phase in 0..=FULL {
                assert_eq!(p.blend(phase), v);
            }
        }
        let p = Phased { mg: 100, eg: -60 };
        assert_eq!(p.blend(FULL), 100);
        assert_eq!(p.blend(0), -60);
        assert_eq!(p.blend(FULL / 2), 20);
    }

    #[test]
    fn phase_runs_from_full_at_the_start_to_zero_without_pieces() {
        assert_eq!(of(5000, 5000), FULL);
        assert_eq!(of(6000, 5000), FULL);
        assert_eq!(of(2500, 5000), FULL / 2);
        assert_eq!(of(0, 5000), 0);
        assert_eq!(of(100, 0), FULL);
    }

    /// The start material counts every non-pawn, non-royal piece of both sides, and a game
    /// that has just begun is in the full middlegame.
    #[test]
    fn start_position_is_full_middlegame() {
        for name in ["merchants", "kaissa", "gorean", "donkey"] {
            let g = Arc::new(Game::<u128>::new(&builtin::def(name)).unwrap());
            let t = EvalTables::for_game(&g);
            let start = start_material(&g, &t.value);
            let pos = g.start_position();
            let on_board: i32 = (0..g.types())
                .filter(|&t| !g.pieces[t].pawn)
                .map(|p| {
                    crate::core::geometry::Color::BOTH
                        .iter()
                        .map(|&c| pos.pieces(c, p as u8).count() as i32 * t.value[p])
                        .sum::<i32>()
                })
                .sum();
            assert!(start > 0, "{name}");
            assert_eq!(start, on_board, "{name}");
            assert_eq!(t.phase(on_board), FULL, "{name}");
        }
    }
}
