//! [`PlayState`]: any [`Playable`] position as the engine's width-free [`GameState`].

use super::{GameState, SearchOutcome};
use crate::core::definition::VariantDef;
use crate::core::geometry::Color;
use crate::core::outcome::Outcome;
use crate::core::playable::Playable;
use crate::search::{Info, SearchParams, Signals, search};
use crate::time::Limits;
use crate::tt::Table;
use std::sync::Arc;
use std::time::Duration;

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
