//! Playing below full strength (`Skill Level`, `UCI_LimitStrength`, `UCI_Elo`): a weak level
//! plays different legal moves as its seed changes, in every game (a Kaissa rule set, Donkey
//! Kaissa, Caïssa, Jikaida); full strength plays exactly as the plain engine; both protocols
//! announce and take the options, and refuse bad values with one error line.

use crate::session;

use kaissa::engine::{Engine, Options, SearchOutcome, skill};
use kaissa::search::time::Limits;
use std::collections::BTreeSet;
use std::sync::mpsc::channel;
use std::time::Duration;

/// Searches the current position to completion and returns the outcome.
fn search(engine: &mut Engine, limits: Limits) -> SearchOutcome {
    let (tx, rx) = channel();
    engine.go(
        limits,
        false,
        Box::new(|_| {}),
        Box::new(move |o| {
            let _ = tx.send(o);
        }),
    );
    rx.recv_timeout(Duration::from_secs(120))
        .expect("search ends")
}

fn with(engine: &mut Engine, f: impl FnOnce(&mut Options)) {
    let mut o = engine.options().clone();
    f(&mut o);
    engine.set_options(o).unwrap();
}

/// The moves level 0 plays from the start of `variant` over a dozen seeds: each legal, and
/// more than one of them.
#[test]
fn level_zero_plays_varied_legal_moves_in_every_game() {
    let _g = crate::serial::shared();
    for variant in ["merchants", "donkey", "caissa", "jikaida"] {
        let mut e = Engine::new();
        e.set_variant(variant, &[]).unwrap();
        with(&mut e, |o| o.skill_level = 0);
        let legal = e.state().legal_moves();
        let mut played = BTreeSet::new();
        for seed in 0..12 {
            e.seed_skill(seed);
            e.clear_hash();
            let out = search(&mut e, Limits::default());
            let best = out.best.expect("a move");
            assert!(legal.contains(&best), "{variant}: {best} is not legal");
            assert!(
                out.depth <= 1,
                "{variant}: level 0 searched depth {}",
                out.depth
            );
            played.insert(best);
        }
        assert!(
            played.len() > 1,
            "{variant}: level 0 always played {played:?}"
        );
    }
}

/// The same seed gives the same move: the choice is the seed's, not the clock's.
#[test]
fn a_seed_repeats_its_choice() {
    let _g = crate::serial::shared();
    let mut e = Engine::new();
    e.set_variant("merchants", &[]).unwrap();
    with(&mut e, |o| o.skill_level = 3);
    let mut runs = Vec::new();
    for _ in 0..2 {
        e.seed_skill(42);
        e.clear_hash();
        runs.push(search(&mut e, Limits::default()).best);
    }
    assert_eq!(runs[0], runs[1]);
}

/// Level 20, and `UCI_LimitStrength` at the top Elo, search exactly as the plain engine.
#[test]
fn full_strength_is_the_plain_engine() {
    let _g = crate::serial::shared();
    let limits = || Limits {
        depth: Some(6),
        ..Default::default()
    };
    let mut plain = Engine::new();
    let expected = search(&mut plain, limits());
    for (level, limit, elo) in [(skill::FULL, false, 1000), (0, true, skill::ELO_MAX)] {
        let mut e = Engine::new();
        with(&mut e, |o| {
            o.skill_level = level;
            o.limit_strength = limit;
            o.elo = elo;
        });
        e.seed_skill(5);
        assert_eq!(search(&mut e, limits()), expected);
    }
}

/// Below full strength the node budget stops a search its depth cap would not: level 8 may
/// search to depth 9 but only about 16,000 nodes, which Jikaida's wide tree spends long before
/// depth 9 (the limit is checked every 1,024 nodes).
#[test]
fn a_weak_level_stops_at_its_node_budget() {
    let _g = crate::serial::shared();
    let mut e = Engine::new();
    e.set_variant("jikaida", &[]).unwrap();
    with(&mut e, |o| o.skill_level = 8);
    let budget = skill::Skill::new(8, false, 0).unwrap().nodes();
    assert_eq!(budget, 16_000);
    let out = search(&mut e, Limits::default());
    assert!(out.best.is_some());
    assert!(
        (budget..budget + 2048).contains(&out.nodes),
        "level 8 searched {} nodes to depth {}",
        out.nodes,
        out.depth
    );
    assert!(out.depth < 9, "depth {}", out.depth);
}

/// `UCI_Elo` sets the depth under `UCI_LimitStrength`: the lowest Elo searches one ply, and
/// without `UCI_LimitStrength` the Elo does nothing.
#[test]
fn uci_elo_limits_only_under_limit_strength() {
    let _g = crate::serial::shared();
    let mut e = Engine::new();
    with(&mut e, |o| o.elo = skill::ELO_MIN);
    let deep = Limits {
        depth: Some(4),
        ..Default::default()
    };
    assert_eq!(search(&mut e, deep.clone()).depth, 4);
    with(&mut e, |o| o.limit_strength = true);
    assert_eq!(search(&mut e, deep).depth, 1);
}

#[test]
fn uci_announces_takes_and_refuses() {
    let _g = crate::serial::shared();
    let out = session::session(
        "uci\nsetoption name Skill Level value 21\nsetoption name Skill Level value x\n\
         setoption name UCI_Elo value 999\nsetoption name UCI_LimitStrength value maybe\n\
         setoption name Skill Level value 0\nposition startpos\ngo movetime 2000\nquit\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    for want in [
        "option name Skill Level type spin default 20 min 0 max 20",
        "option name UCI_LimitStrength type check default false",
        "option name UCI_Elo type spin default 3000 min 1000 max 3000",
    ] {
        assert!(lines.contains(&want), "{want} missing: {lines:?}");
    }
    let errors: Vec<&&str> = lines.iter().filter(|l| l.contains("error")).collect();
    assert_eq!(errors.len(), 4, "{lines:?}");
    assert!(
        errors
            .iter()
            .all(|l| l.starts_with("info string error: option "))
    );
    // Level 0 stops after one ply, long before its two seconds.
    let depths: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("info depth "))
        .collect();
    assert!(!depths.is_empty() && depths.iter().all(|d| d.starts_with("1 ")));
    // Only the line asked for is shown, though four were searched.
    assert!(
        lines.iter().all(|l| !l.contains(" multipv 2 ")),
        "{lines:?}"
    );
    assert!(lines.iter().any(|l| l.starts_with("bestmove ")));
}

#[test]
fn xboard_announces_takes_and_refuses() {
    let _g = crate::serial::shared();
    let out = session::session(
        "xboard\nprotover 2\nvariant merchants\noption Skill Level=0\noption Skill Level=99\n\
         option UCI_LimitStrength=1\noption UCI_Elo=1500\noption UCI_Elo=big\nquit\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    for want in [
        "feature option=\"Skill Level -spin 20 0 20\"",
        "feature option=\"UCI_LimitStrength -check 0\"",
        "feature option=\"UCI_Elo -spin 3000 1000 3000\"",
    ] {
        assert!(lines.contains(&want), "{want} missing: {lines:?}");
    }
    let errors: Vec<&&str> = lines.iter().filter(|l| l.contains("rror")).collect();
    assert_eq!(errors.len(), 2, "{lines:?}");
    assert!(errors[0].contains("Skill Level") && errors[1].contains("UCI_Elo"));
}
