//! Caïssa perft against the independent reading of the rules.
//!
//! `tests/perft/caissa.epd` holds node counts computed by the simple mailbox generator in
//! `tests/caissa_reference/` (written from RULINGS.md §2 alone, sharing no code with the
//! engine). This harness checks the engine's bitboard generator against every figure, compares
//! the two generators move by move over seeded random games, and checks make/unmake and the
//! incremental key along the way.

mod caissa_reference;
mod perft_data;

use caissa_reference as reference;
use kaissa::core::moves::Move;
use kaissa::games::caissa::CaissaPosition;
use kaissa::search::perft::{divide, perft};
use perft_data::read_cases;

#[test]
fn start_position_figures() {
    let mut p = CaissaPosition::start();
    assert_eq!(perft(&mut p, 1), 26);
    assert_eq!(perft(&mut p, 2), 630);
    assert_eq!(perft(&mut p, 3), 16_251);
    assert_eq!(perft(&mut p, 4), 405_737);
}

/// Every figure of the data file. Positions marked unreachable (the side not to move in
/// check, built by hand to exercise a swap with the enemy Queen) are refused by the engine's
/// FEN reader, which is checked instead.
#[test]
fn data_file() {
    let cases = read_cases("caissa");
    assert!(cases.len() >= 12, "start and at least eleven positions");
    let mut checked = 0;
    for case in cases {
        if case.comment.contains("unreachable") {
            let err = CaissaPosition::from_fen(&case.fen).unwrap_err();
            assert!(
                err.contains("not to move is in check"),
                "{}: {err}",
                case.fen
            );
            continue;
        }
        let mut p = CaissaPosition::from_fen(&case.fen)
            .unwrap_or_else(|e| panic!("{} ({}): {e}", case.fen, case.comment));
        assert_eq!(p.to_fen(), case.fen, "FEN round trip");
        for (d, n) in &case.counts {
            assert_eq!(
                perft(&mut p, *d),
                *n,
                "perft({d}) of {} ({})",
                case.fen,
                case.comment
            );
        }
        checked += 1;
    }
    assert!(checked >= 12);
}

/// xorshift64, for reproducible random games.
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// Random games from the start: at every ply both generators' divide(2) and the FEN after
/// the chosen move agree; make then unmake restores the position; the incremental key equals
/// the recomputed one.
#[test]
fn engine_agrees_with_reference_move_by_move() {
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut positions = 0;
    for _game in 0..40 {
        let mut p = CaissaPosition::start();
        for _ply in 0..160 {
            let fen = p.to_fen();
            let mut mine: Vec<(String, u64)> = divide(&mut p, 2)
                .into_iter()
                .map(|(m, n)| (CaissaPosition::move_text(m), n))
                .collect();
            mine.sort();
            assert_eq!(mine, reference::divide(&fen, 2), "divide(2) of {fen}");
            assert_eq!(p.key(), p.compute_key(), "incremental key of {fen}");
            positions += 1;
            let mut list = Vec::new();
            p.generate(&mut list);
            if list.is_empty() {
                break;
            }
            for &mv in &list {
                let key = p.key();
                p.make(mv);
                assert_eq!(p.key(), p.compute_key(), "key after {mv:?} from {fen}");
                p.unmake();
                assert_eq!(p.to_fen(), fen, "unmake of {mv:?}");
                assert_eq!(p.key(), key);
            }
            let mv: Move = list[(next(&mut seed) % list.len() as u64) as usize];
            let text = CaissaPosition::move_text(mv);
            p.make(mv);
            assert_eq!(p.to_fen(), reference::play(&fen, &text), "{fen} + {text}");
            assert_eq!(
                CaissaPosition::from_fen(&p.to_fen()).unwrap().key(),
                p.key()
            );
        }
    }
    assert!(positions > 2_000, "only {positions} positions compared");
}
