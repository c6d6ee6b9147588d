//! Whole matches of the real engine: a round robin of four configurations on two games at
//! once, a gauntlet of three, and SPRT runs that stop as soon as they decide; the table's statistics.

use super::harness::*;
use kaissa::tournament::stats::{Sprt, Verdict, Wdl};
use std::collections::BTreeMap;

/// `--engine SPEC` for each spec, two games a pairing at depth 1, two at once, then `rest`.
fn engines_then<'a>(specs: &'a [String], rest: &[&'a str]) -> Vec<&'a str> {
    let mut args = Vec::new();
    for s in specs {
        args.extend(["--engine", s.as_str()]);
    }
    args.extend(["--games", "2", "--depth", "1", "--concurrency", "2"]);
    args.extend(rest);
    args
}

#[test]
fn a_gauntlet_pairs_the_first_engine_with_each_other_one_only() {
    let _g = crate::serial::shared();
    let dir = TempDir::new("gauntlet");
    let pgn = dir.file("g.pgn");
    let names = ["hash1", "hash2", "hash3"];
    let specs = [
        real(names[0], "option.Hash=1"),
        real(names[1], "option.Hash=2"),
        real(names[2], "option.Hash=3"),
    ];
    let run = kaissa_match(&engines_then(&specs, &["--gauntlet", "--pgn", &pgn])).ok();
    let games = read_pgn(&pgn);
    check_tags(&games);
    assert_eq!(games.len(), 4, "2 pairings x 2 games: {run}");
    // The progress lines count the gauntlet's games, not a round robin's.
    assert!(run.stderr.contains("game 4/4:"), "{}", run.stderr);
    let mut pairings: BTreeMap<(&str, &str), usize> = BTreeMap::new();
    for g in &games {
        let w = g.tag("White").unwrap();
        let b = g.tag("Black").unwrap();
        assert!(
            w == names[0] || b == names[0],
            "the others never meet: {g:?}"
        );
        *pairings.entry((w, b)).or_default() += 1;
    }
    assert_eq!(pairings.len(), 4, "each ordered pairing once: {pairings:?}");
    // The table: the first engine with four games, each other with two.
    let games_of = |name: &str| run.row(name).0;
    assert_eq!(
        [games_of(names[0]), games_of(names[1]), games_of(names[2])],
        [4, 2, 2],
        "{run}"
    );
}

#[test]
fn round_robin_of_four_configurations() {
    let _g = crate::serial::shared();
    let dir = TempDir::new("round-robin");
    let pgn = dir.file("rr.pgn");
    let names = ["hash1", "hash2", "threads2", "multipv2"];
    let specs = [
        real(names[0], "option.Hash=1"),
        real(names[1], "option.Hash=2"),
        real(names[2], "option.Threads=2"),
        real(names[3], "option.MultiPV=2"),
    ];
    let run = kaissa_match(&engines_then(&specs, &["--seed", "2", "--pgn", &pgn])).ok();
    eprintln!("round robin: {:.1?}", run.elapsed);
    let games = read_pgn(&pgn);
    check_tags(&games);
    assert_eq!(games.len(), 12, "6 pairings x 2 games: {run}");
    // Every round once; every pairing twice, once with each colour, from the same opening.
    let mut rounds: Vec<usize> = games
        .iter()
        .map(|g| g.tag("Round").unwrap().parse().unwrap())
        .collect();
    rounds.sort();
    assert_eq!(rounds, (1..=12).collect::<Vec<_>>());
    let mut pairings: BTreeMap<(&str, &str), usize> = BTreeMap::new();
    for g in &games {
        let w = g.tag("White").unwrap();
        let b = g.tag("Black").unwrap();
        assert!(names.contains(&w) && names.contains(&b) && w != b, "{g:?}");
        *pairings.entry((w, b)).or_default() += 1;
        assert_eq!(g.tag("Variant"), Some("kaissa"));
        assert_eq!(g.tag("TimeControl"), Some("depth 1"));
        assert!(!g.moves.is_empty(), "{g:?}");
        // Each engine move carries what the engine said of it: score/depth and time.
        let said: Vec<&String> = g.comments.iter().filter(|c| !c.is_empty()).collect();
        assert!(!said.is_empty() || g.moves.len() <= 8, "{g:?}");
        for c in said {
            let (eval, secs) = c.split_once(' ').expect("score/depth and time");
            let (score, depth) = eval.split_once('/').expect("score/depth");
            assert_eq!(depth, "1", "{c}");
            let score = score.trim_start_matches(['+', '-']);
            assert!(
                score.starts_with('M') || score.parse::<f64>().is_ok(),
                "{c}"
            );
            let t = secs.strip_suffix('s').expect("seconds");
            assert!(t.parse::<f64>().is_ok_and(|t| t >= 0.0), "{c}");
        }
    }
    assert_eq!(
        pairings.len(),
        12,
        "each ordered pairing once: {pairings:?}"
    );
    for name in names {
        let yellow = games
            .iter()
            .filter(|g| g.tag("White") == Some(name))
            .count();
        assert_eq!(
            yellow, 3,
            "{name} has the first move once against each opponent"
        );
    }
    // The table: all four, six games each, and the PGN's results.
    let mut points = 0.0;
    for name in names {
        let (mut w, mut d, mut l) = (0, 0, 0);
        for g in &games {
            let me_first = g.tag("White") == Some(name);
            if !me_first && g.tag("Black") != Some(name) {
                continue;
            }
            match (g.result.as_str(), me_first) {
                ("1-0", true) | ("0-1", false) => w += 1,
                ("1-0", false) | ("0-1", true) => l += 1,
                ("1/2-1/2", _) => d += 1,
                (r, _) => panic!("unexpected result {r}: {g:?}"),
            }
        }
        let row = run.row(name);
        assert_eq!(row.0, 6, "{run}");
        assert_eq!((row.2, row.3, row.4), (w, d, l), "{name}: {run}");
        points += row.1;
    }
    assert_eq!(points, 12.0, "{run}");
    // One progress line per game.
    let progress = run
        .stderr
        .lines()
        .filter(|l| l.starts_with("game ") && l.contains("/12: "))
        .count();
    assert_eq!(progress, 12, "{run}");
    assert_eq!(check_pgn_ok(&pgn), 12);
}

/// `--sprt` against an engine that always forfeits: stops long before `--games` with H1
/// accepted (engine 0 stronger), or H0 with the engines the other way round.
#[test]
fn sprt_stops_early() {
    let _g = crate::serial::shared();
    let dir = TempDir::new("sprt");
    let (good, bad) = (real("real", ""), fake("illegal_move", &[], "bad"));
    for (first, second, verdict) in [(&good, &bad, "H1"), (&bad, &good, "H0")] {
        let pgn = dir.file(&format!("{verdict}.pgn"));
        let run = kaissa_match(&sprt_args(first, second, &pgn)).ok();
        eprintln!("SPRT {verdict}: {:.1?}", run.elapsed);
        let sprt_line = run
            .stdout
            .lines()
            .find(|l| l.starts_with("SPRT elo0=0 elo1=10 alpha=0.05 beta=0.05: LLR "))
            .unwrap_or_else(|| panic!("no SPRT line: {run}"));
        assert!(
            sprt_line.contains(&format!(", {verdict} accepted")),
            "{run}"
        );
        let (played, ..) = run.row("real");
        assert!(played < 100, "the test stopped early: {run}");
        // Every game's progress line carries the running LLR and its bounds.
        let progress: Vec<&str> = run
            .stderr
            .lines()
            .filter(|l| l.starts_with("game ") && l.contains("/200: "))
            .collect();
        assert_eq!(progress.len(), played as usize, "{run}");
        assert!(
            progress
                .iter()
                .all(|l| l.contains(" | LLR ") && l.ends_with(" (-2.94 .. 2.94)")),
            "{run}"
        );
        assert_eq!(run.row("bad").0, played);
        // The PGN holds exactly the games the table counts.
        assert_eq!(read_pgn(&pgn).len(), played as usize, "{run}");
        assert_eq!(check_pgn_ok(&pgn), played as usize);
    }
}

/// Two games cannot pin an Elo difference down: the 95% error stays wide after a 2-0 sweep
/// and is never zero after two draws.
#[test]
fn elo_error_is_never_zero() {
    let _g = crate::serial::shared();
    let sweep = Wdl {
        wins: 2,
        draws: 0,
        losses: 0,
    };
    assert!(sweep.elo().1 > 100.0, "{:?}", sweep.elo());
    let draws = Wdl {
        wins: 0,
        draws: 2,
        losses: 0,
    };
    assert!(draws.elo().1 > 0.0, "{:?}", draws.elo());
}

/// Two wins in two games happen one time in four between equal engines that never draw;
/// an SPRT with alpha = 0.05 must not accept H1 on them.
#[test]
fn sprt_does_not_decide_on_two_games() {
    let _g = crate::serial::shared();
    let s = Sprt::parse("elo0=0 elo1=10 alpha=0.05 beta=0.05").unwrap();
    for (w, l) in [(2, 0), (0, 2), (3, 0)] {
        let r = Wdl {
            wins: w,
            draws: 0,
            losses: l,
        };
        assert_eq!(s.verdict(&r), None, "{r:?}: LLR {}", s.llr(&r));
    }
    // Many more decisive games one way do decide.
    let r = Wdl {
        wins: 60,
        draws: 0,
        losses: 0,
    };
    assert_eq!(s.verdict(&r), Some(Verdict::H1));
}

/// `--balance`: random openings redrawn until a short search finds them level. The match
/// plays them as any other (each twice, colours swapped), and the same seed gives the same
/// openings, so a match cut short resumes.
#[test]
fn balanced_random_openings_are_played_in_pairs_and_repeat() {
    let _g = crate::serial::shared();
    let dir = TempDir::new("balance");
    let (a, b) = (real("a", ""), real("b", ""));
    let openings_of = |pgn: &str| {
        let args = [
            "--engine",
            &a,
            "--engine",
            &b,
            "--variant",
            "jikaida",
            "--games",
            "4",
            "--depth",
            "1",
            "--concurrency",
            "2",
            "--random-plies",
            "4",
            "--balance",
            "150",
            "--seed",
            "7",
            "--pgn",
            pgn,
        ];
        let run = kaissa_match(&args).ok();
        let mut games = read_pgn(pgn);
        assert_eq!(games.len(), 4, "{run}");
        games.sort_by_key(|g| g.tag("Round").unwrap().parse::<usize>().unwrap());
        games
            .iter()
            .map(|g| g.moves[..4].to_vec())
            .collect::<Vec<_>>()
    };
    let first = openings_of(&dir.file("one.pgn"));
    assert_eq!(first[0], first[1], "a pair shares its opening");
    assert_eq!(first[2], first[3], "a pair shares its opening");
    assert_eq!(first, openings_of(&dir.file("two.pgn")), "the same seed");
}
