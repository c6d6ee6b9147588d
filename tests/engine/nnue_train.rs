//! The trainer: on records of seeded random games scored by the hand-written evaluation, a
//! few epochs lower the held-out loss, the same seed makes the same net, the quantised net
//! evaluates within a stated tolerance of the float net it came from, and records that are
//! not of the game are refused by number.

use crate::xorshift;

use kaissa::core::geometry::Color;
use kaissa::core::moves::Move;
use kaissa::core::nnue::feature::NetFeatures;
use kaissa::core::nnue::record::{RECORD_BYTES, Record};
use kaissa::games::kaissa::eval::EvalTables;
use kaissa::games::kaissa::game::Game;
use kaissa::games::kaissa::nnue::{KaissaInputs, record_of, record_of_fen};
use kaissa::games::kaissa::position::Position;
use kaissa::games::variants::Registry;
use kaissa::train::data::{example, example_with, read_records};
use kaissa::train::model::{Params, output_cp};
use kaissa::train::{TrainConfig, train, train_with_held_out};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use xorshift::Rng;

pub(crate) fn game(name: &str) -> Arc<Game<u128>> {
    let def = Registry::builtin().get(name, &[]).unwrap();
    Arc::new(Game::<u128>::new(&def).unwrap())
}

/// The game's inputs as the trainer sees them.
pub(crate) fn inputs(game: &Arc<Game<u128>>) -> KaissaInputs {
    KaissaInputs::new(game.clone())
}

/// Records of random games, each position scored by the hand-written evaluation.
pub(crate) fn records(game: &Arc<Game<u128>>, n: usize, seed: u64) -> Vec<Record> {
    let eval = EvalTables::for_game(game);
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < n {
        let mut pos = game.start_position();
        for _ in 0..120 {
            let mut list: Vec<Move> = Vec::new();
            pos.generate(&mut list);
            if list.is_empty() || pos.decided().is_some() {
                break;
            }
            pos.make(list[rng.below(list.len())]);
            let score = eval.hand_written(&pos).clamp(-3000, 3000);
            out.push(record_of(&pos, score, 1).unwrap());
        }
    }
    out.truncate(n);
    out
}

/// The position after up to 59 random moves from the start (fewer when the game ends).
fn random_position(g: &Arc<Game<u128>>, rng: &mut Rng) -> Position<u128> {
    let mut pos = g.start_position();
    for _ in 0..rng.below(60) {
        let mut list: Vec<Move> = Vec::new();
        pos.generate(&mut list);
        if list.is_empty() || pos.decided().is_some() {
            break;
        }
        pos.make(list[rng.below(list.len())]);
    }
    pos
}

pub(crate) fn config(epochs: usize) -> TrainConfig {
    TrainConfig {
        hidden: 32,
        epochs,
        batch: 512,
        lr: 0.005,
        lr_drop: epochs,
        decay: 0.0,
        lambda: 1.0,
        validation: 0.1,
        seed: 7,
        name: "test".into(),
        factorise: false,
        mirror: false,
        init: None,
    }
}

#[test]
fn training_learns_and_the_quantised_net_follows_the_float_net() {
    let _g = crate::serial::shared();
    let g = game("merchants");
    let recs = records(&g, 6000, 1);
    let mut losses = Vec::new();
    let net = train(&inputs(&g), &recs, &config(6), &|_, _| {}, &mut |r, _| {
        losses.push(r.validation_loss);
        Ok(())
    })
    .unwrap();
    assert!(losses[5] < losses[0] * 0.8, "held-out loss {losses:?}");
    // The same seed makes the same net.
    let again = train(&inputs(&g), &recs, &config(6), &|_, _| {}, &mut |_, _| {
        Ok(())
    })
    .unwrap();
    assert_eq!(net.to_bytes(), again.to_bytes());
}

