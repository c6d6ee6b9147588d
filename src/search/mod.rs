//! The search: iterative deepening with aspiration windows over [`worker::Worker`]'s
//! principal variation search, run on several threads that share the transposition table
//! (lazy SMP: helpers on a [`pool::HelperPool`] the engine keeps). An iteration the clock cuts still counts for the move that
//! beat the last iteration's best in it. The search never prints: it reports each finished
//! iteration (and such a move) through a callback, its line as [`Move`]s; the engine writes
//! the moves as text and the protocol layer formats the rest.

pub mod correction;
pub mod ordering;
pub mod params;
pub mod perft;
pub mod pool;
pub mod time;
pub mod tt;
pub mod worker;

use crate::core::moves::Move;
use crate::core::rules::Rules;
use crate::search::params::{ASPIRATION_DEPTH, ASPIRATION_GROWTH_DIVISOR, ASPIRATION_WINDOW};
use crate::search::pool::HelperPool;
use crate::search::time::{Budget, Limits, budget};
use crate::search::tt::Table;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering as AtOrd};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use worker::Worker;

/// The score of winning now; a win in n plies scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// Deepest ply the search reaches.
pub const MAX_PLY: usize = 128;
/// Scores beyond this either way are wins or losses in a known number of plies: a mate
/// score lies within [`MAX_PLY`] of [`MATE`], and no evaluation comes near.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32 - 1;

/// True for a score that wins or loses in a known number of plies (beyond [`MATE_BOUND`]):
/// reported as a mate, kept relative to its node in the table, and never a margin that
/// pruning may trust.
#[inline(always)]
pub fn is_decisive(score: i32) -> bool {
    score.abs() > MATE_BOUND
}

/// A score as reported: centipawns, or moves to a decided win (positive) or loss (negative).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns from the side to move's view.
    Cp(i32),
    /// The side to move wins (positive) or loses (negative) in this many of its moves.
    Mate(i32),
}

impl Score {
    /// Converts an internal score.
    pub fn from_internal(s: i32) -> Score {
        if !is_decisive(s) {
            Score::Cp(s)
        } else if s > 0 {
            Score::Mate((MATE - s + 1) / 2)
        } else {
            Score::Mate(-((MATE + s) / 2))
        }
    }
}

/// Makes a mate score relative to the node for the table.
pub(crate) fn to_tt(s: i32, ply: usize) -> i32 {
    if is_decisive(s) {
        s + s.signum() * ply as i32
    } else {
        s
    }
}

/// Makes a table mate score relative to the root again.
pub(crate) fn from_tt(s: i32, ply: usize) -> i32 {
    if is_decisive(s) {
        s - s.signum() * ply as i32
    } else {
        s
    }
}

/// One finished iteration (or MultiPV line) of the search, for the protocol to report. `M` is
/// a move of the line: the search reports [`Move`]s, the engine their text
/// ([`crate::engine::Info`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Info<M = Move> {
    /// Nominal depth.
    pub depth: i32,
    /// Deepest ply reached.
    pub seldepth: usize,
    /// 1-based index of this line among the MultiPV lines.
    pub multipv: usize,
    /// The line's score.
    pub score: Score,
    /// Nodes searched by all threads.
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// Permille of the hash table in use.
    pub hashfull: u32,
    /// The line, best move first.
    pub pv: Vec<M>,
}

impl<M> Info<M> {
    /// The same report with each move of the line converted by `convert` (the engine writes
    /// them in its notation).
    pub fn map_pv<N>(&self, convert: impl FnMut(&M) -> N) -> Info<N> {
        Info {
            depth: self.depth,
            seldepth: self.seldepth,
            multipv: self.multipv,
            score: self.score,
            nodes: self.nodes,
            time: self.time,
            hashfull: self.hashfull,
            pv: self.pv.iter().map(convert).collect(),
        }
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// The move to play; `None` when the game is over.
    pub best: Option<Move>,
    /// The expected reply, for pondering.
    pub ponder: Option<Move>,
    /// The best move's score.
    pub score: Score,
    /// Depth of the last completed iteration.
    pub depth: i32,
    /// Nodes searched by all threads.
    pub nodes: u64,
}

/// What all threads of one search share: the table, the stop signal, the limits and clocks.
pub struct Control {
    /// The transposition table.
    pub tt: Arc<Table>,
    stop: Arc<AtomicBool>,
    pondering: Arc<AtomicBool>,
    start: Instant,
    budget: Budget,
    node_limit: Option<u64>,
    nodes: Vec<AtomicU64>,
}

impl Control {
    /// True once the search must unwind.
    #[inline(always)]
    pub fn is_stopped(&self) -> bool {
        self.stop.load(AtOrd::Relaxed)
    }

    /// Publishes a thread's node count.
    pub fn add_nodes(&self, id: usize, nodes: u64) {
        self.nodes[id].store(nodes, AtOrd::Relaxed);
    }

    /// Nodes searched by all threads so far.
    pub fn total_nodes(&self) -> u64 {
        self.nodes.iter().map(|n| n.load(AtOrd::Relaxed)).sum()
    }

