//! The fuzz targets' bodies (fuzz/src/, see fuzz/README.md) over their committed corpora, on
//! the stable toolchain and without libFuzzer: every seed of `fuzz/corpus/<target>/` and every
//! crash input kept (`fuzz/corpus/<target>/crash-*`, `fuzz/artifacts/<target>/keep-*`) must
//! run through its target's checks. A crash the fuzzer found and the engine fixed stays here
//! as a regression test.

#[path = "../../fuzz/src/lib.rs"]
mod fuzz_bodies;

use std::path::{Path, PathBuf};

/// The files of `dir` (none when it does not exist), in name order; `keep` filters names.
fn files(dir: &Path, keep: impl Fn(&str) -> bool) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut paths: Vec<PathBuf> = (entries.flatten())
        .map(|e| e.path())
        .filter(|p| p.is_file())
        .filter(|p| p.file_name().and_then(|n| n.to_str()).is_some_and(&keep))
        .collect();
    paths.sort();
    paths
}

/// Runs one target over its corpus and kept crashes; returns how many inputs it ran.
fn run_target(name: &str, body: fn(&[u8])) -> usize {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz");
    let mut inputs = files(&fuzz.join("corpus").join(name), |_| true);
    inputs.extend(files(&fuzz.join("artifacts").join(name), |n| {
        n.starts_with("keep-")
    }));
    for path in &inputs {
        let bytes = std::fs::read(path).expect("a corpus file reads");
        let run = std::panic::catch_unwind(|| body(&bytes));
        assert!(run.is_ok(), "{name}: {} fails its checks", path.display());
    }
    inputs.len()
}

#[test]
fn every_target_passes_its_corpus() {
    let _g = crate::serial::shared();
    for &(name, body) in fuzz_bodies::TARGETS {
        let n = run_target(name, body);
        println!("{name}: {n} inputs");
        assert!(n >= 3, "{name}: a seed corpus of a few inputs at least");
    }
}

#[test]
fn every_target_has_a_fuzz_binary() {
    let _g = crate::serial::shared();
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz");
    let manifest = std::fs::read_to_string(fuzz.join("Cargo.toml")).expect("fuzz/Cargo.toml");
    for &(name, _) in fuzz_bodies::TARGETS {
        let source = fuzz.join("fuzz_targets").join(format!("{name}.rs"));
        let text = std::fs::read_to_string(&source).expect("a target's source reads");
        assert!(
            text.contains(&format!("kaissa_fuzz::{name}(data)")),
            "{name}: calls its body"
        );
        assert!(
            manifest.contains(&format!("name = \"{name}\"")),
            "{name}: in fuzz/Cargo.toml"
        );
    }
}

#[test]
fn the_main_crate_does_not_build_the_fuzz_crate() {
    let _g = crate::serial::shared();
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz");
    let manifest = std::fs::read_to_string(fuzz.join("Cargo.toml")).expect("fuzz/Cargo.toml");
    assert!(
        manifest.contains("[workspace]"),
        "the fuzz crate is a workspace of its own"
    );
    let root = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml"))
        .expect("Cargo.toml");
    assert!(
        !root.contains("libfuzzer"),
        "the engine does not depend on libFuzzer"
    );
}

/// Writes the generated seeds (`cargo test --test engine fuzz_corpora -- --ignored`): FENs of
/// every game from tests/perft/, legal move texts, a random net of the smallest game, and records;
/// the hand-written seeds (variants files, PGN, protocol sessions, API requests) are files.
#[test]
#[ignore]
fn write_generated_seeds() {
    let _g = crate::serial::shared();
    seeds::write_all(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("fuzz")
            .join("corpus"),
    );
}

mod seeds {
    use kaissa::core::moves::Move;
    use kaissa::core::nnue::network::Network;
    use kaissa::core::playable::Playable;
    use kaissa::core::ruleset::PositionVisitor;
    use kaissa::core::tunable::Tunable;
    use kaissa::games::{self, variants::Registry};
    use std::path::Path;

    /// Legal move texts at the start and after the start's first move.
    struct Texts;

    impl PositionVisitor for Texts {
        type Output = (Vec<String>, Vec<String>);
        fn visit<P: Playable + Tunable>(self, mut pos: P, _eval: P::Eval) -> Self::Output {
            let mut list: Vec<Move> = Vec::new();
            pos.generate(&mut list);
            let start: Vec<String> = list.iter().map(|&m| pos.move_text(m)).collect();
            pos.make(list[0]);
            list.clear();
            pos.generate(&mut list);
            let after = list.iter().map(|&m| pos.move_text(m)).collect();
            (start, after)
        }
    }

