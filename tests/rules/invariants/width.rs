//! Width independence (invariant 7): a game gives the same counts whatever bitboard width it
//! is compiled for.

use super::{Rng, VARIANTS, random_game, registry_with_mini, sorted_texts};
use kaissa::core::bitboard::{Bitboard, Wide};
use kaissa::games::kaissa::any::AnyGame;
use kaissa::games::kaissa::game::Game;
use kaissa::games::kaissa::position::Position;
use kaissa::games::variants::{Registry, VariantDef};
use kaissa::search::perft::perft;
use std::sync::Arc;

/// perft(1..=depth) of each FEN, for `def` compiled with width `B`.
fn perfts<B: Bitboard>(def: &VariantDef, fens: &[String], depth: u32) -> Vec<Vec<u64>> {
    let game = Arc::new(Game::<B>::new(def).unwrap());
    fens.iter()
        .map(|fen| {
            let mut pos = Position::from_fen(&game, fen).unwrap();
            assert_eq!(&pos.to_fen(), fen);
            (1..=depth).map(|d| perft(&mut pos, d)).collect()
        })
        .collect()
}

/// The start FEN and positions of a seeded random game of `def` after the given plies.
fn sample_fens(def: &VariantDef, seed: u64, plies: &[usize]) -> Vec<String> {
    let game = Arc::new(Game::<u128>::new(def).unwrap());
    let mut rng = Rng::new(seed);
    let mut fens = vec![game.start_position().to_fen()];
    let mut ply = 0;
    random_game(
        game.start_position(),
        &mut rng,
        *plies.iter().max().unwrap(),
        |pos| {
            if plies.contains(&ply) {
                fens.push(pos.to_fen());
            }
            ply += 1;
        },
    );
    fens.dedup();
    fens
}

/// Plays a seeded random game of `def` with widths `A` and `B` side by side, choosing moves by
/// their text: the FEN, the key and the legal moves agree at every ply. Returns the plies.
fn same_games<A: Bitboard, B: Bitboard>(def: &VariantDef, seed: u64) -> usize {
    let mut a = Arc::new(Game::<A>::new(def).unwrap()).start_position();
    let mut b = Arc::new(Game::<B>::new(def).unwrap()).start_position();
    let mut rng = Rng::new(seed);
    for ply in 0..200 {
        assert_eq!(a.to_fen(), b.to_fen(), "ply {ply}");
        assert_eq!(a.key(), b.key(), "ply {ply}: {}", a.to_fen());
        let moves = sorted_texts(&a);
        assert_eq!(moves, sorted_texts(&b), "ply {ply}: {}", a.to_fen());
        assert_eq!(a.decided(), b.decided());
        if moves.is_empty() {
            return ply;
        }
        let text = rng.pick(&moves);
        a.make(a.parse_move(text).unwrap());
        b.make(b.parse_move(text).unwrap());
    }
    200
}

/// Every built-in rule set: perft to depth 2 agrees for u128, Wide<4> and Wide<16> on the start
/// and random positions; kaissa goes to depth 3.
#[test]
fn builtin_rule_sets_count_the_same_in_every_width() {
    let registry = Registry::builtin();
    for (i, variant) in VARIANTS.into_iter().enumerate() {
        let def = registry.get(variant, &[]).unwrap();
        let depth = if variant == "kaissa" { 3 } else { 2 };
        let fens = sample_fens(&def, 200 + i as u64, &[5, 20, 60, 120]);
        let narrow = perfts::<u128>(&def, &fens, depth);
        assert_eq!(
            perfts::<Wide<4>>(&def, &fens, depth),
            narrow,
            "{variant} Wide<4>"
        );
        assert_eq!(
            perfts::<Wide<16>>(&def, &fens, depth),
            narrow,
            "{variant} Wide<16>"
        );
        for seed in 0..3 {
            same_games::<u128, Wide<4>>(&def, seed);
            same_games::<u128, Wide<16>>(&def, seed);
        }
        eprintln!(
            "{variant}: {} positions, perft {narrow:?} in 3 widths",
            fens.len()
        );
    }
}

/// The 7 x 7 custom game: AnyGame picks u64, and u64, u128 and Wide<4> count the same.
#[test]
fn small_custom_game_counts_the_same_in_every_width() {
    let def = registry_with_mini().get("mini", &[]).unwrap();
    assert!(matches!(AnyGame::new(&def).unwrap(), AnyGame::Small(_)));
    let fens = sample_fens(&def, 300, &[4, 11, 25, 50]);
    let narrow = perfts::<u64>(&def, &fens, 4);
    assert_eq!(perfts::<u128>(&def, &fens, 4), narrow, "mini u128");
    assert_eq!(
        perfts::<Wide<4>>(&def, &fens, 3),
        narrow.iter().map(|v| v[..3].to_vec()).collect::<Vec<_>>(),
        "mini Wide<4>"
    );
    for seed in 0..10 {
        same_games::<u64, u128>(&def, seed);
        same_games::<u64, Wide<4>>(&def, seed);
    }
    eprintln!("mini: {} positions, perft {narrow:?}", fens.len());
}
