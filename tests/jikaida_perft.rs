//! Jikaida perft against the independent reading of the rules.
//!
//! `tests/perft/jikaida.epd` holds node counts computed by the simple mailbox generator in
//! `tests/jikaida_reference/` (written from RULINGS.md §3 alone, sharing no code with the
//! engine). This harness checks the engine's bitboard generator against every figure, compares
//! the two generators move by move (move lists and the FEN after each move) over seeded random
//! games, and checks along the way that unmake restores the position, that the incremental key
//! equals a recomputed one, and that the fast check test agrees with the slow one.

mod jikaida_reference;
mod perft_data;

use jikaida_reference as reference;
use kaissa::core::bitboard::{Bitboard, Wide};
use kaissa::core::geometry::Color;
use kaissa::core::moves::Move;
use kaissa::games::jikaida::JikaidaPosition;
use kaissa::games::jikaida::board::Board;
use kaissa::search::perft::perft;
use perft_data::read_cases;
use std::sync::Arc;

/// The board size of a FEN's placement.
fn size(fen: &str) -> (usize, usize) {
    let placement = fen.split_whitespace().next().unwrap();
    let (files, ranks, _) = kaissa::games::jikaida::fen::read_placement(placement).unwrap();
    (files, ranks)
}

/// Runs `f` on the engine's position for `fen`, with the bitboard width the board needs.
fn with_position<R>(fen: &str, f: impl FnOnce(&mut dyn Probe) -> R) -> R {
    let (files, ranks) = size(fen);
    if files * ranks <= 256 {
        let mut p = JikaidaPosition::from_fen(Arc::new(Board::<Wide<4>>::new(files, ranks)), fen)
            .unwrap_or_else(|e| panic!("engine refused {fen}: {e}"));
        f(&mut p)
    } else if files * ranks <= 448 {
        let mut p = JikaidaPosition::from_fen(Arc::new(Board::<Wide<7>>::new(files, ranks)), fen)
            .unwrap_or_else(|e| panic!("engine refused {fen}: {e}"));
        f(&mut p)
    } else {
        let mut p = JikaidaPosition::from_fen(Arc::new(Board::<Wide<14>>::new(files, ranks)), fen)
            .unwrap_or_else(|e| panic!("engine refused {fen}: {e}"));
        f(&mut p)
    }
}

/// What the harness asks of a position, whatever its width.
trait Probe {
    fn perft(&mut self, depth: u32) -> u64;
    fn moves(&self) -> Vec<(Move, String)>;
    fn make(&mut self, mv: Move);
    fn unmake(&mut self);
    fn fen(&self) -> String;
    fn key(&self) -> u64;
    fn recomputed_key(&self) -> u64;
    /// Cells holding a piece, with the other side: (cell, attacked fast, attacked slow).
    fn attack_pairs(&self) -> Vec<(usize, bool, bool)>;
}

impl<B: Bitboard> Probe for JikaidaPosition<B> {
    fn perft(&mut self, depth: u32) -> u64 {
        perft(self, depth)
    }
    fn moves(&self) -> Vec<(Move, String)> {
        let mut v = Vec::new();
        self.generate(&mut v);
        v.into_iter().map(|m| (m, self.move_text(m))).collect()
    }
    fn make(&mut self, mv: Move) {
        JikaidaPosition::make(self, mv)
    }
    fn unmake(&mut self) {
        JikaidaPosition::unmake(self)
    }
    fn fen(&self) -> String {
        self.to_fen()
    }
    fn key(&self) -> u64 {
        JikaidaPosition::key(self)
    }
    fn recomputed_key(&self) -> u64 {
        self.recompute_key()
    }
    fn attack_pairs(&self) -> Vec<(usize, bool, bool)> {
        let mut out = Vec::new();
        for c in Color::BOTH {
            for cell in self.occupied_by(c).cells() {
                out.push((
                    cell,
                    self.attacked(cell, c.flip()),
                    self.attacked_slow(cell, c.flip()),
                ));
            }
        }
        out
    }
}

