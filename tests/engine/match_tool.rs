//! Integration tests of `kaissa match`, the engine-vs-engine tool, and of its arbiter
//! (`kaissa::tournament`). The good side is the built `kaissa` binary; the bad sides are
//! small fake UCI engines in `tests/fixtures/` (Python 3), each doing one wrong thing.
//!
//! - `forfeits`: an illegal (or malformed) move, a crash at the first `go`, a stall past the
//!   clock (`--tc 1+0.1`) or past `--movetime`, `bestmove (none)` in a live game, a program
//!   that does not start: each loses, with either colour, with the reason in the PGN's
//!   `Termination` tag and comment; legality is the rules' (wrong side, Home Stone window);
//!   the clock charges the time taken and credits the increment.
//! - `endings`: every end rule of the Kaissa family decided by the arbiter: Home Stone
//!   captured, missed Home Stone deadline, gorean both-Ubars draw, no legal move, threefold
//!   repetition, the 100-ply rule; scripted fake engines (`fixtures/scripted.py`) and the
//!   real engine under `play_game`, openings that already end the game, `--openings` through
//!   the command line.
//! - `pgn_check`: `--check-pgn` accepts the tool's own PGN and refuses illegal moves, moves
//!   after the end, wrong results and results without an end, with a one-line message.
//! - `matches`: a round robin of four configurations with `--concurrency 2` (PGN, table,
//!   `--check-pgn`), SPRT runs that stop early with H1 / H0, the table's statistics.
//! - `protocol`: what the arbiter sends (handshake, variant, options, `ucinewgame`,
//!   `position` with the whole history, `go` with both clocks and increments, `quit`), a
//!   variant loaded with `--variants FILE`, an engine with its own variants file
//!   (`option.VariantPath`, sent before `UCI_Variant`; `fixtures/own_variants.py` behaves as
//!   Fairy-Stockfish), and the one-line refusal of an engine whose `UCI_Variant` list lacks
//!   the game or that has no such option.
//! - `resume`: `--resume` goes on from a match's PGN: the games there count and are not
//!   played again (the two runs write one uninterrupted match's games), a decided SPRT plays
//!   no more, and a PGN of another match is refused with one line.
//! - `cli_errors`: bad input (engines, `--engine` specs, `--tc`, `--sprt`, variant,
//!   openings): one `error:` line, exit status 1, no panic.
//!
//! Tests marked `#[ignore = "bug: ..."]` show bugs found here; run them with
//! `cargo test --test engine match_tool -- --ignored`.

mod adjudication;
mod cli_errors;
mod endings;
mod forfeits;
mod harness;
mod matches;
mod pgn_check;
mod protocol;
mod resume;
