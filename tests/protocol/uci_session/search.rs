//! `go` in all its forms: depth, nodes, searchmoves, MultiPV, threads, infinite + stop,
//! movetime, ponder + ponderhit, clocks; `isready` during a search.

use super::harness::{Line, REPLY, Reference, Rng, Uci, num, parse_bestmove, pv};
use crate::serial::{shared, timing};
use std::time::{Duration, Instant};

/// One parsed `info` line of a search iteration.
#[derive(Debug)]
struct Info {
    depth: i64,
    multipv: i64,
    score: String,
    nodes: i64,
    time: i64,
    pv: Vec<String>,
}

/// Checks the form of a search `info` line (every field, in order) and that its PV is a
/// sequence of legal moves from the reference position.
fn check_info(line: &str, r: &Reference) -> Info {
    let w: Vec<&str> = line.split_whitespace().collect();
    let keys = [
        (1, "depth"),
        (3, "seldepth"),
        (5, "multipv"),
        (7, "score"),
        (10, "nodes"),
        (12, "nps"),
        (14, "hashfull"),
        (16, "time"),
        (18, "pv"),
    ];
    assert_eq!(w[0], "info", "{line}");
    for (i, k) in keys {
        assert_eq!(w.get(i), Some(&k), "field {k} in {line:?}");
    }
    assert!(w[8] == "cp" || w[8] == "mate", "score kind in {line:?}");
    let score_value: i64 = w[9].parse().unwrap_or_else(|_| panic!("score in {line:?}"));
    for k in [
        "depth", "seldepth", "multipv", "nodes", "nps", "hashfull", "time",
    ] {
        let v = num(line, k).unwrap_or_else(|| panic!("{k} is not a number in {line:?}"));
        assert!(v >= 0, "{k} in {line:?}");
    }
    let (nodes, time) = (num(line, "nodes").unwrap(), num(line, "time").unwrap());
    assert_eq!(
        num(line, "nps").unwrap(),
        nodes * 1000 / time.max(1),
        "{line}"
    );
    assert!(num(line, "hashfull").unwrap() <= 1000, "{line}");
    assert!(num(line, "depth").unwrap() >= 1, "{line}");
    assert!(num(line, "seldepth").unwrap() >= 1, "{line}");
    let pv = pv(line);
    assert!(!pv.is_empty(), "empty pv in {line:?}");
    let mut s = r.engine.state().clone();
    for (i, m) in pv.iter().enumerate() {
        assert!(
            s.outcome().is_none(),
            "pv goes on after the game ended (move {i}) in {line:?} from {}",
            r.fen()
        );
        if let Err(e) = s.play(m) {
            panic!(
                "pv move {i} {m} is illegal ({e}) in {line:?} from {}",
                r.fen()
            );
        }
    }
    Info {
        depth: num(line, "depth").unwrap(),
        multipv: num(line, "multipv").unwrap(),
        score: format!("{} {score_value}", w[8]),
        nodes,
        time,
        pv,
    }
}

/// Checks a `bestmove` line against the reference: legal move, legal ponder move after it.
fn check_bestmove(line: &str, r: &Reference) -> String {
    let (best, ponder) = parse_bestmove(line);
    assert!(r.is_legal(&best), "{line} from {}", r.fen());
    if let Some(p) = ponder {
        let mut s = r.engine.state().clone();
        s.play(&best).unwrap();
        assert!(
            s.legal_moves().contains(&p),
            "ponder move {p} illegal after {best} from {}",
            r.fen()
        );
    }
    best
}

/// Sets the same position in the engine and in a reference.
fn setup(e: &mut Uci, variant: &str, fen: Option<&str>, moves: &[&str]) -> Reference {
    e.ask(&format!("setoption name UCI_Variant value {variant}"));
    let mut r = Reference::new(variant, &[]);
    r.set(fen, moves);
    let head = match fen {
        Some(f) => format!("position fen {f}"),
        None => "position startpos".to_string(),
    };
    if moves.is_empty() {
        e.send(&head);
    } else {
        e.send(&format!("{head} moves {}", moves.join(" ")));
    }
    r
}

/// A seeded random sequence of legal moves (shorter if the game ends).
pub fn random_moves(variant: &str, rng: &mut Rng, plies: usize) -> Vec<String> {
    let mut r = Reference::new(variant, &[]);
    let mut moves = Vec::new();
    while moves.len() < plies && r.outcome().is_none() {
        let legal = r.legal();
        if legal.is_empty() {
            break;
        }
        let mv = rng.pick(&legal).clone();
        r.play(&mv);
        moves.push(mv);
    }
    // Leave the game running: the last move may have ended it.
    if r.outcome().is_some() {
        moves.pop();
    }
    moves
}

