//! Jikaida's own net tests: a board of another size gets no net; a record carries the pieces
//! (unmoved ones as their own types) and the Fluttembers; through UCI a Jikaida net file is
//! taken and named by `eval`, a bad one (another game's, random bytes, cut short) gets one
//! error line, and a board of another size plays the hand-written evaluation (`net: none`)
//! until the 12 x 18 board returns with the net; the built-in net plays `jikaida` but not its
//! forms, which a net file still plays; `kaissa datagen --format binary` writes Jikaida's
//! 128-byte records that `kaissa train` reads into a net the engine then plays with.

use super::{net_pipeline, nnue_walk};
use kaissa::core::bitboard::Wide;
use kaissa::core::nnue::feature::NetFeatures;
use kaissa::core::nnue::inputs::NetInputs;
use kaissa::core::nnue::network::Network;
use kaissa::games::jikaida::board::Board;
use kaissa::games::jikaida::fen::START_FEN;
use kaissa::games::jikaida::nnue::{DESCRIPTION, INPUTS, JikaidaInputs};
use kaissa::games::jikaida::{JikaidaPosition, KING};
use std::sync::Arc;

/// Swods one step from promotion on both sides, and sliders in the middle.
const PROMOTING: &str =
    "5k6/S'1S'9/12/12/12/12/12/12/2C3c2D'd'1/12/12/12/12/12/12/12/s'1s'9/5K6 y - 30";

/// A net of seeded random weights, `hidden` wide.
fn random_net(hidden: usize, seed: u64) -> Network {
    nnue_walk::random_net("random-jikaida", DESCRIPTION, INPUTS, hidden, seed)
}

/// No net is attached on a board of another size.
#[test]
fn other_boards_get_no_net() {
    let _g = crate::serial::shared();
    let net = Arc::new(random_net(16, 9));
    let big = format!("k17/{}17K y - 1", "18/".repeat(22));
    let mut other: JikaidaPosition<Wide<7>> =
        JikaidaPosition::from_fen(Arc::new(Board::new(18, 24)), &big).unwrap();
    other.attach_net(Some(&net));
    assert!(other.net_eval().is_none());
    let mut start: JikaidaPosition<Wide<4>> =
        JikaidaPosition::from_fen(Arc::new(Board::new(12, 18)), START_FEN).unwrap();
    start.attach_net(Some(&net));
    assert!(start.net_eval().is_some());
}

/// A record carries the pieces (unmoved ones as their own types), the Fluttembers still
/// open as a King in hand, the side to move, score and result; a bad FEN is refused.
#[test]
fn records_carry_pieces_first_moves_and_fluttembers() {
    let _g = crate::serial::shared();
    let inputs = JikaidaInputs::new();
    let r = inputs.record_of_fen(START_FEN, -40, 0).unwrap();
    let [yellow, blue] = inputs.active_of_record(&r).unwrap();
    assert_eq!(yellow.len(), 72 + 2);
    assert_eq!(blue.len(), yellow.len());
    assert!(yellow.iter().all(|&f| f < INPUTS));
    assert_eq!((r.hand(0), r.hand(1)), (Some((KING, 1)), Some((KING, 1))));
    assert_eq!((r.stm, r.score, r.result), (0, -40, 0));
    let moved = START_FEN.replacen("SSSSSSSSSSSS", "S'SSSSSSSSSSS", 1);
    let r2 = inputs.record_of_fen(&moved, -40, 0).unwrap();
    let [y2, _] = inputs.active_of_record(&r2).unwrap();
    assert_eq!(yellow.iter().filter(|f| !y2.contains(f)).count(), 1);
    let r3 = inputs.record_of_fen(PROMOTING, 0, 1).unwrap();
    assert_eq!((r3.hand(0), r3.hand(1)), (None, None));
    assert!(inputs.record_of_fen("not a fen", 0, 1).is_err());
}

/// `eval` names the built-in net; `EvalFile` takes a Jikaida net and `eval` names it; a
/// Kaissa net, random bytes or a net cut short get one error line each and the net stays; an
/// 18 x 24 position plays without it and the 12 x 18 start brings it back.
#[test]
fn uci_takes_a_jikaida_net_and_refuses_bad_ones() {
    let _g = crate::serial::shared();
    let dir = net_pipeline::temp_dir("jikaida", "uci");
    let (mut input, bad) =
        net_pipeline::net_file_session(&dir, "jikaida", &random_net(16, 3).to_bytes());
    let big = format!("k17/{}17K y - 1", "18/".repeat(22));
    input.push_str(&format!(
        "position fen {big}\neval\ngo depth 2\nisready\nposition startpos\neval\n\
         setoption name Use NNUE value false\neval\ngo depth 2\nisready\nquit\n"
    ));
    let lines = net_pipeline::session(&input);
    let nets = net_pipeline::nets(&lines);
    let named = "random-jikaida";
    assert_eq!(
        nets,
        [
            "jikaida-3",
            named,
            named,
            named,
            named,
            "none",
            named,
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
    let best = lines.iter().filter(|l| l.starts_with("bestmove ")).count();
    assert_eq!(best, 2, "{lines:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `jikaida` plays its built-in net jikaida-3, `jikaida-swods` and `porondwa` jikaida-forms-1
/// (jikaida-3 was measured weaker there than the hand-written evaluation); a net file plays
/// any form.
#[test]
fn each_form_plays_its_built_in_net_and_a_net_file_every_form() {
    let _g = crate::serial::shared();
    let dir = net_pipeline::temp_dir("jikaida", "forms");
    let file = dir.join("jikaida.knue");
    std::fs::write(&file, random_net(16, 5).to_bytes()).unwrap();
    let lines = net_pipeline::session(&format!(
        "uci\nsetoption name UCI_Variant value jikaida-swods\neval\n\
         setoption name UCI_Variant value porondwa\neval\ngo depth 2\nisready\n\
         setoption name UCI_Variant value jikaida\neval\n\
         setoption name UCI_Variant value jikaida-swods\nsetoption name EvalFile value {}\n\
         eval\ngo depth 2\nisready\nquit\n",
        file.display()
    ));
    let nets = net_pipeline::nets(&lines);
    assert_eq!(
        nets,
        [
            "jikaida-forms-1",
            "jikaida-forms-1",
            "jikaida-3",
            "random-jikaida"
        ],
        "{lines:?}"
    );
    let best = lines.iter().filter(|l| l.starts_with("bestmove ")).count();
    assert_eq!(best, 2, "{lines:?}");
    assert!(!lines.iter().any(|l| l.contains("error")), "{lines:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The data generator writes Jikaida's 128-byte records and the trainer makes a net of them
/// that the engine searches with.
#[test]
fn datagen_and_train_make_a_jikaida_net() {
    let _g = crate::serial::shared();
    let dir = net_pipeline::temp_dir("jikaida", "train");
    let (data, net) = (dir.join("jikaida.bin"), dir.join("jikaida-test.knue"));
    net_pipeline::make_net("jikaida", 2, 128, "jikaida-test", &[], &data, &net);
    net_pipeline::plays_with("jikaida", &net, "jikaida-test", 2);
    let _ = std::fs::remove_dir_all(&dir);
}
