//! Invariant 8: the search's estimate of a capture likely to lose material
//! (`Rules::losing_capture`, which the search tries after the quiet moves and leaves out of
//! quiescence) agrees with the move generator. A capture is losing when it is no promotion,
//! does not take the Home Stone, is made by a piece worth more than its victim, and the
//! opponent, after it, could capture on the cell it moved to. The estimate reads the
//! opponent's attacks before the move, so it misses a line the moving piece opens (an x-ray
//! behind it): it never calls a capture losing that is not, and misses only a few.

use super::{Rng, VARIANTS, game, random_game};
use kaissa::core::rules::Rules;
use kaissa::games::kaissa::eval::EvalTables;

#[test]
fn losing_captures_agree_with_the_opponents_replies() {
    for (k, variant) in VARIANTS.iter().enumerate() {
        let g = game::<u128>(variant);
        let eval = EvalTables::for_game(&g);
        let mut rng = Rng::new(80 + k as u64);
        // Captures the reference calls losing, those the estimate also does, and all captures.
        let (mut losing, mut agreed, mut captures) = (0, 0, 0);
        for _ in 0..10 {
            random_game(g.start_position(), &mut rng, 150, |pos| {
                if pos.any_in_hand() || pos.decided().is_some() {
                    return;
                }
                let mut noisy = Vec::new();
                pos.generate_noisy(&mut noisy);
                for mv in noisy {
                    let estimate = pos.losing_capture(&eval, mv);
                    let (Some((_, victim)), Some((_, attacker))) =
                        (pos.piece_at(mv.to()), pos.piece_at(mv.from()))
                    else {
                        assert!(!estimate, "{variant}: {}", pos.to_fen());
                        continue;
                    };
                    captures += 1;
                    let value = |t: u8| eval.value[t as usize];
                    let mut replies = Vec::new();
                    pos.make(mv);
                    if !pos.any_in_hand() && pos.decided().is_none() {
                        pos.generate_noisy(&mut replies);
                    }
                    pos.unmake();
                    let reference = mv.promotes_to().is_none()
                        && !pos.game().end.capture_wins.contains(&victim)
                        && value(attacker) > value(victim)
                        && replies.iter().any(|r| r.to() == mv.to());
                    assert!(
                        !estimate || reference,
                        "{variant}: {} {mv:?} called losing",
                        pos.to_fen()
                    );
                    losing += usize::from(reference);
                    agreed += usize::from(reference && estimate);
                }
            });
        }
        assert!(
            losing > 50 && captures > 4 * losing / 3,
            "{variant}: {losing} {captures}"
        );
        assert!(
            agreed * 20 >= losing * 19,
            "{variant}: the estimate found {agreed} of {losing} losing captures"
        );
    }
}
