//! Robustness of the UCI protocol mode against malformed input: one running engine gets
//! thousands of bad lines: unknown commands, bad FENs, illegal moves, truncated or out-of-range
//! `go` parameters, huge numbers, `setoption` with bad names and values, `position` garbage,
//! bad variants files, very long lines, bytes that are not UTF-8, empty lines, and seeded random
//! mutations of valid commands (token and byte level, with a small PRNG of our own, so every
//! run sends the same lines).
//!
//! After each hand-written bad line the engine must answer exactly one `info string error: ...`
//! line (nothing for an empty line) and keep its state: the FEN and variant shown by `d`, and
//! the MultiPV setting (checked with short searches). A mutated line may turn out valid; then
//! its effect is accepted, any search it started is answered, and the state is set again.
//! Throughout, `isready` must be answered (a hang fails on a timeout, never blocks CI), stderr
//! must never contain "panicked", and `quit` must exit with status 0.
//!
//! Fresh engines, the first line, the end of input, mutated start FENs and the input of a known
//! engine bug (kept out of the random streams) are tested in `uci_fuzz_fresh.rs`; the helpers
//! both files share are in `uci_fuzz_common/`.

use crate::uci_fuzz_common;

use uci_fuzz_common::harness::{REPLY, Reference, Rng};
use uci_fuzz_common::lines::{bad_lines, long_lines};
use uci_fuzz_common::mutate::{mutate_once, mutation, skip};
use uci_fuzz_common::{Session, TempDir, VARIANT};

/// gc's start position.
const GC_START: &str =
    "ibstuatsbi/mrpppppprm/10/10/10/10/10/10/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1";

#[test]
fn one_engine_survives_thousands_of_bad_lines_and_keeps_its_state() {
    let _g = crate::serial::shared();
    let dir = TempDir::new("one");
    let mut s = Session::new("fuzz");
    let bad = bad_lines(&dir);
    for (i, line) in bad.iter().enumerate() {
        s.bad(line);
        if i % 25 == 0 {
            s.check_search();
        }
    }
    for line in long_lines() {
        s.bad(&line);
    }
    // A valid command after 300,000 blanks is still that command.
    s.e.send(&format!(
        "{}isready{}",
        " ".repeat(300_000),
        "\t".repeat(1000)
    ));
    s.e.until(|l| l == "readyok", REPLY);
    for empty in [
        &b""[..],
        b" ",
        b"   ",
        b"\t",
        b"\t \t",
        b"\r",
        b"\x0b",
        b"\x0c",
    ] {
        s.silent(empty);
    }
    s.check_search();
    // Seeded mutations of the hand-written bad lines (mostly still bad) and of valid commands.
    let mut rng = Rng::new(0xF022_0001);
    for i in 0..8000 {
        let line = if i % 3 == 0 {
            let mut l = rng.pick(&bad).clone();
            mutate_once(&mut rng, &mut l);
            l.retain(|b| *b != b'\n' && *b != b'\r');
            if skip(&l) {
                continue;
            }
            l
        } else {
            mutation(&mut rng)
        };
        s.mutated(&line);
        if i % 200 == 0 {
            s.check_search();
        }
    }
    s.check_search();
    println!(
        "fuzz: {} lines sent, {} mutated lines were valid and accepted",
        s.sent, s.accepted
    );
    assert!(s.accepted > 0 && s.accepted < s.sent);
    s.e.assert_no_panic();
    s.e.quit();
}

#[test]
fn gc_start_constant_matches_the_library() {
    let _g = crate::serial::shared();
    assert_eq!(Reference::new(VARIANT, &[]).fen(), GC_START);
}
