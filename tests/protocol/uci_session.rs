//! Integration tests of the UCI protocol mode: each test starts the built `kaissa` binary (no
//! subcommand) with piped stdin/stdout and scripts a whole session, reading the replies line by
//! line with timeouts, so a hung engine fails instead of hanging CI.
//!
//! - `basics`: the `uci` handshake and its option lines, `isready`, `setoption` (UCI_Variant
//!   and its `info string variant ...` announcement, RuleOptions, the spin/check/button
//!   options), `position startpos|fen ... moves ...` (cross-checked against the library on
//!   seeded random games of every rule set), `d`, `eval`, `perft` / `go perft`, `load FILE` and
//!   `VariantPath` with a variants file written to a temporary directory, `ucinewgame`, `quit`
//!   and the end of input.
//! - `search`: `go depth` (the `info` line format, legal PVs, legal `bestmove`/`ponder`),
//!   `go nodes`, `go searchmoves`, MultiPV, Threads, `isready` while searching, `go infinite` +
//!   `stop` (latency measured from the write of `stop` to the `bestmove` line), `go movetime`
//!   (wall clock), `go ponder` + `ponderhit`/`stop`, `go wtime/btime/winc/binc`.
//! - `games`: the engine plays itself to the end of a game, each reply checked against the
//!   library's legal moves and the end against `Position::outcome()`; a 40-move game on a
//!   1 s + 0.1 s clock kept by the test never runs out of time.
//! - `bugs`: `#[ignore]`d tests that demonstrate engine bugs found here.
//!
//! Tests that measure time take `crate::serial::timing` exclusively, so they do not share the two
//! cores with other sessions of the `protocol` target; the others take
//! `crate::serial::shared`. Run with `--nocapture` to see
//! the measured figures (stop latency, movetime overshoot, the lowest clock).

mod basics;
mod bugs;
mod games;
mod search;

use crate::uci_harness as harness;
