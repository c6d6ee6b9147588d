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
//! `sigmoid(K * eval / 400)`, by coordinate descent with shrinking steps over the weights each
//! game gives as a flat vector ([`Tunable`]): for the Kaissa family every weight of
//! `src/games/kaissa/eval/params.rs` except the pawn (which anchors the scale: the search's
//! margins are in centipawns) and each rule set's piece values; for Caïssa and Jikaida the
//! fields of their `CaissaParams` and `JikaidaParams`. Weights of the same name in several
//! rule sets are one weight (the Kaissa family's `Params`). One sample in ten is held out and
//! its error reported, to show the fit generalises. Prints, per rule set, the weights as its
//! source declares them (for the Kaissa family a `TUNED` entry and `OVERRIDES` lines for
//! `params.rs`); tune one rule set at a time to give each its own weights. The descent starts
//! from the rule sets' current weights.
//!
//! Every game goes through the traits: the quiescence search and the leaf's evaluation use
//! [`Rules`], the samples are read with [`Playable`].
//!
//! Run: `cargo run --release --example texel -- [--lambda L] [--only NAME,NAME...]
//! VARIANT=FILE [VARIANT=FILE ...]`. `--only` fits the named weights alone (names as printed,
//! e.g. `stone_shield` or `merchants U`) and holds the others: a new term's weight can then be
//! set without refitting everything else.

use kaissa::core::geometry::Color;
use kaissa::core::moves::Move;
use kaissa::core::outcome::Outcome;
use kaissa::core::playable::Playable;
use kaissa::core::rules::Rules;
use kaissa::core::ruleset::PositionVisitor;
use kaissa::core::tunable::{Tunable, Weight};
use kaissa::datagen::Sample;
use kaissa::games;
use kaissa::games::variants::Registry;
use rayon::prelude::*;

/// Weight of the game result in the target (the rest is the search score).
const DEFAULT_LAMBDA: f64 = 0.5;

/// One resolved sample.
struct Point<P> {
    /// The quiet leaf of the sample's quiescence search.
    leaf: P,
    /// The game's result for the first player.
    result: f64,
    /// The recorded search score, for the first player, centipawns.
    score: f64,
}

/// One rule set's data, whatever game plays it.
trait Set: Sync {
    /// The rule set's weights at the start, in its game's order.
    fn weights(&self) -> &[Weight];
    /// The sum of squared errors over the training (or held-out) points with the weights
    /// `values` (in the order of [`Set::weights`]), and the number of points.
    fn error(&self, values: &[i32], k: f64, lambda: f64, held_out: bool) -> (f64, usize);
    /// The weights `values` as the game's source declares them.
    fn text(&self, values: &[i32]) -> String;
}

/// A rule set's resolved samples, in its game's position type.
struct Data<P> {
    start: P,
    weights: Vec<Weight>,
    train: Vec<Point<P>>,
    test: Vec<Point<P>>,
}

impl<P: Playable + Tunable> Set for Data<P> {
    fn weights(&self) -> &[Weight] {
        &self.weights
    }

    fn error(&self, values: &[i32], k: f64, lambda: f64, held_out: bool) -> (f64, usize) {
        let t = self.start.with_weights(values);
        let points = if held_out { &self.test } else { &self.train };
        let total = points
            .par_iter()
            .map(|pt| {
                let target = lambda * pt.result + (1.0 - lambda) * sigmoid(k, pt.score);
                (target - sigmoid(k, white_eval(&t, &pt.leaf))).powi(2)
            })
            .sum::<f64>();
        (total, points.len())
    }

    fn text(&self, values: &[i32]) -> String {
        self.start.weights_text(values)
    }
}

fn sigmoid(k: f64, cp: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * cp / 400.0))
}

/// A score for the side to move of a decided position.
fn decided_score<P: Rules>(pos: &P, o: Outcome) -> i32 {
    match o {
        Outcome::Win(c, _) if c == pos.side_to_move() => 30_000,
        Outcome::Win(..) => -30_000,
        Outcome::Draw(_) => 0,
    }
}

