//! `--resume`: a match cut short goes on from its PGN. The games already there count, in the
//! table and the SPRT, are not played again, and the two runs together write the games of
//! one uninterrupted match; a PGN of another match (seed, engines, clock, length,
//! adjudication) is refused with one line and left as it was.

use super::harness::*;

/// Two configurations of the real engine at depth 1, one game at a time (so the PGN's order
/// is the rounds' order), `games` games from the openings of `seed`, then `rest`.
fn args<'a>(
    specs: &'a [String; 2],
    games: &'a str,
    seed: &'a str,
    rest: &[&'a str],
) -> Vec<&'a str> {
    let mut a = vec![
        "--engine",
        specs[0].as_str(),
        "--engine",
        specs[1].as_str(),
        "--games",
        games,
        "--depth",
        "1",
        "--concurrency",
        "1",
        "--random-plies",
        "6",
        "--seed",
        seed,
    ];
    a.extend(rest);
    a
}

/// The two configurations the tests resume matches of.
fn small_and_large() -> [String; 2] {
    [
        real("small", "option.Hash=1"),
        real("large", "option.Hash=2"),
    ]
}

/// The PGN without its `Date` tags (two runs may straddle midnight) and without the times in
/// the move comments (`{+0.35/1 0.012s}` reads `{+0.35/1}`), which differ from run to run.
fn undated(path: &str) -> String {
    let text = std::fs::read_to_string(path).expect("the PGN was written");
    let mut out = String::new();
    for line in text.lines().filter(|l| !l.starts_with("[Date ")) {
        let mut rest = line;
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let close = rest[open..].find('}').map_or(rest.len(), |c| open + c + 1);
            let comment = &rest[open..close];
            match comment.rsplit_once(' ') {
                Some((head, t)) if t.ends_with("s}") && !head.contains(' ') => {
                    out.push_str(head);
                    out.push('}');
                }
                _ => out.push_str(comment),
            }
            rest = &rest[close..];
        }
        out.push_str(rest);
        out.push('\n');
    }
    out
}

/// Four games, then a resumed run to six, against six games played in one run; `extra`
/// arguments go to every run.
fn resumed_against_uninterrupted(tag: &str, extra: &[&str]) {
    let dir = TempDir::new(tag);
    let specs = small_and_large();
    let (cut, whole) = (dir.file("cut.pgn"), dir.file("whole.pgn"));
    // A missing file starts the match afresh.
    kaissa_match(&args(
        &specs,
        "4",
        "3",
        &[&["--pgn", cut.as_str(), "--resume"][..], extra].concat(),
    ))
    .ok();
    assert_eq!(read_pgn(&cut).len(), 4);
    let resumed = kaissa_match(&args(
        &specs,
        "6",
        "3",
        &[&["--pgn", cut.as_str(), "--resume"][..], extra].concat(),
    ))
    .ok();
    // With --balance a line says first that the openings of the games played are made again.
    let balanced = extra.contains(&"--balance");
    let mut lines = resumed.stderr.lines();
    if balanced {
        let notice = lines.next().unwrap_or("");
        assert!(
            notice.starts_with("resuming: 4 games already played"),
            "{resumed}"
        );
    }
    let games: Vec<&str> = lines.collect();
    assert!(
        games.first().is_some_and(|l| l.starts_with("game 5/6: ")),
        "counts on from game 5: {resumed}"
    );
    assert_eq!(games.len(), 2, "plays games 5 and 6 only: {resumed}");
    let uninterrupted = kaissa_match(&args(
        &specs,
        "6",
        "3",
        &[&["--pgn", whole.as_str()][..], extra].concat(),
    ))
    .ok();
    assert_eq!(undated(&cut), undated(&whole), "the same six games");
    check_pgn_ok(&cut);
    for name in ["small", "large"] {
        assert_eq!(resumed.row(name), uninterrupted.row(name), "{resumed}");
        assert_eq!(
            resumed.row(name).0,
            6,
            "the table counts all six: {resumed}"
        );
    }
}

#[test]
fn a_resumed_match_plays_the_games_of_an_uninterrupted_one() {
    let _g = crate::serial::shared();
    resumed_against_uninterrupted("resume", &[]);
}

/// Balanced openings are made as games need them, each from a seed of its own: a resumed
/// match makes the same ones.
#[test]
fn a_resumed_match_with_balanced_openings_plays_the_same_games() {
    let _g = crate::serial::shared();
    resumed_against_uninterrupted("resume-balance", &["--balance", "100"]);
}

