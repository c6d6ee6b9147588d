//! Integration tests of the XBoard (CECP v2) mode: each test starts the built `kaissa` binary
//! with piped stdin/stdout and scripts a whole session the way XBoard does, reading the replies
//! line by line with timeouts, so a hung engine fails the test instead of hanging CI.
//!
//! Covered here: `ping`/`pong` (also while thinking); `force`, `go`, `playother`; `st`, `sd`,
//! `level`, `time`, `otim`; thinking output with `post`; mate scores; `analyze`/`exit`; `?` and
//! the options; result claims after the engine's and after the user's move; whole games of the
//! engine against itself in `go` mode, checked move by move against the library; and a clock
//! game that never runs out of time.

use crate::xboard_session_common;

use kaissa::engine::Engine;
use std::time::{Duration, Instant};
use xboard_session_common::{Session, any_legal, is_gui_move, to_engine};

#[test]
fn ping_is_answered_after_the_move_when_thinking() {
    let _g = crate::serial::shared();
    let (mut s, _) = Session::start();
    s.new_game("kaissa");
    s.send("st 1");
    s.send("go");
    s.send("ping 99");
    let (before, _) = s.until(|l| l == "pong 99");
    assert!(
        before.iter().any(|l| l.starts_with("move ")),
        "pong came before the move: {before:?}"
    );
}

#[test]
fn force_go_and_playother() {
    let _g = crate::serial::shared();
    let (mut s, _) = Session::start();
    s.new_game("merchants");
    s.send("sd 2");
    // In force mode moves are only played.
    assert!(s.ask("usermove e1e3").is_empty());
    assert!(s.ask("usermove e8e6").is_empty());
    // go: the engine takes the side to move (Yellow) and moves.
    s.send("go");
    let (m1, _) = s.engine_move();
    assert!(is_gui_move(&m1));
    // It now plays Yellow: a Red move is answered.
    s.send("usermove d8d6");
    let (m2, _) = s.engine_move();
    assert!(is_gui_move(&m2));
    // playother: the engine takes the side not on move and waits.
    s.send("force");
    let red = any_legal(&mut s);
    s.send(&format!("usermove {red}"));
    assert!(s.ask("playother").is_empty(), "playother does not move");
    // Yellow is on move and the engine plays Red; after Yellow's move it answers.
    let yellow = any_legal(&mut s);
    s.send(&format!("usermove {yellow}"));
    let (m3, _) = s.engine_move();
    assert!(is_gui_move(&m3));
    // result ends the game for the engine: force mode, moves are only played.
    s.send("result 1/2-1/2 {test}");
    let red = any_legal(&mut s);
    assert!(s.ask(&format!("usermove {red}")).is_empty());
    std::thread::sleep(Duration::from_millis(200));
    assert!(s.sync().is_empty(), "no move after result");
}

#[test]
fn time_controls_limit_the_search() {
    let _g = crate::serial::shared();
    let (mut s, _) = Session::start();
    for bad in ["level 40", "st x", "sd -2", "time", "otim x"] {
        let out = s.ask(bad);
        assert_eq!(out.len(), 1, "{bad}: {out:?}");
        assert!(out[0].starts_with("Error ("), "{bad}: {out:?}");
    }
    // Half a second on the clock of a 5-minute game: the engine must answer well inside it.
    s.new_game("kaissa");
    s.send("level 40 5 0");
    s.send("time 50");
    s.send("otim 30000");
    let t = Instant::now();
    s.send("go");
    s.engine_move();
    assert!(
        t.elapsed() < Duration::from_millis(500),
        "took {:?} with 0.5 s left",
        t.elapsed()
    );
    // st: a fixed time per move (fractions of a second accepted).
    s.send("force");
    s.send("st 0.3");
    let t = Instant::now();
    s.send("go");
    s.engine_move();
    let took = t.elapsed();
    assert!(took < Duration::from_millis(1500), "st 0.3 took {took:?}");
    // sd: the depth limit shows in the thinking output.
    s.send("force");
    s.send("level 0 10 0");
    s.send("time 60000");
    s.send("sd 2");
    s.send("post");
    s.send("go");
    let (_, before) = s.engine_move();
    let depths: Vec<i64> = before
        .iter()
        .filter_map(|l| l.split_whitespace().next()?.parse().ok())
        .collect();
    assert!(!depths.is_empty(), "no thinking output: {before:?}");
    assert!(depths.iter().all(|&d| d <= 2), "{depths:?}");
}

