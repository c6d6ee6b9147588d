//! Every end rule of the Kaissa family, decided by the arbiter: games played by scripted fake
//! engines (and the real engine) under the library's `play_game`, openings that already end
//! the game, and the same openings through `kaissa match --openings`.

use super::harness::*;
use kaissa::tournament::arbiter::TimeControl;

/// One scripted game: both players run the same script (the whole game).
fn scripted_game(variant: &str, fen: &str, opening: &str, script: &str) -> (String, String) {
    let r = play(
        variant,
        Some(fen),
        opening,
        &scripted(script, "y"),
        &scripted(script, "r"),
        SAFE_CLOCK,
    );
    assert_eq!(
        r.moves.join(" "),
        script,
        "the game ends with the script's last move: {r:?}"
    );
    (r.result, r.reason)
}

/// A Rider on e5 next to Red's Home Stone on e6 (Yellow to move), and its mirror image.
pub fn capture_fen(yellow: bool) -> String {
    if yellow {
        fen(
            &[
                ("e5", 'R'),
                ("e6", 'h'),
                ("a1", 'H'),
                ("j9", 'r'),
                ("j4", 'u'),
            ],
            "",
            'w',
            0,
            20,
        )
    } else {
        fen(
            &[
                ("e6", 'r'),
                ("e5", 'H'),
                ("a10", 'h'),
                ("j2", 'R'),
                ("j7", 'U'),
            ],
            "",
            'b',
            0,
            20,
        )
    }
}
pub const CAPTURE_YELLOW: &str = "a1b1 j9j8 e5e6";
pub const CAPTURE_RED: &str = "a10b10 j2j3 e6e5";

/// Yellow's 9th turn (kaissa: the stone must be placed by the 10th), the stone in hand and one
/// free square on its first rank, which a Red Rider fills; or the mirror for Red.
pub fn deadline_fen(yellow: bool) -> String {
    if yellow {
        fen(
            &[
                ("a1", 'R'),
                ("b1", 'R'),
                ("c1", 'R'),
                ("d1", 'B'),
                ("e1", 'R'),
                ("f1", 'r'),
                ("h1", 'b'),
                ("i1", 'r'),
                ("j1", 'r'),
                ("g2", 'r'),
                ("e5", 'R'),
                ("h10", 'h'),
                ("j5", 'u'),
            ],
            "H",
            'w',
            0,
            9,
        )
    } else {
        fen(
            &[
                ("a10", 'r'),
                ("b10", 'r'),
                ("c10", 'r'),
                ("d10", 'b'),
                ("e10", 'r'),
                ("f10", 'R'),
                ("h10", 'B'),
                ("i10", 'R'),
                ("j10", 'R'),
                ("g9", 'R'),
                ("e6", 'r'),
                ("h1", 'H'),
                ("j6", 'U'),
            ],
            "h",
            'b',
            0,
            9,
        )
    }
}
pub const DEADLINE_YELLOW: &str = "e5e6 g2g1";
pub const DEADLINE_RED: &str = "e6e5 g9g10";

/// Yellow has lost its Ubar; its Rider takes Red's.
pub fn ubars_fen() -> String {
    fen(
        &[
            ("e5", 'R'),
            ("e6", 'u'),
            ("a1", 'H'),
            ("j10", 'h'),
            ("j8", 'r'),
        ],
        "",
        'w',
        0,
        20,
    )
}
pub const UBARS: &str = "a1a2 j8j7 e5e6";

