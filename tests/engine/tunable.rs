//! The tuner's view of every game (`Tunable`): for every built-in rule set, the flat vector of
//! weights names each weight once, and the evaluation rebuilt from the vector as it stands
//! evaluates positions exactly as the game's own weights do.

use kaissa::core::playable::Playable;
use kaissa::core::ruleset::PositionVisitor;
use kaissa::core::tunable::Tunable;
use kaissa::games;
use kaissa::games::variants::Registry;
use std::collections::HashSet;

/// Checks the weights of a game at its start position and a few plies in.
struct Check;

impl PositionVisitor for Check {
    type Output = ();
    fn visit<P: Playable + Tunable>(self, mut pos: P, eval: P::Eval) {
        let weights = pos.weights(&eval);
        assert!(!weights.is_empty());
        let names: HashSet<&str> = weights.iter().map(|w| w.name.as_str()).collect();
        assert_eq!(names.len(), weights.len(), "weight names repeat");
        let values: Vec<i32> = weights.iter().map(|w| w.value).collect();
        let rebuilt = pos.with_weights(&values);
        assert_eq!(pos.weights(&rebuilt), weights);
        for _ in 0..6 {
            assert_eq!(pos.evaluate(&rebuilt), pos.evaluate(&eval));
            let mut moves = Vec::new();
            pos.generate(&mut moves);
            let Some(&m) = moves.get(moves.len() / 2) else {
                break;
            };
            pos.make(m);
        }
        assert!(!pos.weights_text(&values).is_empty());
    }
}

#[test]
fn every_game_gives_its_weights_as_a_flat_vector() {
    let _g = crate::serial::shared();
    let registry = Registry::builtin();
    for name in registry.names() {
        let def = registry.get(&name, &[]).unwrap();
        games::build(&def, None, Check).unwrap();
    }
}
