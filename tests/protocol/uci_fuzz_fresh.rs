//! Robustness of the UCI protocol mode against malformed input, on fresh engines and at the
//! edges of the input: a burst of garbage (hand-written bad lines, some mutated) written before
//! any handshake, a first line that is not UTF-8 or not a command, the end of input in the
//! middle of a line, and seeded mutations of every variant's start FEN (each refused with one
//! `info string error:` line, or accepted and then read back and searched). Stderr must never
//! contain "panicked".
//!
//! Inputs that trigger known engine bugs are kept out of the random streams and tried on their
//! own at the end of this file. The long-running engine that gets thousands of bad lines is
//! in `uci_fuzz.rs`; the helpers both files share are in `uci_fuzz_common/`.

use crate::uci_fuzz_common;

use std::time::Duration;
use uci_fuzz_common::TempDir;
use uci_fuzz_common::harness::{REPLY, Reference, Rng, Uci, parse_bestmove};
use uci_fuzz_common::lines::bad_lines;
use uci_fuzz_common::mutate::{mutate_once, skip};

#[test]
fn fresh_engines_take_a_burst_of_garbage_first_and_still_work() {
    let _g = crate::serial::shared();
    let dir = TempDir::new("fresh");
    let bad = bad_lines(&dir);
    for seed in 0..4u64 {
        let mut rng = Rng::new(0xF022_1000 + seed);
        // No handshake: garbage is the very first input, written in one burst without
        // waiting for replies.
        let mut e = Uci::spawn(&format!("fresh {seed}"));
        let mut burst = Vec::new();
        let n = 200;
        for _ in 0..n {
            let mut l = rng.pick(&bad).clone();
            if rng.chance(1, 2) {
                mutate_once(&mut rng, &mut l);
                l.retain(|b| *b != b'\n' && *b != b'\r');
                // A mutated `go` may be valid and start a search; a second one in the same
                // burst would then meet the known hang (see the session tests' `bugs`).
                if String::from_utf8_lossy(&l).split_whitespace().next() == Some("go") {
                    l = b"no such command".to_vec();
                }
            }
            if skip(&l) || l.iter().all(|b| b.is_ascii_whitespace()) {
                l = b"no such command".to_vec();
            }
            // The first line chooses the dialect: keep it out of XBoard mode.
            if burst.is_empty() && String::from_utf8_lossy(&l).trim() == "xboard" {
                l = b"no such command".to_vec();
            }
            burst.extend_from_slice(&l);
            burst.push(b'\n');
        }
        burst.extend_from_slice(b"isready\n");
        e.send_bytes(&burst);
        let lines = e.until(|l| l == "readyok", Duration::from_secs(30));
        // Mutations may be valid (a `d`, a variant change...): count only that every
        // search started was answered and the engine still plays.
        let errors = lines
            .iter()
            .filter(|l| l.starts_with("info string error: "))
            .count();
        assert!(
            errors > n / 2,
            "seed {seed}: only {errors} errors for {n} bad lines"
        );
        e.send("stop");
        e.sync();
        e.send("setoption name UCI_Variant value kaissa");
        e.send("position startpos moves e2e5");
        e.send("go depth 3");
        let (_, best) = e.bestmove(REPLY);
        let mut r = Reference::new("kaissa", &[]);
        r.set(None, &["e2e5"]);
        let (mv, _) = parse_bestmove(&best);
        assert!(r.is_legal(&mv), "seed {seed}: {best}");
        e.assert_no_panic();
        e.quit();
    }
}

#[test]
fn first_line_not_utf8_or_garbage_is_reported_in_uci_form() {
    let _g = crate::serial::shared();
    for first in [
        &b"\xff\xfe\xfd"[..],
        b"garbage",
        b"go depth x",
        b"position fen x",
    ] {
        let mut e = Uci::spawn("first line");
        let mut b = first.to_vec();
        b.push(b'\n');
        e.send_bytes(&b);
        let reply = e.sync();
        assert_eq!(reply.len(), 1, "{reply:?}");
        assert!(reply[0].starts_with("info string error: "), "{reply:?}");
        // UCI mode works afterwards.
        e.send("uci");
        e.until(|l| l == "uciok", REPLY);
        e.quit();
    }
}

