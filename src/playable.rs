//! One [`GameState`] for every game: what the protocols, `perft`, `bench`, `analyse` and the
//! match arbiter need of a game beyond the search's [`Rules`] (FEN, notation, the ends of the
//! game, a board picture, the evaluation's terms) is the [`Playable`] trait, and [`PlayState`]
//! turns any playable position into the engine's width-free game state. The Kaissa family,
//! Caïssa and Jikaida all go through it.

use crate::engine::{GameState, SearchOutcome};
use crate::geometry::Color;
use crate::movegen::Outcome;
use crate::moves::Move;
use crate::rules::Rules;
use crate::search::{Info, SearchParams, Signals, search};
use crate::time::Limits;
use crate::tt::Table;
use crate::variant::VariantDef;
use std::sync::Arc;
use std::time::Duration;

/// A position the engine can set up, show and play from text.
pub trait Playable: Rules + 'static {
    /// Reads a FEN for the same game (and board) as `self`.
    fn read_fen(&self, fen: &str) -> Result<Self, String>;
    /// The position as FEN.
    fn write_fen(&self) -> String;
    /// Reads a move in notation, checking that it is legal.
    fn parse_move(&self, text: &str) -> Result<Move, String>;
    /// The result if the game has ended, with the definition's end rules (repetition, ply
    /// limits).
    fn outcome(&self, def: &VariantDef) -> Option<Outcome>;
    /// Moves played since the position was set up (how far `undo` may go).
    fn moves_played(&self) -> usize;
    /// The board as text, first rank at the bottom.
    fn board_text(&self) -> String;
    /// Evaluation terms: (name, first player, second player).
    fn eval_terms(&self, eval: &Self::Eval) -> Vec<(String, i32, i32)>;
}

/// A game in progress: its definition, evaluation weights, start position and current
/// position.
pub struct PlayState<P: Playable> {
    def: VariantDef,
    eval: Arc<P::Eval>,
    start: P,
    pos: P,
}

impl<P: Playable> Clone for PlayState<P> {
    fn clone(&self) -> Self {
        PlayState {
            def: self.def.clone(),
            eval: self.eval.clone(),
            start: self.start.clone(),
            pos: self.pos.clone(),
        }
    }
}

impl<P: Playable> PlayState<P> {
    /// A game at `start`.
    pub fn new(def: VariantDef, eval: Arc<P::Eval>, start: P) -> Self {
        PlayState {
            def,
            eval,
            pos: start.clone(),
            start,
        }
    }

    /// The current position.
    pub fn position(&self) -> &P {
        &self.pos
    }
}

impl<P: Playable> GameState for PlayState<P> {
    fn def(&self) -> &VariantDef {
        &self.def
    }

    fn boxed_clone(&self) -> Box<dyn GameState> {
        Box::new(self.clone())
    }

    fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), String> {
        let mut pos = match fen {
            Some(f) => self
                .start
                .read_fen(f)
                .map_err(|e| format!("bad FEN: {e}"))?,
            None => self.start.clone(),
        };
        for m in moves {
            let mv = pos.parse_move(m)?;
            pos.make(mv);
        }
        self.pos = pos;
        Ok(())
    }

    fn play(&mut self, mv: &str) -> Result<(), String> {
        let m = self.pos.parse_move(mv)?;
        self.pos.make(m);
        Ok(())
    }

    fn undo(&mut self) -> bool {
        if self.pos.moves_played() == 0 {
            return false;
        }
        self.pos.unmake();
        true
    }

    fn fen(&self) -> String {
        self.pos.write_fen()
    }

    fn key(&self) -> u64 {
        self.pos.key()
    }

    fn side_to_move(&self) -> Color {
        self.pos.side_to_move()
    }

    fn legal_moves(&self) -> Vec<String> {
        let mut list = Vec::new();
        self.pos.generate(&mut list);
        list.into_iter().map(|m| self.pos.move_text(m)).collect()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.pos.outcome(&self.def)
    }

    fn divide(&mut self, depth: u32) -> Vec<(String, u64)> {
        let rows = crate::perft::divide(&mut self.pos, depth);
        let mut rows: Vec<(String, u64)> = rows
            .into_iter()
            .map(|(m, n)| (self.pos.move_text(m), n))
            .collect();
        rows.sort();
        rows
    }

    fn perft(&mut self, depth: u32) -> u64 {
        crate::perft::perft(&mut self.pos, depth)
    }

    fn board_text(&self) -> String {
        self.pos.board_text()
    }

    fn eval(&self) -> (Vec<(String, i32, i32)>, i32) {
        (
            self.pos.eval_terms(&self.eval),
            self.pos.evaluate(&self.eval),
        )
    }

    fn search(
        &self,
        tt: Arc<Table>,
        limits: Limits,
        overhead: Duration,
        threads: usize,
        signals: Signals,
        report: &mut (dyn FnMut(&Info) + Send),
    ) -> SearchOutcome {
        let r = search(
            &self.pos,
            SearchParams {
                eval: &*self.eval,
                tt,
                limits,
                overhead,
                threads,
                signals,
            },
            report,
        );
        SearchOutcome {
            best: r.best.map(|m| self.pos.move_text(m)),
            ponder: r.ponder.map(|m| self.pos.move_text(m)),
            score: r.score,
            depth: r.depth,
            nodes: r.nodes,
        }
    }
}
