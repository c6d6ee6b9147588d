//! Texel tuning of the evaluation on `kaissa datagen` output.
//!
//! Minimises the mean squared difference between each sample's game result and
//! `sigmoid(K * eval / 400)` of the static evaluation, over every weight of
//! `src/eval/params.rs` and every rule set's piece values, by coordinate descent with shrinking
//! steps. K is fitted first and then held. Prints the tuned `DEFAULT` and `OVERRIDES` to paste
//! into `src/eval/params.rs`.
//!
//! Run: `cargo run --release --example texel -- VARIANT=FILE [VARIANT=FILE ...]`.

use kaissa::datagen::Sample;
use kaissa::eval::{EvalTables, params};
use kaissa::game::Game;
use kaissa::geometry::Color;
use kaissa::position::Position;
use kaissa::variant::Registry;
use rayon::prelude::*;
use std::sync::Arc;

/// One rule set's data.
struct Set {
    name: String,
    game: Arc<Game<u128>>,
    positions: Vec<(Position<u128>, f64)>,
    /// Tunable piece letters and their values.
    values: Vec<(char, i32)>,
}

fn sigmoid(k: f64, cp: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * cp / 400.0))
}

/// Mean squared error of all sets under `p` and the sets' piece values.
fn error(sets: &[Set], p: &params::Params, k: f64) -> f64 {
    let mut total = 0.0;
    let mut n = 0usize;
    for s in sets {
        let overrides: Vec<(&str, char, i32)> = s
            .values
            .iter()
            .map(|&(l, v)| (s.name.as_str(), l, v))
            .collect();
        let t = EvalTables::with_overrides(&s.game, p, &overrides);
        total += s
            .positions
            .par_iter()
            .map(|(pos, result)| {
                let e = t.evaluate(pos) as f64;
                let e = if pos.side_to_move() == Color::First {
                    e
                } else {
                    -e
                };
                (result - sigmoid(k, e)).powi(2)
            })
            .sum::<f64>();
        n += s.positions.len();
    }
    total / n.max(1) as f64
}

fn main() {
    let registry = Registry::builtin();
    let mut sets = Vec::new();
    for arg in std::env::args().skip(1) {
        let (name, path) = arg.split_once('=').expect("arguments are VARIANT=FILE");
        let def = registry.get(name, &[]).expect("known variant");
        let game = Arc::new(Game::<u128>::new(&def).unwrap());
        let text = std::fs::read_to_string(path).expect("readable data file");
        let positions: Vec<(Position<u128>, f64)> = text
            .lines()
            .filter_map(|l| Sample::parse(l).ok())
            .filter_map(|s| {
                Position::from_fen(&game, &s.fen)
                    .ok()
                    .map(|p| (p, s.result))
            })
            .collect();
        let base = EvalTables::new(&game, &params::DEFAULT);
        let values = game
            .pieces
            .iter()
            .enumerate()
            .filter(|(t, p)| !p.pawn && base.value[*t] != 0)
            .map(|(t, p)| (p.letter, base.value[t]))
            .collect();
        eprintln!("{name}: {} positions", positions.len());
        sets.push(Set {
            name: name.to_string(),
            game,
            positions,
            values,
        });
    }
    let mut p = params::DEFAULT.clone();
    // Fit K.
    let mut k = 1.0;
    let mut best = error(&sets, &p, k);
    for step in [0.5, 0.1, 0.02] {
        loop {
            let mut improved = false;
            for cand in [k + step, k - step] {
                if cand > 0.0 {
                    let e = error(&sets, &p, cand);
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
    eprintln!("K = {k:.3}, start error {best:.6}");
    for step in [16, 8, 4, 2, 1] {
        let mut round = 0;
        loop {
            round += 1;
            let mut improved = false;
            let n_fields = p.clone().fields_mut().len();
            for i in 0..n_fields {
                for delta in [step, -step] {
                    let mut cand = p.clone();
                    *cand.fields_mut()[i].1 += delta;
                    let e = error(&sets, &cand, k);
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
                        let e = error(&sets, &p, k);
                        if e < best {
                            best = e;
                            improved = true;
                            break;
                        }
                        sets[si].values[vi].1 -= delta;
                    }
                }
            }
            eprintln!("step {step} round {round}: error {best:.6}");
            if !improved || round >= 6 {
                break;
            }
        }
    }
    println!("// Texel-tuned, K = {k:.3}, error {best:.6}");
    println!("pub const DEFAULT: Params = {p:#?};");
    println!("pub const OVERRIDES: &[(&str, char, i32)] = &[");
    for s in &sets {
        for (l, v) in &s.values {
            println!("    (\"{}\", '{l}', {v}),", s.name);
        }
    }
    println!("];");
}
