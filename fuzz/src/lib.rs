//! The bodies of the fuzz targets: one plain function per reader of outside input, each taking
//! the fuzzer's bytes. `fuzz_targets/<name>.rs` hands libFuzzer's input to the function of the
//! same name (`cargo +nightly fuzz run <name>`); the main crate's `tests/engine/fuzz_corpora.rs`
//! includes this file (`#[path]`) and runs every body over the committed corpus on the stable
//! toolchain, so CI checks the seeds and every crash kept without nightly or libFuzzer.
//!
//! A body panics only on a finding: a reader that panicked, or an input read that breaks a
//! property stated in its doc comment (read, written and read again to the same thing; a move
//! read is legal; an error in one line).

mod files;
mod positions;
mod protocols;
mod serve;

pub use files::{datagen_record, knue, pgn, variants_toml};
pub use positions::{fen, moves};
pub use protocols::{uci_stream, xboard_stream};
pub use serve::serve_api;

use kaissa::core::definition::VariantDef;
use kaissa::games::variants::Registry;
use std::sync::OnceLock;

/// A target's body: it takes the fuzzer's bytes and panics on a finding.
pub type Body = fn(&[u8]);

/// Every target, by name (as `cargo fuzz list` shows them and `fuzz/corpus/` holds them).
pub const TARGETS: &[(&str, Body)] = &[
    ("fen", fen),
    ("moves", moves),
    ("variants_toml", variants_toml),
    ("pgn", pgn),
    ("knue", knue),
    ("datagen_record", datagen_record),
    ("uci_stream", uci_stream),
    ("xboard_stream", xboard_stream),
    ("serve_api", serve_api),
];

/// The built-in games, read once per process.
fn registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(Registry::builtin)
}

/// The built-in game `pick` chooses (modulo their number), with the rule options whose bits
/// `options` sets (in the definition's order).
fn pick_game(pick: u8, options: u8) -> VariantDef {
    let names = registry().names();
    let name = &names[pick as usize % names.len()];
    let plain = registry().get(name, &[]).expect("a built-in game reads");
    let chosen: Vec<String> = (plain.options.keys())
        .enumerate()
        .filter(|(i, _)| *i < 8 && options & (1 << i) != 0)
        .map(|(_, k)| k.clone())
        .collect();
    registry().get(name, &chosen).unwrap_or(plain)
}

/// The input split at its first `split` bytes (fewer when it is shorter).
fn head(data: &[u8], split: usize) -> (&[u8], &[u8]) {
    data.split_at(split.min(data.len()))
}

/// An error message must be one line: protocols and logs show it as one.
fn one_line(what: &str, e: &str) {
    assert!(
        !e.contains('\n'),
        "{what}: error of more than one line: {e:?}"
    );
}

/// [`one_line`] for the error of reading `input`, which may quote it: only an input of one
/// line (as every protocol and file line is) must give an error of one line.
fn one_line_for(what: &str, input: &str, e: &str) {
    if !input.contains('\n') {
        one_line(what, e);
    }
}