/// Yellow's only piece, its Home Stone on a1, is boxed in when a Red Rider steps to b2 (Red
/// to move); or the mirror, Red boxed in by Yellow.
pub fn boxed_fen(yellow_boxed: bool) -> String {
    if yellow_boxed {
        fen(
            &[
                ("a1", 'H'),
                ("a2", 'r'),
                ("b1", 'r'),
                ("c3", 'r'),
                ("j10", 'h'),
                ("j5", 'u'),
            ],
            "",
            'b',
            0,
            20,
        )
    } else {
        fen(
            &[
                ("a10", 'h'),
                ("a9", 'R'),
                ("b10", 'R'),
                ("c8", 'R'),
                ("j1", 'H'),
                ("j6", 'U'),
            ],
            "",
            'w',
            0,
            20,
        )
    }
}
pub const BOX_YELLOW: &str = "c3b2";
pub const BOX_RED: &str = "c8b9";

/// Riders on c4 and h7 (from tests/rules/kaissa_rules/endings.rs), with the half-move clock given.
pub fn riders_fen(halfmove: u32) -> String {
    fen(
        &[
            ("c4", 'R'),
            ("a1", 'H'),
            ("h7", 'r'),
            ("j10", 'h'),
            ("j4", 'u'),
        ],
        "",
        'w',
        halfmove,
        20,
    )
}
/// Back and forth twice: the start position comes a third time after the eighth ply.
pub const REPETITION: &str = "c4c5 h7h6 c5c4 h6h7 c4c5 h7h6 c5c4 h6h7";
/// Four quiet plies from a half-move clock of 96, no position repeated.
pub const QUIET_FOUR: &str = "c4c5 h7h6 c5d5 h6h5";

#[test]
fn capturing_the_home_stone_wins() {
    let _g = crate::serial::shared();
    let r = scripted_game("kaissa", &capture_fen(true), "", CAPTURE_YELLOW);
    assert_eq!(r, ("1-0".into(), "Yellow captures the Home Stone".into()));
    let r = scripted_game("kaissa", &capture_fen(false), "", CAPTURE_RED);
    assert_eq!(r, ("0-1".into(), "Red captures the Home Stone".into()));
    // The piece's name comes from the variant: the Lodge in northern.
    let r = scripted_game("northern", &capture_fen(true), "", CAPTURE_YELLOW);
    assert_eq!(r, ("1-0".into(), "Yellow captures the Lodge".into()));
}

#[test]
fn the_real_engine_takes_the_home_stone() {
    let _g = crate::serial::shared();
    let tc = TimeControl::Depth(3);
    for (yellow, result, reason, mv) in [
        (true, "1-0", "Yellow captures the Home Stone", "e5e6"),
        (false, "0-1", "Red captures the Home Stone", "e6e5"),
    ] {
        let r = play(
            "kaissa",
            Some(&capture_fen(yellow)),
            "",
            &real_spec("y"),
            &real_spec("r"),
            tc,
        );
        assert_record(&r, result, reason, mv);
    }
}

#[test]
fn missing_the_home_stone_deadline_loses() {
    let _g = crate::serial::shared();
    let r = scripted_game("kaissa", &deadline_fen(true), "", DEADLINE_YELLOW);
    assert_eq!(
        r,
        (
            "0-1".into(),
            "Yellow did not place the Home Stone in time".into()
        )
    );
    let r = scripted_game("kaissa", &deadline_fen(false), "", DEADLINE_RED);
    assert_eq!(
        r,
        (
            "1-0".into(),
            "Red did not place the Home Stone in time".into()
        )
    );
}

#[test]
fn both_ubars_gone_draws_in_gorean_only() {
    let _g = crate::serial::shared();
    let r = scripted_game("gorean", &ubars_fen(), "", UBARS);
    assert_eq!(r, ("1/2-1/2".into(), "both players lost every Ubar".into()));
    // In kaissa the game goes on: Red is asked for a move and its script has run out.
    let r = play(
        "kaissa",
        Some(&ubars_fen()),
        "",
        &scripted(UBARS, "y"),
        &scripted(UBARS, "r"),
        SAFE_CLOCK,
    );
    assert_record(&r, "1-0", "Red played an illegal move: (none)", UBARS);
}

