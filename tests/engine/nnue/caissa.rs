//! Caïssa's own net tests: a record carries the position's pieces and holes; through UCI a
//! Caïssa net file is taken and named by `eval`, and a bad one (another game's, random bytes,
//! cut short) gets one error line; `kaissa datagen --format binary` writes Caïssa records that
//! `kaissa train` reads into a net the engine then plays with.

use super::{net_pipeline, nnue_walk};
use kaissa::core::nnue::inputs::NetInputs;
use kaissa::core::nnue::network::Network;
use kaissa::games::caissa::CaissaPosition;
use kaissa::games::caissa::nnue::{CaissaInputs, DESCRIPTION, INPUTS};

/// A net of seeded random weights, `hidden` wide.
fn random_net(hidden: usize, seed: u64) -> Network {
    nnue_walk::random_net("random-caissa", DESCRIPTION, INPUTS, hidden, seed)
}

/// A record carries the position's pieces and holes (one feature each, seen from either
/// side), its side to move, score and result; a bad FEN is refused.
#[test]
fn records_carry_pieces_and_holes() {
    let _g = crate::serial::shared();
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
    let _g = crate::serial::shared();
    let dir = net_pipeline::temp_dir("caissa", "uci");
    let (mut input, bad) =
        net_pipeline::net_file_session(&dir, "caissa", &random_net(16, 3).to_bytes());
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
    for (e, file) in errors.iter().zip(&bad) {
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
/// the engine searches with; with no epochs the trainer measures a net and writes it as it is.
#[test]
fn datagen_and_train_make_a_caissa_net() {
    let _g = crate::serial::shared();
    let dir = net_pipeline::temp_dir("caissa", "train");
    let (data, net) = (dir.join("caissa.bin"), dir.join("caissa-test.knue"));
    net_pipeline::make_net("caissa", 4, 64, "caissa-test", &["--mirror"], &data, &net);
    net_pipeline::plays_with("caissa", &net, "caissa-test", 3);
    // --epochs 0 measures a net on held-out data and writes it unchanged.
    let again = dir.join("again.knue");
    let (d, n, a) = (
        data.to_str().unwrap(),
        net.to_str().unwrap(),
        again.to_str().unwrap(),
    );
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kaissa"))
        .args([
            "train",
            "--variant",
            "caissa",
            "--hidden",
            "16",
            "--epochs",
            "0",
        ])
        .args(["--data", d, "--held-out", d, "--init", n, "--out", a])
        .args(["--name", "caissa-test", "--quiet"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    let line = err
        .lines()
        .find(|l| l.starts_with("train: the start, no epochs: held-out "))
        .unwrap_or_else(|| panic!("{err}"));
    let loss: f64 = line.rsplit(' ').next().unwrap().parse().unwrap();
    assert!(loss > 0.0 && loss < 1.0, "{line}");
    assert_eq!(std::fs::read(&again).unwrap(), std::fs::read(&net).unwrap());
    let _ = std::fs::remove_dir_all(&dir);
}