#[test]
fn thinking_output_has_the_cecp_format() {
    let _g = crate::serial::shared();
    let (mut s, _) = Session::start();
    s.new_game("kaissa");
    s.send("post");
    s.send("sd 4");
    s.send("go");
    let (_, lines) = s.engine_move();
    assert!(!lines.is_empty());
    for l in &lines {
        let f: Vec<&str> = l.split_whitespace().collect();
        assert!(f.len() >= 5, "{l}");
        for n in &f[..4] {
            assert!(n.parse::<i64>().is_ok(), "{l}");
        }
        assert!(f[4..].iter().all(|m| is_gui_move(m)), "{l}");
    }
    // nopost silences it.
    s.send("force");
    s.send("nopost");
    s.send("go");
    let (_, lines) = s.engine_move();
    assert!(lines.is_empty(), "{lines:?}");
}

#[test]
fn mate_scores_use_100000() {
    let _g = crate::serial::shared();
    let (mut s, _) = Session::start();
    s.new_game("kaissa");
    s.send("post");
    s.send("sd 3");
    s.send("setboard 9h/10/10/10/10/10/10/10/10/4H4U[] w - - 0 20");
    s.send("go");
    let (mv, lines) = s.engine_move();
    assert_eq!(mv, "j0j9");
    assert!(
        lines
            .iter()
            .any(|l| l.split_whitespace().nth(1) == Some("100001")),
        "{lines:?}"
    );
    let (_, result) = s.until(|l| l.contains(" {"));
    assert_eq!(result, "1-0 {Yellow captures the Home Stone}");
}

#[test]
fn results_are_claimed_after_the_users_move_too() {
    let _g = crate::serial::shared();
    let (mut s, _) = Session::start();
    s.new_game("kaissa");
    s.ask("setboard 9h/10/10/10/10/10/10/10/10/4H4U[] w - - 0 20");
    assert_eq!(
        s.ask("usermove j0j9"),
        ["1-0 {Yellow captures the Home Stone}"]
    );
    // The game is over: moves and go are refused with the result.
    assert_eq!(
        s.ask("usermove e9e8"),
        ["Illegal move (the game is over): e9e8"]
    );
    assert_eq!(s.ask("go"), ["1-0 {Yellow captures the Home Stone}"]);
    // A missed deadline: Yellow's tenth turn with the Home Stone in hand and no free cell.
    s.ask("force");
    s.ask("setboard 4h5/10/10/10/10/10/10/10/10/IBSTUATSBI[H] w - - 0 10");
    assert_eq!(
        s.ask("go"),
        ["0-1 {Yellow did not place the Home Stone in time}"]
    );
    // The gorean draw when both Ubars are gone (Red's Ubar taken by the user's move).
    s.new_game("gorean");
    s.ask("setboard 4u4h/10/10/10/10/10/10/10/10/4B4H[] w - - 0 20");
    assert_eq!(
        s.ask("usermove e0e9"),
        ["1/2-1/2 {both players lost every Ubar}"]
    );
}

#[test]
fn analyze_until_exit() {
    let _g = crate::serial::shared();
    let (mut s, _) = Session::start();
    s.new_game("northern");
    s.send("analyze");
    let (_, first) = s.until(|l| l.split_whitespace().count() >= 5);
    assert!(
        first
            .split_whitespace()
            .next()
            .unwrap()
            .parse::<i64>()
            .is_ok()
    );
    // A move restarts the analysis of the new position; nothing is played.
    s.send("usermove e1e3");
    std::thread::sleep(Duration::from_millis(300));
    s.send("exit");
    let out = s.sync();
    assert!(out.iter().all(|l| !l.starts_with("move")), "{out:?}");
    assert!(s.fen().contains(" b "), "the user's move was played");
    // After exit the engine is idle: pings are answered at once.
    let t = Instant::now();
    s.sync();
    assert!(t.elapsed() < Duration::from_secs(2));
}