#[test]
fn no_legal_move_draws() {
    let _g = crate::serial::shared();
    let r = scripted_game("kaissa", &boxed_fen(true), "", BOX_YELLOW);
    assert_eq!(r, ("1/2-1/2".into(), "Yellow has no legal move".into()));
    let r = scripted_game("kaissa", &boxed_fen(false), "", BOX_RED);
    assert_eq!(r, ("1/2-1/2".into(), "Red has no legal move".into()));
}

#[test]
fn threefold_repetition_draws() {
    let _g = crate::serial::shared();
    let want = ("1/2-1/2".to_string(), "draw by repetition".to_string());
    assert_eq!(
        scripted_game("kaissa", &riders_fen(0), "", REPETITION),
        want
    );
    // Positions of the opening count: the first four plies are played before the engines.
    assert_eq!(
        scripted_game("kaissa", &riders_fen(0), "c4c5 h7h6 c5c4 h6h7", REPETITION),
        want
    );
    // Twice is not enough: one ply short, Yellow is asked and its script has run out.
    let short = "c4c5 h7h6 c5c4 h6h7 c4c5 h7h6 c5c4";
    let r = play(
        "kaissa",
        Some(&riders_fen(0)),
        "",
        &scripted(short, "y"),
        &scripted(short, "r"),
        SAFE_CLOCK,
    );
    assert_record(&r, "1-0", "Red played an illegal move: (none)", short);
}

#[test]
fn hundred_plies_without_progress_draw() {
    let _g = crate::serial::shared();
    let want = (
        "1/2-1/2".to_string(),
        "draw by the 100-ply rule: no capture, Spearman move or placement".to_string(),
    );
    assert_eq!(
        scripted_game("kaissa", &riders_fen(96), "", QUIET_FOUR),
        want
    );
    assert_eq!(
        scripted_game("gorean", &riders_fen(96), "", QUIET_FOUR),
        want
    );
    // From 95 the same four plies are not enough.
    let r = play(
        "kaissa",
        Some(&riders_fen(95)),
        "",
        &scripted(QUIET_FOUR, "y"),
        &scripted(QUIET_FOUR, "r"),
        SAFE_CLOCK,
    );
    assert_record(
        &r,
        "0-1",
        "Yellow played an illegal move: (none)",
        QUIET_FOUR,
    );
}

/// Openings (FEN + moves) that end the game: the arbiter decides at once, without asking an
/// engine (the players here crash at their first `go`, which would show in the reason).
#[test]
fn openings_that_end_the_game_are_decided_without_the_engines() {
    let _g = crate::serial::shared();
    let crash = fake_spec("crash_on_go", &[], "crash");
    let quick = TimeControl::Clock {
        base: std::time::Duration::from_secs(5),
        inc: std::time::Duration::ZERO,
    };
    for (variant, fen, moves, result, reason) in ended_openings() {
        let r = play(variant, Some(&fen), moves, &crash, &crash, quick);
        assert_record(&r, result, reason, moves);
    }
}

/// Every end rule as an opening line: variant, FEN, moves, result, reason.
pub fn ended_openings() -> Vec<(
    &'static str,
    String,
    &'static str,
    &'static str,
    &'static str,
)> {
    vec![
        (
            "kaissa",
            capture_fen(true),
            CAPTURE_YELLOW,
            "1-0",
            "Yellow captures the Home Stone",
        ),
        (
            "kaissa",
            capture_fen(false),
            CAPTURE_RED,
            "0-1",
            "Red captures the Home Stone",
        ),
        (
            "kaissa",
            deadline_fen(true),
            DEADLINE_YELLOW,
            "0-1",
            "Yellow did not place the Home Stone in time",
        ),
        (
            "kaissa",
            boxed_fen(false),
            BOX_RED,
            "1/2-1/2",
            "Red has no legal move",
        ),
        (
            "kaissa",
            riders_fen(0),
            REPETITION,
            "1/2-1/2",
            "draw by repetition",
        ),
        (
            "kaissa",
            riders_fen(96),
            QUIET_FOUR,
            "1/2-1/2",
            "draw by the 100-ply rule: no capture, Spearman move or placement",
        ),
        (
            "gorean",
            ubars_fen(),
            UBARS,
            "1/2-1/2",
            "both players lost every Ubar",
        ),
    ]
}

