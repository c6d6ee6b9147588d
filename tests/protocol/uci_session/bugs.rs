//! Engine bugs found by these tests, kept as `#[ignore]`d tests that fail until fixed.

use super::harness::Uci;
use crate::serial::shared;
use std::time::{Duration, Instant};

/// Input: `go infinite`, then `go depth 1` while it runs, then `isready`.
/// Expected: the engine stays responsive (refuses the second `go` or stops the first one,
/// answering it), so `readyok` comes and `stop`/`quit` work.
/// Actual: `Engine::go` joins the running search thread without stopping it
/// (src/engine/mod.rs `go` calls `self.wait()`), so the protocol loop blocks for ever: no
/// `readyok`, and `stop` and `quit` are never read. The same happens after `go ponder`.
#[test]
fn go_during_an_infinite_search_keeps_the_engine_responsive() {
    let _g = shared();
    let mut e = Uci::ready("go while searching");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    e.send("go depth 1");
    e.send("isready");
    let t = Instant::now();
    let mut ready = false;
    while t.elapsed() < Duration::from_secs(2) {
        match e.recv(Duration::from_millis(100)) {
            Some(l) if l.text == "readyok" => {
                ready = true;
                break;
            }
            _ => {}
        }
    }
    assert!(ready, "no readyok within 2 s after a second go");
    e.send("stop");
    e.sync();
    e.quit();
}

/// Input: `go infinite`; 200 ms later, in one write: `stop`, `position startpos moves e2e5`,
/// `go depth 1`.
/// Expected: two `bestmove` lines, one for each `go` (UCI: "don't forget the bestmove").
/// Actual: one. The stopped search's result reaches the loop as an event queued behind the
/// already-read `go depth 1`, which raises the search generation first, so `search_done`
/// drops the answer to the first `go` as stale (src/protocol/uci.rs `search_done`).
#[test]
fn every_go_gets_a_bestmove_even_when_the_next_go_follows_stop_at_once() {
    let _g = shared();
    let mut e = Uci::ready("stop then go");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    e.send_bytes(b"stop\nposition startpos moves e2e5\ngo depth 1\n");
    let mut bestmoves = Vec::new();
    let t = Instant::now();
    while bestmoves.len() < 2 && t.elapsed() < Duration::from_secs(3) {
        if let Some(l) = e.recv(Duration::from_millis(100))
            && l.text.starts_with("bestmove")
        {
            bestmoves.push(l.text);
        }
    }
    assert_eq!(bestmoves.len(), 2, "bestmove lines: {bestmoves:?}");
    e.quit();
}
