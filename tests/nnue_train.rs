//! The trainer: on records of seeded random games scored by the hand-written evaluation, a
//! few epochs lower the held-out loss, the same seed makes the same net, the quantised net
//! evaluates within a stated tolerance of the float net it came from, and records that are
//! not of the game are refused by number.

mod xorshift;

use kaissa::core::moves::Move;
use kaissa::core::nnue::record::{RECORD_BYTES, Record};
use kaissa::games::kaissa::eval::EvalTables;
use kaissa::games::kaissa::game::Game;
use kaissa::games::kaissa::nnue::{FeatureMap, record_of};
use kaissa::games::variants::Registry;
use kaissa::train::data::{example, read_records};
use kaissa::train::model::{Params, output_cp};
use kaissa::train::{TrainConfig, train};
use std::sync::Arc;
use xorshift::Rng;

fn game(name: &str) -> Arc<Game<u128>> {
    let def = Registry::builtin().get(name, &[]).unwrap();
    Arc::new(Game::<u128>::new(&def).unwrap())
}

/// Records of random games, each position scored by the hand-written evaluation.
fn records(game: &Arc<Game<u128>>, n: usize, seed: u64) -> Vec<Record> {
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

fn config(epochs: usize) -> TrainConfig {
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
    }
}

#[test]
fn training_learns_and_the_quantised_net_follows_the_float_net() {
    let g = game("merchants");
    let recs = records(&g, 6000, 1);
    let mut losses = Vec::new();
    let net = train(&g, &recs, &config(6), &|_, _| {}, &mut |r, _| {
        losses.push(r.validation_loss);
        Ok(())
    })
    .unwrap();
    assert!(losses[5] < losses[0] * 0.8, "held-out loss {losses:?}");
    // The same seed makes the same net.
    let again = train(&g, &recs, &config(6), &|_, _| {}, &mut |_, _| Ok(())).unwrap();
    assert_eq!(net.to_bytes(), again.to_bytes());
}

#[test]
fn quantised_output_is_within_tolerance_of_the_float_output() {
    // A float net of seeded random weights.
    let g = game("merchants");
    let map = FeatureMap::new(&g);
    let params = Params::random(map.inputs(), 64, 5);
    let net = Arc::new(params.quantise("q", map.description()).unwrap());
    let mut rng = Rng::new(9);
    let (mut worst, mut total) = (0.0f32, 0.0f32);
    for _ in 0..40 {
        let mut pos = g.start_position();
        for _ in 0..rng.below(60) {
            let mut list: Vec<Move> = Vec::new();
            pos.generate(&mut list);
            if list.is_empty() || pos.decided().is_some() {
                break;
            }
            pos.make(list[rng.below(list.len())]);
        }
        let rec = record_of(&pos, 0, 1).unwrap();
        let float_cp = output_cp(params.forward(&example(&map, &rec, 1.0).unwrap()));
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
    let g = game("merchants");
    let mut recs = records(&g, 50, 2);
    let foreign = Record::new(&[(99, 0, 15)], [&[], &[]], 0, 0, 1, 1).unwrap();
    recs.insert(17, foreign);
    let e = train(&g, &recs, &config(1), &|_, _| {}, &mut |_, _| Ok(())).unwrap_err();
    assert!(e.starts_with("record 18:"), "{e}");
    let mut bytes: Vec<u8> = recs[..3].iter().flat_map(|r| r.to_bytes()).collect();
    assert_eq!(read_records(&g, "f", &bytes).unwrap().len(), 3);
    bytes.push(1);
    let e = read_records(&g, "f", &bytes).unwrap_err();
    assert!(e.contains("record 4 is cut short"), "{e}");
    bytes.truncate(RECORD_BYTES * 3);
    bytes[RECORD_BYTES + 59] = 9;
    assert!(
        read_records(&g, "f", &bytes)
            .unwrap_err()
            .starts_with("f: record 2:")
    );
    let text = b"not a fen | 1 | 0.5\n";
    assert!(
        read_records(&g, "t", text)
            .unwrap_err()
            .starts_with("t: line 1:")
    );
}
