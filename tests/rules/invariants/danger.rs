//! Invariant 11: what the search asks of a late quiet move before it prunes it without making
//! it (`Rules::gives_no_danger`: does it leave every Home Stone of the opponent unattacked?)
//! equals what the position after the move says (`Rules::in_danger`), on every quiet move
//! of seeded random games of every built-in rule set and of `MINI` (two royal types, lame
//! leaps, first-move steps, zone moves, placements). Any other move is never told safe.
//! Beneath both lies `attacked_by`, which works out an attack on one cell without the
//! attacker's whole reach: it agrees with the reach the move generator uses.

use super::{Rng, VARIANTS, game, random_game, registry_with_mini};
use kaissa::core::bitboard::Bitboard;
use kaissa::core::geometry::Color;
use kaissa::core::rules::Rules;
use kaissa::games::kaissa::game::Game;
use std::sync::Arc;

/// Every built-in rule set and MINI, compiled for `u128`.
fn games() -> Vec<(String, Arc<Game<u128>>)> {
    let mini = registry_with_mini().get("mini", &[]).unwrap();
    let mut games: Vec<(String, Arc<Game<u128>>)> = VARIANTS
        .iter()
        .map(|v| (v.to_string(), game::<u128>(v)))
        .collect();
    games.push(("mini".into(), Arc::new(Game::<u128>::new(&mini).unwrap())));
    games
}

#[test]
fn attacks_on_a_cell_agree_with_the_reach_of_every_piece() {
    for (k, (name, g)) in games().iter().enumerate() {
        let mut rng = Rng::new(120 + k as u64);
        let (mut asked, mut attacked) = (0, 0);
        for _ in 0..6 {
            random_game(g.start_position(), &mut rng, 160, |pos| {
                for by in Color::BOTH {
                    for cell in 0..g.board.cell_count() {
                        let reference = (0..g.types() as u8).any(|t| {
                            g.can_capture[t as usize]
                                && pos.pieces(by, t).cells().any(|from| {
                                    let acc = pos.reach(by, t, from);
                                    (acc[0] | acc[2]).has(cell)
                                })
                        });
                        assert_eq!(
                            pos.attacked_by(cell, by),
                            reference,
                            "{name}: {} cell {cell} by {by:?}",
                            pos.to_fen()
                        );
                        asked += 1;
                        attacked += usize::from(reference);
                    }
                }
            });
        }
        assert!(
            attacked > 1000 && attacked < asked,
            "{name}: {attacked} of {asked} cells attacked"
        );
    }
}

#[test]
fn a_quiet_move_told_safe_without_making_it_attacks_no_home_stone() {
    for (k, (name, g)) in games().iter().enumerate() {
        let mut rng = Rng::new(110 + k as u64);
        // Quiet moves asked about, those that attack a Home Stone, and other moves.
        let (mut quiets, mut attacking, mut others) = (0, 0, 0);
        for _ in 0..12 {
            random_game(g.start_position(), &mut rng, 160, |pos| {
                if pos.decided().is_some() {
                    return;
                }
                let mut moves = Vec::new();
                pos.generate(&mut moves);
                for mv in moves {
                    let told = pos.gives_no_danger(mv);
                    let quiet = !mv.is_drop() && !pos.is_noisy(mv);
                    let fen = pos.to_fen();
                    pos.make(mv);
                    let danger = pos.in_danger();
                    pos.unmake();
                    if quiet {
                        quiets += 1;
                        attacking += usize::from(danger);
                        assert_eq!(told, !danger, "{name}: {fen} {mv:?}");
                    } else {
                        others += 1;
                        assert!(!told, "{name}: {fen} {mv:?} is not quiet");
                    }
                }
            });
        }
        assert!(
            attacking > 50 && quiets > 2 * attacking && others > 100,
            "{name}: {attacking} of {quiets} quiet moves attack, {others} other moves"
        );
    }
}