/// Waits for `bestmove`, returning the `info` lines before it and the bestmove line.
fn bestmove_timed(e: &mut Uci, timeout: Duration) -> (Vec<String>, Line) {
    let mut lines = e.until_timed(|l| l.starts_with("bestmove"), timeout);
    let best = lines.pop().unwrap();
    (lines.into_iter().map(|l| l.text).collect(), best)
}

#[test]
fn go_depth_reports_well_formed_info_and_a_legal_bestmove() {
    let _g = shared();
    let mut e = Uci::ready("go depth");
    let cases: [(&str, Option<&str>, &[&str], i64); 5] = [
        ("kaissa", None, &[], 5),
        ("merchants", None, &["e2e5", "e9e6", "d1f4"], 5),
        ("gorean", None, &["d2d3", "e9f8", "c2b3"], 5),
        ("northern", None, &[], 4),
        // gc: the Spearman on d9 promotes on d10 (or capturing on c10 / e10): d9d10t, d9d10r...
        (
            "gc",
            Some("ibs1uatsbi/mrpPppppr1/10/10/10/10/10/10/MR1PPPPPRM/IBSTUATSBI[Hh] w - - 0 2"),
            &[],
            4,
        ),
    ];
    // And middle games of seeded random moves.
    let mut rng = Rng::new(0x5EED_0003);
    let mut games = Vec::new();
    for variant in ["kaissa", "gorean", "merchants"] {
        games.push((variant, random_moves(variant, &mut rng, 30)));
    }
    let cases = cases
        .into_iter()
        .map(|(v, f, m, d)| (v, f, m.iter().map(|s| s.to_string()).collect::<Vec<_>>(), d));
    let cases = cases.chain(games.into_iter().map(|(v, m)| (v, None, m, 5)));
    for (variant, fen, moves, depth) in cases {
        let moves: Vec<&str> = moves.iter().map(|s| s.as_str()).collect();
        let r = setup(&mut e, variant, fen, &moves);
        e.send(&format!("go depth {depth}"));
        let (lines, best) = e.bestmove(REPLY);
        let infos: Vec<Info> = lines.iter().map(|l| check_info(l, &r)).collect();
        assert!(!infos.is_empty(), "{variant}: no info lines");
        assert_eq!(infos[0].depth, 1, "{variant}");
        assert_eq!(infos.last().unwrap().depth, depth, "{variant}");
        for w in infos.windows(2) {
            assert!(w[0].depth <= w[1].depth, "{variant}: depths {w:?}");
            assert!(w[0].nodes <= w[1].nodes, "{variant}: nodes {w:?}");
            assert!(w[0].time <= w[1].time, "{variant}: time {w:?}");
        }
        assert!(infos.iter().all(|i| i.multipv == 1));
        let mv = check_bestmove(&best, &r);
        assert_eq!(mv, infos.last().unwrap().pv[0], "{variant}: {best}");
    }
    e.quit();
}

#[test]
fn go_finds_a_home_stone_capture_and_sees_a_lost_position() {
    let _g = shared();
    let mut e = Uci::ready("mate scores");
    // Yellow's Builder takes the Red Home Stone on e10 at once.
    let win = "4h5/10/10/10/10/10/10/10/4B5/H9[] w - - 0 20";
    let r = setup(&mut e, "kaissa", Some(win), &[]);
    e.send("go depth 3");
    let (lines, best) = e.bestmove(REPLY);
    let last = check_info(lines.last().unwrap(), &r);
    assert_eq!(last.score, "mate 1", "{lines:?}");
    assert_eq!(check_bestmove(&best, &r), "e2e10");
    // Red's Home Stone in the corner, every flight square covered by Yellow Builders.
    let lost = "h9/9B/10/10/10/10/10/10/10/BB5H2[] b - - 0 20";
    let r = setup(&mut e, "kaissa", Some(lost), &[]);
    assert_eq!(r.legal().len(), 3);
    e.send("go depth 4");
    let (lines, best) = e.bestmove(REPLY);
    let last = check_info(lines.last().unwrap(), &r);
    assert_eq!(last.score, "mate -1", "{lines:?}");
    check_bestmove(&best, &r);
    e.quit();
}

