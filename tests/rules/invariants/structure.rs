//! Invariant 10: the structure key (`Rules::structure_key`, by which the search averages how
//! far its static evaluation errs) reads only the pawns and the Home Stones: a move that
//! leaves them all where they were keeps it, a move that moves, places or captures one
//! changes it, a position read back from its FEN has the same key, and the key kept up to
//! date move by move equals the one computed from scratch.

use super::{Rng, VARIANTS, game, random_game};
use kaissa::core::geometry::Color;
use kaissa::games::kaissa::position::Position;

/// Where each pawn and Home Stone stands, by colour and type.
fn structure(pos: &Position<u128>) -> Vec<u128> {
    let g = pos.game();
    let mut cells = Vec::new();
    for (t, info) in g.pieces.iter().enumerate() {
        if info.pawn || g.end.capture_wins.contains(&(t as u8)) {
            for c in [Color::First, Color::Second] {
                cells.push(pos.pieces(c, t as u8));
            }
        }
    }
    cells
}

#[test]
fn the_structure_key_follows_the_pawns_and_stones_only() {
    for (k, variant) in VARIANTS.iter().enumerate() {
        let g = game::<u128>(variant);
        let mut rng = Rng::new(120 + k as u64);
        let (mut kept, mut changed) = (0, 0);
        for _ in 0..6 {
            random_game(g.start_position(), &mut rng, 150, |pos| {
                let key = pos.structure_key();
                assert_eq!(
                    key,
                    pos.compute_structure_key(),
                    "{variant}: {}",
                    pos.to_fen()
                );
                let again = Position::from_fen(&g, &pos.to_fen()).unwrap();
                assert_eq!(again.structure_key(), key, "{variant}: {}", pos.to_fen());
                let before = structure(pos);
                let mut moves = Vec::new();
                pos.generate(&mut moves);
                for mv in moves {
                    pos.make(mv);
                    let same = structure(pos) == before;
                    assert_eq!(
                        pos.structure_key() == key,
                        same,
                        "{variant}: {}",
                        pos.to_fen()
                    );
                    if same {
                        kept += 1;
                    } else {
                        changed += 1;
                    }
                    pos.unmake();
                }
            });
        }
        assert!(kept > 100 && changed > 100, "{variant}: {kept} {changed}");
    }
}
