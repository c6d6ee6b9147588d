//! Caïssa as the engine plays it: FEN, notation, the ends of the game, the board as text and
//! the evaluation's terms ([`Playable`]), so the protocols, `perft`, `bench`, `analyse` and
//! the match arbiter drive it exactly as they drive the Kaissa family.

use super::board::{SIZE, name};
use super::eval::CaissaEval;
use super::{CaissaPosition, piece_letter};
use crate::core::board_view::BoardView;
use crate::core::definition::VariantDef;
use crate::core::geometry::Color;
use crate::core::moves::Move;
use crate::core::nnue::feature::NetFeatures;
use crate::core::outcome::Outcome;
use crate::core::playable::Playable;

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

    fn board_view(&self) -> BoardView {
        self.view()
    }

    fn eval_terms(&self, eval: &CaissaEval) -> Vec<(String, i32, i32)> {
        let w = eval.params.terms(self, Color::First);
        let b = eval.params.terms(self, Color::Second);
        let mut rows: Vec<(String, i32, i32)> = w
            .iter()
            .zip(b.iter())
            .map(|(x, y)| (x.0.to_string(), x.1, y.1))
            .collect();
        rows.push(("tempo".to_string(), eval.params.tempo, 0));
        rows
    }

    fn choose_net(
        &self,
        eval: &CaissaEval,
        use_net: bool,
        file: Option<&[u8]>,
    ) -> Result<Option<CaissaEval>, String> {
        let net = match (use_net, file) {
            (false, _) => None,
            (true, None) => super::nnue::builtin_net(),
            (true, Some(bytes)) => Some(self.net_from_bytes("Caïssa", bytes)?),
        };
        Ok(Some(CaissaEval {
            params: eval.params,
            net,
        }))
    }

    fn net_name(&self, eval: &CaissaEval) -> Option<String> {
        eval.net.as_ref().map(|n| n.name.clone())
    }
}
