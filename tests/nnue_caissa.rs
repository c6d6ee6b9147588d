//! Caïssa's learned evaluation: the sums kept by make and unmake equal sums computed afresh
//! after every move of seeded random games (Queen moves that capture and sink a tile, tiles
//! carried, exchanges, passes, take-backs); the SIMD loops give the scalar loops' bits;
//! through UCI a Caïssa net file is taken and named by `eval`, and a bad one (another game's,
//! random bytes, cut short) gets one error line; `kaissa datagen --format binary` writes
//! Caïssa records that `kaissa train` reads into a net the engine then plays with.

mod net_pipeline;
mod nnue_walk;
mod session;
mod xorshift;

use kaissa::core::geometry::Color;
use kaissa::core::moves::Move;
use kaissa::core::nnue::inputs::NetInputs;
use kaissa::core::nnue::network::Network;
use kaissa::games::caissa::CaissaPosition;
use kaissa::games::caissa::nnue::{CaissaInputs, DESCRIPTION, INPUTS, fresh_sums};
use std::sync::Arc;
use xorshift::Rng;

/// A net of seeded random weights, `hidden` wide.
fn random_net(hidden: usize, seed: u64) -> Network {
    nnue_walk::random_net("random-caissa", DESCRIPTION, INPUTS, hidden, seed)
}

/// Asserts that `pos`'s kept sums equal a fresh state's, for both sides.
fn assert_fresh(pos: &CaissaPosition, net: &Arc<Network>, what: &str) {
    let kept = pos.net_state().expect("a net is attached");
    let fresh = fresh_sums(net.clone(), pos);
    for side in Color::BOTH {
        assert_eq!(kept.sums(side.index()), fresh.sums(side.index()), "{what}");
    }
}

#[test]
fn kept_sums_equal_fresh_sums_through_random_games() {
    let net = Arc::new(random_net(32, 7));
    let mut rng = Rng::new(61);
    let (mut captures, mut carries, mut swaps, mut passes, mut takebacks) = (0, 0, 0, 0, 0);
    for g in 0..40 {
        let mut pos = CaissaPosition::start();
        pos.attach_net(Some(&net));
        assert_fresh(&pos, &net, "start");
        for ply in 0..120 {
            let Some(mv) = nnue_walk::random_move(&pos, &mut rng) else {
                break;
            };
            if mv == Move::PASS {
                passes += 1;
            } else {
                let queen = pos.piece_at(mv.from()).is_some_and(|(_, t)| t == 0);
                match pos.piece_at(mv.to()) {
                    Some(_) if queen => captures += 1,
                    Some(_) => swaps += 1,
                    None if !pos.tiled(mv.to()) => carries += 1,
                    None => {}
                }
            }
            let what = format!("game {g} ply {ply} after {}", CaissaPosition::move_text(mv));
            let check = |p: &CaissaPosition, w: &str| assert_fresh(p, &net, w);
            takebacks += nnue_walk::step(&mut pos, mv, ply, &what, &mut rng, &check);
        }
    }
    assert!(
        captures > 0 && carries > 0 && swaps > 0 && takebacks > 0,
        "captures {captures}, carries {carries}, swaps {swaps}, take-backs {takebacks}"
    );
    let _ = passes; // a pass needs a blocked side: rare in random games
}

#[test]
fn a_net_attached_after_a_move_survives_its_take_back() {
    let net = Arc::new(random_net(16, 9));
    let mut pos = CaissaPosition::start();
    let mv = nnue_walk::random_move(&pos, &mut Rng::new(1)).unwrap();
    pos.make(mv);
    pos.attach_net(Some(&net));
    pos.unmake();
    assert_fresh(&pos, &net, "after taking back a move made before the net");
}

#[test]
fn simd_and_scalar_nets_evaluate_alike() {
    let fast = Arc::new(random_net(64, 11));
    let mut slow = (*fast).clone();
    slow.force_scalar();
    let slow = Arc::new(slow);
    let mut rng = Rng::new(5);
    let mut a = CaissaPosition::start();
    let mut b = CaissaPosition::start();
    a.attach_net(Some(&fast));
    b.attach_net(Some(&slow));
    let same = |a: &CaissaPosition, b: &CaissaPosition| assert_eq!(a.net_eval(), b.net_eval());
    nnue_walk::walk_pair(&mut a, &mut b, 100, &mut rng, &same);
}

