//! Forfeits: an engine that sends an illegal move, crashes, stalls past its clock or answers
//! `bestmove (none)` in a live game loses, with the reason in the PGN, whichever colour it
//! plays; moves checked against the rules, not only their form.

use super::harness::*;
use kaissa::pgn::PgnGame;
use kaissa::tournament::arbiter::TimeControl;
use std::time::Duration;

/// A two-game match of the real engine against a fake (`--games 2`: one game with each
/// colour), written to a PGN; returns the run and the games read back.
fn against(fake_spec: &str, limits: &[&str]) -> (Run, Vec<PgnGame>) {
    let dir = TempDir::new("forfeit");
    let pgn = dir.file("games.pgn");
    let real = real("real", "");
    let mut args = vec![
        "--engine",
        &real,
        "--engine",
        fake_spec,
        "--games",
        "2",
        "--concurrency",
        "2",
        "--pgn",
        &pgn,
    ];
    args.extend_from_slice(limits);
    let run = kaissa_match(&args).ok();
    let games = read_pgn(&pgn);
    check_tags(&games);
    assert_eq!(games.len(), 2, "{run}");
    assert_eq!(check_pgn_ok(&pgn), 2, "--check-pgn accepts the forfeits");
    (run, games)
}

/// Both games are lost by `bad` with `Yellow`/`Red` + `suffix` as the reason, once with
/// each colour, and the table counts them.
#[track_caller]
fn bad_lost_both(run: &Run, games: &[PgnGame], suffix: &str) {
    let mut colours = Vec::new();
    for g in games {
        let yellow = g.tag("White") == Some("bad");
        assert_eq!(
            g.tag(if yellow { "Black" } else { "White" }),
            Some("real"),
            "{g:?}"
        );
        let (colour, result) = if yellow {
            ("Yellow", "0-1")
        } else {
            ("Red", "1-0")
        };
        assert_eq!(g.result, result, "{g:?}\n{run}");
        assert_eq!(
            g.reason.as_deref(),
            Some(format!("{colour}{suffix}").as_str()),
            "{g:?}\n{run}"
        );
        colours.push(colour);
    }
    colours.sort();
    assert_eq!(
        colours,
        ["Red", "Yellow"],
        "the fake played each colour once"
    );
    assert_eq!(run.row("real"), (2, 2.0, 2, 0, 0), "{run}");
    assert_eq!(run.row("bad"), (2, 0.0, 0, 0, 2), "{run}");
}

#[test]
fn an_illegal_move_loses() {
    let _g = crate::serial::shared();
    // With the default random openings, so the fake is asked after a few plies.
    let (run, games) = against(&fake("illegal_move", &[], "bad"), &["--depth", "1"]);
    bad_lost_both(&run, &games, " played an illegal move: e2e9");
    // The moves before the forfeit are kept: the fake moved after the opening plies.
    assert!(games.iter().all(|g| !g.moves.is_empty()), "{games:?}");
}

#[test]
fn a_malformed_move_loses() {
    let _g = crate::serial::shared();
    let (run, games) = against(
        &fake("illegal_move", &["zz99"], "bad"),
        &["--depth", "1", "--random-plies", "0"],
    );
    bad_lost_both(&run, &games, " played an illegal move: zz99");
}

#[test]
fn a_crash_loses() {
    let _g = crate::serial::shared();
    let (run, games) = against(
        &fake("crash_on_go", &[], "bad"),
        &["--depth", "1", "--random-plies", "1"],
    );
    bad_lost_both(&run, &games, "'s engine crashed");
}

#[test]
fn a_stall_loses_on_time() {
    let _g = crate::serial::shared();
    let (run, games) = against(
        &fake("stall", &[], "bad"),
        &["--tc", "1+0.1", "--random-plies", "0"],
    );
    bad_lost_both(&run, &games, " loses on time");
    for g in &games {
        assert_eq!(g.tag("TimeControl"), Some("1+0.1"), "{g:?}");
    }
    // The staller had its whole second before the flag fell, and not much more.
    assert!(run.elapsed >= Duration::from_secs(1), "{run}");
    assert!(run.elapsed < Duration::from_secs(20), "{run}");
}

#[test]
fn a_stall_under_movetime_loses_on_time() {
    let _g = crate::serial::shared();
    let dir = TempDir::new("movetime");
    let pgn = dir.file("games.pgn");
    let (bad, good) = (fake("stall", &[], "bad"), real("real", ""));
    let run = kaissa_match(&[
        "--engine",
        &bad,
        "--engine",
        &good,
        "--games",
        "1",
        "--movetime",
        "100",
        "--pgn",
        &pgn,
    ])
    .ok();
    let games = read_pgn(&pgn);
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].result, "0-1", "{run}");
    assert_eq!(
        games[0].reason.as_deref(),
        Some("Yellow loses on time"),
        "{run}"
    );
    assert_eq!(games[0].tag("TimeControl"), Some("movetime 100 ms"));
}

#[test]
fn bestmove_none_in_a_live_game_loses() {
    let _g = crate::serial::shared();
    let (run, games) = against(
        &fake("none_move", &[], "bad"),
        &["--depth", "1", "--random-plies", "2"],
    );
    bad_lost_both(&run, &games, " played an illegal move: (none)");
}

