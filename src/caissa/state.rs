//! Caïssa behind the engine's width-free [`GameState`] interface, so the protocols, `perft`,
//! `bench`, `analyse` and the match arbiter drive it exactly as they drive the Kaissa family.

use super::board::{SIZE, name};
use super::eval::{CaissaParams, DEFAULT};
use super::{CaissaPosition, EndRules, piece_letter};
use crate::engine::{GameState, SearchOutcome};
use crate::geometry::Color;
use crate::movegen::Outcome;
use crate::rules::Rules;
use crate::search::{Info, SearchParams, Signals, search};
use crate::time::Limits;
use crate::tt::Table;
use crate::variant::VariantDef;
use std::sync::Arc;
use std::time::Duration;

/// A Caïssa game in progress: its definition (for names and options), the end rules it sets,
/// and the position with the moves played.
#[derive(Clone)]
pub struct CaissaState {
    def: VariantDef,
    end: EndRules,
    eval: CaissaParams,
    pos: CaissaPosition,
}

/// The end rules a definition sets.
pub fn end_rules(def: &VariantDef) -> EndRules {
    EndRules {
        repetition: def.end.repetition,
        ply_limit: def.end.ply_limit,
    }
}

impl CaissaState {
    /// The start position of a Caïssa definition.
    pub fn new(def: &VariantDef) -> Result<CaissaState, String> {
        let end = end_rules(def);
        let mut pos =
            CaissaPosition::from_fen(&def.start_fen).map_err(|e| format!("start_fen: {e}"))?;
        pos.end = end;
        Ok(CaissaState {
            def: def.clone(),
            end,
            eval: DEFAULT,
            pos,
        })
    }
}

/// Checks a Caïssa definition: the 7 x 7 board and a start position that reads.
pub fn validate(def: &VariantDef) -> Result<(), String> {
    if def.files != SIZE || def.ranks != SIZE {
        return Err(format!(
            "caissa rules need a 7 x 7 board, not {} x {}",
            def.files, def.ranks
        ));
    }
    CaissaState::new(def).map(|_| ())
}

impl GameState for CaissaState {
    fn def(&self) -> &VariantDef {
        &self.def
    }

    fn boxed_clone(&self) -> Box<dyn GameState> {
        Box::new(self.clone())
    }

    fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), String> {
        let mut pos = CaissaPosition::from_fen(fen.unwrap_or(&self.def.start_fen))
            .map_err(|e| format!("bad FEN: {e}"))?;
        pos.end = self.end;
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
        if self.pos.history_len() == 0 {
            return false;
        }
        self.pos.unmake();
        true
    }

    fn fen(&self) -> String {
        self.pos.to_fen()
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
        list.into_iter().map(CaissaPosition::move_text).collect()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.pos.outcome(&self.end)
    }

    fn divide(&mut self, depth: u32) -> Vec<(String, u64)> {
        let mut rows: Vec<(String, u64)> = crate::perft::divide(&mut self.pos, depth)
            .into_iter()
            .map(|(m, n)| (CaissaPosition::move_text(m), n))
            .collect();
        rows.sort();
        rows
    }

    fn perft(&mut self, depth: u32) -> u64 {
        crate::perft::perft(&mut self.pos, depth)
    }

    /// Pieces by letter, `.` for an empty tile, `*` for an untiled square.
    fn board_text(&self) -> String {
        let mut s = String::new();
        for rank in (0..SIZE).rev() {
            s.push_str(&format!("{:>3} ", rank + 1));
            for file in 0..SIZE {
                let cell = rank * SIZE + file;
                let c = match self.pos.piece_at(cell) {
                    Some((color, t)) => piece_letter(color, t),
                    None if self.pos.tiled(cell) => '.',
                    None => '*',
                };
                s.push(' ');
                s.push(c);
            }
            s.push('\n');
        }
        s.push_str("    ");
        for file in 0..SIZE {
            s.push(' ');
            s.push((b'a' + file as u8) as char);
        }
        s.push('\n');
        if let Some(b) = self.pos.banned() {
            s.push_str(&format!(
                "no undo: {}{} is banned this turn\n",
                name(b.from()),
                name(b.to())
            ));
        }
        s
    }

    fn eval(&self) -> (Vec<(String, i32, i32)>, i32) {
        let w = self.eval.terms(&self.pos, Color::First);
        let b = self.eval.terms(&self.pos, Color::Second);
        let mut rows: Vec<(String, i32, i32)> = w
            .iter()
            .zip(b.iter())
            .map(|(x, y)| (x.0.to_string(), x.1, y.1))
            .collect();
        rows.push(("tempo".to_string(), self.eval.tempo, 0));
        (rows, self.pos.evaluate(&self.eval))
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
                eval: &self.eval,
                tt,
                limits,
                overhead,
                threads,
                signals,
            },
            report,
        );
        SearchOutcome {
            best: r.best.map(CaissaPosition::move_text),
            ponder: r.ponder.map(CaissaPosition::move_text),
            score: r.score,
            depth: r.depth,
            nodes: r.nodes,
        }
    }
}