#[test]
fn end_of_input_in_the_middle_of_a_line_is_handled() {
    let _g = crate::serial::shared();
    // A last line without a newline is still a command.
    let mut e = Uci::ready("eof mid-line");
    e.send_bytes(b"go depth 2");
    e.close_stdin();
    let (_, best) = e.bestmove(REPLY);
    assert!(Reference::new("kaissa", &[]).is_legal(&parse_bestmove(&best).0));
    assert_eq!(e.wait_exit(REPLY).code(), Some(0));
    e.assert_no_panic();
    // Garbage without a newline, then the end.
    let mut e = Uci::ready("eof garbage");
    e.send_bytes(b"position startpos moves e2e5 \xff");
    e.close_stdin();
    let lines = e.until(|l| l.starts_with("info string error: "), REPLY);
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert_eq!(e.wait_exit(REPLY).code(), Some(0));
    e.assert_no_panic();
}

#[test]
fn every_variant_start_position_survives_mutated_fens() {
    let _g = crate::serial::shared();
    // Seeded mutations of each game's start FEN: refused with one error line, or accepted
    // (then `d` shows a FEN the library reads back to the same position).
    let mut e = Uci::ready("fen mutations");
    let mut rng = Rng::new(0xF022_2000);
    for variant in ["merchants", "northern", "gc", "gorean", "kaissa"] {
        e.ask(&format!("setoption name UCI_Variant value {variant}"));
        let start = Reference::new(variant, &[]).fen();
        for _ in 0..150 {
            let mut fen = start.clone().into_bytes();
            for _ in 0..1 + rng.below(3) {
                let i = rng.below(fen.len());
                match rng.below(4) {
                    0 => {
                        fen.remove(i);
                    }
                    1 => fen.insert(i, *rng.pick(b"0123456789/[]HhUuPpXxZz -wb,")),
                    2 => fen[i] = *rng.pick(b"0123456789/[]HhUuPpXxZz -wb,"),
                    _ => {
                        let c = fen[i];
                        fen.insert(i, c);
                    }
                }
            }
            let fen = String::from_utf8_lossy(&fen).into_owned();
            e.send("position startpos");
            let reply = e.ask(&format!("position fen {fen}"));
            let shown = e.fen();
            match reply.as_slice() {
                [] => {
                    // Accepted: the engine's own FEN must read back to itself.
                    let mut r = Reference::new(variant, &[]);
                    r.set(Some(&shown), &[]);
                    assert_eq!(r.fen(), shown, "{variant}: {fen}");
                    // And a search there answers (a move or `(none)`).
                    e.send("go depth 1");
                    let (_, best) = e.bestmove(REPLY);
                    let (mv, _) = parse_bestmove(&best);
                    assert!(
                        (mv == "(none)") == r.outcome().is_some(),
                        "{variant}: {best} in {shown} (outcome {:?})",
                        r.outcome()
                    );
                    if mv != "(none)" {
                        assert!(r.is_legal(&mv), "{variant}: {best} in {shown}");
                    }
                }
                [one] if one.starts_with("info string error: ") => {
                    assert_eq!(shown, start, "{variant}: refused {fen} but changed");
                }
                _ => e.fail(&format!("{variant}: {fen}: {reply:?}")),
            }
        }
    }
    e.assert_no_panic();
    e.quit();
}

/// Input: `go mate 2147483648` (any N with 2N > u32::MAX).
/// Expected: an `info string error:` line (or a search clamped to the deepest depth).
/// Actual: in builds with overflow checks (tests, debug) the protocol thread panics with
/// "attempt to multiply with overflow" at src/protocol/uci.rs (`number::<u32>("mate", v)? * 2`)
/// and the process exits with status 101; in release builds 2N wraps and the engine searches
/// to a depth of (2N mod 2^32) clamped to 1..120, e.g. depth 1 for 2147483648.
#[test]
fn go_mate_with_a_huge_number_is_refused_not_a_panic() {
    let _g = crate::serial::shared();
    let mut e = Uci::ready("go mate overflow");
    e.send("go mate 2147483648");
    e.sync();
    e.send("stop");
    e.sync();
    e.assert_no_panic();
    e.quit();
}
