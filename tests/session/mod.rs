//! The engine binary driven by the tests: [`driver::Process`], the one driver (UCI and XBoard
//! sessions are built on it), and on top of it a scripted session for protocol tests (the
//! binary is fed lines, waiting for each search's `bestmove`, and everything it wrote is
//! returned), the command-line tools run once, and self-play matches. Declared once at the root
//! of each test target that uses it (`crate::session`).

pub mod driver;

use driver::{Process, REPLY};
use std::process::Command;
use std::time::Duration;

/// How long one scripted search or the rest of a script may take (debug builds on a loaded
/// machine are slow).
const SEARCH: Duration = Duration::from_secs(300);

/// Runs the engine on `input`, one line at a time: after a line starting with `go` it waits
/// for the `bestmove` answer before sending more. Returns everything the engine wrote, a line
/// each, until it closed its output after the end of the input.
pub fn session(input: &str) -> String {
    let mut p = Process::spawn("session");
    let mut out = Vec::new();
    for line in input.lines() {
        p.send(line);
        if line.starts_with("go") {
            out.extend(p.until(|l| l.starts_with("bestmove"), SEARCH));
        }
    }
    p.close_stdin();
    out.extend(p.rest(SEARCH));
    p.wait_exit(REPLY);
    let mut text = out.join("\n");
    text.push('\n');
    text
}

/// Runs the binary with `args`, asserts that it succeeds and returns its stdout.
pub fn run_ok(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_kaissa"))
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Plays `games` games of `variant` between two copies of the binary searching to `depth`
/// under `kaissa match`, checks the PGN with `kaissa match --check-pgn` and returns it.
pub fn self_match(variant: &str, games: u32, depth: u32, pgn: &std::path::Path) -> String {
    let exe = env!("CARGO_BIN_EXE_kaissa");
    let (a, b) = (format!("cmd={exe} name=a"), format!("cmd={exe} name=b"));
    let (games, depth) = (games.to_string(), depth.to_string());
    let pgn_arg = pgn.to_str().expect("a UTF-8 path");
    run_ok(&[
        "match",
        "--variant",
        variant,
        "--games",
        &games,
        "--depth",
        &depth,
        "--concurrency",
        "2",
        "--random-plies",
        "2",
        "--engine",
        &a,
        "--engine",
        &b,
        "--pgn",
        pgn_arg,
    ]);
    run_ok(&["match", "--check-pgn", pgn_arg]);
    std::fs::read_to_string(pgn).unwrap()
}