#[test]
fn start_position_figures() {
    let fen = kaissa::games::jikaida::fen::START_FEN;
    assert_eq!(with_position(fen, |p| p.perft(1)), 138);
    assert_eq!(with_position(fen, |p| p.perft(2)), 19_044);
    assert_eq!(with_position(fen, |p| p.perft(3)), 2_967_000);
}

#[test]
fn data_file_figures() {
    let cases = read_cases("jikaida");
    assert!(
        cases.len() >= 14,
        "the data file has {} positions",
        cases.len()
    );
    for case in &cases {
        for &(depth, expected) in &case.counts {
            let got = with_position(&case.fen, |p| p.perft(depth));
            assert_eq!(
                got, expected,
                "{} ({}), depth {depth}: engine {got}, reference {expected}",
                case.comment, case.fen
            );
        }
    }
}

/// xorshift64: reproducible pseudo-random numbers.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
}

/// Plays seeded random games from `fen`, comparing the engine with the reference at every
/// position: the sorted move lists, the FEN after each move, unmake, the key and the check
/// test. Returns the number of positions compared.
fn compare_games(fen: &str, games: u64, plies: usize, seed: u64) -> usize {
    let mut rng = Rng(seed);
    let mut compared = 0;
    for _ in 0..games {
        let mut fen = fen.to_string();
        for _ in 0..plies {
            let (moves, next) = with_position(&fen, |p| {
                let before = p.fen();
                assert_eq!(p.key(), p.recomputed_key(), "key of {before}");
                for (cell, fast, slow) in p.attack_pairs() {
                    assert_eq!(fast, slow, "attacked({cell}) in {before}");
                }
                let moves = p.moves();
                let mut texts: Vec<String> = moves.iter().map(|m| m.1.clone()).collect();
                texts.sort();
                let mut after = Vec::new();
                for (mv, text) in &moves {
                    p.make(*mv);
                    assert_eq!(p.key(), p.recomputed_key(), "key after {text} in {before}");
                    after.push((text.clone(), p.fen()));
                    p.unmake();
                    assert_eq!(p.fen(), before, "unmake of {text}");
                }
                (texts, after)
            });
            let expected = reference::legal_moves(&fen).expect("reference reads the FEN");
            assert_eq!(moves, expected, "move lists differ in {fen}");
            compared += 1;
            if next.is_empty() {
                break;
            }
            for (text, engine_fen) in &next {
                let reference_fen = reference::play(&fen, text).expect("reference plays it");
                assert_eq!(engine_fen, &reference_fen, "FEN after {text} in {fen}");
            }
            // Prefer captures now and then, so games reach sparse, tactical positions.
            let captures: Vec<&(String, String)> = next
                .iter()
                .filter(|(_, f)| pieces(f) < pieces(&fen))
                .collect();
            let pick = if !captures.is_empty() && rng.next().is_multiple_of(3) {
                captures[(rng.next() % captures.len() as u64) as usize]
            } else {
                &next[(rng.next() % next.len() as u64) as usize]
            };
            fen = pick.1.clone();
        }
    }
    compared
}

/// Pieces in a FEN's placement.
fn pieces(fen: &str) -> usize {
    fen.split_whitespace()
        .next()
        .unwrap()
        .chars()
        .filter(char::is_ascii_alphabetic)
        .count()
}

#[test]
fn random_games_agree_with_the_reference() {
    let n = compare_games(kaissa::games::jikaida::fen::START_FEN, 5, 80, 0x5EED_0001);
    assert!(n > 250, "only {n} positions compared");
}

#[test]
fn random_games_from_the_data_file_agree_with_the_reference() {
    let mut n = 0;
    for (i, case) in read_cases("jikaida").iter().enumerate() {
        n += compare_games(&case.fen, 1, 16, 0xDA7A_0000 + i as u64);
    }
    assert!(n > 150, "only {n} positions compared");
}
