//! The learned evaluation through the protocols: UCI's `Use NNUE` and `EvalFile` options and
//! XBoard's, `eval`'s first line naming the net, and every bad net file (missing, truncated,
//! of another game, random bytes, huge) answered by one error line while the engine keeps
//! evaluating as it did.

use crate::session;
use crate::xorshift;

use kaissa::core::nnue::network::Network;
use kaissa::games::kaissa::game::Game;

use kaissa::games::variants::Registry;
use xorshift::Rng;

/// A variant of a user's file that no built-in net plays: a child of northern whose Singer
/// moves otherwise, so it reads nets of its own.
const NO_NET: &str = "[[variant]]\nname = \"slow-singer\"\nparent = \"northern\"\n\
                      pieces = [{ letter = \"S\", betza = \"B3\" }]\n";

/// A net of seeded random weights for the rule set `name`, written to a file in `dir`.
fn net_file(dir: &std::path::Path, name: &str) -> String {
    let mut registry = Registry::builtin();
    registry.load_str(NO_NET, "test").unwrap();
    let def = registry.get(name, &[]).unwrap();
    let game = Game::<u128>::new(&def).unwrap();
    let map = game.features.clone();
    let mut rng = Rng::new(3);
    let mut draw = |n: usize, r: u64| -> Vec<i16> {
        (0..n)
            .map(|_| (rng.next() % (2 * r + 1)) as i16 - r as i16)
            .collect()
    };
    let h = 16;
    let net = Network::from_parts(
        &format!("test-{name}"),
        map.description(),
        (map.inputs(), h),
        draw(map.inputs() * h, 300),
        draw(h, 100),
        draw(2 * h, 100),
        0,
    )
    .unwrap();
    let path = dir.join(format!("{name}.knue"));
    std::fs::write(&path, net.to_bytes()).unwrap();
    path.to_string_lossy().into_owned()
}

/// The engine's whole output for `input`, by line.
fn session(input: &str) -> Vec<String> {
    session::session(input).lines().map(String::from).collect()
}

/// The lines from the n-th `net: ` line (an `eval` answer) to its `Evaluation: ` line.
fn evals(lines: &[String]) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut net = None;
    for l in lines {
        if let Some(n) = l.strip_prefix("net: ") {
            net = Some(n.to_string());
        } else if let Some(e) = l.strip_prefix("Evaluation: ") {
            out.push((net.take().expect("net line first"), e.to_string()));
        }
    }
    out
}

