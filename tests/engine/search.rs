//! Search behaviour through the engine facade: determinism on one thread, a legal move from
//! several threads, the bench signature, stop latency, movetime, node limits and MultiPV.

use kaissa::engine::{Engine, Info, SearchOutcome, SearchRequest};
use kaissa::search::pool::HelperPool;
use kaissa::search::time::Limits;
use kaissa::search::tt::Table;
use std::sync::mpsc::channel;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Starts a search and returns a receiver for its outcome and the collected info lines.
fn go(
    engine: &mut Engine,
    limits: Limits,
) -> (
    std::sync::mpsc::Receiver<SearchOutcome>,
    Arc<Mutex<Vec<Info>>>,
) {
    let (tx, rx) = channel();
    let infos = Arc::new(Mutex::new(Vec::new()));
    let sink = infos.clone();
    engine.go(
        limits,
        false,
        Box::new(move |i| sink.lock().unwrap().push(i.clone())),
        Box::new(move |o| {
            let _ = tx.send(o);
        }),
    );
    (rx, infos)
}

fn depth(d: i32) -> Limits {
    Limits {
        depth: Some(d),
        ..Default::default()
    }
}

#[test]
fn one_thread_fixed_depth_is_deterministic() {
    let _g = crate::serial::shared();
    let mut results = Vec::new();
    for _ in 0..2 {
        let mut e = Engine::new();
        e.state_mut()
            .set_position(None, &["e2e5", "e9e6", "g1e4"])
            .unwrap();
        let (rx, _) = go(&mut e, depth(7));
        results.push(rx.recv_timeout(Duration::from_secs(60)).unwrap());
    }
    assert_eq!(results[0], results[1]);
    assert!(results[0].nodes > 0);
}

#[test]
fn two_threads_find_a_legal_move() {
    let _g = crate::serial::shared();
    let mut e = Engine::new();
    let mut o = e.options().clone();
    o.threads = 2;
    e.set_options(o).unwrap();
    let (rx, infos) = go(&mut e, depth(8));
    let out = rx.recv_timeout(Duration::from_secs(60)).unwrap();
    let best = out.best.unwrap();
    assert!(e.state().legal_moves().contains(&best));
    assert_eq!(infos.lock().unwrap().last().unwrap().depth, 8);
}

#[test]
fn kept_helper_threads_serve_one_search_after_another() {
    let _g = crate::serial::shared();
    let mut e = Engine::new();
    // Two threads twice (the kept pool), then three on Jikaida's deep board (a new pool),
    // then back to one.
    for (threads, variant) in [
        (2, "merchants"),
        (2, "merchants"),
        (3, "jikaida"),
        (1, "gc"),
    ] {
        let mut o = e.options().clone();
        o.threads = threads;
        e.set_options(o).unwrap();
        e.set_variant(variant, &[]).unwrap();
        let (rx, infos) = go(&mut e, depth(5));
        let out = rx.recv_timeout(Duration::from_secs(60)).unwrap();
        assert!(e.state().legal_moves().contains(&out.best.unwrap()));
        assert_eq!(infos.lock().unwrap().last().unwrap().depth, 5);
    }
}

#[test]
fn the_answer_comes_from_the_main_thread_and_matches_the_result() {
    let _g = crate::serial::shared();
    let e = Engine::new();
    let pool = HelperPool::new(1).unwrap();
    let (tx, rx) = channel();
    let returned = e.state().search(SearchRequest {
        threads: 2,
        pool: Some(pool),
        answer: Some(Box::new(move |o| tx.send(o).unwrap())),
        ..SearchRequest::quiet(Arc::new(Table::new(4)), depth(6))
    });
    let answered = rx.try_recv().expect("answered before the search returned");
    assert_eq!(answered.best, returned.best);
    assert_eq!(answered.score, returned.score);
    assert_eq!(answered.depth, 6);
    assert!(answered.nodes > 0 && answered.nodes <= returned.nodes);
}

