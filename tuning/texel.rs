//! Texel tuning of the evaluation on `kaissa datagen` output.
//!
//! Each sample is first resolved to a quiet position: a quiescence search (captures and
//! promotions, stand-pat) with the current weights, whose principal variation is played out; the
//! static evaluation of that leaf is what is fitted. Samples in check, or whose leaf ends the
//! game, are dropped.
//!
//! The target blends the game's result with the search's score recorded by `datagen`:
//! `target = LAMBDA * result + (1 - LAMBDA) * sigmoid(K * score / 400)`. The result alone is
//! noisy (one game decides hundreds of labels); the search score is what a deeper look thought.
//! K is fitted on the results first and then held.
//!
//! The descent minimises the mean squared difference between the target and
//! `sigmoid(K * eval / 400)`, by coordinate descent with shrinking steps over every weight of
//! `src/eval/params.rs` except the pawn (which anchors the scale: the search's margins are in
//! centipawns) and each rule set's piece values. One sample in ten is held out and its error
//! reported, to show the fit generalises. Prints `TUNED` entries (one per rule set given, all
//! with the one fitted `Params`) and `OVERRIDES` to paste into `src/eval/params.rs`; tune one
//! rule set at a time to give each its own weights. The descent starts from the first rule
//! set's current weights.
//!
//! Run: `cargo run --release --example texel -- [--lambda L] VARIANT=FILE [VARIANT=FILE ...]`.

use kaissa::core::geometry::Color;
use kaissa::core::moves::Move;
use kaissa::core::outcome::Outcome;
use kaissa::core::rules::Rules;
use kaissa::datagen::Sample;
use kaissa::games::kaissa::eval::{EvalTables, params};
use kaissa::games::kaissa::game::Game;
use kaissa::games::kaissa::position::Position;
use kaissa::games::variants::Registry;
use rayon::prelude::*;
use std::sync::Arc;

/// Weight of the game result in the target (the rest is the search score).
const DEFAULT_LAMBDA: f64 = 0.5;

/// One resolved sample.
struct Point {
    /// The quiet leaf of the sample's quiescence search.
    leaf: Position<u128>,
    /// The game's result for the first player.
    result: f64,
    /// The recorded search score, for the first player, centipawns.
    score: f64,
}

/// One rule set's data.
struct Set {
    name: String,
    game: Arc<Game<u128>>,
    train: Vec<Point>,
    test: Vec<Point>,
    /// Tunable piece letters and their values.
    values: Vec<(char, i32)>,
}

fn sigmoid(k: f64, cp: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * cp / 400.0))
}

/// A score for the side to move of a decided position.
fn decided_score(pos: &Position<u128>, o: Outcome) -> i32 {
    match o {
        Outcome::Win(c, _) if c == pos.side_to_move() => 30_000,
        Outcome::Win(..) => -30_000,
        Outcome::Draw(_) => 0,
    }
}

/// Quiescence search over captures and promotions; fills `pv` with the line it believes.
fn qsearch(
    pos: &mut Position<u128>,
    t: &EvalTables<u128>,
    mut alpha: i32,
    beta: i32,
    pv: &mut Vec<Move>,
) -> i32 {
    pv.clear();
    if let Some(o) = pos.decided() {
        return decided_score(pos, o);
    }
    let stand = t.evaluate(pos);
    if stand >= beta {
        return stand;
    }
    alpha = alpha.max(stand);
    let mut moves = Vec::new();
    pos.generate_noisy(&mut moves);
    moves.sort_by_cached_key(|&m| -Rules::noisy_value(pos, t, m));
    let mut child = Vec::new();
    for m in moves {
        pos.make(m);
        let s = -qsearch(pos, t, -beta, -alpha, &mut child);
        pos.unmake();
        if s > alpha {
            alpha = s;
            pv.clear();
            pv.push(m);
            pv.extend_from_slice(&child);
            if s >= beta {
                break;
            }
        }
    }
    alpha
}

/// The sample's quiet leaf, or `None` when it is in check or the line ends the game.
fn resolve(mut pos: Position<u128>, t: &EvalTables<u128>) -> Option<Position<u128>> {
    if pos.royal_attacked() || pos.decided().is_some() {
        return None;
    }
    let mut pv = Vec::new();
    let s = qsearch(&mut pos, t, -32_000, 32_000, &mut pv);
    if s.abs() >= 20_000 {
        return None;
    }
    for m in pv {
        pos.make(m);
    }
    (pos.decided().is_none()).then_some(pos)
}

/// The first player's evaluation of a leaf.
fn white_eval(t: &EvalTables<u128>, pos: &Position<u128>) -> f64 {
    let e = t.evaluate(pos) as f64;
    if pos.side_to_move() == Color::First {
        e
    } else {
        -e
    }
}

/// Mean squared error over the training (or held-out) points of all sets.
fn error(sets: &[Set], p: &params::Params, k: f64, lambda: f64, held_out: bool) -> f64 {
    let mut total = 0.0;
    let mut n = 0usize;
    for s in sets {
        let overrides: Vec<(&str, char, i32)> = s
            .values
            .iter()
            .map(|&(l, v)| (s.name.as_str(), l, v))
            .collect();
        let t = EvalTables::with_overrides(&s.game, p, &overrides);
        let points = if held_out { &s.test } else { &s.train };
        total += points
            .par_iter()
            .map(|pt| {
                let target = lambda * pt.result + (1.0 - lambda) * sigmoid(k, pt.score);
                (target - sigmoid(k, white_eval(&t, &pt.leaf))).powi(2)
            })
            .sum::<f64>();
        n += points.len();
    }
    total / n.max(1) as f64
}

