//! One game in the browser: an [`Engine`] with its own position, the line of moves played
//! (which the page can step through), and the reports of its one search. The engine's move,
//! when the page asked it to play, is made on the next request that touches the game, never
//! from the search thread, so no lock is ever waited on by a search.

use super::clock::{Clock, ClockView};
use super::scan::{Scan, ScanView};
use super::store::Record;
use super::tree::MoveTree;
use crate::core::board_view::BoardView;
use crate::core::definition::VariantDef;
use crate::core::geometry::Color;
use crate::core::outcome::{Outcome, WinReason};
use crate::core::ruleset::piece_name;
use crate::engine::{Engine, Options, SearchOutcome};
use crate::engine::{Info, score_text};
use crate::games::variants::Registry;
use crate::games::{color_name, result_line};
use crate::pgn::PgnGame;
use crate::search::time::Limits;
use serde::Serialize;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

mod lines;
pub use lines::MAX_TREE_MOVES;

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
    /// The side to move in the position searched (whose view `lines`' scores take).
    #[serde(skip)]
    side: usize,
    /// Distinguishes searches, so a stale callback never writes over a newer search.
    #[serde(skip)]
    generation: u64,
    /// When the search ended: the engine's clock stops there, not when its move is made.
    #[serde(skip)]
    finished: Option<Instant>,
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
    /// Think on the game's clock (its time left and increment, as a GUI's `wtime`/`winc`).
    pub clock: bool,
    /// The engine's `Skill Level` for this search (0 to 20; 20 is full strength).
    pub level: u32,
}

/// One game in the browser.
pub struct Session {
    engine: Engine,
    /// The FEN the line starts from; `None`: the variant's start position.
    start_fen: Option<String>,
    /// Every move of the shown line, including those after the shown position: a line of
    /// `tree` from the start.
    line: Vec<String>,
    /// Every line played: the main line and the side lines.
    tree: MoveTree,
    /// How many moves of `line` are on the board.
    cursor: usize,
    report: Arc<Mutex<Report>>,
    /// The game's clock, if it is played on one.
    clock: Option<Clock>,
    /// The line's scan ("analyse game"), running or done.
    scan: Option<Scan>,
    /// When the page last asked anything of this game.
    pub last_seen: Instant,
    /// The game as the database last had it (`None`: never written).
    saved: Option<Record>,
    /// The result in words of a game ended off the board: a resignation, an abort.
    ending: Option<String>,
}

