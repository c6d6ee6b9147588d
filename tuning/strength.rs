//! Self-play strength check: the full search against a plain fixed-depth alpha-beta (no
//! transposition table, no pruning or reductions, captures first, the same evaluation and
//! quiescence over captures), on every built-in rule set of every game (through the [`Rules`]
//! and [`Playable`] traits), from seeded random openings played with both colours. Reports
//! games, score and Elo with a 95% interval, and how each side placed its Home Stone (the
//! drops of games that have them).
//!
//! Run: `cargo run --release --example strength -- [games-per-variant] [plain-depth]
//! [engine-ms] [variant]`.

use kaissa::core::definition::VariantDef;
use kaissa::core::geometry::Color;
use kaissa::core::moves::Move;
use kaissa::core::outcome::{Outcome, WinReason};
use kaissa::core::playable::Playable;
use kaissa::core::rules::Rules;
use kaissa::core::ruleset::PositionVisitor;
use kaissa::core::tunable::Tunable;
use kaissa::games;
use kaissa::games::variants::Registry;
use kaissa::search::time::Limits;
use kaissa::search::tt::Table;
use kaissa::search::{MATE, SearchParams, search};
use rayon::prelude::*;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Plain alpha-beta: fixed depth, then quiescence over captures; captures ordered first.
struct Plain<'a, P: Rules> {
    eval: &'a P::Eval,
    nodes: u64,
    /// Deepest ply quiescence may reach (bounds capture chains in open positions).
    qlimit: i32,
}

impl<P: Rules> Plain<'_, P> {
    fn terminal(pos: &P, ply: i32) -> Option<i32> {
        pos.decided()
            .map(|o| o.score_for(pos.side_to_move()) * (MATE - ply))
    }

    fn ordered(pos: &P, captures_only: bool) -> Vec<Move> {
        let mut list = Vec::new();
        if captures_only {
            pos.generate_noisy(&mut list);
        } else {
            pos.generate(&mut list);
        }
        list.sort_by_key(|&m| u8::from(!pos.is_noisy(m)));
        list
    }

    fn quiesce(&mut self, pos: &mut P, mut alpha: i32, beta: i32, ply: i32) -> i32 {
        self.nodes += 1;
        if let Some(s) = Self::terminal(pos, ply) {
            return s;
        }
        let stand = pos.evaluate(self.eval);
        if stand >= beta || ply > self.qlimit {
            return stand;
        }
        alpha = alpha.max(stand);
        for mv in Self::ordered(pos, true) {
            pos.make(mv);
            let s = -self.quiesce(pos, -beta, -alpha, ply + 1);
            pos.unmake();
            if s >= beta {
                return s;
            }
            alpha = alpha.max(s);
        }
        alpha
    }

    fn search(&mut self, pos: &mut P, depth: i32, mut alpha: i32, beta: i32, ply: i32) -> i32 {
        if let Some(s) = Self::terminal(pos, ply) {
            return s;
        }
        if depth == 0 {
            return self.quiesce(pos, alpha, beta, ply);
        }
        self.nodes += 1;
        let moves = Self::ordered(pos, false);
        if moves.is_empty() {
            return 0;
        }
        let mut best = -MATE - 1;
        for mv in moves {
            pos.make(mv);
            let s = -self.search(pos, depth - 1, -beta, -alpha, ply + 1);
            pos.unmake();
            if s > best {
                best = s;
            }
            alpha = alpha.max(s);
            if alpha >= beta {
                break;
            }
        }
        best
    }

    fn best_move(&mut self, pos: &mut P, depth: i32) -> Move {
        let mut best = (Move::NULL, -MATE - 2);
        for mv in Self::ordered(pos, false) {
            pos.make(mv);
            let s = -self.search(pos, depth - 1, -MATE - 1, -best.1, 1);
            pos.unmake();
            if s > best.1 {
                best = (mv, s);
            }
        }
        best.0
    }
}

/// Result of one game from the full engine's point of view, and placement turns.
struct GameRecord {
    score: f64,
    missed_deadline: bool,
    placements: Vec<u32>,
    plain_ms: f64,
    plain_moves: u32,
}

