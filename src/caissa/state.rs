//! Caïssa behind the engine's width-free [`GameState`] interface (through [`PlayState`]), so the protocols, `perft`,
//! `bench`, `analyse` and the match arbiter drive it exactly as they drive the Kaissa family.

use super::board::{SIZE, name};
use super::eval::{CaissaParams, DEFAULT};
use super::{CaissaPosition, EndRules, piece_letter};
use crate::core::definition::VariantDef;
use crate::core::geometry::Color;
use crate::core::moves::Move;
use crate::core::outcome::Outcome;
use crate::core::playable::Playable;
use crate::engine::GameState;
use crate::engine::PlayState;
use std::sync::Arc;

/// The end rules a definition sets.
pub fn end_rules(def: &VariantDef) -> EndRules {
    EndRules {
        repetition: def.end.repetition,
        ply_limit: def.end.ply_limit,
    }
}

/// The start position of a Caïssa definition, with its end rules.
fn start(def: &VariantDef) -> Result<CaissaPosition, String> {
    let mut pos =
        CaissaPosition::from_fen(&def.start_fen).map_err(|e| format!("start_fen: {e}"))?;
    pos.end = end_rules(def);
    Ok(pos)
}

/// The engine's game state for a Caïssa definition, at its start position.
pub fn new_state(def: &VariantDef) -> Result<Box<dyn GameState>, String> {
    let pos = start(def)?;
    Ok(Box::new(PlayState::new(
        def.clone(),
        Arc::new(DEFAULT),
        pos,
    )))
}

/// Checks a Caïssa definition: the 7 x 7 board and a start position that reads.
pub fn validate(def: &VariantDef) -> Result<(), String> {
    if def.files != SIZE || def.ranks != SIZE {
        return Err(format!(
            "caissa rules need a 7 x 7 board, not {} x {}",
            def.files, def.ranks
        ));
    }
    start(def).map(|_| ())
}

impl Playable for CaissaPosition {
    fn read_fen(&self, fen: &str) -> Result<Self, String> {
        let mut pos = CaissaPosition::from_fen(fen)?;
        pos.end = self.end;
        Ok(pos)
    }

    fn write_fen(&self) -> String {
        self.to_fen()
    }

    fn parse_move(&self, text: &str) -> Result<Move, String> {
        CaissaPosition::parse_move(self, text)
    }

    fn outcome(&self, _def: &VariantDef) -> Option<Outcome> {
        CaissaPosition::outcome(self, &self.end)
    }

    fn moves_played(&self) -> usize {
        self.history_len()
    }

    /// Pieces by letter, `.` for an empty tile, `*` for an untiled square.
    fn board_text(&self) -> String {
        let mut s = String::new();
        for rank in (0..SIZE).rev() {
            s.push_str(&format!("{:>3} ", rank + 1));
            for file in 0..SIZE {
                let cell = rank * SIZE + file;
                let c = match self.piece_at(cell) {
                    Some((color, t)) => piece_letter(color, t),
                    None if self.tiled(cell) => '.',
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
        if let Some(b) = self.banned() {
            s.push_str(&format!(
                "no undo: {}{} is banned this turn\n",
                name(b.from()),
                name(b.to())
            ));
        }
        s
    }

    fn eval_terms(&self, eval: &CaissaParams) -> Vec<(String, i32, i32)> {
        let w = eval.terms(self, Color::First);
        let b = eval.terms(self, Color::Second);
        let mut rows: Vec<(String, i32, i32)> = w
            .iter()
            .zip(b.iter())
            .map(|(x, y)| (x.0.to_string(), x.1, y.1))
            .collect();
        rows.push(("tempo".to_string(), eval.tempo, 0));
        rows
    }
}