#[test]
fn quantised_output_is_within_tolerance_of_the_float_output() {
    let _g = crate::serial::shared();
    // A float net of seeded random weights.
    let g = game("merchants");
    let map = g.features.clone();
    let params = Params::random(map.inputs(), 64, 5);
    let net = Arc::new(params.quantise("q", map.description()).unwrap());
    let mut rng = Rng::new(9);
    let (mut worst, mut total) = (0.0f32, 0.0f32);
    for _ in 0..40 {
        let mut pos = random_position(&g, &mut rng);
        let rec = record_of(&pos, 0, 1).unwrap();
        let float_cp = output_cp(params.forward(&example(&inputs(&g), &rec, 1.0).unwrap()));
        pos.attach_net(Some(&net));
        let int_cp = pos.net_eval().unwrap() as f32;
        worst = worst.max((float_cp - int_cp).abs() / (16.0 + float_cp.abs() * 0.02));
        total += (float_cp - int_cp).abs();
    }
    // Each within 16 cp plus 2% of the evaluation, 6 cp on average: the output weights' step
    // (1/64) and the first layer's (1/255) move a 64-wide net's output by a few centipawns.
    assert!(worst <= 1.0, "worst scaled difference {worst}");
    assert!(total / 40.0 <= 6.0, "mean difference {} cp", total / 40.0);
}

#[test]
fn records_of_another_game_or_damaged_files_are_refused_by_number() {
    let _g = crate::serial::shared();
    let g = game("merchants");
    let mut recs = records(&g, 50, 2);
    let foreign = Record::new(&[(99, 0, 15)], [&[], &[]], 0, 0, 1, 1).unwrap();
    recs.insert(17, foreign);
    let e = train(&inputs(&g), &recs, &config(1), &|_, _| {}, &mut |_, _| {
        Ok(())
    })
    .unwrap_err();
    assert!(e.starts_with("record 18:"), "{e}");
    let mut bytes: Vec<u8> = recs[..3]
        .iter()
        .flat_map(|r| r.to_bytes(RECORD_BYTES).unwrap())
        .collect();
    assert_eq!(read_records(&inputs(&g), "f", &bytes).unwrap().len(), 3);
    bytes.push(1);
    let e = read_records(&inputs(&g), "f", &bytes).unwrap_err();
    assert!(e.contains("record 4 is cut short"), "{e}");
    bytes.truncate(RECORD_BYTES * 3);
    bytes[RECORD_BYTES + 59] = 9;
    assert!(
        read_records(&inputs(&g), "f", &bytes)
            .unwrap_err()
            .starts_with("f: record 2:")
    );
    let text = b"not a fen | 1 | 0.5\n";
    assert!(
        read_records(&inputs(&g), "t", text)
            .unwrap_err()
            .starts_with("t: line 1:")
    );
}

/// Held-out positions of other games: every record trains, the loss is measured on them (and
/// falls; with no epochs, once, on the start), and a bad held-out record is refused by number.
#[test]
fn a_held_out_set_of_other_games_measures_the_loss() {
    let _g = crate::serial::shared();
    let g = game("merchants");
    let recs = records(&g, 3000, 3);
    let held = records(&g, 500, 4);
    let mut losses = Vec::new();
    let batches = std::sync::atomic::AtomicUsize::new(0);
    train_with_held_out(
        &inputs(&g),
        &recs,
        &held,
        &config(4),
        &|_, _| {},
        &mut |r, _| {
            losses.push(r.validation_loss);
            Ok(())
        },
    )
    .unwrap();
    // With a held-out set, no share of the training records is drawn out.
    let count = |_: usize, total: usize| batches.store(total, Ordering::Relaxed);
    train_with_held_out(
        &inputs(&g),
        &recs,
        &held,
        &config(1),
        &count,
        &mut |_, _| Ok(()),
    )
    .unwrap();
    assert_eq!(batches.load(Ordering::Relaxed), recs.len().div_ceil(512));
    assert!(losses[3] < losses[0] && losses[0] > 0.0, "{losses:?}");
    // No epochs: the start measured once, as epoch 0, and the same figure as an epoch that
    // barely moves the weights reports; training lowers it.
    let held_loss = |cfg: &TrainConfig| {
        let mut reports = Vec::new();
        train_with_held_out(&inputs(&g), &recs, &held, cfg, &|_, _| {}, &mut |r, _| {
            reports.push((r.epoch, r.validation_loss));
            Ok(())
        })
        .unwrap();
        reports
    };
    let start = held_loss(&config(0));
    assert_eq!(start.len(), 1);
    assert_eq!(start[0].0, 0);
    let still = held_loss(&TrainConfig {
        lr: 1e-9,
        ..config(1)
    });
    assert!(
        (still[0].1 - start[0].1).abs() < start[0].1 * 1e-3,
        "{start:?} {still:?}"
    );
    assert!(losses[0] < start[0].1, "{start:?} {losses:?}");
    let mut bad = held.clone();
    bad.insert(
        9,
        Record::new(&[(99, 0, 15)], [&[], &[]], 0, 0, 1, 1).unwrap(),
    );
    let e = train_with_held_out(
        &inputs(&g),
        &recs,
        &bad,
        &config(1),
        &|_, _| {},
        &mut |_, _| Ok(()),
    )
    .unwrap_err();
    assert!(e.starts_with("held-out record 10:"), "{e}");
}