#[test]
fn a_pgn_of_another_match_is_refused() {
    let _g = crate::serial::shared();
    let dir = TempDir::new("resume-refused");
    let specs = small_and_large();
    let pgn = dir.file("games.pgn");
    kaissa_match(&args(&specs, "2", "3", &["--pgn", &pgn])).ok();
    let before = std::fs::read_to_string(&pgn).expect("written");
    let other = [real("small", "option.Hash=1"), real("other", "")];
    let refusals: [(&[String; 2], &str, &str, &str); 5] = [
        (&specs, "4", "4", "does not start with this match's opening"),
        (
            &other,
            "4",
            "3",
            "this match plays small against other there",
        ),
        (&specs, "1", "3", "not one of this match's 1 games"),
        (&specs, "4", "3", "was played at depth 1, not depth 2"),
        (
            &specs,
            "4",
            "3",
            "was played with no adjudication, not adjudication 'resign movecount=3 score=1000'",
        ),
    ];
    for (i, (engines, games, seed, want)) in refusals.into_iter().enumerate() {
        let rest = vec!["--pgn", pgn.as_str(), "--resume"];
        let mut a = args(engines, games, seed, &rest);
        if i == 3 {
            // Another clock: depth 2 instead of depth 1.
            let d = a.iter().position(|x| *x == "--depth").expect("--depth");
            a[d + 1] = "2";
        }
        if i == 4 {
            // Other adjudication rules.
            a.extend(["--resign", "movecount=3 score=1000"]);
        }
        let run = kaissa_match(&a);
        let line = run.error_line();
        assert!(
            line.contains("cannot resume") && line.contains(want),
            "wanted '{want}': {run}"
        );
        assert_eq!(
            std::fs::read_to_string(&pgn).unwrap(),
            before,
            "the PGN is left alone"
        );
    }
    // A file that is no PGN of the tool.
    let junk = dir.write("junk.pgn", "not a game\n");
    let run = kaissa_match(&args(&specs, "4", "3", &["--pgn", &junk, "--resume"]));
    assert!(run.error_line().contains("cannot resume from"), "{run}");
}

#[test]
fn a_test_the_earlier_games_decided_plays_no_more() {
    let _g = crate::serial::shared();
    let dir = TempDir::new("resume-sprt");
    let pgn = dir.file("sprt.pgn");
    let (good, bad) = (real("real", ""), fake("illegal_move", &[], "bad"));
    let run = |resume: bool| {
        let mut a = sprt_args(&good, &bad, &pgn);
        if resume {
            a.push("--resume");
        }
        kaissa_match(&a).ok()
    };
    let first = run(false);
    assert!(first.stdout.contains(", H1 accepted"), "{first}");
    let played = read_pgn(&pgn).len();
    let again = run(true);
    assert!(again.stdout.contains(", H1 accepted"), "{again}");
    assert!(again.stderr.is_empty(), "no game played: {again}");
    assert_eq!(read_pgn(&pgn).len(), played, "{again}");
    assert_eq!(again.row("real").0 as usize, played, "{again}");
}

/// `--tally`: two parts of a match played apart (two seeds, two PGN files) give one table
/// whose rows add the parts' rows; a file with an illegal move is refused in one line.
#[test]
fn tally_adds_the_parts_of_a_match_played_apart() {
    let _g = crate::serial::shared();
    let dir = TempDir::new("tally");
    let specs = small_and_large();
    let (one, two) = (dir.file("part1.pgn"), dir.file("part2.pgn"));
    let r1 = kaissa_match(&args(&specs, "4", "1", &["--pgn", &one])).ok();
    let r2 = kaissa_match(&args(&specs, "4", "2", &["--pgn", &two])).ok();
    let all = kaissa_match(&["--tally", &one, &two, "--sprt", "elo0=0 elo1=10"]).ok();
    for name in ["small", "large"] {
        let (a, b, t) = (r1.row(name), r2.row(name), all.row(name));
        assert_eq!(t.0, a.0 + b.0, "{name}: games");
        assert_eq!((t.2, t.3, t.4), (a.2 + b.2, a.3 + b.3, a.4 + b.4), "{name}");
    }
    assert!(all.stdout.contains("SPRT elo0=0 elo1=10"), "{}", all.stdout);
    let bad = dir.write(
        "bad.pgn",
        "[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n1. z9z9 1-0\n\n",
    );
    let line = kaissa_match(&["--tally", &one, &bad]).error_line();
    assert!(line.contains("bad.pgn"), "{line}");
}
