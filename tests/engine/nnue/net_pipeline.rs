//! The learned evaluation's pipeline as a user runs it, for the games' net tests: `kaissa
//! datagen --format binary` writes records, `kaissa train` makes a small net of them, and a UCI
//! session plays with it. A module of `nnue`; it drives
//! the binary through the target's `crate::session`.

use std::path::{Path, PathBuf};

/// The engine's whole output for `input`, by line.
pub fn session(input: &str) -> Vec<String> {
    crate::session::session(input)
        .lines()
        .map(String::from)
        .collect()
}

/// The net each `eval` of a session's `lines` named (`none` for the hand-written evaluation).
pub fn nets(lines: &[String]) -> Vec<&str> {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix("net: "))
        .collect()
}

/// A fresh directory for `game`'s test `tag`, under the system's temporary one.
pub fn temp_dir(game: &str, tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kaissa-{game}-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Plays `games` self-play games of `variant` at 200 nodes a move (seed 3, one job) into `data`
/// as binary records, asserts the file is a whole, non-zero number of `record`-byte records,
/// then trains a net named `name` on it into `net`: 16 wide, two epochs, batch 64, with
/// `extra` flags.
pub fn make_net(
    variant: &str,
    games: u32,
    record: usize,
    name: &str,
    extra: &[&str],
    data: &Path,
    net: &Path,
) {
    let data_arg = data.to_str().unwrap();
    let games = games.to_string();
    crate::session::run_ok(&[
        "datagen",
        "--variant",
        variant,
        "--games",
        &games,
        "--nodes",
        "200",
        "--seed",
        "3",
        "--jobs",
        "1",
        "--format",
        "binary",
        "--out",
        data_arg,
    ]);
    let bytes = std::fs::read(data).unwrap();
    assert!(
        !bytes.is_empty() && bytes.len().is_multiple_of(record),
        "{} bytes",
        bytes.len()
    );
    let mut args = vec![
        "train",
        "--variant",
        variant,
        "--hidden",
        "16",
        "--epochs",
        "2",
        "--batch",
        "64",
        "--quiet",
        "--name",
        name,
        "--data",
        data_arg,
        "--out",
    ];
    args.push(net.to_str().unwrap());
    args.extend_from_slice(extra);
    crate::session::run_ok(&args);
}

/// Asserts that a UCI session of `variant` with `net` as its `EvalFile` names the net
/// `name` in `eval`, answers `go depth D` with a move, and reports no error.
pub fn plays_with(variant: &str, net: &Path, name: &str, depth: u32) {
    let lines = session(&format!(
        "uci\nsetoption name UCI_Variant value {variant}\nsetoption name EvalFile value {}\n\
         eval\ngo depth {depth}\nisready\nquit\n",
        net.display()
    ));
    assert!(
        lines.iter().any(|l| *l == format!("net: {name}")),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("bestmove ")),
        "{lines:?}"
    );
    assert!(!lines.iter().any(|l| l.contains("error")), "{lines:?}");
}

/// Writes into `dir` a good net file of `bytes` and three bad ones (a Kaissa net, random
/// bytes, the good one cut short), and gives the UCI input that plays `variant`, asks `eval`,
/// then sets each file as `EvalFile` in turn with an `eval` after each: (the input so far, the
/// bad files in the order set).
pub fn net_file_session(dir: &Path, variant: &str, bytes: &[u8]) -> (String, [PathBuf; 3]) {
    let good = dir.join(format!("{variant}.knue"));
    std::fs::write(&good, bytes).unwrap();
    let cut = dir.join("cut.knue");
    std::fs::write(&cut, &bytes[..bytes.len() / 2]).unwrap();
    let noise = dir.join("noise.knue");
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    let random: Vec<u8> = (0..3000)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x as u8
        })
        .collect();
    std::fs::write(&noise, random).unwrap();
    let kaissa_net = dir.join("merchants.knue");
    std::fs::write(&kaissa_net, std::fs::read("nets/merchants-2.knue").unwrap()).unwrap();
    let bad = [kaissa_net, noise, cut];
    let mut input = format!(
        "uci\nsetoption name UCI_Variant value {variant}\neval\n\
         setoption name EvalFile value {}\neval\n",
        good.display()
    );
    for b in &bad {
        input.push_str(&format!(
            "setoption name EvalFile value {}\neval\n",
            b.display()
        ));
    }
    (input, bad)
}
