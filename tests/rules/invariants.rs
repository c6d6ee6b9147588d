//! Invariants of the engine that hold in every position of every rule set, checked on seeded
//! random games rather than on hand-picked positions:
//!
//! 1. make + unmake restores the whole position (FEN, keys, bitboards, hands, clocks, first-move
//!    rights), and after every make the incremental key equals the key computed from scratch;
//! 2. FEN round trip: reading `to_fen()` back gives the same FEN, key and legal moves (gorean
//!    games, whose Spearmen step sideways, exercise the seventh, unmoved-cells field);
//! 3. generated moves are unique and `parse_move` finds each of them, and refuses anything else;
//! 4. perft equals the sum of divide and a naive count that plays every leaf;
//! 5. malformed FEN (hand-written and thousands of seeded mutations) returns `Err`, never panics;
//! 6. malformed variants files return a one-line `Err`, never panic, and leave the registry alone;
//! 7. results do not depend on the bitboard width (`u64`, `u128`, `Wide<4>`, `Wide<16>`);
//! 8. the search's estimate of a losing capture agrees with the opponent's replies;
//! 9. the search's estimate of the material a quiet move loses agrees with the exchange on
//!    its cell;
//! 10. the structure key of the correction history follows the pawns and Home Stones only;
//! 11. a quiet move told to attack no Home Stone without being made attacks none once made,
//!     and the attack test of one cell agrees with the attackers' whole reach.
//!
//! Known engine bugs are kept as `#[ignore]`d tests that demonstrate them (see `bugs`).
//! The tests live in `tests/rules/invariants/`; this file holds the helpers they share.

mod bugs;
mod danger;
mod exchange;
mod fen;
mod moves;
mod quiet_loss;
mod structure;
mod variants;
mod width;

use kaissa::core::bitboard::Bitboard;
use kaissa::core::geometry::Color;
use kaissa::core::moves::Move;
use kaissa::games::kaissa::game::{Game, MoveText};
use kaissa::games::kaissa::position::Position;
use kaissa::games::variants::Registry;
use std::sync::Arc;

/// The built-in rule sets of docs/RULES.md §1, and Donkey Kaissa (docs/DONKEY.md).
pub const VARIANTS: [&str; 6] = ["merchants", "northern", "gc", "gorean", "kaissa", "donkey"];

/// The crate's SplitMix64 ([`kaissa::core::rng::splitmix64`]), seeded: every run plays the
/// same games.
pub struct Rng(u64);

impl Rng {
    /// A generator for `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x5DEE_CE66_D1CE_4E5B)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        kaissa::core::rng::splitmix64(&mut self.0)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// One element of a non-empty slice.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// A built-in rule set compiled for bitboard width `B`.
pub fn game<B: Bitboard>(name: &str) -> Arc<Game<B>> {
    let def = Registry::builtin().get(name, &[]).unwrap();
    Arc::new(Game::<B>::new(&def).unwrap())
}

/// The legal moves of a position.
pub fn legal<B: Bitboard>(pos: &Position<B>) -> Vec<Move> {
    let mut list = Vec::new();
    pos.generate(&mut list);
    list
}

/// The legal moves of a position as sorted text.
pub fn sorted_texts<B: Bitboard>(pos: &Position<B>) -> Vec<String> {
    let mut v: Vec<String> = legal(pos).iter().map(|m| m.to_text(pos.game())).collect();
    v.sort();
    v
}

/// Plays one seeded random game of at most `max_plies` plies from `start`, calling `visit` on
/// every position reached (the start and the last one included). Stops when no move is left.
pub fn random_game<B: Bitboard>(
    start: Position<B>,
    rng: &mut Rng,
    max_plies: usize,
    mut visit: impl FnMut(&mut Position<B>),
) -> Position<B> {
    let mut pos = start;
    for ply in 0..=max_plies {
        visit(&mut pos);
        if ply == max_plies {
            break;
        }
        let list = legal(&pos);
        if list.is_empty() {
            break;
        }
        pos.make(choose(&pos, &list, rng));
    }
    pos
}

/// Picks a move at random, favouring progress so that games reach promotions: half the time
/// a promotion if there is one, else a third of the time a pawn-like piece's move.
pub fn choose<B: Bitboard>(pos: &Position<B>, list: &[Move], rng: &mut Rng) -> Move {
    let promotions: Vec<Move> = list
        .iter()
        .copied()
        .filter(|m| m.promotes_to().is_some())
        .collect();
    if !promotions.is_empty() && rng.below(2) == 0 {
        return *rng.pick(&promotions);
    }
    if rng.below(3) == 0 {
        let pawn_moves: Vec<Move> = list
            .iter()
            .copied()
            .filter(|m| {
                !m.is_drop()
                    && pos
                        .piece_at(m.from())
                        .is_some_and(|(_, t)| pos.game().pieces[t as usize].pawn)
            })
            .collect();
        if !pawn_moves.is_empty() {
            return *rng.pick(&pawn_moves);
        }
    }
    *rng.pick(list)
}

/// A random position `plies` plies into a seeded random game (earlier if the game ends).
pub fn random_position<B: Bitboard>(game: &Arc<Game<B>>, seed: u64, plies: usize) -> String {
    let mut rng = Rng::new(seed);
    random_game(game.start_position(), &mut rng, plies, |_| {}).to_fen()
}

/// Everything a position holds, for comparing before make and after unmake.
#[derive(Debug, PartialEq, Eq)]
pub struct Snapshot<B> {
    fen: String,
    key: u64,
    repetition_key: u64,
    side: Color,
    halfmove: u32,
    fullmove: u32,
    plies: usize,
    unmoved: B,
    occupied: B,
    by_color: [B; 2],
    by_type: Vec<B>,
    hands: Vec<u8>,
    cells: Vec<Option<(Color, u8)>>,
}

impl<B: Bitboard> Snapshot<B> {
    /// Takes a snapshot of `pos`.
    pub fn of(pos: &Position<B>) -> Snapshot<B> {
        let g = pos.game();
        let types = 0..g.types() as u8;
        let both = || Color::BOTH.into_iter();
        Snapshot {
            fen: pos.to_fen(),
            key: pos.key(),
            repetition_key: pos.repetition_key(),
            side: pos.side_to_move(),
            halfmove: pos.halfmove_clock(),
            fullmove: pos.fullmove(),
            plies: pos.ply_count(),
            unmoved: pos.unmoved(),
            occupied: pos.occupied(),
            by_color: [
                pos.occupied_by(Color::First),
                pos.occupied_by(Color::Second),
            ],
            by_type: both()
                .flat_map(|c| types.clone().map(move |t| pos.pieces(c, t)))
                .collect(),
            hands: both()
                .flat_map(|c| types.clone().map(move |t| pos.in_hand(c, t)))
                .collect(),
            cells: (0..g.board.cell_count()).map(|c| pos.piece_at(c)).collect(),
        }
    }

