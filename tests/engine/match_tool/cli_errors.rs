//! Bad input to `kaissa match`: a clear one-line error, exit status 1, no panic, no game
//! played.

use super::harness::*;

/// Runs `kaissa match ARGS` (with a PGN file in a temporary directory), expects a clean
/// failure whose message contains `want`, and checks no game was written.
#[track_caller]
fn refused(args: &[&str], want: &str) {
    let dir = TempDir::new("refused");
    let pgn = dir.file("games.pgn");
    let mut all = args.to_vec();
    all.extend(["--pgn", &pgn, "--depth", "1", "--games", "2"]);
    let run = kaissa_match(&all);
    let line = run.error_line();
    assert!(line.contains(want), "wanted '{want}': {run}");
    assert!(run.stdout.is_empty(), "{run}");
    let written = std::fs::read_to_string(&pgn).unwrap_or_default();
    assert!(written.is_empty(), "no game is written: {written}");
}

#[test]
fn fewer_than_two_engines() {
    let _g = crate::serial::shared();
    let one = real("one", "");
    refused(&["--engine", &one], "a match needs at least two engines");
}

#[test]
fn no_engine_at_all() {
    let _g = crate::serial::shared();
    refused(&[], "a match needs at least two engines");
}

#[test]
fn malformed_engine_specs() {
    let _g = crate::serial::shared();
    let good = real("good", "");
    for (spec, want) in [
        (
            format!("cmd={KAISSA} bogus"),
            "engine setting 'bogus' is not KEY=VALUE",
        ),
        ("name=nocmd".to_string(), "has no cmd="),
        (format!("cmd='{KAISSA}"), "unbalanced quote"),
        (
            format!("cmd={KAISSA} weight=3"),
            "unknown engine setting 'weight'",
        ),
        (format!("cmd={KAISSA} option.=3"), "unknown engine setting"),
        (String::new(), "has no cmd="),
    ] {
        refused(&["--engine", &good, "--engine", &spec], want);
    }
}

#[test]
fn bad_time_controls() {
    let _g = crate::serial::shared();
    let (a, b) = (real("a", ""), real("b", ""));
    for (tc, want) in [
        (
            "abc",
            "time control 'abc': 'abc' is not a number of seconds",
        ),
        ("10+x", "'x' is not a number of seconds"),
        ("0+1", "time control '0+1' has no time"),
        ("-5", "time control '-5' is out of range"),
        ("1e9", "out of range"),
        ("nan", "out of range"),
        ("", "is not a number of seconds"),
    ] {
        let run = kaissa_match(&["--engine", &a, "--engine", &b, &format!("--tc={tc}")]);
        let line = run.error_line();
        assert!(line.contains(want), "--tc {tc:?}: wanted '{want}': {run}");
    }
}

#[test]
fn bad_sprt() {
    let _g = crate::serial::shared();
    let (a, b) = (real("a", ""), real("b", ""));
    for (sprt, want) in [
        ("elo0=5 elo1=0", "SPRT needs elo1 > elo0"),
        ("elo0=0 elo1=5 alpha=0.7", "alpha, beta in (0, 0.5)"),
        ("beta=0", "alpha, beta in (0, 0.5)"),
        ("elo1", "SPRT parameter 'elo1' is not NAME=VALUE"),
        ("elo1=ten", "SPRT parameter elo1 needs a number, not 'ten'"),
        ("gamma=1", "unknown SPRT parameter 'gamma'"),
    ] {
        refused(&["--engine", &a, "--engine", &b, "--sprt", sprt], want);
    }
    // Only for two engines.
    let c = real("c", "");
    refused(
        &[
            "--engine", &a, "--engine", &b, "--engine", &c, "--sprt", "elo1=5",
        ],
        "SPRT is for a match of exactly two engines",
    );
}

#[test]
fn unknown_variant() {
    let _g = crate::serial::shared();
    let (a, b) = (real("a", ""), real("b", ""));
    refused(
        &["--engine", &a, "--engine", &b, "--variant", "chess"],
        "unknown variant \"chess\"",
    );
}

#[test]
fn missing_openings_file() {
    let _g = crate::serial::shared();
    let (a, b) = (real("a", ""), real("b", ""));
    refused(
        &[
            "--engine",
            &a,
            "--engine",
            &b,
            "--openings",
            "/nonexistent/openings.txt",
        ],
        "cannot read /nonexistent/openings.txt",
    );
}

/// Values clap refuses (out of range, conflicting limits): its own error, exit status 2,
/// no panic.
#[test]
fn values_clap_refuses() {
    let _g = crate::serial::shared();
    let (a, b) = (real("a", ""), real("b", ""));
    for extra in [
        &["--games", "0"][..],
        &["--concurrency", "0"],
        &["--depth", "0"],
        &["--movetime", "-3"],
        &["--tc", "1+0", "--depth", "3"],
        &["--balance", "-5"],
        &["--balance", "100", "--openings", "openings.txt"],
    ] {
        let mut args = vec!["--engine", a.as_str(), "--engine", b.as_str()];
        args.extend_from_slice(extra);
        let run = kaissa_match(&args);
        assert_eq!(run.status.code(), Some(2), "{run}");
        assert!(run.stderr.starts_with("error: "), "{run}");
        assert!(!run.stderr.contains("panicked"), "{run}");
    }
}

/// An opening that cannot be played is bad input like a missing file: the match should stop
/// with the line's error, not play `*` games that the table counts as draws and that its
/// own `--check-pgn` then refuses.
#[test]
fn unplayable_openings() {
    let _g = crate::serial::shared();
    let dir = TempDir::new("bad-openings");
    let (a, b) = (real("a", ""), real("b", ""));
    for line in ["e2e4 e9e5", "notafen/x w - - 0 1"] {
        let openings = dir.write("openings.txt", &format!("{line}\n"));
        refused(
            &["--engine", &a, "--engine", &b, "--openings", &openings],
            "opening",
        );
    }
}
