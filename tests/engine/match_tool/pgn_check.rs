//! `kaissa match --check-pgn FILE`: the match tool reads back its own PGN, replays every game
//! with the rules, and refuses illegal moves and wrong results with a clear message.

use super::endings::kaissa_openings_file;
use super::harness::*;
use kaissa::pgn::{PgnGame, read_all};
use std::sync::OnceLock;

/// A PGN written by `kaissa match` whose games all ended on the board (every kaissa end
/// rule, see `endings.rs`), made once for the tests of this file.
fn ended_pgn() -> &'static str {
    static PGN: OnceLock<String> = OnceLock::new();
    PGN.get_or_init(|| {
        let dir = TempDir::new("ended-pgn");
        let openings = dir.write("openings.txt", &kaissa_openings_file().0);
        let pgn = dir.file("games.pgn");
        let (a, b) = (real("a", ""), real("b", ""));
        kaissa_match(&[
            "--engine",
            &a,
            "--engine",
            &b,
            "--games",
            "12",
            "--depth",
            "1",
            "--concurrency",
            "1",
            "--openings",
            &openings,
            "--pgn",
            &pgn,
        ])
        .ok();
        std::fs::read_to_string(&pgn).expect("the PGN was written")
    })
}

/// The games of [`ended_pgn`] and the index of the first one that ended with `reason`.
fn games_and(reason: &str) -> (Vec<PgnGame>, usize) {
    let games = read_all(ended_pgn()).expect("the PGN reads back");
    let i = games
        .iter()
        .position(|g| g.reason.as_deref() == Some(reason))
        .unwrap_or_else(|| panic!("no game ended with {reason}"));
    (games, i)
}

/// Writes `games` with the library's PGN writer and runs `--check-pgn` on them, which must
/// fail; returns its one error line.
fn check_fails(games: &[PgnGame]) -> String {
    let dir = TempDir::new("tampered");
    let text: String = games.iter().map(PgnGame::write).collect();
    let path = dir.write("tampered.pgn", &text);
    let run = kaissa_match(&["--check-pgn", &path]);
    run.error_line()
}

/// Sets a game's result in the movetext and the `Result` tag.
fn set_result(g: &mut PgnGame, result: &str) {
    g.result = result.to_string();
    for (k, v) in g.tags.iter_mut() {
        if k == "Result" {
            *v = result.to_string();
        }
    }
}

#[test]
fn the_match_tools_own_pgn_passes() {
    let _g = crate::serial::shared();
    let dir = TempDir::new("own");
    let path = dir.write("games.pgn", ended_pgn());
    assert_eq!(check_pgn_ok(&path), 12);
    // Written through the library's writer again, it is the same text.
    let games = read_all(ended_pgn()).unwrap();
    let again: String = games.iter().map(PgnGame::write).collect();
    assert_eq!(again, ended_pgn());
}

#[test]
fn a_wrong_result_fails() {
    let _g = crate::serial::shared();
    let (mut games, i) = games_and("Yellow captures the Home Stone");
    assert_eq!(games[i].result, "1-0");
    set_result(&mut games[i], "0-1");
    let e = check_fails(&games);
    assert_eq!(
        e,
        format!(
            "error: game {}: the rules say 1-0 {{Yellow captures the Home Stone}}, the PGN says 0-1",
            i + 1
        )
    );
    // A draw by rule given as a win.
    let (mut games, i) = games_and("draw by repetition");
    set_result(&mut games[i], "1-0");
    let e = check_fails(&games);
    assert!(
        e.starts_with(&format!("error: game {}: the rules say 1/2-1/2", i + 1)),
        "{e}"
    );
    // An unfinished game marked `*` that the rules ended.
    let (mut games, i) = games_and("Red has no legal move");
    set_result(&mut games[i], "*");
    let e = check_fails(&games);
    assert!(e.contains(&format!("game {}: the rules say", i + 1)), "{e}");
}

#[test]
fn an_illegal_move_fails() {
    let _g = crate::serial::shared();
    let (mut games, i) = games_and("draw by repetition");
    // The third move, c5c4, made a Rider's move of five squares.
    assert_eq!(games[i].moves[2], "c5c4");
    games[i].moves[2] = "c5c10".to_string();
    let e = check_fails(&games);
    assert!(
        e.starts_with(&format!("error: game {}: ", i + 1)) && e.contains("c5c10"),
        "{e}"
    );
    // A move after the game ended.
    let (mut games, i) = games_and("Yellow captures the Home Stone");
    games[i].moves.push("j8j7".to_string());
    let e = check_fails(&games);
    assert!(
        e.starts_with(&format!("error: game {}: ", i + 1)) && e.contains("j8j7"),
        "{e}"
    );
}

#[test]
fn a_result_without_an_end_fails() {
    let _g = crate::serial::shared();
    // The capture taken back, the win kept.
    let (mut games, i) = games_and("Yellow captures the Home Stone");
    games[i].moves.pop();
    let e = check_fails(&games);
    assert_eq!(
        e,
        format!(
            "error: game {}: result 1-0 without an end on the board or a forfeit",
            i + 1
        )
    );
    // A repetition draw one ply short of the third time.
    let (mut games, i) = games_and("draw by repetition");
    games[i].moves.pop();
    let e = check_fails(&games);
    assert!(e.contains("without an end on the board"), "{e}");
}

#[test]
fn unreadable_input_fails() {
    let _g = crate::serial::shared();
    let dir = TempDir::new("unreadable");
    let missing = dir.file("missing.pgn");
    let e = kaissa_match(&["--check-pgn", &missing]).error_line();
    assert!(
        e.starts_with(&format!("error: cannot read {missing}")),
        "{e}"
    );
    let no_result = dir.write("no-result.pgn", "[Event \"x\"]\n\n1. e2e4 e9e8\n");
    let e = kaissa_match(&["--check-pgn", &no_result]).error_line();
    assert!(e.contains("without a result"), "{e}");
    let open_comment = dir.write("comment.pgn", "[Event \"x\"]\n\n1. e2e4 {oops 1-0\n");
    let e = kaissa_match(&["--check-pgn", &open_comment]).error_line();
    assert!(e.contains("unterminated comment"), "{e}");
    let bad_variant = dir.write("variant.pgn", "[Variant \"nosuch\"]\n\n1. e2e4 {x} *\n");
    let e = kaissa_match(&["--check-pgn", &bad_variant]).error_line();
    assert!(e.contains("nosuch"), "{e}");
}

/// A forfeit must go against the side that forfeited: a PGN that gives the game to the
/// engine that played the illegal move has a wrong result.
#[test]
fn a_forfeit_won_by_the_forfeiting_side_fails() {
    let _g = crate::serial::shared();
    let text = "[Event \"kaissa match\"]\n[Result \"0-1\"]\n[Variant \"kaissa\"]\n\
                [Termination \"Red played an illegal move: e2e9\"]\n\n\
                1. e2e4 {Red played an illegal move: e2e9} 0-1\n\n";
    let dir = TempDir::new("forfeit-winner");
    let path = dir.write("forfeit.pgn", text);
    let run = kaissa_match(&["--check-pgn", &path]);
    assert!(!run.status.success(), "{run}");
}

/// The `Result` tag is what rating tools read: one that disagrees with the game is a wrong
/// result even when the movetext is right.
#[test]
fn a_wrong_result_tag_fails() {
    let _g = crate::serial::shared();
    let (mut games, i) = games_and("Yellow captures the Home Stone");
    for (k, v) in games[i].tags.iter_mut() {
        if k == "Result" {
            *v = "0-1".to_string();
        }
    }
    check_fails(&games);
}
