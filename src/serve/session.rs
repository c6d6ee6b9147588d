//! One game in the browser: an [`Engine`] with its own position, the line of moves played
//! (which the page can step through), and the reports of its one search. The engine's move,
//! when the page asked it to play, is made on the next request that touches the game, never
//! from the search thread, so no lock is ever waited on by a search.

use crate::core::board_view::BoardView;
use crate::engine::{Engine, Options, SearchOutcome};
use crate::engine::{Info, score_text};
use crate::games::result_line;
use crate::games::variants::Registry;
use crate::pgn::PgnGame;
use crate::search::time::Limits;
use serde::Serialize;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

/// Transposition table of each game's engine, in MiB: many pages may be open at once.
const HASH_MIB: usize = 8;

/// One line of analysis, as the page shows it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Line {
    /// 1-based index among the MultiPV lines.
    pub multipv: usize,
    /// Depth completed.
    pub depth: i32,
    /// `cp N` or `mate N`, from the side to move's view.
    pub score: String,
    /// Nodes searched so far.
    pub nodes: u64,
    /// The principal variation, in engine notation.
    pub pv: Vec<String>,
}

/// What the game's search has said so far; written by the search thread's callbacks.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Report {
    /// True from `go` until the search's end.
    pub searching: bool,
    /// The latest line of each MultiPV index.
    pub lines: Vec<Line>,
    /// The best move of the finished search.
    pub best: Option<String>,
    /// Whether the engine plays `best` when the search ends.
    #[serde(skip)]
    play: bool,
    /// The key of the position searched: the move is played only if it is still there.
    #[serde(skip)]
    key: u64,
    /// Distinguishes searches, so a stale callback never writes over a newer search.
    #[serde(skip)]
    generation: u64,
}

/// What the page asks of a search.
#[derive(Clone, Debug, Default)]
pub struct GoRequest {
    /// Search this long.
    pub movetime_ms: Option<u64>,
    /// Search to this depth.
    pub depth: Option<i32>,
    /// Lines to report.
    pub multipv: usize,
    /// Search until stopped (analysis).
    pub infinite: bool,
    /// Play the best move when done (the engine's turn in a game).
    pub play: bool,
}

/// One game in the browser.
pub struct Session {
    engine: Engine,
    /// The FEN the line starts from; `None`: the variant's start position.
    start_fen: Option<String>,
    /// Every move of the line, including those after the shown position.
    line: Vec<String>,
    /// How many moves of `line` are on the board.
    cursor: usize,
    report: Arc<Mutex<Report>>,
    /// When the page last asked anything of this game.
    pub last_seen: Instant,
}

/// Locks a report, also after a panic elsewhere (a report is plain data, always whole).
fn lock(r: &Mutex<Report>) -> MutexGuard<'_, Report> {
    r.lock().unwrap_or_else(|e| e.into_inner())
}

impl Session {
    /// A game of `variant` at its start position or at `fen`.
    pub fn new(registry: &Registry, variant: &str, fen: Option<&str>) -> Result<Session, String> {
        let mut engine = Engine::with_options(
            registry.clone(),
            Options {
                hash_mib: HASH_MIB,
                ..Options::default()
            },
        );
        engine.set_variant(variant, &[])?;
        let mut s = Session {
            engine,
            start_fen: None,
            line: Vec::new(),
            cursor: 0,
            report: Arc::default(),
            last_seen: Instant::now(),
        };
        if let Some(f) = fen {
            s.set_fen(f)?;
        }
        Ok(s)
    }

    /// The game's variant.
    pub fn variant(&self) -> &str {
        self.engine.variant()
    }

    /// The engine (to read the position).
    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    /// The moves on the board and the whole line.
    pub fn line(&self) -> (&[String], &[String]) {
        (&self.line[..self.cursor], &self.line)
    }

    /// The FEN the line starts from, if not the start position.
    pub fn start_fen(&self) -> Option<&str> {
        self.start_fen.as_deref()
    }

    /// Stops the search (if any) and forgets its lines.
    fn quiet(&mut self) {
        self.engine.stop_and_wait();
        let mut r = lock(&self.report);
        r.generation += 1;
        r.searching = false;
        r.play = false;
        r.lines.clear();
        r.best = None;
    }

    /// Sets up the line's first `ply` moves.
    fn show(&mut self, ply: usize) -> Result<(), String> {
        let moves: Vec<&str> = self.line[..ply].iter().map(String::as_str).collect();
        let fen = self.start_fen.clone();
        self.engine
            .state_mut()
            .set_position(fen.as_deref(), &moves)?;
        self.cursor = ply;
        Ok(())
    }

    /// Starts again from `fen`: a new line, empty.
    pub fn set_fen(&mut self, fen: &str) -> Result<(), String> {
        self.quiet();
        self.engine.state_mut().set_position(Some(fen), &[])?;
        self.start_fen = Some(self.engine.state().fen());
        self.line.clear();
        self.cursor = 0;
        Ok(())
    }