#[test]
fn go_nodes_stops_near_the_node_limit() {
    let _g = shared();
    let mut e = Uci::ready("go nodes");
    let r = setup(&mut e, "kaissa", None, &["e2e5", "e9e6"]);
    for limit in [1i64, 1000, 20_000, 200_000] {
        e.send(&format!("go nodes {limit}"));
        let (lines, best) = e.bestmove(REPLY);
        for l in &lines {
            let i = check_info(l, &r);
            // The limit is checked every 1024 nodes; a finished depth 1 is always reported.
            assert!(
                i.depth == 1 || i.nodes <= limit + 1024,
                "limit {limit}: {l}"
            );
        }
        check_bestmove(&best, &r);
    }
    e.quit();
}

#[test]
fn go_searchmoves_restricts_the_root_moves() {
    let _g = shared();
    let mut e = Uci::ready("searchmoves");
    let r = setup(&mut e, "kaissa", None, &[]);
    let legal = r.legal();
    // Two quiet moves the engine would not choose by itself.
    let allowed = ["b2b3", "i2i3"];
    assert!(allowed.iter().all(|m| legal.iter().any(|l| l == m)));
    e.send(&format!("go depth 4 searchmoves {}", allowed.join(" ")));
    let (lines, best) = e.bestmove(REPLY);
    for l in &lines {
        let i = check_info(l, &r);
        assert!(allowed.contains(&i.pv[0].as_str()), "{l}");
    }
    assert!(
        allowed.contains(&check_bestmove(&best, &r).as_str()),
        "{best}"
    );
    // A single move: that is the answer.
    e.send("go depth 3 searchmoves h2h3");
    let (_, best) = e.bestmove(REPLY);
    assert_eq!(check_bestmove(&best, &r), "h2h3");
    // An illegal searchmove is refused and nothing starts.
    let err = e.expect_error("go depth 3 searchmoves e2e5 e5e6");
    assert!(err.contains("e5e6"), "{err}");
    assert_eq!(e.fen(), r.fen());
    e.quit();
}

#[test]
fn multipv_3_reports_three_distinct_lines_per_depth() {
    let _g = shared();
    let mut e = Uci::ready("multipv");
    let r = setup(&mut e, "merchants", None, &["e2e5", "e9e6"]);
    assert_eq!(
        e.ask("setoption name MultiPV value 3"),
        Vec::<String>::new()
    );
    e.send("go depth 5");
    let (lines, best) = e.bestmove(REPLY);
    let infos: Vec<Info> = lines.iter().map(|l| check_info(l, &r)).collect();
    for depth in 1..=5 {
        let at: Vec<&Info> = infos.iter().filter(|i| i.depth == depth).collect();
        let idx: Vec<i64> = at.iter().map(|i| i.multipv).collect();
        assert_eq!(idx, vec![1, 2, 3], "depth {depth}: {lines:?}");
        let mut firsts: Vec<&str> = at.iter().map(|i| i.pv[0].as_str()).collect();
        firsts.sort();
        firsts.dedup();
        assert_eq!(
            firsts.len(),
            3,
            "depth {depth}: same first move twice: {lines:?}"
        );
    }
    let last_first = infos.iter().rev().find(|i| i.multipv == 1).unwrap();
    assert_eq!(check_bestmove(&best, &r), last_first.pv[0]);
    // Back to one line.
    e.ask("setoption name MultiPV value 1");
    e.send("go depth 3");
    let (lines, _) = e.bestmove(REPLY);
    assert!(lines.iter().all(|l| l.contains(" multipv 1 ")), "{lines:?}");
    assert_eq!(lines.len(), 3, "{lines:?}");
    // More lines than legal moves: as many lines as there are moves.
    let few = "h9/9B/10/10/10/10/10/10/10/BB5H2[] b - - 0 20";
    let r = setup(&mut e, "kaissa", Some(few), &[]);
    e.ask("setoption name MultiPV value 5");
    e.send("go depth 2");
    let (lines, best) = e.bestmove(REPLY);
    for l in &lines {
        let i = check_info(l, &r);
        assert!(i.multipv <= 3, "{l}");
    }
    check_bestmove(&best, &r);
    e.quit();
}