#[test]
fn an_engine_that_cannot_start_stops_the_match() {
    let _g = crate::serial::shared();
    let run = kaissa_match(&[
        "--engine",
        &real("real", ""),
        "--engine",
        "cmd=/nonexistent/kaissa-engine name=bad",
        "--depth",
        "1",
        "--random-plies",
        "0",
    ]);
    assert!(
        run.error_line()
            .contains("cannot start /nonexistent/kaissa-engine"),
        "{run}"
    );
}

/// The arbiter checks moves against the rules of the variant and the side to move, not
/// only their form.
#[test]
fn legality_is_the_rules_legality() {
    let _g = crate::serial::shared();
    // Red's move when Yellow is to move.
    let r = play(
        "kaissa",
        None,
        "",
        &scripted("e9e8", "y"),
        &scripted("e9e8", "r"),
        SAFE_CLOCK,
    );
    assert_record(&r, "0-1", "Yellow played an illegal move: e9e8", "");
    // A Rider going four squares, on Yellow's second move: the first moves stay in the record.
    let f = fen(
        &[
            ("c4", 'R'),
            ("a1", 'H'),
            ("h7", 'r'),
            ("j10", 'h'),
            ("j4", 'u'),
        ],
        "",
        'w',
        0,
        20,
    );
    let s = "c4c5 h7h6 c5c9";
    let r = play(
        "kaissa",
        Some(&f),
        "",
        &scripted(s, "y"),
        &scripted(s, "r"),
        SAFE_CLOCK,
    );
    assert_record(
        &r,
        "0-1",
        "Yellow played an illegal move: c5c9",
        "c4c5 h7h6",
    );
    // Placing the Home Stone on the first turn: outside the kaissa window (turns 2-10), inside
    // the gorean one (1-10), where the game goes on until Red's script runs out.
    let f = fen(
        &[
            ("a1", 'R'),
            ("e5", 'R'),
            ("h10", 'h'),
            ("h8", 'r'),
            ("j5", 'u'),
        ],
        "H",
        'w',
        0,
        1,
    );
    let s = "H@e1";
    let r = play(
        "kaissa",
        Some(&f),
        "",
        &scripted(s, "y"),
        &scripted(s, "r"),
        SAFE_CLOCK,
    );
    assert_record(&r, "0-1", "Yellow played an illegal move: H@e1", "");
    let r = play(
        "gorean",
        Some(&f),
        "",
        &scripted(s, "y"),
        &scripted(s, "r"),
        SAFE_CLOCK,
    );
    assert_record(&r, "1-0", "Red played an illegal move: (none)", "H@e1");
}

/// A fake that moves instantly never loses on time on a short clock: the arbiter charges
/// only the time the engine takes.
#[test]
fn quick_answers_keep_the_clock() {
    let _g = crate::serial::shared();
    let f = fen(
        &[
            ("c4", 'R'),
            ("a1", 'H'),
            ("h7", 'r'),
            ("j10", 'h'),
            ("j4", 'u'),
        ],
        "",
        'w',
        0,
        20,
    );
    // Twenty plies on a 1 s clock without increment, no repetition: a Rider tour each side.
    let yellow = "c4c5 c5c6 c6c7 c7c8 c8d8 d8d7 d7d6 d6d5 d5d4 d4e4";
    let red = "h7h6 h6h5 h5g5 g5g6 g6g7 g7g8 g8h8 h8i8 i8i7 i7i6";
    let all: Vec<String> = yellow
        .split_whitespace()
        .zip(red.split_whitespace())
        .flat_map(|(a, b)| [a.to_string(), b.to_string()])
        .collect();
    let s = all.join(" ");
    let tc = TimeControl::Clock {
        base: Duration::from_secs(1),
        inc: Duration::ZERO,
    };
    let r = play(
        "kaissa",
        Some(&f),
        "",
        &scripted(&s, "y"),
        &scripted(&s, "r"),
        tc,
    );
    // The script ran out: Yellow's next answer is `(none)`, not a flag.
    assert_record(&r, "0-1", "Yellow played an illegal move: (none)", &s);
}

/// The clock: the time an engine takes is charged, the increment credited. Yellow answers
/// after 0.6 s on a 1 s + 0.4 s clock: 1.0, then 0.8, then 0.6 s left before its third move,
/// which it makes too late (without the increments it would have lost at its second).
#[test]
fn clocks_charge_the_time_taken_and_credit_increments() {
    let _g = crate::serial::shared();
    let s = "c4c5 h7h6 c5c6 h6h5 c6c7 h5h4";
    let yellow = fake_spec(
        "scripted",
        &["--delay", "0.6"]
            .into_iter()
            .chain(s.split_whitespace())
            .collect::<Vec<_>>(),
        "slow",
    );
    let tc = TimeControl::Clock {
        base: Duration::from_secs(1),
        inc: Duration::from_millis(400),
    };
    let f = fen(
        &[
            ("c4", 'R'),
            ("a1", 'H'),
            ("h7", 'r'),
            ("j10", 'h'),
            ("j4", 'u'),
        ],
        "",
        'w',
        0,
        20,
    );
    let r = play("kaissa", Some(&f), "", &yellow, &scripted(s, "r"), tc);
    assert_record(&r, "0-1", "Yellow loses on time", "c4c5 h7h6 c5c6 h6h5");
}
