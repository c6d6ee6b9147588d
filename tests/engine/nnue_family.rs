//! Family nets (`kaissa train` with data of several rule sets): one model trained on the
//! merchants and northern armies at once learns each army, the net written for each army
//! scores its positions as the model did, the same seed makes the same nets, and rule sets of
//! another board are refused.

use super::nnue_train::{config, game, inputs, records};
use kaissa::core::nnue::network::Network;
use kaissa::core::nnue::record::Record;
use kaissa::games::kaissa::nnue::KaissaInputs;
use kaissa::train::TrainConfig;
use kaissa::train::data::example;
use kaissa::train::family::{Member, train_family};
use kaissa::train::model::Params;

/// The mean loss of `net` (dequantised) on `held`, as the trainer measures it.
fn loss_of(net: &Network, map: &KaissaInputs, held: &[Record]) -> f64 {
    let params = Params::from_network(net, net.inputs, &|f| Some(f));
    held.iter()
        .map(|r| {
            let ex = example(map, r, 1.0).unwrap();
            let p = 1.0 / (1.0 + (-params.forward(&ex)).exp());
            ((p - ex.target) * (p - ex.target)) as f64
        })
        .sum::<f64>()
        / held.len() as f64
}

#[test]
fn a_family_learns_each_army_and_each_net_scores_as_the_model() {
    let _g = crate::serial::shared();
    let (m, n) = (game("merchants"), game("northern"));
    let (mi, ni) = (inputs(&m), inputs(&n));
    let members = || {
        vec![
            Member {
                map: &mi,
                records: records(&m, 3000, 21),
                held: records(&m, 400, 22),
                name: "fm".into(),
            },
            Member {
                map: &ni,
                records: records(&n, 3000, 23),
                held: records(&n, 400, 24),
                name: "fn".into(),
            },
        ]
    };
    let cfg = TrainConfig {
        factorise: true,
        mirror: true,
        ..config(5)
    };
    let family = members();
    let mut parts = Vec::new();
    let nets = train_family(&family, &cfg, &|_, _| {}, &mut |r, nets| {
        assert_eq!(nets.len(), 2);
        parts.push(r.validation_parts.clone());
        Ok(())
    })
    .unwrap();
    assert_eq!(parts.len(), 5);
    for k in 0..2 {
        assert!(parts[4][k] < parts[0][k] * 0.9, "member {k}: {parts:?}");
    }
    // Each army's net reads that army's inputs, under its own name.
    assert_eq!(
        (nets[0].name.as_str(), nets[0].features.as_str()),
        ("fm", m.features.description())
    );
    assert_eq!(nets[1].features, n.features.description());
    // The net written for each army, with its own, factor and shared rows folded in, scores
    // the army's held-out positions as the model did (quantisation aside).
    for (k, (net, map)) in nets.iter().zip([&mi, &ni]).enumerate() {
        let written = loss_of(net, map, &family[k].held);
        let model = parts[4][k];
        assert!(
            (written - model).abs() <= 0.05 * model,
            "member {k}: written {written}, model {model}"
        );
    }
    // The same seed and data make the same nets.
    let again = train_family(&members(), &cfg, &|_, _| {}, &mut |_, _| Ok(())).unwrap();
    for (a, b) in nets.iter().zip(&again) {
        assert_eq!(a.to_bytes(), b.to_bytes());
    }
}

#[test]
fn a_family_is_of_one_board_and_its_letters_are_all_its_armies() {
    let _g = crate::serial::shared();
    let (m, n) = (game("merchants"), game("northern"));
    // Northern's letters, then merchants' Assassin, which northern lacks.
    assert_eq!(
        n.features
            .family_description(&[m.features.description()])
            .unwrap(),
        "kaissa family: UATSBIRPHMX 10x10 hand 2"
    );
    let donkey = game("donkey");
    let (mi, di) = (inputs(&m), inputs(&donkey));
    let family = vec![
        Member {
            map: &mi,
            records: records(&m, 50, 1),
            held: Vec::new(),
            name: "m".into(),
        },
        Member {
            map: &di,
            records: records(&donkey, 50, 2),
            held: Vec::new(),
            name: "d".into(),
        },
    ];
    let e = train_family(&family, &config(1), &|_, _| {}, &mut |_, _| Ok(())).unwrap_err();
    assert!(e.contains("not of one board"), "{e}");
    // A member without training positions is named.
    let empty = vec![Member {
        map: &mi,
        records: Vec::new(),
        held: Vec::new(),
        name: "m".into(),
    }];
    let e = train_family(&empty, &config(1), &|_, _| {}, &mut |_, _| Ok(())).unwrap_err();
    assert_eq!(e, "m: no training positions");
}