#[test]
fn bench_signature_is_stable() {
    let _g = crate::serial::shared();
    let a = kaissa::engine::bench::run(4, 16, |_, _| {}).unwrap();
    let b = kaissa::engine::bench::run(4, 16, |_, _| {}).unwrap();
    assert_eq!(a.nodes, b.nodes);
    assert!(a.nodes > 1000);
    // The per-variant figures split the same total, one row per variant, in bench order.
    assert_eq!(a.by_variant.iter().map(|s| s.nodes).sum::<u64>(), a.nodes);
    let mut variants: Vec<&str> = kaissa::engine::bench::POSITIONS
        .iter()
        .map(|p| p.0)
        .collect();
    variants.dedup();
    let rows: Vec<&str> = a.by_variant.iter().map(|s| s.variant).collect();
    assert_eq!(rows, variants);
    assert!(
        a.by_variant
            .iter()
            .all(|s| s.nodes > 0 && s.searching <= a.elapsed)
    );
}

#[test]
fn stop_ends_an_infinite_search_quickly() {
    let _g = crate::serial::timing();
    let mut e = Engine::new();
    let (rx, _) = go(
        &mut e,
        Limits {
            infinite: true,
            ..Default::default()
        },
    );
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        rx.try_recv().is_err(),
        "an infinite search must wait for stop"
    );
    let t = Instant::now();
    e.stop();
    let out = rx.recv_timeout(Duration::from_secs(5)).unwrap();
    let waited = t.elapsed();
    assert!(out.best.is_some());
    assert!(waited < Duration::from_millis(50), "stop took {waited:?}");
}

#[test]
fn movetime_is_respected() {
    let _g = crate::serial::timing();
    let mut e = Engine::new();
    let t = Instant::now();
    let (rx, _) = go(
        &mut e,
        Limits {
            movetime: Some(Duration::from_millis(300)),
            ..Default::default()
        },
    );
    let out = rx.recv_timeout(Duration::from_secs(5)).unwrap();
    let took = t.elapsed();
    assert!(out.best.is_some());
    // The search stops at its deadline; the slack covers a thread woken late on a loaded
    // machine, while a search that ignored movetime would run for seconds.
    assert!(took <= Duration::from_millis(300 + 250), "took {took:?}");
}

#[test]
fn node_limit_is_respected() {
    let _g = crate::serial::shared();
    let mut e = Engine::new();
    let (rx, _) = go(
        &mut e,
        Limits {
            nodes: Some(20_000),
            ..Default::default()
        },
    );
    let out = rx.recv_timeout(Duration::from_secs(10)).unwrap();
    assert!(out.nodes < 40_000, "{} nodes", out.nodes);
}

#[test]
fn multipv_reports_distinct_lines() {
    let _g = crate::serial::shared();
    let mut e = Engine::new();
    let (rx, infos) = go(
        &mut e,
        Limits {
            depth: Some(5),
            multipv: 3,
            ..Default::default()
        },
    );
    rx.recv_timeout(Duration::from_secs(30)).unwrap();
    let infos = infos.lock().unwrap();
    let last: Vec<&Info> = infos.iter().filter(|i| i.depth == 5).collect();
    assert_eq!(last.len(), 3);
    let firsts: std::collections::HashSet<&String> = last.iter().map(|i| &i.pv[0]).collect();
    assert_eq!(firsts.len(), 3);
}

#[test]
fn finished_game_has_no_best_move() {
    let _g = crate::serial::shared();
    let mut e = Engine::new();
    e.set_variant("merchants", &[]).unwrap();
    // Yellow's stone was just captured: the game is over.
    e.state_mut()
        .set_position(
            Some("ibstu2Ubi/1rpp1p1px1/4p1ps2/10/10/10/10/7P2/1RP1PPP1R1/IBSH1ATSaI[] b - - 0 14"),
            &[],
        )
        .unwrap();
    let (rx, _) = go(&mut e, depth(3));
    let out = rx.recv_timeout(Duration::from_secs(5)).unwrap();
    assert_eq!(out.best, None);
}