#[test]
fn two_threads_search_to_a_legal_move() {
    let _g = shared();
    let mut e = Uci::ready("threads");
    let r = setup(&mut e, "gorean", None, &["e2e4", "e9e6"]);
    e.ask("setoption name Threads value 2");
    e.send("go depth 6");
    let (lines, best) = e.bestmove(REPLY);
    for l in &lines {
        check_info(l, &r);
    }
    check_bestmove(&best, &r);
    e.ask("setoption name MultiPV value 2");
    e.send("go depth 4");
    let (lines, best) = e.bestmove(REPLY);
    for l in &lines {
        check_info(l, &r);
    }
    check_bestmove(&best, &r);
    e.quit();
}

#[test]
fn isready_is_answered_while_searching_and_stop_when_idle_says_nothing() {
    let _g = shared();
    let mut e = Uci::ready("isready searching");
    let r = setup(&mut e, "kaissa", None, &[]);
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    for _ in 0..3 {
        let t = e.send("isready");
        let lines = e.until_timed(|l| l == "readyok", REPLY);
        let ready = lines.last().unwrap().at;
        assert!(
            ready - t < Duration::from_millis(500),
            "readyok after {:?}",
            ready - t
        );
        assert!(
            lines[..lines.len() - 1]
                .iter()
                .all(|l| l.text.starts_with("info ")),
            "a search that waits for stop answered early: {lines:?}"
        );
    }
    // `d` and `eval` during the search do not disturb it.
    assert_eq!(e.fen(), r.fen());
    e.send("stop");
    let (_, best) = e.bestmove(REPLY);
    check_bestmove(&best, &r);
    // Idle: stop and ponderhit print nothing.
    assert_eq!(e.ask("stop"), Vec::<String>::new());
    assert_eq!(e.ask("ponderhit"), Vec::<String>::new());
    e.quit();
}

#[test]
fn stop_answers_an_infinite_search_within_150ms() {
    let _g = timing();
    let mut e = Uci::ready("stop latency");
    let trials: [(&str, &[&str], &str, u64); 7] = [
        ("kaissa", &[], "go infinite", 30),
        ("kaissa", &["e2e5", "e9e6", "d1f4"], "go infinite", 300),
        ("gorean", &["d2d3", "e9f8"], "go infinite", 700),
        ("merchants", &[], "go", 200),
        ("gc", &["e2e5"], "go infinite searchmoves d9d8 e9e8", 150),
        ("northern", &[], "go ponder", 250),
        ("kaissa", &["c2c5"], "go infinite", 1),
    ];
    let mut worst = Duration::ZERO;
    let mut all = Vec::new();
    for threads in [1, 2] {
        e.ask(&format!("setoption name Threads value {threads}"));
        for (variant, moves, go, wait) in trials {
            let r = setup(&mut e, variant, None, moves);
            e.send(go);
            std::thread::sleep(Duration::from_millis(wait));
            let sent = e.send("stop");
            let (lines, best) = bestmove_timed(&mut e, REPLY);
            let Some(latency) = best.at.checked_duration_since(sent) else {
                e.fail(&format!(
                    "{go} ({variant}): bestmove came before stop: {lines:?} {best:?}"
                ))
            };
            for l in &lines {
                check_info(l, &r);
            }
            check_bestmove(&best.text, &r);
            all.push(latency.as_micros() as f64 / 1000.0);
            worst = worst.max(latency);
            assert!(
                latency <= Duration::from_millis(150),
                "{go} ({variant}, {threads} threads, stopped after {wait} ms): bestmove {latency:?} after stop"
            );
        }
    }
    println!("stop -> bestmove latency (ms): {all:?}; worst {worst:?}");
    e.quit();
}

#[test]
fn movetime_1000_returns_within_the_time() {
    let _g = timing();
    let mut e = Uci::ready("movetime");
    let mut report = Vec::new();
    for (variant, moves) in [
        ("kaissa", &[][..]),
        ("gorean", &["d2d3", "e9f8", "c2b3"][..]),
    ] {
        let r = setup(&mut e, variant, None, moves);
        e.sync();
        let sent = e.send("go movetime 1000");
        let (lines, best) = bestmove_timed(&mut e, REPLY);
        let took = best.at - sent;
        for l in &lines {
            check_info(l, &r);
        }
        check_bestmove(&best.text, &r);
        report.push(format!(
            "{variant}: {took:?} (overshoot {} ms)",
            took.as_millis() as i64 - 1000
        ));
        assert!(
            took < Duration::from_millis(1500),
            "movetime 1000 took {took:?}"
        );
        assert!(
            took >= Duration::from_millis(500),
            "movetime 1000 used only {took:?}"
        );
    }
    // Short movetimes, with the default 30 ms overhead and with none.
    for (overhead, mt) in [(30, 100), (0, 100), (0, 20), (30, 0)] {
        e.ask(&format!("setoption name Move Overhead value {overhead}"));
        let r = setup(&mut e, "kaissa", None, &["e2e5"]);
        e.sync();
        let sent = e.send(&format!("go movetime {mt}"));
        let (_, best) = bestmove_timed(&mut e, REPLY);
        let took = best.at - sent;
        check_bestmove(&best.text, &r);
        report.push(format!("movetime {mt} overhead {overhead}: {took:?}"));
        assert!(
            took < Duration::from_millis(mt + 150),
            "movetime {mt} took {took:?}"
        );
    }
    println!("movetime: {}", report.join("; "));
    e.quit();
}

