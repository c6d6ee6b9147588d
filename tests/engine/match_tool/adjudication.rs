//! `--resign` and `--draw`: the arbiter ends the games both engines agree on, says why in
//! the PGN, and `--check-pgn` accepts an adjudicated win only for the side it names.

use super::harness::*;
use kaissa::pgn::{PgnGame, read_all};

/// Four games of the real engine at depth 2 (kaissa, random openings of seed 3) under
/// `rule`; the run and the PGN's path.
fn adjudicated(dir: &TempDir, rule: &[&str]) -> (Run, String) {
    let pgn = dir.file("games.pgn");
    let (a, b) = (real("a", ""), real("b", ""));
    let mut args = vec![
        "--engine",
        &a,
        "--engine",
        &b,
        "--games",
        "4",
        "--depth",
        "2",
        "--concurrency",
        "2",
        "--random-plies",
        "4",
        "--seed",
        "3",
        "--pgn",
        &pgn,
    ];
    args.extend(rule);
    (kaissa_match(&args).ok(), pgn)
}

#[test]
fn agreed_wins_are_adjudicated_for_the_winner() {
    let _g = crate::serial::shared();
    let dir = TempDir::new("adjudicate-win");
    let (run, pgn) = adjudicated(&dir, &["--resign", "movecount=1 score=1"]);
    assert_eq!(check_pgn_ok(&pgn), 4, "{run}");
    let mut games = read_pgn(&pgn);
    let won: Vec<&PgnGame> = games
        .iter()
        .filter(|g| {
            g.reason
                .as_deref()
                .is_some_and(|r| r.starts_with("adjudicated a win for "))
        })
        .collect();
    assert!(!won.is_empty(), "one centipawn for one move each: {run}");
    for g in &games {
        assert_eq!(
            g.tag("Adjudication"),
            Some("resign movecount=1 score=1"),
            "every game names the rules, for --resume"
        );
    }
    for g in &won {
        let reason = g.reason.as_deref().unwrap_or("");
        assert!(
            reason.ends_with("both engines scored it 0.01 or more for 1 moves each"),
            "{reason}"
        );
        let yellow = reason.starts_with("adjudicated a win for Yellow:");
        assert_eq!(g.result, if yellow { "1-0" } else { "0-1" }, "{g:?}");
    }
    // The other side's win is refused by the checker.
    let i = games
        .iter()
        .position(|g| {
            g.reason
                .as_deref()
                .is_some_and(|r| r.starts_with("adjudicated a win"))
        })
        .expect("an adjudicated win");
    let flipped = if games[i].result == "1-0" {
        "0-1"
    } else {
        "1-0"
    };
    games[i].result = flipped.into();
    for (k, v) in games[i].tags.iter_mut() {
        if k == "Result" {
            *v = flipped.into();
        }
    }
    let text: String = games.iter().map(PgnGame::write).collect();
    let path = dir.write("tampered.pgn", &text);
    let line = kaissa_match(&["--check-pgn", &path]).error_line();
    assert!(line.contains("adjudicated a win for"), "{line}");
    assert!(read_all(&text).is_ok());
}

#[test]
fn agreed_levels_are_adjudicated_draws_from_the_move_number_on() {
    let _g = crate::serial::shared();
    let dir = TempDir::new("adjudicate-draw");
    let (run, pgn) = adjudicated(&dir, &["--draw", "movenumber=4 movecount=1 score=100000"]);
    assert_eq!(check_pgn_ok(&pgn), 4, "{run}");
    for g in read_pgn(&pgn) {
        let reason = g.reason.as_deref().unwrap_or("");
        if reason.starts_with("adjudicated a draw: ") {
            assert_eq!(g.result, "1/2-1/2");
            assert!(g.moves.len() >= 8, "not before move 4: {g:?}");
        } else {
            // Only a game the rules ended (or an engine saw a mate in) goes on past there.
            assert!(
                g.moves.len() <= 9 || g.comments.iter().any(|c| c.contains('M')),
                "{g:?}"
            );
        }
    }
    assert!(run.stdout.contains("draws"), "{run}");
}

#[test]
fn malformed_rules_are_refused_with_one_line() {
    let _g = crate::serial::shared();
    let (a, b) = (real("a", ""), real("b", ""));
    for (flag, rule) in [
        ("--resign", "movecount=0 score=5"),
        ("--resign", "score=500"),
        ("--resign", "x"),
        ("--draw", "movecount=8 score=10"),
        ("--draw", "movenumber=40 movecount=8 score=-1"),
        ("--draw", "movenumber=40 movecount=8 score=10 extra=1"),
    ] {
        let run = kaissa_match(&["--engine", &a, "--engine", &b, flag, rule]);
        let line = run.error_line();
        assert!(
            line.contains(flag.trim_start_matches('-')),
            "{flag} {rule}: {run}"
        );
        assert!(!run.stderr.contains("panicked"), "{run}");
    }
}