    /// Stops the search when the hard time limit or the node limit is reached.
    pub fn check_limits(&self) {
        if let Some(n) = self.node_limit
            && self.total_nodes() >= n
        {
            self.stop.store(true, AtOrd::Relaxed);
        }
        if !self.pondering.load(AtOrd::Relaxed)
            && let Some(h) = self.budget.hard
            && self.start.elapsed() >= h
        {
            self.stop.store(true, AtOrd::Relaxed);
        }
    }

    /// True when the soft limit says not to start another iteration.
    fn soft_expired(&self) -> bool {
        !self.pondering.load(AtOrd::Relaxed)
            && self.budget.soft.is_some_and(|s| self.start.elapsed() >= s)
    }
}

/// The handles a caller keeps to steer a running search.
#[derive(Clone, Debug, Default)]
pub struct Signals {
    /// Set to stop the search as soon as possible.
    pub stop: Arc<AtomicBool>,
    /// While set, time limits are ignored (pondering); clear it on `ponderhit`.
    pub pondering: Arc<AtomicBool>,
}

/// Gets a search's answer once, from its main thread.
pub type AnswerSink<'a> = Box<dyn FnOnce(&SearchResult) + Send + 'a>;

/// Everything a search needs besides the position; `E` is the game's evaluation tables.
pub struct SearchParams<'a, E> {
    /// Evaluation tables of the game.
    pub eval: &'a E,
    /// The shared transposition table.
    pub tt: Arc<Table>,
    /// What the search may spend.
    pub limits: Limits,
    /// Reserve for communication delays.
    pub overhead: Duration,
    /// Number of threads (1 or more).
    pub threads: usize,
    /// Stop and ponder signals.
    pub signals: Signals,
    /// When the search was asked for (the `go` command's arrival): the clock runs from here.
    pub start: Instant,
    /// Threads kept for the helpers; `None`: a search on more than one thread starts its own.
    pub pool: Option<HelperPool>,
    /// Called once with the answer as soon as the main thread has it, before the helpers have
    /// unwound, so that the move goes out without waiting for them.
    pub answer: Option<AnswerSink<'a>>,
}

impl<'a, E> SearchParams<'a, E> {
    /// One thread, no move overhead, no outside signals: for benches, tests and tools.
    pub fn simple(eval: &'a E, tt: Arc<Table>, limits: Limits) -> Self {
        SearchParams {
            eval,
            tt,
            limits: Limits {
                multipv: limits.multipv.max(1),
                ..limits
            },
            overhead: Duration::ZERO,
            threads: 1,
            signals: Signals::default(),
            start: Instant::now(),
            pool: None,
            answer: None,
        }
    }

    /// [`SearchParams::simple`] to a fixed depth.
    pub fn depth(eval: &'a E, tt: Arc<Table>, depth: i32) -> Self {
        let limits = Limits {
            depth: Some(depth),
            ..Default::default()
        };
        Self::simple(eval, tt, limits)
    }
}

/// A root move with the score of its last search, for ordering and MultiPV.
#[derive(Clone, Debug)]
struct RootMove {
    mv: Move,
    score: i32,
    pv: Vec<Move>,
}

/// Searches `pos` within `params.limits`, calling `report` after each finished iteration of
/// the main thread, and returns the best move.
pub fn search<P: Rules>(
    pos: &P,
    params: SearchParams<'_, P::Eval>,
    report: &mut (dyn FnMut(&Info) + Send),
) -> SearchResult {
    let threads = params.threads.max(1);
    let control = Control {
        tt: params.tt.clone(),
        stop: params.signals.stop.clone(),
        pondering: params.signals.pondering.clone(),
        start: params.start,
        budget: budget(&params.limits, params.overhead),
        node_limit: params.limits.nodes,
        nodes: (0..threads).map(|_| AtomicU64::new(0)).collect(),
    };
    control.tt.new_search();
    let mut root: Vec<Move> = Vec::new();
    pos.generate(&mut root);
    if !params.limits.searchmoves.is_empty() {
        root.retain(|m| params.limits.searchmoves.contains(m));
    }
    if root.is_empty() {
        let r = SearchResult {
            best: None,
            ponder: None,
            score: Score::from_internal(match pos.decided() {
                Some(o) => o.score_for(pos.side_to_move()) * MATE,
                None => pos.no_move_result() * MATE,
            }),
            depth: 0,
            nodes: 0,
        };
        if let Some(answer) = params.answer {
            answer(&r);
        }
        return r;
    }
    let result: Mutex<Option<SearchResult>> = Mutex::new(None);
    let report = Mutex::new(report);
    let answer = Mutex::new(params.answer);
    let run = |id: usize| {
        let mut w = Worker::new(pos.clone(), params.eval, &control, id);
        let out = iterate(&mut w, &root, &params.limits, &|info: &Info| {
            if id == 0 {
                (report.lock().expect("report lock"))(info)
            }
        });
        control.add_nodes(id, w.nodes);
        if id == 0 {
            // The main thread decides: stop the helpers, and answer before they have unwound.
            control.stop.store(true, AtOrd::Relaxed);
            if let Some(answer) = answer.lock().expect("answer lock").take() {
                answer(&SearchResult {
                    nodes: control.total_nodes(),
                    ..out.clone()
                });
            }
            *result.lock().expect("result lock") = Some(out);
        }
    };
    let own;
    let pool = match (threads, &params.pool) {
        (1, _) => None,
        (_, Some(p)) if p.helpers() >= threads - 1 => Some(p),
        _ => match HelperPool::new(threads - 1) {
            Ok(p) => {
                own = p;
                Some(&own)
            }
            Err(e) => {
                log::warn!("{e}; searching on one thread");
                None
            }
        },
    };
    match pool {
        None => run(0),
        Some(pool) => pool.scope(|s| {
            for id in 1..threads {
                let run = &run;
                s.spawn(move |_| run(id));
            }
            run(0);
        }),
    }
    let mut r = result
        .into_inner()
        .expect("result lock")
        .expect("main thread finished");
    r.nodes = control.total_nodes();
    r
}