    fn put(dir: &Path, name: &str, head: &[u8], body: &[u8]) {
        std::fs::create_dir_all(dir).expect("corpus directory");
        let mut bytes = head.to_vec();
        bytes.extend_from_slice(body);
        std::fs::write(dir.join(format!("seed-{name}")), bytes).expect("seed written");
    }

    /// The FEN lines of a perft data file (first field before `;`).
    fn fens(file: &Path) -> Vec<String> {
        let text = std::fs::read_to_string(file).unwrap_or_default();
        (text.lines())
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(|l| l.split(';').next().unwrap_or_default().trim().to_string())
            .collect()
    }

    pub fn write_all(corpus: &Path) {
        let registry = Registry::builtin();
        let perft = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests")
            .join("perft");
        let mut smallest: Option<(usize, u8, Box<dyn kaissa::core::nnue::inputs::NetInputs>)> =
            None;
        for (i, name) in registry.names().iter().enumerate() {
            let g = i as u8;
            let def = registry.get(name, &[]).expect("built-in game");
            for (k, fen) in fens(&perft.join(format!("{name}.epd")))
                .iter()
                .take(3)
                .enumerate()
            {
                put(
                    &corpus.join("fen"),
                    &format!("{name}-{k}"),
                    &[g, 0, 0, 1, 2, 3, 4, 5],
                    fen.as_bytes(),
                );
            }
            for (bit, option) in def.options.keys().enumerate() {
                for fen in fens(&perft.join(format!("{name}-{option}.epd")))
                    .iter()
                    .take(1)
                {
                    let head = [g, 1 << bit, 5, 4, 3, 2, 1, 0];
                    put(
                        &corpus.join("fen"),
                        &format!("{name}-{option}"),
                        &head,
                        fen.as_bytes(),
                    );
                }
            }
            let (start, after) = games::build(&def, None, Texts).expect("builds");
            put(
                &corpus.join("moves"),
                &format!("{name}-start"),
                &[g, 0, 0],
                start[start.len() / 2].as_bytes(),
            );
            put(
                &corpus.join("moves"),
                &format!("{name}-after"),
                &[g, 0, 1, 0],
                after[0].as_bytes(),
            );
            if let Ok(inputs) = games::net_inputs(&def) {
                let bytes = inputs.record_bytes();
                let record = inputs
                    .record_of_fen(&def.start_fen, 35, 1)
                    .expect("start record");
                let binary = record.to_bytes(bytes).expect("record writes");
                let form = if bytes == 64 { 0 } else { 1 };
                put(
                    &corpus.join("datagen_record"),
                    &format!("{name}-binary"),
                    &[g << 2 | form],
                    &binary,
                );
                let line = format!("{} | 35 | 0.5", def.start_fen);
                put(
                    &corpus.join("datagen_record"),
                    &format!("{name}-line"),
                    &[g << 2 | 2],
                    line.as_bytes(),
                );
                let file = format!("{line}\n{} | -12 | 1\n", def.start_fen);
                put(
                    &corpus.join("datagen_record"),
                    &format!("{name}-file"),
                    &[g << 2 | 3],
                    file.as_bytes(),
                );
                if smallest
                    .as_ref()
                    .is_none_or(|s| inputs.inputs() < s.2.inputs())
                {
                    smallest = Some((i, g, inputs));
                }
            }
        }
        let (i, g, inputs) = smallest.expect("a game with nets");
        let name = &registry.names()[i];
        let (f, h) = (inputs.inputs(), 16);
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut small = |n: usize, range: i16| -> Vec<i16> {
            (0..n)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    (state % (2 * range as u64 + 1)) as i16 - range
                })
                .collect()
        };
        let (w1, b1, w2) = (small(f * h, 64), small(h, 64), small(2 * h, 32));
        let net = Network::from_parts("fuzz-random", inputs.description(), (f, h), w1, b1, w2, 7)
            .expect("a random net of the right shape");
        let bytes = net.to_bytes();
        put(
            &corpus.join("knue"),
            &format!("{name}-random"),
            &[g << 1, 0, 1, 2, 3],
            &bytes,
        );
        put(
            &corpus.join("knue"),
            &format!("{name}-random-sum"),
            &[g << 1 | 1, 3, 2, 1, 0],
            &bytes,
        );
        put(
            &corpus.join("knue"),
            "other-game",
            &[(g + 1) << 1, 0, 0, 0, 0],
            &bytes,
        );
        put(
            &corpus.join("knue"),
            "truncated",
            &[1, 0, 0, 0, 0],
            &bytes[..64],
        );
        put(&corpus.join("datagen_record"), "zero-64", &[0], &[0; 64]);
        put(&corpus.join("datagen_record"), "zero-128", &[1], &[0; 128]);
    }
}