#[test]
fn ponder_waits_for_ponderhit_or_stop() {
    let _g = timing();
    let mut e = Uci::ready("ponder");
    e.ask("setoption name Ponder value true");
    // Pondering on Red's reply: the clock would allow ~30 ms, but no answer comes before
    // ponderhit, however long.
    let r = setup(&mut e, "kaissa", None, &["e2e5", "e9e6"]);
    e.send("go ponder wtime 1000 btime 1000 winc 0 binc 0");
    let deadline = Instant::now() + Duration::from_millis(400);
    while let Some(l) = e.recv(deadline.saturating_duration_since(Instant::now())) {
        assert!(
            l.text.starts_with("info "),
            "answered while pondering: {}",
            l.text
        );
    }
    let sent = e.send("ponderhit");
    let (lines, best) = bestmove_timed(&mut e, REPLY);
    let after = best.at - sent;
    for l in &lines {
        check_info(l, &r);
    }
    check_bestmove(&best.text, &r);
    // The budget (at most a third of the clock) has long passed: the answer comes at once.
    assert!(
        after < Duration::from_millis(350),
        "bestmove {after:?} after ponderhit"
    );
    // Ponder miss: the GUI stops the ponder search and sends the real position.
    let r2 = setup(&mut e, "kaissa", None, &["e2e5", "e9e6", "d1f4", "d10f7"]);
    e.send("go ponder wtime 5000 btime 5000");
    std::thread::sleep(Duration::from_millis(100));
    let sent = e.send("stop");
    let (_, best) = bestmove_timed(&mut e, REPLY);
    check_bestmove(&best.text, &r2);
    let stop_latency = best.at - sent;
    assert!(
        stop_latency <= Duration::from_millis(150),
        "{stop_latency:?}"
    );
    e.send("position startpos moves e2e5 e9e6 d1f4");
    let mut r3 = Reference::new("kaissa", &[]);
    r3.set(None, &["e2e5", "e9e6", "d1f4"]);
    e.send("go wtime 5000 btime 5000");
    let (_, best) = e.bestmove(REPLY);
    check_bestmove(&best, &r3);
    println!("ponderhit -> bestmove {after:?}; ponder stop -> bestmove {stop_latency:?}");
    e.quit();
}

#[test]
fn clock_limits_use_the_side_to_moves_time() {
    let _g = timing();
    let mut e = Uci::ready("clock");
    let mut report = Vec::new();
    let cases: [(&[&str], &str, u64); 5] = [
        (&[], "go wtime 1000 btime 1000 winc 100 binc 100", 1000),
        // Red to move with little time and Yellow with a lot: Red's clock counts.
        (&["e2e5"], "go wtime 60000 btime 300 winc 0 binc 0", 300),
        (&[], "go wtime 300 btime 60000", 300),
        (&[], "go wtime 500 btime 500 movestogo 1", 500),
        (
            &["e2e5"],
            "go btime 200 wtime 200 binc 50 winc 50 movestogo 5",
            250,
        ),
    ];
    for (moves, go, limit) in cases {
        let r = setup(&mut e, "kaissa", None, moves);
        e.sync();
        let sent = e.send(go);
        let (lines, best) = bestmove_timed(&mut e, REPLY);
        let took = best.at - sent;
        for l in &lines {
            check_info(l, &r);
        }
        check_bestmove(&best.text, &r);
        report.push(format!("{go}: {took:?}"));
        assert!(took < Duration::from_millis(limit), "{go} took {took:?}");
    }
    println!("clock: {}", report.join("; "));
    e.quit();
}
