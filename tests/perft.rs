//! Perft data files and the second reading of the rules.
//!
//! `tests/perft/<variant>.epd` hold node counts (`<fen> ;D1 n ;D2 n ...`) computed by the
//! simple mailbox generator in `tests/reference/`, written straight from RULINGS.md with no
//! code shared with the engine. This harness checks the engine's bitboard generator against
//! every figure, and compares the two generators move by move on positions from seeded games.

mod reference;

use kaissa::games::kaissa::game::{Game, MoveText};
use kaissa::games::kaissa::position::Position;
use kaissa::games::variants::Registry;
use std::sync::Arc;

/// A position of a data file with its expected counts by depth.
struct Case {
    fen: String,
    counts: Vec<(u32, u64)>,
}

fn read_cases(variant: &str) -> Vec<Case> {
    let path = format!("{}/tests/perft/{variant}.epd", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut cases = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split(';');
        let fen = parts.next().unwrap().trim().to_string();
        let counts = parts
            .map(|p| {
                let p = p.trim();
                let (d, n) = p.split_once(' ').unwrap_or_else(|| panic!("bad entry {p}"));
                let d: u32 = d.trim_start_matches('D').parse().unwrap();
                (d, n.trim().parse().unwrap())
            })
            .collect();
        cases.push(Case { fen, counts });
    }
    cases
}

fn game(variant: &str) -> Arc<Game<u128>> {
    let def = Registry::builtin().get(variant, &[]).unwrap();
    Arc::new(Game::new(&def).unwrap())
}

/// Checks every figure of one variant's data file.
fn check_file(variant: &str) {
    let g = game(variant);
    let cases = read_cases(variant);
    assert!(
        cases.len() >= 6,
        "{variant}: start + at least five positions"
    );
    for case in cases {
        let mut pos = Position::from_fen(&g, &case.fen).unwrap();
        assert_eq!(pos.to_fen(), case.fen, "{variant}: FEN round trip");
        for (d, n) in &case.counts {
            let got = kaissa::search::perft::perft(&mut pos, *d);
            assert_eq!(got, *n, "{variant} perft({d}) of {}", case.fen);
        }
    }
}

#[test]
fn merchants_file() {
    check_file("merchants");
}

#[test]
fn northern_file() {
    check_file("northern");
}

#[test]
fn gc_file() {
    check_file("gc");
}

#[test]
fn gorean_file() {
    check_file("gorean");
}

#[test]
fn kaissa_file() {
    check_file("kaissa");
}

#[test]
fn merchants_start_reaches_depth_five() {
    let cases = read_cases("merchants");
    let start = &cases[0];
    assert!(start.counts.contains(&(5, 150_999_258)));
    assert!(start.counts.contains(&(1, 40)));
    assert!(start.counts.contains(&(2, 1_600)));
}

/// Tiny deterministic generator for picking moves.
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// Plays seeded random games and compares both generators' move lists and depth-2 divides
/// at every ply.
#[test]
fn engine_agrees_with_reference_move_by_move() {
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut positions = 0;
    for variant in reference::VARIANTS {
        let g = game(variant);
        for _ in 0..12 {
            let mut pos = g.start_position();
            for _ply in 0..120 {
                let fen = pos.to_fen();
                let mut mine: Vec<(String, u64)> = kaissa::search::perft::divide(&mut pos, 2)
                    .into_iter()
                    .map(|(m, n)| (m.to_text(&g), n))
                    .collect();
                mine.sort();
                let theirs = reference::divide(variant, &fen, 2);
                assert_eq!(mine, theirs, "{variant}: divide(2) of {fen}");
                positions += 1;
                let mut list = Vec::new();
                pos.generate(&mut list);
                if list.is_empty() {
                    break;
                }
                let mv = list[(next(&mut seed) % list.len() as u64) as usize];
                let text = mv.to_text(&g);
                pos.make(mv);
                assert_eq!(
                    pos.to_fen(),
                    reference::play(variant, &fen, &text),
                    "{variant}: {fen} after {text}"
                );
            }
        }
    }
    assert!(positions > 1000);
}
