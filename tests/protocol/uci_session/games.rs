//! Whole games: the engine against itself to the end, and a 40-move game on a fast clock.

use super::harness::{REPLY, Reference, Uci, parse_bestmove};
use crate::serial::{shared, timing};
use kaissa::core::geometry::Color;
use kaissa::core::outcome::Outcome;
use std::time::Duration;

/// What the engine must say (before `bestmove (none)`) in a finished game.
fn end_info(o: Outcome, to_move: Color) -> &'static str {
    match o {
        Outcome::Draw(_) => "info depth 0 score cp 0",
        Outcome::Win(c, _) if c == to_move => "info depth 0 score mate 1",
        Outcome::Win(..) => "info depth 0 score mate 0",
    }
}

/// Plays `variant` engine against engine with `go` per move until the engine answers
/// `bestmove (none)`; every reply is checked against the library. Returns the moves and the
/// outcome.
fn self_play(e: &mut Uci, variant: &str, go: &str, cap: usize) -> (Vec<String>, Outcome) {
    e.ask(&format!("setoption name UCI_Variant value {variant}"));
    e.send("ucinewgame");
    let mut r = Reference::new(variant, &[]);
    let mut moves: Vec<String> = Vec::new();
    loop {
        assert!(
            moves.len() <= cap,
            "{variant}: no end after {cap} plies: {}",
            moves.join(" ")
        );
        if moves.is_empty() {
            e.send("position startpos");
        } else {
            e.send(&format!("position startpos moves {}", moves.join(" ")));
        }
        e.send(go);
        let (lines, best) = e.bestmove(REPLY);
        if let Some(o) = r.outcome() {
            let to_move = r.engine.state().side_to_move();
            assert_eq!(
                best,
                "bestmove (none)",
                "{variant}: game over ({o:?}) at ply {}",
                moves.len()
            );
            assert_eq!(
                lines,
                vec![end_info(o, to_move).to_string()],
                "{variant}: {o:?}"
            );
            return (moves, o);
        }
        assert_ne!(
            best,
            "bestmove (none)",
            "{variant}: no move at ply {} though the game goes on: {}",
            moves.len(),
            r.fen()
        );
        let (mv, _) = parse_bestmove(&best);
        assert!(
            r.is_legal(&mv),
            "{variant}: illegal {mv} at ply {} in {}",
            moves.len(),
            r.fen()
        );
        r.play(&mv);
        moves.push(mv);
    }
}

#[test]
fn self_play_games_end_by_a_rule() {
    let _g = shared();
    let mut e = Uci::ready("self play");
    for (variant, go) in [
        ("kaissa", "go depth 3"),
        ("merchants", "go depth 2"),
        ("gorean", "go nodes 3000"),
    ] {
        let (moves, o) = self_play(&mut e, variant, go, 600);
        println!("{variant} ({go}): {} plies, {o:?}", moves.len());
        // The end is one of the rules: Home Stone captured, missed deadline, repetition, the
        // 100-ply rule (or no legal move, or gorean's both Ubars lost).
        assert!(matches!(o, Outcome::Win(..) | Outcome::Draw(_)));
    }
    e.quit();
}

#[test]
fn forty_moves_on_one_second_plus_increment_never_lose_on_time() {
    let _g = timing();
    let mut e = Uci::ready("clock game");
    let inc = Duration::from_millis(100);
    let start = Duration::from_millis(1000);
    let mut min_left = start;
    let mut plies = 0;
    let mut games = 0;
    while plies < 80 {
        games += 1;
        e.send("ucinewgame");
        let mut r = Reference::new("kaissa", &[]);
        let mut moves: Vec<String> = Vec::new();
        // Remaining time of Yellow and Red, kept by the test.
        let mut clock = [start, start];
        while plies < 80 {
            if moves.is_empty() {
                e.send("position startpos");
            } else {
                e.send(&format!("position startpos moves {}", moves.join(" ")));
            }
            e.sync();
            let side = moves.len() % 2;
            let sent = e.send(&format!(
                "go wtime {} btime {} winc {} binc {}",
                clock[0].as_millis(),
                clock[1].as_millis(),
                inc.as_millis(),
                inc.as_millis()
            ));
            let lines = e.until_timed(|l| l.starts_with("bestmove"), REPLY);
            let best = lines.last().unwrap();
            let used = best.at - sent;
            if r.outcome().is_some() {
                assert_eq!(best.text, "bestmove (none)");
                break;
            }
            assert!(
                used < clock[side],
                "{} lost on time at ply {}: used {used:?} of {:?}",
                ["Yellow", "Red"][side],
                moves.len(),
                clock[side]
            );
            clock[side] -= used;
            min_left = min_left.min(clock[side]);
            clock[side] += inc;
            let (mv, _) = parse_bestmove(&best.text);
            assert!(r.is_legal(&mv), "illegal {mv} in {}", r.fen());
            r.play(&mv);
            moves.push(mv);
            plies += 1;
        }
    }
    println!("clock game: {plies} plies in {games} game(s), lowest clock {min_left:?}");
    e.quit();
}