/// A net trained with shared inputs per piece type, folded into the board features when
/// quantised, evaluates as the float net with its shared inputs does.
#[test]
fn a_folded_net_follows_the_float_net_with_its_shared_inputs() {
    let _g = crate::serial::shared();
    let g = game("merchants");
    let map = g.features.clone();
    let mut params = Params::random(map.inputs() + map.factors(), 32, 11);
    // Shared rows of their own size, so folding them in changes every board row.
    let h = params.hidden;
    let mut rng = Rng::new(12);
    for w in params.w1[map.inputs() * h..].iter_mut() {
        *w = (rng.below(200) as f32 - 100.0) / 1000.0;
    }
    let factor = |f: usize| map.factor(f).map(|k| map.inputs() + k);
    let net = params
        .quantise_folded("f", map.description(), map.inputs(), &factor)
        .unwrap();
    assert_eq!(net.inputs, map.inputs());
    let net = Arc::new(net);
    let mut total = 0.0f32;
    let mut rng = Rng::new(13);
    for _ in 0..40 {
        let mut pos = random_position(&g, &mut rng);
        let rec = record_of(&pos, 0, 1).unwrap();
        let shared = example_with(&inputs(&g), &rec, 1.0, true, false).unwrap();
        let float_cp = output_cp(params.forward(&shared));
        let plain_cp = output_cp(params.forward(&example(&inputs(&g), &rec, 1.0).unwrap()));
        pos.attach_net(Some(&net));
        let int_cp = pos.net_eval().unwrap() as f32;
        let tolerance = 16.0 + 0.02 * float_cp.abs();
        assert!(
            (float_cp - int_cp).abs() <= tolerance,
            "{float_cp} vs {int_cp}"
        );
        total += (float_cp - plain_cp).abs();
    }
    // The shared inputs matter: without them the float net says something else.
    assert!(total / 40.0 > 5.0, "{}", total / 40.0);
}