#[test]
fn move_now_and_options() {
    let _g = crate::serial::shared();
    let (mut s, _) = Session::start();
    s.send("memory 16");
    s.send("cores 2");
    s.send("easy");
    s.send("hard");
    s.send("random");
    s.send("computer");
    s.send("name Opponent");
    s.send("rating 2000 1800");
    assert!(s.sync().is_empty());
    s.new_game("kaissa");
    // st 60: without '?' this would take a minute.
    s.send("st 60");
    s.send("go");
    std::thread::sleep(Duration::from_millis(300));
    let t = Instant::now();
    s.send("?");
    s.engine_move();
    assert!(
        t.elapsed() < Duration::from_secs(5),
        "? took {:?}",
        t.elapsed()
    );
    // force while thinking discards the search: no move comes.
    s.send("go");
    std::thread::sleep(Duration::from_millis(100));
    s.send("force");
    let out = s.sync();
    assert!(out.iter().all(|l| !l.starts_with("move")), "{out:?}");
}

/// Plays the engine against itself with `go` on every turn until it claims a result; checks
/// every move against the library and the claim against the final position.
fn self_play(variant: &str, depth: u32) -> (String, usize) {
    let (mut s, _) = Session::start();
    s.new_game(variant);
    s.send(&format!("sd {depth}"));
    s.send("st 5");
    let mut engine = Engine::new();
    engine.set_variant(variant, &[]).unwrap();
    for ply in 0..2000 {
        s.send("go");
        let (line_pred, result) = {
            let (_, l) = s.until(|l| l.starts_with("move ") || l.contains(" {"));
            (l.starts_with("move "), l)
        };
        assert!(line_pred, "a result before a move: {result}");
        let mv = &result["move ".len()..];
        assert!(is_gui_move(mv), "{mv}");
        let em = to_engine(mv);
        assert!(
            engine.state().legal_moves().contains(&em),
            "ply {ply}: {mv} ({em}) is not legal in {}",
            engine.state().fen()
        );
        engine.state_mut().play(&em).unwrap();
        if let Some(o) = engine.state().outcome() {
            let (_, claim) = s.until(|l| l.contains(" {"));
            let code = match o.score_for(kaissa::core::geometry::Color::First) {
                1 => "1-0 {",
                -1 => "0-1 {",
                _ => "1/2-1/2 {",
            };
            assert!(claim.starts_with(code), "{claim} for {o:?}");
            assert!(claim.ends_with('}'));
            // The engine's own position agrees with the library's.
            assert_eq!(s.fen(), engine.state().fen());
            return (claim, ply + 1);
        }
    }
    s.fail("no result after 2000 plies");
}

#[test]
fn whole_games_end_with_a_result_claim() {
    let _g = crate::serial::shared();
    for (variant, depth) in [("kaissa", 3), ("merchants", 2), ("gorean", 2)] {
        let (claim, plies) = self_play(variant, depth);
        println!("{variant}: {claim} after {plies} plies");
    }
}

#[test]
fn a_clock_game_never_runs_out_of_time() {
    let _g = crate::serial::shared();
    // 2 s + 0.05 s per move for each side, clocks kept here and sent before every move as
    // XBoard does; the engine plays both sides with `go`.
    let (mut s, _) = Session::start();
    s.new_game("kaissa");
    s.send("level 0 0:02 0.05");
    let inc = Duration::from_millis(50);
    let mut clocks = [Duration::from_secs(2); 2];
    let mut lowest = clocks[0];
    for ply in 0..80 {
        let side = ply % 2;
        s.send(&format!("time {}", clocks[side].as_millis() / 10));
        s.send(&format!("otim {}", clocks[1 - side].as_millis() / 10));
        let t = Instant::now();
        s.send("go");
        let (_, l) = s.until(|l| l.starts_with("move ") || l.contains(" {"));
        let used = t.elapsed();
        assert!(
            used < clocks[side],
            "ply {ply}: {used:?} used with {:?} on the clock",
            clocks[side]
        );
        clocks[side] = clocks[side] - used + inc;
        lowest = lowest.min(clocks[side]);
        if !l.starts_with("move ") {
            break;
        }
        if s.sync().iter().any(|l| l.contains(" {")) {
            break;
        }
    }
    println!("lowest clock: {lowest:?}");
}
