//! A scripted engine session for protocol tests: the binary is fed lines, waiting for each
//! search's `bestmove`, and everything it wrote is returned. Declared once
//! at the root of each test target that uses it (`crate::session`).

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs the engine on `input`, one line at a time: after a line starting with `go` it waits
/// for the `bestmove` answer before sending more. Returns everything the engine wrote.
pub fn session(input: &str) -> String {
    use std::io::BufRead;
    let mut child = Command::new(env!("CARGO_BIN_EXE_kaissa"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut out = String::new();
    for line in input.lines() {
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
        if line.starts_with("go") {
            loop {
                let mut l = String::new();
                assert!(stdout.read_line(&mut l).unwrap() > 0, "no bestmove: {out}");
                out.push_str(&l);
                if l.starts_with("bestmove") {
                    break;
                }
            }
        }
    }
    drop(stdin);
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stdout, &mut rest).unwrap();
    out.push_str(&rest);
    child.wait().unwrap();
    out
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