/// Reads one rule set's data file and resolves its samples.
fn load(name: &str, path: &str) -> Set {
    let registry = Registry::builtin();
    let def = registry.get(name, &[]).expect("known variant");
    let game = Arc::new(Game::<u128>::new(&def).unwrap());
    let text = std::fs::read_to_string(path).expect("readable data file");
    let base = EvalTables::for_game(&game);
    let lines: Vec<&str> = text.lines().collect();
    let points: Vec<Option<Point>> = lines
        .par_iter()
        .map(|l| {
            let s = Sample::parse(l).ok()?;
            let pos = Position::from_fen(&game, &s.fen).ok()?;
            let score = if pos.side_to_move() == Color::First {
                s.score as f64
            } else {
                -(s.score as f64)
            };
            let leaf = resolve(pos, &base)?;
            Some(Point {
                leaf,
                result: s.result,
                score,
            })
        })
        .collect();
    let mut train = Vec::new();
    let mut test = Vec::new();
    for (i, p) in points.into_iter().enumerate() {
        if let Some(p) = p {
            if i % 10 == 9 {
                test.push(p);
            } else {
                train.push(p);
            }
        }
    }
    let values = game
        .pieces
        .iter()
        .enumerate()
        .filter(|(t, p)| !p.pawn && base.value[*t] != 0)
        .map(|(t, p)| (p.letter, base.value[t]))
        .collect();
    eprintln!(
        "{name}: {} lines, {} training and {} held-out positions after resolving",
        lines.len(),
        train.len(),
        test.len()
    );
    Set {
        name: name.to_string(),
        game,
        train,
        test,
        values,
    }
}

fn main() {
    let mut lambda = DEFAULT_LAMBDA;
    let mut sets = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--lambda" {
            lambda = args
                .next()
                .and_then(|v| v.parse().ok())
                .expect("--lambda takes a number from 0 to 1");
            continue;
        }
        let (name, path) = arg.split_once('=').expect("arguments are VARIANT=FILE");
        sets.push(load(name, path));
    }
    let first = sets.first().expect("give at least one VARIANT=FILE");
    let mut p = params::for_variant(&first.name).clone();
    // Fit K on the results alone.
    let mut k = 1.0;
    let mut best = error(&sets, &p, k, 1.0, false);
    for step in [0.5, 0.1, 0.02, 0.005] {
        loop {
            let mut improved = false;
            for cand in [k + step, k - step] {
                if cand > 0.0 {
                    let e = error(&sets, &p, cand, 1.0, false);
                    if e < best {
                        best = e;
                        k = cand;
                        improved = true;
                    }
                }
            }
            if !improved {
                break;
            }
        }
    }
    let mut best = error(&sets, &p, k, lambda, false);
    let start_test = error(&sets, &p, k, lambda, true);
    eprintln!("K = {k:.3}, lambda = {lambda}: training error {best:.6}, held-out {start_test:.6}");
    for step in [16, 8, 4, 2, 1] {
        let mut round = 0;
        loop {
            round += 1;
            let mut improved = false;
            let names: Vec<String> = p.clone().fields_mut().into_iter().map(|f| f.0).collect();
            for (i, name) in names.iter().enumerate() {
                if name == "pawn" {
                    continue;
                }
                for delta in [step, -step] {
                    let mut cand = p.clone();
                    *cand.fields_mut()[i].1 += delta;
                    let e = error(&sets, &cand, k, lambda, false);
                    if e < best {
                        best = e;
                        p = cand;
                        improved = true;
                        break;
                    }
                }
            }
            for si in 0..sets.len() {
                for vi in 0..sets[si].values.len() {
                    for delta in [step * 2, -step * 2] {
                        sets[si].values[vi].1 += delta;
                        let e = error(&sets, &p, k, lambda, false);
                        if e < best {
                            best = e;
                            improved = true;
                            break;
                        }
                        sets[si].values[vi].1 -= delta;
                    }
                }
            }
            eprintln!(
                "step {step} round {round}: training error {best:.6}, held-out {:.6}",
                error(&sets, &p, k, lambda, true)
            );
            if !improved || round >= 8 {
                break;
            }
        }
    }
    let end_test = error(&sets, &p, k, lambda, true);
    println!(
        "// Texel-tuned: K = {k:.3}, lambda = {lambda}, training error {best:.6}, held-out {start_test:.6} -> {end_test:.6}"
    );
    println!("pub const TUNED: &[(&str, Params)] = &[");
    for s in &sets {
        println!("    (\"{}\", {p:#?}),", s.name);
    }
    println!("];");
    println!("pub const OVERRIDES: &[(&str, char, i32)] = &[");
    for s in &sets {
        for (l, v) in &s.values {
            println!("    (\"{}\", '{l}', {v}),", s.name);
        }
    }
    println!("];");
}