/// The `info` report of one root line after an iteration of `depth`.
fn line_info<P: Rules>(w: &Worker<'_, P>, depth: i32, multipv: usize, line: &RootMove) -> Info {
    Info {
        depth,
        seldepth: w.seldepth.max(depth as usize),
        multipv,
        score: Score::from_internal(line.score),
        nodes: w.control.total_nodes().max(w.nodes),
        time: w.control.start.elapsed(),
        hashfull: w.control.tt.hashfull(),
        pv: line.pv.clone(),
    }
}

/// Iterative deepening on one worker.
fn iterate<P: Rules>(
    w: &mut Worker<'_, P>,
    root: &[Move],
    limits: &Limits,
    report: &dyn Fn(&Info),
) -> SearchResult {
    let mut roots: Vec<RootMove> = root
        .iter()
        .map(|&mv| RootMove {
            mv,
            score: -MATE,
            pv: vec![mv],
        })
        .collect();
    let max_depth = limits
        .depth
        .unwrap_or(MAX_PLY as i32 - 2)
        .clamp(1, MAX_PLY as i32 - 2);
    let multipv = limits.multipv.clamp(1, roots.len());
    let mut completed = 0;
    let mut best = roots[0].clone();
    // Helper threads start at different depths so they explore different trees.
    let first = 1 + (w.id % 2) as i32;
    for depth in first..=max_depth {
        w.root_depth = depth;
        for pv_index in 0..multipv {
            w.seldepth = 0;
            let prev = roots[pv_index].score;
            let mut delta = ASPIRATION_WINDOW;
            let (mut alpha, mut beta) = if depth >= ASPIRATION_DEPTH && !is_decisive(prev) {
                (prev - delta, prev + delta)
            } else {
                (-MATE - 1, MATE + 1)
            };
            let score = loop {
                let moves: Vec<Move> = roots[pv_index..].iter().map(|r| r.mv).collect();
                let s = w.search(depth, alpha, beta, 0, Some(&moves), false);
                if w.control.is_stopped() {
                    break s;
                }
                if s <= alpha {
                    beta = (alpha + beta) / 2;
                    alpha = (s - delta).max(-MATE - 1);
                } else if s >= beta {
                    beta = (s + delta).min(MATE + 1);
                } else {
                    break s;
                }
                delta += delta / ASPIRATION_GROWTH_DIVISOR;
            };
            if w.control.is_stopped() && completed > 0 {
                // An iteration cut short still proved any move that beat the first one: a
                // root move enters the line only once its full-depth search has raised alpha.
                if pv_index == 0
                    && let Some(&mv) = w.pv().first()
                    && mv != best.mv
                {
                    best = RootMove {
                        mv,
                        score: w.root_score,
                        pv: w.pv().to_vec(),
                    };
                    // The move played heads the last line reported.
                    report(&line_info(w, depth, 1, &best));
                }
                break;
            }
            let pv = w.pv().to_vec();
            if let Some(first_move) = pv.first()
                && let Some(i) = roots.iter().position(|r| r.mv == *first_move)
            {
                let mut r = roots.remove(i);
                r.score = score;
                r.pv = pv.clone();
                roots.insert(pv_index, r);
            }
            if w.control.is_stopped() {
                break;
            }
            report(&line_info(w, depth, pv_index + 1, &roots[pv_index]));
        }
        if w.control.is_stopped() {
            break;
        }
        completed = depth;
        best = roots[0].clone();
        if w.id == 0 && w.control.soft_expired() {
            break;
        }
        if let Some(s) = roots.first().map(|r| r.score)
            && is_decisive(s)
            && limits.depth.is_none()
            && !limits.infinite
            && depth as i64 > 2 * (MATE - s.abs()) as i64 + 2
        {
            break;
        }
    }
    if completed == 0 {
        best = roots[0].clone();
    }
    SearchResult {
        best: Some(best.mv),
        ponder: best.pv.get(1).copied(),
        score: Score::from_internal(best.score),
        depth: completed,
        nodes: w.nodes,
    }
}