/// The kaissa lines of [`ended_openings`] as an openings file, and their results and reasons
/// in order.
pub fn kaissa_openings_file() -> (String, Vec<(&'static str, &'static str)>) {
    let mut text = String::from("# every end rule of kaissa, reached by the opening\n\n");
    let mut want = Vec::new();
    for (v, fen, moves, result, reason) in ended_openings() {
        if v == "kaissa" {
            text.push_str(&format!("{fen} moves {moves}\n"));
            want.push((result, reason));
        }
    }
    (text, want)
}

/// The same through the command line: `--openings FILE`, each line played twice (colours
/// swapped), the PGN read back and checked by `--check-pgn`.
#[test]
fn match_with_openings_that_end_the_game() {
    let _g = crate::serial::shared();
    let dir = TempDir::new("ended");
    let (text, want) = kaissa_openings_file();
    let openings = dir.write("openings.txt", &text);
    let pgn = dir.file("games.pgn");
    let (a, b) = (real("a", ""), real("b", ""));
    let games = (want.len() * 2).to_string();
    let run = kaissa_match(&[
        "--engine",
        &a,
        "--engine",
        &b,
        "--games",
        &games,
        "--depth",
        "1",
        "--concurrency",
        "2",
        "--openings",
        &openings,
        "--pgn",
        &pgn,
    ])
    .ok();
    let mut got = read_pgn(&pgn);
    check_tags(&got);
    assert_eq!(got.len(), want.len() * 2, "{run}");
    got.sort_by_key(|g| g.tag("Round").and_then(|r| r.parse::<usize>().ok()));
    let lines: Vec<&str> = text.lines().filter(|l| l.contains('/')).collect();
    for (k, g) in got.iter().enumerate() {
        // Games 2k+1 and 2k+2 play line k, with the engines' colours swapped.
        let (result, reason) = want[k / 2];
        assert_eq!(
            (g.result.as_str(), g.reason.as_deref()),
            (result, Some(reason)),
            "{g:?}"
        );
        let (fen, moves) = lines[k / 2].split_once(" moves ").unwrap();
        assert_eq!(g.tag("FEN"), Some(fen));
        assert_eq!(g.tag("SetUp"), Some("1"));
        assert_eq!(g.moves.join(" "), moves);
        let white = if k % 2 == 0 { "a" } else { "b" };
        assert_eq!(g.tag("White"), Some(white), "{g:?}");
    }
    // Each engine had each end once with each colour: equal points.
    let (ga, pa, ..) = run.row("a");
    let (gb, pb, ..) = run.row("b");
    assert_eq!((ga, gb), (got.len() as u32, got.len() as u32), "{run}");
    assert_eq!(pa, pb, "{run}");
    assert_eq!(check_pgn_ok(&pgn), got.len());

    // The gorean rule through the command line too.
    let (v, fen, moves, result, reason) = ended_openings().pop().unwrap();
    assert_eq!(v, "gorean");
    let openings = dir.write("gorean.txt", &format!("{fen} moves {moves}\n"));
    let pgn = dir.file("gorean.pgn");
    kaissa_match(&[
        "--engine",
        &a,
        "--engine",
        &b,
        "--games",
        "1",
        "--depth",
        "1",
        "--variant",
        "gorean",
        "--openings",
        &openings,
        "--pgn",
        &pgn,
    ])
    .ok();
    let got = read_pgn(&pgn);
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].tag("Variant"), Some("gorean"));
    assert_eq!(
        (got[0].result.as_str(), got[0].reason.as_deref()),
        (result, Some(reason))
    );
    assert_eq!(check_pgn_ok(&pgn), 1);
}