/// Why a game cannot start from a position whose game is already decided by `o`.
fn cannot_start(def: &VariantDef, o: Outcome, to_move: Color) -> String {
    let why = match o {
        Outcome::Win(winner, WinReason::Capture) => {
            let names: Vec<String> = def
                .end
                .capture_wins
                .iter()
                .map(|l| piece_name(def, Some(l)))
                .collect();
            format!(
                "{} has no {} on the board or in hand",
                color_name(def, winner.flip()),
                names.join(" or ")
            )
        }
        _ => format!(
            "the game is already over there ({})",
            result_line(def, o, to_move)
        ),
    };
    format!("a game cannot start from this position: {why}")
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
            tree: MoveTree::default(),
            cursor: 0,
            report: Arc::default(),
            clock: None,
            scan: None,
            last_seen: Instant::now(),
            saved: None,
            ending: None,
        };
        if let Some(f) = fen {
            s.set_fen(f)?;
        }
        Ok(s)
    }

    /// A game read back from the database: its line set up, its clock going on from now.
    pub fn restore(registry: &Registry, r: &Record) -> Result<Session, String> {
        let mut s = Session::new(registry, &r.variant, r.start_fen.as_deref())?;
        if r.cursor > r.line.len() {
            return Err(format!("the cursor {} is past the line's end", r.cursor));
        }
        let moves: Vec<&str> = r.line.iter().map(String::as_str).collect();
        let fen = s.start_fen.clone();
        s.engine
            .state_mut()
            .set_position(fen.as_deref(), &moves)
            .map_err(|e| format!("bad move in the saved line: {e}"))?;
        s.tree = match &r.tree {
            Some(text) => {
                MoveTree::from_text(text).map_err(|e| format!("bad saved side lines: {e}"))?
            }
            None => MoveTree::from_line(&r.line),
        };
        if !s.tree.contains(&r.line) {
            return Err("the saved line is not among its saved lines".into());
        }
        s.line = r.line.clone();
        s.show(r.cursor)?;
        if let Some(c) = &r.clock {
            s.clock = Some(Clock::restore(c, Instant::now())?);
        }
        s.ending = r.ending.clone();
        s.saved = Some(s.record());
        Ok(s)
    }

    /// The game as the database keeps it.
    pub fn record(&self) -> Record {
        Record {
            variant: self.variant().to_string(),
            start_fen: self.start_fen.clone(),
            line: self.line.clone(),
            tree: (!self.tree.is_line()).then(|| self.tree.to_text()),
            cursor: self.cursor,
            clock: self.clock.as_ref().map(Clock::saved),
            result: self.result(),
            ending: self.ending.clone(),
        }
    }

    /// The game as it is now, if the database does not have it so yet.
    pub fn unsaved(&self) -> Option<Record> {
        let now = self.record();
        (self.saved.as_ref() != Some(&now)).then_some(now)
    }

    /// Notes that the database now has the game as `r`.
    pub fn mark_saved(&mut self, r: Record) {
        self.saved = Some(r);
    }

    /// The result in words at the shown position (`1-0 {Yellow captures the Home Stone}`),
    /// or by a flag, a resignation or an abort; `None` while the game goes on.
    pub fn result(&self) -> Option<String> {
        let st = self.engine.state();
        self.ending
            .clone()
            .or_else(|| self.flag_result())
            .or_else(|| {
                st.outcome()
                    .map(|o| result_line(self.engine.def(), o, st.side_to_move()))
            })
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
    /// A position already decided (no Home Stone on the board or in hand, say) is refused
    /// with the reason, the game unchanged.
    pub fn set_fen(&mut self, fen: &str) -> Result<(), String> {
        let mut probe = self.engine.state().clone();
        probe.set_position(Some(fen), &[])?;
        if let Some(o) = probe.outcome() {
            return Err(cannot_start(self.engine.def(), o, probe.side_to_move()));
        }
        self.quiet();
        *self.engine.state_mut() = probe;
        self.start_fen = Some(self.engine.state().fen());
        self.line.clear();
        self.tree = MoveTree::default();
        self.cursor = 0;
        self.clock = None;
        self.scan = None;
        self.ending = None;
        Ok(())
    }

    /// Puts the game on a clock of `base` plus `inc` a move, which starts with the first
    /// move.
    pub fn set_clock(&mut self, base: Duration, inc: Duration) -> Result<(), String> {
        let side = self.engine.state().side_to_move().index();
        self.clock = Some(Clock::new(base, inc, side)?);
        Ok(())
    }

    /// True when a move may be made on the shown position: the game goes on, and on a clock
    /// the position is the line's end.
    pub fn movable(&self) -> bool {
        !self.over() && (self.clock.is_none() || self.cursor == self.line.len())
    }

    /// The clock as the page reads it, if the game has one.
    pub fn clock(&self) -> Option<ClockView> {
        self.clock.as_ref().map(|c| c.view(Instant::now()))
    }

    /// The result of a flag, in the words of [`crate::games::result_line`]: `1-0 {Red's
    /// time ran out}`.
    pub fn flag_result(&self) -> Option<String> {
        let side = self.clock.as_ref()?.flag()?;
        let def = self.engine.def();
        let loser = crate::core::geometry::Color::BOTH[side];
        let score = if side == 0 { "0-1" } else { "1-0" };
        Some(format!(
            "{score} {{{}'s time ran out}}",
            crate::games::color_name(def, loser)
        ))
    }

    /// True when the game has ended: on the board at the shown position, by a flag, a
    /// resignation or an abort.
    pub fn over(&self) -> bool {
        self.ending.is_some()
            || self.engine.state().outcome().is_some()
            || self.flag_result().is_some()
    }

    /// Checks that `side` names a player (0 or 1) of a game that goes on, as a resignation
    /// and a draw offer need.
    fn side_in_play(&self, side: usize) -> Result<(), String> {
        if side > 1 {
            return Err(format!("side must be 0 or 1, not {side}"));
        }
        if self.over() {
            return Err("the game is over".into());
        }
        Ok(())
    }

    /// `side` (0 the first player) resigns: the game ends, lost by that side
    /// (`0-1 {Yellow resigns}`), and the clock stops.
    pub fn resign(&mut self, side: usize) -> Result<(), String> {
        self.side_in_play(side)?;
        let loser = crate::core::geometry::Color::BOTH[side];
        let score = if side == 0 { "0-1" } else { "1-0" };
        let name = crate::games::color_name(self.engine.def(), loser);
        self.end(format!("{score} {{{name} resigns}}"));
        Ok(())
    }

    /// `side` offers a draw to the engine, which plays the other side; it answers by its own
    /// score and the game's stage ([`super::draw`]). Accepted, the game ends drawn (`1/2-1/2
    /// {draw agreed}`). Answers whether it was accepted and why, in words.
    pub fn offer_draw(&mut self, side: usize) -> Result<(bool, String), String> {
        self.side_in_play(side)?;
        if self.cursor < self.line.len() {
            return Err("a draw is offered at the line's end".into());
        }
        // The engine's own last search: lines are cleared by every move the engine did not
        // make, so what is left was searched with the engine to move.
        let score = {
            let r = lock(&self.report);
            (r.side != side)
                .then(|| r.lines.first().map(|l| l.score.clone()))
                .flatten()
        };
        let plies = super::draw::plies_before(self.start_fen.as_deref()) + self.cursor;
        let (accepted, why) = super::draw::answer(plies, score.as_deref());
        if accepted {
            self.end("1/2-1/2 {draw agreed}".into());
        }
        Ok((accepted, why))
    }

    /// Ends a game no move was made in, with no result (`* {aborted before the first
    /// move}`).
    pub fn abort(&mut self) -> Result<(), String> {
        if !self.line.is_empty() {
            return Err("only a game without a move can be aborted; resign instead".into());
        }
        if self.over() {
            return Err("the game is over".into());
        }
        self.end("* {aborted before the first move}".into());
        Ok(())
    }

    /// Ends the game off the board with `words` as its result; its search and clock stop.
    fn end(&mut self, words: String) {
        self.quiet();
        if let Some(c) = &mut self.clock {
            c.stop(Instant::now());
        }
        self.ending = Some(words);
    }

    /// Loads the first game of a PGN text (of this variant or another the registry knows,
    /// by its `Variant` tag); the board shows its last position.
    pub fn load_pgn(&mut self, registry: &Registry, text: &str) -> Result<(), String> {
        let games = crate::pgn::read_all(text).map_err(|e| {
            if text.lines().any(|l| l.trim_start().starts_with('[')) {
                format!("bad PGN: {e}")
            } else {
                format!(
                    "the text is not a PGN game: it has no tag lines ([Variant \"kaissa\"]) ({e})"
                )
            }
        })?;
        let game = games.first().ok_or(
            "no game in the text: a PGN has tag lines such as [Variant \"kaissa\"], then the moves",
        )?;
        let variant = game.tag("Variant").unwrap_or(self.variant()).to_string();
        let mut fresh = Session::new(registry, &variant, game.tag("FEN"))?;
        let moves: Vec<&str> = game.moves.iter().map(String::as_str).collect();
        let fen = fresh.start_fen.clone();
        fresh
            .engine
            .state_mut()
            .set_position(fen.as_deref(), &moves)
            .map_err(|e| {
                if game.tags.is_empty() {
                    format!(
                        "the text is not a PGN game: it has no tag lines ([Variant \"kaissa\"]), \
                         and its words are not moves ({e})"
                    )
                } else {
                    format!("bad move in the PGN: {e}")
                }
            })?;
        fresh.tree = MoveTree::from_pgn(&game.moves, &game.variations);
        fresh
            .check_lines()
            .map_err(|e| format!("bad move in a side line of the PGN: {e}"))?;
        fresh.line = game.moves.clone();
        fresh.cursor = fresh.line.len();
        self.quiet();
        *self = fresh;
        Ok(())
    }

    /// Plays a move (engine notation) after the shown position; where the line went on
    /// with another move, the new move starts a side line and the line is kept. On a clock,
    /// only at the line's end and in time.
    pub fn play(&mut self, mv: &str) -> Result<(), String> {
        self.play_at(mv, Instant::now())
    }

    /// Plays a move made at `when` (for the clock).
    fn play_at(&mut self, mv: &str, when: Instant) -> Result<(), String> {
        if self.ending.is_some() {
            return Err("the game is over".into());
        }
        if self.clock.is_some() && self.cursor < self.line.len() {
            return Err("the game is on a clock: moves are made at its end".into());
        }
        self.quiet();
        self.scan = None;
        let mut clock = self.clock.clone();
        if let Some(c) = &mut clock {
            c.moved(when)?;
        }
        self.engine.state_mut().play(mv)?;
        if self.line.get(self.cursor).map(String::as_str) != Some(mv) {
            let mut path = self.line[..self.cursor].to_vec();
            self.tree.add_line(&path, &[mv.to_string()]);
            path.push(mv.to_string());
            self.line = self.tree.extended(&path);
        }
        self.cursor += 1;
        if let Some(c) = &mut clock
            && self.engine.state().outcome().is_some()
        {
            c.stop(when);
        }
        self.clock = clock;
        Ok(())
    }

    /// Takes back the last move shown and cuts the line there (that move and what followed
    /// it, side lines included, are deleted); false if there is none.
    pub fn undo(&mut self) -> Result<bool, String> {
        if self.ending.is_some() {
            return Err("the game has ended (resigned or aborted): start a new game".into());
        }
        if self.clock.is_some() {
            return Err("the game is on a clock: no moves are taken back".into());
        }
        if self.cursor == 0 {
            return Ok(false);
        }
        self.quiet();
        self.scan = None;
        let taken = self.line[..self.cursor].to_vec();
        self.show(self.cursor - 1)?;
        self.tree.delete(&taken);
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
        if let Some(scan) = &mut self.scan {
            scan.cancel();
        }
        let mut limits = Limits {
            depth: req.depth,
            movetime: req.movetime_ms.map(Duration::from_millis),
            infinite: req.infinite,
            multipv: req.multipv.max(1),
            ..Limits::default()
        };
        if let Some(c) = self.clock.as_ref().filter(|_| req.clock) {
            let side = self.engine.state().side_to_move().index();
            limits.time = Some(c.left(side, Instant::now()));
            limits.inc = c.inc();
        }
        if self.engine.options().skill_level != req.level {
            let o = Options {
                skill_level: req.level,
                ..self.engine.options().clone()
            };
            if let Err(e) = self.engine.set_options(o) {
                log::error!("the level {} was refused: {e}", req.level);
            }
        }
        let generation = {
            let mut r = lock(&self.report);
            r.searching = true;
            r.play = req.play;
            r.key = self.engine.state().key();
            r.side = self.engine.state().side_to_move().index();
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
                    r.finished = Some(Instant::now());
                }
            }),
        );
    }

    /// Stops the search and the scan; their lines and points stay to be read.
    pub fn stop(&mut self) {
        self.engine.stop_and_wait();
        lock(&self.report).play = false;
        if let Some(scan) = &mut self.scan {
            scan.cancel();
        }
    }

    /// Asks the search and the scan to stop without waiting (the page went away).
    pub fn abandon(&self) {
        if self.engine.searching() {
            self.engine.stop();
        }
        if let Some(scan) = &self.scan {
            scan.abandon();
        }
    }

    /// Starts scoring every position of the line, `nodes` each ("analyse game"), in place of
    /// any search or earlier scan.
    pub fn analyse_game(&mut self, nodes: u64) -> Result<(), String> {
        self.quiet();
        self.scan = None;
        let mut state = self.engine.state().clone();
        state.set_position(self.start_fen.as_deref(), &[])?;
        self.scan = Some(Scan::start(state, self.line.clone(), nodes));
        Ok(())
    }

    /// The scan's progress, if one was started on this line.
    pub fn scan(&self) -> Option<ScanView> {
        self.scan.as_ref().map(Scan::view)
    }

    /// Makes the engine's move if a search it was to play has ended on the position still
    /// shown; the search's lines stay in the report. Called on every request that touches the
    /// game.
    pub fn settle(&mut self) {
        let now = Instant::now();
        if let Some(c) = &mut self.clock
            && c.flag().is_none()
            && c.check(now).is_some()
        {
            self.quiet();
        }
        let pending = {
            let r = lock(&self.report);
            (r.play && !r.searching && r.key == self.engine.state().key())
                .then(|| r.best.clone())
                .flatten()
        };
        if let Some(mv) = pending {
            let (lines, when) = {
                let mut r = lock(&self.report);
                r.play = false;
                (r.lines.clone(), r.finished.unwrap_or(now))
            };
            match self.play_at(&mv, when) {
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

    /// The game as PGN: its main line with the side lines, and the result if the game ended
    /// off the board or the main line's last position ends it.
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
        let main = self.tree.main_line();
        let ended = self
            .ending
            .clone()
            .or_else(|| self.flag_result())
            .or_else(|| {
                let mut end = self.engine.state().clone();
                let moves: Vec<&str> = main.iter().map(String::as_str).collect();
                end.set_position(self.start_fen.as_deref(), &moves).ok()?;
                let o = end.outcome()?;
                Some(result_line(def, o, end.side_to_move()))
            });
        let (result, reason) = match ended {
            Some(words) => match words.split_once(" {") {
                Some((r, why)) => (r.to_string(), Some(why.trim_end_matches('}').to_string())),
                None => (words, None),
            },
            _ => ("*".to_string(), None),
        };
        tags.push(("Result".into(), result.clone()));
        PgnGame {
            tags,
            moves: main,
            comments: Vec::new(),
            result,
            reason,
            variations: self.tree.variations(),
        }
        .write()
    }
}
