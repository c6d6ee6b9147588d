//! The learned evaluation's sums kept by make and unmake equal sums computed afresh, after
//! every move of seeded random games of every built-in Kaissa rule set and Donkey Kaissa
//! (drops, promotions, captures, take-backs); the SIMD loops give the scalar loops' bits; a
//! net for another game or shape is refused; the search runs with a net attached.

mod nnue_walk;
mod xorshift;

use kaissa::core::nnue::network::Network;
use kaissa::core::rules::Rules;
use kaissa::games::kaissa::eval::EvalTables;
use kaissa::games::kaissa::game::Game;
use kaissa::games::kaissa::nnue::{FeatureMap, NetState, net_for_game};
use kaissa::games::kaissa::position::Position;
use kaissa::games::variants::Registry;
use std::sync::Arc;
use xorshift::Rng;

/// The built-in Kaissa-family rule sets (those that name no rules module).
fn family() -> Vec<Arc<Game<u128>>> {
    let registry = Registry::builtin();
    let mut games = Vec::new();
    for name in registry.names() {
        let def = registry.get(&name, &[]).unwrap();
        if def.rules.is_none() {
            games.push(Arc::new(Game::<u128>::new(&def).unwrap()));
        }
    }
    assert!(games.len() >= 6, "the five rule sets and donkey");
    games
}

/// A net of seeded random weights for `game`, `hidden` wide.
fn random_net(game: &Game<u128>, hidden: usize, seed: u64) -> Network {
    let map = FeatureMap::new(game);
    let mut rng = Rng::new(seed);
    let mut draw = |n: usize, range: u64| -> Vec<i16> {
        (0..n)
            .map(|_| (rng.next() % (2 * range + 1)) as i16 - range as i16)
            .collect()
    };
    let w1 = draw(map.inputs() * hidden, 400);
    let b1 = draw(hidden, 200);
    let w2 = draw(2 * hidden, 120);
    Network::from_parts(
        "random",
        map.description(),
        (map.inputs(), hidden),
        w1,
        b1,
        w2,
        777,
    )
    .unwrap()
}

/// Asserts that `pos`'s kept sums equal a fresh state's, for both sides.
fn assert_fresh(pos: &Position<u128>, net: &Arc<Network>, what: &str) {
    let kept = pos.net_state().expect("a net is attached");
    let fresh = NetState::new(net.clone(), pos);
    for side in kaissa::core::geometry::Color::BOTH {
        assert_eq!(kept.sums(side), fresh.sums(side), "{what}");
    }
}

#[test]
fn kept_sums_equal_fresh_sums_through_random_games() {
    for game in family() {
        let net = Arc::new(random_net(&game, 32, 7));
        let mut rng = Rng::new(game.def.name.len() as u64 * 1000 + 3);
        let (mut drops, mut captures, mut promotions, mut takebacks) = (0, 0, 0, 0);
        for g in 0..6 {
            let mut pos = game.start_position();
            pos.attach_net(Some(&net));
            assert_fresh(&pos, &net, "start");
            for ply in 0..160 {
                let Some(mv) = nnue_walk::random_move(&pos, &mut rng) else {
                    break;
                };
                drops += mv.is_drop() as u32;
                promotions += mv.promotes_to().is_some() as u32;
                captures += (!mv.is_drop() && pos.piece_at(mv.to()).is_some()) as u32;
                let what = format!(
                    "{} game {g} ply {ply} after {}",
                    game.def.name,
                    pos.move_text(mv)
                );
                let check = |p: &Position<u128>, w: &str| assert_fresh(p, &net, w);
                takebacks += nnue_walk::step(&mut pos, mv, ply, &what, &mut rng, &check);
            }
        }
        assert!(
            drops > 0 && captures > 0,
            "{}: no drop or capture",
            game.def.name
        );
        assert!(takebacks > 0);
        let _ = promotions; // not every rule set promotes within random games this short
    }
}

#[test]
fn a_net_attached_after_moves_survives_their_take_back() {
    let game = family().remove(0);
    let net = Arc::new(random_net(&game, 16, 9));
    let mut pos = game.start_position();
    let mut list = Vec::new();
    pos.generate(&mut list);
    pos.make(list[0]);
    pos.attach_net(Some(&net));
    pos.unmake();
    assert_fresh(&pos, &net, "after taking back a move made before the net");
}

#[test]
fn simd_and_scalar_nets_evaluate_alike() {
    for game in family() {
        let fast = Arc::new(random_net(&game, 64, 11));
        let mut slow = (*fast).clone();
        slow.force_scalar();
        let slow = Arc::new(slow);
        let mut rng = Rng::new(5);
        let mut a = game.start_position();
        let mut b = game.start_position();
        a.attach_net(Some(&fast));
        b.attach_net(Some(&slow));
        let same = |a: &Position<u128>, b: &Position<u128>| {
            assert_eq!(a.net_eval(), b.net_eval());
            assert_eq!(
                a.net_state().unwrap().sums(a.side_to_move()),
                b.net_state().unwrap().sums(b.side_to_move())
            );
        };
        nnue_walk::walk_pair(&mut a, &mut b, 120, &mut rng, &same);
    }
}

#[test]
fn a_net_for_another_game_or_shape_is_refused() {
    let games = family();
    let (one, other) = (&games[0], &games[games.len() - 1]);
    let bytes = random_net(one, 16, 1).to_bytes();
    assert!(net_for_game(one, &bytes).is_ok());
    let e = net_for_game(other, &bytes).unwrap_err();
    assert!(e.contains("this game needs"), "{e}");
    for junk in [&b""[..], b"KNUE", &bytes[..bytes.len() - 1], &[7u8; 1000]] {
        let e = net_for_game(one, junk).unwrap_err();
        assert!(!e.is_empty() && !e.contains('\n'));
    }
}

#[test]
fn the_evaluation_uses_the_net_only_when_set() {
    let game = family().remove(0);
    let net = Arc::new(random_net(&game, 16, 3));
    let mut eval = EvalTables::for_game(&game);
    eval.set_net(None);
    let mut pos = game.start_position();
    let hand = eval.evaluate(&pos);
    pos.prepare_eval(&eval);
    assert!(pos.net_state().is_none());
    eval.set_net(Some(net.clone()));
    pos.prepare_eval(&eval);
    assert_eq!(eval.evaluate(&pos), pos.net_eval().unwrap());
    assert_eq!(eval.hand_written(&pos), hand);
}
