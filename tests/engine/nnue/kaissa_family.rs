//! The Kaissa family's own net test: the evaluation tables use the net only when one is set.

use super::nnue_walk;
use kaissa::core::nnue::feature::NetFeatures;
use kaissa::core::rules::Rules;
use kaissa::games::kaissa::eval::EvalTables;
use kaissa::games::kaissa::game::Game;
use kaissa::games::variants::Registry;
use std::sync::Arc;

#[test]
fn the_evaluation_uses_the_net_only_when_set() {
    let _g = crate::serial::shared();
    let def = Registry::builtin().get("merchants", &[]).unwrap();
    let game = Arc::new(Game::<u128>::new(&def).unwrap());
    let (features, inputs) = (game.features.description(), game.features.inputs());
    let net = Arc::new(nnue_walk::random_net("random", features, inputs, 16, 3));
    let mut eval = EvalTables::for_game(&game);
    eval.set_net(None);
    let mut pos = game.start_position();
    let hand = eval.evaluate(&pos);
    pos.prepare_eval(&eval);
    assert!(!pos.net_state().is_attached());
    eval.set_net(Some(net.clone()));
    pos.prepare_eval(&eval);
    assert_eq!(eval.evaluate(&pos), pos.net_eval().unwrap());
    assert_eq!(eval.hand_written(&pos), hand);
}