/// A record carries the position's pieces and holes (one feature each, seen from either
/// side), its side to move, score and result; a bad FEN is refused.
#[test]
fn records_carry_pieces_and_holes() {
    let fen = "**1****/**2***/*2****/**2qB1/*1*1***/*N*Q1**/*4** b - 47";
    let pos = CaissaPosition::from_fen(fen).unwrap();
    let r = CaissaInputs.record_of_fen(fen, -40, 0).unwrap();
    let [white, black] = CaissaInputs.active_of_record(&r).unwrap();
    let holes = (0..49).filter(|&c| !pos.tiled(c)).count();
    let pieces = (0..49).filter(|&c| pos.piece_at(c).is_some()).count();
    assert_eq!(white.len(), holes + pieces);
    assert_eq!(black.len(), white.len());
    assert!(white.iter().all(|&f| f < INPUTS));
    assert_eq!((r.stm, r.score, r.result), (1, -40, 0));
    assert!(CaissaInputs.record_of_fen("not a fen", 0, 1).is_err());
}

/// `EvalFile` takes a Caïssa net and `eval` names it; a Kaissa net, random bytes or a net cut
/// short get one error line each and the net stays.
#[test]
fn uci_takes_a_caissa_net_and_refuses_bad_ones() {
    let dir = net_pipeline::temp_dir("caissa", "uci");
    let good = dir.join("caissa.knue");
    let bytes = random_net(16, 3).to_bytes();
    std::fs::write(&good, &bytes).unwrap();
    let cut = dir.join("cut.knue");
    std::fs::write(&cut, &bytes[..bytes.len() / 2]).unwrap();
    let noise = dir.join("noise.knue");
    let mut rng = Rng::new(4);
    std::fs::write(
        &noise,
        (0..3000).map(|_| rng.next() as u8).collect::<Vec<_>>(),
    )
    .unwrap();
    let kaissa_net = dir.join("merchants.knue");
    std::fs::write(&kaissa_net, std::fs::read("nets/merchants-2.knue").unwrap()).unwrap();
    let bad = [&kaissa_net, &noise, &cut];
    let mut input = format!(
        "uci\nsetoption name UCI_Variant value caissa\neval\n\
         setoption name EvalFile value {}\neval\n",
        good.display()
    );
    for b in bad {
        input.push_str(&format!(
            "setoption name EvalFile value {}\neval\n",
            b.display()
        ));
    }
    input.push_str("setoption name Use NNUE value false\neval\ngo depth 3\nisready\nquit\n");
    let lines = net_pipeline::session(&input);
    let nets = net_pipeline::nets(&lines);
    assert_eq!(
        nets,
        [
            "caissa-3",
            "random-caissa",
            "random-caissa",
            "random-caissa",
            "random-caissa",
            "none"
        ],
        "{lines:?}"
    );
    let errors: Vec<&String> = lines.iter().filter(|l| l.contains("error")).collect();
    assert_eq!(errors.len(), bad.len(), "{lines:?}");
    for (e, file) in errors.iter().zip(bad) {
        assert!(e.starts_with("info string error: EvalFile "), "{e}");
        assert!(e.contains(&*file.to_string_lossy()), "{e}");
    }
    assert!(
        lines.iter().any(|l| l.starts_with("bestmove ")),
        "{lines:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The data generator writes Caïssa's binary records and the trainer makes a net of them that
/// the engine searches with.
#[test]
fn datagen_and_train_make_a_caissa_net() {
    let dir = net_pipeline::temp_dir("caissa", "train");
    let (data, net) = (dir.join("caissa.bin"), dir.join("caissa-test.knue"));
    net_pipeline::make_net("caissa", 4, 64, "caissa-test", &["--mirror"], &data, &net);
    net_pipeline::plays_with("caissa", &net, "caissa-test", 3);
    let _ = std::fs::remove_dir_all(&dir);
}
