//! `kaissa.Engine`: the engine's search in-process, with the game's built-in net, its threads,
//! table and level; the GIL is released while it searches.

use crate::board::Board;
use crate::error::{runtime_error, value_error};
use crate::variant::Game;
use kaissa::engine::{Engine as Core, Info, Options};
use kaissa::search::Score;
use kaissa::search::time::Limits;
use pyo3::prelude::*;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Search threads at most (more would only share two cores here and many elsewhere).
const MAX_THREADS: i64 = 512;
/// Table size at most, in MiB.
const MAX_HASH_MB: i64 = 1 << 20;
/// The search time when no limit is given, in milliseconds.
const DEFAULT_MOVETIME_MS: u64 = 1000;

/// A score as Python sees it: its text (`cp 35`, `mate 3`), centipawns or moves to mate.
fn score_parts(s: Score) -> (String, Option<i32>, Option<i32>) {
    let text = kaissa::engine::score_text(s);
    match s {
        Score::Cp(c) => (text, Some(c), None),
        Score::Mate(m) => (text, None, Some(m)),
    }
}

/// One line of a search: its score, depth, nodes and moves.
#[pyclass(frozen, subclass, get_all, skip_from_py_object, module = "kaissa")]
#[derive(Clone)]
pub struct Line {
    /// 1 for the best line, 2 for the next (with multipv > 1)...
    pub multipv: usize,
    /// The score as the engine writes it: `cp 35`, or `mate 3` (`mate -3` when losing).
    pub score: String,
    /// The score in centipawns from the side to move's view; None for a mate score.
    pub cp: Option<i32>,
    /// Moves to mate (negative: the side to move is mated); None for a centipawn score.
    pub mate: Option<i32>,
    /// Depth completed.
    pub depth: i32,
    /// Nodes searched when the line was found.
    pub nodes: u64,
    /// The principal variation in engine notation, the line's move first.
    pub pv: Vec<String>,
}

impl Line {
    fn from_info(i: &Info) -> Line {
        let (score, cp, mate) = score_parts(i.score);
        Line {
            multipv: i.multipv,
            score,
            cp,
            mate,
            depth: i.depth,
            nodes: i.nodes,
            pv: i.pv.clone(),
        }
    }
}

#[pymethods]
impl Line {
    fn __repr__(&self) -> String {
        format!(
            "kaissa.Line(multipv={}, score={:?}, depth={}, pv={:?})",
            self.multipv, self.score, self.depth, self.pv
        )
    }
}

/// A finished search: the line of the move to play (its score, depth, nodes and principal
/// variation, as a `Line`), that move and the expected reply, and every line asked for with
/// `multipv`.
#[pyclass(frozen, extends = Line, module = "kaissa")]
pub struct SearchResult {
    /// The move to play in engine notation; None when the game is over.
    #[pyo3(get)]
    pub best: Option<String>,
    /// The expected reply, if any.
    #[pyo3(get)]
    pub ponder: Option<String>,
    /// The last report of each line, best first (one line unless multipv > 1).
    #[pyo3(get)]
    pub lines: Vec<Line>,
}

#[pymethods]
impl SearchResult {
    fn __repr__(slf: PyRef<'_, Self>) -> String {
        let line = slf.as_super();
        format!(
            "kaissa.SearchResult(best={}, score={:?}, depth={}, nodes={}, pv={:?})",
            slf.best
                .as_deref()
                .map_or("None".to_string(), |b| format!("{b:?}")),
            line.score,
            line.depth,
            line.nodes,
            line.pv
        )
    }
}

/// An integer argument in `lo..=hi`, or ValueError naming it.
fn in_range(name: &str, value: i64, lo: i64, hi: i64) -> PyResult<i64> {
    if (lo..=hi).contains(&value) {
        Ok(value)
    } else {
        Err(value_error(format!(
            "{name} must be between {lo} and {hi}, not {value}"
        )))
    }
}

/// The engine of one game: `Engine(variant="kaissa", threads=1, hash_mb=64, level=20,
/// options=None)`. It evaluates with the game's built-in net where the game has one; `level`
/// is the engine's `Skill Level` (0 weakest, 20 full strength). Searches of one engine run
/// one at a time; the GIL is released while one runs, so other Python threads go on.
#[pyclass(module = "kaissa")]
pub struct Engine {
    game: Game,
    core: Mutex<Core>,
}

/// What one search needs from the board: where the game started and the moves since.
struct Position {
    start: Option<String>,
    moves: Vec<String>,
}