/// The mirror of a position's features is the features of the mirrored position (every
/// rank's cells reversed), twice the mirror is the position itself, and the donkey board has
/// no mirror.
#[test]
fn mirrored_features_are_those_of_the_mirrored_position() {
    let _g = crate::serial::shared();
    let g = game("merchants");
    let map = g.features.clone();
    let fen = "ibst1atsbi/1rpp2pprx/4p5/2x2p4/10/10/4TT4/2R4R2/X1PPPPPP1X/I1S1UA1SBI[Hh] b - - 1 6";
    let mirrored_fen =
        "ibsta1tsbi/xrpp2ppr1/5p4/4p2x2/10/10/4TT4/2R4R2/X1PPPPPP1X/IBS1AU1S1I[Hh] b - - 1 6";
    let sorted = |mut v: Vec<usize>| {
        v.sort_unstable();
        v
    };
    let rec = record_of_fen(&g, fen, 0, 1).unwrap();
    let mir = record_of_fen(&g, mirrored_fen, 0, 1).unwrap();
    let [a0, a1] = map.active_of_record(&rec).unwrap();
    let [m0, m1] = map.active_of_record(&mir).unwrap();
    let mirror = |v: &[usize]| sorted(v.iter().map(|&f| map.mirrored(f).unwrap()).collect());
    assert_eq!(mirror(&a0), sorted(m0));
    assert_eq!(mirror(&a1), sorted(m1));
    assert_eq!(sorted(mirror(&mirror(&a0))), sorted(a0.clone()));
    let ex = example_with(&inputs(&g), &rec, 1.0, false, true).unwrap();
    assert_eq!(
        sorted(ex.us.iter().map(|&f| f as usize).collect()),
        mirror(&a1)
    );
    let donkey = game("donkey").features.clone();
    assert_eq!(donkey.mirrored(0), None);
}

#[test]
fn a_start_from_a_net_begins_with_its_weights_and_another_rule_sets_rows_go_by_letter() {
    let _g = crate::serial::shared();
    let m = game("merchants");
    let map = m.features.clone();
    let net = Params::random(map.inputs(), 32, 3)
        .quantise("start", map.description())
        .unwrap();
    // No epoch: the net written is the start, weight for weight.
    let cfg = TrainConfig {
        init: Some(net.clone()),
        ..config(0)
    };
    let recs = records(&m, 100, 4);
    let same = train(&inputs(&m), &recs, &cfg, &|_, _| {}, &mut |_, _| Ok(())).unwrap();
    assert_eq!(same.weights(), net.weights());
    // Northern's rows from merchants' net: each letter's rows where merchants has them
    // (side, cell and hand slot kept), 0 for the Physician, which merchants lacks.
    let n = game("northern");
    let nmap = n.features.clone();
    let rows = nmap.rows_from(map.description()).unwrap();
    assert_eq!(rows.len(), nmap.inputs());
    let type_of =
        |g: &Game<u128>, c: char| g.pieces.iter().position(|p| p.letter == c).unwrap() as u8;
    for (c, cell, color) in [
        ('U', 4, Color::First),
        ('P', 17, Color::Second),
        ('H', 93, Color::First),
    ] {
        let ours = nmap.board(color, type_of(&n, c), cell);
        let theirs = map.board(color, type_of(&m, c), cell);
        assert_eq!(rows[ours.0], Some(theirs.0), "{c} on {cell}");
        assert_eq!(rows[ours.1], Some(theirs.1), "{c} on {cell}");
    }
    let held = nmap.hand(Color::Second, type_of(&n, 'H'), 1).unwrap();
    let theirs = map.hand(Color::Second, type_of(&m, 'H'), 1).unwrap();
    assert_eq!(
        (rows[held.0], rows[held.1]),
        (Some(theirs.0), Some(theirs.1))
    );
    let physician = nmap.board(Color::First, type_of(&n, 'M'), 10);
    assert_eq!((rows[physician.0], rows[physician.1]), (None, None));
    let started = train(
        &inputs(&n),
        &records(&n, 100, 5),
        &TrainConfig {
            init: Some(net.clone()),
            ..config(0)
        },
        &|_, _| {},
        &mut |_, _| Ok(()),
    )
    .unwrap();
    assert_eq!(started.weights().1, net.weights().1);
    // A net of another width or another board is refused in one line.
    let wide = TrainConfig {
        init: Some(net.clone()),
        hidden: 64,
        ..config(0)
    };
    let e = train(&inputs(&m), &recs, &wide, &|_, _| {}, &mut |_, _| Ok(())).unwrap_err();
    assert!(e.contains("32 wide, not 64"), "{e}");
    let donkey = Game::<u128>::new(&Registry::builtin().get("donkey", &[]).unwrap()).unwrap();
    let e = donkey
        .features
        .clone()
        .rows_from(map.description())
        .unwrap_err();
    assert!(e.contains("another board"), "{e}");
}