fn temp_dir(tag: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("kaissa-nnue-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A variant without a built-in net (a user's child of northern with a piece of its own):
/// `EvalFile` sets one, `Use NNUE` switches it off and on, `<default>` goes back to none.
/// (Played on merchants, then northern, until they had built-in nets.)
#[test]
fn uci_options_choose_the_net_and_eval_names_it() {
    let _g = crate::serial::shared();
    let dir = temp_dir("uci");
    let good = net_file(&dir, "slow-singer");
    let variants = dir.join("slow-singer.toml");
    std::fs::write(&variants, NO_NET).unwrap();
    let lines = session(&format!(
        "uci\nload {}\nsetoption name UCI_Variant value slow-singer\neval\n\
         setoption name EvalFile value {good}\neval\n\
         setoption name Use NNUE value false\neval\n\
         setoption name Use NNUE value true\neval\n\
         setoption name EvalFile value <default>\neval\nquit\n",
        variants.display()
    ));
    assert!(
        lines
            .iter()
            .any(|l| l == "option name Use NNUE type check default true")
    );
    assert!(
        lines
            .iter()
            .any(|l| l == "option name EvalFile type string default <default>")
    );
    let e = evals(&lines);
    let nets: Vec<&str> = e.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        nets,
        [
            "none",
            "test-slow-singer",
            "none",
            "test-slow-singer",
            "none"
        ],
        "{lines:?}"
    );
    // The net evaluates otherwise than the hand-written terms.
    assert_ne!(e[1].1, e[0].1);
    assert_eq!(e[2].1, e[0].1);
    assert!(!lines.iter().any(|l| l.contains("error")), "{lines:?}");
}

/// Merchants plays with its built-in net by default; `Use NNUE false` gives the hand-written
/// evaluation, a user's `EvalFile` replaces the built-in net and `<default>` brings it back.
#[test]
fn merchants_plays_with_its_built_in_net_by_default() {
    let _g = crate::serial::shared();
    let dir = temp_dir("builtin");
    let good = net_file(&dir, "merchants");
    let lines = session(&format!(
        "uci\nsetoption name UCI_Variant value merchants\neval\n\
         setoption name Use NNUE value false\neval\n\
         setoption name Use NNUE value true\nsetoption name EvalFile value {good}\neval\n\
         setoption name EvalFile value <default>\neval\nquit\n"
    ));
    let e = evals(&lines);
    let nets: Vec<&str> = e.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        nets,
        ["merchants-3", "none", "test-merchants", "merchants-3"],
        "{lines:?}"
    );
    assert_ne!(e[0].1, e[1].1);
    assert_eq!(e[3].1, e[0].1);
    assert!(!lines.iter().any(|l| l.contains("error")), "{lines:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_net_files_get_one_error_line_and_change_nothing() {
    let _g = crate::serial::shared();
    let dir = temp_dir("bad");
    let good = net_file(&dir, "merchants");
    let other = net_file(&dir, "gorean");
    let bytes = std::fs::read(&good).unwrap();
    let truncated = dir.join("truncated.knue");
    std::fs::write(&truncated, &bytes[..bytes.len() / 3]).unwrap();
    let random = dir.join("random.knue");
    let mut rng = Rng::new(77);
    let noise: Vec<u8> = (0..5000).map(|_| rng.next() as u8).collect();
    std::fs::write(&random, noise).unwrap();
    let huge = dir.join("huge.knue");
    std::fs::File::create(&huge)
        .unwrap()
        .set_len(200 << 20)
        .unwrap();
    let missing = dir.join("missing.knue");
    let bad = [
        missing.to_string_lossy().into_owned(),
        truncated.to_string_lossy().into_owned(),
        other,
        random.to_string_lossy().into_owned(),
        huge.to_string_lossy().into_owned(),
    ];
    let mut input = format!(
        "uci\nsetoption name UCI_Variant value merchants\nsetoption name EvalFile value {good}\neval\n"
    );
    for b in &bad {
        input.push_str(&format!("setoption name EvalFile value {b}\neval\n"));
    }
    input.push_str("isready\nquit\n");
    let lines = session(&input);
    let errors: Vec<&String> = lines.iter().filter(|l| l.contains("error")).collect();
    assert_eq!(errors.len(), bad.len(), "{lines:?}");
    for (e, file) in errors.iter().zip(&bad) {
        assert!(e.starts_with("info string error: EvalFile "), "{e}");
        assert!(e.contains(file.as_str()), "{e} names {file}");
    }
    let e = evals(&lines);
    assert_eq!(e.len(), bad.len() + 1);
    assert!(
        e.iter().all(|x| *x == e[0] && x.0 == "test-merchants"),
        "{e:?}"
    );
    assert_eq!(lines.last().unwrap(), "readyok");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn xboard_announces_and_takes_the_options() {
    let _g = crate::serial::shared();
    let dir = temp_dir("xb");
    let good = net_file(&dir, "merchants");
    let lines = session(&format!(
        "xboard\nprotover 2\nvariant merchants\noption EvalFile={good}\n\
         option EvalFile=/no/such/net.knue\noption Use NNUE=0\noption Use NNUE=maybe\nquit\n"
    ));
    assert!(
        lines
            .iter()
            .any(|l| l == "feature option=\"Use NNUE -check 1\""),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l == "feature option=\"EvalFile -file \"")
    );
    let errors: Vec<&String> = lines.iter().filter(|l| l.contains("rror")).collect();
    assert_eq!(errors.len(), 2, "{lines:?}");
    assert!(errors[0].contains("/no/such/net.knue"));
    assert!(errors[1].contains("Use NNUE"));
}
