//! Donkey Kaissa: the engine's generator against the second reading of DONKEY.md.
//!
//! `tests/perft/donkey*.epd` hold perft counts computed by the mailbox generator in
//! `tests/donkey_reference/` (no code shared with the engine; regenerate with
//! `tests/gen_donkey_perft.rs`), one file per rule option. This harness checks every figure,
//! then plays seeded random games with both generators side by side: at every position the two
//! move lists must be equal, every move made and taken back must restore the position and its
//! Zobrist key, the incremental key must equal the key computed from scratch, and the two
//! generators must reach the same FEN.

mod donkey_reference;
mod perft_data;
mod xorshift;

use donkey_reference::{Options, Rules};
use kaissa::core::moves::Move;
use kaissa::games::kaissa::game::{Game, MoveText};
use kaissa::games::kaissa::position::Position;
use kaissa::games::variants::Registry;
use std::sync::Arc;
use xorshift::Rng;

/// The engine's donkey game with the given rule options.
fn game(options: &[&str]) -> Arc<Game<u128>> {
    let opts: Vec<String> = options.iter().map(|s| s.to_string()).collect();
    let def = Registry::builtin().get("donkey", &opts).unwrap();
    Arc::new(Game::new(&def).unwrap())
}

/// Checks every figure of a data file.
fn check_file(file: &str, options: &[&str]) {
    let g = game(options);
    let cases = perft_data::read_cases(file);
    assert!(
        cases.len() >= 4,
        "{file}: the start and at least three positions"
    );
    for case in cases {
        let mut pos = Position::from_fen(&g, &case.fen).unwrap();
        assert_eq!(pos.to_fen(), case.fen, "{file}: FEN round trip");
        for (d, n) in &case.counts {
            let got = kaissa::search::perft::perft(&mut pos, *d);
            assert_eq!(
                got, *n,
                "{file} perft({d}) of {} ({})",
                case.fen, case.comment
            );
        }
    }
}

#[test]
fn donkey_file() {
    let cases = perft_data::read_cases("donkey");
    assert!(cases.len() >= 11, "the start and at least ten positions");
    assert_eq!(cases[0].counts.len(), 4, "the start to depth 4");
    assert_eq!(cases[0].counts[0], (1, 58));
    check_file("donkey", &[]);
}

#[test]
fn centre_straight_file() {
    check_file("donkey-centre_straight", &["centre_straight"]);
}

#[test]
fn promotion_end_file() {
    check_file("donkey-promotion_end", &["promotion_end"]);
}

#[test]
fn seven_turn_window_file() {
    check_file("donkey-seven_turn_window", &["seven_turn_window"]);
}

#[test]
fn flight_captures_only_file() {
    check_file("donkey-flight_captures_only", &["flight_captures_only"]);
}

/// The engine's legal moves of `pos`, as text, sorted.
fn engine_moves(pos: &Position<u128>) -> (Vec<Move>, Vec<String>) {
    let mut list = Vec::new();
    pos.generate(&mut list);
    let mut text: Vec<String> = list.iter().map(|m| m.to_text(pos.game())).collect();
    text.sort();
    (list, text)
}

/// Plays `games` seeded random games with both generators and compares them at every ply.
fn compare_games(options: &[&str], games: u64, plies: usize) {
    let g = game(options);
    let rules = Rules::new(Options::from_names(options));
    let mut positions = 0;
    for seed in 1..=games {
        let mut rng = Rng::new(seed);
        let mut pos = g.start_position();
        for _ in 0..plies {
            let fen = pos.to_fen();
            let (list, text) = engine_moves(&pos);
            assert_eq!(text, rules.legal_moves(&fen), "{options:?} moves of {fen}");
            assert_eq!(pos.count_moves() as usize, list.len(), "count of {fen}");
            assert_eq!(pos.key(), pos.compute_key(), "key of {fen}");
            let back = Position::from_fen(&g, &fen).unwrap();
            assert_eq!((back.to_fen(), back.key()), (fen.clone(), pos.key()));
            positions += 1;
            for &m in &list {
                pos.make(m);
                assert_eq!(pos.key(), pos.compute_key(), "key after {}", m.to_text(&g));
                pos.unmake();
                assert_eq!(pos.to_fen(), fen, "unmake of {}", m.to_text(&g));
                assert_eq!(pos.key(), back.key());
            }
            if list.is_empty() {
                break;
            }
            let m = list[rng.below(list.len())];
            let mt = m.to_text(&g);
            pos.make(m);
            assert_eq!(pos.to_fen(), rules.play(&fen, &mt), "after {mt} from {fen}");
        }
    }
    assert!(positions > games as usize * 10);
}

#[test]
fn random_games_agree_with_the_reference() {
    compare_games(&[], 100, 200);
}

#[test]
fn random_games_agree_with_the_reference_under_every_option() {
    for opt in [
        "centre_straight",
        "promotion_end",
        "seven_turn_window",
        "flight_captures_only",
    ] {
        compare_games(&[opt], 10, 200);
    }
}