/// Quiescence search over captures and promotions; fills `pv` with the line it believes.
fn qsearch<P: Rules>(
    pos: &mut P,
    t: &P::Eval,
    mut alpha: i32,
    beta: i32,
    pv: &mut Vec<Move>,
) -> i32 {
    pv.clear();
    if let Some(o) = pos.decided() {
        return decided_score(pos, o);
    }
    let stand = pos.evaluate(t);
    if stand >= beta {
        return stand;
    }
    alpha = alpha.max(stand);
    let mut moves = Vec::new();
    pos.generate_noisy(&mut moves);
    moves.sort_by_cached_key(|&m| -pos.noisy_value(t, m));
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
fn resolve<P: Rules>(mut pos: P, t: &P::Eval) -> Option<P> {
    if pos.in_danger() || pos.decided().is_some() {
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
fn white_eval<P: Rules>(t: &P::Eval, pos: &P) -> f64 {
    let e = pos.evaluate(t) as f64;
    if pos.side_to_move() == Color::First {
        e
    } else {
        -e
    }
}

/// The weights of every set as one vector: weights of the same name are one. Returns the
/// names, values and steps, and for each set the index of each of its weights.
fn merge(sets: &[Box<dyn Set>]) -> (Vec<Weight>, Vec<Vec<usize>>) {
    let mut all: Vec<Weight> = Vec::new();
    let mut index = Vec::new();
    for s in sets {
        let mut ix = Vec::new();
        for w in s.weights() {
            let i = match all.iter().position(|a| a.name == w.name) {
                Some(i) => i,
                None => {
                    all.push(w.clone());
                    all.len() - 1
                }
            };
            ix.push(i);
        }
        index.push(ix);
    }
    (all, index)
}

/// Mean squared error over the training (or held-out) points of all sets.
fn error(
    sets: &[Box<dyn Set>],
    index: &[Vec<usize>],
    values: &[i32],
    k: f64,
    lambda: f64,
    held_out: bool,
) -> f64 {
    let mut total = 0.0;
    let mut n = 0usize;
    for (s, ix) in sets.iter().zip(index) {
        let own: Vec<i32> = ix.iter().map(|&i| values[i]).collect();
        let (e, m) = s.error(&own, k, lambda, held_out);
        total += e;
        n += m;
    }
    total / n.max(1) as f64
}

/// Reads one rule set's data file and resolves its samples, in the game that plays it.
fn load(name: &str, path: &str) -> Box<dyn Set> {
    struct Load<'a>(&'a str, &'a str);
    impl PositionVisitor for Load<'_> {
        type Output = Box<dyn Set>;
        fn visit<P: Playable + Tunable>(self, start: P, base: P::Eval) -> Box<dyn Set> {
            let Load(name, path) = self;
            let text = std::fs::read_to_string(path).expect("readable data file");
            let lines: Vec<&str> = text.lines().collect();
            let points: Vec<Option<Point<P>>> = lines
                .par_iter()
                .map(|l| {
                    let s = Sample::parse(l).ok()?;
                    let pos = start.read_fen(&s.fen).ok()?;
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
            eprintln!(
                "{name}: {} lines, {} training and {} held-out positions after resolving",
                lines.len(),
                train.len(),
                test.len()
            );
            Box::new(Data {
                weights: start.weights(&base),
                start,
                train,
                test,
            })
        }
    }
    let registry = Registry::builtin();
    let def = registry.get(name, &[]).expect("known variant");
    games::build(&def, None, Load(name, path)).expect("the variant builds")
}

fn main() {
    let mut lambda = DEFAULT_LAMBDA;
    let mut sets = Vec::new();
    let mut only: Option<Vec<String>> = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--lambda" {
            lambda = args
                .next()
                .and_then(|v| v.parse().ok())
                .expect("--lambda takes a number from 0 to 1");
            continue;
        }
        if arg == "--only" {
            let names = args
                .next()
                .expect("--only takes weight names, comma-separated");
            only = Some(names.split(',').map(|n| n.trim().to_string()).collect());
            continue;
        }
        let (name, path) = arg.split_once('=').expect("arguments are VARIANT=FILE");
        sets.push(load(name, path));
    }
    assert!(!sets.is_empty(), "give at least one VARIANT=FILE");
    let (mut weights, index) = merge(&sets);
    if let Some(names) = &only {
        for n in names {
            assert!(
                weights.iter().any(|w| &w.name == n),
                "--only: no weight named {n:?}"
            );
        }
        for w in weights.iter_mut().filter(|w| !names.contains(&w.name)) {
            w.step = 0;
        }
    }
    let mut p: Vec<i32> = weights.iter().map(|w| w.value).collect();
    let err = |p: &[i32], k: f64, lambda: f64, held_out: bool| {
        error(&sets, &index, p, k, lambda, held_out)
    };
    // Fit K on the results alone.
    let mut k = 1.0;
    let mut best = err(&p, k, 1.0, false);
    for step in [0.5, 0.1, 0.02, 0.005] {
        loop {
            let mut improved = false;
            for cand in [k + step, k - step] {
                if cand > 0.0 {
                    let e = err(&p, cand, 1.0, false);
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
    let mut best = err(&p, k, lambda, false);
    let start_test = err(&p, k, lambda, true);
    eprintln!("K = {k:.3}, lambda = {lambda}: training error {best:.6}, held-out {start_test:.6}");
    for step in [16, 8, 4, 2, 1] {
        let mut round = 0;
        loop {
            round += 1;
            let mut improved = false;
            for (i, w) in weights.iter().enumerate() {
                if w.step == 0 {
                    continue;
                }
                for delta in [step * w.step, -step * w.step] {
                    p[i] += delta;
                    let e = err(&p, k, lambda, false);
                    if e < best {
                        best = e;
                        improved = true;
                        break;
                    }
                    p[i] -= delta;
                }
            }
            eprintln!(
                "step {step} round {round}: training error {best:.6}, held-out {:.6}",
                err(&p, k, lambda, true)
            );
            if !improved || round >= 8 {
                break;
            }
        }
    }
    let end_test = err(&p, k, lambda, true);
    println!(
        "// Texel-tuned: K = {k:.3}, lambda = {lambda}, training error {best:.6}, held-out {start_test:.6} -> {end_test:.6}"
    );
    for (s, ix) in sets.iter().zip(&index) {
        let own: Vec<i32> = ix.iter().map(|&i| p[i]).collect();
        print!("{}", s.text(&own));
    }
}