    /// Loads the first game of a PGN text (of this variant or another the registry knows,
    /// by its `Variant` tag); the board shows its last position.
    pub fn load_pgn(&mut self, registry: &Registry, text: &str) -> Result<(), String> {
        let games = crate::pgn::read_all(text)?;
        let game = games.first().ok_or("no game in the PGN")?;
        let variant = game.tag("Variant").unwrap_or(self.variant()).to_string();
        let mut fresh = Session::new(registry, &variant, game.tag("FEN"))?;
        let moves: Vec<&str> = game.moves.iter().map(String::as_str).collect();
        let fen = fresh.start_fen.clone();
        fresh
            .engine
            .state_mut()
            .set_position(fen.as_deref(), &moves)
            .map_err(|e| format!("bad move in the PGN: {e}"))?;
        fresh.line = game.moves.clone();
        fresh.cursor = fresh.line.len();
        self.quiet();
        *self = fresh;
        Ok(())
    }

    /// Plays a move (engine notation) after the shown position; a line that went on from
    /// there is cut.
    pub fn play(&mut self, mv: &str) -> Result<(), String> {
        self.quiet();
        self.engine.state_mut().play(mv)?;
        self.line.truncate(self.cursor);
        self.line.push(mv.to_string());
        self.cursor += 1;
        Ok(())
    }

    /// Takes back the last move shown and cuts the line there; false if there is none.
    pub fn undo(&mut self) -> Result<bool, String> {
        if self.cursor == 0 {
            return Ok(false);
        }
        self.quiet();
        self.show(self.cursor - 1)?;
        self.line.truncate(self.cursor);
        Ok(true)
    }

    /// Shows the position after the line's first `ply` moves (stepping through a game).
    pub fn goto(&mut self, ply: usize) -> Result<(), String> {
        if ply > self.line.len() {
            return Err(format!("the line has only {} moves", self.line.len()));
        }
        self.quiet();
        self.show(ply)
    }

    /// Starts the game's one search (stopping any other).
    pub fn go(&mut self, req: &GoRequest) {
        self.quiet();
        let limits = Limits {
            depth: req.depth,
            movetime: req.movetime_ms.map(std::time::Duration::from_millis),
            infinite: req.infinite,
            multipv: req.multipv.max(1),
            ..Limits::default()
        };
        let generation = {
            let mut r = lock(&self.report);
            r.searching = true;
            r.play = req.play;
            r.key = self.engine.state().key();
            r.generation
        };
        let (info_to, done_to) = (self.report.clone(), self.report.clone());
        self.engine.go(
            limits,
            false,
            Box::new(move |i: &Info| {
                let mut r = lock(&info_to);
                if r.generation != generation {
                    return;
                }
                let line = Line {
                    multipv: i.multipv,
                    depth: i.depth,
                    score: score_text(i.score),
                    nodes: i.nodes,
                    pv: i.pv.clone(),
                };
                match r.lines.iter_mut().find(|l| l.multipv == i.multipv) {
                    Some(l) => *l = line,
                    None => {
                        r.lines.push(line);
                        r.lines.sort_by_key(|l| l.multipv);
                    }
                }
            }),
            Box::new(move |out: SearchOutcome| {
                let mut r = lock(&done_to);
                if r.generation == generation {
                    r.searching = false;
                    r.best = out.best;
                }
            }),
        );
    }

    /// Stops the search; its lines stay to be read.
    pub fn stop(&mut self) {
        self.engine.stop_and_wait();
        lock(&self.report).play = false;
    }

    /// Asks the search to stop without waiting (the page went away).
    pub fn abandon(&self) {
        if self.engine.searching() {
            self.engine.stop();
        }
    }

    /// Makes the engine's move if a search it was to play has ended on the position still
    /// shown; the search's lines stay in the report. Called on every request that touches the
    /// game.
    pub fn settle(&mut self) {
        let pending = {
            let r = lock(&self.report);
            (r.play && !r.searching && r.key == self.engine.state().key())
                .then(|| r.best.clone())
                .flatten()
        };
        if let Some(mv) = pending {
            let lines = {
                let mut r = lock(&self.report);
                r.play = false;
                r.lines.clone()
            };
            match self.play(&mv) {
                // The lines that chose the move stay to be read, with it as the best move.
                Ok(()) => {
                    let mut r = lock(&self.report);
                    r.lines = lines;
                    r.best = Some(mv);
                }
                Err(e) => log::error!("the engine's move {mv} was refused: {e}"),
            }
        }
    }

    /// The search's report so far.
    pub fn report(&self) -> Report {
        lock(&self.report).clone()
    }

    /// The drawing of the shown position.
    pub fn view(&self) -> BoardView {
        self.engine.state().board_view()
    }

    /// The line as PGN, with the result if the shown position ends the game.
    pub fn pgn(&self) -> String {
        let def = self.engine.def();
        let mut tags: Vec<(String, String)> = vec![
            ("Event".into(), "kaissa serve".into()),
            ("Site".into(), "local".into()),
            ("Variant".into(), self.variant().to_string()),
        ];
        if let Some(fen) = &self.start_fen {
            tags.push(("SetUp".into(), "1".into()));
            tags.push(("FEN".into(), fen.clone()));
        }
        let state = self.engine.state();
        let (result, reason) = match state.outcome() {
            Some(o) if self.cursor == self.line.len() => {
                let words = result_line(def, o, state.side_to_move());
                match words.split_once(" {") {
                    Some((r, why)) => (r.to_string(), Some(why.trim_end_matches('}').to_string())),
                    None => (words, None),
                }
            }
            _ => ("*".to_string(), None),
        };
        tags.push(("Result".into(), result.clone()));
        PgnGame {
            tags,
            moves: self.line.clone(),
            comments: Vec::new(),
            result,
            reason,
        }
        .write()
    }
}