    /// The snapshot without what only the move history holds (the number of moves to take
    /// back), for comparing a position with its FEN read back.
    pub fn without_history(self) -> Snapshot<B> {
        Snapshot { plies: 0, ..self }
    }
}

/// Checks that the board array, the bitboards and the key of `pos` agree with each other.
pub fn assert_consistent<B: Bitboard>(pos: &Position<B>, context: &str) {
    let g = pos.game();
    let cells = g.board.cell_count();
    let mut occupied = B::EMPTY;
    for c in 0..cells {
        for color in Color::BOTH {
            for t in 0..g.types() as u8 {
                let here = pos.pieces(color, t).has(c);
                assert_eq!(
                    here,
                    pos.piece_at(c) == Some((color, t)),
                    "{context}: bitboard and board disagree on cell {}",
                    g.board.name(c)
                );
            }
        }
        if pos.piece_at(c).is_some() {
            occupied.set(c);
        }
    }
    assert_eq!(pos.occupied(), occupied, "{context}: occupied()");
    assert_eq!(
        pos.occupied_by(Color::First) & pos.occupied_by(Color::Second),
        B::EMPTY,
        "{context}: a cell held by both colours"
    );
    assert_eq!(
        pos.unmoved() & !pos.occupied(),
        B::EMPTY,
        "{context}: an empty cell counts as unmoved"
    );
    assert_eq!(pos.key(), pos.compute_key(), "{context}: incremental key");
}

/// A small custom game of 49 cells (it fits a `u64`): a king and a Home-Stone-like piece that
/// is dropped, Pawns with a double first step and an optional promotion, a limited rook, a
/// knight with a quiet step in its own half, and a lame leaper.
pub const MINI: &str = r#"
[[variant]]
name = "mini"
description = "A 7 x 7 test game"
files = 7
ranks = 7
start_fen = "rnlklnr/ppppppp/7/7/7/PPPPPPP/RNLKLNR[Hh] w - - 0 1"
pieces = [
  { letter = "K", name = "King", betza = "K" },
  { letter = "R", name = "Rook", betza = "R4" },
  { letter = "N", name = "Knight", betza = "N", zone_moves = [{ betza = "mW", ranks = "1-3" }] },
  { letter = "L", name = "Lame leaper", betza = "nDnAfC" },
  { letter = "P", name = "Pawn", betza = "fmWfcFifmW2", pawn = true, promotion = { ranks = "7", to = ["R", "N", "L"], mandatory = false } },
  { letter = "H", name = "Stone", betza = "mK" },
]
drops = [{ piece = "H", ranks = "1-2", window = [2, 8], deadline = true }]
end = { capture_wins = ["K", "H"], no_moves = "loss", repetition = 3, ply_limit = 50 }
"#;

/// The built-in registry with [`MINI`] loaded.
pub fn registry_with_mini() -> Registry {
    let mut r = Registry::builtin();
    assert_eq!(r.load_str(MINI, "MINI").unwrap(), vec!["mini"]);
    r
}