fn play<P: Playable>(
    start: &P,
    def: &VariantDef,
    eval: &P::Eval,
    opening: &[Move],
    engine_color: Color,
    plain_depth: i32,
    movetime: Duration,
) -> GameRecord {
    let mut pos = start.clone();
    for &m in opening {
        pos.make(m);
    }
    let tt = Arc::new(Table::new(16));
    let mut placements = Vec::new();
    let (mut plain_ms, mut plain_moves) = (0.0, 0);
    let outcome = loop {
        if let Some(o) = pos.outcome(def) {
            break Some(o);
        }
        if pos.moves_played() >= 300 {
            break None;
        }
        let mv = if pos.side_to_move() == engine_color {
            let limits = Limits {
                movetime: Some(movetime),
                ..Default::default()
            };
            search(
                &pos,
                SearchParams::simple(eval, tt.clone(), limits),
                &mut |_| {},
            )
            .best
            .expect("a move exists")
        } else {
            let t = Instant::now();
            let m = Plain {
                eval,
                nodes: 0,
                qlimit: plain_depth + 6,
            }
            .best_move(&mut pos, plain_depth);
            plain_ms += t.elapsed().as_secs_f64() * 1000.0;
            plain_moves += 1;
            m
        };
        if mv.is_drop() {
            placements.push(pos.moves_played() as u32 / 2 + 1);
        }
        pos.make(mv);
    };
    let (score, missed) = match outcome {
        Some(Outcome::Win(c, why)) => (
            if c == engine_color { 1.0 } else { 0.0 },
            why == WinReason::MissedDeadline,
        ),
        _ => (0.5, false),
    };
    eprintln!(
        "game over after {} plies: engine {} as {:?} ({:?})",
        pos.moves_played(),
        score,
        engine_color,
        outcome
    );
    GameRecord {
        score,
        missed_deadline: missed,
        placements,
        plain_ms,
        plain_moves,
    }
}

/// The games of one rule set, played once its position type is known.
struct RuleSet<'a> {
    name: &'a str,
    def: &'a VariantDef,
    per_variant: usize,
    plain_depth: i32,
    movetime: Duration,
}

impl PositionVisitor for RuleSet<'_> {
    type Output = Vec<GameRecord>;
    fn visit<P: Playable + Tunable>(self, start: P, eval: P::Eval) -> Vec<GameRecord> {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64 ^ self.name.len() as u64;
        let openings: Vec<Vec<Move>> = (0..self.per_variant.div_ceil(2))
            .map(|_| {
                let mut pos = start.clone();
                let mut line = Vec::new();
                for _ in 0..4 {
                    let mut l = Vec::new();
                    pos.generate(&mut l);
                    let m = l[(kaissa::core::rng::xorshift64(&mut seed) % l.len() as u64) as usize];
                    pos.make(m);
                    line.push(m);
                }
                line
            })
            .collect();
        let jobs: Vec<(usize, Color)> = (0..self.per_variant)
            .map(|i| {
                (
                    i / 2,
                    if i % 2 == 0 {
                        Color::First
                    } else {
                        Color::Second
                    },
                )
            })
            .collect();
        jobs.par_iter()
            .map(|&(o, c)| {
                play(
                    &start,
                    self.def,
                    &eval,
                    &openings[o],
                    c,
                    self.plain_depth,
                    self.movetime,
                )
            })
            .collect()
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let per_variant: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(20);
    let plain_depth: i32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(3);
    let movetime = Duration::from_millis(args.get(3).and_then(|s| s.parse().ok()).unwrap_or(100));
    let only: Option<String> = args.get(4).cloned();
    let registry = Registry::builtin();
    let mut all = Vec::new();
    for name in registry.names() {
        if only.as_ref().is_some_and(|o| *o != name) {
            continue;
        }
        let def = registry.get(&name, &[]).unwrap();
        let records = games::build(
            &def,
            None,
            RuleSet {
                name: &name,
                def: &def,
                per_variant,
                plain_depth,
                movetime,
            },
        )
        .unwrap();
        let s: f64 = records.iter().map(|r| r.score).sum();
        let missed = records.iter().filter(|r| r.missed_deadline).count();
        let places: Vec<u32> = records.iter().flat_map(|r| r.placements.clone()).collect();
        let avg_place = places.iter().sum::<u32>() as f64 / places.len().max(1) as f64;
        let pm: f64 = records.iter().map(|r| r.plain_ms).sum::<f64>()
            / records.iter().map(|r| r.plain_moves).sum::<u32>().max(1) as f64;
        println!(
            "{name:<10} games {:>3}  engine score {:>5.1}/{}  missed deadlines {missed}  placements {} (avg turn {avg_place:.1})  plain avg {pm:.0} ms/move",
            records.len(),
            s,
            records.len(),
            places.len()
        );
        all.extend(records);
    }
    let n = all.len() as f64;
    let w = all.iter().filter(|r| r.score == 1.0).count();
    let d = all.iter().filter(|r| r.score == 0.5).count();
    let l = all.len() - w - d;
    let s = (w as f64 + 0.5 * d as f64) / n;
    let var = all.iter().map(|r| (r.score - s).powi(2)).sum::<f64>() / n;
    let se = (var / n).sqrt();
    let elo = |p: f64| -400.0 * (1.0 / p.clamp(1e-6, 1.0 - 1e-6) - 1.0).log10();
    println!(
        "total: {} games, +{w} ={d} -{l}, score {:.1}%, Elo {:+.0} (95%: {:+.0} .. {:+.0})",
        all.len(),
        100.0 * s,
        elo(s),
        elo(s - 1.96 * se),
        elo(s + 1.96 * se)
    );
}
