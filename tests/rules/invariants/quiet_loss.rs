//! Invariant 9: the search's estimate of the material a quiet move loses
//! (`Rules::quiet_loss`, read on the position after the move; the search prunes quiet moves
//! that lose much at shallow depth) agrees with the move generator. After a quiet move of a
//! piece worth `v`, the reference plays out one exchange on its cell: when the opponent has no
//! capture there the move loses nothing; when its cheapest capturer is worth `c < v` it loses
//! `v - c`; otherwise it loses `v` unless the mover's side can capture back after that capture.
//! The estimate reads the defenders with the capturer still in place, so it misses a defence
//! the capture opens (an x-ray behind the capturer): it agrees on nearly every move.

use super::{Rng, VARIANTS, game, random_game};
use kaissa::core::rules::Rules;
use kaissa::games::kaissa::eval::EvalTables;

#[test]
fn quiet_move_losses_agree_with_the_exchange_on_their_cell() {
    for (k, variant) in VARIANTS.iter().enumerate() {
        let g = game::<u128>(variant);
        let eval = EvalTables::for_game(&g);
        let value = |t: u8| eval.value[t as usize];
        let mut rng = Rng::new(90 + k as u64);
        // Quiet moves, those the reference says lose material, and agreements.
        let (mut quiets, mut losing, mut agreed) = (0, 0, 0);
        for _ in 0..8 {
            random_game(g.start_position(), &mut rng, 150, |pos| {
                if pos.any_in_hand() || pos.decided().is_some() {
                    return;
                }
                let mut moves = Vec::new();
                pos.generate(&mut moves);
                for mv in moves {
                    if pos.is_noisy(mv) || mv.is_drop() {
                        continue;
                    }
                    let (owner, mover) = pos.piece_at(mv.from()).unwrap();
                    pos.make(mv);
                    let estimate = pos.quiet_loss(&eval, mv);
                    let mut reference = 0;
                    if !pos.any_in_hand() && pos.decided().is_none() && value(mover) > 0 {
                        let mut replies = Vec::new();
                        pos.generate_noisy(&mut replies);
                        let cheapest = replies
                            .iter()
                            .filter(|r| r.to() == mv.to() && !r.is_drop())
                            .min_by_key(|r| value(pos.piece_at(r.from()).unwrap().1));
                        if let Some(&capture) = cheapest {
                            let by = value(pos.piece_at(capture.from()).unwrap().1);
                            reference = if by < value(mover) {
                                value(mover) - by
                            } else {
                                pos.make(capture);
                                let mut back = Vec::new();
                                if pos.decided().is_none() {
                                    pos.generate_noisy(&mut back);
                                }
                                pos.unmake();
                                if back.iter().any(|b| b.to() == mv.to()) {
                                    0
                                } else {
                                    value(mover)
                                }
                            };
                        }
                    }
                    pos.unmake();
                    assert_eq!(pos.side_to_move(), owner);
                    assert!(estimate >= 0, "{variant}: {} {mv:?}", pos.to_fen());
                    quiets += 1;
                    losing += usize::from(reference > 0);
                    agreed += usize::from(estimate == reference);
                }
            });
        }
        assert!(
            losing > 100 && quiets > 2 * losing,
            "{variant}: {losing} of {quiets}"
        );
        assert!(
            agreed * 100 >= quiets * 99,
            "{variant}: the estimate agreed on {agreed} of {quiets} quiet moves"
        );
    }
}