/// Runs one search of `position` on `core` and waits for it; the lines reported and the
/// outcome (errors made without the GIL, raised once it is back). Called with the GIL
/// released.
fn run(core: &Mutex<Core>, position: Position, limits: Limits) -> PyResult<(Line, SearchResult)> {
    let mut core = core.lock().unwrap_or_else(|e| e.into_inner());
    let moves: Vec<&str> = position.moves.iter().map(String::as_str).collect();
    core.state_mut()
        .set_position(position.start.as_deref(), &moves)
        .map_err(value_error)?;
    let lines: Arc<Mutex<Vec<Info>>> = Arc::default();
    let sink = lines.clone();
    let (tx, rx) = mpsc::channel();
    core.go(
        limits,
        false,
        Box::new(move |i: &Info| {
            let mut l = sink.lock().unwrap_or_else(|e| e.into_inner());
            l.retain(|old| old.multipv != i.multipv);
            l.push(i.clone());
        }),
        Box::new(move |out| {
            // The receiver waits below; a send fails only if it is gone, and then no one
            // needs the answer.
            let _ = tx.send(out);
        }),
    );
    let out = rx.recv();
    core.wait();
    let out = out.map_err(|_| runtime_error("the search ended without an answer"))?;
    let mut lines: Vec<Line> = lines
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .map(Line::from_info)
        .collect();
    lines.sort_by_key(|l| l.multipv);
    let pv = match (
        &out.best,
        lines.iter().find(|l| l.pv.first() == out.best.as_ref()),
    ) {
        (_, Some(l)) => l.pv.clone(),
        (Some(b), None) => vec![b.clone()],
        (None, None) => Vec::new(),
    };
    let (score, cp, mate) = score_parts(out.score);
    let chosen = Line {
        multipv: lines
            .iter()
            .find(|l| l.pv.first() == out.best.as_ref())
            .map_or(1, |l| l.multipv),
        score,
        cp,
        mate,
        depth: out.depth,
        nodes: out.nodes,
        pv,
    };
    Ok((
        chosen,
        SearchResult {
            best: out.best,
            ponder: out.ponder,
            lines,
        },
    ))
}

#[pymethods]
impl Engine {
    #[new]
    #[pyo3(signature = (variant=None, threads=1, hash_mb=64, level=20, options=None))]
    fn new(
        variant: Option<&Bound<'_, PyAny>>,
        threads: i64,
        hash_mb: i64,
        level: i64,
        options: Option<Vec<String>>,
    ) -> PyResult<Engine> {
        let game = Game::from_arg(variant, options)?;
        let threads = in_range("threads", threads, 1, MAX_THREADS)? as usize;
        let hash_mib = in_range("hash_mb", hash_mb, 1, MAX_HASH_MB)? as usize;
        let level = in_range("level", level, 0, i64::from(kaissa::engine::skill::FULL))? as u32;
        let small = Options {
            hash_mib: 1,
            threads,
            move_overhead: Duration::ZERO,
            skill_level: level,
            ..Options::default()
        };
        let mut core = Core::with_options((*game.registry).clone(), small.clone());
        core.set_variant(&game.name, &game.options)
            .map_err(value_error)?;
        // The table at its size through set_options, which reports an allocation failure
        // instead of aborting.
        core.set_options(Options { hash_mib, ..small })
            .map_err(value_error)?;
        Ok(Engine {
            game,
            core: Mutex::new(core),
        })
    }

    /// The variant's name.
    #[getter]
    fn variant(&self) -> &str {
        &self.game.name
    }

    /// Searches `board`'s position (its moves count for repetition) and returns the best
    /// move, score, depth, PV and nodes. Limits: `depth` plies, about `nodes` nodes,
    /// `movetime_ms` milliseconds; the first reached stops it; with none given it searches
    /// for one second. `multipv` lines are searched and reported in `lines`. Raises
    /// ValueError for a board of another game or a bad limit. The GIL is released while it
    /// searches.
    #[pyo3(signature = (board, depth=None, nodes=None, movetime_ms=None, multipv=1))]
    fn search(
        &self,
        py: Python<'_>,
        board: PyRef<'_, Board>,
        depth: Option<i64>,
        nodes: Option<i64>,
        movetime_ms: Option<i64>,
        multipv: i64,
    ) -> PyResult<Py<SearchResult>> {
        if board.game.def != self.game.def {
            return Err(value_error(format!(
                "the board plays {}, the engine {}",
                board.game.label(),
                self.game.label()
            )));
        }
        let mut limits = Limits {
            depth: depth
                .map(|d| in_range("depth", d, 1, 127))
                .transpose()?
                .map(|d| d as i32),
            nodes: nodes
                .map(|n| in_range("nodes", n, 1, i64::MAX))
                .transpose()?
                .map(|n| n as u64),
            movetime: movetime_ms
                .map(|t| in_range("movetime_ms", t, 1, i64::MAX))
                .transpose()?
                .map(|t| Duration::from_millis(t as u64)),
            multipv: in_range("multipv", multipv, 1, 256)? as usize,
            ..Limits::default()
        };
        if limits.depth.is_none() && limits.nodes.is_none() && limits.movetime.is_none() {
            limits.movetime = Some(Duration::from_millis(DEFAULT_MOVETIME_MS));
        }
        let position = {
            let p = board.played();
            Position {
                start: p.start.clone(),
                moves: p.moves.clone(),
            }
        };
        drop(board);
        let core = &self.core;
        let (line, result) = py.detach(|| run(core, position, limits))?;
        Py::new(py, PyClassInitializer::from(line).add_subclass(result))
    }

    /// Empties the transposition table (a new game).
    fn clear_hash(&self, py: Python<'_>) {
        let core = &self.core;
        py.detach(|| core.lock().unwrap_or_else(|e| e.into_inner()).clear_hash());
    }

    fn __repr__(&self) -> String {
        format!("kaissa.Engine({:?})", self.game.label())
    }
}
